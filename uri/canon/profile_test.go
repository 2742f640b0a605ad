package canon_test

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri/canon"
)

// TestCanonicalizeReading holds the surt family's reading of a line (see
// Profile.Canonicalize) and the strict reading of the others, errors
// included.
func TestCanonicalizeReading(t *testing.T) {
	tests := []struct {
		profile canon.Profile
		in      string
		want    string // "!" and the error's text for an error
	}{
		{canon.Google, "www.google.com/", "http://www.google.com/"},
		{canon.IA, "www.google.com/", "http://google.com/"},
		{canon.Ordinary, "www.google.com/", "http://www.google.com/"},
		{canon.Google, "\n http://examp\u2028le.org/\u0085 \t", "http://example.org/"},
		{canon.Google, "http://a b.example/ c d?e f#g h", "http://a%20b.example/%20c%20d?e%20f"},
		{canon.Google, "Http://example.com", "Http://example.com/"},
		{canon.IA, "Http://example.com", "http://example.com/"},
		{canon.Ordinary, "HTTP://Example.COM:80/A?", "http://example.com/A"},
		{canon.Google, "http://us er@example.com/", "http://us%20er@example.com/"},
		{canon.Google, "http://https://a.example/", "https://a.example/"},
		{canon.Google, "http:////a.example/x", "http://a.example/x"},
		{canon.Google, "http:///a.example/x", "http:///a.example/x"},
		{canon.Google, "http://[2001:DB8::1]:080/", "http://[2001:db8::1]:80/"},
		{canon.Google, "http://a.example:8x/", `!uri: canon.google "http://a.example:8x/": invalid port: unexpected 'x' at offset 18 in port`},
		{canon.IA, "dns:www.archive.org", "dns:www.archive.org"},
		{canon.IA, "dns:b\u00fccher.ch", `!uri: canon.ia "dns:bücher.ch": invalid character '\xc3' at offset 5 in path`},
		{canon.RFC3986, "www.google.com/", "www.google.com/"},
		{canon.Nutch, "www.google.com/", `!uri: canon.nutch "www.google.com/": canon: URL has no scheme at offset 0`},
		{canon.Nutch, "HTTP://a.example", "http://a.example/"},
		{canon.StormCrawler, "http://a b/", `!uri: parse "http://a b/": invalid character ' ' at offset 8 in host`},
	}
	for _, tt := range tests {
		t.Run(tt.profile.Name+" "+tt.in, func(t *testing.T) {
			got, err := tt.profile.Canonicalize(tt.in)
			if err != nil {
				got = "!" + err.Error()
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s.Canonicalize(%q) mismatch (-want +got):\n%s", tt.profile.Name, tt.in, diff)
			}
		})
	}
}

// TestKeepQueryCase: the query keeps its case and its encodings' case,
// the path is lowered still; a profile without lower-all is unchanged.
func TestKeepQueryCase(t *testing.T) {
	tests := []struct {
		profile canon.Profile
		in      string
		want    string
	}{
		{canon.IA.KeepQueryCase(), "http://Example.com/FOO?X=Y&B=%C3%A9", "http://example.com/foo?B=%C3%A9&X=Y"},
		{canon.IA, "http://Example.com/FOO?X=Y&B=%C3%A9", "http://example.com/foo?b=%c3%a9&x=y"},
		{canon.Google.KeepQueryCase(), "http://Example.com/FOO?X=Y", "http://example.com/FOO?X=Y"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := tt.profile.Canonicalize(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s.Canonicalize(%q) mismatch (-want +got):\n%s", tt.profile.Name, tt.in, diff)
			}
		})
	}
	var names []string
	for _, st := range canon.IA.KeepQueryCase().Steps {
		names = append(names, st.Name)
	}
	if s := strings.Join(names, " "); !strings.Contains(s, "lower-host-path") || strings.Contains(s, "lower-all") {
		t.Errorf("IA.KeepQueryCase().Steps = %s, want lower-host-path in place of lower-all", s)
	}
}

func TestProfileNames(t *testing.T) {
	want := []string{"rfc3986", "google", "ia", "ordinary", "nutch", "stormcrawler"}
	if diff := cmp.Diff(want, canon.ProfileNames()); diff != "" {
		t.Errorf("ProfileNames() mismatch (-want +got):\n%s", diff)
	}
	for _, name := range want {
		if p, ok := canon.ProfileByName(name); !ok || p.Name != name {
			t.Errorf("ProfileByName(%q) = %q, %v", name, p.Name, ok)
		}
	}
	if _, ok := canon.ProfileByName("nope"); ok {
		t.Errorf("ProfileByName(%q) found a profile", "nope")
	}
	if canon.DefaultProfile.Name != "ia" {
		t.Errorf("DefaultProfile is %q, want ia", canon.DefaultProfile.Name)
	}
}

// TestDocsProfiles holds the profile table of docs/crawl.md to the
// profiles: each profile has its row, and the row lists its steps.
func TestDocsProfiles(t *testing.T) {
	doc, err := os.ReadFile("../../docs/crawl.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(doc), "\n") {
		cells := strings.Split(line, " | ")
		if len(cells) == 3 && strings.HasPrefix(cells[0], "| `") {
			rows[strings.Trim(cells[0], "| `")] = strings.TrimSuffix(cells[2], " |")
		}
	}
	for _, p := range canon.Profiles {
		var names []string
		for _, st := range p.Steps {
			names = append(names, st.Name)
		}
		want := strings.Join(names, ", ")
		if p.Name == canon.RFC3986.Name {
			want = "`uri.Normalize`"
		}
		got, ok := rows[p.Name]
		if !ok {
			t.Errorf("docs/crawl.md has no row for the profile %s", p.Name)
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("docs/crawl.md's steps of %s mismatch (-want +got):\n%s", p.Name, diff)
		}
	}
}
