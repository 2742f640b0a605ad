package fuzz

import (
	"errors"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

// FuzzRequestTarget checks ParseRequestTarget against Parse: an
// origin-form target whose path does not begin with "//", and an
// absolute-form target, have the components Parse gives, and an http or
// https one a host; an authority-form
// target has the host and port of Parse("//"+target); no target has a
// fragment; a rejection points into the input, and the input cut there
// either parses or fails at the cut.
func FuzzRequestTarget(f *testing.F) {
	f.Add("/where?q=now")                    // origin-form (RFC 9112 section 3.2.1)
	f.Add("//double/slash")                  // a path in origin-form
	f.Add("http://www.example.org/pub/WWW/") // absolute-form (section 3.2.2)
	f.Add("www.example.com:443")             // authority-form (section 3.2.3)
	f.Add("[2001:db8::1]:8443")              // authority-form with an IPv6 host
	f.Add("*")                               // asterisk-form (section 3.2.4)
	f.Add("/a#frag")                         // no fragment
	f.Add("user@host:1")                     // no userinfo in authority-form
	f.Add("urn:isbn:0451450523")             // absolute-form without an authority
	f.Add("http:///a")                       // http without a host (RFC 9110 section 4.2.1)
	f.Add("example.com:443/")                // not authority-form, but an absolute-URI
	f.Fuzz(func(t *testing.T, s string) {
		u, form, err := uri.ParseRequestTarget(s)
		if err != nil {
			var e *uri.Error
			if !errors.As(err, &e) || e.Input != s || e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("ParseRequestTarget(%q): error %v does not point into the input", s, err)
			}
			cut := s[:e.Offset]
			if _, cutForm, err := uri.ParseRequestTarget(cut); err != nil && sameDecision(cut, s) {
				if c := err.(*uri.Error); c.Offset != e.Offset {
					t.Fatalf("ParseRequestTarget(%q) fails at %d, but its first %d bytes (%v) fail at %d", s, e.Offset, e.Offset, cutForm, c.Offset)
				}
			}
			return
		}
		if u.String() != s || u.HasFragment() {
			t.Fatalf("ParseRequestTarget(%q) = %q, fragment %v", s, u, u.HasFragment())
		}
		switch form {
		case uri.OriginForm, uri.AbsoluteForm:
			if form == uri.OriginForm && strings.HasPrefix(s, "//") {
				if u.HasAuthority() || u.Path() != s[:len(s)-len(u.Query())-boolInt(u.HasQuery())] {
					t.Fatalf("ParseRequestTarget(%q): origin-form path %q authority %v", s, u.Path(), u.HasAuthority())
				}
				return
			}
			p, err := uri.Parse(s)
			if err != nil || p != u {
				t.Fatalf("ParseRequestTarget(%q) = %v (%v); Parse gives %v, %v", s, u, form, p, err)
			}
			if form == uri.AbsoluteForm && u.Host() == "" && (strings.EqualFold(u.Scheme(), "http") || strings.EqualFold(u.Scheme(), "https")) {
				t.Fatalf("ParseRequestTarget(%q): an %s URI without a host", s, u.Scheme())
			}
		case uri.AuthorityForm:
			p, err := uri.Parse("//" + s)
			if err != nil || p.Host() != u.Host() || p.Port() != u.Port() || p.HostKind() != u.HostKind() || u.Port() == "" || u.Host() == "" {
				t.Fatalf("ParseRequestTarget(%q): host %q port %q; Parse(\"//\"+s): %v, %v", s, u.Host(), u.Port(), p, err)
			}
		case uri.AsteriskForm:
			if s != "*" {
				t.Fatalf("ParseRequestTarget(%q) is asterisk-form", s)
			}
		default:
			t.Fatalf("ParseRequestTarget(%q): form %v", s, form)
		}
	})
}

// sameDecision reports whether ParseRequestTarget picks its form for a
// prefix of s by the same first bytes it picked it for s.
func sameDecision(prefix, s string) bool {
	kind := func(x string) int {
		switch {
		case x == "*":
			return 0
		case strings.HasPrefix(x, "/"):
			return 1
		case strings.Contains(x, "://"):
			return 2
		}
		return 3
	}
	return kind(prefix) == kind(s) && kind(s) != 0
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
