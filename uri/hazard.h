// What the two versions of hostPathVector share (hazard_amd64.s,
// hazard_arm64.s, which include go_asm.h and textflag.h first).
//
// Every number here comes from Go through go_asm.h, which the compiler
// writes from the package's constants on each build, so the assemblies
// cannot drift from Go: the offsets within a URI of the marks that
// hostPathVector reads (uriHostStart and the others, from unsafe.Offsetof
// and internal/scan's layout constants), the trigger bytes of the
// shortcut (triggerPercent and the others) and mayEndNumber's table
// (endNumberLow, endNumberHigh).

#define TEXT_OF_URI const_uriText
#define HOST_START  const_uriHostStart
#define HOST_END    const_uriHostEnd
#define PATH_START  const_uriPathStart
#define PATH_END    const_uriPathEnd

// endNumber is mayEndNumber's table: bit c%64 of word c/64 is set for
// the bytes c (0x20 set, as for a lower-case letter) that may end a number
// or be a trailing dot: ".", DIGIT, "a" to "f", "x".
DATA endNumber<>+0(SB)/8, $const_endNumberLow
DATA endNumber<>+8(SB)/8, $const_endNumberHigh
GLOBL endNumber<>(SB), RODATA|NOPTR, $16
