package fuzz

import (
	"errors"
	"net"
	"strconv"
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

// FuzzEdits checks WithPath, WithQuery, WithFragment, WithoutQuery and
// WithoutFragment on any URI with any argument against Build, which
// recomposes the same components with the one replaced: both succeed or
// both fail, with the same URI. It also checks DialAddress: a result is
// a host and a port net.SplitHostPort reads, the port a number, and a
// failure an *Error of Op "dial address".
func FuzzEdits(f *testing.F) {
	f.Add("https://u@a:8/p/q?x=1#f", uint8(0), "/new path/%41%")
	f.Add("https://u@a:8/p/q?x=1#f", uint8(0), "rel") // ErrPathNotAbsolute
	f.Add("mailto:a@b", uint8(0), "//x")              // ErrPathDoubleSlash
	f.Add("?q", uint8(0), "a:b")                      // "./" before a colon
	f.Add("http://a", uint8(1), "a=1&b=%zz c#")       // a query taken as encoded
	f.Add("http://a/?q#f", uint8(2), "sec 2#")        // a fragment
	f.Add("http://a/?q#f", uint8(3), "")              // without the query
	f.Add("http://[::1]:8080/?q#f", uint8(4), "")     // without the fragment
	f.Add("foo://[v1.x]/", uint8(4), "")              // not dialable
	f.Fuzz(func(t *testing.T, s string, op uint8, arg string) {
		u, err := uri.Parse(s)
		if err != nil {
			return
		}
		c := u.Components()
		var got uri.URI
		var name string
		switch op % 5 {
		case 0:
			name, c.Path = "WithPath", arg
			got, err = u.WithPath(arg)
		case 1:
			name, c.Query, c.HasQuery = "WithQuery", arg, true
			got, err = u.WithQuery(arg)
		case 2:
			name, c.Fragment, c.HasFragment = "WithFragment", arg, true
			got, err = u.WithFragment(arg)
		case 3:
			name, c.Query, c.HasQuery = "WithoutQuery", "", false
			got = u.WithoutQuery()
		default:
			name, c.Fragment, c.HasFragment = "WithoutFragment", "", false
			got = u.WithoutFragment()
		}
		want, werr := uri.Build(c)
		if (err == nil) != (werr == nil) || err == nil && got != want {
			t.Fatalf("%s(%q, %q) = %q, %v; Build gives %q, %v", name, s, arg, got, err, want, werr)
		}
		if err != nil && !errors.Is(err, errors.Unwrap(werr)) {
			t.Fatalf("%s(%q, %q): %v; Build: %v", name, s, arg, err, werr)
		}

		addr, err := u.DialAddress()
		if err != nil {
			var e *uri.Error
			if !errors.As(err, &e) || e.Op != "dial address" || e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("DialAddress(%q): %#v is not an *Error of Op \"dial address\" into the input", s, err)
			}
			return
		}
		host, port, err := net.SplitHostPort(addr)
		if n, perr := strconv.Atoi(port); err != nil || host == "" || perr != nil || n < 0 || n > 65535 {
			t.Fatalf("DialAddress(%q) = %q: host %q, port %q, %v", s, addr, host, port, err)
		}
	})
}
