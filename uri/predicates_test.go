package uri_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

// TestPredicates checks the forms of sections 4.1 to 4.4 on each kind of
// reference and their edges.
func TestPredicates(t *testing.T) {
	type forms struct {
		Absolute, Relative, NetworkPath, AbsolutePath, RelativePath, SameDocument bool
	}
	tests := []struct {
		in   string
		want forms
	}{
		{"http://a/b?c", forms{Absolute: true}},
		{"http://a/b?c#", forms{}},    // a fragment, even empty, is not absolute-URI
		{"a:", forms{Absolute: true}}, // a scheme and an empty path
		{"a:#", forms{}},
		{"urn:isbn:1", forms{Absolute: true}},
		{"//a/b", forms{Relative: true, NetworkPath: true}},
		{"//", forms{Relative: true, NetworkPath: true}},
		{"///b", forms{Relative: true, NetworkPath: true}},
		{"/a", forms{Relative: true, AbsolutePath: true}},
		{"/", forms{Relative: true, AbsolutePath: true}},
		{"a/b", forms{Relative: true, RelativePath: true}},
		{"./a:b", forms{Relative: true, RelativePath: true}},
		{"../", forms{Relative: true, RelativePath: true}},
		{"", forms{Relative: true, RelativePath: true, SameDocument: true}},
		{"#", forms{Relative: true, RelativePath: true, SameDocument: true}},
		{"#top", forms{Relative: true, RelativePath: true, SameDocument: true}},
		{"?q", forms{Relative: true, RelativePath: true}}, // another query: another document
		{"?", forms{Relative: true, RelativePath: true}},
		{"?#x", forms{Relative: true, RelativePath: true}},
	}
	for _, tt := range tests {
		u := uri.MustParse(tt.in)
		got := forms{u.IsAbsolute(), u.IsRelative(), u.IsNetworkPath(), u.IsAbsolutePath(), u.IsRelativePath(), u.IsSameDocument()}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("forms of %q mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
	if (uri.URI{}) != uri.MustParse("") {
		t.Error("the zero URI differs from Parse(\"\")")
	}
}

// TestPortNumber checks the value of a port at the edges of 16 bits and
// of the grammar, which allows any number of digits.
func TestPortNumber(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want bool
	}{
		{"//h:0", 0, true},
		{"//h:80", 80, true},
		{"//h:080", 80, true},
		{"//h:65535", 65535, true},
		{"//h:000000000065535", 65535, true},
		{"//h:65536", 0, false},
		{"//h:99999999999999999999999", 0, false}, // more digits than an int holds
		{"//h:", 0, false},                        // empty
		{"//h", 0, false},                         // none
		{"/a:1", 0, false},                        // no authority
	}
	for _, tt := range tests {
		if n, ok := uri.MustParse(tt.in).PortNumber(); n != tt.n || ok != tt.want {
			t.Errorf("PortNumber of %q = %d, %v; want %d, %v", tt.in, n, ok, tt.n, tt.want)
		}
	}
}

// TestTooLongMessage checks the message of ErrTooLong, which no test can
// reach through Parse without 4 GiB of input.
func TestTooLongMessage(t *testing.T) {
	e := &uri.Error{Input: "http://a/", Offset: 0, Err: uri.ErrTooLong}
	if got, want := e.Error(), `uri: parse "http://a/": input too long (9 bytes)`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}
