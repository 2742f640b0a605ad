package canon_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/urilabs/rfc3986/uri/canon"
)

// TestStripQuerySessionIDCase pins the key matching to strings.ToLower's
// rules: ASCII keys fold as ASCII, and only what lowers to a session key
// matches ("ſ" folds to "s" but does not lower to it).
func TestStripQuerySessionIDCase(t *testing.T) {
	id32 := strings.Repeat("a1", 16)
	id24 := strings.Repeat("ab", 12)
	for _, tc := range []struct{ in, want string }{
		{"a=1&JSESSIONID=" + id32 + "&b=2", "a=1&b=2"},
		{"SID=" + id32, ""},
		{"ſid=" + id32, "ſid=" + id32},
		{"ASPSESSIONIDQQQQQQQQ=" + id24 + "&x", "x"},
		{"ASPSESSIONIDQQQQQQQQQ=" + id24, "ASPSESSIONIDQQQQQQQQQ=" + id24}, // 21 letters
		{"CFID=1&CFTOKEN=2&z", "z"},
		{"cfid=1&cftokex=2", "cfid=1&cftokex=2"},
		{"q=1&r=2", "q=1&r=2"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, canon.Helpers["stripQuerySessionID"](tc.in)); diff != "" {
				t.Errorf("stripQuerySessionID(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}
