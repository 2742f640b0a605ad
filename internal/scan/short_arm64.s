//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// The NEON twin of short_amd64.s. The 64 bytes are loaded with LD4, which
// de-interleaves them: V0 holds bytes 0, 4, 8, ..., V1 bytes 1, 5, 9, ...,
// V2 and V3 likewise. The classification works byte by byte and does not
// care; the order pays off in PACK, which turns a mask of 0x00 or 0xFF
// bytes into one bit per byte, in order, with four shift-and-inserts and
// a shift (NEON has no movemask), where the bytes loaded in order would
// need an AND with bit weights and three pairwise sums for each sixteen.
//
//	R0   the input            V0-V3   its 64 bytes, by LD4
//	R1   its length n         V4      0x0F in each byte
//	R2   the offset of ":"    V5      nibbleHi
//	R3   that of the host     V6-V8   the laneNibbles of the host, the
//	R4   the bits from n on           path and the query
//	R5   the shift of the     V9      hexNibbles, with a "%"
//	     masks, 64-n at the   V10-V13 the low nibbles of V0-V3
//	     end of a page, or 0  V14-V17 the rows of their high nibbles
//	                          V18     '%' in each byte
//	R6   the bytes outside the sets of the host,
//	R7   the path
//	R8   and the query, with the bits from n on set
//	R9   the "%" that begin a triplet
//	R11  -2, for NEXT
//
//	R17  the bytes where the plain fact (plain.go) fails: a "%" or
//	     ";", or the first of two pair bytes in a row
//
// V19 to V31 and the other registers up to R16 are scratch.

// EQ sets t0 to t3 to 0xFF in each byte of V0 to V3 equal to the byte in
// each byte of c, 0 in the others.
#define EQ(c, t0, t1, t2, t3) \
	VCMEQ c.B16, V0.B16, t0.B16 \
	VCMEQ c.B16, V1.B16, t1.B16 \
	VCMEQ c.B16, V2.B16, t2.B16 \
	VCMEQ c.B16, V3.B16, t3.B16

// NEXT sets dst to the offset of the first byte after offset k whose bit
// is set in mask, or 64 when there is none: k is below n, and the mask has
// the bits from n on set, so the answer is at most n. The bits past k are
// -2<<k, not -1<<(k+1): a shift by a register counts modulo 64, and k+1
// is 64 when the last byte is a "/", "?" or "#". It needs R11 = -2.
#define NEXT(mask, k, dst) \
	LSL  k, R11, dst   \
	AND  mask, dst     \
	RBIT dst, dst      \
	CLZ  dst, dst

// IN sets t0 to t3 to 0xFF in each byte of V0 to V3 that is in the set
// whose nibble table is in table, 0 in the others.
#define IN(table, t0, t1, t2, t3) \
	VTBL   V10.B16, [table.B16], t0.B16 \
	VTBL   V11.B16, [table.B16], t1.B16 \
	VTBL   V12.B16, [table.B16], t2.B16 \
	VTBL   V13.B16, [table.B16], t3.B16 \
	VCMTST V14.B16, t0.B16, t0.B16      \
	VCMTST V15.B16, t1.B16, t1.B16      \
	VCMTST V16.B16, t2.B16, t2.B16      \
	VCMTST V17.B16, t3.B16, t3.B16

// PACK leaves in the halfwords of t3 the masks t0 to t3 of the bytes of
// V0 to V3, one bit per byte of the input in the low byte of each: byte k
// of t3 gathers the top bits of byte k of t0 to t3 (bytes 4k to 4k+3 of
// the input) in its high nibble and copies them to its low nibble, and the
// shift of each halfword brings the high nibble of its low byte (bytes 8k
// to 8k+3) and the low nibble of its high byte (8k+4 to 8k+7) together.
// UZP1 then keeps the low bytes of two such registers, one word each.
#define PACK(t0, t1, t2, t3) \
	VSRI  $1, t0.B16, t1.B16 \
	VSRI  $1, t2.B16, t3.B16 \
	VSRI  $2, t1.B16, t3.B16 \
	VSRI  $4, t3.B16, t3.B16 \
	VUSHR $4, t3.H8, t3.H8

// MAY_END_NUMBER goes on to yes when the host from hs to he of the input
// R0 may end like a number (MayEndNumber: the bit of its last byte, with
// 0x20 set, in EndNumberLow or EndNumberHigh; and a hex letter ends a
// number only in a label of three bytes or more, "0xa", not in "de" or
// "ca": NameMayEndNumber), and jumps to no when it cannot. It uses R16,
// t0 and t1.
#define MAY_END_NUMBER(hs, he, t0, t1, no, yes) \
	SUB   $1, he, R16              \
	MOVBU (R0)(R16), R16           \
	ORR   $0x20, R16               \
	MOVD  $const_EndNumberLow, t0  \
	MOVD  $const_EndNumberHigh, t1 \
	CMP   $64, R16                 \
	CSEL  HS, t1, t0, t0           \
	LSR   R16, t0, t0              \
	TBZ   $0, t0, no               \
	SUB   $0x61, R16, t0           \
	CMP   $6, t0                   \
	BHS   yes                      \
	SUB   hs, he, t0               \
	CMP   $2, t0                   \
	BLS   no                       \
	SUB   $2, he, t0               \
	MOVBU (R0)(t0), t1             \
	CMP   $0x2E, t1                \
	BEQ   no                       \
	SUB   $3, he, t0               \
	MOVBU (R0)(t0), t1             \
	CMP   $0x2E, t1                \
	BEQ   no

// func shortLane(s string) (m Marks, ok bool)
TEXT ·shortLane(SB), NOSPLIT, $0-49
	MOVD  s_base+0(FP), R0
	MOVD  s_len+8(FP), R1
	// Short calls it with any input, and when the tests turn it off.
	MOVBU ·hasShortLane(SB), R13
	CBZ   R13, fail
	SUB   $const_minShortLane, R1, R13
	CMP   $(const_maxShortLane-const_minShortLane), R13
	BHI   fail
	MOVD  (R0), R13
	MOVD  $shortSchemes<>(SB), R14
	LDP   (R14), (R14, R15)
	MOVD  $5, R2
	CMP   R14, R13
	BEQ   scheme
	MOVD  $4, R2
	LSL   $8, R13 // "http://" is the low seven bytes
	CMP   R15, R13
	BNE   fail

scheme:
	ADD   $3, R2, R3
	CMP   R1, R3
	BHS   fail // "https://" alone
	MOVBU (R0)(R3), R13 // the host begins with a letter
	ORR   $0x20, R13
	SUB   $0x61, R13
	CMP   $26, R13
	BHS   fail
	MOVD  $-2, R11
	SUB   $1, R1, R4
	LSL   R4, R11, R4 // the bits from n on, none when n is 64

	// The 64 bytes from the input, unless they would cross into a page
	// the input may not reach: then the 64 that end with the input, in
	// its page, and the masks are shifted down by R5. Any page is a
	// multiple of 4096 bytes.
	MOVD  ZR, R5
	AND   $4095, R0, R13
	CMP   $(4096-64), R13
	BHI   endOfPage
	VLD4  (R0), [V0.B16, V1.B16, V2.B16, V3.B16]

classify:
	VMOVI $0x0F, V4.B16
	MOVD  $·nibbleHi(SB), R13
	VLD1  (R13), [V5.B16]
	MOVD  $·laneNibbles(SB), R13
	VLD1  (R13), [V6.B16, V7.B16, V8.B16]
	VMOVI $0x25, V18.B16
	VAND  V4.B16, V0.B16, V10.B16
	VAND  V4.B16, V1.B16, V11.B16
	VAND  V4.B16, V2.B16, V12.B16
	VAND  V4.B16, V3.B16, V13.B16
	VUSHR $4, V0.B16, V14.B16
	VUSHR $4, V1.B16, V15.B16
	VUSHR $4, V2.B16, V16.B16
	VUSHR $4, V3.B16, V17.B16
	VTBL  V14.B16, [V5.B16], V14.B16
	VTBL  V15.B16, [V5.B16], V15.B16
	VTBL  V16.B16, [V5.B16], V16.B16
	VTBL  V17.B16, [V5.B16], V17.B16
	IN(V6, V19, V20, V21, V22)
	PACK(V19, V20, V21, V22)
	IN(V7, V23, V24, V25, V26)
	PACK(V23, V24, V25, V26)
	VUZP1 V26.B16, V22.B16, V22.B16
	VCMEQ V18.B16, V0.B16, V24.B16
	VCMEQ V18.B16, V1.B16, V25.B16
	VCMEQ V18.B16, V2.B16, V26.B16
	VCMEQ V18.B16, V3.B16, V27.B16
	PACK(V24, V25, V26, V27)
	VUZP1 V27.B16, V27.B16, V27.B16
	// The masks of the bytes in the sets, to those outside them, shifted
	// to the input and with the bits from n on set. The query's waits
	// until the path ends in a "?" or "#", as few short URLs' do.
	VMOV  V22.D[0], R6
	VMOV  V22.D[1], R7
	VMOV  V27.D[0], R9 // the "%" bytes
	LSR   R5, R6
	ORN   R6, R4, R6
	LSR   R5, R7
	ORN   R7, R4, R7
	LSR   R5, R9

	// The bytes where the plain fact fails: a "%" or ";", and the first
	// of two pair bytes in a row, the pair bytes from n on cleared, which
	// may be any.
	VMOVI $const_TriggerSemicolon, V28.B16
	EQ(V28, V19, V20, V21, V22)
	PACK(V19, V20, V21, V22)
	VMOVI $const_PairMask, V28.B16
	VMOVI $const_PairLow, V29.B16
	VAND  V28.B16, V0.B16, V23.B16
	VAND  V28.B16, V1.B16, V24.B16
	VAND  V28.B16, V2.B16, V25.B16
	VAND  V28.B16, V3.B16, V26.B16
	VCMEQ V29.B16, V23.B16, V23.B16
	VCMEQ V29.B16, V24.B16, V24.B16
	VCMEQ V29.B16, V25.B16, V25.B16
	VCMEQ V29.B16, V26.B16, V26.B16
	PACK(V23, V24, V25, V26)
	VUZP1 V26.B16, V22.B16, V22.B16
	VMOV  V22.D[0], R17 // ";"
	VMOV  V22.D[1], R10 // the pair bytes
	LSR   R5, R17
	ORR   R9, R17
	LSR   R5, R10
	BIC   R4, R10, R13
	AND   R13>>1, R10
	ORR   R10, R17
	CBZ   R9, walk

	// R9 holds the "%" bytes, with maybe some from n on, and R10 gets the
	// HEXDIG bytes, none from n on: a "%" followed by two HEXDIG begins a
	// triplet, which every set of the lane admits. Its digits are in
	// every set, so clearing the bit of the "%" lets each run go on
	// across it. R9 keeps those "%", for the query's mask: none when the
	// input has no "%".
	MOVD  $·hexNibbles(SB), R13
	VLD1  (R13), [V9.B16]
	IN(V9, V19, V20, V21, V22)
	PACK(V19, V20, V21, V22)
	VUZP1 V22.B16, V22.B16, V22.B16
	VMOV  V22.D[0], R10
	LSR   R5, R10
	BIC   R4, R10
	AND   R10>>1, R9
	AND   R10>>2, R9
	BIC   R9, R6
	BIC   R9, R7

walk:
	// The host: its first byte is in its set. R13, R14 and R15 get the
	// ends of the host, the path and the query.
	NEXT(R6, R3, R13)
	MOVD  R1, R14
	MOVD  R1, R15
	MOVD  $const_laneInfo, R12
	CMP   R1, R13
	BEQ   found
	MOVBU (R0)(R13), R16
	CMP   $0x2F, R16 // '/'
	BNE   fail
	NEXT(R7, R13, R14)
	CMP   R1, R14
	BEQ   found
	MOVBU (R0)(R14), R16

	// The mask of the query, which is the fragment's too.
	IN(V8, V19, V20, V21, V22)
	PACK(V19, V20, V21, V22)
	VUZP1 V22.B16, V22.B16, V22.B16
	VMOV  V22.D[0], R8
	LSR   R5, R8
	ORN   R8, R4, R8
	BIC   R9, R8
	CMP   $0x3F, R16 // '?'
	BNE   fragment
	ORR   $const_laneQuery, R12
	NEXT(R8, R14, R15)
	CMP   R1, R15
	BEQ   found
	MOVBU (R0)(R15), R16
	CMP   $0x23, R16 // '#'
	BNE   fail
	MOVD  R15, R16
	B     lastRun

fragment:
	CMP   $0x23, R16 // '#'
	BNE   fail
	MOVD  R14, R15
	MOVD  R14, R16

lastRun:
	// The fragment, after the "#" at R16, must reach the end.
	NEXT(R8, R16, R16)
	CMP   R1, R16
	BNE   fail
	ORR   $const_laneFragment, R12

found:
	// Plain when no byte of the host and path, from R3 to R14, fails it:
	// R17 shifted up past the path's end, then down past the host's
	// start (R3 < R14, and 64-R14+R3 < 64). Then the host may end like a
	// number.
	MOVD  $64, R16
	SUB   R14, R16, R16
	LSL   R16, R17, R17
	ADD   R3, R16, R16
	LSR   R16, R17, R17
	CBNZ  R17, store
	ORR   $const_lanePlain, R12
	MAY_END_NUMBER(R3, R13, R4, R5, store, number)

number:
	ORR   $const_laneNumber, R12

store:
	ORR   R3<<32, R2, R2
	MOVD  R2, m_schemeHost+16(FP)
	ORR   R13<<32, R13, R13
	MOVD  R13, m_hostPath+24(FP)
	ORR   R15<<32, R14, R14
	MOVD  R14, m_pathQuery+32(FP)
	ORR   R3<<32, R12, R12
	MOVD  R12, m_info+40(FP)
	MOVD  $1, R16
	MOVB  R16, ok+48(FP)
	RET

endOfPage:
	ADD   R1, R0, R13
	SUB   $64, R13
	VLD4  (R13), [V0.B16, V1.B16, V2.B16, V3.B16]
	MOVD  $64, R5
	SUB   R1, R5
	B     classify

fail:
	MOVD  ZR, m_schemeHost+16(FP)
	MOVD  ZR, m_hostPath+24(FP)
	MOVD  ZR, m_pathQuery+32(FP)
	MOVD  ZR, m_info+40(FP)
	MOVB  ZR, ok+48(FP)
	RET

// shortSchemes are the first eight bytes of an input that begins with
// "https://", and the first seven of one that begins with "http://",
// moved up by a byte, for one LDP rather than two four-instruction moves.
DATA shortSchemes<>+0(SB)/8, $0x2f2f3a7370747468
DATA shortSchemes<>+8(SB)/8, $0x2f2f3a7074746800
GLOBL shortSchemes<>(SB), RODATA|NOPTR, $16

// PLAINBLOCK ors into V5 the bytes of the 16 at p that fail the plain fact
// (see MaxPlain), 0xFF each: a "%", a ";" or a byte >= 0x80, or the first
// of two pair bytes, the second from the same bytes loaded again one
// further on, so that no pair crosses a block. It reads 17 bytes from p
// and uses R13 and V0 to V4; V20 to V24 hold "%", ";", 0x80 and the pair
// bytes' mask and value in each byte.
#define PLAINBLOCK(p) \
	VLD1   (p), [V0.B16]           \
	ADD    $1, p, R13              \
	VLD1   (R13), [V1.B16]         \
	VCMEQ  V20.B16, V0.B16, V2.B16 \
	VCMEQ  V21.B16, V0.B16, V3.B16 \
	VORR   V3.B16, V2.B16, V2.B16  \
	VCMTST V22.B16, V0.B16, V3.B16 \
	VORR   V3.B16, V2.B16, V2.B16  \
	VAND   V23.B16, V0.B16, V3.B16 \
	VCMEQ  V24.B16, V3.B16, V3.B16 \
	VAND   V23.B16, V1.B16, V4.B16 \
	VCMEQ  V24.B16, V4.B16, V4.B16 \
	VAND   V4.B16, V3.B16, V3.B16  \
	VORR   V3.B16, V2.B16, V2.B16  \
	VORR   V2.B16, V5.B16, V5.B16

// func plainFacts(s string, m Marks) uint64
//
// The NEON twin of short_amd64.s's: the host and path, [hs, pe), in
// blocks of 16 from the host on, the last one ending with the path, and
// the last byte, whose pair no block holds, alone. A host and path of
// fewer than 17 bytes are left to plainFactsWords, and so is everything
// when the tests turn hasShortLane off.
TEXT ·plainFacts(SB), NOSPLIT, $0-56
	MOVBU ·hasShortLane(SB), R7
	CBZ   R7, plainWords // as the tests turn it off
	MOVD  s_base+0(FP), R0
	MOVD  s_len+8(FP), R1
	MOVD  m_schemeHost+16(FP), R2
	MOVD  m_hostPath+24(FP), R3
	MOVD  m_pathQuery+32(FP), R4
	MOVWU R3, R3 // the end of the host
	MOVWU R4, R4 // the end of the path
	CMP   R1, R4
	CSEL  HI, R1, R4, R4 // only the bytes up to the end of the path matter
	MOVWU R2, R5 // the end of the scheme
	LSR   $32, R2, R6 // the start of the host
	CMP   $4, R5 // a scheme of four letters beginning with "f": see MaxPlain
	BNE   plainNotFile
	MOVBU (R0), R7
	ORR   $0x20, R7
	CMP   $0x66, R7 // 'f'
	BEQ   plainNone

plainNotFile:
	CMP   R6, R3
	BLS   plainNone // an empty host
	SUB   R6, R4, R7 // the length of the host and path
	CMP   $17, R7
	BLO   plainWords
	VMOVI $const_TriggerPercent, V20.B16
	VMOVI $const_TriggerSemicolon, V21.B16
	VMOVI $0x80, V22.B16
	VMOVI $const_PairMask, V23.B16
	VMOVI $const_PairLow, V24.B16
	VEOR  V5.B16, V5.B16, V5.B16
	ADD   R6, R0, R8 // the first block
	ADD   R4, R0, R9
	SUB   $17, R9, R9 // the last block

plainBlocks:
	CMP   R9, R8
	BHS   plainLast
	PLAINBLOCK(R8)
	ADD   $16, R8
	B     plainBlocks

plainLast:
	PLAINBLOCK(R9)
	VMOV  V5.D[0], R10
	VMOV  V5.D[1], R11
	ORR   R11, R10, R10
	CBNZ  R10, plainNone
	SUB   $1, R4, R10
	MOVBU (R0)(R10), R10 // the last byte
	CMP   $const_TriggerPercent, R10
	BEQ   plainNone
	CMP   $const_TriggerSemicolon, R10
	BEQ   plainNone
	CMP   $0x80, R10
	BHS   plainNone

	// Plain; then the host may end like a number.
	MOVD  $const_lanePlain, R12
	MAY_END_NUMBER(R6, R3, R10, R11, plainStore, plainNumber)

plainNumber:
	ORR   $const_laneNumber, R12

plainStore:
	MOVD  R12, ret+48(FP)
	RET

plainNone:
	MOVD  ZR, ret+48(FP)
	RET

plainWords:
	B     ·plainFactsWords(SB)
