//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// UCS256 classifies the 32 bytes at R10, with the 32 bytes before each
// loaded one and two bytes earlier: it sets BX to the mask of the bytes
// outside the run (ASCII bytes not in the set whose nibbleLo table is in
// Y4) and R8 to the mask of the bytes where ucsMarked holds, bit k for
// byte k. Y5 holds nibbleHi, Y6 0x0F in each byte, Y7 zero, Y8 to Y10
// ucsFirstHigh, ucsFirstLow and ucsSecondHigh, Y11 ucsThird and Y12
// ucsTop. It uses CX, Y0 to Y3, Y13 and Y14.
#define UCS256 \
	VMOVDQU   (R10), Y0     \
	VMOVDQU   -1(R10), Y1   \
	VMOVDQU   -2(R10), Y2   \
	VPSRLW    $4, Y0, Y3    \
	VPAND     Y6, Y3, Y3    /* the high nibbles */ \
	VPAND     Y6, Y0, Y13   \
	VPSHUFB   Y13, Y4, Y13  \
	VPSHUFB   Y3, Y5, Y14   \
	VPAND     Y14, Y13, Y13 \
	VPCMPEQB  Y7, Y13, Y13  \
	VPMOVMSKB Y13, BX       /* outside the ASCII set */ \
	VPMOVMSKB Y0, CX        /* >= 0x80 */ \
	ANDNL     BX, CX, BX    \
	VPSHUFB   Y3, Y10, Y3   /* the pair's second byte */ \
	VPSRLW    $4, Y1, Y13   \
	VPAND     Y6, Y13, Y13  \
	VPSHUFB   Y13, Y8, Y13  /* its first byte, high nibble */ \
	VPAND     Y6, Y1, Y1    \
	VPSHUFB   Y1, Y9, Y1    /* and low nibble */ \
	VPAND     Y13, Y1, Y1   \
	VPAND     Y3, Y1, Y1    \
	VPSUBUSB  Y11, Y2, Y2   \
	VPAND     Y12, Y2, Y2   /* 0x80 after a byte >= 0xE0 two before */ \
	VPXOR     Y2, Y1, Y1    \
	VPCMPEQB  Y7, Y1, Y1    \
	VPMOVMSKB Y1, R8        \
	NOTL      R8

// UCS512 is UCS256 for the 64 bytes in Z0, Z1 (a byte earlier) and Z2 (two
// bytes earlier), with the constants in the ZMM registers.
#define UCS512 \
	VPSRLW    $4, Z0, Z3    \
	VPANDQ    Z6, Z3, Z3    \
	VPANDQ    Z6, Z0, Z13   \
	VPSHUFB   Z13, Z4, Z13  \
	VPSHUFB   Z3, Z5, Z14   \
	VPTESTMB  Z14, Z13, K1  /* in the ASCII set */ \
	VPMOVB2M  Z0, K2        /* >= 0x80 */ \
	KORQ      K1, K2, K1    \
	KMOVQ     K1, BX        \
	NOTQ      BX            \
	VPSHUFB   Z3, Z10, Z3   \
	VPSRLW    $4, Z1, Z13   \
	VPANDQ    Z6, Z13, Z13  \
	VPSHUFB   Z13, Z8, Z13  \
	VPANDQ    Z6, Z1, Z1    \
	VPSHUFB   Z1, Z9, Z1    \
	VPANDQ    Z13, Z1, Z1   \
	VPANDQ    Z3, Z1, Z1    \
	VPSUBUSB  Z11, Z2, Z2   \
	VPANDQ    Z12, Z2, Z2   \
	VPXORQ    Z2, Z1, Z1    \
	VPTESTMB  Z1, Z1, K3    \
	KMOVQ     K3, R8

// func ucsRunEndVector(s string, i uint, r tables.Set) (stop uint, marked bool)
//
// Blocks go on while a whole one is left. The last, shorter one is read
// as the last 32 bytes of the input (AVX2), whose bits before DX are
// dropped, or with a masked load (AVX-512), whose bits past the end are.
TEXT ·ucsRunEndVector(SB), NOSPLIT, $0-41
	MOVQ    s_base+0(FP), SI
	MOVQ    s_len+8(FP), R9
	MOVQ    i+16(FP), DX
	MOVWLZX r+24(FP), AX
	BSFL    AX, AX // the set's bit, the lowest
	SHLL    $4, AX
	LEAQ    ·nibbleLo(SB), R8
	CMPB    ·runWidth(SB), $2
	JEQ     wide512

	VBROADCASTI128 (R8)(AX*1), Y4
	VBROADCASTI128 ·nibbleHi(SB), Y5
	VBROADCASTI128 ·lowNibbles(SB), Y6
	VPXOR          Y7, Y7, Y7
	VBROADCASTI128 ·ucsFirstHigh(SB), Y8
	VBROADCASTI128 ·ucsFirstLow(SB), Y9
	VBROADCASTI128 ·ucsSecondHigh(SB), Y10
	VBROADCASTI128 ·ucsThird(SB), Y11
	VBROADCASTI128 ·ucsTop(SB), Y12

loop256:
	LEAQ 32(DX), CX
	CMPQ CX, R9
	JA   tail256
	LEAQ (SI)(DX*1), R10
	UCS256
	MOVL BX, CX
	ORL  R8, CX
	JNZ  found256
	ADDQ $32, DX
	JMP  loop256

tail256:
	CMPQ DX, R9
	JAE  atEnd
	LEAQ -32(SI)(R9*1), R10
	UCS256
	MOVQ DX, CX
	SUBQ R9, CX
	ADDQ $32, CX // DX less the offset of the block
	SHRL CX, BX
	SHRL CX, R8
	MOVL BX, CX
	ORL  R8, CX
	JZ   atEnd

found256:
	TZCNTL BX, BX
	TZCNTL R8, R8
	CMPQ   BX, R8
	JB     outside
	JMP    marked

wide512:
	VBROADCASTI32X4 (R8)(AX*1), Z4
	VBROADCASTI32X4 ·nibbleHi(SB), Z5
	VBROADCASTI32X4 ·lowNibbles(SB), Z6
	VBROADCASTI32X4 ·ucsFirstHigh(SB), Z8
	VBROADCASTI32X4 ·ucsFirstLow(SB), Z9
	VBROADCASTI32X4 ·ucsSecondHigh(SB), Z10
	VBROADCASTI32X4 ·ucsThird(SB), Z11
	VBROADCASTI32X4 ·ucsTop(SB), Z12

loop512:
	LEAQ      64(DX), CX
	CMPQ      CX, R9
	JA        tail512
	LEAQ      (SI)(DX*1), R10
	VMOVDQU64 (R10), Z0
	VMOVDQU64 -1(R10), Z1
	VMOVDQU64 -2(R10), Z2
	UCS512
	MOVQ      BX, CX
	ORQ       R8, CX
	JNZ       found512
	ADDQ      $64, DX
	JMP       loop512

tail512:
	MOVQ       R9, CX
	SUBQ       DX, CX
	JZ         atEnd
	MOVQ       $1, R11
	SHLQ       CX, R11
	DECQ       R11 // the bytes left, fewer than 64
	KMOVQ      R11, K4
	LEAQ       (SI)(DX*1), R10
	VMOVDQU8.Z (R10), K4, Z0
	VMOVDQU8.Z -1(R10), K4, Z1
	VMOVDQU8.Z -2(R10), K4, Z2
	UCS512
	ANDQ       R11, BX
	ANDQ       R11, R8
	MOVQ       BX, CX
	ORQ        R8, CX
	JZ         atEnd

found512:
	TZCNTQ BX, BX
	TZCNTQ R8, R8
	CMPQ   BX, R8
	JB     outside

marked:
	ADDQ       R8, DX
	VZEROUPPER
	MOVQ       DX, stop+32(FP)
	MOVB       $1, marked+40(FP)
	RET

outside:
	ADDQ       BX, DX
	VZEROUPPER
	MOVQ       DX, stop+32(FP)
	MOVB       $0, marked+40(FP)
	RET

atEnd:
	VZEROUPPER
	MOVQ R9, stop+32(FP)
	MOVB $0, marked+40(FP)
	RET
