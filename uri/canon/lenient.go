package canon

import (
	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/whatwg"
)

// CanonicalizeLenient is Canonicalize for input that browsers accept and
// RFC 3986 does not, such as surrounding spaces or a tab inside: a line
// that uri.Parse refuses is read with the WHATWG URL Standard
// (uri/whatwg), and its serialization canonicalized when that is a URI.
// The error is uri.Parse's when neither reader accepts the line.
func (p Profile) CanonicalizeLenient(s string) (string, error) {
	u, err := uri.Parse(s)
	if err != nil {
		w, werr := whatwg.Parse(s)
		if werr != nil {
			return "", err
		}
		// The bridge, not the href: an href may keep bytes RFC 3986
		// refuses ("|", "^", "{"), which URI percent-encodes.
		u = w.URI()
	}
	b, err := p.AppendCanonicalURI(nil, u)
	return string(b), err
}
