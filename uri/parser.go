package uri

import (
	"strings"

	"github.com/urilabs/rfc3986/internal/scan"
)

// A Parser parses URI references with options beyond RFC 3986. The zero
// Parser is strict RFC 3986: Parser{}.Parse(s) is Parse(s).
type Parser struct {
	// ZoneID accepts an IPv6 zone identifier in an IP-literal, as RFC
	// 6874 allows: "http://[fe80::1%25eth0]/", where "%25" is the "%"
	// that separates the zone, percent-encoded. RFC 3986 rejects it.
	// [URI.Zone] returns the zone.
	ZoneID bool
}

// Parse parses s as a URI-reference with p's options, as the function
// Parse does.
func (p Parser) Parse(s string) (URI, error) {
	m, f := scan.Scan(s, scan.Options{ZoneID: p.ZoneID})
	if f != 0 {
		return URI{}, newError(s, f)
	}
	return URI{core{s, m}}, nil
}

// Zone returns the zone identifier of an IPv6 host, as written (it may be
// percent-encoded, "eth%30"), without the "%25" that introduces it: "eth0"
// for "[fe80::1%25eth0]". It returns "" for every other host. Only a URI
// parsed by a [Parser] with ZoneID set can have one.
func (u core) Zone() string {
	if u.HostKind() != IPv6 {
		return ""
	}
	h := u.Host()
	// An IPv6address holds no "%", so the first one begins the zone.
	if i := strings.IndexByte(h, '%'); i >= 0 {
		return h[i+len("%25") : len(h)-1]
	}
	return ""
}
