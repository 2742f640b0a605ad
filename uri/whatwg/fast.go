package whatwg

import (
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
	if len(s) >= 1<<32-16 {
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
			q := s[u.queryStart+1 : u.fragStart]
			for i := 0; i < len(q); i++ {
				if q[i] == '\'' {
					return URL{}, false
				}
			}
		}
	}
	if m.Flags()&scan.HasFragment != 0 {
		u.flags |= hasFragment
	}
	return u, true
}

// plainDomain reports whether host, a reg-name, is its own domain to
// ASCII and host serialization: lowercase letters, digits, "-", ".", "_"
// and "~", no label that begins "xn--", and a last label that does not
// begin with a digit, so that it cannot end in a number.
func plainDomain(host string) bool {
	if host == "" {
		return false
	}
	for i := 0; i < len(host); i++ {
		b := host[i]
		if !('a' <= b && b <= 'z' || '0' <= b && b <= '9' || b == '-' || b == '.' || b == '_' || b == '~') {
			return false
		}
	}
	if hasXN(host) {
		return false
	}
	end := len(host)
	if host[end-1] == '.' {
		end--
	}
	i := end - 1
	for i >= 0 && host[i] != '.' {
		i--
	}
	return i+1 >= end || host[i+1] < '0' || host[i+1] > '9'
}

// hasDotSegment reports whether a segment of path is "." or "..", raw or
// with "%2e".
func hasDotSegment(path string) bool {
	for i := 0; i < len(path); i++ {
		if path[i] != '.' && path[i] != '%' || (i > 0 && path[i-1] != '/') {
			continue
		}
		j := i
		for j < len(path) && path[j] != '/' && j-i <= 6 {
			j++
		}
		seg := []byte(path[i:j])
		if isSingleDot(seg) || isDoubleDot(seg) {
			return true
		}
	}
	return false
}
