package canon

import (
	"github.com/urilabs/rfc3986/uri/whatwg"
)

// CanonicalizeLenient is Canonicalize for input that browsers accept and
// the profile's reading does not, such as surrounding spaces or a tab
// inside for the profiles that read RFC 3986 (rfc3986, nutch,
// stormcrawler): a line that Canonicalize refuses is read with the WHATWG
// URL Standard (uri/whatwg), and its serialization canonicalized when that
// is a URI. The error is Canonicalize's when neither reading accepts the
// line. The profiles that read a line as their references do (google, ia,
// ordinary) already accept all that browsers do but a port that is not all
// digits, which browsers refuse too.
func (p Profile) CanonicalizeLenient(s string) (string, error) {
	c, err := p.Canonicalize(s)
	if err == nil {
		return c, nil
	}
	w, werr := whatwg.Parse(s)
	if werr != nil {
		return "", err
	}
	// The bridge, not the href: an href may keep bytes RFC 3986 refuses
	// ("|", "^", "{"), which URI percent-encodes.
	b, err := p.AppendCanonicalURI(nil, w.URI())
	return string(b), err
}
