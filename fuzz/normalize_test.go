package fuzz

import (
	"testing"

	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/uri"
)

// FuzzNormalize checks Normalize, NormalizeSyntax, Equivalent and Build on
// two references: each normal form is valid, reads back as written, is
// stable under a second normalization, is equivalent to its input, is what
// the slow literal normalizer gives, and is its input itself when the text
// is the same; AppendNormalize writes it; Build(u.Components()) is u; and
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
					if want := reference.Normalize(partsOf(u), schemeBased).String(); n.String() != want {
						t.Fatalf("%s = %q; the literal normalizer gives %q", what, n, want)
					}
				}
			}
			n := u.Normalize()
			if !uri.Equivalent(u, n) || !uri.Equivalent(n, u) {
				t.Fatalf("Equivalent(%q, its normal form %q) = false", u, n)
			}
			if w := uri.AppendNormalize([]byte("x"), u); string(w) != "x"+n.String() {
				t.Fatalf("AppendNormalize(%q, %q) = %q, want %q", "x", u, w, "x"+n.String())
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
