package scheme

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

// TestParseURN holds every example URN of RFC 8141.
func TestParseURN(t *testing.T) {
	tests := []struct {
		in   string
		want URN
	}{
		// Section 2.2.
		{"urn:example:1/406/47452/2", URN{NID: "example", NSS: "1/406/47452/2"}},
		// Section 2.3.1.
		{"urn:example:foo-bar-baz-qux?+CCResolve:cc=uk", URN{NID: "example", NSS: "foo-bar-baz-qux", RComponent: "CCResolve:cc=uk"}},
		// Section 2.3.2.
		{"urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",
			URN{NID: "example", NSS: "weather", QComponent: "op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z"}},
		// Section 2.3.3.
		{"urn:example:foo-bar-baz-qux#somepart", URN{NID: "example", NSS: "foo-bar-baz-qux", FComponent: "somepart"}},
		// Section 3.2.
		{"urn:example:a123,z456", URN{NID: "example", NSS: "a123,z456"}},
		{"URN:example:a123,z456", URN{NID: "example", NSS: "a123,z456"}},
		{"urn:EXAMPLE:a123,z456", URN{NID: "EXAMPLE", NSS: "a123,z456"}},
		{"urn:example:a123,z456?+abc", URN{NID: "example", NSS: "a123,z456", RComponent: "abc"}},
		{"urn:example:a123,z456?=xyz", URN{NID: "example", NSS: "a123,z456", QComponent: "xyz"}},
		{"urn:example:a123,z456#789", URN{NID: "example", NSS: "a123,z456", FComponent: "789"}},
		{"urn:example:a123,z456/foo", URN{NID: "example", NSS: "a123,z456/foo"}},
		{"urn:example:a123,z456/bar", URN{NID: "example", NSS: "a123,z456/bar"}},
		{"urn:example:a123,z456/baz", URN{NID: "example", NSS: "a123,z456/baz"}},
		{"urn:example:a123%2Cz456", URN{NID: "example", NSS: "a123%2Cz456"}},
		{"URN:EXAMPLE:a123%2cz456", URN{NID: "EXAMPLE", NSS: "a123%2cz456"}},
		{"urn:example:A123,z456", URN{NID: "example", NSS: "A123,z456"}},
		{"urn:example:a123,Z456", URN{NID: "example", NSS: "a123,Z456"}},
		{"urn:example:%D0%B0123,z456", URN{NID: "example", NSS: "%D0%B0123,z456"}},
		// Both components, and a "?" in the r-component.
		{"urn:example:a?+r?x?=q?+y#f", URN{NID: "example", NSS: "a", RComponent: "r?x", QComponent: "q?+y", FComponent: "f"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseURN(uri.MustParse(tt.in))
			if err != nil {
				t.Fatalf("ParseURN(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseURN(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestParseURNErrors(t *testing.T) {
	testErrors(t, "ParseURN", "parse urn", func(u uri.URI) error {
		_, err := ParseURN(u)
		return err
	}, []errorTest{
		{"http://a/", bad(0, uri.Scheme, ErrWrongScheme)},
		{"urn", bad(0, uri.Scheme, ErrWrongScheme)},
		{"urn:a:b", bad(5, uri.Path, ErrInvalidNID)},
		{"urn:ab:", bad(7, uri.Path, ErrInvalidNSS)},
		{"urn:ab:c?", bad(9, uri.Query, ErrInvalidRQComponents)},
	})
}

// TestEquivalentURN holds the groups of RFC 8141 section 3.2: URNs of one
// group are equivalent, of two groups not.
func TestEquivalentURN(t *testing.T) {
	groups := [][]string{
		{"urn:example:a123,z456", "URN:example:a123,z456", "urn:EXAMPLE:a123,z456",
			"urn:example:a123,z456?+abc", "urn:example:a123,z456?=xyz", "urn:example:a123,z456#789"},
		{"urn:example:a123,z456/foo"},
		{"urn:example:a123,z456/bar"},
		{"urn:example:a123,z456/baz"},
		{"urn:example:a123%2Cz456", "URN:EXAMPLE:a123%2cz456"},
		{"urn:example:A123,z456"},
		{"urn:example:a123,Z456"},
		{"urn:example:%D0%B0123,z456"},
		{"urn:example:%41"}, // not "A": only the case of the hexadecimal digits is ignored
		{"urn:example:A"},
		{"urn:example:%a0%4A", "urn:example:%A0%4a"},
	}
	for i, g := range groups {
		for j, h := range groups {
			for _, a := range g {
				for _, b := range h {
					if got := EquivalentURN(uri.MustParse(a), uri.MustParse(b)); got != (i == j) {
						t.Errorf("EquivalentURN(%q, %q) = %v; want %v", a, b, got, i == j)
					}
				}
			}
		}
	}
	// Not URNs: never equivalent, not even to themselves.
	for _, s := range []string{"http://a/", "urn:a:b", "urn:ab:", "URN:ab:c?"} {
		u := uri.MustParse(s)
		if EquivalentURN(u, u) {
			t.Errorf("EquivalentURN(%q, %q) = true; want false", s, s)
		}
	}
}

func TestEquivalentURNNoAllocs(t *testing.T) {
	a, b := uri.MustParse("urn:example:a123%2Cz456?+r#f"), uri.MustParse("URN:EXAMPLE:a123%2cz456")
	if n := testing.AllocsPerRun(100, func() { EquivalentURN(a, b) }); n != 0 {
		t.Errorf("EquivalentURN allocates %v times; want 0", n)
	}
}
