package canon_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/canon"
)

// pieces are the parts a generated URL is made of: what each step has work
// on (case, www, dots, encodings of the delimiters and of "%", session ids,
// ports, empty and repeated pairs).
var (
	schemes    = []string{"http", "HTTPS", "ftp", "ws", "foo"}
	hostParts  = []string{"www", "WWW2", "example", "com", "%31", "%2e", "", "xn--n3h", "%C3%BC", "127", "0x7f", "017", "%25", "a-b", "%23"}
	ports      = []string{"", ":", ":80", ":443", ":8080", ":0080"}
	segments   = []string{"", ".", "..", "%2e", "%2E%2e", "a", "B", "%2F", "%25", "%2525", "%3F", "%23", "(S(4hqa0555fwsecu455xqckv45))", "~", "%7E", "%C3%A9", "%20"}
	queryParts = []string{"", "a=1", "b=2", "a", "=", "jsessionid=0123456789abcdefghijklemopqrstuv", "CFID=1", "CFTOKEN=2", "%26", "%3D", "x=%2541", "?"}
)

func genURL() gopter.Gen {
	pick := func(list []string) gopter.Gen {
		return gen.IntRange(0, len(list)-1).Map(func(i int) string { return list[i] })
	}
	return gopter.CombineGens(
		pick(schemes),
		gen.SliceOfN(3, pick(hostParts)),
		pick(ports),
		gen.SliceOfN(4, pick(segments)),
		gen.SliceOfN(3, pick(queryParts)),
		gen.IntRange(0, 3),
	).Map(func(v []any) string {
		var b strings.Builder
		b.WriteString(v[0].(string))
		b.WriteString("://")
		b.WriteString(strings.Join(v[1].([]string), "."))
		b.WriteString(v[2].(string))
		for _, s := range v[3].([]string) {
			b.WriteString("/" + s)
		}
		switch v[5].(int) {
		case 1:
			b.WriteString("?" + strings.Join(v[4].([]string), "&"))
		case 2:
			b.WriteString("?" + strings.Join(v[4].([]string), "&") + "#frag")
		case 3:
			b.WriteString("?")
		}
		return b.String()
	})
}

// TestIdempotent: every profile's output parses and canonicalizes to itself.
func TestIdempotent(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 2000
	properties := gopter.NewProperties(params)
	for _, p := range canon.Profiles {
		properties.Property(p.Name+" is idempotent", prop.ForAll(func(s string) bool {
			if _, err := uri.Parse(s); err != nil {
				return true // the generator can write an invalid host; Parse is tested elsewhere
			}
			out, err := p.Canonicalize(s)
			if err != nil {
				t.Logf("%s(%q): %v", p.Name, s, err)
				return false
			}
			if _, err := uri.Parse(out); err != nil {
				t.Logf("%s(%q) = %q does not parse: %v", p.Name, s, out, err)
				return false
			}
			again, err := p.Canonicalize(out)
			if err != nil || again != out {
				t.Logf("%s(%q) = %q, then %q", p.Name, s, out, again)
				return false
			}
			return true
		}, genURL()))
	}
	properties.TestingRun(t)
}

// TestAppendKeysProperty: on URLs that give every step work (session ids,
// encodings, www, ports, pairs to sort), AppendKeys gives what the IA
// profile, SURT and Columns give one by one, under each SURT option.
func TestAppendKeysProperty(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 2000
	properties := gopter.NewProperties(params)
	for _, o := range []canon.SURTOptions{{}, {KeepWWW: true}, {WithScheme: true, TrailingComma: true}} {
		properties.Property(fmt.Sprintf("AppendKeys with %+v", o), prop.ForAll(func(s string) bool {
			u, err := uri.Parse(s)
			if err != nil {
				return true
			}
			want, got := separateKeys(u, o), appendKeys(nil, u, o)
			if diff := cmp.Diff(want, got, cmpColumns); diff != "" {
				t.Logf("AppendKeys(%q, %+v) (-functions +AppendKeys):\n%s", s, o, diff)
				return false
			}
			return true
		}, genURL()))
	}
	properties.TestingRun(t)
}
