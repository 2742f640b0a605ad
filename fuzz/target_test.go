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
// https one a host; an authority-form target has the host and port of
// Parse("//"+target); no target has a fragment; TargetURI gives a URI that
// Parse reads back as itself; a rejection points into the input, and the
// input cut there either parses or fails at the cut.
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
		rt, err := uri.ParseRequestTarget(s)
		if err != nil {
			var e *uri.Error
			if !errors.As(err, &e) || e.Input != s || e.Offset < 0 || e.Offset > len(s) || e.Op != "parse request target" {
				t.Fatalf("ParseRequestTarget(%q): error %v does not point into the input", s, err)
			}
			cut := s[:e.Offset]
			if cutTarget, err := uri.ParseRequestTarget(cut); err != nil && sameDecision(cut, s) {
				if c := err.(*uri.Error); c.Offset != e.Offset && !earlierPort(c, e) {
					t.Fatalf("ParseRequestTarget(%q) fails at %d, but its first %d bytes (%v) fail at %d", s, e.Offset, e.Offset, cutTarget.Form(), c.Offset)
				}
			}
			return
		}
		if rt.String() != s || strings.Contains(s, "#") {
			t.Fatalf("ParseRequestTarget(%q) = %q, with a fragment", s, rt)
		}
		checkTargetURI(t, rt)
		switch rt.Form() {
		case uri.OriginForm:
			if rt.Path()+query(rt.Query(), rt.HasQuery()) != s {
				t.Fatalf("ParseRequestTarget(%q): path %q and query %q are not the target", s, rt.Path(), rt.Query())
			}
			if strings.HasPrefix(s, "//") {
				return
			}
			p, err := uri.Parse(s)
			if err != nil || p.Path() != rt.Path() || p.Query() != rt.Query() || p.HasQuery() != rt.HasQuery() {
				t.Fatalf("ParseRequestTarget(%q): path %q query %q; Parse gives %v, %v", s, rt.Path(), rt.Query(), p, err)
			}
		case uri.AbsoluteForm:
			u, ok := rt.URI()
			p, err := uri.Parse(s)
			if !ok || err != nil || p != u {
				t.Fatalf("ParseRequestTarget(%q) = %v (%v); Parse gives %v, %v", s, u, rt.Form(), p, err)
			}
			if u.Host() == "" && (strings.EqualFold(u.Scheme(), "http") || strings.EqualFold(u.Scheme(), "https")) {
				t.Fatalf("ParseRequestTarget(%q): an %s URI without a host", s, u.Scheme())
			}
		case uri.AuthorityForm:
			p, err := uri.Parse("//" + s)
			if err != nil || p.Host() != rt.Host() || p.Port() != rt.Port() || p.HostKind() != rt.HostKind() || rt.Port() == "" || rt.Host() == "" || p.HasUserInfo() || p.Path() != "" || p.HasQuery() {
				t.Fatalf("ParseRequestTarget(%q): host %q port %q; Parse(\"//\"+s): %v, %v", s, rt.Host(), rt.Port(), p, err)
			}
		case uri.AsteriskForm:
			if s != "*" {
				t.Fatalf("ParseRequestTarget(%q) is asterisk-form", s)
			}
		default:
			t.Fatalf("ParseRequestTarget(%q): form %v", s, rt.Form())
		}
	})
}

// checkTargetURI checks that the target URI of rt, with a fixed scheme and
// Host header, is a URI that Parse reads back as itself, holds the target,
// and survives every operation.
func checkTargetURI(t *testing.T, rt uri.RequestTarget) {
	t.Helper()
	u, err := rt.TargetURI("http", "example.com:8080")
	if err != nil {
		t.Fatalf("ParseRequestTarget(%q).TargetURI: %v", rt, err)
	}
	if p, err := uri.Parse(u.String()); err != nil || p != u {
		t.Fatalf("ParseRequestTarget(%q).TargetURI = %q, which Parse reads as %v, %v", rt, u, p, err)
	}
	want := "http://example.com:8080" + rt.String()
	switch rt.Form() {
	case uri.AbsoluteForm:
		want = rt.String()
	case uri.AuthorityForm:
		want = "http://" + rt.String()
	case uri.AsteriskForm:
		want = "http://example.com:8080"
	}
	if u.String() != want {
		t.Fatalf("ParseRequestTarget(%q).TargetURI = %q, want %q", rt, u, want)
	}
	checkOperations(t, u)
}

// query is the text of a query with its "?", or "".
func query(q string, has bool) string {
	if has {
		return "?" + q
	}
	return ""
}

// sameDecision reports whether ParseRequestTarget picks its form for a
// prefix of s by the same first bytes it picked it for s: "*" alone, a
// leading "/", a scheme and a ":" followed by anything but a port number,
// or else host and port.
func sameDecision(prefix, s string) bool {
	kind := func(x string) int {
		switch {
		case x == "*":
			return 0
		case strings.HasPrefix(x, "/"):
			return 1
		}
		i := strings.IndexByte(x, ':')
		if i <= 0 || !isScheme(x[:i]) {
			return 3
		}
		if port := x[i+1:]; port == "" || strings.Trim(port, "0123456789") != "" {
			return 2
		}
		return 3
	}
	return kind(prefix) == kind(s) && kind(s) != 0
}

// isScheme reports whether s matches scheme (RFC 3986 section 3.1).
func isScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		alpha := c >= 'a' && c <= 'z'
		if !alpha && (i == 0 || !(s[i] >= '0' && s[i] <= '9' || s[i] == '+' || s[i] == '-' || s[i] == '.')) {
			return false
		}
	}
	return s != ""
}
