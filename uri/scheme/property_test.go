package scheme

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/uri"
)

func properties(t *testing.T, n int) *gopter.Properties {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = n
	if testing.Short() {
		params.MinSuccessfulTests = n / 5
	}
	params.Rng.Seed(1)
	return gopter.NewProperties(params)
}

// address generates addr-specs of RFC 5322 as RFC 6068 takes them: a
// dot-atom or a quoted string, whose every character outside qtext is
// quoted with "\", then a dot-atom or a domain literal.
func address() gopter.Gen {
	dotAtom := gen.RegexMatch(`[a-zA-Z0-9!#$%&'*+/=?^_{|}~-]{1,6}(\.[a-zA-Z0-9!#$%&'*+/=?^_{|}~-]{1,4}){0,2}`).WithShrinker(gopter.NoShrinker)
	quoted := gen.AnyString().Map(func(s string) string {
		var b strings.Builder
		b.WriteByte('"')
		for _, r := range s {
			switch {
			case r < ' ' && r != '\t' || r == 0x7F:
				continue // no controls, quoted or not
			case r == ' ' || r == '\t' || r == '"' || r == '\\':
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		}
		b.WriteByte('"')
		return b.String()
	})
	literal := gen.RegexMatch(`\[[!-Z^-~]{0,8}\]`).WithShrinker(gopter.NoShrinker)
	return gopter.CombineGens(gen.OneGenOf(dotAtom, quoted), gen.OneGenOf(dotAtom, literal)).Map(func(vs []any) string {
		return vs[0].(string) + "@" + vs[1].(string)
	})
}

// TestPropertyMailto: every Mailto of addr-specs and of any header fields
// at all builds to a mailto URI that Check accepts and ParseMailto reads
// back as it was.
func TestPropertyMailto(t *testing.T) {
	p := properties(t, 1000)
	header := gopter.CombineGens(gen.AnyString(), gen.AnyString()).Map(func(vs []any) Header {
		return Header{vs[0].(string), vs[1].(string)}
	})
	p.Property("ParseMailto(BuildMailto(m)) is m", prop.ForAll(func(to []string, headers []Header) bool {
		m := Mailto{To: to, Headers: headers}
		if len(m.To) == 0 {
			m.To = nil
		}
		if len(m.Headers) == 0 {
			m.Headers = nil
		}
		u, err := BuildMailto(m)
		if err != nil {
			t.Errorf("BuildMailto(%+v): %v", m, err)
			return false
		}
		if err := Check(u); err != nil {
			t.Errorf("Check(BuildMailto(%+v)) = %v", m, err)
			return false
		}
		got, err := ParseMailto(u)
		if diff := cmp.Diff(m, got); err != nil || diff != "" {
			t.Errorf("ParseMailto(%q) = %v, mismatch (-want +got):\n%s", u, err, diff)
			return false
		}
		return true
	}, gen.SliceOfN(3, address()), gen.SliceOfN(3, header)))
	p.TestingRun(t)
}

// TestPropertyEquivalentURN: a URN is equivalent to itself with the case
// of "urn", of its NID and of the hexadecimal digits of its
// percent-encodings changed, and with any r-, q- and f-components; and
// not to itself with one more byte in its NSS.
func TestPropertyEquivalentURN(t *testing.T) {
	p := properties(t, 1000)
	nid := gen.RegexMatch(`[a-zA-Z0-9][a-zA-Z0-9-]{0,30}[a-zA-Z0-9]`).WithShrinker(gopter.NoShrinker)
	nss := gen.AnyString().Map(func(s string) string { e, _ := uri.Escape(s, uri.Path); return "x" + e })
	component := gen.RegexMatch(`(\?\+[a-z][a-z?]{0,2})?(\?=[a-z][a-z?+]{0,2})?(#[a-z?]{0,3})?`).WithShrinker(gopter.NoShrinker)
	p.Property("EquivalentURN ignores case where RFC 8141 section 3 does", prop.ForAll(func(nid, nss, rqf string, flips uint64) bool {
		a := uri.MustParse("urn:" + nid + ":" + nss)
		// The case of every letter of "urn" and the NID, and of every
		// hexadecimal digit, flipped where flips has a 1.
		b := []byte("URN:" + nid + ":" + nss)
		for i := range b {
			inHex := i >= len("URN:")+len(nid)+1 && (b[i-1] == '%' || b[i-2] == '%')
			if (i < len("URN:")+len(nid) || inHex) && flips>>(i%64)&1 != 0 && ('a' <= b[i]|0x20 && b[i]|0x20 <= 'z') {
				b[i] ^= 0x20
			}
		}
		c := uri.MustParse(string(b) + rqf)
		more := uri.MustParse("urn:" + nid + ":" + nss + "y")
		if !EquivalentURN(a, c) || !EquivalentURN(c, a) || EquivalentURN(a, more) || EquivalentURN(more, c) {
			t.Errorf("EquivalentURN(%q, %q) = %v, and with %q %v", a, c, EquivalentURN(a, c), more, EquivalentURN(a, more))
			return false
		}
		return true
	}, nid, nss, component, gen.UInt64()))
	p.TestingRun(t)
}
