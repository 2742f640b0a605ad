package uri_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/uri"
)

// TestRemoveDotSegmentsTraces checks the two step-by-step traces of
// section 5.2.4 against the literal two-buffer routine, and the one-pass
// RemoveDotSegments against their results.
func TestRemoveDotSegmentsTraces(t *testing.T) {
	traces := []struct {
		in    string
		steps []reference.Step
	}{
		{"/a/b/c/./../../g", []reference.Step{
			{Rule: "1", Output: "", Input: "/a/b/c/./../../g"},
			{Rule: "2E", Output: "/a", Input: "/b/c/./../../g"},
			{Rule: "2E", Output: "/a/b", Input: "/c/./../../g"},
			{Rule: "2E", Output: "/a/b/c", Input: "/./../../g"},
			{Rule: "2B", Output: "/a/b/c", Input: "/../../g"},
			{Rule: "2C", Output: "/a/b", Input: "/../g"},
			{Rule: "2C", Output: "/a", Input: "/g"},
			{Rule: "2E", Output: "/a/g", Input: ""},
		}},
		{"mid/content=5/../6", []reference.Step{
			{Rule: "1", Output: "", Input: "mid/content=5/../6"},
			{Rule: "2E", Output: "mid", Input: "/content=5/../6"},
			{Rule: "2E", Output: "mid/content=5", Input: "/../6"},
			{Rule: "2C", Output: "mid", Input: "/6"},
			{Rule: "2E", Output: "mid/6", Input: ""},
		}},
	}
	for _, tt := range traces {
		t.Run(tt.in, func(t *testing.T) {
			out, steps := reference.RemoveDotSegments(tt.in)
			if diff := cmp.Diff(tt.steps, steps); diff != "" {
				t.Errorf("the literal remove_dot_segments(%q) mismatch (-RFC +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(out, uri.RemoveDotSegments(tt.in)); diff != "" {
				t.Errorf("RemoveDotSegments(%q) mismatch (-literal +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestRemoveDotSegments(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"/", "/"},
		{".", ""},
		{"..", ""},
		{"./", ""},
		{"../", ""},
		{"/.", "/"},
		{"/..", "/"},
		{"/./", "/"},
		{"/../", "/"},
		{"a/..", "/"},    // the RFC turns a rootless path absolute
		{"a/../b", "/b"}, // likewise
		{"a/b/..", "a/"}, // but not when the first segment stays
		{"../a", "a"},    // leading dots of a rootless path go
		{".//a", "/a"},   // and what is left may begin with "/"
		{"/.//a", "//a"}, // the bare routine does not guard
		{"/a/./b/", "/a/b/"},
		{"/a/b/./.", "/a/b/"},
		{"/a/b/../..", "/"},
		{"/a//../b", "/a/b"},
		{"/a/%2E/b", "/a/%2E/b"}, // "%2E" is not a dot here
		{"/a/.b/..c/c./c..", "/a/.b/..c/c./c.."},
		{"/a/b/c", "/a/b/c"},
		{"a/./b/../b/%63/%7Bfoo%7D", "a/b/%63/%7Bfoo%7D"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, uri.RemoveDotSegments(tt.in)); diff != "" {
				t.Errorf("RemoveDotSegments(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if lit, _ := reference.RemoveDotSegments(tt.in); lit != tt.want {
				t.Errorf("the literal remove_dot_segments(%q) mismatch (-want +got):\n%s", tt.in, cmp.Diff(tt.want, lit))
			}
		})
	}
}

// dotty generates references whose paths are made of few distinct
// segments, dots and empty ones among them, often enough that paths
// collapse, underflow, and begin with "//" once their dots are gone.
func dotty() gopter.Gen {
	seg := gen.OneConstOf("", "", ".", ".", "..", "..", "a", "b", "%2E", "%2e%2E", ".%2E", ".a")
	return gopter.CombineGens(gen.OneConstOf("", "", "s:", "HTTP:"), gen.OneConstOf("", "", "//h", "//H:80"),
		gen.OneConstOf("", "/"), gen.SliceOfN(7, seg), gen.IntRange(0, 7), gen.OneConstOf("", "?q", "#f")).
		Map(func(vs []any) string {
			segs := vs[3].([]string)[:vs[4].(int)]
			return vs[0].(string) + vs[1].(string) + vs[2].(string) + strings.Join(segs, "/") + vs[5].(string)
		}).
		SuchThat(func(s string) bool { _, err := uri.Parse(s); return err == nil })
}

// TestPropertyDotty runs the resolution and normalization properties on
// dotty references, where removing dot-segments and guarding "//" do the
// most work.
func TestPropertyDotty(t *testing.T) {
	partsOfText := func(s string) reference.Parts { return partsOf(uri.MustParse(s)) }
	p := properties(20000)
	p.Property("Resolve", prop.ForAll(func(b, r string) bool {
		base, ref := uri.MustParse("s:"+b), uri.MustParse(r)
		got, err := base.Resolve(ref)
		want := reference.Guard(reference.Resolve(partsOfText("s:"+b), partsOfText(r), true)).String()
		if err != nil || got.String() != want {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q", base, ref, got, err, want)
			return false
		}
		return checkWritten(t, "Resolve("+base.String()+", "+r+")", got)
	}, dotty(), dotty()))
	p.Property("Normalize and Equivalent", prop.ForAll(func(a, b string) bool {
		ua, ub := uri.MustParse(a), uri.MustParse(b)
		for _, u := range []uri.URI{ua, ub} {
			n := u.Normalize()
			if want := reference.Normalize(partsOf(u), true).String(); n.String() != want {
				t.Errorf("Normalize(%q) = %q, want %q", u, n, want)
				return false
			}
			if !checkWritten(t, "Normalize("+u.String()+")", n) || n.Normalize() != n || !uri.Equivalent(u, n) {
				t.Errorf("Normalize(%q) = %q: not idempotent, or not equivalent", u, n)
				return false
			}
		}
		if eq, same := uri.Equivalent(ua, ub), ua.Normalize() == ub.Normalize(); eq != same {
			t.Errorf("Equivalent(%q, %q) = %v, but the normal forms are %q and %q", a, b, eq, ua.Normalize(), ub.Normalize())
			return false
		}
		return true
	}, dotty(), dotty()))
	p.TestingRun(t)
}
