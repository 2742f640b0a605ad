package pct

import "github.com/urilabs/rfc3986/tables"

// A Set is a set of bytes, one bit each: what an encoder writes as "%XX",
// or what a component holds raw. The module's sets are declared once, in
// sets.go, composed from the generated character sets of RFC 3986
// (tables.Sets) and from each other as their specifications compose them.
type Set [4]uint64

// Bytes returns the set of the bytes of s.
func Bytes(s string) Set {
	var set Set
	for i := 0; i < len(s); i++ {
		set[s[i]>>6] |= 1 << (s[i] & 63)
	}
	return set
}

// Range returns the set of the bytes from lo to hi, both included.
func Range(lo, hi byte) Set {
	var set Set
	for c := int(lo); c <= int(hi); c++ {
		set[c>>6] |= 1 << (c & 63)
	}
	return set
}

// Class returns the set of the bytes that belong to any of the generated
// character sets of RFC 3986 in mask (tables.Unreserved | tables.SubDelims).
func Class(mask tables.Set) Set {
	var set Set
	for c := range 256 {
		if tables.Sets[c]&mask != 0 {
			set[c>>6] |= 1 << (c & 63)
		}
	}
	return set
}

// Has reports whether c is in s. Kept simple to keep it inlinable.
func (s *Set) Has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// Union returns the bytes of s and of t.
func (s Set) Union(t Set) Set {
	for i := range s {
		s[i] |= t[i]
	}
	return s
}

// Plus returns s with the bytes of extra.
func (s Set) Plus(extra string) Set { return s.Union(Bytes(extra)) }

// Minus returns s without the bytes of t.
func (s Set) Minus(t Set) Set {
	for i := range s {
		s[i] &^= t[i]
	}
	return s
}

// Not returns the bytes that are not in s.
func (s Set) Not() Set {
	for i := range s {
		s[i] = ^s[i]
	}
	return s
}

// Contains reports whether s holds a byte of set.
func Contains(s string, set *Set) bool {
	for i := 0; i < len(s); i++ {
		if set.Has(s[i]) {
			return true
		}
	}
	return false
}

// UpperHex is the digits of a triplet, upper case, as producers should
// write them (RFC 3986 section 2.1).
const UpperHex = "0123456789ABCDEF"

// AppendTriplet appends c percent-encoded: "%" and two upper-case digits.
func AppendTriplet(dst []byte, c byte) []byte {
	return append(dst, '%', UpperHex[c>>4], UpperHex[c&15])
}

// AppendEncoded appends s to dst with the bytes of encode written as
// triplets and the others as they are.
func AppendEncoded(dst []byte, s string, encode *Set) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; encode.Has(c) {
			dst = AppendTriplet(dst, c)
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}

// IsHex reports whether c is a hexadecimal digit, in either case.
func IsHex(c byte) bool { return hexValue[c] != notHex }

// AppendEncodedByte appends c, written as a triplet when encode holds it.
func AppendEncodedByte(dst []byte, c byte, encode *Set) []byte {
	if encode.Has(c) {
		return AppendTriplet(dst, c)
	}
	return append(dst, c)
}
