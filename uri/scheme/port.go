package scheme

import (
	"strings"

	"github.com/urilabs/rfc3986/internal/ascii"
	"github.com/urilabs/rfc3986/internal/schemes"
	"github.com/urilabs/rfc3986/uri"
)

// DefaultPort returns the default port of the scheme name, matched
// case-insensitively, and whether it has one: the port a URI of that
// scheme means when it gives none (RFC 3986 section 6.2.3). The registry
// holds the schemes whose RFC names a default port: http and https (80,
// 443; RFC 9110), ws and wss (80, 443; RFC 6455), ftp (21; RFC 1738),
// coap and coaps (5683, 5684; RFC 7252) and their TCP and WebSocket forms
// (RFC 8323), ldap (389; RFC 4516), telnet (23; RFC 4248), gopher (70;
// RFC 4266), nntp and news (119; RFC 5538), imap (143; RFC 5092), pop
// (110; RFC 2384), rtsp and rtsps (554, 322; RFC 7826).
//
// It is the registry uri.URI.Normalize reads, so DropDefaultPort with
// DefaultPort leaves a normalized URI as it is; DropDefaultPort with a
// Ports of the caller's drops the ports of other schemes.
func DefaultPort(name string) (int, bool) {
	p := schemes.Lookup(name).Port
	return int(p), p != 0
}

// Ports is a registry of default ports of the caller's own, by scheme name
// in lowercase, for DropDefaultPort: Ports{"myproto": 7000}.DefaultPort.
type Ports map[string]int

// DefaultPort returns the port of the scheme name in p, matched
// case-insensitively, as the function DefaultPort does for the registry.
func (p Ports) DefaultPort(name string) (int, bool) {
	n, ok := p[name]
	if !ok && ascii.FirstUpper(name) < len(name) {
		n, ok = p[strings.ToLower(name)]
	}
	return n, ok
}

// DropDefaultPort returns u without its port, and the ":" before it, when
// the port is empty or, by value, the default port that defaultPort gives
// for u's scheme: "coap://h:5683/" and "coap://h:/" become "coap://h/"
// with DefaultPort, "http://h:080/" becomes "http://h/". It returns u
// itself, without allocating, when there is nothing to drop.
//
// It is the port rule of section 6.2.3 with the caller's table: apply it
// to u.Normalize() for the full normal form, with DefaultPort, a Ports
// of the caller's, or a function that consults both.
func DropDefaultPort(u uri.URI, defaultPort func(scheme string) (int, bool)) uri.URI {
	if !u.HasPort() {
		return u
	}
	if u.Port() != "" {
		n, ok := u.PortNumber()
		want, known := defaultPort(u.Scheme())
		if !ok || !known || n != want {
			return u
		}
	}
	// Cut ":" and the port out of the text: what is left is a URI, read
	// with the options u may have needed (an RFC 6874 zone).
	o := u.Offsets()
	s := u.String()
	v, err := uri.Parser{ZoneID: true}.Parse(s[:o.HostEnd] + s[o.PathStart:])
	if err != nil {
		return u // unreachable: leaving out a port leaves a URI
	}
	return v
}
