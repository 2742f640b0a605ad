package whatwg

import (
	"strings"

	"github.com/urilabs/rfc3986/internal/pct"
	"github.com/urilabs/rfc3986/uri"
)

// The bytes RFC 3986 allows raw in each component (Appendix A), "%" aside.
var (
	rfcUnreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	rfcSubDelims  = "!$&'()*+,;="
	rfcRegName    = byteSet(rfcUnreserved + rfcSubDelims)
	rfcUserinfo   = byteSet(rfcUnreserved + rfcSubDelims + ":")
	rfcPath       = byteSet(rfcUnreserved + rfcSubDelims + ":@/")
	rfcQuery      = byteSet(rfcUnreserved + rfcSubDelims + ":@/?")
)

func byteSet(s string) (t [256]bool) {
	for i := 0; i < len(s); i++ {
		t[s[i]] = true
	}
	return t
}

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
		b = appendRFC(b, u.href[u.schemeEnd()+3:u.hostStart()], &rfcUserinfo, "@")
		if u.kind() == IPv6Host {
			b = append(b, u.Hostname()...)
		} else {
			b = appendRFC(b, u.Hostname(), &rfcRegName, "")
		}
		b = append(b, u.href[u.hostEnd():u.pathStart()]...)
	} else {
		b = append(b, u.href[u.schemeEnd()+1:u.pathStart()]...) // "/." or nothing
	}
	b = appendRFC(b, u.Pathname(), &rfcPath, "")
	if q, ok := u.Query(); ok {
		b = append(b, '?')
		b = appendRFC(b, q, &rfcQuery, "")
	}
	if f, ok := u.Fragment(); ok {
		b = append(b, '#')
		b = appendRFC(b, f, &rfcQuery, "")
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
func appendRFC(b []byte, s string, allowed *[256]bool, keep string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case allowed[c] || strings.IndexByte(keep, c) >= 0:
			b = append(b, c)
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b = append(b, c)
		default:
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return b
}

func isHex(b byte) bool {
	_, ok := pct.Unhex(b)
	return ok
}
