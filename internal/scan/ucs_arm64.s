//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// The NEON twin of ucs_amd64.s, sixteen bytes a block, with masks of 0x00
// or 0xFF per byte read out as two 64-bit words. Its registers:
//
//	R0   the input        V4   the low-nibble table of the run's set
//	R1   its length       V5   nibbleHi
//	R2   the offset       V6   0x0F in each byte
//	R3   R1-16, the last  V13  zero
//	     offset a block   V14  ucsFirstHigh, V15 ucsFirstLow,
//	     can start at     V16  ucsSecondHigh
//	                      V17  0x80 in each byte, V20 0x07
//
// R5 to R12, V0 to V3 and V7 to V9 are scratch.

// UCS16 classifies the sixteen bytes at R5, as UCS256 of ucs_amd64.s
// does: V7 gets 0xFF in the bytes outside the run, V9 in those where
// ucsMarked holds.
#define UCS16 \
	VLD1   (R5), [V0.B16]           \
	SUB    $1, R5, R6               \
	VLD1   (R6), [V1.B16]           \
	SUB    $2, R5, R6               \
	VLD1   (R6), [V2.B16]           \
	VUSHR  $4, V0.B16, V3.B16       \
	VAND   V6.B16, V0.B16, V7.B16   \
	VTBL   V7.B16, [V4.B16], V7.B16 \
	VTBL   V3.B16, [V5.B16], V8.B16 \
	VAND   V8.B16, V7.B16, V7.B16   \
	VCMEQ  V13.B16, V7.B16, V7.B16  /* outside the ASCII set, bytes >= 0x80 too */ \
	VCMTST V17.B16, V0.B16, V8.B16  \
	VEOR   V8.B16, V7.B16, V7.B16   /* which are in the run */ \
	VTBL   V3.B16, [V16.B16], V3.B16 \
	VUSHR  $4, V1.B16, V8.B16       \
	VTBL   V8.B16, [V14.B16], V8.B16 \
	VAND   V6.B16, V1.B16, V1.B16   \
	VTBL   V1.B16, [V15.B16], V1.B16 \
	VAND   V8.B16, V1.B16, V1.B16   \
	VAND   V3.B16, V1.B16, V1.B16   \
	VUSHR  $5, V2.B16, V2.B16       \
	VCMEQ  V20.B16, V2.B16, V2.B16  /* two bytes before, a byte >= 0xE0 */ \
	VAND   V17.B16, V2.B16, V2.B16  \
	VEOR   V2.B16, V1.B16, V1.B16   \
	VCMTST V1.B16, V1.B16, V9.B16

// FIRST16 sets dst to the index of the first byte set in the mask lo:hi,
// or 16 when none is. It uses R11 and R12.
#define FIRST16(lo, hi, dst) \
	RBIT lo, R11        \
	CLZ  R11, R11       \
	LSR  $3, R11        \
	RBIT hi, R12        \
	CLZ  R12, R12       \
	LSR  $3, R12        \
	ADD  $8, R12        \
	CMP  $0, lo         \
	CSEL NE, R11, R12, dst

// func ucsRunEndVector(s string, i uint, r tables.Set) (stop uint, marked bool)
TEXT ·ucsRunEndVector(SB), NOSPLIT, $0-41
	MOVD  s_base+0(FP), R0
	MOVD  s_len+8(FP), R1
	MOVD  i+16(FP), R2
	SUB   $16, R1, R3
	MOVHU r+24(FP), R4
	RBIT  R4, R6
	CLZ   R6, R6 // the set's bit, the lowest
	MOVD  $·nibbleLo(SB), R5
	ADD   R6<<4, R5
	VLD1  (R5), [V4.B16]
	MOVD  $·nibbleHi(SB), R5
	VLD1  (R5), [V5.B16]
	MOVD  $·ucsFirstHigh(SB), R5
	VLD1  (R5), [V14.B16]
	MOVD  $·ucsFirstLow(SB), R5
	VLD1  (R5), [V15.B16]
	MOVD  $·ucsSecondHigh(SB), R5
	VLD1  (R5), [V16.B16]
	VMOVI $0x0F, V6.B16
	VMOVI $0x80, V17.B16
	VMOVI $0x07, V20.B16
	VEOR  V13.B16, V13.B16, V13.B16

block:
	CMP  R3, R2
	BHI  tail
	ADD  R0, R2, R5
	UCS16
	VMOV V7.D[0], R6
	VMOV V7.D[1], R7
	VMOV V9.D[0], R8
	VMOV V9.D[1], R9
	ORR  R6, R7, R10
	ORR  R8, R10
	ORR  R9, R10
	CBNZ R10, found
	ADD  $16, R2
	B    block

tail:
	// Fewer than 16 bytes are left: classify the last 16 of the input,
	// which begin before R2, and clear the bytes before R2.
	CMP  R1, R2
	BHS  atEnd
	SUB  R3, R2, R6
	MOVD R3, R2
	ADD  R0, R2, R5
	MOVD $ucsAfter<>+16(SB), R7
	SUB  R6, R7
	VLD1 (R7), [V10.B16]
	UCS16
	VAND V10.B16, V7.B16, V7.B16
	VAND V10.B16, V9.B16, V9.B16
	VMOV V7.D[0], R6
	VMOV V7.D[1], R7
	VMOV V9.D[0], R8
	VMOV V9.D[1], R9
	ORR  R6, R7, R10
	ORR  R8, R10
	ORR  R9, R10
	CBZ  R10, atEnd

found:
	FIRST16(R6, R7, R6)
	FIRST16(R8, R9, R8)
	CMP  R8, R6
	BLO  outside
	ADD  R8, R2
	MOVD R2, stop+32(FP)
	MOVD $1, R8
	MOVB R8, marked+40(FP)
	RET

outside:
	ADD  R6, R2
	MOVD R2, stop+32(FP)
	MOVB ZR, marked+40(FP)
	RET

atEnd:
	MOVD R1, stop+32(FP)
	MOVB ZR, marked+40(FP)
	RET

// ucsAfter<> is sixteen bytes of 0x00 and sixteen of 0xFF: the sixteen
// bytes at ucsAfter<>+16-n are 0x00 in the first n, which the tail clears.
DATA ucsAfter<>+0(SB)/8, $0
DATA ucsAfter<>+8(SB)/8, $0
DATA ucsAfter<>+16(SB)/8, $-1
DATA ucsAfter<>+24(SB)/8, $-1
GLOBL ucsAfter<>(SB), RODATA|NOPTR, $32
