package whatwg

import (
	"strings"

	"github.com/urilabs/rfc3986/internal/pct"
	"github.com/urilabs/rfc3986/uri"
)

// URI returns the URI a browser would request for u: its href, with what
// the URL Standard leaves raw and RFC 3986 refuses percent-encoded. Those
// are "|", "^", "`", "{", "}", "[", "]", "\" and a "%" without two
// hexadecimal digits after it in a path, query or fragment, a second "#"
// in a fragment, "{", "}", "\"", "`" in a host; a space and the controls
// and the bytes beyond ASCII in an opaque path. A server reads the same
// resource from either: each byte encoded is one a browser would
// otherwise send raw, and RFC 3986 section 2.1 reads "%XX" as that byte.
//
// The result always parses: uri.Parse(u.URI().String()) succeeds for
// every URL, which FuzzBridge holds to.
func (u URL) URI() uri.URI {
	if v, err := uri.Parse(u.href); err == nil {
		return v
	}
	b := make([]byte, 0, len(u.href)+16)
	b = append(b, u.href[:u.schemeEnd()+1]...)
	if u.flags()&hasAuthority != 0 {
		b = append(b, "//"...)
		b = appendRFC(b, u.href[u.schemeEnd()+3:u.hostStart()], &pct.UserInfo, "@")
		if u.kind() == IPv6Host {
			b = append(b, u.Hostname()...)
		} else {
			b = appendRFC(b, u.Hostname(), &pct.RegName, "")
		}
		b = append(b, u.href[u.hostEnd():u.pathStart()]...)
	} else {
		b = append(b, u.href[u.schemeEnd()+1:u.pathStart()]...) // "/." or nothing
	}
	b = appendRFC(b, u.Pathname(), &pct.Path, "")
	if q, ok := u.Query(); ok {
		b = append(b, '?')
		b = appendRFC(b, q, &pct.Query, "")
	}
	if f, ok := u.Fragment(); ok {
		b = append(b, '#')
		b = appendRFC(b, f, &pct.Query, "")
	}
	v, err := uri.Parse(string(b))
	if err != nil {
		// Unreachable, as FuzzBridge and the tests over WPT's inputs
		// check: every byte outside the grammar was encoded above.
		return uri.URI{}
	}
	return v
}

// appendRFC appends s with every byte that allowed lacks percent-encoded,
// and a "%" that does not begin "%XX" as "%25"; keep holds bytes to copy
// as they are (the "@" that ends a userinfo).
func appendRFC(b []byte, s string, allowed *pct.Set, keep string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case allowed.Has(c) || strings.IndexByte(keep, c) >= 0:
			b = append(b, c)
		case c == '%' && isTriplet(s, i):
			b = append(b, c)
		default:
			b = pct.AppendTriplet(b, c)
		}
	}
	return b
}

// isTriplet reports whether s[i:] begins with a triplet.
func isTriplet(s string, i int) bool {
	_, ok := pct.Triplet(s, i)
	return ok
}
