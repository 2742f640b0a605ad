//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// NEXT sets dst to the offset of the first byte at or after offset k
// whose bit is set in mask: the lowest set bit of mask past the k lowest,
// or 64 when there is none. k may be dst. It uses DX.
#define NEXT(mask, k, dst) \
	MOVQ   $-1, DX     \
	BZHIQ  k, DX, DX   \
	ANDNQ  mask, DX, dst \
	TZCNTQ dst, dst

// OUT2 sets dst to the mask of the bytes of the window Y0:Y1 outside the
// set whose nibble table is at table, given the low nibbles of the window
// in Y3 and Y5 and the rows of their high nibbles in nibbleHi in Y2 and
// Y4. Y13 holds zero. It uses DX, Y6 and Y7.
#define OUT2(table, dst) \
	VBROADCASTI128 table, Y6 \
	VPSHUFB   Y3, Y6, Y7     \
	VPAND     Y2, Y7, Y7     \
	VPCMPEQB  Y13, Y7, Y7    \
	VPMOVMSKB Y7, dst        \
	VPSHUFB   Y5, Y6, Y7     \
	VPAND     Y4, Y7, Y7     \
	VPCMPEQB  Y13, Y7, Y7    \
	VPMOVMSKB Y7, DX         \
	SHLQ      $32, DX        \
	ORQ       DX, dst

// OUT64 is OUT2 with AVX-512, for the window Z0: the low nibbles in Z3
// and the rows in Z2. It uses K2 and Z4.
#define OUT64(table, dst) \
	VBROADCASTI32X4 table, Z4 \
	VPSHUFB   Z3, Z4, Z4      \
	VPTESTNMB Z2, Z4, K2      \
	KMOVQ     K2, dst

// The bytes of the plain fact (plain.go), each sixty-four times, for the
// compares to read from memory: all of them with AVX-512, the first
// thirty-two with AVX2: ";", and the mask and value of the pair bytes.
#define BYTES64(name, b8) \
	DATA name<>+0(SB)/8, b8             \
	DATA name<>+8(SB)/8, b8             \
	DATA name<>+16(SB)/8, b8            \
	DATA name<>+24(SB)/8, b8            \
	DATA name<>+32(SB)/8, b8            \
	DATA name<>+40(SB)/8, b8            \
	DATA name<>+48(SB)/8, b8            \
	DATA name<>+56(SB)/8, b8            \
	GLOBL name<>(SB), RODATA|NOPTR, $64

BYTES64(trigPercent, $const_Percent8)
BYTES64(trigSemicolon, $const_Semicolon8)
BYTES64(pairMask, $const_PairMask8)
BYTES64(pairLow, $const_PairLow8)

// PLAINK sets K4 to the bytes of Z0 that fail the plain fact (see
// MaxPlain), a bit each: a "%", a ";" or a byte >= 0x80, and a pair byte
// followed by another within Z0. Zero bytes, which a masked load leaves
// past the input, fail nothing. It uses Z1 and K3 to K6.
#define PLAINK \
	VPMOVB2M   Z0, K4                      \
	VPCMPEQB   trigPercent<>(SB), Z0, K3   \
	KORQ       K3, K4, K4                  \
	VPCMPEQB   trigSemicolon<>(SB), Z0, K3 \
	KORQ       K3, K4, K4                  \
	VPANDQ     pairMask<>(SB), Z0, Z1      \
	VPCMPEQB   pairLow<>(SB), Z1, K5       \
	KSHIFTRQ   $1, K5, K6                  \
	KANDQ      K6, K5, K5                  \
	KORQ       K5, K4, K4

// PLAINBLOCK sets the high bit of each byte of Y2 whose byte of the 32
// at p fails the plain fact (see PLAINK), the pairs from the same bytes
// loaded again one further on, so that none crosses a block. It reads
// 33 bytes from p and uses Y0 to Y4.
#define PLAINBLOCK(p) \
	VMOVDQU   (p), Y0                     \
	VMOVDQU   1(p), Y1                    \
	VPCMPEQB  trigPercent<>(SB), Y0, Y2   \
	VPCMPEQB  trigSemicolon<>(SB), Y0, Y3 \
	VPOR      Y3, Y2, Y2                  \
	VPOR      Y0, Y2, Y2                  \
	VPAND     pairMask<>(SB), Y0, Y3      \
	VPCMPEQB  pairLow<>(SB), Y3, Y3       \
	VPAND     pairMask<>(SB), Y1, Y4      \
	VPCMPEQB  pairLow<>(SB), Y4, Y4       \
	VPAND     Y4, Y3, Y3                  \
	VPOR      Y3, Y2, Y2

// MAY_END_NUMBER goes on to yes when the host that begins at hs and ends
// before DI in the input SI may end like a number (MayEndNumber: the bit
// of its last byte, with 0x20 set, in EndNumberLow or EndNumberHigh; and a
// hex letter ends a number only in a label of three bytes or more, "0xa",
// not in "de" or "ca": NameMayEndNumber), and jumps to no when it cannot.
// It uses R10, R11 and R13.
#define MAY_END_NUMBER(hs, no, yes) \
	MOVBLZX -1(SI)(DI*1), R10   \
	ORL     $0x20, R10          \
	MOVL    R10, R11            \
	SHRL    $6, R11             \
	LEAQ    endNumber<>(SB), R13 \
	MOVQ    (R13)(R11*8), R11   \
	BTQ     R10, R11            \
	JCC     no                  \
	LEAL    -0x61(R10), R11     \
	CMPL    R11, $6             \
	JAE     yes                 \
	MOVQ    DI, R11             \
	SUBQ    hs, R11             \
	CMPQ    R11, $2             \
	JLS     no                  \
	CMPB    -2(SI)(DI*1), $0x2E \
	JEQ     no                  \
	CMPB    -3(SI)(DI*1), $0x2E \
	JEQ     no

// endNumber is MayEndNumber's table: bit c%64 of word c/64 is set for the
// bytes c (0x20 set) that may end a number or be a trailing dot.
DATA endNumber<>+0(SB)/8, $const_EndNumberLow
DATA endNumber<>+8(SB)/8, $const_EndNumberHigh
GLOBL endNumber<>(SB), RODATA|NOPTR, $16

// func shortLane(s string) (m Marks, ok bool)
//
// R9 holds the length n, from 8 to 64, SI the bytes; BX the offset of the
// ":" after the scheme and R8 that of the authority. R10 and R11 get the
// masks of the bytes outside the sets of the host and the path, each with
// the bits from n on set, so that a search stops at the end of the input,
// and R13 the "%" that begin a triplet; R12 the mask of the first n bits,
// and with AVX2 that of the bits from n on. The mask of the bytes outside
// the set of the query (and of the fragment) is made only when a "?" or a
// "#" follows the path, which it does in few URLs, in R13, from the
// triplets there. R14, which ABI0 code may use (the wrapper back to
// Go restores the goroutine in it), gets the mask of the bytes where the
// plain fact fails: a trigger byte, or the first of a trigger pair.
TEXT ·shortLane(SB), NOSPLIT, $0-49
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), R9
	// Short calls it with any input, and on any processor.
	CMPB ·hasShortLane(SB), $0
	JEQ  refuse
	LEAQ -const_minShortLane(R9), AX
	CMPQ AX, $(const_maxShortLane-const_minShortLane)
	JA   refuse
	MOVQ (SI), AX
	MOVQ $0x2f2f3a7370747468, DX // "https://"
	MOVL $5, BX
	CMPQ AX, DX
	JEQ  scheme
	MOVL $4, BX
	SHLQ $8, AX // "http://" is the low seven bytes
	MOVQ $0x2f2f3a7074746800, DX
	CMPQ AX, DX
	JNE  fail

scheme:
	LEAQ    3(BX), R8
	CMPQ    R8, R9
	JAE     fail // "https://" alone
	MOVBLZX (SI)(R8*1), AX // the host begins with a letter
	ORL     $0x20, AX
	SUBL    $0x61, AX
	CMPL    AX, $26
	JAE     fail
	MOVQ    $-1, R12
	BZHIQ   R9, R12, R12
	CMPB    ·useAVX512(SB), $0
	JEQ     avx2

	// One load, masked to the n bytes: the bytes past them read as zero,
	// which no set holds and which is not a "%", and the masks of the
	// bytes outside the sets have their bits set without more ado.
	KMOVQ      R12, K1
	VMOVDQU8.Z (SI), K1, Z0
	VBROADCASTI32X4 ·lowNibbles(SB), Z5
	VPSRLW     $4, Z0, Z2
	VPANDQ     Z5, Z2, Z2
	VPANDQ     Z5, Z0, Z3
	VBROADCASTI32X4 ·nibbleHi(SB), Z4
	VPSHUFB    Z2, Z4, Z2
	OUT64(·laneNibbles+0(SB), R10)
	OUT64(·laneNibbles+16(SB), R11)
	VBROADCASTI32X4 ·percents(SB), Z6
	VPCMPEQB   Z6, Z0, K3
	// The bytes where the plain fact fails, in R14: a "%" or ";", and
	// the first of two pair bytes in a row. The bytes past n read as
	// zero, which is no pair byte.
	VPCMPEQB   trigSemicolon<>(SB), Z0, K4
	KORQ       K3, K4, K4
	VPANDQ     pairMask<>(SB), Z0, Z7
	VPCMPEQB   pairLow<>(SB), Z7, K5
	KSHIFTRQ   $1, K5, K6
	KANDQ      K6, K5, K5
	KORQ       K5, K4, K4
	KMOVQ      K4, R14
	XORL       R13, R13 // no triplets
	KORTESTQ   K3, K3
	JZ         walk
	KMOVQ      K3, CX
	OUT64(·hexNibbles(SB), AX)
	NOTQ       AX // the HEXDIG bytes
	JMP        triplets

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
	JMP     classify

endOfPage:
	LEAQ    -64(SI)(R9*1), AX
	VMOVDQU (AX), Y0
	VMOVDQU 32(AX), Y1
	MOVL    $64, CX
	SUBL    R9, CX

classify:
	NOTQ      R12
	VBROADCASTI128 ·lowNibbles(SB), Y14
	VPXOR     Y13, Y13, Y13
	VPSRLW    $4, Y0, Y2
	VPAND     Y14, Y2, Y2
	VPAND     Y14, Y0, Y3
	VPSRLW    $4, Y1, Y4
	VPAND     Y14, Y4, Y4
	VPAND     Y14, Y1, Y5
	VBROADCASTI128 ·nibbleHi(SB), Y6
	VPSHUFB   Y2, Y6, Y2
	VPSHUFB   Y4, Y6, Y4
	OUT2(·laneNibbles+0(SB), R10)
	SHRQ      CX, R10
	ORQ       R12, R10
	OUT2(·laneNibbles+16(SB), R11)
	SHRQ      CX, R11
	ORQ       R12, R11
	// The "%" bytes, and the ";" with them, in AX: the triplets it
	// finds from them are those of the "%", for a ";" is in every set of
	// the lane, and the plain fact fails at both.
	VBROADCASTI128 ·percents(SB), Y12
	VPCMPEQB  Y12, Y0, Y7
	VPCMPEQB  trigSemicolon<>(SB), Y0, Y8
	VPOR      Y8, Y7, Y7
	VPMOVMSKB Y7, AX
	VPCMPEQB  Y12, Y1, Y7
	VPCMPEQB  trigSemicolon<>(SB), Y1, Y8
	VPOR      Y8, Y7, Y7
	VPMOVMSKB Y7, DX
	SHLQ      $32, DX
	ORQ       DX, AX
	SHRQ      CX, AX
	// The bytes where the plain fact fails, in R14: those of AX, and the
	// first of two pair bytes in a row, the pair bytes from n on cleared,
	// which may be any.
	VPAND     pairMask<>(SB), Y0, Y9
	VPCMPEQB  pairLow<>(SB), Y9, Y9
	VPAND     pairMask<>(SB), Y1, Y10
	VPCMPEQB  pairLow<>(SB), Y10, Y10
	VPMOVMSKB Y9, R14
	VPMOVMSKB Y10, DX
	SHLQ      $32, DX
	ORQ       DX, R14
	SHRQ      CX, R14
	ANDNQ     R14, R12, DX
	SHRQ      $1, DX
	ANDQ      DX, R14
	ORQ       AX, R14
	XORL      R13, R13 // no triplets
	TESTQ     AX, AX
	JZ        walk
	OUT2(·hexNibbles(SB), DI)
	SHRQ      CX, DI
	MOVQ      AX, CX
	ORQ       R12, DI
	NOTQ      DI
	MOVQ      DI, AX // the HEXDIG bytes

triplets:
	// CX holds the "%" bytes and AX the HEXDIG bytes, none from n on: a
	// "%" followed by two HEXDIG begins a triplet, which every set of the
	// lane admits. Its digits are in every set, so clearing the bit of
	// the "%" lets each run go on across it; R13 keeps the triplets for
	// the query's mask.
	SHRQ  $1, AX
	ANDQ  AX, CX
	SHRQ  $1, AX
	ANDQ  AX, CX
	ANDNQ R10, CX, R10
	ANDNQ R11, CX, R11
	MOVQ  CX, R13

walk:
	// The host: its first byte is in its set.
	NEXT(R10, R8, DI)
	MOVQ R9, AX // the end of the path
	MOVQ R9, CX // the end of the query
	MOVL $const_laneInfo, R12
	CMPQ DI, R9
	JEQ  found
	CMPB (SI)(DI*1), $0x2F // '/'
	JNE  fail
	LEAQ 1(DI), AX
	NEXT(R11, AX, AX)
	CMPQ AX, R9
	JEQ  found
	// A "?" or a "#" follows the path, or a byte that fails the lane: the
	// mask of the bytes outside the set of the query, in R13 (from the
	// triplets in it), as classify would have made it.
	CMPB ·useAVX512(SB), $0
	JEQ  queryAVX2
	OUT64(·laneNibbles+32(SB), R10)
	JMP  query

queryAVX2:
	// The shift of the masks, 64-n when the 64 bytes ended with the
	// input (see avx2), in R11; the bits from n on set.
	XORL  R11, R11
	MOVL  SI, DX
	ANDL  $4095, DX
	CMPL  DX, $(4096-64)
	JLS   queryShift
	MOVL  $64, R11
	SUBL  R9, R11

queryShift:
	OUT2(·laneNibbles+32(SB), R10)
	SHRXQ R11, R10, R10
	MOVQ  $-1, DX
	BZHIQ R9, DX, DX
	NOTQ  DX
	ORQ   DX, R10

query:
	ANDNQ R10, R13, R13
	MOVBLZX (SI)(AX*1), R10
	CMPL R10, $0x3F // '?'
	JNE  fragment
	ORL  $const_laneQuery, R12
	LEAQ 1(AX), CX
	NEXT(R13, CX, CX)
	CMPQ CX, R9
	JEQ  found
	CMPB (SI)(CX*1), $0x23 // '#'
	JNE  fail
	LEAQ 1(CX), R10
	JMP  lastRun

fragment:
	CMPL R10, $0x23 // '#'
	JNE  fail
	MOVQ AX, CX
	LEAQ 1(AX), R10

lastRun:
	// The fragment, from R10, must reach the end.
	NEXT(R13, R10, R10)
	CMPQ R10, R9
	JNE  fail
	ORL  $const_laneFragment, R12

found:
	// Plain when no byte of the host and path, from R8 to AX, fails it;
	// then the host may end like a number.
	BZHIQ AX, R14, R10
	SHRXQ R8, R10, R10
	TESTQ R10, R10
	JNE   store
	ORL   $const_lanePlain, R12
	MAY_END_NUMBER(R8, store, number)

number:
	ORL   $const_laneNumber, R12

store:
	SHLQ $32, R8
	ORQ  R8, BX
	MOVQ BX, m_schemeHost+16(FP)
	MOVQ DI, DX
	SHLQ $32, DX
	ORQ  DI, DX
	MOVQ DX, m_hostPath+24(FP)
	SHLQ $32, CX
	ORQ  AX, CX
	MOVQ CX, m_pathQuery+32(FP)
	ORQ  R12, R8
	MOVQ R8, m_info+40(FP)
	MOVB $1, ok+48(FP)
	VZEROUPPER
	RET

fail:
	VZEROUPPER

refuse:
	// Without AVX (hasShortLane false), no VZEROUPPER.
	MOVQ $0, m_schemeHost+16(FP)
	MOVQ $0, m_hostPath+24(FP)
	MOVQ $0, m_pathQuery+32(FP)
	MOVQ $0, m_info+40(FP)
	MOVB $0, ok+48(FP)
	RET

// func plainFacts(s string, m Marks) uint64
//
// For s of 1 to 64 bytes and its marks m, whose info word has the shape of
// a plain URI: the bits of its plain facts (plainFact, plainNumber), read
// from the masks of its bytes as shortLane finds them, a byte >= 0x80
// besides (shortLane reads none). Without AVX2 it is plainFactsWords.
TEXT ·plainFacts(SB), NOSPLIT, $0-56
	CMPB  ·hasShortLane(SB), $0
	JEQ   words
	MOVQ  s_base+0(FP), SI
	MOVQ  s_len+8(FP), R9
	MOVQ  m_schemeHost+16(FP), BX
	MOVQ  m_hostPath+24(FP), DI
	MOVL  DI, DI // the end of the host
	MOVQ  m_pathQuery+32(FP), R10
	MOVL  R10, R10 // the end of the path
	CMPL  BX, $4 // a scheme of four letters beginning with "f": see MaxPlain
	JNE   notFile
	MOVBLZX (SI), AX
	ORL   $0x20, AX
	CMPL  AX, $0x66 // 'f'
	JEQ   none

notFile:
	SHRQ  $32, BX // the start of the host
	CMPQ  DI, BX
	JLS   none // an empty host
	CMPQ  R10, R9 // only the bytes up to the end of the path matter
	CMOVQCS R10, R9
	CMPQ  R9, $64
	JA    plainLong
	MOVQ  $-1, R12
	BZHIQ R9, R12, R12
	CMPB  ·useAVX512(SB), $0
	JEQ   plainAVX2

	// The bytes past n read as zero: none of them fails the fact.
	KMOVQ      R12, K1
	VMOVDQU8.Z (SI), K1, Z0
	PLAINK
	KMOVQ      K4, AX
	JMP        plainHostPath

plainAVX2:
	// As shortLane loads: 64 bytes from s, or the 64 that end with s at
	// the end of a page, the masks then shifted down by CX; or 32 the
	// same way when s has at most 32 bytes, as many targets of Resolve
	// do.
	XORL    CX, CX
	CMPQ    R9, $32
	JA      plain64
	MOVQ    SI, AX
	ANDL    $4095, AX
	CMPL    AX, $(4096-32)
	JA      plainEndOfPage32
	VMOVDQU (SI), Y0
	JMP     plainClassify32

plainEndOfPage32:
	LEAQ    -32(SI)(R9*1), AX
	VMOVDQU (AX), Y0
	MOVL    $32, CX
	SUBL    R9, CX

plainClassify32:
	// As plainClassify below, for one half.
	VPCMPEQB  trigPercent<>(SB), Y0, Y2
	VPCMPEQB  trigSemicolon<>(SB), Y0, Y3
	VPOR      Y2, Y3, Y2
	VPOR      Y0, Y2, Y2
	VPAND     pairMask<>(SB), Y0, Y4
	VPCMPEQB  pairLow<>(SB), Y4, Y4
	VPMOVMSKB Y2, AX
	VPMOVMSKB Y4, R11
	SHRL      CX, AX
	SHRL      CX, R11
	ANDQ      R12, R11
	MOVQ      R11, DX
	SHRQ      $1, DX
	ANDQ      DX, R11
	ORQ       R11, AX
	JMP       plainHostPath

plain64:
	MOVQ    SI, AX
	ANDL    $4095, AX
	CMPL    AX, $(4096-64)
	JA      plainEndOfPage
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	JMP     plainClassify

plainEndOfPage:
	LEAQ    -64(SI)(R9*1), AX
	VMOVDQU (AX), Y0
	VMOVDQU 32(AX), Y1
	MOVL    $64, CX
	SUBL    R9, CX

plainClassify:
	// A "%", a ";" or a byte >= 0x80 (its own high bit) in AX, where the
	// bits from n on do not matter (plainHostPath clears them); the pair
	// bytes in R11, cleared from n on (those bytes may be any) before the
	// pairs are looked for.
	VPCMPEQB  trigPercent<>(SB), Y0, Y2
	VPCMPEQB  trigSemicolon<>(SB), Y0, Y3
	VPOR      Y2, Y3, Y2
	VPOR      Y0, Y2, Y2
	VPCMPEQB  trigPercent<>(SB), Y1, Y3
	VPCMPEQB  trigSemicolon<>(SB), Y1, Y4
	VPOR      Y3, Y4, Y3
	VPOR      Y1, Y3, Y3
	VPAND     pairMask<>(SB), Y0, Y4
	VPCMPEQB  pairLow<>(SB), Y4, Y4
	VPAND     pairMask<>(SB), Y1, Y5
	VPCMPEQB  pairLow<>(SB), Y5, Y5
	VPMOVMSKB Y2, AX
	VPMOVMSKB Y3, DX
	SHLQ      $32, DX
	ORQ       DX, AX
	VPMOVMSKB Y4, R11
	VPMOVMSKB Y5, DX
	SHLQ      $32, DX
	ORQ       DX, R11
	SHRQ      CX, AX
	SHRQ      CX, R11
	ANDQ      R12, R11
	MOVQ      R11, DX
	SHRQ      $1, DX
	ANDQ      DX, R11
	ORQ       R11, AX

plainHostPath:
	// Plain when no byte of the host and path, from BX to R10, fails
	// it; then the host may end like a number, as in shortLane.
	BZHIQ   R10, AX, AX
	SHRXQ   BX, AX, AX
	TESTQ   AX, AX
	JNE     none
	MOVL    $const_lanePlain, AX
	MAY_END_NUMBER(BX, facts, plainNumber)

plainNumber:
	ORL     $const_laneNumber, AX

facts:
	MOVQ AX, ret+48(FP)
	VZEROUPPER
	RET

none:
	MOVQ $0, ret+48(FP)
	VZEROUPPER
	RET

plainLong:
	// A path that ends after the first 64 bytes, and at most MaxPlain
	// bytes in: its host and path, [BX, R9), are read alone, in blocks
	// with AVX2, in one or two masked windows of 64 with AVX-512.
	CMPQ    R9, $const_MaxPlain
	JA      words
	MOVQ    R9, CX
	SUBQ    BX, CX // the length of the host and path
	CMPQ    CX, $33
	JB      words // after a scheme of 30 bytes or more: too short for a block
	LEAQ    (SI)(BX*1), DX
	CMPB    ·useAVX512(SB), $0
	JNE     plainLong512

	// Blocks of 32 from the host on, the last one ending with the
	// path; the last byte, whose pair no block holds, alone.
	LEAQ    -33(SI)(R9*1), R8
	PLAINBLOCK(DX)
	VMOVDQU Y2, Y5
	PLAINBLOCK(R8)
	VPOR    Y2, Y5, Y5
	ADDQ    $32, DX

plainLongBlocks:
	CMPQ    DX, R8
	JAE     plainLongLast
	PLAINBLOCK(DX)
	VPOR    Y2, Y5, Y5
	ADDQ    $32, DX
	JMP     plainLongBlocks

plainLongLast:
	VPMOVMSKB Y5, AX
	TESTL   AX, AX
	JNE     none
	MOVBLZX -1(SI)(R9*1), AX
	CMPL    AX, $const_TriggerPercent
	JEQ     none
	CMPL    AX, $const_TriggerSemicolon
	JEQ     none
	CMPL    AX, $0x80
	JAE     none
	JMP     plainLongClean

plainLong512:
	// The first 64 bytes of the host and path, and the rest from the
	// last of those on, so that a pair across the two is in the second.
	MOVL    $64, AX
	CMPQ    CX, AX
	CMOVQCS CX, AX
	MOVQ    $-1, R12
	BZHIQ   AX, R12, R12
	KMOVQ   R12, K1
	VMOVDQU8.Z (DX), K1, Z0
	PLAINK
	KORTESTQ K4, K4
	JNE     none
	CMPQ    CX, $64
	JBE     plainLongClean
	LEAQ    -63(CX), AX
	MOVQ    $-1, R12
	BZHIQ   AX, R12, R12
	KMOVQ   R12, K1
	VMOVDQU8.Z 63(DX), K1, Z0
	PLAINK
	KORTESTQ K4, K4
	JNE     none

plainLongClean:
	MOVL    $const_lanePlain, AX
	MAY_END_NUMBER(BX, facts, plainNumber)
	JMP     plainNumber

words:
	JMP ·plainFactsWords(SB)
