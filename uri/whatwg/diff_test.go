package whatwg_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri/whatwg"
)

func TestDiff(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"https://example.com/a?b#c", nil},
		{"HTTP://Example.COM:80/a/../b", []string{"scheme", "host", "port", "path"}},
		{"http:evil.com/x", []string{"host", "path"}},
		{"http://0x7f.1/", []string{"host"}},
		{"http://a/b c", []string{"error"}},
		{"foo://%zz", []string{"error"}},
		{"http://a/%2e%2e/admin", []string{"path"}},
		{"file:", []string{"host", "path"}},
		{"http://a", []string{"path"}},
		{"no scheme", nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			d := whatwg.Diff(tt.in)
			if diff := cmp.Diff(tt.want, d.Differ()); diff != "" {
				t.Errorf("Diff(%q).Differ() (-want +got):\n%s\n%s", tt.in, diff, d)
			}
		})
	}
}
