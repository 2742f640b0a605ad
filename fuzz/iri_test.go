package fuzz

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/uri"
)

// encodesNonASCII reports whether s holds a pct-encoded octet >= 0x80,
// which ToIRI may decode: then ToIRI(ToURI(s)) need not be s.
func encodesNonASCII(s string) bool {
	for i := strings.IndexByte(s, '%'); i >= 0 && i+2 < len(s); {
		if strings.IndexByte("89abcdefABCDEF", s[i+1]) >= 0 {
			return true
		}
		j := strings.IndexByte(s[i+1:], '%')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// FuzzParseIRI checks ParseIRI against the recognizer built from the ABNF
// of RFC 3987 section 2.2 and, for every IRI it accepts, the mappings of
// sections 3.1 and 3.2: ToURI gives a URI that Parse reads into the same
// components the mapping wrote, ToIRI of that gives s back when s holds
// no percent-encoded UTF-8 (an IRI holds no bidi formatting character, so
// those never stay encoded), and Normalize is idempotent and gives an IRI.
func FuzzParseIRI(f *testing.F) {
	f.Add("https://例え.jp/パス")                               // the example
	f.Add("http://r\u00e9sum\u00e9.example.org")            // RFC 3987 section 3.1
	f.Add("http://www.example.org/red%09ros\u00e9#red")     // section 3.1: existing triplets stay
	f.Add("http://example.com/\U00010300\U00010301")        // four-byte characters
	f.Add("http://www.example.org/D%C3%BCrst")              // section 3.2: ToIRI decodes it
	f.Add("http://xn--99zt52a.example.org/%e2%80%ae")       // section 3.2: a bidi character stays encoded
	f.Add("?\ue000#\ue000")                                 // iprivate: the query alone holds it
	f.Add("/\u200e")                                        // section 4.1: a bidi formatting character
	f.Add("//ü:ü@ü:80/ü?ü#ü")                               // every component
	f.Add("ü:a")                                            // a colon in a first segment, after a character
	f.Add("/\xed\xa0\x80\xc0\xaf\xe4\xbe")                  // a surrogate, an overlong form, a truncation
	f.Add("http://[::1]/é%C3%A9")                           // an IP-literal, a character and its encoding
	f.Add("https://example.com/aaaaaaaaaaaaaaaaaaaaaé/ü?é") // runs around characters
	f.Fuzz(func(t *testing.T, s string) {
		i, err := uri.ParseIRI(s)
		ref, ok := reference.MatchIRI(s)
		if ok != (err == nil) {
			t.Fatalf("ParseIRI(%q): %v; the reference recognizer accepts it: %v", s, err, ok)
		}
		if err != nil {
			var e *uri.Error
			if !errors.As(err, &e) || e.Op != "parse iri" || e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("ParseIRI(%q): %v is not an *Error with an offset", s, err)
			}
			if _, err := uri.ParseIRI(s[:e.Offset]); err != nil && err.(*uri.Error).Offset != e.Offset && !earlierPort(err.(*uri.Error), e) {
				t.Fatalf("ParseIRI(%q) fails at %d, but its prefix fails earlier: %v", s, e.Offset, err)
			}
			return
		}
		if diff := cmp.Diff(ref, partsOfIRI(i)); diff != "" {
			t.Fatalf("ParseIRI(%q) mismatch (-reference +ParseIRI):\n%s", s, diff)
		}
		u := i.ToURI()
		p, err := uri.Parse(u.String())
		if err != nil {
			t.Fatalf("ToURI(%q) = %q, which Parse rejects: %v", s, u, err)
		}
		if diff := cmp.Diff(partsOf(p), partsOf(u)); diff != "" {
			t.Fatalf("ToURI(%q) components mismatch (-Parse +ToURI):\n%s", s, diff)
		}
		back := u.ToIRI()
		if !encodesNonASCII(s) && back != i {
			t.Fatalf("ToIRI(ToURI(%q)) = %q", s, back)
		}
		if again := back.ToURI().String(); !strings.EqualFold(again, u.String()) {
			t.Fatalf("ToURI(ToIRI(%q)) = %q, want it but for case", u, again)
		}
		n := i.Normalize()
		if _, err := uri.ParseIRI(n.String()); err != nil {
			t.Fatalf("Normalize(%q) = %q, which ParseIRI rejects: %v", s, n, err)
		}
		if nn := n.Normalize(); nn != n {
			t.Fatalf("Normalize(%q) = %q, and again %q", s, n, nn)
		}
	})
}
