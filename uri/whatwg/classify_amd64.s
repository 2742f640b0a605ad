//go:build !purego

#include "textflag.h"

// MASK sets dst to the 64-bit mask of the bytes of Y0:Y1 whose bytes in
// Y3 and Y4 are all ones, shifted down by CX and cut to the bits in R12.
// It uses DX.
#define MASK(dst) \
	VPMOVMSKB Y3, dst \
	VPMOVMSKB Y4, DX  \
	SHLQ      $32, DX \
	ORQ       DX, dst \
	SHRQ      CX, dst \
	ANDQ      R12, dst

// EQ sets Y3 and Y4 to the bytes of Y0 and Y1 equal to the byte at c.
#define EQ(c) \
	VPBROADCASTB c, Y2  \
	VPCMPEQB Y2, Y0, Y3 \
	VPCMPEQB Y2, Y1, Y4

// RANGE sets Y3 and Y4 to the bytes of Y0 and Y1, ASCII, above the byte
// at below and under the byte at above.
#define RANGE(below, above) \
	VPBROADCASTB below, Y2 \
	VPBROADCASTB above, Y5 \
	VPCMPGTB Y2, Y0, Y3    \
	VPCMPGTB Y0, Y5, Y6    \
	VPAND    Y6, Y3, Y3    \
	VPCMPGTB Y2, Y1, Y4    \
	VPCMPGTB Y1, Y5, Y6    \
	VPAND    Y6, Y4, Y4

// func classify(s string) (upperPct, dash, slash, dotPct, digit, quote uint64)
TEXT ·classify(SB), NOSPLIT, $0-64
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), R9

	// Two loads of 32 bytes from the input, unless those 64 bytes would
	// cross into a page the input may not reach: then the 64 bytes that
	// end with the input, in the input's page, and the masks are shifted
	// down by CX.
	XORL    CX, CX
	MOVQ    SI, AX
	ANDL    $4095, AX
	CMPL    AX, $(4096-64)
	JA      endOfPage
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	JMP     masks

endOfPage:
	LEAQ    -64(SI)(R9*1), AX
	VMOVDQU (AX), Y0
	VMOVDQU 32(AX), Y1
	MOVL    $64, CX
	SUBL    R9, CX

masks:
	MOVQ  $-1, R12
	BZHIQ R9, R12, R12

	RANGE(·classBytes+5(SB), ·classBytes+6(SB)) // "A" to "Z"
	MASK(R10)
	EQ(·classBytes+0(SB)) // "%"
	MASK(AX)
	ORQ   AX, R10
	MOVQ  R10, upperPct+16(FP)
	EQ(·classBytes+1(SB)) // "-"
	MASK(R10)
	MOVQ  R10, dash+24(FP)
	EQ(·classBytes+2(SB)) // "/"
	MASK(R10)
	MOVQ  R10, slash+32(FP)
	EQ(·classBytes+3(SB)) // "."
	MASK(R10)
	ORQ   AX, R10
	MOVQ  R10, dotPct+40(FP)
	RANGE(·classBytes+2(SB), ·classBytes+7(SB)) // "0" to "9"
	MASK(R10)
	MOVQ  R10, digit+48(FP)
	EQ(·classBytes+4(SB)) // "'"
	MASK(R10)
	MOVQ  R10, quote+56(FP)
	VZEROUPPER
	RET
