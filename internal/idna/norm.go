package idna

import (
	"unicode/utf8"
)

// Normalization Form C (UAX #15), from tables generated from the UCD of
// the version of the IDNA tables (normtables.go), so that UTS #46 §4 step
// 2 normalizes with the Unicode version it maps with.
//
// A normalization word, as the generator packs it (internal/idnagen):
// the rank of the Canonical_Combining_Class of the code point and three
// flags. The rank is 0 for a starter and, for a non-starter, the place of
// its class among the classes in use (1 for the least): it orders code
// points as their classes do, which is all that canonical ordering and
// composition compare. A code point with a decomposition, decomposed
// before its class matters, has the rank of the first code point of its
// decomposition (idnagen.Norm says more).
const (
	normCCC    = 0xFF    // rank of the Canonical_Combining_Class
	normNo     = 1 << 8  // NFC_Quick_Check=No: never in NFC
	normMaybe  = 1 << 9  // NFC_Quick_Check=Maybe: may combine with what precedes it
	normDecomp = 1 << 10 // a canonical decomposition in decompCP (Hangul syllables are algorithmic)
)

// The Hangul syllables and conjoining jamo, decomposed and composed by
// algorithm (Unicode §3.12).
const (
	hangulSBase  = 0xAC00
	hangulLBase  = 0x1100
	hangulVBase  = 0x1161
	hangulTBase  = 0x11A7
	hangulLCount = 19
	hangulVCount = 21
	hangulTCount = 28
	hangulNCount = hangulVCount * hangulTCount
	hangulSCount = hangulLCount * hangulNCount
)

// normWord returns the normalization word of r, which must be a valid
// code point. The trie is laid out as props' is.
func normWord(r rune) uint16 {
	var block int
	switch {
	case r < trieLow:
		block = int(normIndex[r>>trieShift])
	case r >= triePlane14 && r < trieHigh:
		block = int(normIndex[(r-triePlane14+trieLow)>>trieShift])
	default:
		return normWords[normRest]
	}
	return normWords[normValues[block<<trieShift|int(r&(1<<trieShift-1))]]
}

// ccc returns the rank of the combining class of r: compared as the
// classes are.
func ccc(r rune) uint8 { return uint8(normWord(r) & normCCC) }

// quickCheck is NFC's quick check (UAX #15 §9.1) on s: whether s is in
// NFC for sure. A false answer means "no" or "maybe": isNFC and nfc then
// normalize to know. ASCII costs a comparison a byte.
func quickCheck(s string) bool {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	last := uint8(0)
	for i < len(s) {
		if s[i] < utf8.RuneSelf {
			last = 0
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		w := normWord(r)
		c := uint8(w & normCCC)
		if w&(normNo|normMaybe) != 0 || (c != 0 && last > c) {
			return false
		}
		last = c
	}
	return true
}

// isNFC reports whether s is in Normalization Form C.
func isNFC(s string) bool {
	return quickCheck(s) || nfcSlow(s) == s
}

// nfc returns s in Normalization Form C: s itself, without allocating,
// when the quick check says it is.
func nfc(s string) string {
	if quickCheck(s) {
		return s
	}
	return nfcSlow(s)
}

// nfcSlow normalizes s by the book (UAX #15 §3, Unicode §3.11): full
// canonical decomposition, canonical ordering, canonical composition.
// Invalid UTF-8 stays U+FFFD, as ranging over the string makes it.
func nfcSlow(s string) string {
	var buf [64]rune
	rs := buf[:0]
	for _, r := range s {
		rs = decompose(rs, r)
	}
	reorder(rs)
	rs = compose(rs)
	out := make([]byte, 0, len(s))
	for _, r := range rs {
		out = utf8.AppendRune(out, r)
	}
	return string(out)
}

// decompose appends the full canonical decomposition of r to rs.
func decompose(rs []rune, r rune) []rune {
	if s := r - hangulSBase; s >= 0 && s < hangulSCount {
		rs = append(rs, hangulLBase+s/hangulNCount, hangulVBase+s%hangulNCount/hangulTCount)
		if t := s % hangulTCount; t != 0 {
			rs = append(rs, hangulTBase+t)
		}
		return rs
	}
	if normWord(r)&normDecomp == 0 {
		return append(rs, r)
	}
	lo, hi := 0, len(decompCP)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if decompCP[m] < uint32(r) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	v := decompVal[lo]
	for _, d := range decompText[v>>8 : v>>8+v&0xFF] {
		rs = append(rs, d)
	}
	return rs
}

// reorder puts every run of non-starters in rs in canonical order
// (Unicode §3.11 D109): a stable sort by combining class.
func reorder(rs []rune) {
	for i := 1; i < len(rs); i++ {
		c := ccc(rs[i])
		if c == 0 {
			continue
		}
		for j := i; j > 0 && ccc(rs[j-1]) > c; j-- {
			rs[j-1], rs[j] = rs[j], rs[j-1]
		}
	}
}

// compose applies the canonical composition algorithm (Unicode §3.11
// D117) to rs, in canonical order, and returns it shortened.
func compose(rs []rune) []rune {
	if len(rs) == 0 {
		return rs
	}
	starter := 0
	// A string that begins with a non-starter has no starter to compose
	// with until the next one: 256 blocks everything.
	last := 0
	if ccc(rs[0]) != 0 {
		last = 256
	}
	n := 1
	for _, r := range rs[1:] {
		c := int(ccc(r))
		// r composes with the starter when nothing between them blocks it:
		// it follows the starter directly (last 0), or every code point
		// between has a lower combining class.
		if last < c || last == 0 {
			if p, ok := composePair(rs[starter], r); ok {
				rs[starter] = p
				continue
			}
		}
		if c == 0 {
			starter = n
		}
		last = c
		rs[n] = r
		n++
	}
	return rs[:n]
}

// composePair returns the primary composite of a and b, if there is one.
func composePair(a, b rune) (rune, bool) {
	// Hangul: L V is LV, LV T is LVT.
	if l := a - hangulLBase; l >= 0 && l < hangulLCount {
		if v := b - hangulVBase; v >= 0 && v < hangulVCount {
			return hangulSBase + (l*hangulVCount+v)*hangulTCount, true
		}
		return 0, false
	}
	if s := a - hangulSBase; s >= 0 && s < hangulSCount && s%hangulTCount == 0 {
		if t := b - hangulTBase; t > 0 && t < hangulTCount {
			return a + t, true
		}
		return 0, false
	}
	key := uint64(a)<<21 | uint64(b)
	lo, hi := 0, len(compKey)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if compKey[m] < key {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(compKey) && compKey[lo] == key {
		return rune(compVal[lo]), true
	}
	return 0, false
}
