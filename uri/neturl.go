package uri

import (
	"errors"
	"net/url"
	"strings"

	"github.com/urilabs/rfc3986/internal/pct"
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
		v.Fragment = decoded(v.RawFragment)
	}
	path := u.Path()
	switch {
	case u.HasAuthority():
		v.Host = decoded(u.Host())
		if u.HasPort() {
			v.Host += ":" + u.Port()
		}
		if u.HasUserInfo() {
			name, password, hasPassword := strings.Cut(u.UserInfo(), ":")
			if hasPassword {
				v.User = url.UserPassword(decoded(name), decoded(password))
			} else {
				v.User = url.User(decoded(name))
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
	v.Path = decoded(path)
	return v
}

// decoded returns s, a component of a parsed URI, with its
// percent-encodings decoded; they are all well-formed.
func decoded(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	return string(pct.AppendDecoded(make([]byte, 0, len(s)), s))
}

// ErrNilURL: FromURL was given a nil *url.URL. It is wrapped within an
// [Error] with an empty Input.
var ErrNilURL = errors.New("nil *url.URL")

// ErrURLMismatch: FromURL found that a field of a *url.URL does not read
// back from what its String method writes, as when an Opaque or a
// RawQuery holds a "#", or a Host holds an "@". It is wrapped within an
// [Error] whose Input is what String wrote and whose Offset is where the
// component that differs begins.
var ErrURLMismatch = errors.New("url.URL field does not read back from its String")

// FromURL returns the URI that v's String method writes, parsed strictly,
// and checks that it holds what v holds: each component, decoded, equals
// the field of v it was written from. It refuses, with an *Error, what RFC
// 3986 cannot express and what net/url would write as another URI:
//   - what Parse rejects, such as an IPv6 zone ("[fe80::1%25eth0]"), an
//     invalid scheme or an Opaque with spaces;
//   - a Path or an Opaque beginning with "//" without a Host or User,
//     which would read as an authority (ErrPathDoubleSlash, whose Input
//     is that field): url.URL{Path: "//evil.example/x"} is not a URI
//     whose host is evil.example;
//   - a Path that does not begin with "/" after a Host, to which String
//     would add one (ErrPathNotAbsolute);
//   - an Opaque beside a Host, User or Path, which String leaves out;
//   - any other field that does not read back (ErrURLMismatch).
//
// String escapes what a component cannot hold as it is, which RFC 3986
// can express: the Host "a b" comes back as "a%20b". And it writes "./"
// before a relative Path whose first segment holds ":", as section 4.2
// does, which FromURL accepts: the Path "a:b" comes back as "./a:b".
func FromURL(v *url.URL) (URI, error) {
	if v == nil {
		return URI{}, &Error{Op: "from url", Err: ErrNilURL}
	}
	s := v.String()
	u, err := Parse(s)
	if err != nil {
		return URI{}, withOp(err, "from url")
	}
	if err := checkURL(v, u); err != nil {
		return URI{}, withOp(err, "from url")
	}
	return u, nil
}

// checkURL returns the error for the first field of v that u, parsed from
// v.String(), does not hold, or nil.
func checkURL(v *url.URL, u URI) error {
	mismatch := func(c Component, at uint32) error {
		return &Error{Input: u.s, Offset: int(at), Component: c, Err: ErrURLMismatch}
	}
	if u.Scheme() != v.Scheme {
		return mismatch(Scheme, 0)
	}
	if v.Opaque != "" {
		switch {
		case v.Host != "" || v.User != nil:
			// String writes the Opaque instead.
			return mismatch(Host, u.m.PathStart())
		case v.Path != "":
			return mismatch(Path, u.m.PathStart())
		case u.HasAuthority() && strings.HasPrefix(v.Opaque, "//"):
			return &Error{Input: v.Opaque, Offset: 1, Component: Path, Err: ErrPathDoubleSlash}
		case u.HasAuthority() || u.Path() != v.Opaque:
			return mismatch(Path, u.m.PathStart())
		}
	} else {
		hasAuthority := v.Host != "" || v.User != nil
		if hasAuthority && !u.HasAuthority() {
			return mismatch(Host, u.m.HostStart())
		}
		if hasAuthority {
			host := decoded(u.Host())
			if u.HasPort() {
				host += ":" + u.Port()
			}
			if host != v.Host {
				return mismatch(Host, u.m.HostStart())
			}
			if (v.User != nil) != u.HasUserInfo() || v.User != nil && !sameUser(v.User, u.UserInfo()) {
				return mismatch(UserInfo, u.m.AuthorityStart())
			}
		}
		if path := decoded(u.Path()); path != v.Path {
			switch {
			case !hasAuthority && strings.HasPrefix(v.Path, "//"):
				// String wrote no "//" of its own, so the path's read as
				// an authority.
				return &Error{Input: v.Path, Offset: 1, Component: Path, Err: ErrPathDoubleSlash}
			case hasAuthority && v.Path != "" && v.Path[0] != '/':
				return &Error{Input: v.Path, Offset: 0, Component: Path, Err: ErrPathNotAbsolute}
			case u.HasScheme() || u.HasAuthority() || path != "./"+v.Path:
				return mismatch(Path, u.m.PathStart())
			}
		}
	}
	if u.HasQuery() != (v.ForceQuery || v.RawQuery != "") || u.Query() != v.RawQuery {
		return mismatch(Query, u.m.PathEnd())
	}
	if u.HasFragment() != (v.Fragment != "") || decoded(u.Fragment()) != v.Fragment {
		return mismatch(Fragment, u.m.QueryEnd())
	}
	return nil
}

// sameUser reports whether the raw userinfo holds, decoded, the name and
// password of user.
func sameUser(user *url.Userinfo, userinfo string) bool {
	name, password, hasPassword := strings.Cut(userinfo, ":")
	want, wantHas := user.Password()
	return decoded(name) == user.Username() && hasPassword == wantHas && decoded(password) == want
}
