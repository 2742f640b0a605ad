package scan

import "github.com/urilabs/rfc3986/tables"

// UCSRunEndWords, UCSRunEndVector and UCSRunEnd are the block check of
// characters: its Go twin, its vector code and what the scanner calls.
var (
	UCSRunEndWords  = ucsRunEndWords
	UCSRunEndVector = ucsRunEndVector
	UCSRunEnd       = ucsRunEnd
)

// UCSRunEndTwin is ucsRunEnd with the Go twin of the vector code in its
// place.
func UCSRunEndTwin(s string, i uint, r tables.Set) uint {
	stop, marked := ucsRunEndWords(s, i, r)
	return ucsBackUp(s, i, stop, marked)
}

// HasUCSVector says whether UCSRunEndVector runs vector code here, with
// the run mode set (SetRunMode).
func HasUCSVector() bool { return hasUCSVector() }

// MinUCSVector is the length of the shortest input UCSRunEndVector reads.
const MinUCSVector = minUCSVector

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

// ucsRunEndWords is the Go twin of ucsRunEndVector, byte by byte, which
// the tests compare it with: from
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
