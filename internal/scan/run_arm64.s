//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// The NEON twin of run_amd64.s: the same blocks of sixteen bytes, the
// same nibble tables (TBL is the lookup PSHUFB is there), with masks of
// 0x00 or 0xFF per byte where amd64 has one bit per byte, read out as two
// 64-bit words. Its registers, for SKIP and the macros it uses:
//
//	R0   the input        V4   the low-nibble table of the run's set
//	R1   its length       V5   nibbleHi
//	R2   the offset       V6   0x0F in each byte
//	R3   R1-16, the last  V11  '%' in each byte
//	     offset a block   V12  hexNibbles
//	     can start at     V13  zero
//	R4   not 0 when the set admits pct-encoded triplets
//
// R5 to R9, V0 to V3, V7 to V10, V18 and V19 are scratch.

// CLASSIFY loads the sixteen bytes at R5 into V0 and sets V7 to 0xFF in
// each byte that is not in the set, 0 in the others. It leaves the low
// nibbles in V1 and the lookup of the high ones in V3, for TRIPLETS.
#define CLASSIFY \
	VLD1  (R5), [V0.B16]           \
	VUSHR $4, V0.B16, V2.B16       \
	VAND  V6.B16, V0.B16, V1.B16   \
	VTBL  V1.B16, [V4.B16], V7.B16 \
	VTBL  V2.B16, [V5.B16], V3.B16 \
	VAND  V3.B16, V7.B16, V7.B16   \
	VCMEQ V13.B16, V7.B16, V7.B16

// TRIPLETS clears in V7 the bytes of each "%" of V0 (loaded from R5, at
// offset R2) that begins a pct-encoded triplet: the mask of "%" bytes
// ANDed with the mask of HEXDIG bytes moved down by one byte and by two
// (EXT). The digits of a "%" in the last two bytes are in the two bytes
// after the block: unless the input ends within them, the mask of the
// sixteen bytes two further on supplies theirs (V19), and otherwise zero
// does, and that "%" stays set for the scalar check. A "%" is in no set,
// so its byte of V7 is set, and XOR clears it. It uses R8, V8 to V10,
// V18 and V19; its label is overlap.
#define TRIPLETS \
	VCMEQ  V11.B16, V0.B16, V8.B16         \
	VTBL   V1.B16, [V12.B16], V9.B16       \
	VAND   V3.B16, V9.B16, V9.B16          \
	VCMTST V9.B16, V9.B16, V9.B16          \
	VMOV   V13.B16, V19.B16                \
	ADD    $2, R2, R8                      \
	CMP    R3, R8                          \
	BGT    overlap /* fewer than 18 bytes from R2 on */ \
	ADD    $2, R5, R8                      \
	VLD1   (R8), [V18.B16]                 \
	VUSHR  $4, V18.B16, V19.B16            \
	VAND   V6.B16, V18.B16, V18.B16        \
	VTBL   V18.B16, [V12.B16], V18.B16     \
	VTBL   V19.B16, [V5.B16], V19.B16      \
	VAND   V19.B16, V18.B16, V18.B16       \
	VCMTST V18.B16, V18.B16, V18.B16       \
	VEXT   $14, V13.B16, V18.B16, V19.B16  /* the two bytes after the block */ \
overlap:                                   \
	VEXT   $1, V19.B16, V9.B16, V10.B16    \
	VAND   V10.B16, V8.B16, V8.B16         \
	VEXT   $2, V19.B16, V9.B16, V10.B16    \
	VAND   V10.B16, V8.B16, V8.B16         \
	VEOR   V8.B16, V7.B16, V7.B16

// TRIPLETS2 is TRIPLETS where the two bytes after the block are known to
// be in the input: it reads their digits without a branch.
#define TRIPLETS2 \
	VCMEQ  V11.B16, V0.B16, V8.B16         \
	VTBL   V1.B16, [V12.B16], V9.B16       \
	VAND   V3.B16, V9.B16, V9.B16          \
	VCMTST V9.B16, V9.B16, V9.B16          \
	ADD    $2, R5, R8                      \
	VLD1   (R8), [V18.B16]                 \
	VUSHR  $4, V18.B16, V19.B16            \
	VAND   V6.B16, V18.B16, V18.B16        \
	VTBL   V18.B16, [V12.B16], V18.B16     \
	VTBL   V19.B16, [V5.B16], V19.B16      \
	VAND   V19.B16, V18.B16, V18.B16       \
	VCMTST V18.B16, V18.B16, V18.B16       \
	VEXT   $14, V13.B16, V18.B16, V19.B16  \
	VEXT   $1, V19.B16, V9.B16, V10.B16    \
	VAND   V10.B16, V8.B16, V8.B16         \
	VEXT   $2, V19.B16, V9.B16, V10.B16    \
	VAND   V10.B16, V8.B16, V8.B16         \
	VEOR   V8.B16, V7.B16, V7.B16

// WORDS reads the mask V7 out into R6 (bytes 0 to 7) and R7 (8 to 15),
// and their OR into R8.
#define WORDS \
	VMOV V7.D[0], R6 \
	VMOV V7.D[1], R7 \
	ORR  R6, R7, R8

// FIRST sets dst to the index of the first byte of the mask R6:R7 that is
// set; one must be. It uses R8.
#define FIRST(dst) \
	CMP  $0, R6           \
	CSEL NE, R6, R7, dst  \
	RBIT dst, dst         \
	CLZ  dst, dst         \
	LSR  $3, dst          \
	MOVD $8, R8           \
	CSEL EQ, R8, ZR, R8   \
	ADD  R8, dst

// HEXDIG jumps to fail unless the byte in reg, which it changes, is a
// HEXDIG: a DIGIT, or a letter from A to F in either case.
#define HEXDIG(reg, fail) \
	SUB  $48, reg, R9  \
	CMP  $10, R9       \
	CSET LO, R9        \
	ORR  $0x20, reg    \
	SUB  $97, reg      \
	CMP  $6, reg       \
	CSET LO, reg       \
	ORR  R9, reg       \
	CBZ  reg, fail

// SKIP moves R2 past the run of the set whose low-nibble table is in V4,
// and past pct-encoded triplets unless R4 is 0, as SKIP of run_amd64.s
// does: it goes on to atEnd when the run reaches the end of the input,
// and on to stopped with R2 at the byte that ends it otherwise. Its labels
// are block, escapes, delimiter, tail and stop, and TRIPLETS's overlap: a
// function can hold it once.
#define SKIP(stopped, atEnd) \
block:                              \
	/* A set that admits triplets is read with every triplet of a */    \
	/* block cleared whether it holds any or not (TRIPLETS2), so that */ \
	/* the only branch on the data is the run's end, while the two */    \
	/* bytes after the block are in the input; the 16-byte loop below */ \
	/* reads the rest. */                                                \
	CBZ   R4, narrow                \
	ADD   $2, R2, R8                \
	CMP   R3, R8                    \
	BGT   narrow                    \
	ADD   R0, R2, R5                \
	CLASSIFY                        \
	TRIPLETS2                       \
	WORDS                           \
	CBNZ  R8, wstop                 \
	ADD   $16, R2                   \
	B     block                     \
wstop:                              \
	FIRST(R9)                       \
	ADD   R9, R2                    \
	B     stopped                   \
narrow:                             \
	CMP   R3, R2                    \
	BHI   tail                      \
	ADD   R0, R2, R5                \
	CLASSIFY                        \
	WORDS                           \
	CBNZ  R8, escapes               \
	ADD   $16, R2                   \
	B     block                     \
escapes:                            \
	/* Unless the first byte outside the set is a "%" of a set that */ \
	/* admits triplets, it ends the run. */                            \
	FIRST(R9)                       \
	ADD   R2, R9                    \
	MOVBU (R0)(R9), R8              \
	CMP   $0x25, R8 /* '%' */       \
	BNE   delimiter                 \
	CBZ   R4, delimiter             \
	TRIPLETS                        \
	WORDS                           \
	CBNZ  R8, stop                  \
	ADD   $16, R2 /* only triplets */ \
	B     block                     \
delimiter:                          \
	MOVD  R9, R2                    \
	B     stopped                   \
tail:                               \
	/* Fewer than 16 bytes are left: classify the last 16 of the input, */ \
	/* which begin before R2, and clear the bytes before R2. The few */    \
	/* triplets of the tail are left to the scalar check at stop. */      \
	CMP   R1, R2                    \
	BHS   atEnd                     \
	SUB   R3, R2, R6                \
	MOVD  R3, R2                    \
	ADD   R0, R2, R5                \
	CLASSIFY                        \
	MOVD  $after<>+16(SB), R7       \
	SUB   R6, R7                    \
	VLD1  (R7), [V8.B16]            \
	VAND  V8.B16, V7.B16, V7.B16    \
	WORDS                           \
	CBZ   R8, atEnd                 \
stop:                               \
	/* A byte of R6:R7 is set: the first ends the run, unless it begins */ \
	/* a pct-encoded triplet and the set admits them. */                   \
	FIRST(R9)                       \
	ADD   R9, R2                    \
	CBZ   R4, stopped               \
	ADD   $2, R2, R8                \
	CMP   R1, R8                    \
	BHS   stopped                   \
	ADD   R0, R2, R5                \
	MOVBU (R5), R8                  \
	CMP   $0x25, R8 /* '%' */       \
	BNE   stopped                   \
	MOVBU 1(R5), R8                 \
	HEXDIG(R8, stopped)             \
	MOVBU 2(R5), R8                 \
	HEXDIG(R8, stopped)             \
	ADD   $3, R2                    \
	B     block

// SETUP loads what SKIP needs but the set's table and R4.
#define SETUP \
	MOVD  s_base+0(FP), R0            \
	MOVD  s_len+8(FP), R1             \
	MOVD  i+16(FP), R2                \
	SUB   $16, R1, R3                 \
	MOVD  $·nibbleHi(SB), R5          \
	VLD1  (R5), [V5.B16]              \
	MOVD  $·hexNibbles(SB), R5        \
	VLD1  (R5), [V12.B16]             \
	VMOVI $0x0F, V6.B16               \
	VMOVI $0x25, V11.B16              \
	VEOR  V13.B16, V13.B16, V13.B16

// func runEnd(s string, i uint, r tables.Set) uint
TEXT ·runEnd(SB), NOSPLIT, $0-40
	SETUP
	MOVHU r+24(FP), R4
	RBIT  R4, R6
	CLZ   R6, R6 // the set's bit, the lowest
	MOVD  $·nibbleLo(SB), R5
	ADD   R6<<4, R5
	VLD1  (R5), [V4.B16]
	AND   $const_pctEncoded, R4
	SKIP(done, end)

done:
	MOVD R2, ret+32(FP)
	RET

end:
	MOVD R1, ret+32(FP)
	RET

// ENTER records in at the offset of the delimiter at R2, and reads on
// after it the run of the component whose table is in table.
#define ENTER(at, table) \
	MOVD R2, at                 \
	VMOV table.B16, V4.B16      \
	ADD  $1, R2                 \
	B    block

// func laneEnd(s string, i uint) (stop, slash, question, hash uint)
//
// laneEndWords says what it does. V15, V16 and V17 hold the tables of the
// path, the query and the fragment, V4 the table of the component being
// read, first the host's (V14); R10, R11 and R12 the offsets of "/", "?" and
// "#".
TEXT ·laneEnd(SB), NOSPLIT, $0-56
	SETUP
	MOVD $·laneNibbles(SB), R5
	VLD1 (R5), [V14.B16, V15.B16, V16.B16, V17.B16]
	VMOV V14.B16, V4.B16
	MOVD $1, R4 // every set of the lane admits pct-encoded
	MOVD ZR, R10
	MOVD ZR, R11
	MOVD ZR, R12
	SKIP(stopped, end)

stopped:
	MOVBU (R0)(R2), R8
	CBNZ  R12, done // in the fragment, nothing goes on
	CMP   $0x23, R8 // '#'
	BEQ   fragment
	CBNZ  R11, done // in the query, only "#" goes on
	CBNZ  R10, path
	CMP   $0x2F, R8 // '/' after the host
	BNE   done
	ENTER(R10, V15)

path:
	CMP $0x3F, R8 // '?' after the path
	BNE done
	ENTER(R11, V16)

fragment:
	CBZ R10, done // "#" right after the host is not the lane's
	ENTER(R12, V17)

end:
	MOVD R1, R2

done:
	MOVD R2, stop+24(FP)
	MOVD R10, slash+32(FP)
	MOVD R11, question+40(FP)
	MOVD R12, hash+48(FP)
	RET

// after<> is sixteen bytes of 0x00 and sixteen of 0xFF: the sixteen bytes
// at after<>+16-n are 0x00 in the first n, which the tail clears.
DATA after<>+0(SB)/8, $0
DATA after<>+8(SB)/8, $0
DATA after<>+16(SB)/8, $-1
DATA after<>+24(SB)/8, $-1
GLOBL after<>(SB), RODATA|NOPTR, $32
