package fuzz

import (
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/uri"
)

// shorterLimit bounds the inputs whose results are checked to be
// shortest: the search tries every prefix and suffix, each resolved by the
// literal resolver.
const shorterLimit = 160

// FuzzRelativize checks Relativize against any base and target: the
// reference it returns is valid, reads back as written, resolves to what
// target resolves to (target itself when it has a scheme and no
// dot-segments), is no longer than that, and, for inputs short enough for
// the literal resolver, no reference of the forms a shortest one takes is
// shorter. A base without a scheme gives target back.
func FuzzRelativize(f *testing.F) {
	const base = "http://a/b/c/d;p?q" // section 5.4
	for _, target := range []string{
		"http://a/b/c/g", "http://a/b/c/d;p?y", "http://a/b/c/d;p?q#s", "http://a/b/g", "http://a/",
		"http://a/b/c/", "http://g", "https://a/b/c/g", "g:h", // the targets of section 5.4
		"http://a", "http://a?q", // an empty path after an authority
		"HTTP://a/b/c/g", "http://A/b/c/g", // another case is another text
		"http://a/b/c/g:h",               // a ":" in the first segment
		"http://a//g", "http://a/b/c//g", // "//" in a path
		"http://a/%7e", "http://a/%7E", // percent-encodings compared as text
		"http://a/b/c/./g", "../../x", "", // resolved first
	} {
		f.Add(base, target)
	}
	f.Add("foo:/a/b", "foo:/.//x")      // the "/." guard
	f.Add("foo:/.//a/b", "foo:/.//a/c") // a guarded base
	f.Add("foo:a/b/c", "foo:a/x")       // a rootless base
	f.Add("urn:isbn:0", "urn:isbn:1")   // a rootless path with ":"
	f.Add("http://a/b/../c/d", "http://a/c/e")
	f.Add("http://a/b#f", "http://a/b")
	f.Add("//a/b", "http://a/b/c") // no scheme: target back

	f.Fuzz(func(t *testing.T, b, s string) {
		base, err1 := uri.Parse(b)
		target, err2 := uri.Parse(s)
		if err1 != nil || err2 != nil {
			return
		}
		got := base.Relativize(target)
		what := "Relativize(" + b + ", " + s + ")"
		checkWritten(t, what, got)
		if !base.HasScheme() {
			if got != target {
				t.Fatalf("%s = %q; a base without a scheme gives the target back", what, got)
			}
			return
		}
		want, err := base.Resolve(target)
		if err != nil {
			return // too long
		}
		back, err := base.Resolve(got)
		if err != nil || back != want {
			t.Fatalf("%s = %q, which resolves to %q, %v; want %q", what, got, back, err, want)
		}
		p := target.Path()
		dots := reference.HasDotSegment(p) || target.HasAuthority() && strings.HasPrefix(p, "/.//")
		if target.HasScheme() && !dots && want != target {
			t.Fatalf("Resolve(%q, %q) = %q; a target with a scheme and no dot-segments is its own", b, s, want)
		}
		if len(got.String()) > len(want.String()) {
			t.Fatalf("%s = %q, longer than the target %q", what, got, want)
		}
		if len(b)+len(want.String()) <= shorterLimit {
			if r, ok := reference.ShorterReference(partsOf(base), partsOf(want), len(got.String())); ok {
				t.Fatalf("%s = %q, but %q is shorter", what, got, r)
			}
		}
	})
}
