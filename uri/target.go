package uri

import (
	"strconv"
	"strings"

	"github.com/urilabs/rfc3986/scanner"
	"github.com/urilabs/rfc3986/tables"
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

// ParseRequestTarget parses the request-target of an HTTP/1.1 request line
// and says which of its four forms it has. It accepts exactly the forms of
// RFC 9112 section 3.2, on top of the grammar of RFC 3986; like Parse, it
// allocates nothing for a valid target.
//
// The form follows from the first bytes: "*" alone is asterisk-form; a
// leading "/" is origin-form; a scheme followed by "://" is absolute-form.
// Anything else is authority-form, host ":" port with both non-empty, or,
// when it is not, an absolute-URI without an authority
// ("urn:isbn:0451450523"), which is absolute-form too. A target that is
// both ("example.com:443" is also the scheme "example.com" and the path
// "443") is authority-form. When a target is neither, the error is the one
// of the reading that went further. No form has a fragment.
//
// An http or https target must have a host: RFC 9110 sections 4.2.1 and
// 4.2.2 have recipients reject "http:///a", "https://:443/" and "http:/a"
// (ErrMissingHost).
//
// The form must suit the method, which ParseRequestTarget does not see:
// authority-form is for CONNECT alone, asterisk-form for OPTIONS alone,
// and a proxy serves the schemes it knows, so check the scheme of an
// absolute-form target.
//
// The URI holds the target as the request line does. The path of an
// origin-form target may begin with "//" ("//a" is a path there, as RFC
// 9110 section 4.1 reads it, where Parse would read an authority), and an
// authority-form target has no "//" before its host; such a URI's String
// is not a URI-reference of the same components. Combine it with the
// scheme and Host header into the target URI (RFC 9110 section 7.1) to
// get one.
func ParseRequestTarget(s string) (URI, TargetForm, error) {
	switch {
	case s == "*":
		return URI{s: s, m: scanner.MakeMarks(0, 0, 0, 0, 0, 1, 1, 0, scanner.NoHost)}, AsteriskForm, nil
	case len(s) > 0 && s[0] == '/':
		m, f := scanner.ScanWith(s, scanner.Options{Rule: scanner.OriginForm})
		if f != 0 {
			return URI{}, 0, newError(s, f)
		}
		return URI{s: s, m: m}, OriginForm, nil
	}
	// Read s as an absolute-URI first: that is what a proxy is sent.
	m, f := scanner.ScanWith(s, scanner.Options{Rule: scanner.AbsoluteURI})
	if f != 0 && hasSchemeAndAuthority(s) {
		return URI{}, 0, absoluteError(s, f)
	}
	var af scanner.Failure
	if f != 0 || m.Flags()&scanner.HasAuthority == 0 {
		// Without "scheme://", authority-form comes first.
		var am scanner.Marks
		if am, af = scanner.ScanWith(s, scanner.Options{Rule: scanner.AuthorityForm}); af == 0 {
			return URI{s: s, m: am}, AuthorityForm, nil
		}
	}
	if f == 0 {
		if m.HostEnd() == m.HostStart() && isHTTP(s[:m.SchemeEnd()]) {
			return URI{}, 0, missingHost(s, m)
		}
		return URI{s: s, m: m}, AbsoluteForm, nil
	}
	// Neither: the error of the reading that went further. An http or
	// https URI without a host is so whatever follows.
	err := absoluteError(s, f)
	if e := err.(*Error); e.Err == ErrMissingHost || e.Offset > af.Offset() || e.Offset == af.Offset() && e.Component != Scheme {
		return URI{}, 0, err
	}
	return URI{}, 0, newError(s, af)
}

// isHTTP reports whether scheme is http or https, which need a host.
func isHTTP(scheme string) bool {
	return strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https")
}

// missingHost is the error for s, an http or https absolute-URI with marks
// m and without a host. Its offset is the one httpHost gives: where the
// authority ends, or after the scheme when there is none. (The success
// path of ParseRequestTarget returns its URI itself: a call in between
// would copy it through memory.)
func missingHost(s string, m scanner.Marks) error {
	at := m.PathStart()
	if m.Flags()&scanner.HasAuthority == 0 {
		at = m.SchemeEnd() + 1
	}
	return &Error{Input: s, Offset: int(at), Component: Host, Err: ErrMissingHost}
}

// absoluteError returns the error for s, which is not an absolute-URI and
// fails with f: ErrMissingHost if s is an http or https URI that cannot
// have a host by the offset of f, or else f's. It is always an *Error.
func absoluteError(s string, f scanner.Failure) error {
	if at, ok := httpHost(s); !ok && f.Offset() >= at {
		return &Error{Input: s, Offset: at, Component: Host, Err: ErrMissingHost}
	}
	return newError(s, f)
}

// httpHost reports whether s, if its scheme is http or https, has a host,
// as such a URI must: "//" authority, with a host that is not empty (RFC
// 9110 sections 4.2.1, 4.2.2). When it has none, at is the offset from
// which it cannot have one, as Error.Offset is: after the scheme when "//"
// does not follow, or where the authority ends, since until then an "@"
// could make what came before a userinfo ("http://:8080@h/").
func httpHost(s string) (at int, ok bool) {
	at = strings.IndexByte(s, ':')
	if at < 0 || !isHTTP(s[:at]) {
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

// hasSchemeAndAuthority reports whether s begins with scheme "://".
func hasSchemeAndAuthority(s string) bool {
	if len(s) == 0 || tables.Sets[s[0]]&tables.ALPHA == 0 {
		return false
	}
	i := 1
	for i < len(s) && tables.Sets[s[i]]&tables.Scheme != 0 {
		i++
	}
	return len(s)-i >= 3 && s[i:i+3] == "://"
}
