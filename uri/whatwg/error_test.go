package whatwg_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/whatwg"
)

// TestErrors checks the text, offset and sentinel of each kind of failure;
// a failure RFC 3986 names too wraps package uri's sentinel.
func TestErrors(t *testing.T) {
	tests := []struct {
		in     string
		text   string
		offset int
		err    error
	}{
		{"a", `whatwg: parse "a": relative URL without a base at offset 0`, 0, uri.ErrMissingScheme},
		{"http://", `whatwg: parse "http://": empty host at offset 7`, 7, uri.ErrMissingHost},
		{"http://a:8o/", `whatwg: parse "http://a:8o/": port has a byte that is not a digit at offset 10`, 10, uri.ErrInvalidPort},
		{"http://a:99999/", `whatwg: parse "http://a:99999/": port out of range at offset 9`, 9, whatwg.ErrPortRange},
		{"http://[::1/", `whatwg: parse "http://[::1/": IPv6 address without its closing "]" at offset 7`, 7, uri.ErrInvalidIPv6},
		{"http://1.2.3.4.5/", `whatwg: parse "http://1.2.3.4.5/": host ends in a number but has more than four parts at offset 7`, 7, whatwg.ErrIPv4},
		{"http://a<b/", `whatwg: parse "http://a<b/": forbidden domain code point at offset 7`, 7, whatwg.ErrForbiddenHost},
		{"http://%ff/", `whatwg: parse "http://%ff/": percent-decoded domain is not UTF-8 at offset 7`, 7, whatwg.ErrDomain},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := whatwg.Parse(tt.in)
			var e *whatwg.Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q) = %v, want an *Error", tt.in, err)
			}
			got := struct {
				Text   string
				Offset int
				Is     bool
			}{e.Error(), e.Offset, errors.Is(err, tt.err)}
			want := struct {
				Text   string
				Offset int
				Is     bool
			}{tt.text, tt.offset, true}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Parse(%q) error mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	base, err := whatwg.Parse("mailto:x")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := base.Parse("a"); !errors.Is(err, whatwg.ErrOpaqueBase) {
		t.Errorf(`Parse("a") against mailto:x: %v, want ErrOpaqueBase`, err)
	}
}
