package fuzz

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/uri"
)

// literalLimit bounds the inputs compared with the literal transcriptions
// in internal/reference, which take quadratic time and would slow the
// minimization of long inputs.
const literalLimit = 512

// readRows decodes every line of a conformance file.
func readRows[T any](f *testing.F, name string) []T {
	file, err := os.Open(filepath.Join("..", "testdata", "conformance", name))
	if err != nil {
		f.Fatal(err)
	}
	defer file.Close()
	var rows []T
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			f.Fatal(err)
		}
		rows = append(rows, v)
	}
	return rows
}

// checkWritten fails when u, written by Resolve or Normalize, does not
// read back through Parse as the same components.
func checkWritten(t *testing.T, what string, u uri.URI) {
	t.Helper()
	p, err := uri.Parse(u.String())
	if err != nil {
		t.Fatalf("%s = %q, which does not parse: %v", what, u, err)
	}
	if pp, pu := reference.PartsOf(p), reference.PartsOf(u); pp != pu {
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
			if err != uri.ErrRelativeBase {
				t.Fatalf("Resolve against %q = %q, %v; want ErrRelativeBase", b, got, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("Resolve(%q, %q): %v", b, r, err)
		}
		what := "Resolve(" + b + ", " + r + ")"
		checkWritten(t, what, got)
		tookBasePath := reference.TakesBasePath(reference.PartsOf(base), reference.PartsOf(ref), strict)
		if !got.HasScheme() || !tookBasePath && reference.HasDotSegment(got.Path()) {
			t.Fatalf("%s = %q: no scheme, or dot-segments in its path", what, got)
		}
		if strict {
			if a, err := uri.AppendResolve([]byte("x"), base, ref); err != nil || string(a) != "x"+got.String() {
				t.Fatalf("AppendResolve(%q, %q, %q) = %q, %v; want %q", "x", b, r, a, err, "x"+got.String())
			}
		}
		if len(b)+len(r) <= literalLimit {
			want := reference.Guard(reference.Resolve(reference.PartsOf(base), reference.PartsOf(ref), strict)).String()
			if got.String() != want {
				t.Fatalf("%s (strict %v) = %q; the literal 5.2.2 gives %q", what, strict, got, want)
			}
		}
	})
}

// FuzzNormalize checks Normalize, NormalizeSyntax, Equivalent and Build on
// two references: each normal form is valid, reads back as written, is
// stable under a second normalization, is equivalent to its input, is what
// the slow literal normalizer gives, and is its input itself when the text
// is the same; AppendNormalized writes it; Build(u.Components()) is u; and
// Equivalent(a, b) holds exactly when the normal forms are the same.
func FuzzNormalize(f *testing.F) {
	f.Add("example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d") // section 6.2.2
	f.Add("HTTP://www.EXAMPLE.com/", "http://www.example.com/")              // 6.2.2.1
	f.Add("http://example.com:80/", "http://example.com")                    // 6.2.3
	f.Add("http://example.com:/", "http://example.com/?")                    // 6.2.3
	f.Add("foo:/a/..//x", "foo:/.//x")                                       // the "/." guard
	f.Add("a/%2e%2E/b", "a/../b")                                            // a relative path keeps its dots
	f.Add("//127.0.0.%31", "//127.0.0.1")                                    // a reg-name decoded into IPv4
	f.Add("x://[V1.A]:0080", "HTTPS://h:443")
	type row struct{ In, Want string }
	for _, r := range readRows[row](f, "normalize.jsonl") {
		f.Add(r.In, r.Want)
	}
	type pair struct{ A, B string }
	for _, p := range readRows[pair](f, "equivalence.jsonl") {
		f.Add(p.A, p.B)
	}

	f.Fuzz(func(t *testing.T, a, b string) {
		ua, err1 := uri.Parse(a)
		ub, err2 := uri.Parse(b)
		if err1 != nil || err2 != nil {
			return
		}
		for _, u := range []uri.URI{ua, ub} {
			for _, schemeBased := range []bool{false, true} {
				n, name := u.NormalizeSyntax(), "NormalizeSyntax"
				again := n.NormalizeSyntax()
				if schemeBased {
					n, name = u.Normalize(), "Normalize"
					again = n.Normalize()
				}
				what := name + "(" + u.String() + ")"
				checkWritten(t, what, n)
				if again != n {
					t.Fatalf("%s = %q, then %q: not idempotent", what, n, again)
				}
				if n.String() == u.String() && n != u {
					t.Fatalf("%s is the same text but not u itself", what)
				}
				if len(u.String()) <= literalLimit {
					if want := reference.Normalize(reference.PartsOf(u), schemeBased).String(); n.String() != want {
						t.Fatalf("%s = %q; the literal normalizer gives %q", what, n, want)
					}
				}
			}
			n := u.Normalize()
			if !uri.Equivalent(u, n) || !uri.Equivalent(n, u) {
				t.Fatalf("Equivalent(%q, its normal form %q) = false", u, n)
			}
			if w := uri.AppendNormalized([]byte("x"), u); string(w) != "x"+n.String() {
				t.Fatalf("AppendNormalized(%q, %q) = %q, want %q", "x", u, w, "x"+n.String())
			}
			if got, err := uri.Build(u.Components()); err != nil || got != u {
				t.Fatalf("Build(Parse(%q).Components()) = %q, %v", u, got, err)
			}
		}
		same := ua.Normalize() == ub.Normalize()
		if eq := uri.Equivalent(ua, ub); eq != same || uri.Equivalent(ub, ua) != same {
			t.Fatalf("Equivalent(%q, %q) = %v, but the normal forms are %q and %q", a, b, eq, ua.Normalize(), ub.Normalize())
		}
	})
}

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

		comp := uri.Component(c % uint8(uri.Segment+1))
		e := uri.Escape(s, comp)
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
