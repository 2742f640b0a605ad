package uri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

// TestTooLongMessage checks the message of ErrTooLong, which no test can
// reach through Parse without 4 GiB of input.
func TestTooLongMessage(t *testing.T) {
	e := &uri.Error{Input: "http://a/", Offset: 0, Err: uri.ErrTooLong}
	if got, want := e.Error(), `uri: parse "http://a/": input too long (9 bytes)`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestErrorMessages(t *testing.T) {
	long := "http://example.com/" + strings.Repeat("a", 200) + " " + strings.Repeat("b", 200)
	tests := []struct{ in, want string }{
		{"http://a b/", `uri: parse "http://a b/": invalid character ' ' at offset 8 in host`},
		{"http://a/%4G", `uri: parse "http://a/%4G": invalid percent-encoding: unexpected 'G' at offset 11 in path`},
		{"http://a/%4", `uri: parse "http://a/%4": invalid percent-encoding: unexpected end of input at offset 11 in path`},
		{"http://h:8o/", `uri: parse "http://h:8o/": invalid port: unexpected '/' at offset 11 in port`},
		{"http://h:8o", `uri: parse "http://h:8o": invalid port: unexpected end of input at offset 11 in port`},
		{"http://u@h:8o", `uri: parse "http://u@h:8o": invalid port: unexpected 'o' at offset 12 in port`},
		{"1a:b", `uri: parse "1a:b": colon in first path segment of a relative reference at offset 2`},
		{":x", `uri: parse ":x": missing scheme at offset 0`},
		{"//[::g]", `uri: parse "//[::g]": invalid IPv6 address: unexpected 'g' at offset 5 in host`},
		{"//[v1]", `uri: parse "//[v1]": invalid IPvFuture address: unexpected ']' at offset 5 in host`},
		{"a\x80", `uri: parse "a\x80": invalid character '\x80' at offset 1 in path`},
		{"a\t", `uri: parse "a\t": invalid character '\t' at offset 1 in path`},
		{"a'\\", `uri: parse "a'\\": invalid character '\\' at offset 2 in path`},
		{long, `uri: parse "http://example.com/aaaaa…aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb…": invalid character ' ' at offset 219 in path`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := uri.Parse(tt.in)
			if err == nil {
				t.Errorf("Parse(%q) succeeded", tt.in)
				return
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("Parse(%q) error text mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	// The message is shortened, the Input field never.
	_, err := uri.Parse(long)
	if e := err.(*uri.Error); e.Input != long {
		t.Errorf("Error.Input was shortened to %d bytes", len(e.Input))
	}
}

// TestErrorMessageRules checks the two forms of Message: a byte the
// grammar does not allow is named, a rule broken reads as a sentence,
// with the component unless the rule names it; a sentinel of another
// package is read by the same rule.
func TestErrorMessageRules(t *testing.T) {
	tests := []struct {
		err  *uri.Error
		want string
	}{
		{&uri.Error{Input: "http://u@h/", Offset: 7, Component: uri.UserInfo, Err: uri.ErrUserInfoNotAllowed}, "userinfo not allowed at offset 7"},
		{&uri.Error{Input: "ws://h/#f", Offset: 7, Component: uri.Fragment, Err: uri.ErrFragmentNotAllowed}, "fragment not allowed at offset 7"},
		{&uri.Error{Input: "h:", Offset: 2, Component: uri.Port, Err: uri.ErrMissingHost}, "missing host at offset 2 in port"},
		{&uri.Error{Input: "a?q", Offset: 1, Component: uri.Query, Err: errors.New("not here")}, "not here at offset 1 in query"},
		{&uri.Error{Input: "a?q", Offset: 1, Component: uri.Query, Err: errors.New("invalid thing")}, "invalid thing: unexpected '?' at offset 1 in query"},
		{&uri.Error{Input: "a", Offset: 1, Component: uri.Path, Err: errors.New("invalid thing")}, "invalid thing: unexpected end of input at offset 1 in path"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.err.Message()); diff != "" {
				t.Errorf("Message() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
