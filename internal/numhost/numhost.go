// Package numhost holds the readers of numeric hosts that the library
// emulates, side by side, each named by the reader it reproduces: a host
// such as "0x7f.1" is no address to RFC 3986 but 127.0.0.1 to a browser
// and to glibc, and whether "127.1" or "2130706433" is an address depends
// on who reads it. Each reader says what its original makes of a host,
// no more: what to do with that (a hazard, a canonical form) is its
// caller's.
package numhost

import (
	"net/netip"
	"strings"

	"github.com/urilabs/rfc3986/internal/pct"
)

// Dotted reports whether s is an IPv4address of RFC 3986 section 3.2.2:
// four dec-octets, each 0 to 255 without a leading zero, joined by ".".
func Dotted(s string) bool {
	for octet := 0; octet < 4; octet++ {
		if octet > 0 {
			if s == "" || s[0] != '.' {
				return false
			}
			s = s[1:]
		}
		i, n := 0, 0
		for i < len(s) && i < 3 && isDigit(s[i]) {
			n = n*10 + int(s[i]-'0')
			i++
		}
		if i == 0 || n > 255 || i > 1 && s[0] == '0' {
			return false
		}
		s = s[i:]
	}
	return s == ""
}

// A Failure is why the WHATWG IPv4 parser refuses a host that ends in a
// number.
type Failure uint8

const (
	// OK is no failure.
	OK Failure = iota
	// TooManyParts: more than four parts.
	TooManyParts
	// NonNumeric: a part that is no IPv4 number.
	NonNumeric
	// OutOfRange: a part that does not fit the bytes it stands for.
	OutOfRange
)

// WHATWGEndsInNumber is the ends-in-a-number checker of the URL Standard
// (section 3.5): the last label of host, after one trailing "." is
// dropped, is decimal digits or "0x" and hexadecimal digits, possibly
// none. The Standard reads such a host as an IPv4 address, or refuses it.
func WHATWGEndsInNumber(host string) bool {
	if n := len(host); n > 1 && host[n-1] == '.' {
		host = host[:n-1]
	}
	last := host[strings.LastIndexByte(host, '.')+1:]
	if last == "" {
		return false
	}
	i := 0
	if len(last) >= 2 && last[0] == '0' && last[1]|0x20 == 'x' {
		for i = 2; i < len(last) && pct.IsHex(last[i]); i++ {
		}
	} else {
		for i < len(last) && isDigit(last[i]) {
			i++
		}
	}
	return i == len(last)
}

// WHATWGNumber is the IPv4 number parser of the URL Standard: decimal,
// octal after "0", hexadecimal after "0x" ("0x" alone is 0). A value
// above 2^32 comes back as 2^32, which every caller refuses all the same.
func WHATWGNumber(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	base := uint64(10)
	switch {
	case len(s) >= 2 && s[0] == '0' && s[1]|0x20 == 'x':
		base, s = 16, s[2:]
	case len(s) >= 2 && s[0] == '0':
		base, s = 8, s[1:]
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		d, ok := digit(s[i], base)
		if !ok {
			return 0, false
		}
		v = min(v*base+d, 1<<32)
	}
	return v, true
}

// WHATWG is the IPv4 parser of the URL Standard, for a host that ends in
// a number: one to four parts after one trailing "." is dropped, each an
// IPv4 number, where all but the last give one byte and the last fills
// the bytes left.
func WHATWG(host string) (uint32, Failure) {
	if n := len(host); n > 1 && host[n-1] == '.' {
		host = host[:n-1]
	}
	var parts [4]uint64
	n := 0
	for {
		part, rest, more := strings.Cut(host, ".")
		if n == 4 {
			return 0, TooManyParts
		}
		v, ok := WHATWGNumber(part)
		if !ok {
			return 0, NonNumeric
		}
		parts[n] = v
		n++
		if !more {
			break
		}
		host = rest
	}
	v, ok := join(parts[:n])
	if !ok {
		return 0, OutOfRange
	}
	return v, OK
}

// InetAton is glibc's inet_aton, which getaddrinfo tries before DNS: one
// to four parts joined by ".", each a C integer constant as strtoul reads
// it with base 0 (decimal, octal after "0", hexadecimal after "0x" or
// "0X"), where all but the last give one byte and the last fills the
// bytes left. A trailing "." or an empty part is an error.
func InetAton(s string) (uint32, bool) {
	var parts [4]uint64
	n := 0
	for {
		v, rest, ok := cNumber(s)
		if !ok {
			return 0, false
		}
		parts[n] = v
		n++
		if rest == "" {
			break
		}
		if rest[0] != '.' || n == 4 || v > 0xFF {
			return 0, false
		}
		s = rest[1:]
	}
	return join(parts[:n])
}

// cNumber reads a C integer constant at the start of s as strtoul with
// base 0 does, and returns it and the rest of s. It fails when s does not
// begin with a digit; the value saturates above 2^32.
func cNumber(s string) (v uint64, rest string, ok bool) {
	if s == "" || !isDigit(s[0]) {
		return 0, s, false
	}
	base := uint64(10)
	i := 0
	if s[0] == '0' {
		base, i = 8, 1
		if len(s) > 2 && s[1]|0x20 == 'x' && pct.IsHex(s[2]) {
			base, i = 16, 2
		}
	}
	for ; i < len(s); i++ {
		d, ok := digit(s[i], base)
		if !ok {
			break
		}
		v = min(v*base+d, 1<<33)
	}
	return v, s[i:], true
}

// join joins the numbers of a numeric IPv4 host, as inet_aton and the URL
// Standard do: each but the last is a byte, the last fills the rest.
func join(parts []uint64) (uint32, bool) {
	last := len(parts) - 1
	var v uint64
	for i, p := range parts[:last] {
		if p > 0xFF {
			return 0, false
		}
		v |= p << (8 * (3 - i))
	}
	if parts[last] >= 1<<(8*(4-last)) {
		return 0, false
	}
	return uint32(v | parts[last]), true
}

// Addr returns v as a netip.Addr.
func Addr(v uint32) netip.Addr {
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)})
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// digit returns the value of c as a digit of base 8, 10 or 16.
func digit(c byte, base uint64) (uint64, bool) {
	d, ok := pct.Unhex(c)
	return uint64(d), ok && uint64(d) < base
}

// Google is how Google's URL canonicalizer (Safe Browsing, webarchive-
// commons' GoogleURLCanonicalizer.attemptIPFormats) reads an IPv4 host:
// inet_aton's one to four parts, each decimal, octal after "0" or
// hexadecimal after "0x", the last filling the bytes left, except that a
// host of one decimal number of any length is taken modulo 2^32.
func Google(host string) (uint32, bool) {
	// Every part begins with a digit ("0x" too): most hosts are names,
	// refused at their first byte.
	if host == "" || !isDigit(host[0]) {
		return 0, false
	}
	var parts [4]uint64
	n := 0
	for rest := host; ; {
		part, tail, more := strings.Cut(rest, ".")
		if n == 4 {
			return 0, false
		}
		v, ok := googleNumber(part, n == 0 && !more)
		if !ok {
			return 0, false
		}
		parts[n] = v
		n++
		if !more {
			break
		}
		rest = tail
	}
	return join(parts[:n])
}

// googleNumber reads one part of an address as Google does. With wrap, a
// decimal part may be any length and is taken modulo 2^32.
func googleNumber(s string, wrap bool) (uint64, bool) {
	base := uint64(10)
	switch {
	case len(s) > 2 && s[0] == '0' && s[1]|0x20 == 'x':
		base, s = 16, s[2:]
	case len(s) > 1 && s[0] == '0':
		base, s = 8, s[1:]
	}
	if s == "" {
		return 0, false
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		d, ok := digit(s[i], base)
		if !ok {
			return 0, false
		}
		v = v*base + d
		if wrap {
			v &= 0xffffffff
		} else if v > 0xffffffff {
			return 0, false
		}
	}
	return v, true
}

// Java reports whether s is an IPv4 address as Common Crawl's HostName
// (cc-index-table) matches one with IPV4_ADDRESS_PATTERN_CANONICAL: four
// octets joined by dots, each one or two digits ("01" too) or three that
// read 100 to 255.
func Java(s string) bool {
	for i := 0; i < 3; i++ {
		j := strings.IndexByte(s, '.')
		if j < 0 || !javaOctet(s[:j]) {
			return false
		}
		s = s[j+1:]
	}
	return javaOctet(s)
}

// JavaVariant reads s as Common Crawl's HostName reads an address that
// matches IPV4_ADDRESS_PATTERN_VARIANT_DECIMAL (up to three octets and
// dots, then decimal digits), and as Java's InetAddress.getByName reads
// it: the last number fills the bytes the others leave. A last number too
// large for them is no address.
func JavaVariant(s string) (uint32, bool) {
	var parts [4]uint64
	n := 0
	for {
		j := strings.IndexByte(s, '.')
		if j < 0 {
			break
		}
		if n == 3 || !javaOctet(s[:j]) {
			return 0, false
		}
		parts[n] = decimal(s[:j])
		n++
		s = s[j+1:]
	}
	if s == "" || len(s) > 10 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0, false
		}
	}
	parts[n] = decimal(s)
	return join(parts[:n+1])
}

// javaOctet matches (?:25[0-5]|(?:2[0-4]|1{0,1}[0-9]){0,1}[0-9]), the
// octet of HostName's patterns: any one or two digits ("01" too), and three
// that read 100 to 255.
func javaOctet(s string) bool {
	switch len(s) {
	case 1:
		return isDigit(s[0])
	case 2:
		return isDigit(s[0]) && isDigit(s[1])
	case 3:
		if !isDigit(s[0]) || !isDigit(s[1]) || !isDigit(s[2]) {
			return false
		}
		switch s[0] {
		case '1':
			return true
		case '2':
			return s[1] < '5' || s[1] == '5' && s[2] <= '5'
		}
	}
	return false
}

// decimal returns the value of s, decimal digits of which there are at
// most ten.
func decimal(s string) uint64 {
	var v uint64
	for i := 0; i < len(s); i++ {
		v = v*10 + uint64(s[i]-'0')
	}
	return v
}

// Quad reports whether h is four dot-separated groups of one to three
// digits, whether or not each is below 256: the pattern
// (?:\d{1,3}\.){3}\d{1,3} with which Heritrix and surt (reverse_ipaddr)
// tell an address from a name.
func Quad[T string | []byte](h T) bool {
	groups, n := 0, 0
	for i := 0; i < len(h); i++ {
		switch c := h[i]; {
		case isDigit(c):
			if n++; n > 3 {
				return false
			}
		case c == '.' && n > 0 && groups < 3:
			groups, n = groups+1, 0
		default:
			return false
		}
	}
	return groups == 3 && n > 0
}
