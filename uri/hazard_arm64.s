//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "hazard.h"

// The NEON twin of hazard_amd64.s, with the conventions of
// internal/scan/short_arm64.s. A window of 64 bytes is loaded with LD4,
// which de-interleaves it: V0 holds bytes 0, 4, 8, ..., V1 bytes 1, 5, 9,
// ..., V2 and V3 likewise. So the byte after a byte of V0, V1 or V2 is in
// the same lane of the next register, and the one after a byte of V3 in
// the next lane of V0; and PACK turns the masks of 0x00 or 0xFF bytes
// into one bit per byte, in order.
//
//	R0   the string, then  V0-V3  a window's bytes    V9       zero
//	     the next window   V4     '%' in each byte    V10-V13  the masks
//	R1   its length n      V5     ';'                          of V0-V3
//	R2   the start of the  V6     '/'
//	     64 bytes that     V7     '.'
//	     end with it       V8     '-'
//	R5   a window's mask
//
// R3, R4 and V14 to V28 are scratch.

// PACK leaves in the halfwords of t3 the masks t0 to t3 of the bytes of
// V0 to V3, one bit per byte of the window in the low byte of each, as in
// internal/scan/short_arm64.s, which says how.
#define PACK(t0, t1, t2, t3) \
	VSRI  $1, t0.B16, t1.B16 \
	VSRI  $1, t2.B16, t3.B16 \
	VSRI  $2, t1.B16, t3.B16 \
	VSRI  $4, t3.B16, t3.B16 \
	VUSHR $4, t3.H8, t3.H8

// CLASSIFY sets a, s, d and h to 0xFF in each byte of v that is a "%" or
// ";", a "/", a "." and a "-", 0 in the others. It uses V14.
#define CLASSIFY(v, a, s, d, h) \
	VCMEQ V4.B16, v.B16, a.B16   \
	VCMEQ V5.B16, v.B16, V14.B16 \
	VORR  V14.B16, a.B16, a.B16  \
	VCMEQ V6.B16, v.B16, s.B16   \
	VCMEQ V7.B16, v.B16, d.B16   \
	VCMEQ V8.B16, v.B16, h.B16

// WINDOW sets R5 to the mask of the bytes of the 64 at p where a hazard
// may begin, bit k for byte k: a "%" or ";", a "/" whose next byte is a
// ".", a "-" whose next byte is a "-". The last byte has no next byte in
// the window (EXT brings in zero); the caller sees to that one. A "/" or
// "-" is no "%" or ";", so BIT, which copies into a the bytes of the next
// byte's mask where s or h is set, ORs the pair in. It uses V0 to V3 and
// V10 to V28.
#define WINDOW(p) \
	VLD4  (p), [V0.B16, V1.B16, V2.B16, V3.B16]        \
	CLASSIFY(V0, V10, V15, V16, V17)                   \
	CLASSIFY(V1, V11, V18, V19, V20)                   \
	CLASSIFY(V2, V12, V21, V22, V23)                   \
	CLASSIFY(V3, V13, V24, V25, V26)                   \
	VEXT  $1, V9.B16, V16.B16, V27.B16 /* the "." after each byte of V3 */ \
	VEXT  $1, V9.B16, V17.B16, V28.B16 /* the "-" */  \
	VBIT  V15.B16, V19.B16, V10.B16                    \
	VBIT  V17.B16, V20.B16, V10.B16                    \
	VBIT  V18.B16, V22.B16, V11.B16                    \
	VBIT  V20.B16, V23.B16, V11.B16                    \
	VBIT  V21.B16, V25.B16, V12.B16                    \
	VBIT  V23.B16, V26.B16, V12.B16                    \
	VBIT  V24.B16, V27.B16, V13.B16                    \
	VBIT  V26.B16, V28.B16, V13.B16                    \
	PACK(V10, V11, V12, V13)                           \
	VUZP1 V13.B16, V13.B16, V13.B16                    \
	VMOV  V13.D[0], R5

// HOLDS looks in the R1 bytes at R0 for what mayHoldWords looks for, and
// goes on to found or to none. Sixty-four bytes or fewer are one window:
// the 64 bytes that end with them when those stay in the page of R0, as
// they do unless R0 is within 64 bytes of the start of a page, with the
// mask moved down past the bytes before R0 (and with them the pair of the
// byte before R0 and the first); otherwise the 64 from R0 on, within its
// page, with the bits from n-1 on cleared and the last byte looked at
// alone, for a "/" or "-" there would pair with a byte after the string.
// Any page is a multiple of 4096 bytes. More bytes are read in windows
// that begin 63 bytes apart, so that the pair at the last byte of one is
// the first pair of the next, and a last window that ends with them. It
// uses R2 to R5 and the vector registers above; its labels are
// startOfPage and long: a function can hold it once.
#define HOLDS(found, none) \
	CBZ   R1, none                                     \
	ADD   R0, R1, R2                                   \
	SUB   $64, R2                                      \
	VMOVI $const_triggerPercent, V4.B16                \
	VMOVI $const_triggerSemicolon, V5.B16              \
	VMOVI $const_triggerSlash, V6.B16                  \
	VMOVI $const_triggerDot, V7.B16                    \
	VMOVI $const_triggerHyphen, V8.B16                 \
	VEOR  V9.B16, V9.B16, V9.B16                       \
	CMP   $64, R1                                      \
	BHI   long                                         \
	AND   $4095, R0, R3                                \
	ADD   R1, R3                                       \
	CMP   $64, R3                                      \
	BLO   startOfPage                                  \
	WINDOW(R2)                                         \
	NEG   R1, R3 /* a shift by 64-n, modulo 64 */      \
	LSR   R3, R5                                       \
	CBNZ  R5, found                                    \
	B     none                                         \
startOfPage:                                           \
	MOVBU 63(R2), R3 /* the last byte */               \
	CMP   $const_triggerPercent, R3                    \
	BEQ   found                                        \
	CMP   $const_triggerSemicolon, R3                  \
	BEQ   found                                        \
	WINDOW(R0)                                         \
	SUB   $1, R1, R3                                   \
	MOVD  $-1, R4                                      \
	LSL   R3, R4                                       \
	BIC   R4, R5                                       \
	CBNZ  R5, found                                    \
	B     none                                         \
long:                                                  \
	WINDOW(R0)                                         \
	CBNZ  R5, found                                    \
	ADD   $63, R0                                      \
	CMP   R2, R0                                       \
	BLO   long                                         \
	WINDOW(R2)                                         \
	CBNZ  R5, found                                    \
	B     none

// func holdsVector(s string) bool
TEXT ·holdsVector(SB), NOSPLIT, $0-17
	MOVD s_base+0(FP), R0
	MOVD s_len+8(FP), R1
	HOLDS(found, none)

none:
	MOVB ZR, ret+16(FP)
	RET

found:
	MOVD $1, R3
	MOVB R3, ret+16(FP)
	RET

// func hostPathVector(u *URI) int
//
// The shortcut of Hazards, all of it with NEON, for a URI whose host is a
// reg-name: it returns -1 when the host is empty or ends like a number, or
// the host or path holds what mayHoldWords looks for, 1 when the path
// begins with "//", and 0 otherwise, as hostPathWords does. It reads u in
// memory, where Hazards keeps it anyway, rather than six arguments; R6
// keeps u and R7 the string's start through HOLDS.
TEXT ·hostPathVector(SB), NOSPLIT, $0-16
	MOVD  u+0(FP), R6
	MOVD  TEXT_OF_URI(R6), R7
	MOVWU HOST_START(R6), R0
	MOVWU HOST_END(R6), R3
	CMP   R0, R3
	BLS   closer
	ADD   R7, R3
	MOVBU -1(R3), R3 // the last byte of the host
	ORR   $0x20, R3
	CMP   $0x80, R3
	BHS   closer
	LSR   $6, R3, R4
	MOVD  $endNumber<>(SB), R5
	MOVD  (R5)(R4<<3), R5
	LSR   R3, R5 // by c%64
	TBNZ  $0, R5, closer
	MOVWU PATH_END(R6), R1
	SUB   R0, R1
	ADD   R7, R0
	HOLDS(closer, clean)

clean:
	MOVWU PATH_START(R6), R0
	MOVWU PATH_END(R6), R1
	SUB   R0, R1
	CMP   $1, R1
	BLS   none
	ADD   R7, R0
	MOVBU 1(R0), R0
	CMP   $0x2f, R0 // "//"
	BNE   none
	MOVD  $1, R0
	MOVD  R0, ret+8(FP)
	RET

none:
	MOVD ZR, ret+8(FP)
	RET

closer:
	MOVD $-1, R0
	MOVD R0, ret+8(FP)
	RET
