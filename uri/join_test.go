package uri_test

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/uri"
)

func TestJoinPath(t *testing.T) {
	tests := []struct {
		in       string
		segments []string
		want     string
		wantErr  string
	}{
		{"http://h/v1", []string{"users", "42"}, "http://h/v1/users/42", ""},
		// The empty last segment of a path ending in "/" is replaced.
		{"http://h/v1/", []string{"users"}, "http://h/v1/users", ""},
		{"http://h/", []string{"a"}, "http://h/a", ""},
		{"http://h", []string{"a"}, "http://h/a", ""},
		{"http://h/a/", []string{""}, "http://h/a/", ""},
		{"http://h/a", []string{"", ""}, "http://h/a//", ""},
		// The query and fragment stay.
		{"http://h/a?q=1#f", []string{"b"}, "http://h/a/b?q=1#f", ""},
		// What a segment cannot hold is encoded, "/" and "%" too; what it
		// can, ":" and "@" among it, stays.
		{"http://h/", []string{"a/b", "c?d#e", "50%", "x y"}, "http://h/a%2Fb/c%3Fd%23e/50%25/x%20y", ""},
		{"http://h/", []string{"a:b@c", "~!$&'()*+,;="}, "http://h/a:b@c/~!$&'()*+,;=", ""},
		{"http://h/", []string{"%2E%2E", "...", ".a", "é"}, "http://h/%252E%252E/.../.a/%C3%A9", ""},
		// Dot-segments climb: refused.
		{"http://h/a", []string{"b", ".."}, "", `uri: join path "..": dot-segment at offset 0`},
		{"http://h/a", []string{"."}, "", `uri: join path ".": dot-segment at offset 0`},
		// Without an authority.
		{"mailto:", []string{"a"}, "mailto:/a", ""},
		{"foo:a", []string{"b:c"}, "foo:a/b:c", ""},
		{"foo:a/", []string{"b"}, "foo:a/b", ""},
		{"foo:/", []string{"", "x"}, "", `uri: join path "//x": path without an authority cannot begin with "//" at offset 1`},
		{"foo:", []string{"", "x"}, "", `uri: join path "//x": path without an authority cannot begin with "//" at offset 1`},
		{"foo:", []string{""}, "foo:/", ""},
		{"//h", []string{"", "x"}, "//h//x", ""},
		// Relative references.
		{"", []string{"a:b"}, "/a:b", ""},
		{"a", []string{"b"}, "a/b", ""},
		{"?q", []string{"a"}, "/a?q", ""},
		{"http://h/a", nil, "http://h/a", ""},
		{"http://h/a/", nil, "http://h/a/", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in+" "+strings.Join(tt.segments, " "), func(t *testing.T) {
			got, err := uri.MustParse(tt.in).JoinPath(tt.segments...)
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
				var e *uri.Error
				if !errors.As(err, &e) || e.Op != "join path" {
					t.Errorf("JoinPath(%q, %q): %v is not an *Error of Op \"join path\"", tt.in, tt.segments, err)
				}
			}
			if diff := cmp.Diff(tt.wantErr, gotErr); diff != "" {
				t.Errorf("JoinPath(%q, %q) error mismatch (-want +got):\n%s", tt.in, tt.segments, diff)
			}
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("JoinPath(%q, %q) mismatch (-want +got):\n%s", tt.in, tt.segments, diff)
			}
			checkWritten(t, "JoinPath("+tt.in+")", got)
		})
	}
}

func TestJoinPathErrors(t *testing.T) {
	_, err := uri.MustParse("http://h/").JoinPath("a", "..", ".")
	if !errors.Is(err, uri.ErrDotSegment) {
		t.Errorf("JoinPath(a, .., .) = %v, want ErrDotSegment", err)
	}
	if e, ok := err.(*uri.Error); !ok || e.Input != ".." || e.Offset != 0 || e.Component != uri.Segment {
		t.Errorf("JoinPath(a, .., .) = %#v, want the Input \"..\" at offset 0 in segment", err)
	}
	_, err = uri.MustParse("x:").JoinPath("", "a")
	if !errors.Is(err, uri.ErrPathDoubleSlash) {
		t.Errorf("JoinPath(x:, \"\", a) = %v, want ErrPathDoubleSlash", err)
	}
	// Found by FuzzJoinPath: normalization reads "x:.//a" as "./" before
	// "/a", and the empty segment would be gone.
	for _, base := range []string{"x:.", "x:..", "x:./%2e%2E/", "x:../"} {
		_, err = uri.MustParse(base).JoinPath("", "a")
		if !errors.Is(err, uri.ErrPathDoubleSlash) {
			t.Errorf("JoinPath(%s, \"\", a) = %v, want ErrPathDoubleSlash", base, err)
		}
	}
	if got, err := uri.MustParse("x:./b").JoinPath("", "a"); err != nil || got.String() != "x:./b//a" {
		t.Errorf("JoinPath(x:./b, \"\", a) = %v, %v; want x:./b//a", got, err)
	}
}

// dotsOnly reports whether u's path is rootless and its segments, old,
// are all dot-segments, which normalization removes with the "/" after
// them.
func dotsOnly(u uri.URI, old []string) bool {
	if u.Path() == "" || u.Path()[0] == '/' {
		return false
	}
	for _, seg := range old {
		if d, _ := uri.Unescape(seg); d != "." && d != ".." {
			return false
		}
	}
	return true
}

func TestJoinPathAllocs(t *testing.T) {
	u := uri.MustParse("http://h/v1/?q")
	if got := testing.AllocsPerRun(100, func() { u.JoinPath("users", "a b/c") }); got != 1 {
		t.Errorf("JoinPath made %v allocations, want 1", got)
	}
}

// joinArg generates the arguments of JoinPath: any strings, segments,
// and the texts that try to climb or to break out of a segment.
func joinArg() gopter.Gen {
	return gen.OneGenOf(
		gen.AnyString(),
		genOf(reference.Segment()),
		gen.OneConstOf("", ".", "..", "...", "/", "//", "%", "%2E", "%2E%2E", ".%2e", "a/../b", "?#", ":", "é", "\x00"),
	)
}

// joinArgs generates zero to five arguments.
func joinArgs() gopter.Gen {
	return gopter.CombineGens(gen.SliceOfN(5, joinArg()), gen.IntRange(0, 5)).Map(func(vs []any) []string {
		return vs[0].([]string)[:vs[1].(int)]
	})
}

// joinsPerCase is how many argument lists a case of TestPropertyJoinPath
// joins to its URI, which costs more to generate.
const joinsPerCase = 8

// TestPropertyJoinPath: over 100,000 joins, a segment "." or ".." is
// refused with ErrDotSegment; otherwise the result's segments are u's,
// less an empty last one, then the arguments, each one segment that
// unescapes to it; every other component is u's; and normalizing removes
// none of the arguments.
func TestPropertyJoinPath(t *testing.T) {
	p := properties(100_000 / joinsPerCase)
	p.Property("JoinPath adds exactly the arguments", prop.ForAll(func(up reference.Parts, argss [][]string) bool {
		u := uri.MustParse(up.String())
		old := slices.Collect(u.Segments())
		if len(old) > 0 && old[len(old)-1] == "" {
			old = old[:len(old)-1]
		}
		for _, args := range argss {
			got, err := u.JoinPath(args...)
			what := "JoinPath(" + u.String() + ", " + strings.Join(args, " ") + ")"
			if i := slices.IndexFunc(args, func(s string) bool { return s == "." || s == ".." }); i >= 0 {
				var e *uri.Error
				if !errors.As(err, &e) || !errors.Is(err, uri.ErrDotSegment) || e.Input != args[i] || e.Op != "join path" {
					t.Errorf("%s = %q, %v; want ErrDotSegment for %q", what, got, err, args[i])
					return false
				}
				continue
			}
			if len(args) > 1 && args[0] == "" && (len(old) == 0 || dotsOnly(u, old)) && !u.HasAuthority() {
				if !errors.Is(err, uri.ErrPathDoubleSlash) {
					t.Errorf("%s = %q, %v; want ErrPathDoubleSlash", what, got, err)
					return false
				}
				continue
			}
			if err != nil || !checkWritten(t, what, got) {
				t.Errorf("%s: %v", what, err)
				return false
			}
			if len(args) == 0 {
				if got != u {
					t.Errorf("%s = %q, want u itself", what, got)
				}
				continue
			}
			segs := slices.Collect(got.Segments())
			if !slices.Equal(segs[:len(segs)-len(args)], old) || !slices.Equal(unescapeAll(t, segs[len(segs)-len(args):]), args) {
				t.Errorf("%s = %q: segments %q, want %q then %q", what, got, segs, old, args)
				return false
			}
			gc, uc := got.Components(), u.Components()
			gc.Path, uc.Path = "", ""
			if gc != uc {
				t.Errorf("%s = %q: components other than the path mismatch (-u +got):\n%s", what, got, cmp.Diff(uc, gc))
				return false
			}
			norm := slices.Collect(got.Normalize().Segments())
			if len(norm) < len(args) || !slices.Equal(unescapeAll(t, norm[len(norm)-len(args):]), args) {
				t.Errorf("Normalize(%s) = %q: segments %q do not end with %q", what, got.Normalize(), norm, args)
				return false
			}
		}
		return true
	}, genOf(reference.URIReference()), gen.SliceOfN(joinsPerCase, joinArgs())))
	p.TestingRun(t)
}

// unescapeAll returns the segments unescaped.
func unescapeAll(t *testing.T, segs []string) []string {
	out := make([]string, len(segs))
	for i, s := range segs {
		u, err := uri.Unescape(s)
		if err != nil {
			t.Errorf("Unescape(%q): %v", s, err)
		}
		out[i] = u
	}
	return out
}

func ExampleURI_JoinPath() {
	api := uri.MustParse("https://api.example.com/v1/?key=k")
	u, err := api.JoinPath("users", "ana/../admin", "50% off")
	fmt.Println(u, err)
	_, err = api.JoinPath("users", "..")
	fmt.Println(err)
	// Output:
	// https://api.example.com/v1/users/ana%2F..%2Fadmin/50%25%20off?key=k <nil>
	// uri: join path "..": dot-segment at offset 0
}

// BenchmarkJoinPath joins three segments, one of which needs escaping, to
// a base URL, with JoinPath and with net/url's URL.JoinPath in the same
// run.
func BenchmarkJoinPath(b *testing.B) {
	const base = "https://api.example.com/v1/?key=k"
	segments := []string{"users", "ana maria", "42"}
	u, _ := uri.MustParse(base).JoinPath(segments...)
	v, _ := url.Parse(base)
	if u.String() != v.JoinPath(segments...).String() {
		b.Fatalf("JoinPath gives %q, net/url %q: not the same work", u, v.JoinPath(segments...))
	}
	b.Run("rfc3986", func(b *testing.B) {
		u := uri.MustParse(base)
		b.ReportAllocs()
		for b.Loop() {
			sinkURI, sinkErr = u.JoinPath(segments...)
		}
	})
	b.Run("net/url", func(b *testing.B) {
		u, _ := url.Parse(base)
		b.ReportAllocs()
		for b.Loop() {
			sinkURL = u.JoinPath(segments...)
		}
	})
}
