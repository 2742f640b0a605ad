// Package pct is the module's one percent-decoder (RFC 3986 section 2.1):
// the value of a hexadecimal digit, the byte a triplet "%" HEXDIG HEXDIG
// encodes, and the decoding of a whole string. Every package of the module
// that decodes reads triplets through it, so that they cannot disagree on
// what a triplet is: the strict URI code, which has checked its triplets
// already, as much as the lenient readers (WHATWG, crawl keys, proxies),
// which meet a "%" that begins none.
package pct

import "strings"

// notHex marks, in hexValue, a byte that is not a hexadecimal digit.
const notHex = 0xFF

// hexValue holds the value of each hexadecimal digit, in either case, and
// notHex for every other byte: one load where a chain of range tests
// would branch.
var hexValue = func() (t [256]byte) {
	for i := range t {
		t[i] = notHex
	}
	for c := byte('0'); c <= '9'; c++ {
		t[c] = c - '0'
	}
	for c := byte('a'); c <= 'f'; c++ {
		t[c] = c - 'a' + 10
		t[c-'a'+'A'] = c - 'a' + 10
	}
	return t
}()

// Unhex returns the value of the hexadecimal digit c, and false when c
// is not one.
func Unhex(c byte) (byte, bool) {
	v := hexValue[c]
	return v, v != notHex
}

// Triplet returns the byte that the triplet at s[i:] encodes, and false
// when s[i:] does not begin with "%" and two hexadecimal digits.
func Triplet(s string, i int) (byte, bool) {
	if i < 0 || i+2 >= len(s) || s[i] != '%' {
		return 0, false
	}
	h, l := hexValue[s[i+1]], hexValue[s[i+2]]
	if h == notHex || l == notHex {
		return 0, false
	}
	return h<<4 | l, true
}

// AppendDecoded appends s to dst with every triplet decoded; a "%" that
// does not begin one stays as it is, as the WHATWG URL Standard's
// percent-decode has it (in a valid URI every "%" begins one).
func AppendDecoded(dst []byte, s string) []byte {
	for {
		j := strings.IndexByte(s, '%')
		if j < 0 {
			return append(dst, s...)
		}
		dst = append(dst, s[:j]...)
		if b, ok := Triplet(s, j); ok {
			dst = append(dst, b)
			s = s[j+3:]
		} else {
			dst = append(dst, '%')
			s = s[j+1:]
		}
	}
}

// Decoded returns s with every triplet decoded, as AppendDecoded does,
// and s itself, without a copy, when it holds no triplet.
func Decoded(s string) string {
	for j := strings.IndexByte(s, '%'); j >= 0; j = next(s, j) {
		if _, ok := Triplet(s, j); ok {
			return string(AppendDecoded(append(make([]byte, 0, len(s)), s[:j]...), s[j:]))
		}
	}
	return s
}

// next returns the index of the first "%" after s[j].
func next(s string, j int) int {
	k := strings.IndexByte(s[j+1:], '%')
	if k < 0 {
		return -1
	}
	return j + 1 + k
}
