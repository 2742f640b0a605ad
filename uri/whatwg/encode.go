package whatwg

import (
	"github.com/urilabs/rfc3986/internal/pct"
)

// An encodeSet is a percent-encode set of the Standard: the bytes of the
// UTF-8 encoding of a code point that are written as "%XX". Every byte
// above 0x7E is in every set, so a code point beyond ASCII is always
// encoded whole.
type encodeSet [4]uint64

func (s *encodeSet) has(b byte) bool { return s[b>>6]&(1<<(b&63)) != 0 }

func newSet(base *encodeSet, extra string) encodeSet {
	var s encodeSet
	if base != nil {
		s = *base
	} else {
		for b := 0; b < 0x20; b++ {
			s[b>>6] |= 1 << (b & 63)
		}
		for b := 0x7F; b < 0x100; b++ {
			s[b>>6] |= 1 << (b & 63)
		}
	}
	for i := 0; i < len(extra); i++ {
		b := extra[i]
		s[b>>6] |= 1 << (b & 63)
	}
	return s
}

// The percent-encode sets of the Standard, section 1.3. The C0 control set
// holds the C0 controls and everything above "~", DEL included.
var (
	c0ControlSet    = newSet(nil, "")
	fragmentSet     = newSet(&c0ControlSet, " \"<>`")
	querySet        = newSet(&c0ControlSet, " \"#<>")
	specialQuerySet = newSet(&querySet, "'")
	pathSet         = newSet(&querySet, "?^`{}")
	userinfoSet     = newSet(&pathSet, "/:;=@[\\]|")
	componentSet    = newSet(&userinfoSet, "$%&+,")
	formSet         = newSet(&componentSet, "!'()~")
)

// The bytes that the path, authority and host states read one at a time:
// those that may end what they read, and in a path those it encodes.
// They copy runs of other bytes in one go.
var (
	pathStopSet      = newSet(&pathSet, "/\\?#")
	authorityStopSet = stopSet("@/\\?#")
	hostStopSet      = stopSet(":/\\?#[]")
)

// stopSet is the set of the bytes of s.
func stopSet(s string) encodeSet {
	var set encodeSet
	for i := 0; i < len(s); i++ {
		set[s[i]>>6] |= 1 << (s[i] & 63)
	}
	return set
}

const upperHex = "0123456789ABCDEF"

// appendEncoded appends s to dst with the bytes of set percent-encoded.
func appendEncoded(dst []byte, s string, set *encodeSet) []byte {
	for i := 0; i < len(s); i++ {
		b := s[i]
		if set.has(b) {
			dst = append(dst, '%', upperHex[b>>4], upperHex[b&15])
		} else {
			dst = append(dst, b)
		}
	}
	return dst
}

// appendEncodedByte appends one byte, percent-encoded when set has it.
func appendEncodedByte(dst []byte, b byte, set *encodeSet) []byte {
	if set.has(b) {
		return append(dst, '%', upperHex[b>>4], upperHex[b&15])
	}
	return append(dst, b)
}

// needsEncoding reports whether s has a byte of set.
func needsEncoding(s string, set *encodeSet) bool {
	for i := 0; i < len(s); i++ {
		if set.has(s[i]) {
			return true
		}
	}
	return false
}

// PercentEncode returns s with the bytes that the named percent-encode set
// of the Standard holds written as "%XX". The sets are "c0-control",
// "fragment", "query", "special-query", "path", "userinfo", "component"
// and "application/x-www-form-urlencoded" (which also writes a space as
// "+"). It reports false for another name.
func PercentEncode(s, set string) (string, bool) {
	var es *encodeSet
	switch set {
	case "c0-control":
		es = &c0ControlSet
	case "fragment":
		es = &fragmentSet
	case "query":
		es = &querySet
	case "special-query":
		es = &specialQuerySet
	case "path":
		es = &pathSet
	case "userinfo":
		es = &userinfoSet
	case "component":
		es = &componentSet
	case "application/x-www-form-urlencoded":
		return string(appendForm(nil, s)), true
	default:
		return "", false
	}
	if !needsEncoding(s, es) {
		return s, true
	}
	return string(appendEncoded(nil, s, es)), true
}

// PercentDecode returns s percent-decoded as the Standard does it: every
// "%XX" becomes its byte, and a "%" without two hexadecimal digits after
// it stays. The result may not be UTF-8.
func PercentDecode(s string) string { return pct.Decoded(s) }
