package uri

import (
	"strconv"

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
// leading "/" is origin-form; a scheme followed by "://" is absolute-form;
// anything else must be authority-form, host ":" port, both non-empty. An
// absolute-URI without an authority ("urn:isbn:0451450523") is not a target
// an HTTP server or proxy can act on, and is read, and rejected, as
// authority-form. No form has a fragment.
//
// The form must suit the method, which ParseRequestTarget does not see:
// authority-form is for CONNECT alone, asterisk-form for OPTIONS alone.
//
// The URI holds the target as the request line does. The path of an
// origin-form target may begin with "//" ("//a" is a path there, as RFC
// 9110 section 4.1 reads it, where Parse would read an authority), and an
// authority-form target has no "//" before its host; such a URI's String
// is not a URI-reference of the same components. Combine it with the
// scheme and Host header into the target URI (RFC 9110 section 7.1) to
// get one.
func ParseRequestTarget(s string) (URI, TargetForm, error) {
	if s == "*" {
		return URI{s: s, m: scanner.MakeMarks(0, 0, 0, 0, 0, 1, 1, 0, scanner.NoHost)}, AsteriskForm, nil
	}
	rule, form := scanner.AuthorityForm, AuthorityForm
	switch {
	case len(s) > 0 && s[0] == '/':
		rule, form = scanner.OriginForm, OriginForm
	case hasSchemeAndAuthority(s):
		rule, form = scanner.AbsoluteURI, AbsoluteForm
	}
	m, f := scanner.ScanWith(s, scanner.Options{Rule: rule})
	if f != 0 {
		return URI{}, 0, newError(s, f)
	}
	return URI{s: s, m: m}, form, nil
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
