package scan

import "github.com/urilabs/rfc3986/tables"

// Runs of characters. Within a path, a query, a fragment, a userinfo or
// a host, an IRI mixes characters beyond US-ASCII with the bytes of the
// component's run, and the characters of ucschar keep the automaton in
// the state it is in (UCSNext[p] == p). ucsRunEnd reads such a stretch a
// block at a time, the way simdutf validates UTF-8 (John Keiser and
// Daniel Lemire, "Validating UTF-8 In Less Than One Instruction Per
// Byte", 2021): every byte >= 0x80 counts as a member of the run, and
// three nibble lookups on each pair of adjacent bytes, with a check of
// the byte two before, find every place where the bytes are not UTF-8.
//
// It only ever passes characters that are certainly ucschar: those of
// two bytes from U+00C0 on and those of three bytes but the ones
// beginning E2 (U+2000 to U+2FFF, which holds the bidirectional formatting
// characters), EE and EF (U+E000 to U+FFFF: iprivate, the noncharacters
// and the specials). The lookups mark the pair after any other first
// byte, as they mark the pairs that are not UTF-8, and the character
// there is left to readCharacters, which reads it with the UTF-8 automaton
// and the grammar's tables, the definition. So the block check needs to
// know no code point range exactly: it is fast on the scripts IRIs are
// written in and falls back, one character at a time, on the rest.

// The marks of a pair of adjacent bytes (a, c) in the lookups: bit k is
// set in ucsFirstHigh[a>>4] & ucsFirstLow[a&15] & ucsSecondHigh[c>>4]
// when the pair is of the kind k names.
const (
	ucsTooShort  = 1 << 0 // 11______ then 0_______ or 11______: a first byte without its next
	ucsTooLong   = 1 << 1 // 0_______ then 10______: a continuation without its first byte
	ucsOverlong3 = 1 << 2 // 11100000 then 100_____: three bytes for what two hold
	ucsLowTwo    = 1 << 3 // 1100000_ or 11000010 then 10______: overlong, or U+0080 to U+00BF
	ucsSurrogate = 1 << 4 // 11101101 then 101_____: U+D800 to U+DFFF
	ucsFour      = 1 << 5 // 11110___ and above, then any byte: four bytes, or no UTF-8
	ucsSpecialE  = 1 << 6 // 11100010, 11101110 or 11101111, then any byte: see above
	ucsTwoConts  = 1 << 7 // 10______ then 10______: the third byte of three, or an error
)

// The lookup tables; ucsTables says which kinds of pair each marks.
var ucsFirstHigh, ucsFirstLow, ucsSecondHigh = ucsTables()

// ucsThird and ucsTop are the constants of the check of the byte two
// before: saturating subtraction of 0x60 leaves the top bit set in the
// bytes >= 0xE0.
//
//lint:ignore U1000 the assembly reads them.
var ucsThird, ucsTop = [16]byte{0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60},
	[16]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80}

func ucsTables() (firstHigh, firstLow, secondHigh [16]byte) {
	type nibbles struct{ from, to int }
	all := nibbles{0, 15}
	for _, k := range []struct {
		bit                   byte
		firstHigh, secondHigh nibbles
		firstLow              []nibbles
	}{
		{ucsTooShort, nibbles{0xC, 0xF}, nibbles{0x0, 0x7}, []nibbles{all}},
		{ucsTooShort, nibbles{0xC, 0xF}, nibbles{0xC, 0xF}, []nibbles{all}},
		{ucsTooLong, nibbles{0x0, 0x7}, nibbles{0x8, 0xB}, []nibbles{all}},
		{ucsOverlong3, nibbles{0xE, 0xE}, nibbles{0x8, 0x9}, []nibbles{{0x0, 0x0}}},
		{ucsLowTwo, nibbles{0xC, 0xC}, nibbles{0x8, 0xB}, []nibbles{{0x0, 0x2}}},
		{ucsSurrogate, nibbles{0xE, 0xE}, nibbles{0xA, 0xB}, []nibbles{{0xD, 0xD}}},
		{ucsFour, nibbles{0xF, 0xF}, all, []nibbles{all}},
		{ucsSpecialE, nibbles{0xE, 0xE}, all, []nibbles{{0x2, 0x2}, {0xE, 0xF}}},
		{ucsTwoConts, nibbles{0x8, 0xB}, nibbles{0x8, 0xB}, []nibbles{all}},
	} {
		for h := k.firstHigh.from; h <= k.firstHigh.to; h++ {
			firstHigh[h] |= k.bit
		}
		for _, l := range k.firstLow {
			for c := l.from; c <= l.to; c++ {
				firstLow[c] |= k.bit
			}
		}
		for h := k.secondHigh.from; h <= k.secondHigh.to; h++ {
			secondHigh[h] |= k.bit
		}
	}
	return firstHigh, firstLow, secondHigh
}

// ucsMarked says whether the byte c, after b and a (a right before it),
// is where the block check stops: a pair (a, c) of a kind the lookups
// mark, other than the second and third continuation bytes after a
// first byte of three (b >= 0xE0); or a byte where one of those was due.
func ucsMarked(b, a, c byte) bool {
	m := ucsFirstHigh[a>>4] & ucsFirstLow[a&15] & ucsSecondHigh[c>>4]
	if b >= 0xE0 {
		m ^= ucsTwoConts
	}
	return m != 0
}

// ucsRunEndWords is the Go twin of ucsRunEndVector, byte by byte: from
// offset i, where s[i-2:i] are the end of what the scanner has read (no
// part of an unfinished character), it returns the offset of the first
// byte that is outside the ASCII set of the run r (a "%" too), or where
// ucsMarked holds, whichever comes first, with marked true for the
// second, or len(s), marked false, when neither comes. Every byte
// before is then a member of r or a byte of a character of ucschar,
// except that the last character may be unfinished at len(s).
func ucsRunEndWords(s string, i uint, r tables.Set) (stop uint, marked bool) {
	n := uint(len(s))
	set := r &^ PctEncoded
	var b, a byte
	if i >= 2 {
		b = s[i-2]
	}
	if i >= 1 {
		a = s[i-1]
	}
	for ; i < n; i++ {
		c := s[i]
		if ucsMarked(b, a, c) {
			return i, true
		}
		if c < 0x80 && tables.Sets[c]&set == 0 {
			return i, false
		}
		b, a = a, c
	}
	return n, false
}

// ucsRunEnd returns the offset at which the run of r and characters of
// ucschar that begins at offset i ends as far as the block check can
// tell: a byte outside the run, a "%", the end of s, or the first byte of
// a character the block check leaves to the UTF-8 automaton, maybe i
// itself. What comes before i must be bytes the scanner has read, ending
// with a whole character or an ASCII byte. vector selects
// ucsRunEndVector where the processor has it and i is at least 2, as it
// is after a scheme or a first segment.
func ucsRunEnd(s string, i uint, r tables.Set, vector bool) uint {
	n := uint(len(s))
	var stop uint
	var marked bool
	if vector && i >= 2 && n >= minUCSVector && hasUCSVector() {
		stop, marked = ucsRunEndVector(s, i, r)
	} else {
		stop, marked = ucsRunEndWords(s, i, r)
	}
	if stop == n && n >= 2 && (s[n-1] >= 0xC0 || s[n-2] >= 0xE0) {
		// The input ends within a character.
		marked = true
	}
	if !marked || stop == i {
		return stop
	}
	// Go back to the first byte of the character the mark falls in or
	// right after: everything before it is UTF-8 that passed.
	j := stop - 1
	for j > i && s[j]&0xC0 == 0x80 {
		j--
	}
	return j
}
