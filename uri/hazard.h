// The offsets, within a URI, of the halves of its marks that
// hostPathVector reads (hazard_amd64.s, hazard_arm64.s; the file that
// includes this one includes go_asm.h first): scan.Marks holds the host's
// start in the upper half of its first word, the host's end and the
// path's start in its second, and the path's end in the lower half of its
// third (internal/scan's Marks), each word little-endian on both
// machines. The tests compare hostPathVector with hostPathWords, which
// reads them through the methods, on every URI of the web corpus.
#define HOST_START (URI_m+4)
#define HOST_END   (URI_m+8)
#define PATH_START (URI_m+12)
#define PATH_END   (URI_m+16)
