//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// CLASSIFY sets cls to the classes of the bytes of the window in, and ds
// to the mask of its bytes of class 7, those with fDotSlash; it jumps to
// invalid if a byte of the window is not valid. in may be cls. Y9 to Y12
// and Y14 hold the tables. It uses Y3 to Y6.
#define CLASSIFY(in, cls, ds) \
	VPSRLW    $4, in, Y3   \
	VPAND     Y14, Y3, Y3  \
	VPAND     Y14, in, Y4  \
	VPSHUFB   Y4, Y10, Y5  \
	VPSHUFB   Y3, Y9, Y6   \
	VPTEST    Y6, Y5       \
	JNE       invalid      \
	VPSHUFB   Y4, Y12, cls \
	VPSHUFB   Y3, Y11, Y5  \
	VPAND     Y5, cls, cls \
	VPMOVMSKB cls, ds

// func pathFlags(s string) uint32
//
// A string of up to 32 bytes is one window of 32, the bytes it does not
// hold replaced by the filler: the 32 bytes from its start, or the 32
// that end with it when those would cross into a page it may not reach.
// A longer one is two windows that overlap, the first and the last 32
// bytes. BX gets the mask of the bytes that are "." or "/" and followed
// by one, Y1 the classes.
TEXT ·pathFlags(SB), NOSPLIT, $0-20
	MOVQ           s_base+0(FP), SI
	MOVQ           s_len+8(FP), CX
	LEAQ           -1(CX), AX
	CMPQ           AX, $64
	JAE            slow
	CMPB           ·pathVecOK(SB), $0
	JEQ            slow
	LEAQ           ·pathVec(SB), R8
	VPBROADCASTB   pathVecTables_nibble(R8), Y14
	VBROADCASTI128 pathVecTables_classLo(R8), Y12
	VBROADCASTI128 pathVecTables_classHi(R8), Y11
	VBROADCASTI128 pathVecTables_invalidLo(R8), Y10
	VBROADCASTI128 pathVecTables_rowHi(R8), Y9
	CMPQ           CX, $32
	JA             two
	MOVL           SI, AX
	ANDL           $4095, AX
	CMPL           AX, $(4096-32)
	JA             endOfPage
	VMOVDQU        (SI), Y0
	MOVL           $64, AX
	SUBL           CX, AX
	VMOVDQU        pathVecTables_lenMask(R8)(AX*1), Y1
	JMP            one

endOfPage:
	VMOVDQU -32(SI)(CX*1), Y0
	VMOVDQU pathVecTables_lenMask(R8)(CX*1), Y1

one:
	VPBROADCASTB pathVecTables_filler(R8), Y13
	VPBLENDVB    Y1, Y0, Y13, Y0
	CLASSIFY(Y0, Y1, BX)
	MOVL         BX, DX
	SHRL         $1, DX
	ANDL         DX, BX
	JMP          reduce

two:
	VMOVDQU -32(SI)(CX*1), Y2
	VMOVDQU (SI), Y0
	CLASSIFY(Y0, Y1, BX)
	CLASSIFY(Y2, Y2, R9)
	VPOR    Y2, Y1, Y1
	// The mask of the "." and "/" of the 64 bytes: the second window's
	// bits moved up to the offsets of its bytes in s.
	SUBL    $32, CX
	SHLQ    CX, R9
	ORQ     R9, BX
	MOVQ    BX, DX
	SHRQ    $1, DX
	ANDQ    DX, BX

reduce:
	// The classes of all the bytes, or'd: 32 bytes to 8 in the vector
	// registers, then to 4, 2 and 1.
	VEXTRACTI128 $1, Y1, X2
	VPOR         X2, X1, X1
	VPSHUFD      $0x4e, X1, X2
	VPOR         X2, X1, X1
	VPSRLQ       $32, X1, X2
	VPOR         X2, X1, X1
	VPSRLD       $16, X1, X2
	VPOR         X2, X1, X1
	VPSRLW       $8, X1, X2
	VPOR         X2, X1, X1
	VPEXTRB      $0, X1, DX
	MOVL         pathVecTables_combine(R8)(DX*4), DX
	MOVL         DX, R10
	ORL          $const_fAdjacent, R10
	TESTQ        BX, BX
	CMOVLNE      R10, DX
	MOVL         DX, ret+16(FP)
	VZEROUPPER
	RET

invalid:
	VZEROUPPER

slow:
	// pathFlagsGo takes the arguments as they are, and returns to the
	// caller.
	JMP ·pathFlagsGo(SB)
