//go:build amd64 && !purego

#include "textflag.h"

// The bytes holdsAVX2 compares with, each broadcast to thirty-two lanes.
DATA hazPercent<>+0(SB)/1, $0x25
GLOBL hazPercent<>(SB), RODATA|NOPTR, $1
DATA hazSemicolon<>+0(SB)/1, $0x3b
GLOBL hazSemicolon<>(SB), RODATA|NOPTR, $1
DATA hazSlash<>+0(SB)/1, $0x2f
GLOBL hazSlash<>(SB), RODATA|NOPTR, $1
DATA hazDot<>+0(SB)/1, $0x2e
GLOBL hazDot<>(SB), RODATA|NOPTR, $1
DATA hazHyphen<>+0(SB)/1, $0x2d
GLOBL hazHyphen<>(SB), RODATA|NOPTR, $1

// MASK64 sets dst to the 64-bit mask of the bytes of Y0 (bytes 0 to 31)
// and Y1 (32 to 63) equal to those of cmp, bit k for byte k. It uses AX
// and Y2.
#define MASK64(cmp, dst) \
	VPCMPEQB  cmp, Y0, Y2 \
	VPMOVMSKB Y2, dst     \
	VPCMPEQB  cmp, Y1, Y2 \
	VPMOVMSKB Y2, AX      \
	SHLQ      $32, AX     \
	ORQ       AX, dst

// WINDOW reads the sixty-four bytes at p and sets R8 to the mask of its
// "%" and ";" bytes, R9 to that of "/", R10 of "." and R11 of "-". It
// uses AX, Y0 to Y3.
#define WINDOW(p) \
	VMOVDQU   (p), Y0      \
	VMOVDQU   32(p), Y1    \
	VPCMPEQB  Y8, Y0, Y2   \
	VPCMPEQB  Y9, Y0, Y3   \
	VPOR      Y3, Y2, Y2   \
	VPMOVMSKB Y2, R8       \
	VPCMPEQB  Y8, Y1, Y2   \
	VPCMPEQB  Y9, Y1, Y3   \
	VPOR      Y3, Y2, Y2   \
	VPMOVMSKB Y2, AX       \
	SHLQ      $32, AX      \
	ORQ       AX, R8       \
	MASK64(Y10, R9)        \
	MASK64(Y11, R10)       \
	MASK64(Y12, R11)

// PAIRS adds to R8 the bytes of a window that begin "/." or "--": a "/"
// whose next byte is a "." and a "-" whose next byte is a "-". The last
// byte of a window has no next byte in it; the caller sees to that one.
#define PAIRS \
	SHRQ $1, R10  \
	ANDQ R10, R9  \
	ORQ  R9, R8   \
	MOVQ R11, AX  \
	SHRQ $1, AX   \
	ANDQ AX, R11  \
	ORQ  R11, R8

// HOLDS looks in the CX bytes at SI for what mayHold looks for, and goes
// on to found or to none, with the upper halves of the YMM registers
// cleared. It reads them in windows of sixty-four bytes, each two loads of
// thirty-two. Sixty-four bytes or fewer are one window: from SI on when
// the window stays within SI's page of memory, so that the bytes after
// them that it reads cannot fault and their bits are cleared; otherwise
// the window ends with them and its bits are moved down past those before
// SI, which are in the same page, as internal/bytealg's IndexByte does for
// short strings. More are read in windows that begin 63 bytes apart, so
// that the pair at the last byte of one is the first pair of the next,
// and a last window that ends with them. It uses AX, DX, DI, R8 to R11,
// Y0 to Y3 and Y8 to Y12; its labels are endOfPage, short, long, loop,
// last and clear: a function can hold it once.
#define HOLDS(found, none) \
	VPBROADCASTB hazPercent<>(SB), Y8   \
	VPBROADCASTB hazSemicolon<>(SB), Y9 \
	VPBROADCASTB hazSlash<>(SB), Y10    \
	VPBROADCASTB hazDot<>(SB), Y11      \
	VPBROADCASTB hazHyphen<>(SB), Y12   \
	CMPQ CX, $64                        \
	JA   long                           \
	TESTQ CX, CX                        \
	JEQ  clear                          \
	MOVL SI, AX                         \
	ANDL $4095, AX                      \
	CMPL AX, $(4096-64)                 \
	JA   endOfPage                      \
	WINDOW(SI)                          \
	CMPQ CX, $64                        \
	JEQ  short                          \
	MOVQ $1, DX /* clear the bits of the bytes after the string */ \
	SHLQ CX, DX                         \
	DECQ DX                             \
	ANDQ DX, R8                         \
	ANDQ DX, R10                        \
	ANDQ DX, R11                        \
	JMP  short                          \
endOfPage:                              \
	LEAQ -64(SI)(CX*1), DI              \
	WINDOW(DI)                          \
	MOVQ CX, DX /* move the bits of the string down to bit 0 */ \
	MOVL $64, CX                        \
	SUBL DX, CX                         \
	SHRQ CX, R8                         \
	SHRQ CX, R9                         \
	SHRQ CX, R10                        \
	SHRQ CX, R11                        \
short:                                  \
	PAIRS                               \
	VZEROUPPER                          \
	TESTQ R8, R8                        \
	JNE  found                          \
	JMP  none                           \
long:                                   \
	LEAQ -64(SI)(CX*1), DI /* the last window */ \
loop:                                   \
	CMPQ SI, DI                         \
	JAE  last                           \
	WINDOW(SI)                          \
	PAIRS                               \
	ADDQ $63, SI                        \
	TESTQ R8, R8                        \
	JEQ  loop                           \
	VZEROUPPER                          \
	JMP  found                          \
last:                                   \
	WINDOW(DI)                          \
	PAIRS                               \
	VZEROUPPER                          \
	TESTQ R8, R8                        \
	JNE  found                          \
clear:                                  \
	VZEROUPPER                          \
	JMP  none

// func holdsAVX2(s string) bool
TEXT ·holdsAVX2(SB), NOSPLIT, $0-17
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), CX
	HOLDS(found, none)

none:
	MOVB $0, ret+16(FP)
	RET

found:
	MOVB $1, ret+16(FP)
	RET

// endNumber is mayEndNumber's table: bit c%64 of word c/64 is set for
// the bytes c (0x20 set, as for a lower-case letter) that may end a number
// or be a trailing dot: ".", DIGIT, "a" to "f", "x".
DATA endNumber<>+0(SB)/8, $0x03ff400000000000
DATA endNumber<>+8(SB)/8, $0x0100007e00000000
GLOBL endNumber<>(SB), RODATA|NOPTR, $16

// func hostPathAVX2(s string, hs, he, ps, pe uint) int
//
// The shortcut of Hazards, all of it with AVX2: s[hs:he] is a reg-name,
// s[ps:pe] the path, and hs <= he <= ps <= pe <= len(s), as the marks of a
// URI are. It returns -1 when the host is empty or ends like a number, or
// the host or path holds what mayHold looks for, 1 when the path begins
// with "//", and 0 otherwise; Hazards is the Go twin of what it does.
TEXT ·hostPathAVX2(SB), NOSPLIT, $0-56
	MOVQ s_base+0(FP), BX
	MOVQ hs+16(FP), SI
	MOVQ he+24(FP), DX
	CMPQ DX, SI
	JLS  closer
	MOVBLZX -1(BX)(DX*1), AX // the last byte of the host
	ORL  $0x20, AX
	CMPL AX, $0x80
	JAE  closer
	MOVL AX, CX
	SHRL $6, CX
	LEAQ endNumber<>(SB), R8
	MOVQ (R8)(CX*8), R8
	BTQ  AX, R8
	JCS  closer
	MOVQ pe+40(FP), CX
	SUBQ SI, CX
	ADDQ BX, SI
	HOLDS(closer, clean)

clean:
	MOVQ ps+32(FP), DX
	MOVQ pe+40(FP), CX
	SUBQ DX, CX
	CMPQ CX, $1
	JLS  none
	CMPB 1(BX)(DX*1), $0x2f // "//"
	JNE  none
	MOVQ $1, ret+48(FP)
	RET

none:
	MOVQ $0, ret+48(FP)
	RET

closer:
	MOVQ $-1, ret+48(FP)
	RET

// func cpuHasAVX2() bool
//
// AVX2 needs the processor's support (CPUID leaf 7, EBX bit 5) and the
// operating system's, which saves the YMM registers when it has set
// OSXSAVE (leaf 1, ECX bit 27) and bits 1 and 2 of XCR0.
TEXT ·cpuHasAVX2(SB), NOSPLIT, $0-1
	MOVB $0, ret+0(FP)
	MOVL $1, AX
	XORL CX, CX
	CPUID
	BTL  $27, CX
	JCC  no
	XORL CX, CX
	XGETBV
	ANDL $6, AX
	CMPL AX, $6
	JNE  no
	MOVL $7, AX
	XORL CX, CX
	CPUID
	BTL  $5, BX
	JCC  no
	MOVB $1, ret+0(FP)

no:
	RET
