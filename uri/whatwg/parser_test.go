package whatwg_test

import (
	"testing"

	"github.com/urilabs/rfc3986/uri/whatwg"
)

// TestClean covers the input's cleaning where WPT's files do not: tabs and
// newlines after a byte beyond ASCII, and bytes that are not UTF-8.
func TestClean(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://a/é\tb", "http://a/%C3%A9b"},
		{"http://a/é\n\r\tb", "http://a/%C3%A9b"},
		{" \x00http://a/b\x1f ", "http://a/b"},
		{"http://a/\xffb", "http://a/%EF%BF%BDb"},
		{"http://a/\xf0\xac/", "http://a/%EF%BF%BD/"},
		{"http://a/é\xffb\tc", "http://a/%C3%A9%EF%BF%BDbc"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := whatwg.Parse(tt.in)
			if err != nil || u.Href() != tt.want {
				t.Errorf("Parse(%q) = %q, %v; want %q", tt.in, u.Href(), err, tt.want)
			}
		})
	}
}

// TestZeroURL: the zero URL answers its getters with "", is no base, and
// setters other than SetHref leave it as it is.
func TestZeroURL(t *testing.T) {
	var u whatwg.URL
	if u.Href() != "" || u.Hostname() != "" || u.Pathname() != "" || u.Search() != "" || u.Hash() != "" || u.Origin() != "null" {
		t.Errorf("zero URL: %#v", u)
	}
	if _, err := u.Parse("/a"); err == nil {
		t.Error("the zero URL resolved a relative reference")
	}
	if v, err := u.Parse("http://a/b"); err != nil || v.Href() != "http://a/b" {
		t.Errorf("Parse(http://a/b) against the zero URL = %q, %v", v.Href(), err)
	}
	u.SetHost("a")
	u.SetSearch("q")
	if u != (whatwg.URL{}) {
		t.Errorf("setters changed the zero URL: %#v", u)
	}
	if err := u.SetHref("http://a/"); err != nil || u.Href() != "http://a/" {
		t.Errorf("SetHref: %q, %v", u.Href(), err)
	}
}

// TestCanParseAllocs: CanParse allocates nothing, on the fast path and on
// the state machine's, over the web corpus (every 16th line) and inputs
// that the state machine fixes up.
func TestCanParseAllocs(t *testing.T) {
	lines := readLines(t, "web_urls.txt")
	var inputs []string
	for i := 0; i < len(lines); i += 16 {
		inputs = append(inputs, lines[i])
	}
	inputs = append(inputs, "HTTP://EXAMPLE.com:80/a/../b c?d e#f g", "http:\\\\a\\b", "http://0x7f.1/", "http://[::1.2.3.4]/", "foo://u:p@h:1/%zz", "http://a b/", "file:///C|/x/../..")
	allocs := testing.AllocsPerRun(5, func() {
		for _, s := range inputs {
			whatwg.CanParse(s)
		}
	})
	if allocs != 0 {
		t.Errorf("CanParse allocates %v times over %d inputs, want 0", allocs, len(inputs))
	}
}
