package uri

import (
	"strconv"
	"strings"

	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/internal/schemes"
)

// A TargetForm is one of the four forms of the request-target of an
// HTTP/1.1 request line (RFC 9112 section 3.2).
type TargetForm uint8

// The forms of a request target.
const (
	// OriginForm is absolute-path [ "?" query ]: "/where?q=now", sent to
	// an origin server (section 3.2.1).
	OriginForm TargetForm = iota + 1
	// AbsoluteForm is absolute-URI: "http://www.example.org/pub/WWW/",
	// sent to a proxy (section 3.2.2).
	AbsoluteForm
	// AuthorityForm is uri-host ":" port: "www.example.com:443", sent
	// with CONNECT only (section 3.2.3).
	AuthorityForm
	// AsteriskForm is "*", sent with a server-wide OPTIONS only
	// (section 3.2.4).
	AsteriskForm
)

var targetFormNames = [...]string{
	OriginForm:    "origin-form",
	AbsoluteForm:  "absolute-form",
	AuthorityForm: "authority-form",
	AsteriskForm:  "asterisk-form",
}

// String returns the form's name as RFC 9112 writes it: "origin-form",
// "absolute-form", "authority-form" or "asterisk-form".
func (f TargetForm) String() string {
	if f >= OriginForm && int(f) < len(targetFormNames) {
		return targetFormNames[f]
	}
	return "TargetForm(" + strconv.Itoa(int(f)) + ")"
}

// A RequestTarget is the request-target of an HTTP/1.1 request line (RFC
// 9112 section 3.2), parsed: the text and the offsets of its parts. Only
// an absolute-form target is a URI; the other forms are not
// URI-references of the same components ("//a" is a path in origin-form,
// "example.com:443" a host and port in authority-form), which is why they
// have a type of their own. [RequestTarget.TargetURI] combines any of them
// with a scheme and a Host header into the URI the request is for.
//
// Like [URI], it is a small value to pass and store as it is. The zero
// RequestTarget is not a request target: its Form is 0, its accessors
// return "", and TargetURI fails as ParseRequestTarget("") does.
type RequestTarget struct {
	// The form follows from the marks and s, so that a RequestTarget is
	// no larger than a URI and comes back from ParseRequestTarget as
	// cheaply: a scheme is absolute-form, an authority without one
	// authority-form, "*" asterisk-form, and any other text origin-form.
	s string
	m scan.Marks
}

// opTarget is the Op of the errors of ParseRequestTarget.
const opTarget = "parse request target"

// ParseRequestTarget parses the request-target of an HTTP/1.1 request line
// and says which of its four forms it has. It accepts exactly the forms of
// RFC 9112 section 3.2, on top of the grammar of RFC 3986; it reads s
// once, and allocates only for an error.
//
// The form follows from the first bytes: "*" alone is asterisk-form; a
// leading "/" is origin-form; a scheme, a ":" and anything but a port
// number is absolute-form; anything else is authority-form. A target that
// could be both ("example.com:443" is also the scheme "example.com" and
// the path "443") is authority-form, as a proxy reads a CONNECT target.
// No form has a fragment (ErrFragmentNotAllowed). An authority-form target
// has no userinfo (ErrUserInfoNotAllowed), and a host and a port that are
// not empty (ErrMissingHost, ErrMissingPort).
//
// An http, https, ws or wss target must have a host: RFC 9110 sections
// 4.2.1 and 4.2.2 (and RFC 6455 section 3) have recipients reject
// "http:///a", "https://:443/" and "http:/a" (ErrMissingHost).
//
// The form must suit the method, which ParseRequestTarget does not see:
// authority-form is for CONNECT alone, asterisk-form for OPTIONS alone,
// and a proxy serves the schemes it knows, so check the scheme of an
// absolute-form target.
//
// The error is always an *Error with Op "parse request target".
func ParseRequestTarget(s string) (RequestTarget, error) {
	// The forms in the order of how often a proxy sees them.
	if len(s) > 0 && s[0] == '/' {
		m, f := scan.Scan(s, scan.Options{Start: scan.AbsolutePath})
		if f != 0 || m.Flags()&scan.HasFragment != 0 {
			return RequestTarget{}, fragmentError(s, m, f)
		}
		return RequestTarget{s: s, m: m}, nil
	}
	// Most absolute-form targets: see Parse. The short lane reads only
	// URIs with a scheme and a host; a fragment is for the code below
	// to refuse.
	if scan.MayBeShort(s) {
		if m, ok := scan.Short(s); ok && m.Flags()&scan.HasFragment == 0 {
			return RequestTarget{s: s, m: m}, nil
		}
	}
	m, f := scan.ScanAfterShort(s, scan.Options{})
	// Nearly every absolute-form target has a scheme and an authority with
	// a host, which no other form has and every scheme allows, and no
	// fragment: one test of the marks accepts it, before anything reads
	// the scheme.
	if f == 0 && m.Flags()&(scan.HasScheme|scan.HasAuthority|scan.HasFragment) == scan.HasScheme|scan.HasAuthority && m.HostEnd() != m.HostStart() {
		return RequestTarget{s: s, m: m}, nil
	}
	// "*" would read as authority-form to isHostPort.
	switch {
	case s == "*":
		return RequestTarget{s: s}, nil
	case !isHostPort(s):
		if f != 0 || m.Flags()&scan.HasFragment != 0 || lacksHost(s, m) {
			return RequestTarget{}, absoluteError(s, m, f)
		}
		return RequestTarget{s: s, m: m}, nil
	}
	m, f = scan.Scan(s, scan.Options{Start: scan.Authority})
	if f != 0 || len(s) == 0 || s[0] == ':' || m.Flags()&(scan.HasUserInfo|scan.HasPort) != scan.HasPort || m.PathStart() != uint32(len(s)) || m.HostEnd()+1 == uint32(len(s)) {
		return RequestTarget{}, authorityError(s, m, f)
	}
	return RequestTarget{s: s, m: m}, nil
}

// isHostPort reports whether s, which does not begin with "/", is to be
// read as authority-form: unless it begins with a scheme and a ":", it
// cannot be an absolute-URI, and if it does, it is host ":" port only when
// the rest is a port number, since a host holds no ":" outside brackets
// and a scheme begins with no "[".
func isHostPort(s string) bool {
	n := schemeLength(s)
	if n == 0 || n == len(s) || s[n] != ':' {
		return true
	}
	port := s[n+1:]
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return false
		}
	}
	return port != ""
}

// fragmentError is the error of a target s that the scanner read, from
// the start of its form, with marks m or failure f, and that either failed
// or has a fragment: the "#" that begins the fragment if the scanner read
// one before it stopped, or else f's.
func fragmentError(s string, m scan.Marks, f scan.Failure) *Error {
	at := int(m.QueryEnd())
	if f != 0 {
		// Before the offset of f the input was read as valid, so a "#"
		// there is the one that begins the fragment.
		at = strings.IndexByte(s[:f.Offset()], '#')
	}
	if at < 0 {
		e := newError(s, f)
		e.Op = opTarget
		return e
	}
	return &Error{Op: opTarget, Input: s, Offset: at, Component: Fragment, Err: ErrFragmentNotAllowed}
}

// absoluteError is the error of s, which begins with a scheme and was read
// as an absolute-form target with marks m or failure f: ErrMissingHost if
// s is an http or https URI that has no host or cannot have one by the
// offset where it fails otherwise.
func absoluteError(s string, m scan.Marks, f scan.Failure) *Error {
	e := fragmentError(s, m, f)
	if at, ok := httpHost(s); !ok && at <= e.Offset {
		return &Error{Op: opTarget, Input: s, Offset: at, Component: Host, Err: ErrMissingHost}
	}
	return e
}

// authorityError is the error of s, read as an authority-form target from
// the start of an authority with marks m or failure f and found wanting:
// the first place where s stops being uri-host ":" port.
func authorityError(s string, m scan.Marks, f scan.Failure) *Error {
	end := len(s)
	if f != 0 {
		end = f.Offset()
	}
	e := &Error{Op: opTarget, Input: s, Component: Host}
	if i := strings.IndexAny(s[:end], "/?#"); i >= 0 {
		// The end of the authority.
		end, e.Offset, e.Err = i, i, ErrInvalidCharacter
	}
	switch i := strings.IndexByte(s[:end], '@'); {
	case len(s) == 0 || s[0] == ':':
		e.Offset, e.Err = 0, ErrMissingHost
	case i >= 0:
		e.Offset, e.Component, e.Err = i, UserInfo, ErrUserInfoNotAllowed
	case e.Err != nil:
		if hasPortColon(s[:end]) {
			e.Component = Port
		}
	case f != 0:
		e = newError(s, f)
		e.Op = opTarget
	default:
		e.Offset, e.Component, e.Err = len(s), Port, ErrMissingPort
	}
	return e
}

// hasPortColon reports whether the authority a has the ":" that begins a
// port: one after the host, which holds none outside brackets.
func hasPortColon(a string) bool {
	return strings.LastIndexByte(a, ':') > strings.LastIndexByte(a, ']')
}

// needsHost reports whether the scheme requires a host that is not empty,
// as the scheme table has it: http and https (RFC 9110 sections 4.2.1 and
// 4.2.2), ws and wss (RFC 6455 section 3).
func needsHost(scheme string) bool {
	return schemes.Lookup(scheme).Rules&schemes.HostRequired != 0
}

// lacksHost reports whether s, a URI with marks m, breaks the host rule
// of its scheme: the scheme needs a host and s has none, or an empty one.
// It is the one home of that rule for request targets and TargetURI.
func lacksHost(s string, m scan.Marks) bool {
	return m.HostEnd() == m.HostStart() && needsHost(s[:m.SchemeEnd()])
}

// httpHost reports whether s, if its scheme needs a host, has one,
// as such a URI must: "//" authority, with a host that is not empty (RFC
// 9110 sections 4.2.1, 4.2.2). When it has none, at is the offset from
// which it cannot have one, as Error.Offset is: after the scheme when "//"
// does not follow, or where the authority ends, since until then an "@"
// could make what came before a userinfo ("http://:8080@h/").
func httpHost(s string) (at int, ok bool) {
	at = strings.IndexByte(s, ':')
	if at < 0 || !needsHost(s[:at]) {
		return 0, true
	}
	at++
	if !strings.HasPrefix(s[at:], "//") {
		return at, false
	}
	host, end := at+2, len(s)
	if k := strings.IndexAny(s[host:], "/?#"); k >= 0 {
		end = host + k
	}
	if k := strings.IndexByte(s[host:end], '@'); k >= 0 {
		host += k + 1 // after the userinfo
	}
	return end, host < end && s[host] != ':'
}

// Form returns the form of the target, or 0 for the zero RequestTarget.
func (t RequestTarget) Form() TargetForm {
	switch f := t.m.Flags(); {
	case f&scan.HasScheme != 0:
		return AbsoluteForm
	case f&scan.HasAuthority != 0:
		return AuthorityForm
	case t.s == "*":
		return AsteriskForm
	case t.s != "":
		return OriginForm
	}
	return 0
}

// Offsets returns the offsets of the components of t in its text, as
// URI.Offsets lays them out: an origin-form target has a path and
// perhaps a query, an absolute-form one is a URI, an authority-form one
// is a host, its ":" at HostEnd, and a port up to PathStart. Every offset
// of the asterisk-form "*" is 0: it has no component.
func (t RequestTarget) Offsets() Offsets { return core(t).Offsets() }

// String returns the target exactly as it was parsed.
func (t RequestTarget) String() string { return t.s }

// Path returns the path of an origin-form target, as written: it begins
// with "/", and may begin with "//" (RFC 9110 section 4.1). It returns ""
// for the other forms; the path of an absolute-form target is its URI's.
func (t RequestTarget) Path() string {
	if t.Form() != OriginForm {
		return ""
	}
	return t.s[:t.m.PathEnd()]
}

// Query returns the query of an origin-form target without its "?", raw,
// or "" when it has none or is of another form. A query may be defined and
// empty ("/a?"): see HasQuery.
func (t RequestTarget) Query() string {
	if !t.HasQuery() {
		return ""
	}
	return t.s[t.m.PathEnd()+1:]
}

// HasQuery reports whether the target is origin-form and has a "?" and a
// query, possibly empty.
func (t RequestTarget) HasQuery() bool {
	return t.Form() == OriginForm && t.m.Flags()&scan.HasQuery != 0
}

// Host returns the host of an authority-form target as written, with the
// brackets of an IP-literal, or "" for the other forms.
func (t RequestTarget) Host() string {
	if t.Form() != AuthorityForm {
		return ""
	}
	return t.s[:t.m.HostEnd()]
}

// HostKind returns which rule of RFC 3986 section 3.2.2 the host of an
// authority-form target matched, or NoHost for the other forms.
func (t RequestTarget) HostKind() HostKind {
	if t.Form() != AuthorityForm {
		return NoHost
	}
	return HostKind(t.m.HostKind())
}

// Port returns the port of an authority-form target, which is never empty,
// or "" for the other forms.
func (t RequestTarget) Port() string {
	if t.Form() != AuthorityForm {
		return ""
	}
	return t.s[t.m.HostEnd()+1:]
}

// PortNumber returns the port of an authority-form target as a number, as
// [URI.PortNumber] does: false for the other forms and above 65535.
func (t RequestTarget) PortNumber() (int, bool) { return portNumber(t.Port()) }

// URI returns an absolute-form target as the URI it is, and false for the
// other forms.
func (t RequestTarget) URI() (URI, bool) {
	if t.Form() != AbsoluteForm {
		return URI{}, false
	}
	return URI{core(t)}, true
}

// opTargetURI is the Op of the errors of TargetURI.
const opTargetURI = "target uri"

// TargetURI returns the target URI of a request with target t, as RFC
// 9112 section 3.3 reconstructs it: an absolute-form target is its own
// URI, and scheme and authority are not used. For the other forms it is
//
//	scheme "://" authority origin-form     (origin-form)
//	scheme "://" t                         (authority-form)
//	scheme "://" authority                 (asterisk-form)
//
// where scheme is the one the connection implies ("http", "https" over
// TLS, or a fixed one a gateway provides) and authority is the Host
// header's value, uri-host [ ":" port ], possibly empty. The error is an
// *Error with Op "target uri" when scheme is not a scheme, when authority
// is not a Host header's value (no userinfo, no "/", "?" or "#"), or, for
// http, https, ws and wss, when the host is empty (ErrMissingHost), which
// RFC 9110 section 4.2.1 has recipients reject. It allocates the URI's text, except
// for an absolute-form target.
func (t RequestTarget) TargetURI(scheme, authority string) (URI, error) {
	if t.Form() == AbsoluteForm {
		return URI{core(t)}, nil
	}
	if t.Form() == 0 {
		_, err := ParseRequestTarget(t.s)
		return URI{}, err
	}
	if e := checkScheme(scheme); e != nil {
		e.Op = opTargetURI
		return URI{}, e
	}
	var s string
	switch t.Form() {
	case OriginForm:
		s = scheme + "://" + authority + t.s
	case AuthorityForm:
		authority = t.s
		s = scheme + "://" + authority
	case AsteriskForm:
		s = scheme + "://" + authority
	}
	m, f := scan.Scan(s, scan.Options{})
	e := &Error{Op: opTargetURI, Input: s}
	switch {
	case f != 0:
		e = newError(s, f)
		e.Op = opTargetURI
	case m.Flags()&scan.HasUserInfo != 0:
		e.Offset, e.Component, e.Err = int(m.HostStart())-1, UserInfo, ErrUserInfoNotAllowed
	case int(m.PathStart()) != len(scheme)+len("://")+len(authority):
		e.Offset, e.Component, e.Err = int(m.PathStart()), Host, ErrInvalidCharacter
		if m.Flags()&scan.HasPort != 0 {
			e.Component = Port
		}
	case lacksHost(s, m):
		e.Offset, e.Component, e.Err = int(m.HostEnd()), Host, ErrMissingHost
	default:
		return URI{core{s, m}}, nil
	}
	return URI{}, e
}

// Hazards returns the hazards of what the target itself brings to the URI
// the request is for (see [URI.Hazards]): those of [RequestTarget.TargetURI]
// under http, but for the hazards of the Host header's value, which the
// target does not hold. An origin-form target has its path's hazards,
// exactly those that [Parse] and Hazards give for it when it does not
// begin with "//" (then it is a path, to a proxy, and DoubleSlashPath); an
// authority-form target its host's and port's, but for DefaultPort: a
// CONNECT target has no scheme whose default port it could name; an
// absolute-form target its URI's; asterisk-form none.
//
// It reads t's offsets and once its path or host, and allocates nothing:
// a proxy checks a target without parsing it a second time.
func (t RequestTarget) Hazards() Hazards {
	switch t.Form() {
	case OriginForm:
		return pathHazards(t.s[:t.m.PathEnd()])
	case AuthorityForm:
		return URI{core(t)}.authorityHazards(specialScheme)
	case AbsoluteForm:
		return URI{core(t)}.Hazards()
	}
	return 0
}
