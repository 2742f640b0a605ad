package uri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/uri"
)

func TestEscape(t *testing.T) {
	const all = " !\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~\x00\x7f\x80\xff"
	tests := []struct {
		name string
		in   string
		c    uri.Component
		want string
	}{
		{"all/userinfo", all, uri.UserInfo, "%20!%22%23$%25&'()*+,-.%2F09:;%3C=%3E%3F%40AZ%5B%5C%5D%5E_%60az%7B%7C%7D~%00%7F%80%FF"},
		{"all/host", all, uri.Host, "%20!%22%23$%25&'()*+,-.%2F09%3A;%3C=%3E%3F%40AZ%5B%5C%5D%5E_%60az%7B%7C%7D~%00%7F%80%FF"},
		{"all/path", all, uri.Path, "%20!%22%23$%25&'()*+,-./09:;%3C=%3E%3F@AZ%5B%5C%5D%5E_%60az%7B%7C%7D~%00%7F%80%FF"},
		{"all/segment", all, uri.Segment, "%20!%22%23$%25&'()*+,-.%2F09:;%3C=%3E%3F@AZ%5B%5C%5D%5E_%60az%7B%7C%7D~%00%7F%80%FF"},
		{"all/query", all, uri.Query, "%20!%22%23$%25&'()*+,-./09:;%3C=%3E?@AZ%5B%5C%5D%5E_%60az%7B%7C%7D~%00%7F%80%FF"},
		{"all/fragment", all, uri.Fragment, "%20!%22%23$%25&'()*+,-./09:;%3C=%3E?@AZ%5B%5C%5D%5E_%60az%7B%7C%7D~%00%7F%80%FF"},
		{"reserved stays in a query", "a+b=c&d", uri.Query, "a+b=c&d"},
		{"stray percent", "100%", uri.Path, "100%25"},
		{"never taken as encoded", "%41", uri.Path, "%2541"},
		{"UTF-8", "é", uri.Path, "%C3%A9"},
		{"empty", "", uri.Path, ""},
		{"plain", "plain", uri.Path, "plain"},
		{"a valid scheme stays", "svn+ssh", uri.Scheme, "svn+ssh"},
		{"a valid port stays", "8080", uri.Port, "8080"},
		{"an empty port stays", "", uri.Port, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := uri.Escape(tt.in, tt.c)
			if err != nil || got != tt.want {
				t.Errorf("Escape(%q, %v) = %q, %v; want %q", tt.in, tt.c, got, err, tt.want)
			}
			b, err := uri.AppendEscape([]byte("x"), tt.in, tt.c)
			if err != nil || string(b) != "x"+tt.want {
				t.Errorf("AppendEscape(%q, %q, %v) = %q, %v; want %q", "x", tt.in, tt.c, b, err, "x"+tt.want)
			}
			if got, err := uri.Unescape(tt.want); err != nil || got != tt.in {
				t.Errorf("Unescape(%q) = %q, %v; want %q", tt.want, got, err, tt.in)
			}
		})
	}
}

// TestEscapeRefuses checks that Escape refuses, rather than returns
// invalid text for, what a scheme or a port cannot hold, since neither
// can hold percent-encodings, and a value that names no component.
func TestEscapeRefuses(t *testing.T) {
	tests := []struct {
		in      string
		c       uri.Component
		wantErr string
	}{
		{"a b:c", uri.Scheme, `uri: escape "a b:c": invalid character ' ' at offset 1 in scheme`},
		{"8080x", uri.Port, `uri: escape "8080x": invalid port: unexpected 'x' at offset 4 in port`},
		{"", uri.Scheme, `uri: escape "": missing scheme at offset 0`},
		{"1http", uri.Scheme, `uri: escape "1http": invalid character '1' at offset 0 in scheme`},
		{"x", uri.Component(0), `uri: escape "x": cannot escape for component none`},
		{"x", uri.Component(99), `uri: escape "x": cannot escape for component Component(99)`},
	}
	for _, tt := range tests {
		t.Run(tt.wantErr, func(t *testing.T) {
			got, err := uri.Escape(tt.in, tt.c)
			if err == nil || err.Error() != tt.wantErr || got != "" {
				t.Errorf("Escape(%q, %v) = %q, %v; want error %s", tt.in, tt.c, got, err, tt.wantErr)
			}
			var e *uri.Error
			if !errors.As(err, &e) || e.Op != "escape" {
				t.Errorf("Escape(%q, %v): error %#v is not an *Error with Op escape", tt.in, tt.c, err)
			}
			dst, err2 := uri.AppendEscape([]byte("x"), tt.in, tt.c)
			if string(dst) != "x" || err2 == nil || err2.Error() != tt.wantErr {
				t.Errorf("AppendEscape(%q, %q, %v) = %q, %v; want %q and error %s", "x", tt.in, tt.c, dst, err2, "x", tt.wantErr)
			}
		})
	}
}

// TestEscapeSets checks, for every byte and component, that Escape keeps
// exactly what the component's rule admits: the escaped byte, written
// into a URI in that component's place, parses.
func TestEscapeSets(t *testing.T) {
	places := []struct {
		c             uri.Component
		before, after string
	}{
		{uri.UserInfo, "//", "@h"},
		{uri.Host, "//", ""},
		{uri.Path, "/x", ""},
		{uri.Segment, "/a/", "/b"},
		{uri.Query, "?", ""},
		{uri.Fragment, "#", ""},
	}
	for _, p := range places {
		t.Run(p.c.String(), func(t *testing.T) {
			for b := 0; b < 256; b++ {
				s := string([]byte{byte(b)})
				esc, err := uri.Escape(s, p.c)
				if err != nil {
					t.Errorf("Escape(%q, %v): %v", s, p.c, err)
					continue
				}
				u, err := uri.Parse(p.before + esc + p.after)
				if err != nil {
					t.Errorf("Escape(%q, %v) = %q, which does not parse there: %v", s, p.c, esc, err)
					continue
				}
				if got := partOf(u, p.c); got != esc {
					t.Errorf("Escape(%q, %v) = %q reads back as %q", s, p.c, esc, got)
				}
				// Only what must be encoded is: unencoded, the byte would
				// not parse there or not read back as itself. A "/" reads
				// back in a segment, but as two.
				if esc != s && !(p.c == uri.Segment && s == "/") {
					if u2, err := uri.Parse(p.before + s + p.after); err == nil && partOf(u2, p.c) == s {
						t.Errorf("Escape(%q, %v) = %q, but it needs no encoding there", s, p.c, esc)
					}
				}
			}
		})
	}
}

// partOf returns the part of u that the places of TestEscapeSets put a
// component in.
func partOf(u uri.URI, c uri.Component) string {
	switch c {
	case uri.UserInfo:
		return u.UserInfo()
	case uri.Host:
		return u.Host()
	case uri.Path:
		p, ok := strings.CutPrefix(u.Path(), "/x")
		if !ok {
			return "(no path)"
		}
		return p
	case uri.Segment:
		p, ok := strings.CutPrefix(u.Path(), "/a/")
		if p, ok2 := strings.CutSuffix(p, "/b"); ok && ok2 {
			return p
		}
		return "(no segment)"
	case uri.Query:
		return u.Query()
	}
	return u.Fragment()
}

func TestUnescape(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"%41%42%43", "ABC"},
		{"%2f%2F", "//"},
		{"a+b", "a+b"}, // not a space
		{"%25", "%"},
		{"%2541", "%41"}, // once, not twice
		{"%00%ff", "\x00\xff"},
		{"é%C3%A9", "éé"},
		{"a%20b%20", "a b "},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := uri.Unescape(tt.in)
			if err != nil {
				t.Errorf("Unescape(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Unescape(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			b, err := uri.AppendUnescape([]byte("x"), tt.in)
			if err != nil {
				t.Errorf("AppendUnescape(%q, %q): %v", "x", tt.in, err)
			}
			if diff := cmp.Diff("x"+tt.want, string(b)); diff != "" {
				t.Errorf("AppendUnescape(%q, %q) mismatch (-want +got):\n%s", "x", tt.in, diff)
			}
		})
	}
}

func TestUnescapeErrors(t *testing.T) {
	tests := []struct {
		in  string
		off int
		msg string
	}{
		{"%", 1, `uri: unescape "%": invalid percent-encoding: unexpected end of input at offset 1`},
		{"a%4", 3, `uri: unescape "a%4": invalid percent-encoding: unexpected end of input at offset 3`},
		{"a%zz", 2, `uri: unescape "a%zz": invalid percent-encoding: unexpected 'z' at offset 2`},
		{"a%4g", 3, `uri: unescape "a%4g": invalid percent-encoding: unexpected 'g' at offset 3`},
		{"%41%", 4, `uri: unescape "%41%": invalid percent-encoding: unexpected end of input at offset 4`},
		{"%41%%41", 4, `uri: unescape "%41%%41": invalid percent-encoding: unexpected '%' at offset 4`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := uri.Unescape(tt.in)
			var e *uri.Error
			if !errors.As(err, &e) {
				t.Errorf("Unescape(%q) = %v, want an *Error", tt.in, err)
				return
			}
			want := uri.Error{Op: "unescape", Input: tt.in, Offset: tt.off, Err: uri.ErrInvalidPercentEncoding}
			if diff := cmp.Diff(want, *e, cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
				t.Errorf("Unescape(%q) error mismatch (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(tt.msg, err.Error()); diff != "" {
				t.Errorf("Unescape(%q) error text mismatch (-want +got):\n%s", tt.in, diff)
			}
			dst := []byte("keep")
			if b, err := uri.AppendUnescape(dst, tt.in); err == nil || string(b) != "keep" || err.Error() != tt.msg {
				t.Errorf("AppendUnescape(%q, %q) = %q, %v; want %q and %s", "keep", tt.in, b, err, "keep", tt.msg)
			}
		})
	}
}

// TestPropertyEscape: Unescape(Escape(s, c)) is s for any bytes and
// component that can hold percent-encodings, and Escape's result holds
// only what c admits, which Build then leaves alone. For a scheme and a
// port, Escape gives s back when it is valid there and fails otherwise.
func TestPropertyEscape(t *testing.T) {
	components := []uri.Component{uri.Scheme, uri.UserInfo, uri.Host, uri.Port, uri.Path, uri.Segment, uri.Query, uri.Fragment}
	bytesGen := gen.SliceOf(gen.UInt8()).Map(func(b []uint8) string { return string(b) })
	p := properties(1000)
	p.Property("Unescape(Escape(s, c)) == s", prop.ForAll(func(s string, which int) bool {
		c := components[which%len(components)]
		e, err := uri.Escape(s, c)
		if c == uri.Scheme || c == uri.Port {
			_, berr := uri.Build(uri.Components{Scheme: "x", HasAuthority: true, Port: s})
			if c == uri.Scheme {
				_, berr = uri.Build(uri.Components{Scheme: s, HasScheme: true})
			}
			if (err == nil) != (berr == nil) || err == nil && e != s {
				t.Errorf("Escape(%q, %v) = %q, %v; Build takes it: %v", s, c, e, err, berr)
				return false
			}
			return true
		}
		if err != nil {
			t.Errorf("Escape(%q, %v): %v", s, c, err)
			return false
		}
		got, err := uri.Unescape(e)
		if err != nil || got != s {
			t.Errorf("Unescape(Escape(%q, %v) = %q) = %q, %v", s, c, e, got, err)
			return false
		}
		if c == uri.Query || c == uri.Path {
			u, err := uri.Build(uri.Components{Path: "/", Query: e})
			if c == uri.Path {
				u, err = uri.Build(uri.Components{Path: "/x/" + e})
			}
			if err != nil || !strings.HasSuffix(u.String(), e) {
				t.Errorf("Build with Escape(%q, %v) = %q: %q, %v", s, c, e, u, err)
				return false
			}
		}
		return true
	}, bytesGen, gen.IntRange(0, 100)))
	p.TestingRun(t)
}
