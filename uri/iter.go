package uri

import (
	"iter"
	"net/netip"
	"strings"
)

// Segments returns an iterator over the segments of u's path (section
// 3.3), raw, as written: percent-encodings are not decoded, so a "%2F"
// stays inside its segment, and dot-segments are not removed. An absolute
// path yields the segments after each "/" ("/a/b/" yields "a", "b" and
// ""), a rootless path its first segment and those after each "/", and an
// empty path nothing.
func (u core) Segments() iter.Seq[string] {
	path := u.Path()
	return func(yield func(string) bool) {
		p := path
		if p == "" {
			return
		}
		if p[0] == '/' {
			p = p[1:]
		}
		for {
			i := strings.IndexByte(p, '/')
			if i < 0 {
				yield(p)
				return
			}
			if !yield(p[:i]) {
				return
			}
			p = p[i+1:]
		}
	}
}

// QueryPairs returns an iterator over the key=value pairs of u's query,
// raw: the query is split at each "&", and each piece at its first "=",
// and nothing is decoded. A piece without "=" is a key with an empty value
// ("a" and "a=" both yield "a" and ""); an empty piece ("a&&b") yields
// nothing.
//
// RFC 3986 gives the query no structure (section 3.4): "key=value&..." is
// the convention of HTML forms, which QueryPairs follows only in the
// split. In RFC 3986 "+" is a plus sign, not a space; decoding, including
// any reading of "+" as a space, is the caller's to do once it has split
// the pairs (section 2.4), with Unescape for the percent-encodings.
func (u core) QueryPairs() iter.Seq2[string, string] {
	query := u.Query()
	return func(yield func(string, string) bool) {
		q := query
		for q != "" {
			var piece string
			piece, q, _ = strings.Cut(q, "&")
			if piece == "" {
				continue
			}
			k, v, _ := strings.Cut(piece, "=")
			if !yield(k, v) {
				return
			}
		}
	}
}

// Addr returns the IP address of u's host when the host is an IPv4address
// or an IP-literal holding an IPv6address (section 3.2.2), and false for
// any other host: a reg-name, even one a resolver would read as an address
// ("127.1", section 7.4), an IPvFuture, or none. An RFC 6874 zone ID, which
// only Parser.Parse with ZoneID accepts, becomes the address's zone,
// decoded ("[fe80::1%25eth0]" has zone "eth0").
func (u core) Addr() (netip.Addr, bool) {
	host := u.Host()
	switch u.HostKind() {
	case IPv6:
		host = host[1 : len(host)-1]
	case IPv4:
	default:
		return netip.Addr{}, false
	}
	zone := u.Zone()
	if zone != "" {
		host = host[:strings.IndexByte(host, '%')]
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}, false
	}
	if zone != "" {
		// The parser has checked the zone's percent-encodings.
		z, _ := Unescape(zone)
		a = a.WithZone(z)
	}
	return a, true
}
