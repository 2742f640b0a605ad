package whatwg

import (
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/urilabs/rfc3986/internal/numhost"
	"github.com/urilabs/rfc3986/internal/pct"
)

// A HostKind says what the host parser made of a host.
type HostKind uint8

// The kinds of host.
const (
	NoHost     HostKind = iota // the host is null: "mailto:a", "foo:/p"
	DomainHost                 // a domain, in ASCII, "example.com"; or the empty host of "file:///p"
	IPv4Host                   // an IPv4 address, "127.0.0.1"
	IPv6Host                   // an IPv6 address, with its brackets, "[::1]"
	OpaqueHost                 // the host of a non-special URL, "foo://Host.Example/"
	EmptyHost                  // the empty host of a non-special URL or of file: "file:///p", "foo:///p"
)

var hostKindNames = [...]string{"NoHost", "DomainHost", "IPv4Host", "IPv6Host", "OpaqueHost", "EmptyHost"}

// String returns the name of the constant.
func (k HostKind) String() string {
	if int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return "HostKind(" + strconv.Itoa(int(k)) + ")"
}

// isForbiddenHost reports the forbidden host code points of the Standard.
func isForbiddenHost(b byte) bool {
	switch b {
	case 0, '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|':
		return true
	}
	return false
}

// isForbiddenDomain adds the C0 controls, "%" and DEL.
func isForbiddenDomain(b byte) bool {
	return b <= 0x1F || b == '%' || b == 0x7F || isForbiddenHost(b)
}

// parseHost is the host parser of the Standard (section 3.5): it appends
// the serialized host to dst. opaque is "not special".
func (p *parser) parseHost(dst []byte, input string, opaque bool) ([]byte, HostKind, failure) {
	if len(input) > 0 && input[0] == '[' {
		if input[len(input)-1] != ']' {
			return dst, NoHost, failIPv6Unclosed
		}
		var a [8]uint16
		if f := parseIPv6(&a, input[1:len(input)-1]); f != 0 {
			return dst, NoHost, f
		}
		dst = append(dst, '[')
		dst = appendIPv6(dst, &a)
		return append(dst, ']'), IPv6Host, 0
	}
	if opaque {
		for i := 0; i < len(input); i++ {
			if isForbiddenHost(input[i]) {
				return dst, NoHost, failForbiddenHost
			}
		}
		if input == "" {
			return dst, EmptyHost, 0
		}
		return pct.AppendEncoded(dst, input, &pct.WHATWGC0Control), OpaqueHost, 0
	}
	// The common case, an ASCII domain with no label for Punycode, is
	// its lowercase, as domain to ASCII says; percent-decoding comes first.
	start := len(dst)
	domain := input
	if strings.IndexByte(input, '%') >= 0 {
		p.scratch = pct.AppendDecoded(p.scratch[:0], input)
		domain = unsafeString(p.scratch)
	}
	ascii := true
	for i := 0; i < len(domain); i++ {
		if domain[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii && !hasXN(domain) {
		if domain == "" {
			return dst, NoHost, failDomainEmpty
		}
		for i := 0; i < len(domain); i++ {
			b := domain[i]
			if isForbiddenDomain(b) {
				return dst[:start], NoHost, failForbiddenDomain
			}
			if 'A' <= b && b <= 'Z' {
				b += 'a' - 'A'
			}
			dst = append(dst, b)
		}
	} else {
		if !utf8.ValidString(domain) {
			return dst, NoHost, failDomainUTF8
		}
		out, ok := domainToASCII(domain, false)
		if !ok {
			return dst, NoHost, failDomainIDNA
		}
		if out == "" {
			return dst, NoHost, failDomainEmpty
		}
		for i := 0; i < len(out); i++ {
			if isForbiddenDomain(out[i]) {
				return dst, NoHost, failForbiddenDomain
			}
		}
		dst = append(dst, out...)
	}
	ad := unsafeString(dst[start:])
	if numhost.WHATWGEndsInNumber(ad) {
		v, f := numhost.WHATWG(ad)
		if f != numhost.OK {
			return dst[:start], NoHost, ipv4Failures[f]
		}
		return appendIPv4(dst[:start], v), IPv4Host, 0
	}
	return dst, DomainHost, 0
}

// unsafeString views b as a string, for the time b is not written.
func unsafeString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// hasXN reports whether a label of s begins with "xn--", in any case.
func hasXN(s string) bool {
	for i := 0; i+4 <= len(s); i++ {
		if (i == 0 || s[i-1] == '.') && s[i]|0x20 == 'x' && s[i+1]|0x20 == 'n' && s[i+2] == '-' && s[i+3] == '-' {
			return true
		}
	}
	return false
}

// ipv4Failures are the failures of the IPv4 parser, by numhost's.
var ipv4Failures = [...]failure{
	numhost.TooManyParts: failIPv4TooManyParts,
	numhost.NonNumeric:   failIPv4NonNumeric,
	numhost.OutOfRange:   failIPv4OutOfRange,
}

func appendIPv4(dst []byte, v uint32) []byte {
	for i := 3; i >= 0; i-- {
		dst = strconv.AppendUint(dst, uint64(v>>(8*i)&0xFF), 10)
		if i > 0 {
			dst = append(dst, '.')
		}
	}
	return dst
}

// parseIPv6 is the IPv6 parser of the Standard.
func parseIPv6(a *[8]uint16, s string) failure {
	piece, compress := 0, -1
	p := 0
	at := func(i int) int {
		if i < len(s) {
			return int(s[i])
		}
		return -1
	}
	if at(p) == ':' {
		if at(p+1) != ':' {
			return failIPv6
		}
		p += 2
		piece++
		compress = piece
	}
	for p < len(s) {
		if piece == 8 {
			return failIPv6
		}
		if s[p] == ':' {
			if compress >= 0 {
				return failIPv6
			}
			p++
			piece++
			compress = piece
			continue
		}
		value, length := 0, 0
		for length < 4 && p < len(s) {
			d, ok := pct.Unhex(s[p])
			if !ok {
				break
			}
			value = value<<4 | int(d)
			p++
			length++
		}
		if at(p) == '.' {
			if length == 0 {
				return failIPv6
			}
			p -= length
			if piece > 6 {
				return failIPv6
			}
			seen := 0
			for p < len(s) {
				v4 := -1
				if seen > 0 {
					if s[p] == '.' && seen < 4 {
						p++
					} else {
						return failIPv6
					}
				}
				if p >= len(s) || s[p] < '0' || s[p] > '9' {
					return failIPv6
				}
				for p < len(s) && '0' <= s[p] && s[p] <= '9' {
					n := int(s[p] - '0')
					switch {
					case v4 < 0:
						v4 = n
					case v4 == 0:
						return failIPv6
					default:
						v4 = v4*10 + n
					}
					if v4 > 255 {
						return failIPv6
					}
					p++
				}
				a[piece] = a[piece]<<8 | uint16(v4)
				seen++
				if seen == 2 || seen == 4 {
					piece++
				}
			}
			if seen != 4 {
				return failIPv6
			}
			break
		} else if at(p) == ':' {
			p++
			if p >= len(s) {
				return failIPv6
			}
		} else if p < len(s) {
			return failIPv6
		}
		a[piece] = uint16(value)
		piece++
	}
	if compress >= 0 {
		swaps := piece - compress
		piece = 7
		for piece != 0 && swaps > 0 {
			a[piece], a[compress+swaps-1] = a[compress+swaps-1], a[piece]
			piece--
			swaps--
		}
	} else if piece != 8 {
		return failIPv6
	}
	return 0
}

// appendIPv6 is the IPv6 serializer: lowercase hexadecimal, the first
// longest run of two or more zero pieces compressed to "::".
func appendIPv6(dst []byte, a *[8]uint16) []byte {
	best, bestLen := -1, 1
	for i := 0; i < 8; {
		if a[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && a[j] == 0 {
			j++
		}
		if j-i > bestLen {
			best, bestLen = i, j-i
		}
		i = j
	}
	ignore0 := false
	for i := 0; i < 8; i++ {
		if ignore0 && a[i] == 0 {
			continue
		}
		ignore0 = false
		if i == best {
			if i == 0 {
				dst = append(dst, "::"...)
			} else {
				dst = append(dst, ':')
			}
			ignore0 = true
			continue
		}
		dst = strconv.AppendUint(dst, uint64(a[i]), 16)
		if i != 7 {
			dst = append(dst, ':')
		}
	}
	return dst
}
