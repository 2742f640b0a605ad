package canon_test

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri/canon"
)

// TestHeritrixVectors runs testdata/canon/heritrix_surtprefix.tsv, the
// vectors of Heritrix's SURTTest and SurtPrefixSetTest.
func TestHeritrixVectors(t *testing.T) {
	f, err := os.Open("../../testdata/canon/heritrix_surtprefix.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var setLines []string
	type check struct{ kind, in, want string }
	var checks []check
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		kind, rest, _ := strings.Cut(line, "\t")
		if kind == "set" {
			setLines = append(setLines, rest)
			continue
		}
		in, want, ok := strings.Cut(rest, "\t")
		if !ok {
			t.Fatalf("line %q: want 3 fields", line)
		}
		checks = append(checks, check{kind, in, want})
	}
	var misc canon.SURTPrefixSet
	if err := misc.ImportSURTs(strings.NewReader(strings.Join(setLines, "\n"))); err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, c := range checks {
		counts[c.kind]++
		t.Run(c.kind+" "+c.in, func(t *testing.T) {
			var got string
			switch c.kind {
			case "surt":
				got = canon.HeritrixSURT(c.in)
			case "prefix":
				// As the test's makeSurtPrefix: a set of one seed.
				var s canon.SURTPrefixSet
				if err := s.ImportSeeds(strings.NewReader(c.in)); err != nil {
					t.Fatal(err)
				}
				got = strings.Join(s.Prefixes(), " ")
			case "contains":
				got = boolString(misc.Contains(c.in))
			case "inscope":
				got = boolString(misc.ContainsPrefixOf(canon.HeritrixSURT(c.in)))
				if rule := boolString(misc.InScope(c.in)); rule != got {
					t.Errorf("InScope(%q) = %s, ContainsPrefixOf its SURT = %s", c.in, rule, got)
				}
			default:
				t.Fatalf("unknown kind %q", c.kind)
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("%s(%q) (-want +got):\n%s", c.kind, c.in, diff)
			}
		})
	}
	want := map[string]int{"surt": 8, "prefix": 5, "contains": 6, "inscope": 2}
	if diff := cmp.Diff(want, counts); diff != "" {
		t.Errorf("vector counts (-want +got):\n%s", diff)
	}
}

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// TestHeritrixSURTEdges pins the behaviour of Heritrix's splitter on inputs
// its tests leave out, worked out from its regular expression.
func TestHeritrixSURTEdges(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"dns:example.com", "dns:example.com"},               // no "://"
		{"http://a b/", "http://a b/"},                       // white space: no match
		{"http://", "http://"},                               // no host
		{"http://A.B./X", "http://(b.,a,)/x"},                // a trailing dot stays on the first label
		{"http://a:8x/", "http://(a:8x,)/"},                  // ":8x" is no port: the lazy host takes it
		{"http://u@", "http://(u@,)"},                        // "@" with nothing after is host
		{"http://1.2.3.4:80/p?Q", "http://(1.2.3.4:80)/p?q"}, // dotted quad kept, port
		{"http://1.2.3.4.5/", "http://(5,4,3,2,1,)/"},        // not a dotted quad
	} {
		t.Run(tc.in, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, canon.HeritrixSURT(tc.in)); diff != "" {
				t.Errorf("HeritrixSURT(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestSURTPrefixSetAdd checks the invariant that no entry prefixes another,
// whatever the order of additions.
func TestSURTPrefixSetAdd(t *testing.T) {
	var s canon.SURTPrefixSet
	for _, p := range []string{"http://(is,bok,www", "http://(org,", "http://(is,bok,", "http://(is,", "http://(org,a,"} {
		s.Add(p)
	}
	if diff := cmp.Diff([]string{"http://(is,", "http://(org,"}, s.Prefixes()); diff != "" {
		t.Errorf("Prefixes (-want +got):\n%s", diff)
	}
	if s.Add("http://(is,x") {
		t.Error("Add of a prefixed entry reported true")
	}
}

func ExampleSURTPrefixSet() {
	var scope canon.SURTPrefixSet
	scope.AddSeed("https://www.archive.org/details/") // this host, under /details/
	scope.AddSeed("example.org")                      // this host and its subdomains
	fmt.Println(scope.Prefixes())
	for _, u := range []string{
		"http://www.archive.org/details/x",
		"http://www.archive.org/about",
		"http://docs.example.org/a",
		"http://example.com/",
	} {
		fmt.Println(u, scope.InScope(u))
	}
	// Output:
	// [http://(org,archive,www,)/details/ http://(org,example,]
	// http://www.archive.org/details/x true
	// http://www.archive.org/about false
	// http://docs.example.org/a true
	// http://example.com/ false
}
