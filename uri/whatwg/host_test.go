package whatwg_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/urilabs/rfc3986/uri/whatwg"
)

// hostCase is a case of toascii.json and IdnaTestV2.json: output null is
// a failure.
type hostCase struct {
	Comment string  `json:"comment"`
	Input   string  `json:"input"`
	Output  *string `json:"output"`
}

func readHostCases(t *testing.T, name string) []hostCase {
	var raw []json.RawMessage
	readWPT(t, name, &raw)
	var cases []hostCase
	for _, m := range raw {
		if len(m) > 0 && m[0] == '"' {
			continue
		}
		var c hostCase
		if err := json.Unmarshal(m, &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// checkHostViaURL is the test of WPT's toascii.window.js and
// IdnaTestV2.window.js: the host of new URL("https://" + input + "/x").
func checkHostViaURL(t *testing.T, c hostCase) {
	t.Helper()
	u, err := whatwg.Parse("https://" + c.Input + "/x")
	if c.Output == nil {
		if err == nil {
			t.Errorf("Parse(https://%s/x) = %q, want failure", c.Input, u.Href())
		}
		return
	}
	if err != nil {
		t.Fatalf("Parse(https://%s/x): %v", c.Input, err)
	}
	if u.Host() != *c.Output || u.Hostname() != *c.Output || u.Pathname() != "/x" || u.Href() != "https://"+*c.Output+"/x" {
		t.Errorf("Parse(https://%s/x) = %q, host %q; want host %q", c.Input, u.Href(), u.Host(), *c.Output)
	}
}

func TestToASCII(t *testing.T) {
	cases := readHostCases(t, "toascii.json")
	if len(cases) != 87 {
		t.Errorf("toascii.json has %d cases, want 87", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Input, func(t *testing.T) {
			checkHostViaURL(t, c)
			want := "x"
			if c.Output != nil {
				want = *c.Output
			}
			u := whatwg.MustParse("https://x/x")
			u.SetHost(c.Input)
			if u.Host() != want {
				t.Errorf("SetHost(%q): host %q, want %q", c.Input, u.Host(), want)
			}
			u = whatwg.MustParse("https://x/x")
			u.SetHostname(c.Input)
			if u.Hostname() != want {
				t.Errorf("SetHostname(%q): hostname %q, want %q", c.Input, u.Hostname(), want)
			}
		})
	}
}

// TestIdnaTestV2 runs WPT's UTS #46 cases through the host parser, as
// IdnaTestV2.window.js does.
func TestIdnaTestV2(t *testing.T) {
	cases := readHostCases(t, "IdnaTestV2.json")
	if len(cases) != 2671 {
		t.Errorf("IdnaTestV2.json has %d cases, want 2671", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Input, func(t *testing.T) {
			if c.Input == "" {
				t.Skip("WPT's harness skips this row: an empty domain cannot be tested through new URL()")
			}
			checkHostViaURL(t, c)
		})
	}
}

// TestPercentEncoding runs percent-encoding.json as WPT's
// percent-encoding.window.js does: the fragment of
// "https://doesnotmatter.invalid/?" + input + "#" + input is always
// encoded from UTF-8, and the query from the document's encoding.
func TestPercentEncoding(t *testing.T) {
	type encCase struct {
		Input  string            `json:"input"`
		Output map[string]string `json:"output"`
	}
	var raw []json.RawMessage
	readWPT(t, "percent-encoding.json", &raw)
	var cases []encCase
	for _, m := range raw {
		if len(m) > 0 && m[0] == '"' {
			continue
		}
		var c encCase
		if err := json.Unmarshal(m, &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	if len(cases) != 7 {
		t.Errorf("percent-encoding.json has %d cases, want 7", len(cases))
	}
	for _, c := range cases {
		for enc, out := range c.Output {
			t.Run(c.Input+"/"+enc, func(t *testing.T) {
				u, err := whatwg.Parse("https://doesnotmatter.invalid/?" + c.Input + "#" + c.Input)
				if err != nil {
					t.Fatal(err)
				}
				if want := "#" + c.Output["utf-8"]; u.Hash() != want {
					t.Errorf("hash %q, want %q", u.Hash(), want)
				}
				if enc != "utf-8" {
					t.Skipf("the fragment is checked; the query in %s is not: a URL parsed with an encoding other than UTF-8 is a document's (<a href>), and URL(), like this package, encodes from UTF-8 only", enc)
				}
				if want := "?" + out; u.Search() != want {
					t.Errorf("search %q, want %q", u.Search(), want)
				}
			})
		}
	}
}

// TestHostNormalizationVersion holds the host parser to the Standard's
// reference implementation (whatwg-url 17.3.0, whose answers the table
// copies: with tr46 6.0.0, of Unicode 17.0.0, and 7.0.0 alike) where
// normalizing with an older Unicode version than the mapping's
// parts from it: a composition Unicode 16 added (U+105D2 U+0307 is
// U+105C9) gives one host for the decomposed and the composed form, and
// the Punycode of a decomposed form (U+11382 U+113C9, which compose to
// U+11383) after a Unicode label is refused, as a decoded label not in
// NFC. "" is failure.
func TestHostNormalizationVersion(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"decomposed", "http://\U000105d2\u0307/", "http://xn--ev8c/"},
		{"composed", "http://\U000105c9/", "http://xn--ev8c/"},
		{"Punycode of a decomposed form after a Unicode label", "http://\u00e9.xn--rq1dwe/", ""},
		{"Punycode of the composed form after a Unicode label", "http://\u00e9.xn--sq1d/", "http://xn--9ca.xn--sq1d/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			u, err := whatwg.Parse(tt.in)
			if err == nil {
				got = u.Href()
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Parse(%+q) mismatch (-want +got):\n%s (error %v)", tt.in, diff, err)
			}
			if tt.want == "" {
				wantErr := "whatwg: parse \"" + tt.in + "\": domain to ASCII (UTS #46) failed at offset 7"
				if err == nil || err.Error() != wantErr {
					t.Errorf("Parse(%+q) error %v, want %q", tt.in, err, wantErr)
				}
			}
		})
	}
}
