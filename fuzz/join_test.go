package fuzz

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

// FuzzJoinPath checks JoinPath with two arguments of any bytes: "." and
// ".." are refused with ErrDotSegment, an empty path without an authority
// joined with "" and more with ErrPathDoubleSlash; otherwise the result
// reads back as written, its segments are u's (less an empty last one)
// then the arguments, each unescaping to its argument, its other
// components are u's, and normalizing it removes neither argument.
func FuzzJoinPath(f *testing.F) {
	f.Add("http://h/v1/", "users", "42")
	f.Add("http://h/v1?q#f", "a/b", "c?d#e")
	f.Add("http://h/", "..", "x")    // a dot-segment
	f.Add("http://h/", "%2E%2E", "") // encoded dots are data
	f.Add("foo:", "", "x")           // "//" without an authority
	f.Add("a", "b:c", "%")           // a relative reference
	f.Fuzz(func(t *testing.T, s, a, b string) {
		u, err := uri.Parse(s)
		if err != nil {
			return
		}
		args := []string{a, b}
		got, err := u.JoinPath(args...)
		var e *uri.Error
		if err != nil && (!errors.As(err, &e) || e.Op != "join path") {
			t.Fatalf("JoinPath(%q, %q): %v is not an *Error of Op \"join path\"", s, args, err)
		}
		if slices.Contains(args, ".") || slices.Contains(args, "..") {
			if !errors.Is(err, uri.ErrDotSegment) {
				t.Fatalf("JoinPath(%q, %q) = %q, %v; want ErrDotSegment", s, args, got, err)
			}
			return
		}
		old := slices.Collect(u.Segments())
		if len(old) > 0 && old[len(old)-1] == "" {
			old = old[:len(old)-1]
		}
		// Without an authority, "" joined to an empty path, or to a
		// rootless path of dot-segments alone, would begin with "//" once
		// normalized.
		dotsOnly := u.Path() != "" && u.Path()[0] != '/'
		for _, seg := range old {
			if d := strings.ToLower(seg); d != "." && d != ".." && d != "%2e" && d != "%2e%2e" && d != ".%2e" && d != "%2e." {
				dotsOnly = false
			}
		}
		if a == "" && (len(old) == 0 || dotsOnly) && !u.HasAuthority() {
			if !errors.Is(err, uri.ErrPathDoubleSlash) {
				t.Fatalf("JoinPath(%q, %q) = %q, %v; want ErrPathDoubleSlash", s, args, got, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("JoinPath(%q, %q): %v", s, args, err)
		}
		what := "JoinPath(" + s + ")"
		checkWritten(t, what, got)
		segs := slices.Collect(got.Segments())
		if !slices.Equal(segs[:len(segs)-2], old) || unescape(t, segs[len(segs)-2]) != a || unescape(t, segs[len(segs)-1]) != b {
			t.Fatalf("JoinPath(%q, %q) = %q: segments %q, want %q then the arguments", s, args, got, segs, old)
		}
		gc, uc := got.Components(), u.Components()
		gc.Path, uc.Path = "", ""
		if gc != uc {
			t.Fatalf("JoinPath(%q, %q) = %q: components other than the path changed", s, args, got)
		}
		norm := slices.Collect(got.Normalize().Segments())
		if len(norm) < 2 || unescape(t, norm[len(norm)-2]) != a || unescape(t, norm[len(norm)-1]) != b {
			t.Fatalf("Normalize(JoinPath(%q, %q)) = %q: an argument is gone", s, args, got.Normalize())
		}
	})
}

func unescape(t *testing.T, s string) string {
	t.Helper()
	u, err := uri.Unescape(s)
	if err != nil {
		t.Fatalf("Unescape(%q): %v", s, err)
	}
	return u
}
