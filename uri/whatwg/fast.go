package whatwg

import (
	"encoding/binary"
	"strings"
	"unsafe"

	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/internal/schemes"
	"github.com/urilabs/rfc3986/tables"
)

// parseFast reads s with the RFC 3986 scanner and, when the URI is
// already what the Standard's serializer would write (a lowercase scheme;
// for a special scheme other than file, "//", no userinfo, a lowercase
// ASCII domain that needs no IDNA and is no IPv4 number or a dotted
// decimal IPv4 address, no default or zero-padded port, a path that is
// not empty; no dot-segments; no "'" in a special query), sets *u to the
// URL whose href is s itself, with the scanner's offsets, and reports
// true. Every byte the Standard would percent-encode is outside RFC 3986's
// grammar, so a URI needs nothing encoded but that "'". Anything else
// reports false, and the state machine reads it.
//
// It writes *u rather than returning a URL: a URL bound to a variable and
// returned is copied through memory, with loads wider than the stores
// that wrote it, which the processor cannot forward.
//
// The parts are checked by checkPlain, which classifies all the bytes of
// a URI of up to 64 bytes at once (most of those on the web), or word by
// word by plainWords.
func parseFast(s string, u *URL) bool {
	if uint64(len(s)) >= 1<<32-16 {
		return false
	}
	m, f := scan.Scan(s, scan.Options{})
	fl := m.Flags()
	if f != 0 || fl&(scan.HasScheme|scan.HasUserInfo) != scan.HasScheme {
		return false
	}
	se := m.SchemeEnd()
	special, dport := schemeDefaults(s[:se])
	if dport == fileScheme {
		return false
	}
	ps, pe, qe := m.PathStart(), m.PathEnd(), m.QueryEnd()
	var flags, parts uint8
	var port uint16
	kind := NoHost
	hs, he := se+1, se+1
	if fl&scan.HasAuthority != 0 {
		flags |= hasAuthority
		hs, he = m.HostStart(), m.HostEnd()
		switch m.HostKind() {
		case tables.HostIPv4:
			kind = IPv4Host
			if !special {
				kind = OpaqueHost
			}
		case tables.HostRegName:
			if !special {
				kind = OpaqueHost
				if hs == he {
					kind = EmptyHost
				}
				break
			}
			if hs == he {
				return false
			}
			kind = DomainHost
			parts |= partDomain
		default:
			return false
		}
		if fl&scan.HasPort != 0 {
			if hs == he {
				return false
			}
			p := s[he+1 : ps]
			if p == "" || (p[0] == '0' && len(p) > 1) || len(p) > 5 {
				return false
			}
			v := 0
			for i := 0; i < len(p); i++ {
				v = v*10 + int(p[i]-'0')
			}
			if v > 65535 || int32(v) == dport {
				return false
			}
			port = uint16(v)
			flags |= hasPort
		}
		if special && ps == pe {
			return false
		}
	} else {
		if special {
			return false
		}
		if ps == pe || s[ps] != '/' {
			flags |= opaquePath
		}
	}
	if flags&opaquePath == 0 {
		parts |= partPath
	}
	if fl&scan.HasQuery != 0 {
		flags |= hasQuery
		if special {
			parts |= partQuery
		}
	}
	if fl&scan.HasFragment != 0 {
		flags |= hasFragment
	}
	switch {
	case hasCheckPlain && len(s) <= 64:
		if !plainChecked(s, checkPlain(s, se, hs, he, ps, pe, qe, parts), hs, he, ps, pe) {
			return false
		}
	case hasCheckPlain && he <= 64:
		if !plainLong(s, se, hs, he, ps, pe, qe, parts) {
			return false
		}
	default:
		if !plainWords(s, se, hs, he, ps, pe, qe, parts) {
			return false
		}
	}
	u.set(s, se, hs, hs, he, ps, pe, qe, port, flags, kind)
	return true
}

// plainChecked reports whether the URI s, of which checkPlain reported r,
// is plain, with the closer looks r asks for.
func plainChecked(s string, r uint8, hs, he, ps, pe uint32) bool {
	return r == 0 || r&plainReject == 0 &&
		(r&plainDashes == 0 || !hasXN(s[hs:he])) &&
		(r&plainDots == 0 || !slowDotSegment(s[ps:pe]))
}

// plainLong checks a URI longer than 64 bytes whose scheme and host lie
// in its first 64 (most long URLs on the web): checkPlain reads those 64
// bytes, with the path and the query cut at their end, and then what is
// left of them from the byte before the cut, where a "/." across it
// begins: with checkPlain again when that is at most 64 bytes, else
// hasDotSegment and a search for "'".
func plainLong(s string, se, hs, he, ps, pe, qe uint32, parts uint8) bool {
	const w = 64
	r := checkPlain(s[:w], se, hs, he, min(ps, w), min(pe, w), min(qe, w), parts)
	if !plainChecked(s, r, hs, he, ps, pe) {
		return false
	}
	const t = w - 1 // where the rest is read from
	if len(s)-t <= w {
		// The rest has no scheme and no domain; its path is cut at
		// t, and a query that begins before t begins at its start.
		tps, tpe := uint32(0), ^uint32(0)
		if pe >= t {
			tps, tpe = max(ps, t)-t, pe-t
		}
		var rest uint8
		if pe > w {
			rest |= parts & partPath
		}
		if qe > w {
			rest |= parts & partQuery
		}
		return rest == 0 || plainChecked(s, checkPlain(s[t:], 0, 0, 0, tps, tpe, qe-t, rest), hs, he, ps, pe)
	}
	if parts&partPath != 0 && pe > w && r&plainDots == 0 && hasDotSegment(s[max(ps, t):pe]) {
		return false
	}
	return parts&partQuery == 0 || qe <= w || strings.IndexByte(s[max(pe+1, w):qe], '\'') < 0
}

// plainWords is checkPlain and the closer looks it asks for, word by
// word, for an s longer than checkPlain reads or on a machine without its
// vector code: it reports whether the parts of s are as the Standard's
// serializer writes them.
func plainWords(s string, se, hs, he, ps, pe, qe uint32, parts uint8) bool {
	for i := uint32(0); i < se; i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return false
		}
	}
	return (parts&partDomain == 0 || plainDomain(s[hs:he])) &&
		(parts&partPath == 0 || !hasDotSegment(s[ps:pe])) &&
		(parts&partQuery == 0 || strings.IndexByte(s[pe+1:qe], '\'') < 0)
}

// fileScheme is what schemeDefaults gives as the default port of file,
// which has none and which the fast path leaves to the state machine.
const fileScheme = -2

// schemeDefaults reports whether scheme, lowercase, is special, and its
// default port: -1 for none, fileScheme for file.
func schemeDefaults(scheme string) (special bool, port int32) {
	s, ok := schemes.WHATWG(scheme)
	switch {
	case !ok:
		return false, -1
	case s.Rules&schemes.File != 0:
		return true, fileScheme
	}
	return true, int32(s.Port)
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
