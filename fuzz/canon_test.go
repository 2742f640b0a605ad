package fuzz

import (
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/canon"
	"github.com/urilabs/rfc3986/uri/canon/psl"
)

// FuzzCanon holds every canonicalization profile, SURT and the host columns
// to their properties: no panic on any input; a profile's output parses as
// a URI and canonicalizes to itself (idempotence); AppendCanonical appends
// what Canonicalize returns; a SURT key is the same whether made from the
// input or from its IA canonical form; canon.AppendKeys gives what the
// IA profile, SURT and Columns give one by one.
func FuzzCanon(f *testing.F) {
	f.Add("http://www.Example.com:80/a/./b/../%7Ec?b=2&a=1#f")                                 // every step has work
	f.Add("http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833") // surt's Google vector
	f.Add("http://www.www.example.com//a//b/")                                                 // repeated www and slashes
	f.Add("http://3279880203/blah")                                                            // one-number IPv4
	f.Add("http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73")                             // IPv4 once decoded
	f.Add("http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&a=1")       // session id
	f.Add("http://a/(S(4hqa0555fwsecu455xqckv45))//x")                                         // ASP.NET session id, then "//"
	f.Add("http://%C3%BCber.example/%2e%2e/x?%26=%3D")                                         // IDN host once decoded
	f.Add("dns:www.archive.org")
	f.Add("mailto:foo@example.com")
	f.Add("http://[::1]:8080/")
	f.Add("http://a..b.example.com/") // an empty label before the suffix
	f.Fuzz(func(t *testing.T, s string) {
		canon.Columns(s)
		l := psl.Default()
		for _, h := range []string{s, strings.ToLower(s)} {
			i, id, p, pd := l.Suffixes(h)
			if wi, wid, wp, wpd := l.ICANNSuffix(h), l.ICANNDomain(h), l.PrivateSuffix(h), l.PrivateDomain(h); i != wi || id != wid || p != wp || pd != wpd {
				t.Fatalf("Suffixes(%q) = %q, %q, %q, %q; the single functions give %q, %q, %q, %q", h, i, id, p, pd, wi, wid, wp, wpd)
			}
		}
		canon.SURT(s, canon.SURTOptions{})
		u, err := uri.Parse(s)
		if err != nil {
			return
		}
		for _, p := range canon.Profiles {
			out, err := p.Canonicalize(s)
			if err != nil {
				continue
			}
			if _, err := uri.Parse(out); err != nil {
				t.Fatalf("%s(%q) = %q, which does not parse: %v", p.Name, s, out, err)
			}
			again, err := p.Canonicalize(out)
			if err != nil || again != out {
				t.Fatalf("%s(%q) = %q, then %q, %v: not idempotent", p.Name, s, out, again, err)
			}
			b, _ := p.AppendCanonical([]byte("x"), s)
			if string(b) != "x"+out {
				t.Fatalf("%s: AppendCanonical(%q) wrote %q, Canonicalize %q", p.Name, s, b[1:], out)
			}
		}
		for _, o := range []canon.SURTOptions{{}, {KeepWWW: true, WithScheme: true}} {
			buf, k, kerr := canon.AppendKeys([]byte("x"), u, o)
			want, werr := canon.IA.AppendCanonicalURI(nil, u)
			if (kerr == nil) != (werr == nil) || string(k.Canonical) != string(want) {
				t.Fatalf("AppendKeys(%q).Canonical = %q, %v; IA gives %q, %v", s, k.Canonical, kerr, want, werr)
			}
			if got, want := string(k.SURT), canon.SURT(s, o); got != want {
				t.Fatalf("AppendKeys(%q, %+v).SURT = %q; SURT gives %q", s, o, got, want)
			}
			c := canon.Columns(u.Host())
			if k.Columns != c || string(k.NameReversed) != c.NameReversed() {
				t.Fatalf("AppendKeys(%q): columns %+v, %q; Columns gives %+v, %q", s, k.Columns, k.NameReversed, c, c.NameReversed())
			}
			if string(buf) != "x"+string(k.Canonical)+string(k.SURT)+string(k.NameReversed) {
				t.Fatalf("AppendKeys(%q) wrote %q", s, buf)
			}
		}
		// SURT keeps a record without a host as it is; with a host, it is
		// made of the IA canonical form.
		// The records are told by a prefix in lower case, as surt does:
		// the IA form, lowered, can be one where the input ("Dns://0") is not.
		record := func(s string) bool {
			for _, p := range []string{"whois:", "filedesc", "warcinfo", "dns:"} {
				if strings.HasPrefix(s, p) {
					return true
				}
			}
			return false
		}
		if ia, err := canon.IA.Canonicalize(s); err == nil && u.Host() != "" && uri.MustParse(ia).Host() != "" && !record(s) && !record(ia) {
			if a, b := canon.SURT(s, canon.SURTOptions{}), canon.SURT(ia, canon.SURTOptions{}); a != b {
				t.Fatalf("SURT(%q) = %q, SURT of its IA form %q = %q", s, a, ia, b)
			}
		}
	})
}
