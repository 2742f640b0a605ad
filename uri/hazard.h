// What the two versions of hostPathVector share (hazard_amd64.s,
// hazard_arm64.s, which include go_asm.h and textflag.h first).

// The offsets, within a URI, of the halves of its marks that
// hostPathVector reads: scan.Marks holds the host's start in the upper
// half of its first word, the host's end and the path's start in its
// second, and the path's end in the lower half of its third
// (internal/scan's Marks), each word little-endian on both machines.
// The tests compare hostPathVector with hostPathWords, which reads them
// through the methods, on every URI of the web corpus.
#define HOST_START (URI_core+core_m+4)
#define HOST_END   (URI_core+core_m+8)
#define PATH_START (URI_core+core_m+12)
#define PATH_END   (URI_core+core_m+16)

// endNumber is mayEndNumber's table: bit c%64 of word c/64 is set for
// the bytes c (0x20 set, as for a lower-case letter) that may end a number
// or be a trailing dot: ".", DIGIT, "a" to "f", "x".
DATA endNumber<>+0(SB)/8, $0x03ff400000000000
DATA endNumber<>+8(SB)/8, $0x0100007e00000000
GLOBL endNumber<>(SB), RODATA|NOPTR, $16
