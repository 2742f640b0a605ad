package canon_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri/canon"
)

// TestSafeBrowsingExpressions runs the examples of the Safe Browsing API's
// "URLs and Hashing" page, section Suffix/Prefix Expressions.
func TestSafeBrowsingExpressions(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"http://a.b.c/1/2.html?param=1", []string{
			"a.b.c/1/2.html?param=1", "a.b.c/1/2.html", "a.b.c/", "a.b.c/1/",
			"b.c/1/2.html?param=1", "b.c/1/2.html", "b.c/", "b.c/1/"}},
		{"http://a.b.c.d.e.f.g/1.html", []string{
			"a.b.c.d.e.f.g/1.html", "a.b.c.d.e.f.g/",
			"c.d.e.f.g/1.html", "c.d.e.f.g/", "d.e.f.g/1.html", "d.e.f.g/",
			"e.f.g/1.html", "e.f.g/", "f.g/1.html", "f.g/"}},
		{"http://1.2.3.4/1/", []string{"1.2.3.4/1/", "1.2.3.4/"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := canon.SafeBrowsingExpressions(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("SafeBrowsingExpressions(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
