package fuzz

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/uri"
)

// literalLimit bounds the inputs compared with the literal transcriptions
// in internal/reference, which take quadratic time and would slow the
// minimization of long inputs.
const literalLimit = 512

// checkWritten fails when u, written by Resolve or Normalize, does not
// read back through Parse as the same components.
func checkWritten(t *testing.T, what string, u uri.URI) {
	t.Helper()
	p, err := uri.Parse(u.String())
	if err != nil {
		t.Fatalf("%s = %q, which does not parse: %v", what, u, err)
	}
	if pp, pu := partsOf(p), partsOf(u); pp != pu {
		t.Fatalf("%s = %q: components mismatch (-parsed +written):\n%s", what, u, cmp.Diff(pp, pu))
	}
}

// FuzzResolve checks Resolve and ResolveNonStrict: the base must have a
// scheme; the target is valid, reads back as written, has a scheme and
// no dot-segment but the "/." guard (unless it took the base's path as
// it is), and is what the literal pseudocode of section 5.2.2 gives, with
// the guard; AppendResolve writes the same text.
func FuzzResolve(f *testing.F) {
	const base = "http://a/b/c/d;p?q" // section 5.4
	for _, ref := range []string{"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x",
		"g;x", "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g", "../../../g",
		"../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.", "g/./h", "g/../h",
		"g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x", "g#s/./x", "g#s/../x", "http:g"} {
		f.Add(base, ref, true)
	}
	f.Add(base, "http:g", false)     // section 5.4.2, non-strict
	f.Add("foo:/a/b", "..//x", true) // the "/." guard
	f.Add("a:/", "/.//.", true)
	f.Add("foo:a/b", "../c", true) // a rootless base
	f.Add("//a/b", "g", true)      // no scheme: ErrRelativeBase
	f.Add("http://a/b#f", "", true)
	type row struct {
		Base, Ref string
		Strict    *bool
	}
	for _, r := range readRows[row](f, "resolve.jsonl") {
		f.Add(r.Base, r.Ref, r.Strict == nil || *r.Strict)
	}

	f.Fuzz(func(t *testing.T, b, r string, strict bool) {
		base, err1 := uri.Parse(b)
		ref, err2 := uri.Parse(r)
		if err1 != nil || err2 != nil {
			return
		}
		resolve := base.Resolve
		if !strict {
			resolve = base.ResolveNonStrict
		}
		got, err := resolve(ref)
		if !base.HasScheme() {
			if !errors.Is(err, uri.ErrRelativeBase) {
				t.Fatalf("Resolve against %q = %q, %v; want ErrRelativeBase", b, got, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("Resolve(%q, %q): %v", b, r, err)
		}
		what := "Resolve(" + b + ", " + r + ")"
		checkWritten(t, what, got)
		tookBasePath := reference.TakesBasePath(partsOf(base), partsOf(ref), strict)
		if !got.HasScheme() || !tookBasePath && reference.HasDotSegment(got.Path()) {
			t.Fatalf("%s = %q: no scheme, or dot-segments in its path", what, got)
		}
		if strict {
			if a, err := uri.AppendResolve([]byte("x"), base, ref); err != nil || string(a) != "x"+got.String() {
				t.Fatalf("AppendResolve(%q, %q, %q) = %q, %v; want %q", "x", b, r, a, err, "x"+got.String())
			}
		}
		if len(b)+len(r) <= literalLimit {
			want := reference.Guard(reference.Resolve(partsOf(base), partsOf(ref), strict)).String()
			if got.String() != want {
				t.Fatalf("%s (strict %v) = %q; the literal 5.2.2 gives %q", what, strict, got, want)
			}
		}
	})
}
