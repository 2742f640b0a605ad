//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// MASK2 sets dst to the 64-bit mask of the bytes of Y0:Y1 whose bytes in
// Y3 and Y4 are all ones, shifted down by CX and cut to the bits in R12.
// It uses DX.
#define MASK2(dst) \
	VPMOVMSKB Y3, dst \
	VPMOVMSKB Y4, DX  \
	SHLQ      $32, DX \
	ORQ       DX, dst \
	SHRQ      CX, dst \
	ANDQ      R12, dst

// EQ2 sets Y3 and Y4 to the bytes of Y0 and Y1 equal to the bytes of the
// vector at v.
#define EQ2(v) \
	VPCMPEQB v, Y0, Y3 \
	VPCMPEQB v, Y1, Y4

// RANGE2 sets Y3 and Y4 to the bytes of Y0 and Y1, ASCII, above the bytes
// of the vector at below and not above those at top. It uses Y6.
#define RANGE2(below, top) \
	VPCMPGTB below, Y0, Y3 \
	VPCMPGTB top, Y0, Y6   \
	VPANDN   Y3, Y6, Y3    \
	VPCMPGTB below, Y1, Y4 \
	VPCMPGTB top, Y1, Y6   \
	VPANDN   Y4, Y6, Y4

// EQ64 sets dst to the mask of the bytes of Z0 equal to those of the
// vector at v.
#define EQ64(v, dst) \
	VPCMPEQB v, Z0, K2 \
	KMOVQ    K2, dst

// RANGE64 sets dst to the mask of the bytes of Z0, ASCII, above those of
// the vector at below and not above those at top. It uses DX.
#define RANGE64(below, top, dst) \
	VPCMPGTB below, Z0, K2 \
	VPCMPGTB top, Z0, K3   \
	KMOVQ    K2, dst       \
	KMOVQ    K3, DX        \
	ANDNQ    dst, DX, dst

// func checkPlain(s string, se, hs, he, ps, pe, qe uint32, parts uint8) uint8
//
// The masks of the bytes of s are R10 for "A" to "Z" and "%", R11 for
// "-", R13 for "/", BX for "." and "%", DI for "0" to "9" and R8 for "'".
TEXT ·checkPlain(SB), NOSPLIT, $0-49
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), R9
	MOVQ  $-1, R12
	BZHIQ R9, R12, R12
	CMPB ·useAVX512(SB), $0
	JEQ  avx2

	// One load, masked to the n bytes: the bytes past them read as zero,
	// which is in no class.
	KMOVQ      R12, K1
	VMOVDQU8.Z (SI), K1, Z0
	RANGE64(·classVectors+320(SB), ·classVectors+384(SB), R10) // "A" to "Z"
	EQ64(·classVectors+0(SB), AX)                        // "%"
	ORQ        AX, R10
	EQ64(·classVectors+64(SB), R11) // "-"
	EQ64(·classVectors+128(SB), R13) // "/"
	EQ64(·classVectors+192(SB), BX)  // "."
	ORQ        AX, BX
	RANGE64(·classVectors+128(SB), ·classVectors+448(SB), DI) // "0" to "9"
	EQ64(·classVectors+256(SB), R8)                       // "'"
	VZEROUPPER
	JMP        verdict

avx2:
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
	RANGE2(·classVectors+320(SB), ·classVectors+384(SB)) // "A" to "Z"
	MASK2(R10)
	EQ2(·classVectors+0(SB)) // "%"
	MASK2(AX)
	ORQ   AX, R10
	EQ2(·classVectors+64(SB)) // "-"
	MASK2(R11)
	EQ2(·classVectors+128(SB)) // "/"
	MASK2(R13)
	EQ2(·classVectors+192(SB)) // "."
	MASK2(BX)
	ORQ   AX, BX
	RANGE2(·classVectors+128(SB), ·classVectors+448(SB)) // "0" to "9"
	MASK2(DI)
	EQ2(·classVectors+256(SB)) // "'"
	MASK2(R8)
	VZEROUPPER

verdict:
	// The masks of the parts: R9 the scheme and the domain, SI the
	// domain, R12 the path, CX the query; AX and DX are scratch.
	MOVBLZX parts+40(FP), DX
	MOVQ    $-1, AX
	MOVL    se+16(FP), R9
	BZHIQ   R9, AX, R9
	XORL    SI, SI
	TESTB   $const_partDomain, DX
	JZ      path
	MOVL    hs+20(FP), SI
	BZHIQ   SI, AX, SI
	MOVL    he+24(FP), R12
	BZHIQ   R12, AX, R12
	ANDNQ   R12, SI, SI
	ORQ     SI, R9

path:
	XORL    R12, R12
	TESTB   $const_partPath, DX
	JZ      query
	MOVL    ps+28(FP), R12
	BZHIQ   R12, AX, R12
	MOVL    pe+32(FP), CX
	BZHIQ   CX, AX, CX
	ANDNQ   CX, R12, R12

query:
	XORL    CX, CX
	TESTB   $const_partQuery, DX
	JZ      reject1
	MOVL    pe+32(FP), CX
	INCL    CX
	BZHIQ   CX, AX, CX
	MOVL    qe+36(FP), DX
	BZHIQ   DX, AX, DX
	ANDNQ   DX, CX, CX

reject1:
	// An uppercase letter or a "%" in the scheme or the domain, a "'"
	// in the query.
	XORL  AX, AX
	ANDQ  R9, R10
	ANDQ  CX, R8
	ORQ   R8, R10
	JNZ   reject

	// "--" in the domain.
	MOVQ  R11, DX
	SHRQ  $1, DX
	ANDQ  R11, DX
	ANDQ  SI, DX
	JZ    dots
	ORL   $const_plainDashes, AX

dots:
	// A "/" followed by "." or "%" in the path.
	MOVQ  R13, DX
	SHLQ  $1, DX
	ANDQ  BX, DX
	ANDQ  R12, DX
	JZ    label
	ORL   $const_plainDots, AX

label:
	// The last label of the domain, without a trailing ".", begins with
	// a digit: the first byte of the domain and those after a "." (a
	// domain here has no "%"), the last of them before its end.
	TESTQ SI, SI
	JZ    done
	MOVL  he+24(FP), CX
	DECL  CX
	BTQ   CX, BX
	JCC   starts
	BTRQ  CX, SI // the trailing "."
	TESTQ SI, SI
	JZ    done

starts:
	BLSIQ SI, CX
	SHLQ  $1, BX
	ORQ   CX, BX
	ANDQ  SI, BX
	BSRQ  BX, CX
	BTQ   CX, DI
	JCS   reject

done:
	MOVB  AX, ret+48(FP)
	RET

reject:
	MOVB  $const_plainReject, ret+48(FP)
	RET
