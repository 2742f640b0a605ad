package uri

import (
	"errors"
	"strings"

	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/tables"
)

// The structures Build refuses because no URI can express them (section
// 3.3). Each is wrapped within an [Error] when produced, whose Input is
// the path.
var (
	// ErrPathNotAbsolute: a path that neither is empty nor begins with "/"
	// after an authority, which would run into the authority.
	ErrPathNotAbsolute = errors.New("path after an authority must be empty or begin with \"/\"")
	// ErrPathDoubleSlash: a path beginning with "//" without an
	// authority, which would read as one. URI.JoinPath refuses it too.
	ErrPathDoubleSlash = errors.New("path without an authority cannot begin with \"//\"")
)

// Components are the components of a URI-reference (section 3), raw, as
// the accessors of URI return them: percent-encodings are kept as they
// are written. Each optional component has a Has field, so that an
// undefined component differs from an empty one (section 5.3); the path
// is always defined. The host is defined with the authority.
type Components struct {
	Scheme   string
	UserInfo string
	Host     string // a reg-name, an IPv4 address, or an IP-literal with its brackets
	Port     string
	Path     string
	Query    string
	Fragment string

	HasScheme    bool
	HasAuthority bool
	HasUserInfo  bool
	HasPort      bool
	HasQuery     bool
	HasFragment  bool
}

// Components returns the components of u, raw. Build(u.Components())
// returns u.
func (u URI) Components() Components {
	return Components{
		Scheme: u.Scheme(), UserInfo: u.UserInfo(), Host: u.Host(), Port: u.Port(),
		Path: u.Path(), Query: u.Query(), Fragment: u.Fragment(),
		HasScheme: u.HasScheme(), HasAuthority: u.HasAuthority(), HasUserInfo: u.HasUserInfo(),
		HasPort: u.HasPort(), HasQuery: u.HasQuery(), HasFragment: u.HasFragment(),
	}
}

// Build recomposes a URI-reference from its components as section 5.3
// does, percent-encoding what a component cannot hold.
//
// A component is defined when its Has field is set or its text is not
// empty, so that Components{Scheme: "http", Host: "example.com"} needs no
// flags; a defined userinfo or port defines the authority. An undefined
// component is left out with its delimiter, a defined and empty one keeps
// it ("?" for an empty query).
//
// Components are taken as already encoded, as the accessors return them:
// a "%" that begins a triplet stays, and every other byte a component
// cannot hold is percent-encoded, a stray "%" included. Use Escape to put
// arbitrary data into a component first. The scheme and the port cannot
// be percent-encoded; a host beginning with "[" is an IP-literal and is
// taken as it is. A scheme, port or IP-literal that does not match its
// rule is an error, an *Error whose Input is that component.
//
// Build also refuses what no URI can express: a path that is not empty
// and does not begin with "/" after an authority (ErrPathNotAbsolute),
// and a path beginning with "//" without one (ErrPathDoubleSlash). A
// relative-path reference whose first segment holds ":" would read as a
// scheme: Build writes "./" before it (section 4.2).
//
// Build(u.Components()) returns u for every URI u. Build reads its
// result as UnmarshalText does: as Parse, and with the IPv6 zone
// identifier of RFC 6874 ("[fe80::1%25eth0]") that a URI from a [Parser]
// with ZoneID may hold.
func Build(c Components) (URI, error) {
	u, err := build(c)
	return u, withOp(err, "build")
}

func build(c Components) (URI, error) {
	hasUserInfo := c.HasUserInfo || c.UserInfo != ""
	hasPort := c.HasPort || c.Port != ""
	hasAuthority := c.HasAuthority || c.Host != "" || hasUserInfo || hasPort
	if c.HasScheme || c.Scheme != "" {
		if e := checkScheme(c.Scheme); e != nil {
			return URI{}, e
		}
	}
	if e := checkPort(c.Port); e != nil {
		return URI{}, e
	}
	switch {
	case hasAuthority && c.Path != "" && c.Path[0] != '/':
		return URI{}, &Error{Input: c.Path, Offset: 0, Component: Path, Err: ErrPathNotAbsolute}
	case !hasAuthority && strings.HasPrefix(c.Path, "//"):
		return URI{}, &Error{Input: c.Path, Offset: 1, Component: Path, Err: ErrPathDoubleSlash}
	}

	b := make([]byte, 0, len(c.Scheme)+len(c.UserInfo)+len(c.Host)+len(c.Port)+len(c.Path)+len(c.Query)+len(c.Fragment)+8)
	if c.HasScheme || c.Scheme != "" {
		b = append(append(b, c.Scheme...), ':')
	}
	hostStart := -1
	if hasAuthority {
		b = append(b, "//"...)
		if hasUserInfo {
			b = append(appendEscaped(b, c.UserInfo, tables.UserInfo, true), '@')
		}
		hostStart = len(b)
		if strings.HasPrefix(c.Host, "[") {
			b = append(b, c.Host...)
		} else {
			b = appendEscaped(b, c.Host, tables.RegName, true)
		}
		if hasPort {
			b = append(append(b, ':'), c.Port...)
		}
	} else if !c.HasScheme && c.Scheme == "" && colonInFirstSegment(c.Path) {
		b = append(b, "./"...)
	}
	b = appendEscaped(b, c.Path, tables.Path, true)
	if c.HasQuery || c.Query != "" {
		b = appendEscaped(append(b, '?'), c.Query, tables.Query, true)
	}
	if c.HasFragment || c.Fragment != "" {
		b = appendEscaped(append(b, '#'), c.Fragment, tables.Query, true)
	}

	// Only an IP-literal can still be wrong; reading the result also
	// gives its marks.
	s := bytesToString(b)
	m, f := scan.Scan(s, scan.Options{ZoneID: readBack.ZoneID})
	if f != 0 {
		if Component(f.Component()) == Host && hostStart >= 0 {
			return URI{}, &Error{Input: c.Host, Offset: min(max(f.Offset()-hostStart, 0), len(c.Host)), Component: Host, Err: reasonErrors[f.Reason()]}
		}
		return URI{}, newError(s, f)
	}
	return URI{core{s, m}}, nil
}

// checkScheme returns the error for s unless it matches scheme = ALPHA
// *( ALPHA / DIGIT / "+" / "-" / "." ) (section 3.1), without an Op.
func checkScheme(s string) *Error {
	n := schemeLength(s)
	switch {
	case s == "":
		return &Error{Input: s, Offset: 0, Component: Scheme, Err: ErrMissingScheme}
	case n != len(s):
		return &Error{Input: s, Offset: n, Component: Scheme, Err: ErrInvalidCharacter}
	}
	return nil
}

// schemeLength returns the length of the scheme s begins with (section
// 3.1), or 0. It is the package's one scheme recognizer outside the
// scanner, which reads a scheme only as the start of a whole reference:
// Build, Escape and TargetURI check a scheme given alone, and
// ParseRequestTarget reads one ahead of its scan to pick the form. Asking
// the scanner instead would mean writing s and a ":" into a new string, an
// allocation per call where this costs one table lookup per byte.
func schemeLength(s string) int {
	if len(s) == 0 || tables.Sets[s[0]]&tables.ALPHA == 0 {
		return 0
	}
	i := 1
	for i < len(s) && tables.Sets[s[i]]&tables.Scheme != 0 {
		i++
	}
	return i
}

// checkPort returns the error for s unless it matches port = *DIGIT
// (section 3.2.3), without an Op.
func checkPort(s string) *Error {
	for i := 0; i < len(s); i++ {
		if tables.Sets[s[i]]&tables.DIGIT == 0 {
			return &Error{Input: s, Offset: i, Component: Port, Err: ErrInvalidPort}
		}
	}
	return nil
}

// colonInFirstSegment reports whether the first segment of path holds a
// ":", which in a relative reference would make it a scheme (section
// 4.2).
func colonInFirstSegment(path string) bool {
	i := strings.IndexByte(path, '/')
	if i < 0 {
		i = len(path)
	}
	return strings.IndexByte(path[:i], ':') >= 0
}
