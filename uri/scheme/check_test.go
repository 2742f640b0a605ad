package scheme

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

// checkResult is what a test expects of Check: nil, or the offset,
// component and sentinel of the error.
type checkResult struct {
	Offset    int
	Component uri.Component
	Err       error
}

func resultOf(err error) *checkResult {
	if err == nil {
		return nil
	}
	var e *uri.Error
	if !errors.As(err, &e) {
		return &checkResult{Offset: -1, Err: err}
	}
	return &checkResult{e.Offset, e.Component, e.Err}
}

func bad(offset int, c uri.Component, err error) *checkResult {
	return &checkResult{offset, c, err}
}

var checkTests = []struct {
	in   string
	want *checkResult
}{
	// http and https (RFC 9110 section 4.2).
	{"http://example.com/", nil},
	{"https://example.com", nil},
	{"HTTP://a:8080/p?q#f", nil},
	{"http://[::1]/", nil},
	{"http://192.0.2.1:80", nil},
	{"http:", bad(5, uri.Host, uri.ErrMissingHost)},
	{"http:/a", bad(5, uri.Host, uri.ErrMissingHost)},
	{"https:a", bad(6, uri.Host, uri.ErrMissingHost)},
	{"http://", bad(7, uri.Host, uri.ErrMissingHost)},
	{"http:///a", bad(7, uri.Host, uri.ErrMissingHost)},
	{"http://:80/", bad(7, uri.Host, uri.ErrMissingHost)},
	{"http://?q", bad(7, uri.Host, uri.ErrMissingHost)},
	{"http://u@a/", bad(7, uri.UserInfo, uri.ErrUserInfoNotAllowed)},
	{"http://@a/", bad(7, uri.UserInfo, uri.ErrUserInfoNotAllowed)}, // empty is still userinfo
	{"https://u:p@a/", bad(8, uri.UserInfo, uri.ErrUserInfoNotAllowed)},
	{"http://u@/", bad(7, uri.UserInfo, uri.ErrUserInfoNotAllowed)}, // the first fault
	{"http://a/#f", nil},
	{"https://example.com:99999/", bad(20, uri.Port, ErrPortOutOfRange)},
	{"http://a:65535/", nil},
	{"http://a:065535/", nil}, // leading zeros count for nothing
	{"WS://a:65536", bad(7, uri.Port, ErrPortOutOfRange)},
	{"http://a:/", nil}, // an empty port is the default one

	// ws and wss (RFC 6455 section 3).
	{"ws://example.com/chat", nil},
	{"wss://example.com:443/chat?x", nil},
	{"WSS://a", nil},
	{"ws:/chat", bad(3, uri.Host, uri.ErrMissingHost)},
	{"wss://:443/", bad(6, uri.Host, uri.ErrMissingHost)},
	{"ws://u@h/", bad(5, uri.UserInfo, uri.ErrUserInfoNotAllowed)},
	{"wss://h/#f", bad(8, uri.Fragment, uri.ErrFragmentNotAllowed)},
	{"wss://h/#", bad(8, uri.Fragment, uri.ErrFragmentNotAllowed)}, // empty is still a fragment
	{"ws://h?q#", bad(8, uri.Fragment, uri.ErrFragmentNotAllowed)},

	// file (RFC 8089 section 2 and Appendix E).
	{"file:///path/to/file", nil},
	{"file:/path/to/file", nil},
	{"file://host.example.com/path/to/file", nil},
	{"file://localhost/etc/fstab", nil},
	{"file:c:/path/to/file", nil},
	{"file:///c:/path/to/file", nil},
	{"file://server/share/p", nil},
	{"file:////host.example.com/path/to/file", nil},
	{"file://///host.example.com/path/to/file", nil},
	{"file://user@host/p", nil}, // E.1
	{"file:///a#frag", nil},
	{"FILE:///", nil},
	{"file:////a", nil}, // the Unix path "//a"
	{"file:", bad(5, uri.Path, ErrMissingPath)},
	{"file://", bad(7, uri.Path, ErrMissingPath)},
	{"file://host", bad(11, uri.Path, ErrMissingPath)},
	{"file:a/b", bad(5, uri.Path, ErrRelativePath)},
	{"file:c:", bad(7, uri.Path, ErrRelativePath)},
	{"file:c:a", bad(7, uri.Path, ErrRelativePath)},
	{"file:1:/a", bad(5, uri.Path, ErrRelativePath)},
	{"file:?q", bad(5, uri.Path, ErrMissingPath)},
	{"file:///a?q", bad(9, uri.Query, ErrQueryNotAllowed)},
	{"file:///a?", bad(9, uri.Query, ErrQueryNotAllowed)},
	{"file://h:21/a", bad(8, uri.Port, ErrPortNotAllowed)},
	{"file://h:/a", bad(8, uri.Port, ErrPortNotAllowed)},

	// mailto (RFC 6068 section 2).
	{"mailto:", nil},
	{"mailto:chris@example.com", nil},
	{"mailto:a@x,b@y", nil},
	{"mailto:?to=a@x", nil},
	{"mailto:a@x?subject=hi&body=", nil},
	{"mailto:a@%5B192.0.2.1%5D", nil},
	{"mailto:a.b.c@x.y", nil},
	{"mailto:a@x#f", nil},
	{"mailto:a@x?=", nil},
	{"mailto:a", bad(8, uri.Path, ErrInvalidAddress)},
	{"mailto:@x", bad(7, uri.Path, ErrInvalidAddress)},
	{"mailto:a@", bad(9, uri.Path, ErrInvalidAddress)},
	{"mailto:a@x,", bad(11, uri.Path, ErrInvalidAddress)},
	{"mailto:a@x,,b@y", bad(11, uri.Path, ErrInvalidAddress)},
	{"mailto:a..b@x", bad(8, uri.Path, ErrInvalidAddress)},
	{"mailto:.a@x", bad(7, uri.Path, ErrInvalidAddress)},
	{"mailto:a@x.", bad(10, uri.Path, ErrInvalidAddress)},
	{"mailto:a@b@c", bad(10, uri.Path, ErrInvalidAddress)},
	{"mailto:a=b@x", bad(8, uri.Path, ErrInvalidAddress)},
	{"mailto:a;b@x", bad(8, uri.Path, ErrInvalidAddress)},
	{"mailto:a&b@x", bad(8, uri.Path, ErrInvalidAddress)},
	{"mailto:a/b@x", bad(8, uri.Path, ErrInvalidAddress)},
	{"mailto://a@x", bad(7, uri.Path, ErrInvalidAddress)},
	{"mailto:%22a@x", bad(13, uri.Path, ErrInvalidAddress)},        // unclosed quote
	{"mailto:%22a%22b@x", bad(14, uri.Path, ErrInvalidAddress)},    // no "@" after the quote
	{"mailto:%22a%20b%22@x", bad(11, uri.Path, ErrInvalidAddress)}, // a space must be quoted
	{"mailto:a@%5Bx%5Dy", bad(13, uri.Path, ErrInvalidAddress)},    // "]" before the end
	{"mailto:a@%5Bx%5C%5D", bad(13, uri.Path, ErrInvalidAddress)},  // no "\" in a domain literal
	{"mailto:%FF@x", bad(7, uri.Path, ErrInvalidAddress)},          // not UTF-8
	{"mailto:a%00b@x", bad(8, uri.Path, ErrInvalidAddress)},        // a control
	{"mailto:a@x?", bad(11, uri.Query, ErrInvalidHeader)},          // "?" without a field
	{"mailto:a@x?subject", bad(18, uri.Query, ErrInvalidHeader)},   // no "="
	{"mailto:a@x?a=b&&c=d", bad(15, uri.Query, ErrInvalidHeader)},  // an empty field
	{"mailto:a@x?a=b=c", bad(14, uri.Query, ErrInvalidHeader)},     // a second "="
	{"mailto:a@x?a=b/c", bad(14, uri.Query, ErrInvalidHeader)},     // "/"
	{"mailto:a@x?a/b=c", bad(12, uri.Query, ErrInvalidHeader)},     // "/" in a name
	{"mailto:a@x?a?b=c", bad(12, uri.Query, ErrInvalidHeader)},     // "?" in a name
	{"mailto:a@x?a=b?c=d", bad(14, uri.Query, ErrInvalidHeader)},   // "?" in a value
	{"MailTo:a@x", nil},

	// urn (RFC 8141 section 2).
	{"urn:example:a123,z456", nil},
	{"urn:ex:a", nil},
	{"urn:a-b:c", nil},
	{"urn:abcdefghijklmnopqrstuvwxyz012345:x", nil}, // 32 characters
	{"urn:example:a?+r?=q#f", nil},
	{"urn:example:a?+r", nil},
	{"urn:example:a?=q", nil},
	{"urn:example:a?=q?+r", nil}, // "?+" inside a q-component
	{"urn:example:a?+r?x?=q", nil},
	{"urn:example:a#", nil},
	{"urn:", bad(4, uri.Path, ErrInvalidNID)},
	{"urn:x:a", bad(5, uri.Path, ErrInvalidNID)},
	{"urn:-x:a", bad(4, uri.Path, ErrInvalidNID)},
	{"urn:x-:a", bad(5, uri.Path, ErrInvalidNID)},
	{"urn:x_y:a", bad(5, uri.Path, ErrInvalidNID)},
	{"urn:example", bad(11, uri.Path, ErrInvalidNID)},
	{"urn:abcdefghijklmnopqrstuvwxyz0123456:x", bad(36, uri.Path, ErrInvalidNID)}, // 33 characters
	{"urn://ex:a", bad(4, uri.Path, ErrInvalidNID)},
	{"urn:ex:", bad(7, uri.Path, ErrInvalidNSS)},
	{"urn:ex:/a", bad(7, uri.Path, ErrInvalidNSS)},
	{"urn:ex:a?", bad(9, uri.Query, ErrInvalidRQComponents)},
	{"urn:ex:a?x", bad(9, uri.Query, ErrInvalidRQComponents)},
	{"urn:ex:a?+", bad(10, uri.Query, ErrInvalidRQComponents)},
	{"urn:ex:a?=", bad(10, uri.Query, ErrInvalidRQComponents)},
	{"urn:ex:a?+/r", bad(10, uri.Query, ErrInvalidRQComponents)},
	{"urn:ex:a?=?q", bad(10, uri.Query, ErrInvalidRQComponents)},
	{"urn:ex:a?+r?=", bad(13, uri.Query, ErrInvalidRQComponents)},
	{"urn:ex:a?+?=q", bad(10, uri.Query, ErrInvalidRQComponents)},

	// data (RFC 2397 section 3).
	{"data:,", nil},
	{"data:,A%20brief%20note", nil},
	{"data:text/plain;charset=iso-8859-7,%be%d3%be", nil},
	{"data:;base64,QQ==", nil},
	{"data:text/plain;charset=%22utf-8%22,x", nil},
	{"data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local", nil},
	{"data:,a?b#c", nil},
	{"data:", bad(5, uri.Path, ErrMissingComma)},
	{"data:text/plain", bad(15, uri.Path, ErrMissingComma)},
	{"data:text,x", bad(9, uri.Path, ErrInvalidMediaType)},
	{"data:text/,x", bad(10, uri.Path, ErrInvalidMediaType)},
	{"data:/plain,x", bad(5, uri.Path, ErrInvalidMediaType)},
	{"data:text/plain;charset,x", bad(23, uri.Path, ErrInvalidMediaType)},
	{"data:text/plain;=x,x", bad(16, uri.Path, ErrInvalidMediaType)},
	{"data:text/plain;a=,x", bad(18, uri.Path, ErrInvalidMediaType)},
	{"data:text/plain;,x", bad(16, uri.Path, ErrInvalidMediaType)},
	{"data:charset=x,y", bad(12, uri.Path, ErrInvalidMediaType)},
	{"data:text%20x/plain,y", bad(9, uri.Path, ErrInvalidMediaType)},
	{"data://x,y", bad(5, uri.Path, ErrInvalidMediaType)},
	{"data:;base64,QQ", bad(15, uri.Path, ErrInvalidBase64)},
	{"data:;base64,Q*==", bad(14, uri.Path, ErrInvalidBase64)},
	{"data:;base64,QQ=a", bad(15, uri.Path, ErrInvalidBase64)},
	{"data:;base64,Q===", bad(14, uri.Path, ErrInvalidBase64)},
	{"data:;base64,QR==", bad(15, uri.Path, ErrInvalidBase64)}, // not canonical: Strict
	{"data:;base64,Q%2A==", bad(14, uri.Path, ErrInvalidBase64)},
	{"data:;base64,QQ%0A==", bad(15, uri.Path, ErrInvalidBase64)},
	{"data:;base64,QQ==?", bad(17, uri.Query, ErrInvalidBase64)},

	// Other schemes and relative references: nothing to check.
	{"foo:", nil},
	{"//a/b", nil},
	{"", nil},
	{"news:comp.lang.go", nil},
}

func TestCheck(t *testing.T) {
	for _, tt := range checkTests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := uri.Parse(tt.in)
			if err != nil {
				t.Skipf("not a URI-reference: %v", err)
			}
			if diff := cmp.Diff(tt.want, resultOf(Check(u)), cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
				t.Errorf("Check(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestCheckMessages(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://u@a/", `uri: check "http://u@a/": userinfo not allowed at offset 7`},
		{"http:///a", `uri: check "http:///a": missing host at offset 7`},
		{"wss://h/#f", `uri: check "wss://h/#f": fragment not allowed at offset 8`},
		{"file:///a?q", `uri: check "file:///a?q": query not allowed at offset 9`},
		{"mailto:a@x?subject", `uri: check "mailto:a@x?subject": invalid header field: unexpected end of input at offset 18 in query`},
		{"urn:x:a", `uri: check "urn:x:a": invalid namespace identifier: unexpected ':' at offset 5 in path`},
		{"data:text/plain", `uri: check "data:text/plain": missing "," at offset 15 in path`},
		{"data:;base64,QQ", `uri: check "data:;base64,QQ": invalid base64 data: unexpected end of input at offset 15 in path`},
	}
	for _, tt := range tests {
		err := Check(uri.MustParse(tt.in))
		if err == nil || err.Error() != tt.want {
			t.Errorf("Check(%q) = %v; want %s", tt.in, err, tt.want)
		}
	}
}

// An errorTest is an input and the error a function must give for it.
type errorTest struct {
	in   string
	want *checkResult
}

// testErrors checks that f, the function name, gives each error of tests,
// as a *uri.Error with Op op.
func testErrors(t *testing.T, name, op string, f func(uri.URI) error, tests []errorTest) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			err := f(uri.MustParse(tt.in))
			if diff := cmp.Diff(tt.want, resultOf(err), errorComparer); diff != "" {
				t.Errorf("%s(%q) mismatch (-want +got):\n%s", name, tt.in, diff)
			}
			if e, ok := err.(*uri.Error); !ok || e.Op != op {
				t.Errorf("%s(%q) error %#v; want Op %q", name, tt.in, err, op)
			}
		})
	}
}

// TestCheckNoAllocs checks that Check allocates nothing for a valid URI of
// each scheme, but base64 data.
func TestCheckNoAllocs(t *testing.T) {
	for _, s := range []string{
		"http://example.com/a?b", "wss://example.com/chat", "file:///etc/hosts", "file:c:/x",
		"mailto:joe@example.com,%22not%5C%20me%22@example.org?subject=hi%20there&body=x",
		"urn:example:a123,z456?+r?=q#f", "data:text/plain;charset=%22utf-8%22,A%20brief%20note", "foo:bar",
	} {
		u := uri.MustParse(s)
		if n := testing.AllocsPerRun(100, func() { Check(u) }); n != 0 {
			t.Errorf("Check(%q) allocates %v times; want 0", s, n)
		}
	}
}
