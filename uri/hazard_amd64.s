//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"
#include "hazard.h"

// The bytes Hazards looks for, each sixty-four times, for the compares to
// read from memory: all of them with AVX-512, the first thirty-two with
// AVX2.
#define BYTES64(name, b8) \
	DATA name<>+0(SB)/8, b8             \
	DATA name<>+8(SB)/8, b8             \
	DATA name<>+16(SB)/8, b8            \
	DATA name<>+24(SB)/8, b8            \
	DATA name<>+32(SB)/8, b8            \
	DATA name<>+40(SB)/8, b8            \
	DATA name<>+48(SB)/8, b8            \
	DATA name<>+56(SB)/8, b8            \
	GLOBL name<>(SB), RODATA|NOPTR, $64

BYTES64(hazPercent, $const_percent8)
BYTES64(hazSemicolon, $const_semicolon8)
BYTES64(hazSlash, $const_slash8)
BYTES64(hazDot, $const_dot8)
BYTES64(hazHyphen, $const_hyphen8)

// MASK64 sets dst to the 64-bit mask of the bytes of Y0 (bytes 0 to 31)
// and Y1 (32 to 63) equal to those of cmp, bit k for byte k. It uses AX
// and Y2.
#define MASK64(cmp, dst) \
	VPCMPEQB  cmp, Y0, Y2               \
	VPMOVMSKB Y2, dst                   \
	VPCMPEQB  cmp, Y1, Y2               \
	VPMOVMSKB Y2, AX                    \
	SHLQ      $32, AX                   \
	ORQ       AX, dst

// WINDOW reads the sixty-four bytes at p and sets R8 to the mask of its
// "%" and ";" bytes, R9 to that of "/", R10 of "." and R11 of "-". It
// uses AX, Y0 to Y3.
#define WINDOW(p) \
	VMOVDQU   (p), Y0                   \
	VMOVDQU   32(p), Y1                 \
	VPCMPEQB  hazPercent<>(SB), Y0, Y2  \
	VPCMPEQB  hazSemicolon<>(SB), Y0, Y3   \
	VPOR      Y3, Y2, Y2                \
	VPMOVMSKB Y2, R8                    \
	VPCMPEQB  hazPercent<>(SB), Y1, Y2  \
	VPCMPEQB  hazSemicolon<>(SB), Y1, Y3   \
	VPOR      Y3, Y2, Y2                \
	VPMOVMSKB Y2, AX                    \
	SHLQ      $32, AX                   \
	ORQ       AX, R8                    \
	MASK64(hazSlash<>(SB), R9)          \
	MASK64(hazDot<>(SB), R10)           \
	MASK64(hazHyphen<>(SB), R11)

// MASKED is WINDOW for the CX bytes at SI, from 1 to 64, with AVX-512: one
// load masked to those bytes, so that it cannot fault past them and the
// bytes past them read as zero, which equals none that it looks for; the
// compares give the masks directly. It uses DX, K1, K2 and Z0.
#define MASKED \
	MOVQ      $-1, DX                         \
	BZHIQ     CX, DX, DX                      \
	KMOVQ     DX, K1                          \
	VMOVDQU8.Z (SI), K1, Z0                   \
	VPCMPEQB  hazPercent<>(SB), Z0, K1        \
	VPCMPEQB  hazSemicolon<>(SB), Z0, K2      \
	KORQ      K2, K1, K1                      \
	KMOVQ     K1, R8                          \
	VPCMPEQB  hazSlash<>(SB), Z0, K1          \
	KMOVQ     K1, R9                          \
	VPCMPEQB  hazDot<>(SB), Z0, K1            \
	KMOVQ     K1, R10                         \
	VPCMPEQB  hazHyphen<>(SB), Z0, K1         \
	KMOVQ     K1, R11

// PAIRS adds to R8 the bytes of a window that begin "/." or "--": a "/"
// whose next byte is a "." and a "-" whose next byte is a "-". The last
// byte of a window has no next byte in it; the caller sees to that one.
#define PAIRS \
	SHRQ $1, R10                        \
	ANDQ R10, R9                        \
	ORQ  R9, R8                         \
	MOVQ R11, AX                        \
	SHRQ $1, AX                         \
	ANDQ AX, R11                        \
	ORQ  R11, R8

// BLOCK32 sets Y2 to the bytes of the thirty-two at p that are a "%" or a
// ";" or begin "/." or "--", each 0xFF: the pairs from the same bytes
// loaded again one further on (Y1), so that no pair crosses a block and
// none needs a shift of masks. It reads 33 bytes from p and uses Y0 to Y4.
#define BLOCK32(p) \
	VMOVDQU  (p), Y0                     \
	VMOVDQU  1(p), Y1                    \
	VPCMPEQB hazPercent<>(SB), Y0, Y2    \
	VPCMPEQB hazSemicolon<>(SB), Y0, Y3  \
	VPOR     Y3, Y2, Y2                  \
	VPCMPEQB hazSlash<>(SB), Y0, Y3      \
	VPCMPEQB hazDot<>(SB), Y1, Y4        \
	VPAND    Y4, Y3, Y3                  \
	VPOR     Y3, Y2, Y2                  \
	VPCMPEQB hazHyphen<>(SB), Y0, Y3     \
	VPCMPEQB hazHyphen<>(SB), Y1, Y4     \
	VPAND    Y4, Y3, Y3                  \
	VPOR     Y3, Y2, Y2

// BLOCK64 is BLOCK32 for sixty-four bytes with AVX-512: K1 holds the
// bytes found, a bit each; each pair's second compare is masked by its
// first. It reads 65 bytes from p and uses Z0, Z1, K1 and K2.
#define BLOCK64(p) \
	VMOVDQU64 (p), Z0                        \
	VMOVDQU64 1(p), Z1                       \
	VPCMPEQB  hazPercent<>(SB), Z0, K1       \
	VPCMPEQB  hazSemicolon<>(SB), Z0, K2     \
	KORQ      K2, K1, K1                     \
	VPCMPEQB  hazSlash<>(SB), Z0, K2         \
	VPCMPEQB  hazDot<>(SB), Z1, K2, K2       \
	KORQ      K2, K1, K1                     \
	VPCMPEQB  hazHyphen<>(SB), Z0, K2        \
	VPCMPEQB  hazHyphen<>(SB), Z1, K2, K2    \
	KORQ      K2, K1, K1

// HOLDS looks in the CX bytes at SI for what mayHoldWords looks for, and goes
// on to found or to none, with the upper halves of the YMM registers
// cleared. Sixty-four bytes or fewer are one window of two loads of
// thirty-two: from SI on when the window stays within SI's page of
// memory, so that the bytes after them that it reads cannot fault and
// their bits are cleared; otherwise the window ends with them and its bits
// are moved down past those before SI, which are in the same page, as
// internal/bytealg's IndexByte does for short strings. With useAVX512 they
// are one masked load instead (MASKED). More than sixty-four are read in
// blocks that all lie within them (BLOCK32, or BLOCK64 with useAVX512),
// the last one ending with them; the pair of its last byte is the one
// the blocks do not see, and that byte alone is looked at. It uses AX,
// DX, DI, R8 to R11 and Y0 to Y4, and with useAVX512 K1, K2, Z0 and Z1;
// its labels are avx2, endOfPage, short, long, loop32, last32, long512,
// loop64, last64, lastByte, hit and clear: a function can hold it once.
#define HOLDS(found, none) \
	CMPQ CX, $64                        \
	JA   long                           \
	TESTQ CX, CX                        \
	JEQ  clear                          \
	CMPB ·useAVX512(SB), $0             \
	JEQ  avx2                           \
	MASKED                              \
	JMP  short                          \
avx2:                                   \
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
	LEAQ (SI)(CX*1), R8 /* the end */     \
	LEAQ -33(R8), DI /* the last block of 32, and of 64 below */ \
	CMPB ·useAVX512(SB), $0             \
	JNE  long512                        \
loop32:                                 \
	CMPQ SI, DI                         \
	JAE  last32                         \
	BLOCK32(SI)                         \
	VPTEST Y2, Y2                       \
	JNE  hit                            \
	ADDQ $32, SI                        \
	JMP  loop32                         \
last32:                                 \
	BLOCK32(DI)                         \
	VPTEST Y2, Y2                       \
	JNE  hit                            \
	JMP  lastByte                       \
long512:                                \
	SUBQ $32, DI                        \
loop64:                                 \
	CMPQ SI, DI                         \
	JAE  last64                         \
	BLOCK64(SI)                         \
	KORTESTQ K1, K1                     \
	JNE  hit                            \
	ADDQ $64, SI                        \
	JMP  loop64                         \
last64:                                 \
	BLOCK64(DI)                         \
	KORTESTQ K1, K1                     \
	JNE  hit                            \
lastByte:                               \
	VZEROUPPER                          \
	MOVBLZX -1(R8), AX /* the last byte */ \
	CMPL AX, $const_triggerPercent      \
	JEQ  found                          \
	CMPL AX, $const_triggerSemicolon    \
	JEQ  found                          \
	JMP  none                           \
hit:                                    \
	VZEROUPPER                          \
	JMP  found                          \
clear:                                  \
	VZEROUPPER                          \
	JMP  none

// func holdsVector(s string) bool
TEXT ·holdsVector(SB), NOSPLIT, $0-17
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), CX
	HOLDS(found, none)

none:
	MOVB $0, ret+16(FP)
	RET

found:
	MOVB $1, ret+16(FP)
	RET

// func hostPathVector(u *URI) int
//
// The shortcut of Hazards, all of it with AVX2, for a URI whose host is a
// reg-name: it returns -1 when the host is empty or ends like a number, or
// the host or path holds what mayHoldWords looks for, 1 when the path
// begins with "//", and 0 otherwise, as hostPathWords does. It reads u in
// memory, where Hazards keeps it anyway, rather than six arguments.
TEXT ·hostPathVector(SB), NOSPLIT, $0-16
	MOVQ u+0(FP), DI
	MOVQ TEXT_OF_URI(DI), BX
	MOVL HOST_START(DI), SI
	MOVL HOST_END(DI), DX
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
	MOVL PATH_END(DI), CX
	SUBQ SI, CX
	ADDQ BX, SI
	HOLDS(closer, clean)

clean:
	MOVQ u+0(FP), DI
	MOVL PATH_START(DI), DX
	MOVL PATH_END(DI), CX
	SUBQ DX, CX
	CMPQ CX, $1
	JLS  none
	CMPB 1(BX)(DX*1), $0x2f // "//"
	JNE  none
	MOVQ $1, ret+8(FP)
	RET

none:
	MOVQ $0, ret+8(FP)
	RET

closer:
	MOVQ $-1, ret+8(FP)
	RET

