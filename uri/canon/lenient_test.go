package canon_test

import (
	"testing"

	"github.com/urilabs/rfc3986/uri/canon"
)

// TestCanonicalizeLenient runs surt's Google vectors whose input RFC 3986
// refuses and the URL Standard reads (test_surt.py, test_GoogleURLCanonicalizer),
// and bytes the URL Standard keeps raw where RFC 3986 refuses them, with a
// profile that reads RFC 3986.
func TestCanonicalizeLenient(t *testing.T) {
	tests := []struct{ in, want string }{
		{"  http://www.google.com/  ", "http://www.google.com/"},
		{"http://www.google.com/foo\tbar\rbaz\n2", "http://www.google.com/foobarbaz2"},
		{"http://www.GOOgle.com/", "http://www.google.com/"},
		{"HTTP://www.google.com:80", "http://www.google.com/"},
		// The URL Standard keeps "|" and "^" raw in a path; RFC 3986 does not.
		{"http://a.com/x|y^z", "http://a.com/x%7Cy%5Ez"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := canon.Nutch.CanonicalizeLenient(tt.in)
			if err != nil || got != tt.want {
				t.Errorf("CanonicalizeLenient(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
		})
	}
	if _, err := canon.Nutch.CanonicalizeLenient("http://exa mple.com/"); err == nil {
		t.Error("Nutch.CanonicalizeLenient accepted a space in a host")
	}
	// A profile that reads as its references do accepts it, as they do.
	if got, err := canon.Google.CanonicalizeLenient("http://exa mple.com/"); err != nil || got != "http://exa%20mple.com/" {
		t.Errorf("Google.CanonicalizeLenient(%q) = %q, %v; want %q", "http://exa mple.com/", got, err, "http://exa%20mple.com/")
	}
}
