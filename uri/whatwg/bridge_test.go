package whatwg_test

import (
	"testing"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/whatwg"
)

func TestURIBridge(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://example.com/search?q=a b", "https://example.com/search?q=a%20b"},
		{"https://example.com/files/{id}", "https://example.com/files/%7Bid%7D"},
		{"http://example.com\\a\\b", "http://example.com/a/b"},
		{"http://a/p|q^r?x=[1]|`#f#g", "http://a/p%7Cq%5Er?x=%5B1%5D%7C%60#f%23g"},
		{"http://a/%zz?%&#%", "http://a/%25zz?%25&#%25"},
		{"foo://h{x}/", "foo://h%7Bx%7D/"},
		{"http://a{b}/", "http://a%7Bb%7D/"},
		{"mailto:a b\\c", "mailto:a%20b%5Cc"},
		{"http://u%:p@h/", "http://u%25:p@h/"},
		{"http://[::1]/", "http://[::1]/"},
		{"http://example.com/", "http://example.com/"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := whatwg.Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := u.URI().String(); got != tt.want {
				t.Errorf("Parse(%q).URI() = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestURIBridgeWPT holds the bridge to its promise over every URL that
// WPT's inputs, and the setters' results, make: the URI parses, and it
// is the href with only percent-encodings added.
func TestURIBridgeWPT(t *testing.T) {
	for _, c := range readURLCases(t) {
		u, err := parseWithBase(c.Input, c.Base)
		if err != nil {
			continue
		}
		checkBridge(t, u)
	}
}

func checkBridge(t *testing.T, u whatwg.URL) {
	t.Helper()
	v := u.URI()
	if _, err := uri.Parse(v.String()); err != nil || v.String() == "" {
		t.Errorf("Parse(%q).URI() = %q, which does not parse: %v", u.Href(), v.String(), err)
		return
	}
	// Decoding what was added gives the href back.
	if got := whatwg.PercentDecode(v.String()); got != whatwg.PercentDecode(u.Href()) {
		t.Errorf("Parse(%q).URI() = %q, which decodes to %q", u.Href(), v.String(), got)
	}
}

// FuzzBridge holds every URL the parser makes to the bridge's promise
// (its URI parses, and decodes to what the href decodes to), and to the
// serializer's: the href parses back as the same URL.
func FuzzBridge(f *testing.F) {
	for _, c := range readURLCases(f) {
		f.Add(c.Input)
	}
	f.Add("http://a/{b}|c^d?e`f#g#h")
	f.Fuzz(func(t *testing.T, s string) {
		u, err := whatwg.Parse(s)
		if err != nil {
			if whatwg.CanParse(s) {
				t.Fatalf("CanParse(%q) = true, but Parse fails: %v", s, err)
			}
			return
		}
		if !whatwg.CanParse(s) {
			t.Fatalf("CanParse(%q) = false, but Parse gives %q", s, u.Href())
		}
		checkBridge(t, u)
		v, err := whatwg.Parse(u.Href())
		if err != nil || v != u {
			t.Fatalf("Parse(%q) = %q; Parse of that = %#v, %v", s, u.Href(), v, err)
		}
	})
}
