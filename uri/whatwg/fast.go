package whatwg

import (
	"encoding/binary"
	"strings"
	"unsafe"

	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/tables"
)

// parseFast reads input with the RFC 3986 scanner and, when the URI is
// already what the Standard's serializer would write (a lowercase scheme;
// for a special scheme other than file, "//", no userinfo, a lowercase
// ASCII domain that needs no IDNA and is no IPv4 number or a dotted
// decimal IPv4 address, no default or zero-padded port, a path that is
// not empty; no dot-segments; no "'" in a special query), returns the URL
// whose href is input itself, with the scanner's offsets. Every byte the
// Standard would percent-encode is outside RFC 3986's grammar, so a URI
// needs nothing encoded but that "'". Anything else reports false, and the
// state machine reads it.
func parseFast(s string) (URL, bool) {
	if uint64(len(s)) >= 1<<32-16 {
		return URL{}, false
	}
	m, f := scan.Scan(s, scan.Options{})
	if f != 0 || m.Flags()&scan.HasScheme == 0 || m.Flags()&scan.HasUserInfo != 0 {
		return URL{}, false
	}
	se := m.SchemeEnd()
	for i := uint32(0); i < se; i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return URL{}, false
		}
	}
	scheme := s[:se]
	special := isSpecialScheme(scheme)
	if scheme == "file" {
		return URL{}, false
	}
	u := URL{href: s, schemeEnd: se}
	path := s[m.PathStart():m.PathEnd()]
	if m.Flags()&scan.HasAuthority != 0 {
		u.flags |= hasAuthority
		host := s[m.HostStart():m.HostEnd()]
		switch m.HostKind() {
		case tables.HostIPv4:
			u.kind = IPv4Host
			if !special {
				u.kind = OpaqueHost
			}
		case tables.HostRegName:
			if !special {
				u.kind = OpaqueHost
				if host == "" {
					u.kind = EmptyHost
				}
				break
			}
			if !plainDomain(host) {
				return URL{}, false
			}
			u.kind = DomainHost
		default:
			return URL{}, false
		}
		if m.Flags()&scan.HasPort != 0 {
			if host == "" {
				return URL{}, false
			}
			p := s[m.HostEnd()+1 : m.PathStart()]
			if p == "" || (p[0] == '0' && len(p) > 1) || len(p) > 5 {
				return URL{}, false
			}
			v := 0
			for i := 0; i < len(p); i++ {
				v = v*10 + int(p[i]-'0')
			}
			if v > 65535 || int32(v) == defaultPort(scheme) {
				return URL{}, false
			}
			u.port = uint16(v)
			u.flags |= hasPort
		}
		if special && path == "" {
			return URL{}, false
		}
		u.userEnd, u.hostStart, u.hostEnd = m.HostStart(), m.HostStart(), m.HostEnd()
	} else {
		if special {
			return URL{}, false
		}
		u.userEnd, u.hostStart, u.hostEnd = se+1, se+1, se+1
		if path == "" || path[0] != '/' {
			u.flags |= opaquePath
		}
	}
	if u.flags&opaquePath == 0 && hasDotSegment(path) {
		return URL{}, false
	}
	u.pathStart, u.queryStart, u.fragStart = m.PathStart(), m.PathEnd(), m.QueryEnd()
	if m.Flags()&scan.HasQuery != 0 {
		u.flags |= hasQuery
		if special {
			if strings.IndexByte(s[u.queryStart+1:u.fragStart], '\'') >= 0 {
				return URL{}, false
			}
		}
	}
	if m.Flags()&scan.HasFragment != 0 {
		u.flags |= hasFragment
	}
	return u, true
}

// plainDomain reports whether host, a reg-name, is its own domain to
// ASCII and host serialization: no uppercase letter and no "%" (the
// scanner has checked the rest of the grammar, whose other bytes are
// valid in a domain), no label that begins "xn--", and a last label that
// does not begin with a digit, so that it cannot end in a number.
func plainDomain(h string) bool {
	if h == "" {
		return false
	}
	upper, dashes := scanHost(h)
	if upper || dashes && hasXN(h) {
		return false
	}
	end := len(h)
	if h[end-1] == '.' {
		end--
	}
	last := strings.LastIndexByte(h[:end], '.') + 1
	return last >= end || h[last] < '0' || h[last] > '9'
}

const (
	ones  = 0x0101010101010101
	lows  = 0x7F7F7F7F7F7F7F7F
	highs = 0x8080808080808080
)

// eq returns 0x80 in each byte of x, ASCII, that is c, and 0 elsewhere.
func eq(x uint64, c byte) uint64 {
	y := x ^ (ones * uint64(c))
	return ^((y & lows) + lows | y) & highs
}

func load8(s string, i int) uint64 {
	return binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(s[i:]), 8))
}

// scanHost reports whether h, ASCII, has a byte in "A" to "Z" or a "%",
// and whether it has "--", eight bytes at a time.
func scanHost(s string) (upperOrPercent, dashes bool) {
	if len(s) < 8 {
		for i := 0; i < len(s); i++ {
			b := s[i]
			if 'A' <= b && b <= 'Z' || b == '%' {
				upperOrPercent = true
			}
			if b == '-' && i > 0 && s[i-1] == '-' {
				dashes = true
			}
		}
		return upperOrPercent, dashes
	}
	var u, d, carry uint64
	for i := 0; ; i += 8 {
		if i+8 > len(s) {
			i = len(s) - 8 // the tail, overlapping
		}
		x := load8(s, i)
		// Bytes above '@' (0x40) and below '[' (0x5B), for ASCII x.
		u |= (ones*(127+0x5B) - x) & (x + ones*(127-0x40)) & highs
		u |= eq(x, '%')
		dash := eq(x, '-')
		d |= (dash<<8 | carry) & dash
		carry = dash >> 56
		if i+8 == len(s) {
			break
		}
	}
	return u != 0, d != 0
}

// hasDotSegment reports whether a segment of path, which begins with "/",
// is "." or "..", raw or with "%2e". A "/" followed by "." or "%" is
// looked for eight bytes at a time; only where one is found is the
// segment read.
func hasDotSegment(path string) bool {
	if len(path) < 8 {
		return slowDotSegment(path)
	}
	carry := uint64(0) // 0x80 when the byte before the word is "/"
	for i := 0; i+8 <= len(path); i += 8 {
		x := load8(path, i)
		slash := eq(x, '/')
		if (slash<<8|carry)&(eq(x, '.')|eq(x, '%')) != 0 {
			return slowDotSegment(path)
		}
		carry = slash >> 56
	}
	x := load8(path, len(path)-8) // the tail, overlapping
	if eq(x, '/')<<8&(eq(x, '.')|eq(x, '%')) != 0 {
		return slowDotSegment(path)
	}
	return false
}

func slowDotSegment(path string) bool {
	for i := 0; i+1 < len(path); i++ {
		if path[i] != '/' {
			continue
		}
		if c := path[i+1]; c == '.' || c == '%' {
			seg := path[i+1:]
			if j := strings.IndexByte(seg, '/'); j >= 0 {
				seg = seg[:j]
			}
			if isDotSegment(seg) {
				return true
			}
		}
	}
	return false
}

func isDotSegment(seg string) bool {
	switch len(seg) {
	case 1:
		return seg == "."
	case 2:
		return seg == ".."
	case 3, 4, 6:
		return isSingleDot([]byte(seg)) || isDoubleDot([]byte(seg))
	}
	return false
}
