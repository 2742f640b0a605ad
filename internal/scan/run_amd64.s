//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// CLASSIFY sets the low 16 bits of reg to a mask of the bytes of X0 that
// are not in the set whose nibble tables are in X4 (low) and X5 (high),
// bit k for byte k. X6 holds 0x0F in each byte, X7 zero. It leaves the
// low nibbles of the bytes in X0 and the lookup of the high ones in the
// high table in X3, for TRIPLETS.
#define CLASSIFY(reg) \
	MOVO    X0, X1   \
	PSRLW   $4, X1   \
	PAND    X6, X0   \
	PAND    X6, X1   \
	MOVO    X4, X2   \
	PSHUFB  X0, X2   \
	MOVO    X5, X3   \
	PSHUFB  X1, X3   \
	PAND    X3, X2   \
	PCMPEQB X7, X2   \
	PMOVMSKB X2, reg

// HEXDIG jumps to fail unless the byte in reg, which it changes, is a
// HEXDIG: a DIGIT, or a letter from A to F in either case. (5(PC) is the
// instruction after the macro.)
#define HEXDIG(reg, fail) \
	LEAL  -48(reg), R12 \
	CMPL  R12, $10      \
	JB    5(PC)         \
	ORL   $0x20, reg    \
	SUBL  $97, reg      \
	CMPL  reg, $6       \
	JAE   fail

// TRIPLETS clears, in reg, the bits of the bytes of the block at DX that
// begin a pct-encoded triplet: a "%" followed by two HEXDIG. X0 must hold
// the low nibbles of the block and X3 the lookup of the high ones in
// nibbleHi, as CLASSIFY leaves them; X5 holds nibbleHi, X11 '%' in each
// byte and X12 the nibble table of HEXDIG. It uses CX, R8, R12, X2, X13
// and X14; its label is overlap.
// The two digits are found by shifting the mask of HEXDIG bytes down by
// one and by two. Those of a "%" in the last two bytes of the block are
// in the next two bytes: unless the input ends within them, the mask of
// the sixteen bytes two further on supplies them, so that dense escapes
// do not leave the loop at one block in two. Near the end of the input
// that "%" keeps its bit, for the scalar check at stop.
#define TRIPLETS(reg) \
	MOVOU   (SI)(DX*1), X2  \
	PCMPEQB X11, X2         \
	PMOVMSKB X2, R8         /* the "%" bytes */ \
	MOVO    X12, X2         \
	PSHUFB  X0, X2          \
	PAND    X3, X2          \
	PCMPEQB X7, X2          \
	PMOVMSKB X2, R12        \
	XORL    $0xFFFF, R12    /* the HEXDIG bytes */ \
	LEAQ    -2(R10), CX     \
	CMPQ    DX, CX          \
	JGT     overlap         /* fewer than 18 bytes from DX on */ \
	MOVOU   2(SI)(DX*1), X13 \
	MOVO    X13, X14        \
	PSRLW   $4, X14         \
	PAND    X6, X13         \
	PAND    X6, X14         \
	MOVO    X12, X2         \
	PSHUFB  X13, X2         \
	MOVO    X5, X13         \
	PSHUFB  X14, X13        \
	PAND    X13, X2         \
	PCMPEQB X7, X2          \
	PMOVMSKB X2, CX         \
	XORL    $0xFFFF, CX     \
	SHLL    $2, CX          \
	ORL     CX, R12         /* and of the two bytes after the block */ \
overlap:                    \
	SHRL    $1, R12         \
	ANDL    R12, R8         /* a "%" followed by a HEXDIG */ \
	SHRL    $1, R12         \
	ANDL    R12, R8         /* and by another: a triplet */ \
	NOTL    R8              \
	ANDL    R8, reg

// The wide loops read 32 (AVX2) or 64 (AVX-512) bytes a block and validate
// every pct-encoded triplet of the block with the same instructions
// whether it holds none or many, so that the only branch taken on the data
// is the one at the end of the run. For a block of bytes A, with B the
// bytes two further on (loaded at DX+2), the "%" that begin a triplet are
//
//	pct(A) & (hex(A)>>1 | hex(B)<<1) & hex(B)
//
// where hex is the mask of the HEXDIG bytes and bit k names byte k: hex(A)>>1
// and hex(B)<<1 both say whether byte k+1 is a digit (each for the k it
// reaches), and hex(B) says whether byte k+2 is. The triplets are cleared
// from the mask of bytes outside the set (their digits are in every set
// that admits triplets), and the first bit left ends the run exactly where
// stepping the automaton would stop: a delimiter, or a "%" that is not a
// triplet. Blocks go on while the load at DX+2 stays within the input; the
// last 33 or 65 bytes, at most, are left to the 16-byte loop. Only sets
// that admit triplets take the wide loops (SKIP checks R11). They leave
// the low 128 bits of the constant registers as the 16-byte loop has them,
// and clear the upper bits with VZEROUPPER before any SSE instruction
// runs. They use BX, CX, R8, R12, X0 to X3 and X13 to X15, at full width.

// HEXMASK sets reg to the mask of the HEXDIG bytes of a YMM block whose
// low nibbles are in lo and whose high-nibble lookup in nibbleHi is in hi.
#define HEXMASK256(lo, hi, reg) \
	VPSHUFB  lo, Y12, Y14  \
	VPAND    hi, Y14, Y14  \
	VPCMPEQB Y7, Y14, Y14  \
	VPMOVMSKB Y14, reg     \
	NOTL     reg

#define WIDE256(stopped) \
wide256:                          \
	VINSERTI128 $1, X4, Y4, Y15   \
	VINSERTI128 $1, X5, Y5, Y5    \
	VINSERTI128 $1, X6, Y6, Y6    \
	VPXOR       Y7, Y7, Y7        \
	VINSERTI128 $1, X11, Y11, Y11 \
	VINSERTI128 $1, X12, Y12, Y12 \
w256:                             \
	LEAQ     -34(R9), CX          \
	CMPQ     DX, CX               \
	JGT      w256out              \
	VMOVDQU  (SI)(DX*1), Y0       \
	VPSRLW   $4, Y0, Y1           \
	VPAND    Y6, Y1, Y1           \
	VPAND    Y6, Y0, Y2           \
	VPSHUFB  Y1, Y5, Y3           /* the high nibbles' rows */ \
	VPSHUFB  Y2, Y15, Y14         \
	VPAND    Y3, Y14, Y14         \
	VPCMPEQB Y7, Y14, Y14         \
	VPMOVMSKB Y14, BX             /* the bytes outside the set */ \
	HEXMASK256(Y2, Y3, R8)        \
	VPCMPEQB Y11, Y0, Y14         \
	VPMOVMSKB Y14, R12            /* the "%" bytes */ \
	VMOVDQU  2(SI)(DX*1), Y13     \
	VPSRLW   $4, Y13, Y1          \
	VPAND    Y6, Y1, Y1           \
	VPAND    Y6, Y13, Y2          \
	VPSHUFB  Y1, Y5, Y3           \
	HEXMASK256(Y2, Y3, CX)        \
	ANDL     CX, R12              \
	SHRL     $1, R8               \
	SHLL     $1, CX               \
	ORL      CX, R8               \
	ANDL     R8, R12              /* the triplets */ \
	ANDNL    BX, R12, BX          \
	TESTL    BX, BX               \
	JNZ      w256stop             \
	ADDQ     $32, DX              \
	JMP      w256                 \
w256stop:                         \
	TZCNTL   BX, BX               \
	ADDQ     BX, DX               \
	VZEROUPPER                    \
	JMP      stopped              \
w256out:                          \
	VZEROUPPER                    \
	JMP      narrow

// HEXMASK512 is HEXMASK256 for a ZMM block.
#define HEXMASK512(lo, hi, reg) \
	VPSHUFB  lo, Z12, Z14  \
	VPTESTMB hi, Z14, K2   \
	KMOVQ    K2, reg

#define WIDE512(stopped) \
wide512:                          \
	VSHUFI64X2 $0, Z4, Z4, Z15    \
	VSHUFI64X2 $0, Z5, Z5, Z5     \
	VSHUFI64X2 $0, Z6, Z6, Z6     \
	VSHUFI64X2 $0, Z11, Z11, Z11  \
	VSHUFI64X2 $0, Z12, Z12, Z12  \
w512:                             \
	LEAQ     -66(R9), CX          \
	CMPQ     DX, CX               \
	JGT      w512out              \
	VMOVDQU64 (SI)(DX*1), Z0      \
	VPSRLW   $4, Z0, Z1           \
	VPANDQ   Z6, Z1, Z1           \
	VPANDQ   Z6, Z0, Z2           \
	VPSHUFB  Z1, Z5, Z3           \
	VPSHUFB  Z2, Z15, Z14         \
	VPTESTNMB Z3, Z14, K1         \
	KMOVQ    K1, BX               \
	HEXMASK512(Z2, Z3, R8)        \
	VPCMPEQB Z11, Z0, K3          \
	KMOVQ    K3, R12              \
	VMOVDQU64 2(SI)(DX*1), Z13    \
	VPSRLW   $4, Z13, Z1          \
	VPANDQ   Z6, Z1, Z1           \
	VPANDQ   Z6, Z13, Z2          \
	VPSHUFB  Z1, Z5, Z3           \
	HEXMASK512(Z2, Z3, CX)        \
	ANDQ     CX, R12              \
	SHRQ     $1, R8               \
	SHLQ     $1, CX               \
	ORQ      CX, R8               \
	ANDQ     R8, R12              \
	ANDNQ    BX, R12, BX          \
	TESTQ    BX, BX               \
	JNZ      w512stop             \
	ADDQ     $64, DX              \
	JMP      w512                 \
w512stop:                         \
	TZCNTQ   BX, BX               \
	ADDQ     BX, DX               \
	VZEROUPPER                    \
	JMP      stopped              \
w512out:                          \
	VZEROUPPER                    \
	JMP      narrow

// SKIP moves DX, an offset of the input of R9 bytes at SI, past the run
// of the set whose nibble tables are in X4 and X5, and past pct-encoded
// triplets unless R11 is 0. It goes on to atEnd when the run reaches the
// end of the input, and on to stopped with DX at the byte that ends it
// otherwise. R10 holds R9-16, the last offset a block of 16 can start at;
// X5, X11 and X12 hold what TRIPLETS needs. It uses BX, CX, R8, R12, X0
// to X3, X13 and X14. Its labels are block, escapes, delimiter, tail and
// stop, and TRIPLETS's overlap: a function can hold it once.
//
// A block whose first byte outside the set is a "%" is not left there:
// TRIPLETS unmarks every triplet of the block at once, so that the run
// goes on across them. (Every HEXDIG is in every set that admits
// triplets, as a test checks, so the digits themselves are never marked.)
// The digits of a "%" in the last two bytes of a block are in the next
// block, and TRIPLETS reads them there; only near the end of the input is
// that "%" left to the scalar check at stop, which reads them, and the
// next block starts after its triplet.
#define SKIP(stopped, atEnd) \
block:                      \
	TESTQ R11, R11          \
	JZ    narrow            \
	CMPB  ·runWidth(SB), $1 \
	JEQ   wide256           \
	JA    wide512           \
narrow:                     \
	CMPQ  DX, R10           \
	JA    tail              \
	MOVOU (SI)(DX*1), X0    \
	CLASSIFY(BX)            \
	TESTL BX, BX            \
	JNZ   escapes           \
	ADDQ  $16, DX           \
	JMP   block             \
escapes:                    \
	/* Unless the first byte outside the set is a "%" of a set that */ \
	/* admits triplets, it ends the run: a delimiter, as in most short */ \
	/* URLs, costs no more than that. */ \
	BSFL  BX, R8            \
	LEAQ  (SI)(DX*1), R12   \
	CMPB  (R12)(R8*1), $0x25 /* '%' */ \
	JNE   delimiter         \
	TESTQ R11, R11          \
	JZ    delimiter         \
	TRIPLETS(BX)            \
	TESTL BX, BX            \
	JNZ   stop              \
	ADDQ  $16, DX           /* only triplets */ \
	JMP   block             \
delimiter:                  \
	ADDQ  R8, DX            \
	JMP   stopped           \
tail:                       \
	/* Fewer than 16 bytes are left: classify the last 16 of the input, */ \
	/* which begin before DX, and drop the bits of those before DX. The */ \
	/* few triplets of the tail are left to the scalar check at stop. */    \
	CMPQ  DX, R9            \
	JAE   atEnd             \
	MOVOU (SI)(R10*1), X0   \
	CLASSIFY(BX)            \
	MOVQ  DX, CX            \
	SUBQ  R10, CX           \
	SHRL  CX, BX            \
	TESTL BX, BX            \
	JZ    atEnd             \
stop:                       \
	/* Bit k of BX is set: the byte at DX+k ends the run, unless it */    \
	/* begins a pct-encoded triplet and the set admits them. */           \
	BSFL  BX, BX            \
	ADDQ  BX, DX            \
	TESTQ R11, R11          \
	JZ    stopped           \
	LEAQ  2(DX), R8         \
	CMPQ  R8, R9            \
	JAE   stopped           \
	CMPB  (SI)(DX*1), $0x25 /* '%' */ \
	JNE   stopped           \
	MOVBLZX 1(SI)(DX*1), R8 \
	HEXDIG(R8, stopped)     \
	MOVBLZX 2(SI)(DX*1), R8 \
	HEXDIG(R8, stopped)     \
	ADDQ  $3, DX            \
	JMP   block             \
	WIDE256(stopped)        \
	WIDE512(stopped)

// SETUP loads what SKIP needs but the set's table and R11.
#define SETUP \
	MOVQ  s_base+0(FP), SI         \
	MOVQ  s_len+8(FP), R9          \
	MOVQ  i+16(FP), DX             \
	MOVOU ·nibbleHi(SB), X5        \
	MOVOU ·lowNibbles(SB), X6     \
	PXOR  X7, X7                   \
	MOVOU ·percents(SB), X11      \
	MOVOU ·hexNibbles(SB), X12     \
	LEAQ  -16(R9), R10

// func runEnd(s string, i uint, r tables.Set) uint
TEXT ·runEnd(SB), NOSPLIT, $0-40
	SETUP
	MOVWLZX r+24(FP), R11
	BSFL    R11, AX // the set's bit, the lowest
	SHLL    $4, AX
	LEAQ    ·nibbleLo(SB), R8
	MOVOU   (R8)(AX*1), X4
	ANDL    $const_pctEncoded, R11
	SKIP(done, end)

done:
	MOVQ DX, ret+32(FP)
	RET

end:
	MOVQ R9, ret+32(FP)
	RET

// func laneEnd(s string, i uint) (stop, slash, question, hash uint)
//
// laneEndWords says what it does. X8, X9 and X10 hold the tables of the
// path, the query and the fragment, X4 the table of the component being
// read, first the host's; DI, R13 and AX the offsets of "/", "?" and "#".
TEXT ·laneEnd(SB), NOSPLIT, $0-56
	SETUP
	MOVOU ·laneNibbles+0(SB), X4
	MOVOU ·laneNibbles+16(SB), X8
	MOVOU ·laneNibbles+32(SB), X9
	MOVOU ·laneNibbles+48(SB), X10
	MOVL  $1, R11 // every set of the lane admits pct-encoded
	XORL  DI, DI
	XORL  R13, R13
	XORL  AX, AX
	SKIP(stopped, end)

stopped:
	MOVBLZX (SI)(DX*1), R8
	TESTQ   AX, AX
	JNZ     done // in the fragment, nothing goes on
	CMPB    R8, $0x23 // '#'
	JEQ     fragment
	TESTQ   R13, R13
	JNZ     done // in the query, only "#" goes on
	TESTQ   DI, DI
	JNZ     path
	CMPB    R8, $0x2F // '/' after the host
	JNE     done
	MOVQ    DX, DI
	MOVO    X8, X4
	INCQ    DX
	JMP     block

path:
	CMPB R8, $0x3F // '?' after the path
	JNE  done
	MOVQ DX, R13
	MOVO X9, X4
	INCQ DX
	JMP  block

fragment:
	TESTQ DI, DI
	JZ    done // "#" right after the host is not the lane's
	MOVQ  DX, AX
	MOVO  X10, X4
	INCQ  DX
	JMP   block

end:
	MOVQ R9, DX

done:
	MOVQ DX, stop+24(FP)
	MOVQ DI, slash+32(FP)
	MOVQ R13, question+40(FP)
	MOVQ AX, hash+48(FP)
	RET
