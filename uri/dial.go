package uri

import (
	"errors"
	"strconv"
	"strings"

	"github.com/urilabs/rfc3986/internal/schemes"
)

// ErrNotDialable: DialAddress was given a URI whose host names no address
// a dialer can reach as written: an IPvFuture literal, or a reg-name that
// holds percent-encodings, which readers decode into different names
// (see EncodedHost). It is wrapped within an [Error] with Op "dial
// address".
var ErrNotDialable = errors.New("host cannot be dialed as written")

// ErrPortOutOfRange: DialAddress was given a URI whose port is above
// 65535, the largest TCP or UDP port, though RFC 3986 allows any number of
// digits. Its offset is the port's first digit. It is wrapped within an
// [Error] with Op "dial address"; scheme.Check reports the same sentinel
// for an http, https, ws or wss URI.
var ErrPortOutOfRange = errors.New("port out of range")

// Hostname returns the host of u without the brackets of an IP-literal
// and without an IPv6 zone identifier: "::1" for "http://[::1]:8080/",
// "fe80::1" for "http://[fe80::1%25eth0]/", "example.com" for
// "http://example.com:80/", and "" when u has no host. A reg-name is
// returned as written, percent-encodings and case included. Addr gives
// an IP address with its zone, decoded.
func (u URI) Hostname() string {
	host := u.Host()
	switch u.HostKind() {
	case IPv6:
		host = host[1 : len(host)-1]
		if i := strings.IndexByte(host, '%'); i >= 0 {
			host = host[:i]
		}
	case IPvFuture:
		host = host[1 : len(host)-1]
	}
	return host
}

// DialAddress returns the address to give net.Dial for u: host ":" port,
// with the host as net.JoinHostPort writes it ("[::1]:8080") and the port
// of u, or, when u has none or an empty one, the default port of u's
// scheme: "https://example.com/a" gives "example.com:443", and
// "http://[::1]/" gives "[::1]:80". A port with leading zeros is written
// as its number ("080" is 80). An IPv6 address is written as net/netip
// writes it, with its zone, decoded, when u has one. It allocates the
// result once.
//
// The default ports are those of scheme.DefaultPort: http and ws (80),
// https and wss (443), ftp (21), coap (5683), ldap (389) and the other
// schemes whose RFC names one. The error is an *Error with Op "dial address": a
// URI without a host (ErrMissingHost), without a port when its scheme has
// no default (ErrMissingPort), with a port above 65535 (ErrPortOutOfRange),
// or with a host that cannot be dialed as written (ErrNotDialable).
//
// DialAddress says where u points, not whether it is safe to connect
// there: a reg-name such as "127.1" or "localhost" is returned as it is
// and resolves to an address of the machine; see Hazards, and check the
// addresses a resolver returns before connecting to them.
func (u URI) DialAddress() (string, error) {
	fail := func(offset int, c Component, err error) (string, error) {
		return "", &Error{Op: "dial address", Input: u.s, Offset: offset, Component: c, Err: err}
	}
	hostStart := int(u.m.HostStart())
	host := u.Host()
	switch {
	case host == "":
		return fail(hostStart, Host, ErrMissingHost)
	case u.HostKind() == IPvFuture:
		return fail(hostStart, Host, ErrNotDialable)
	case u.HostKind() == RegName && strings.IndexByte(host, '%') >= 0:
		return fail(hostStart+strings.IndexByte(host, '%'), Host, ErrNotDialable)
	}
	port, ok := u.PortNumber()
	switch {
	case ok:
	case u.Port() != "":
		// A port is all digits: this one is too big.
		return fail(int(u.m.HostEnd())+1, Port, ErrPortOutOfRange)
	default:
		if port = defaultPort(u.Scheme()); port == 0 {
			return fail(int(u.m.PathStart()), Port, ErrMissingPort)
		}
	}
	b := make([]byte, 0, len(host)+16) // room for "::" expanded, ":" and a port
	if a, ok := u.Addr(); ok && a.Is6() {
		b = append(a.AppendTo(append(b, '[')), ']')
	} else {
		b = append(b, host...)
	}
	return bytesToString(strconv.AppendInt(append(b, ':'), int64(port), 10)), nil
}

// defaultPort returns the default port of the scheme from the library's
// one scheme table, or 0 when it knows none: the port that Normalize
// drops (section 6.2.3) and scheme.DefaultPort returns.
func defaultPort(scheme string) int { return int(schemes.Lookup(scheme).Port) }
