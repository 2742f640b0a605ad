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
	if !vector || i < 2 || n < minUCSVector || !hasUCSVector() {
		return ucsRunEndScalar(s, i, r)
	}
	stop, marked := ucsRunEndVector(s, i, r)
	return ucsBackUp(s, i, stop, marked)
}

// ucsBackUp returns the offset ucsRunEnd returns for what the block check
// found from offset i: the offset stop, or, when marked says that stop is
// where ucsMarked holds, the first byte of the character that the mark
// falls in or right after, everything before which is UTF-8 that passed.
func ucsBackUp(s string, i, stop uint, marked bool) uint {
	n := uint(len(s))
	if stop == n && n >= 2 && (s[n-1] >= 0xC0 || s[n-2] >= 0xE0) {
		// The input ends within a character.
		marked = true
	}
	if !marked || stop == i {
		return stop
	}
	j := stop - 1
	for j > i && s[j]&0xC0 == 0x80 {
		j--
	}
	return j
}

// ucsRunEndScalar is ucsRunEnd without vector code: it reads the bytes
// of the run and the characters that the block check passes one at a
// time, from their first bytes, and returns the offset of the first byte
// that is neither.
func ucsRunEndScalar(s string, i uint, r tables.Set) uint {
	n := uint(len(s))
	set := r &^ PctEncoded
	for i < n {
		c := s[i]
		switch {
		case c < 0x80:
			if tables.Sets[c]&set == 0 {
				return i
			}
			i++
		case 0xC3 <= c && c <= 0xDF && i+1 < n && s[i+1]&0xC0 == 0x80:
			i += 2
		case 0xE0 <= c && c <= 0xED && c != 0xE2 && i+2 < n && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80 &&
			(c != 0xE0 || s[i+1] >= 0xA0) && (c != 0xED || s[i+1] < 0xA0):
			i += 3
		default:
			return i
		}
	}
	return n
}
