package uri

import (
	"errors"
	"net/url"
	"strings"
)

// URL returns u as a *url.URL whose String method gives an equivalent URI:
// the scheme, path, query and fragment as written (kept raw in RawPath,
// RawQuery and RawFragment, so net/url re-escapes nothing), the host and
// userinfo decoded, which is how net/url holds them. It allocates the URL
// and the decoded components.
//
// net/url cannot hold every URI-reference, and then String gives another
// one:
//   - an empty fragment is dropped ("a#" becomes "a");
//   - an empty authority before an empty path is dropped ("file://"
//     becomes "file:"), and so is one without a scheme ("///x" becomes
//     "/x");
//   - userinfo comes back escaped as net/url escapes it, which percent-
//     encodes some sub-delims and a ":" within the password
//     ("//a:b:c@h" becomes "//a:b%3Ac@h");
//   - a host is decoded and escaped again: "%61" becomes "a", and a
//     percent-encoded sub-delim, ":" or bracket comes back as it is
//     written decoded, which changes the host, or, for ":", breaks it.
//     net/url's own Parse rejects such hosts.
func (u URI) URL() *url.URL {
	v := &url.URL{
		Scheme:     u.Scheme(),
		RawQuery:   u.Query(),
		ForceQuery: u.HasQuery() && u.Query() == "",
	}
	if u.HasFragment() {
		v.RawFragment = u.Fragment()
		v.Fragment = lenientUnescape(v.RawFragment)
	}
	path := u.Path()
	switch {
	case u.HasAuthority():
		v.Host = lenientUnescape(u.Host())
		if u.HasPort() {
			v.Host += ":" + u.Port()
		}
		if u.HasUserInfo() {
			name, password, hasPassword := strings.Cut(u.UserInfo(), ":")
			if hasPassword {
				v.User = url.UserPassword(lenientUnescape(name), lenientUnescape(password))
			} else {
				v.User = url.User(lenientUnescape(name))
			}
		}
	case u.HasScheme() && path != "" && path[0] != '/':
		// A rootless path after a scheme ("mailto:a@b"): net/url keeps it
		// as it is written in Opaque.
		v.Opaque = path
		return v
	case u.HasScheme():
		v.OmitHost = true // "a:/b" has no authority: no "//"
	}
	v.RawPath = path
	v.Path = lenientUnescape(path)
	return v
}

// lenientUnescape decodes the percent-encodings of a component of a parsed
// URI, which are all well-formed.
func lenientUnescape(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

// ErrNilURL is returned by FromURL for a nil *url.URL.
var ErrNilURL = errors.New("uri: nil *url.URL")

// FromURL returns the URI that v's String method writes, parsed strictly:
// it fails, with the *Error of Parse, where net/url holds what RFC 3986
// cannot express, such as an IPv6 zone ("[fe80::1%25eth0]"), an invalid
// scheme or an Opaque with spaces.
func FromURL(v *url.URL) (URI, error) {
	if v == nil {
		return URI{}, ErrNilURL
	}
	return Parse(v.String())
}
