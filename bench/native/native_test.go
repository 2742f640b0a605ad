//go:build native

package native

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

// verdicts holds whether each parser accepts an input.
type verdicts struct {
	Rfc3986, Uriparser, BoostURL bool
}

// clearCut lists references whose validity RFC 3986 leaves in no doubt: a
// native parser that agrees with uri.Parse on all of them validates its
// input, and a pass over a set of lines times that, not a loop that reads
// nothing.
//
// One input stays in that Boost.URL 1.81 gets wrong: boostBug says why it
// flips that parser's verdict, so that the test holds the bug as known and
// would notice it fixed.
var clearCut = []struct {
	in       string
	valid    bool
	boostBug string
}{
	{in: "http://www.example.com/", valid: true},
	{in: "https://user:pw@example.com:8080/a/b?q=1&r=%C3%A9#frag", valid: true},
	{in: "http://[2001:db8::1]:80/x", valid: true},
	{in: "http://192.0.2.1/", valid: true},
	{in: "mailto:someone@example.com", valid: true},
	{in: "urn:isbn:0451450523", valid: true},
	{in: "//example.com/path", valid: true},
	{in: "/a/b/../c", valid: true},
	{in: "a/b?c#d", valid: true},
	{in: "?q", valid: true},
	{in: "#f", valid: true},
	{in: "https://t.example/r?u=https%3A%2F%2Fshop.example%2F%3Fa%3Db&x=%aF%Bc", valid: true},

	{in: "http://www.example.com/a b", valid: false},  // a space
	{in: "http://example.com/%zz", valid: false},      // not pct-encoded
	{in: "http://example.com/%4", valid: false},       // a triplet cut short
	{in: "http://example.com/%", valid: false},        // a bare "%"
	{in: "http://example.com/a\\b", valid: false},     // a backslash
	{in: "http://example.com/\xc3\xa9", valid: false}, // a byte outside ASCII
	{in: "http://example.com/a#b#c", valid: false},    // a second "#"
	{in: "http://[2001:db8::1/", valid: false},        // an unclosed IP-literal
	{in: "http://example.com:8o/", valid: false, // a port with a letter
		boostBug: "boostorg/url#680: it takes the 8 for the port and o/ for the path, which after an authority must be empty or begin with /"},
	{in: "http://a/b<c>", valid: false},                 // "<" and ">"
	{in: "http://example.com/\"quoted\"", valid: false}, // a double quote
	{in: "http://example.com/{x}", valid: false},        // braces
}

// TestAgreesWithParse checks each native parser against uri.Parse, one
// input at a time.
func TestAgreesWithParse(t *testing.T) {
	for _, tc := range clearCut {
		t.Run(tc.in, func(t *testing.T) {
			want := verdicts{tc.valid, tc.valid, tc.valid != (tc.boostBug != "")}
			_, err := uri.Parse(tc.in)
			s := NewSet([]string{tc.in})
			defer s.Free()
			got := verdicts{err == nil, s.Uriparser() == 1, s.BoostURL() == 1}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("F(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestSet checks that a pass reads each line of a set on its own: between
// neighbours that would be valid as one line or invalid as one, around
// empty lines, and in an empty set.
func TestSet(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  int
	}{
		{"empty set", nil, 0},
		{"one empty line", []string{""}, 1},
		{"valid clear-cut inputs", clearCutInputs(true), len(clearCutInputs(true))},
		{"invalid clear-cut inputs", clearCutInputs(false), 0},
		{"halves of a valid URL", []string{"http://exa", "mple.com/"}, 2},
		{"halves of a triplet", []string{"/a%4", "1b"}, 1},
		{"invalid then valid", []string{"/a b", "/ab", "", "/%zz", "/c"}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSet(tc.lines)
			defer s.Free()
			if s.Len() != len(tc.lines) {
				t.Errorf("Len() = %d, want %d", s.Len(), len(tc.lines))
			}
			got := map[string]int{"Uriparser": s.Uriparser(), "BoostURL": s.BoostURL()}
			want := map[string]int{"Uriparser": tc.want, "BoostURL": tc.want}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("accepted lines of %q mismatch (-want +got):\n%s", tc.lines, diff)
			}
		})
	}
}

// clearCutInputs returns the inputs of clearCut that are valid, or those
// that are not, leaving out the ones with a known bug.
func clearCutInputs(valid bool) []string {
	var lines []string
	for _, tc := range clearCut {
		if tc.valid == valid && tc.boostBug == "" {
			lines = append(lines, tc.in)
		}
	}
	return lines
}
