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
