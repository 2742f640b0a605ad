package uri

import (
	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/tables"
)

// A URI is a URI-reference (RFC 3986, section 4.1) that has been parsed: the
// input string and the offsets of its components. It is a small value,
// meant to be passed and stored by value; its accessors slice the string
// and allocate nothing.
//
// Two URIs are == when their text is byte for byte the same. Equivalent
// spellings of one resource ("HTTP://a/%7e" and "http://a/~") are not ==;
// compare normalized forms for that.
//
// The zero URI is the empty reference, the same as the result of Parse(""):
// a valid relative reference with an empty path (a same-document reference).
type URI struct {
	core
}

// core is what a URI and an IRI are: the text and the offsets of its
// components. Its accessors, its text, JSON and log forms and its
// database/sql Valuer are those of both types; the components of an IRI
// may hold UTF-8 where RFC 3987 allows it, which the accessors return as
// it is. Each type parses its own text back (UnmarshalText, Scan).
type core struct {
	s string
	m scan.Marks
}

// Offsets are where the components of a URI or an IRI lie in its text, as
// byte offsets into its String: the one view of its structure that the
// package publishes, for code that slices the text itself (package
// uri/scheme, parsers of a scheme's own syntax). Each component is the
// text between two offsets, without its delimiters:
//
//	https://user:pass@example.com:1234/foo/bar?baz#quux
//	     |  |         |          |    |       |   |
//	     |  |         |          |    |       |   QueryEnd, the "#"
//	     |  |         |          |    |       PathEnd, the "?"
//	     |  |         |          |    PathStart
//	     |  |         |          HostEnd, the ":" of the port
//	     |  |         HostStart, after the "@"
//	     |  AuthorityStart, after the "//"
//	     SchemeEnd, the ":"
//
//	scheme    [0, SchemeEnd)               when HasScheme
//	userinfo  [AuthorityStart, HostStart-1) when HasUserInfo
//	host      [HostStart, HostEnd)
//	port      [HostEnd+1, PathStart)       when HasPort
//	path      [PathStart, PathEnd)
//	query     [PathEnd+1, QueryEnd)        when HasQuery
//	fragment  [QueryEnd+1, len(String()))  when HasFragment
//
// An absent component takes no room: without a scheme SchemeEnd is 0;
// without an authority AuthorityStart, HostStart and HostEnd are
// PathStart; without a userinfo HostStart is AuthorityStart; without a
// port HostEnd is PathStart; without a query PathEnd is QueryEnd, and
// without a fragment QueryEnd is len(String()). The Has methods tell an
// absent component from an empty one, which the offsets alone do not.
type Offsets struct {
	SchemeEnd      int
	AuthorityStart int
	HostStart      int
	HostEnd        int
	PathStart      int
	PathEnd        int
	QueryEnd       int
}

// Offsets returns the offsets of u's components in its text.
func (u core) Offsets() Offsets {
	m := u.m
	return Offsets{
		SchemeEnd: int(m.SchemeEnd()), AuthorityStart: int(m.AuthorityStart()),
		HostStart: int(m.HostStart()), HostEnd: int(m.HostEnd()),
		PathStart: int(m.PathStart()), PathEnd: int(m.PathEnd()), QueryEnd: int(m.QueryEnd()),
	}
}

// Parse parses s as a URI-reference: either a URI, with a scheme
// ("http://example.com/a?b#c", "mailto:a@example.com"), or a relative
// reference ("../a", "//example.com/", "?q", ""). It accepts exactly the
// ABNF of RFC 3986 Appendix A and nothing else; there is no lenient mode.
//
// The error is always an *Error that says where s stops being a
// URI-reference and why. Parse allocates only for the error.
func Parse(s string) (URI, error) {
	// Most URLs: the short lane, without the call of the scanner's
	// general entry.
	if scan.MayBeShort(s) {
		if m, ok := scan.Short(s); ok {
			return URI{core{s, m}}, nil
		}
	}
	m, f := scan.ScanAfterShort(s, scan.Options{})
	if f != 0 {
		return URI{}, newError(s, f)
	}
	return URI{core{s, m}}, nil
}

// MustParse is like Parse but panics if s is not a URI-reference. It is
// meant for tests and for variables initialized with hard-coded strings.
func MustParse(s string) URI {
	u, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// String returns the URI exactly as it was parsed.
func (u core) String() string { return u.s }

// Scheme returns the scheme (section 3.1) as written, without the ":", or ""
// when there is none. Schemes are case-insensitive: compare with
// strings.EqualFold, or normalize first.
func (u core) Scheme() string { return u.s[:u.m.SchemeEnd()] }

// HasScheme reports whether the reference has a scheme, that is, whether it
// is a URI rather than a relative reference (section 4.1).
func (u core) HasScheme() bool { return u.m.Flags()&scan.HasScheme != 0 }

// Authority returns the authority (section 3.2), the part between "//" and
// the path, or "" when there is none. An authority may be defined and
// empty, as in "file:///etc": see HasAuthority.
func (u core) Authority() string {
	if !u.HasAuthority() {
		return ""
	}
	return u.s[u.m.AuthorityStart():u.m.PathStart()]
}

// HasAuthority reports whether the reference has an authority, that is,
// whether its hierarchical part begins with "//".
func (u core) HasAuthority() bool { return u.m.Flags()&scan.HasAuthority != 0 }

// UserInfo returns the userinfo (section 3.2.1) without its "@", or "" when
// there is none. It is raw: percent-encodings are not decoded. It may hold
// a password after a ":", which section 3.2.1 deprecates; see HasUserInfo.
func (u core) UserInfo() string {
	if !u.HasUserInfo() {
		return ""
	}
	return u.s[u.m.AuthorityStart() : u.m.HostStart()-1]
}

// HasUserInfo reports whether the authority has a userinfo, which may be
// empty ("//@host").
func (u core) HasUserInfo() bool { return u.m.Flags()&scan.HasUserInfo != 0 }

// Host returns the host (section 3.2.2) as written: a reg-name, an IPv4
// address, or an IP-literal with its brackets ("[::1]"). It returns "" when
// there is no authority and when the host is empty ("file:///"); HostKind
// tells the two apart.
func (u core) Host() string { return u.s[u.m.HostStart():u.m.HostEnd()] }

// HostKind returns which rule of section 3.2.2 the host matched, or NoHost
// when there is no authority.
func (u core) HostKind() HostKind { return HostKind(u.m.HostKind()) }

// Port returns the port (section 3.2.3) without its ":", or "" when there
// is none. A port may be defined and empty ("http://host:/"): see HasPort.
func (u core) Port() string {
	if !u.HasPort() {
		return ""
	}
	return u.s[u.m.HostEnd()+1 : u.m.PathStart()]
}

// HasPort reports whether the authority has a ":" and a port, possibly empty.
func (u core) HasPort() bool { return u.m.Flags()&scan.HasPort != 0 }

// PortNumber returns the port as a number. It reports false when there is
// no port, when the port is empty, and when its value is above 65535; the
// grammar allows any number of digits, and leading zeros count for nothing
// ("080" is 80).
func (u core) PortNumber() (int, bool) { return portNumber(u.Port()) }

// portNumber returns the value of p, a port of only digits, or false when
// p is empty or above 65535.
func portNumber(p string) (int, bool) {
	if p == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(p); i++ {
		n = n*10 + int(p[i]-'0')
		if n > 65535 {
			return 0, false
		}
	}
	return n, true
}

// Path returns the path (section 3.3) as written, raw: percent-encodings are
// not decoded, so "%2F" stays apart from "/". Every URI-reference has a
// path, which may be empty.
func (u core) Path() string { return u.s[u.m.PathStart():u.m.PathEnd()] }

// Query returns the query (section 3.4) without its "?", raw, or "" when
// there is none. A query may be defined and empty ("/a?"): see HasQuery.
func (u core) Query() string {
	if !u.HasQuery() {
		return ""
	}
	return u.s[u.m.PathEnd()+1 : u.m.QueryEnd()]
}

// HasQuery reports whether the reference has a "?" and a query, possibly
// empty.
func (u core) HasQuery() bool { return u.m.Flags()&scan.HasQuery != 0 }

// Fragment returns the fragment (section 3.5) without its "#", raw, or ""
// when there is none. A fragment may be defined and empty ("/a#"): see
// HasFragment.
func (u core) Fragment() string {
	if !u.HasFragment() {
		return ""
	}
	return u.s[u.m.QueryEnd()+1:]
}

// HasFragment reports whether the reference has a "#" and a fragment,
// possibly empty.
func (u core) HasFragment() bool { return u.m.Flags()&scan.HasFragment != 0 }

// IsAbsolute reports whether u is an absolute-URI (section 4.3): it has a
// scheme and no fragment. Only an absolute URI should serve as a base for
// resolving references, though Resolve ignores a base's fragment.
//
// It is not net/url's URL.IsAbs, which asks only for a scheme: that is
// HasScheme, and "http://a/#f" has a scheme but is not an absolute-URI.
func (u core) IsAbsolute() bool {
	return u.m.Flags()&(scan.HasScheme|scan.HasFragment) == scan.HasScheme
}

// IsRelative reports whether u is a relative reference (section 4.2): it
// has no scheme.
func (u core) IsRelative() bool { return !u.HasScheme() }

// IsNetworkPath reports whether u is a network-path reference (section 4.2):
// a relative reference that begins with "//".
func (u core) IsNetworkPath() bool {
	return u.m.Flags()&(scan.HasScheme|scan.HasAuthority) == scan.HasAuthority
}

// IsAbsolutePath reports whether u is an absolute-path reference (section
// 4.2): a relative reference that begins with a single "/".
func (u core) IsAbsolutePath() bool {
	return u.m.Flags()&(scan.HasScheme|scan.HasAuthority) == 0 && u.startsWithSlash()
}

// IsRelativePath reports whether u is a relative-path reference (section
// 4.2): a relative reference that does not begin with "/". The empty
// reference and references of only a query or a fragment are relative-path
// references.
func (u core) IsRelativePath() bool {
	return u.m.Flags()&(scan.HasScheme|scan.HasAuthority) == 0 && !u.startsWithSlash()
}

func (u core) startsWithSlash() bool {
	return u.m.PathEnd() > u.m.PathStart() && u.s[u.m.PathStart()] == '/'
}

// IsSameDocument reports whether u is a same-document reference (section
// 4.4) whatever the base: the empty reference, or a fragment alone ("#top").
// A reference that resolves to its base after normalization may also be
// one, but that depends on the base.
func (u core) IsSameDocument() bool {
	return u.m.Flags()&(scan.HasScheme|scan.HasAuthority|scan.HasQuery) == 0 && u.m.PathEnd() == u.m.PathStart()
}

// A HostKind says which rule of section 3.2.2 a host matched. The
// scanner's tables.HostKind converts to it: HostKind(m.HostKind()).
type HostKind uint8

// The kinds of host. RFC 3986 applies "first-match-wins": a host that
// matches IPv4address ("192.0.2.1") is IPv4, while "192.0.2.256", "127.1"
// and "0x7f.1" are reg-names, which many resolvers still treat as
// addresses (section 7.4).
const (
	NoHost    HostKind = HostKind(tables.HostNoHost)    // no authority
	RegName   HostKind = HostKind(tables.HostRegName)   // reg-name, possibly empty
	IPv4      HostKind = HostKind(tables.HostIPv4)      // IPv4address
	IPv6      HostKind = HostKind(tables.HostIPv6)      // IP-literal holding an IPv6address
	IPvFuture HostKind = HostKind(tables.HostIPvFuture) // IP-literal holding an IPvFuture
)

// String returns the name of the constant: "RegName", "IPv4", ..., or
// "HostKind(n)" for a value that has none.
func (k HostKind) String() string { return scan.HostKindText(tables.HostKind(k)) }

// A Component names a part of a URI-reference (section 3), in an [Error]
// and for [Escape]. The zero Component is none in particular: the input
// as a whole. The scanner's tables.Component converts to it:
// Component(f.Component()).
type Component uint8

// The components.
const (
	Scheme   Component = Component(tables.ComponentScheme)
	UserInfo Component = Component(tables.ComponentUserInfo)
	Host     Component = Component(tables.ComponentHost)
	Port     Component = Component(tables.ComponentPort)
	Path     Component = Component(tables.ComponentPath)
	Query    Component = Component(tables.ComponentQuery)
	Fragment Component = Component(tables.ComponentFragment)
	// Segment is one segment of a path (section 3.3), which unlike a
	// path cannot hold "/". Escape takes it; Parse never reports it.
	Segment Component = Fragment + 1
)

// String returns the name RFC 3986 gives the component: "scheme",
// "userinfo", "host", "port", "path", "query", "fragment", or "segment";
// "none" for the zero Component and "Component(n)" for a value that has no
// name.
func (c Component) String() string {
	if c == Segment {
		return "segment"
	}
	return scan.ComponentText(tables.Component(c))
}
