package psl_test

import (
	"bufio"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/internal/testenv"
	"github.com/urilabs/rfc3986/uri/canon/psl"
)

var checkLine = regexp.MustCompile(`^checkPublicSuffix\((null|'[^']*'), (null|'[^']*')\);$`)

// TestPSL runs the list project's own tests (testdata/psl/test_psl.txt):
// the registrable domain of each input under all the rules, null for none.
// The test harness lower-cases ASCII input, as the file's "Mixed case" cases ask.
func TestPSL(t *testing.T) {
	f, err := os.Open("../../../testdata/psl/test_psl.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		m := checkLine.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("unreadable line %q", line)
		}
		in, want := unquote(m[1]), unquote(m[2])
		n++
		t.Run(in, func(t *testing.T) {
			got := psl.RegistrableDomain(strings.ToLower(in))
			if got != want {
				t.Errorf("RegistrableDomain(%q) = %q, want %q", in, got, want)
			}
		})
	}
	if n != 78 {
		t.Errorf("ran %d vectors, want the file's 78", n)
	}
}

func unquote(s string) string {
	if s == "null" {
		return ""
	}
	return s[1 : len(s)-1]
}

func TestSuffixes(t *testing.T) {
	type result struct {
		Public, ICANN, ICANNDomain, Private, PrivateDomain string
		IsICANN                                            bool
	}
	tests := []struct {
		in   string
		want result
	}{
		{"www.example.com", result{"com", "com", "example.com", "com", "example.com", true}},
		{"foo.blogspot.com", result{"blogspot.com", "com", "blogspot.com", "blogspot.com", "foo.blogspot.com", false}},
		{"blogspot.com", result{"blogspot.com", "com", "blogspot.com", "blogspot.com", "", false}},
		{"www.example.example", result{"example", "", "", "", "", false}},
		{"a.b.c.kobe.jp", result{"c.kobe.jp", "c.kobe.jp", "b.c.kobe.jp", "c.kobe.jp", "b.c.kobe.jp", true}},
		{"www.city.kobe.jp", result{"kobe.jp", "kobe.jp", "city.kobe.jp", "kobe.jp", "city.kobe.jp", true}},
		{"bbc.co.uk", result{"co.uk", "co.uk", "bbc.co.uk", "co.uk", "bbc.co.uk", true}},
		{"a..com", result{}},
		// An empty label the walk of the labels meets, and one before the
		// label it stops at.
		{"www.example..com", result{}},
		{"c..kobe.jp", result{}},
		{"a..b.example.com", result{}},
		{"x.y..bbc.co.uk", result{}},
		{"x..foo.blogspot.com", result{}},
		{"..example.com", result{}},
		{"example.com.", result{}},
		{"", result{}},
		// IP addresses have no suffix and no domain.
		{"192.168.0.1", result{}},
		{"2001:db8::1", result{}},
		{"[2001:db8::1]", result{}},
		{"::ffff:1.2.3.4", result{}},
		// Names ending in a number are names still.
		{"1.2.3.4.5", result{"5", "", "", "", "", false}},
		{"example.123", result{"123", "", "", "", "", false}},
		// The implicit "*" rule: PublicSuffix applies it, the sections do not.
		{"example.unknowntld", result{"unknowntld", "", "", "", "", false}},
	}
	l := psl.Default()
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var got result
			got.Public, got.IsICANN = l.PublicSuffix(tt.in)
			got.ICANN, got.ICANNDomain = l.ICANNSuffix(tt.in), l.ICANNDomain(tt.in)
			got.Private, got.PrivateDomain = l.PrivateSuffix(tt.in), l.PrivateDomain(tt.in)
			i, id, p, pd := l.Suffixes(tt.in)
			if i != got.ICANN || id != got.ICANNDomain || p != got.Private || pd != got.PrivateDomain {
				t.Errorf("Suffixes(%q) = %q, %q, %q, %q; the single functions give %q, %q, %q, %q",
					tt.in, i, id, p, pd, got.ICANN, got.ICANNDomain, got.Private, got.PrivateDomain)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("suffixes of %q mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestSuffixesOneWalk: Suffixes, which walks a host once for both
// sections, gives what the single functions give, on every suffix the list
// knows under one and two more labels, with wildcards and exceptions
// written out ("*" as a label, "!" dropped).
func TestSuffixesOneWalk(t *testing.T) {
	l := psl.Default()
	n := 0
	for _, name := range psl.TableNames() {
		name = strings.ReplaceAll(strings.TrimPrefix(name, "!"), "*", "w")
		for _, host := range []string{name, "a." + name, "b.a." + name} {
			n++
			i, id, p, pd := l.Suffixes(host)
			wi, wid, wp, wpd := l.ICANNSuffix(host), l.ICANNDomain(host), l.PrivateSuffix(host), l.PrivateDomain(host)
			if i != wi || id != wid || p != wp || pd != wpd {
				t.Errorf("Suffixes(%q) = %q, %q, %q, %q; the single functions give %q, %q, %q, %q",
					host, i, id, p, pd, wi, wid, wp, wpd)
			}
		}
	}
	if n < 30000 {
		t.Errorf("checked %d hosts, want the list's 10,000 suffixes three ways", n)
	}
}

// TestLoadList: a list read at run time replaces the embedded one, sections
// and all.
func TestLoadList(t *testing.T) {
	l, err := psl.LoadList(strings.NewReader("// ===BEGIN ICANN DOMAINS===\nexample\n*.wild.example\n!keep.wild.example\n// ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\nhost.example\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ in, want string }{
		{"a.b.example", "b.example"},
		{"x.y.wild.example", "x.y.wild.example"},
		{"x.keep.wild.example", "keep.wild.example"},
		{"a.b.host.example", "b.host.example"},
		{"www.example.com", "example.com"},
	} {
		if got := l.RegistrableDomain(tt.in); got != tt.want {
			t.Errorf("RegistrableDomain(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := l.ICANNDomain("a.b.host.example"); got != "host.example" {
		t.Errorf("ICANNDomain(a.b.host.example) = %q, want host.example", got)
	}
	i, id, p, pd := l.Suffixes("a.b.host.example")
	if diff := cmp.Diff([]string{"example", "host.example", "host.example", "b.host.example"}, []string{i, id, p, pd}); diff != "" {
		t.Errorf("Suffixes(a.b.host.example) mismatch (-want +got):\n%s", diff)
	}
	if _, err := psl.LoadList(strings.NewReader("a.*.b\n")); err == nil {
		t.Error("LoadList accepted a wildcard inside a rule")
	}
	if _, err := psl.LoadList(strings.NewReader("// nothing\n")); err == nil {
		t.Error("LoadList accepted a list without rules")
	}
}

func TestNoAllocs(t *testing.T) {
	l := psl.Default()
	n := testing.AllocsPerRun(100, func() {
		l.PublicSuffix("www.foo.blogspot.co.uk")
		l.RegistrableDomain("a.b.c.kobe.jp")
		l.ICANNDomain("www.example.com")
	})
	if n != 0 {
		t.Errorf("lookups allocate %v times, want 0", n)
	}
}

// TestTableFresh regenerates table.go from the committed list and fails
// when the generated file is stale.
func TestTableFresh(t *testing.T) {
	testenv.CheckGenerated(t, "table.go", psl.RenderDefaultForTest(t), "./...")
}

// TestRegistrableDomain pins the registrable domain of the hosts the
// sections answer differently for: an IP address has none, and a name under
// no rule has one by the implicit "*" rule, which PrivateDomain does not
// apply.
func TestRegistrableDomain(t *testing.T) {
	tests := []struct {
		in, want, private string
	}{
		{"www.example.com", "example.com", "example.com"},
		{"192.168.0.1", "", ""},
		{"[2001:db8::1]", "", ""},
		{"2001:db8::1", "", ""},
		{"example.unknowntld", "example.unknowntld", ""},
		{"unknowntld", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := psl.RegistrableDomain(tt.in); got != tt.want {
				t.Errorf("RegistrableDomain(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if got := psl.Default().PrivateDomain(tt.in); got != tt.private {
				t.Errorf("PrivateDomain(%q) = %q, want %q", tt.in, got, tt.private)
			}
		})
	}
}
