package uri_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/uri"
)

func TestBuild(t *testing.T) {
	tests := []struct {
		c    uri.Components
		want string
	}{
		{uri.Components{}, ""},
		{uri.Components{Scheme: "http", Host: "example.com", Path: "/a"}, "http://example.com/a"},
		{uri.Components{Scheme: "file", HasAuthority: true, Path: "/etc/hosts"}, "file:///etc/hosts"},
		{uri.Components{Scheme: "http", Host: "h", HasPort: true, HasQuery: true, HasFragment: true}, "http://h:?#"},
		{uri.Components{Host: "h", HasUserInfo: true}, "//@h"},
		{uri.Components{UserInfo: "u"}, "//u@"},   // a userinfo defines the authority
		{uri.Components{Port: "8080"}, "//:8080"}, // so does a port
		{uri.Components{Query: "q", Fragment: "f"}, "?q#f"},
		// What a component cannot hold is encoded; valid triplets stay.
		{uri.Components{Scheme: "x", UserInfo: "a b@c:d", Host: "h h", Path: "/a b?#[]", Query: "q r#?/", Fragment: "f#g"},
			"x://a%20b%40c:d@h%20h/a%20b%3F%23%5B%5D?q%20r%23?/#f%23g"},
		{uri.Components{Path: "/100%", Query: "%zz%4", Fragment: "%41%4"}, "/100%25?%25zz%254#%41%254"},
		{uri.Components{Host: "a:b"}, "//a%3Ab"}, // a reg-name cannot hold ":"
		{uri.Components{Host: "[::1]", Port: "80"}, "//[::1]:80"},
		{uri.Components{Host: "[v1.x]"}, "//[v1.x]"},
		// Section 4.2: a colon in the first segment of a relative-path reference.
		{uri.Components{Path: "a:b/c"}, "./a:b/c"},
		{uri.Components{Path: "a/b:c"}, "a/b:c"},
		{uri.Components{Path: "./a:b"}, "./a:b"},
		{uri.Components{Scheme: "s", Path: "a:b"}, "s:a:b"},
		{uri.Components{Path: "/a:b"}, "/a:b"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			got, err := uri.Build(tt.c)
			if err != nil {
				t.Fatalf("Build(%+v): %v", tt.c, err)
			}
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("Build(%+v) mismatch (-want +got):\n%s", tt.c, diff)
				return
			}
			checkWritten(t, "Build("+tt.want+")", got)
		})
	}
}

func TestBuildErrors(t *testing.T) {
	tests := []struct {
		c    uri.Components
		want uri.Error
	}{
		{uri.Components{HasScheme: true}, uri.Error{Op: "build", Input: "", Offset: 0, Component: uri.Scheme, Err: uri.ErrMissingScheme}},
		{uri.Components{Scheme: "1a"}, uri.Error{Op: "build", Input: "1a", Offset: 0, Component: uri.Scheme, Err: uri.ErrInvalidCharacter}},
		{uri.Components{Scheme: "a_b"}, uri.Error{Op: "build", Input: "a_b", Offset: 1, Component: uri.Scheme, Err: uri.ErrInvalidCharacter}},
		{uri.Components{Host: "h", Port: "8o"}, uri.Error{Op: "build", Input: "8o", Offset: 1, Component: uri.Port, Err: uri.ErrInvalidPort}},
		{uri.Components{Host: "[::g]"}, uri.Error{Op: "build", Input: "[::g]", Offset: 3, Component: uri.Host, Err: uri.ErrInvalidIPv6}},
		{uri.Components{Host: "[::1", Path: "/a"}, uri.Error{Op: "build", Input: "[::1", Offset: 4, Component: uri.Host, Err: uri.ErrInvalidIPv6}},
		{uri.Components{Host: "[::1]x"}, uri.Error{Op: "build", Input: "[::1]x", Offset: 5, Component: uri.Host, Err: uri.ErrInvalidCharacter}},
		{uri.Components{Host: "[v1]"}, uri.Error{Op: "build", Input: "[v1]", Offset: 3, Component: uri.Host, Err: uri.ErrInvalidIPvFuture}},
		{uri.Components{Host: "h", Path: "a"}, uri.Error{Op: "build", Input: "a", Offset: 0, Component: uri.Path, Err: uri.ErrPathNotAbsolute}},
		{uri.Components{HasAuthority: true, Path: "a/b"}, uri.Error{Op: "build", Input: "a/b", Offset: 0, Component: uri.Path, Err: uri.ErrPathNotAbsolute}},
		{uri.Components{Scheme: "s", Path: "//a"}, uri.Error{Op: "build", Input: "//a", Offset: 1, Component: uri.Path, Err: uri.ErrPathDoubleSlash}},
		{uri.Components{Path: "//"}, uri.Error{Op: "build", Input: "//", Offset: 1, Component: uri.Path, Err: uri.ErrPathDoubleSlash}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v/%q", tt.want.Component, tt.want.Input), func(t *testing.T) {
			u, err := uri.Build(tt.c)
			var e *uri.Error
			if !errors.As(err, &e) {
				t.Errorf("Build(%+v) = %q, %v; want an *Error", tt.c, u, err)
				return
			}
			if diff := cmp.Diff(tt.want, *e, cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
				t.Errorf("Build(%+v) error mismatch (-want +got):\n%s", tt.c, diff)
			}
		})
	}
	_, err := uri.Build(uri.Components{Host: "h", Path: "a"})
	const msg = `uri: build "a": path after an authority must be empty or begin with "/" at offset 0`
	if err == nil || err.Error() != msg {
		t.Errorf("Build error:\n got %v\nwant %s", err, msg)
	}
}

// TestBuildRoundTrip: Build(u.Components()) is u, for the RFC's examples.
func TestBuildRoundTrip(t *testing.T) {
	for _, tt := range rfcExamples {
		t.Run(tt.in, func(t *testing.T) {
			u := uri.MustParse(tt.in)
			got, err := uri.Build(u.Components())
			if err != nil {
				t.Fatalf("Build(Parse(%q).Components()): %v", tt.in, err)
			}
			if got != u {
				t.Errorf("Build(Parse(%q).Components()) = %q, components mismatch (-want +got):\n%s", tt.in, got, cmp.Diff(partsOf(u), partsOf(got)))
			}
		})
	}
}

// TestPropertyBuild: Build(u.Components()) is u, and Addr finds an
// address exactly in the hosts of kind IPv4 and IPv6.
func TestPropertyBuild(t *testing.T) {
	p := properties(1000)
	p.Property("Build(u.Components()) == u", prop.ForAll(func(parts reference.Parts) bool {
		u := uri.MustParse(parts.String())
		got, err := uri.Build(u.Components())
		if err != nil || got != u {
			t.Errorf("Build(Parse(%q).Components()) = %q, %v", u, got, err)
			return false
		}
		// And Addr agrees with the host kind.
		_, ok := u.Addr()
		if want := u.HostKind() == uri.IPv4 || u.HostKind() == uri.IPv6; ok != want {
			t.Errorf("Addr(%q) reports %v for a host of kind %v", u, ok, u.HostKind())
			return false
		}
		return true
	}, genOf(reference.URIReference())))
	p.TestingRun(t)
}
