//go:build amd64 && !purego

#include "textflag.h"

// Sixteen copies of each byte holdsEnd compares with.
DATA hazPercent<>+0(SB)/8, $0x2525252525252525
DATA hazPercent<>+8(SB)/8, $0x2525252525252525
GLOBL hazPercent<>(SB), RODATA|NOPTR, $16
DATA hazSemicolon<>+0(SB)/8, $0x3b3b3b3b3b3b3b3b
DATA hazSemicolon<>+8(SB)/8, $0x3b3b3b3b3b3b3b3b
GLOBL hazSemicolon<>(SB), RODATA|NOPTR, $16
DATA hazSlash<>+0(SB)/8, $0x2f2f2f2f2f2f2f2f
DATA hazSlash<>+8(SB)/8, $0x2f2f2f2f2f2f2f2f
GLOBL hazSlash<>(SB), RODATA|NOPTR, $16
DATA hazDot<>+0(SB)/8, $0x2e2e2e2e2e2e2e2e
DATA hazDot<>+8(SB)/8, $0x2e2e2e2e2e2e2e2e
GLOBL hazDot<>(SB), RODATA|NOPTR, $16
DATA hazHyphen<>+0(SB)/8, $0x2d2d2d2d2d2d2d2d
DATA hazHyphen<>+8(SB)/8, $0x2d2d2d2d2d2d2d2d
GLOBL hazHyphen<>(SB), RODATA|NOPTR, $16

// BLOCK sets X2 to a mask that is not zero if a byte or pair holdsEnd
// looks for starts in the sixteen bytes b = (SI), where n = 1(SI) are the
// same bytes moved by one, so that b[k] n[k] is the pair that starts at
// SI+k:
//
//	b == '%' | b == ';' | b == '/' & n == '.' | b == '-' & n == '-'
#define BLOCK \
	MOVOU   (SI), X0  \
	MOVOU   1(SI), X1 \
	MOVO    X0, X2    \
	PCMPEQB X8, X2    \
	MOVO    X0, X3    \
	PCMPEQB X9, X3    \
	POR     X3, X2    \
	MOVO    X0, X3    \
	PCMPEQB X10, X3   \
	MOVO    X1, X4    \
	PCMPEQB X11, X4   \
	PAND    X4, X3    \
	POR     X3, X2    \
	MOVO    X0, X3    \
	PCMPEQB X12, X3   \
	MOVO    X1, X4    \
	PCMPEQB X12, X4   \
	PAND    X4, X3    \
	POR     X3, X2

// func holdsEnd(s string) int
//
// A string of 17 bytes or more it reads whole, in blocks of sixteen and a
// last block that ends with s and may overlap the one before: each block
// reads the byte after it too, for the pairs, so it stays within s. It
// returns -1 when it finds a byte or pair, and len(s) when it finds none.
// A shorter string it leaves to mayHoldWords, returning 0.
TEXT ·holdsEnd(SB), NOSPLIT, $0-24
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), CX
	CMPQ CX, $17
	JLT  short
	LEAQ -17(SI)(CX*1), DI // the last block

	MOVOU hazPercent<>(SB), X8
	MOVOU hazSemicolon<>(SB), X9
	MOVOU hazSlash<>(SB), X10
	MOVOU hazDot<>(SB), X11
	MOVOU hazHyphen<>(SB), X12

loop:
	CMPQ SI, DI
	JAE  last
	BLOCK
	PMOVMSKB X2, AX
	TESTL AX, AX
	JNE   found
	ADDQ  $16, SI
	JMP   loop

last:
	// The last block also looks at the last byte of s, n[15], alone.
	MOVQ DI, SI
	BLOCK
	PSRLDQ  $15, X1 // n[15] in lane 0; the other lanes, zero, equal neither byte
	MOVO    X1, X3
	PCMPEQB X8, X3
	MOVO    X1, X4
	PCMPEQB X9, X4
	POR     X4, X3
	POR     X3, X2
	PMOVMSKB X2, AX
	TESTL AX, AX
	JNE   found
	MOVQ  CX, ret+16(FP)
	RET

found:
	MOVQ $-1, ret+16(FP)
	RET

short:
	MOVQ $0, ret+16(FP)
	RET
