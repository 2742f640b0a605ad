package whatwg_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri/whatwg"
)

// readWPT decodes testdata/wpt/name, a file of the web-platform-tests.
func readWPT(t testing.TB, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "wpt", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// urlCase is a case of urltestdata.json.
type urlCase struct {
	Input    string  `json:"input"`
	Base     *string `json:"base"`
	Failure  bool    `json:"failure"`
	Href     string  `json:"href"`
	Origin   *string `json:"origin"`
	Protocol string  `json:"protocol"`
	Username string  `json:"username"`
	Password string  `json:"password"`
	Host     string  `json:"host"`
	Hostname string  `json:"hostname"`
	Port     string  `json:"port"`
	Pathname string  `json:"pathname"`
	Search   string  `json:"search"`
	Hash     string  `json:"hash"`
}

// readURLCases returns the cases of urltestdata.json, skipping its
// comments.
func readURLCases(t testing.TB) []urlCase {
	var raw []json.RawMessage
	readWPT(t, "urltestdata.json", &raw)
	var cases []urlCase
	for _, m := range raw {
		if len(m) > 0 && m[0] == '"' {
			continue
		}
		var c urlCase
		if err := json.Unmarshal(m, &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// components returns what the URL API's getters return.
func components(u whatwg.URL) urlCase {
	return urlCase{
		Href: u.Href(), Protocol: u.Protocol(), Username: u.Username(), Password: u.Password(),
		Host: u.Host(), Hostname: u.Hostname(), Port: u.Port(), Pathname: u.Pathname(),
		Search: u.Search(), Hash: u.Hash(),
	}
}

func parseWithBase(input string, base *string) (whatwg.URL, error) {
	if base == nil {
		return whatwg.Parse(input)
	}
	b, err := whatwg.Parse(*base)
	if err != nil {
		return whatwg.URL{}, err
	}
	return b.Parse(input)
}

func TestURLTestData(t *testing.T) {
	cases := readURLCases(t)
	if len(cases) != 891 {
		t.Errorf("urltestdata.json has %d cases, want 891", len(cases))
	}
	for i, c := range cases {
		name := c.Input
		if c.Base != nil {
			name += " against " + *c.Base
		}
		t.Run(name, func(t *testing.T) {
			u, err := parseWithBase(c.Input, c.Base)
			if c.Base == nil {
				if got := whatwg.CanParse(c.Input); got != !c.Failure {
					t.Errorf("case %d: CanParse = %v", i, got)
				}
			}
			if c.Failure {
				if err == nil {
					t.Fatalf("case %d: Parse = %q, want failure", i, u.Href())
				}
				return
			}
			if err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			want := c
			want.Input, want.Base, want.Origin = "", nil, nil
			if diff := cmp.Diff(want, components(u)); diff != "" {
				t.Errorf("case %d (-want +got):\n%s", i, diff)
			}
			if c.Origin != nil {
				if got := u.Origin(); got != *c.Origin {
					t.Errorf("case %d: Origin = %q, want %q", i, got, *c.Origin)
				}
			}
			// The href is a fixed point.
			v, err := whatwg.Parse(u.Href())
			if err != nil || v != u {
				t.Errorf("case %d: Parse(%q) = %#v, %v; want the same URL", i, u.Href(), v, err)
			}
		})
	}
}
