// Package ascii asks of short strings questions that nearly every URL
// answers no, eight bytes at a time: whether a path holds "//" or "/."
// and a host "..", where a call of strings.Contains costs about a hundred
// instructions for a two-byte needle whatever the length of a short
// haystack; whether a host holds a byte that is not ASCII, or an
// upper-case letter, which it lowers; and whether a name equals a
// lower-case one in either case.
package ascii

import "encoding/binary"

const (
	ones  = 0x0101010101010101
	highs = 0x80 * ones
)

// ContainsPair reports whether s holds byte a immediately followed by byte
// b, as strings.Contains(s, string([]byte{a, b})) does.
func ContainsPair(s string, a, b byte) bool {
	n := len(s)
	if n < 8 {
		for i := 1; i < n; i++ {
			if s[i] == b && s[i-1] == a {
				return true
			}
		}
		return false
	}
	ka, kb := ones*uint64(a), ones*uint64(b)
	// A round reads eight bytes, whose seven pairs are bytes 0 to 6 of z,
	// each zero exactly when its pair is a, b; byte 7 is made nonzero. The
	// rounds step by seven bytes, so that every pair is within one, and
	// the last reads the eight bytes before the end, which may overlap the
	// round before: a pair found twice is still a pair.
	for i := 0; ; i += 7 {
		if i > n-8 {
			i = n - 8
		}
		x := word8(s[i:])
		z := x ^ ka | (x^kb)>>8 | 0xFF<<56
		// Whether z has a zero byte: the borrow of a zero byte can mark
		// the one above it too, but never a byte when none is zero.
		if (z-ones)&^z&highs != 0 {
			return true
		}
		if i == n-8 {
			return false
		}
	}
}

// Valid reports whether every byte of s is ASCII, below 0x80.
func Valid(s string) bool {
	n := len(s)
	var acc uint64
	switch {
	case n >= 8:
		// Every word is or'ed in, the last one overlapping the one
		// before: no branch depends on where a byte above 0x7F is.
		for i := 0; i < n-8; i += 8 {
			acc |= word8(s[i:])
		}
		acc |= word8(s[n-8:])
	case n >= 4:
		acc = uint64(word4(s) | word4(s[n-4:]))
	default:
		for i := range n {
			acc |= uint64(s[i])
		}
	}
	return acc&highs == 0
}

// EqualLower reports whether s equals lower, which is in lower case, with
// the ASCII letters of s compared without regard to case.
func EqualLower(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// FirstUpper returns the index of the eight bytes of s in which its first
// upper-case letter, "A" to "Z", is, or len(s) when it has none: most
// components have none, and are read eight bytes at a time. The last word
// read is the last eight bytes, which may overlap the word before, and a
// string of 4 to 7 bytes is read as its first and last four: a loop of one
// byte at a time would end on a length the branch predictor cannot guess.
func FirstUpper(s string) int {
	n := len(s)
	switch {
	case n >= 8:
		for i := 0; i < n-8; i += 8 {
			if upperMask(word8(s[i:])) != 0 {
				return i
			}
		}
		if upperMask(word8(s[n-8:])) != 0 {
			return n - 8
		}
		return n
	case n >= 4:
		if upperMask(uint64(word4(s))|uint64(word4(s[n-4:]))<<32) != 0 {
			return 0
		}
		return n
	}
	for i := range n {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return i
		}
	}
	return n
}

// Lower lower-cases the letters "A" to "Z" of b in place, eight bytes at a
// time, and leaves every other byte.
func Lower(b []byte) {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		if m := upperMask(x); m != 0 {
			// 0x80 >> 2 is 0x20, the bit between a letter's two cases.
			binary.LittleEndian.PutUint64(b[i:], x|m>>2)
		}
	}
	for ; i < len(b); i++ {
		if 'A' <= b[i] && b[i] <= 'Z' {
			b[i] += 'a' - 'A'
		}
	}
}

// upperMask has the high bit of each byte of x that is an upper-case
// letter: at least 'A', below '[' (after 'Z'), and ASCII. The sums stay
// within their bytes.
func upperMask(x uint64) uint64 {
	t := x &^ highs
	return (t + (0x80-'A')*ones) &^ (t + (0x80-'[')*ones) &^ x & highs
}

// word8 and word4 read the first eight or four bytes of s as a
// little-endian word, which the compiler makes one load.
func word8(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func word4(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}
