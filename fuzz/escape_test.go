package fuzz

import (
	"errors"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

// FuzzEscape checks Escape and Unescape on any bytes: a rejection is an
// *Error at the first byte that cannot follow, and the input cut there
// unescapes or fails at the cut; an acceptance has as many bytes as the
// input less two per "%"; Unescape(Escape(s, c)) is s for every
// component; and what Escape writes for a component holds only the bytes
// it admits, which Build then keeps as they are.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "abc", "%41%42%43", "a%2fb", "%", "a%4", "a%zz", "%41%", "%%", "a+b%20c",
		"%c3%a9", "%00%FF", "\x00\xff %\"<>", "100%"} {
		f.Add(s, uint8(uri.Path))
	}
	f.Add("a b/c?d#e", uint8(uri.Segment))
	f.Add("[::1]:@", uint8(uri.Host))
	f.Add("user:pw@", uint8(uri.UserInfo))

	f.Fuzz(func(t *testing.T, s string, c uint8) {
		got, err := uri.Unescape(s)
		if err != nil {
			var e *uri.Error
			if !errors.As(err, &e) || e.Input != s || e.Offset < 0 || e.Offset > len(s) || !errors.Is(err, uri.ErrInvalidPercentEncoding) {
				t.Fatalf("Unescape(%q) = %v: not an *Error into the input", s, err)
			}
			if _, err := uri.Unescape(s[:e.Offset]); err != nil {
				if cut := err.(*uri.Error); cut.Offset != e.Offset {
					t.Fatalf("Unescape(%q) fails at %d, but its first %d bytes fail at %d", s, e.Offset, e.Offset, cut.Offset)
				}
			}
		} else if len(got) != len(s)-2*strings.Count(s, "%") {
			t.Fatalf("Unescape(%q) = %q: %d bytes, want %d", s, got, len(got), len(s)-2*strings.Count(s, "%"))
		}

		comp := uri.Component(c % uint8(uri.Segment+2))
		e, err := uri.Escape(s, comp)
		switch comp {
		case uri.Scheme, uri.Port, uri.Component(0), uri.Segment + 1:
			// Nothing can be escaped for these: Escape gives s back
			// when it is valid there, or an error.
			var want error
			if comp == uri.Scheme {
				_, want = uri.Build(uri.Components{Scheme: s, HasScheme: true})
			} else if comp == uri.Port {
				_, want = uri.Build(uri.Components{Port: s})
			}
			switch {
			case comp != uri.Scheme && comp != uri.Port:
				if !errors.Is(err, uri.ErrNotEscapable) {
					t.Fatalf("Escape(%q, %v) = %q, %v; want ErrNotEscapable", s, comp, e, err)
				}
			case (err == nil) != (want == nil) || err == nil && e != s:
				t.Fatalf("Escape(%q, %v) = %q, %v; Build takes it: %v", s, comp, e, err, want)
			}
			return
		}
		if err != nil {
			t.Fatalf("Escape(%q, %v): %v", s, comp, err)
		}
		if back, err := uri.Unescape(e); err != nil || back != s {
			t.Fatalf("Unescape(Escape(%q, %v) = %q) = %q, %v", s, comp, e, back, err)
		}
		var built uri.Components
		var part func(uri.URI) string
		switch comp {
		case uri.UserInfo:
			built, part = uri.Components{UserInfo: e}, uri.URI.UserInfo
		case uri.Host:
			if strings.HasPrefix(e, "[") {
				t.Fatalf("Escape(%q, Host) = %q begins with \"[\"", s, e)
			}
			built, part = uri.Components{Host: e}, uri.URI.Host
		case uri.Path, uri.Segment:
			built, part = uri.Components{Path: "/x/" + e}, func(u uri.URI) string { return u.Path()[3:] }
		case uri.Query:
			built, part = uri.Components{Query: e}, uri.URI.Query
		case uri.Fragment:
			built, part = uri.Components{Fragment: e}, uri.URI.Fragment
		default:
			return
		}
		u, err := uri.Build(built)
		if err != nil || part(u) != e {
			t.Fatalf("Build with Escape(%q, %v) = %q gives %q, %v", s, comp, e, u, err)
		}
		if comp == uri.Segment && strings.Contains(e, "/") {
			t.Fatalf("Escape(%q, Segment) = %q holds a \"/\"", s, e)
		}
	})
}
