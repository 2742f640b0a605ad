package uri_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/uri"
)

func TestParseRequestTarget(t *testing.T) {
	tests := []struct {
		in   string
		form uri.TargetForm
		want string // the notation of uri_test.go
	}{
		// origin-form = absolute-path [ "?" query ]
		{"/", uri.OriginForm, "path=/"},
		{"/where?q=now", uri.OriginForm, "path=/where query=q=now"},
		{"/a/b;c", uri.OriginForm, "path=/a/b;c"},
		{"/?", uri.OriginForm, "path=/ query="},
		{"//a", uri.OriginForm, "path=//a"},                       // a path here, an authority to Parse
		{"//a:b@c/d?e", uri.OriginForm, "path=//a:b@c/d query=e"}, // likewise
		{"/a%20b?x=%41", uri.OriginForm, "path=/a%20b query=x=%41"},
		{"/a:b", uri.OriginForm, "path=/a:b"},
		// absolute-form = absolute-URI
		{"http://www.example.org/pub/WWW/TheProject.html", uri.AbsoluteForm, "scheme=http host=www.example.org path=/pub/WWW/TheProject.html"},
		{"http://a", uri.AbsoluteForm, "scheme=http host=a"},
		{"https://u@[::1]:8443/x?y", uri.AbsoluteForm, "scheme=https userinfo=u host=[::1] kind=IPv6 port=8443 path=/x query=y"},
		{"ftp://ftp.is.co.za/rfc/rfc1808.txt", uri.AbsoluteForm, "scheme=ftp host=ftp.is.co.za path=/rfc/rfc1808.txt"},
		{"HTTP://A", uri.AbsoluteForm, "scheme=HTTP host=A"},
		{"file:///etc/hosts", uri.AbsoluteForm, "scheme=file host= path=/etc/hosts"}, // only http and https need a host
		{"urn:isbn:0451450523", uri.AbsoluteForm, "scheme=urn path=isbn:0451450523"}, // an absolute-URI without authority
		{"mailto:a@example.com", uri.AbsoluteForm, "scheme=mailto path=a@example.com"},
		{"example.com:443/", uri.AbsoluteForm, "scheme=example.com path=443/"}, // not authority-form: a scheme and a path
		{"example.com:4x3", uri.AbsoluteForm, "scheme=example.com path=4x3"},
		{"example.com:", uri.AbsoluteForm, "scheme=example.com"}, // an empty port, or an empty path
		// authority-form = uri-host ":" port
		{"www.example.com:80", uri.AuthorityForm, "host=www.example.com port=80"},
		{"192.0.2.1:443", uri.AuthorityForm, "host=192.0.2.1 kind=IPv4 port=443"},
		{"[2001:db8::1]:443", uri.AuthorityForm, "host=[2001:db8::1] kind=IPv6 port=443"},
		{"localhost:0", uri.AuthorityForm, "host=localhost port=0"},
		{"a:1", uri.AuthorityForm, "host=a port=1"}, // also an absolute-URI; authority-form wins
		// asterisk-form = "*"
		{"*", uri.AsteriskForm, "path=*"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			rt, err := uri.ParseRequestTarget(tt.in)
			if err != nil {
				t.Fatalf("ParseRequestTarget(%q): %v", tt.in, err)
			}
			if rt.Form() != tt.form {
				t.Errorf("ParseRequestTarget(%q) form %v, want %v", tt.in, rt.Form(), tt.form)
			}
			if diff := cmp.Diff(want(t, tt.want), targetParts(rt)); diff != "" {
				t.Errorf("ParseRequestTarget(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if rt.String() != tt.in {
				t.Errorf("ParseRequestTarget(%q).String() = %q", tt.in, rt.String())
			}
		})
	}
}

// targetParts reads the parts a target of each form has through its
// accessors, in the notation of uri_test.go: an absolute-form target's
// are its URI's, an origin-form target's its path and query, an
// authority-form target's its host and port. The accessors of the other
// forms must give nothing.
func targetParts(rt uri.RequestTarget) reference.Parts {
	var p reference.Parts
	u, isURI := rt.URI()
	if isURI {
		p = partsOf(u)
	}
	if rt.Form() != uri.AbsoluteForm && (isURI || u != uri.URI{}) {
		p.Scheme = "URI() of a " + rt.Form().String() + " target"
	}
	if rt.Form() == uri.OriginForm {
		p.Path, p.Query, p.HasQuery = rt.Path(), rt.Query(), rt.HasQuery()
	} else if rt.Path() != "" || rt.Query() != "" || rt.HasQuery() {
		p.Path = "path or query of a " + rt.Form().String() + " target"
	}
	if rt.Form() == uri.AuthorityForm {
		p.Host, p.Port, p.HasPort, p.HasAuthority = rt.Host(), rt.Port(), true, true
		if k := rt.HostKind(); k != uri.NoHost {
			p.HostKind = k.String()
		}
	} else if rt.Host() != "" || rt.Port() != "" || rt.HostKind() != uri.NoHost {
		p.Host = "host or port of a " + rt.Form().String() + " target"
	}
	if rt.Form() == uri.AsteriskForm {
		p.Path = rt.String()
	}
	return p
}

func TestParseRequestTargetErrors(t *testing.T) {
	tests := []struct {
		in   string
		off  int
		comp uri.Component
		err  error
	}{
		{"", 0, uri.Host, uri.ErrMissingHost},                         // authority-form, empty
		{"/a#f", 2, uri.Fragment, uri.ErrFragmentNotAllowed},          // origin-form has no fragment
		{"/a#f g", 2, uri.Fragment, uri.ErrFragmentNotAllowed},        // the "#" first, not the space
		{"/a b", 2, uri.Path, uri.ErrInvalidCharacter},                // RFC 3986 bytes only
		{"/a?b#", 4, uri.Fragment, uri.ErrFragmentNotAllowed},         // after a query too
		{"http://a/b#c", 10, uri.Fragment, uri.ErrFragmentNotAllowed}, // absolute-URI has no fragment
		{"http://a#c", 8, uri.Fragment, uri.ErrFragmentNotAllowed},
		{"http://a b/", 8, uri.Host, uri.ErrInvalidCharacter},
		{"example.com", 11, uri.Port, uri.ErrMissingPort}, // no ":"
		{":443", 0, uri.Host, uri.ErrMissingHost},         // empty host
		{"u@example.com:443", 1, uri.UserInfo, uri.ErrUserInfoNotAllowed},
		{"example.com/", 11, uri.Host, uri.ErrInvalidCharacter},
		{"example.com#x", 11, uri.Host, uri.ErrInvalidCharacter},
		{"[::1]", 5, uri.Port, uri.ErrMissingPort},
		{"[::1", 4, uri.Host, uri.ErrInvalidIPv6},
		{"**", 2, uri.Port, uri.ErrMissingPort}, // "*" is asterisk-form only alone; "**" is a reg-name
		// http and https need a host (RFC 9110 sections 4.2.1, 4.2.2), and
		// so do ws and wss (RFC 6455 section 3).
		{"ws:///chat", 5, uri.Host, uri.ErrMissingHost},
		{"WSS://:443/", 10, uri.Host, uri.ErrMissingHost},
		{"http://", 7, uri.Host, uri.ErrMissingHost},
		{"http:///a", 7, uri.Host, uri.ErrMissingHost},
		{"https://:443/", 12, uri.Host, uri.ErrMissingHost}, // ":443@h" would be a userinfo
		{"HTTPS://u@/", 10, uri.Host, uri.ErrMissingHost},
		{"http:/a", 5, uri.Host, uri.ErrMissingHost}, // no authority at all
		{"http:a", 5, uri.Host, uri.ErrMissingHost},
		{"http:A ", 5, uri.Host, uri.ErrMissingHost},            // before the space: found by the fuzzer
		{"https://u@/ x", 10, uri.Host, uri.ErrMissingHost},     // likewise
		{"https://a b@/", 9, uri.Host, uri.ErrInvalidCharacter}, // before where the host would be
		{"http://[::1", 11, uri.Host, uri.ErrInvalidIPv6},       // a host, if a broken one
		{"http://: @", 8, uri.Port, uri.ErrInvalidPort},         // the space first: found by the fuzzer
		{"http://:", 8, uri.Host, uri.ErrMissingHost},
		// Neither authority-form nor absolute-URI: the reading that went
		// further gives the error.
		{"example.com:443#x", 15, uri.Fragment, uri.ErrFragmentNotAllowed}, // absolute-URI, up to the "#"
		{"urn:a b", 5, uri.Path, uri.ErrInvalidCharacter},                  // absolute-URI, up to the space
		{"exa mple.com:443", 3, uri.Host, uri.ErrInvalidCharacter},         // no scheme: authority-form's error
		{"a:1 x", 3, uri.Path, uri.ErrInvalidCharacter},                    // a tie after a scheme: absolute-URI's
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			rt, err := uri.ParseRequestTarget(tt.in)
			var e *uri.Error
			if !errors.As(err, &e) {
				t.Fatalf("ParseRequestTarget(%q) = %v, %v; want an error", tt.in, rt.Form(), err)
			}
			want := uri.Error{Op: "parse request target", Input: tt.in, Offset: tt.off, Component: tt.comp, Err: tt.err}
			if diff := cmp.Diff(want, *e, cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
				t.Errorf("ParseRequestTarget(%q) error mismatch (-want +got):\n%s", tt.in, diff)
			}
			if rt != (uri.RequestTarget{}) {
				t.Errorf("ParseRequestTarget(%q) = %v with its error, want the zero RequestTarget", tt.in, rt)
			}
		})
	}
}

// TestRequestTargetAgreesWithParse: where RFC 3986 reads a target the same
// way, ParseRequestTarget and Parse give the same components, over the web
// corpus (absolute-form) and the paths of its URLs (origin-form).
func TestRequestTargetAgreesWithParse(t *testing.T) {
	lines := readCorpus(t, "web_urls.txt")
	if testing.Short() {
		lines = lines[:2000]
	}
	for _, s := range lines {
		u, err := uri.Parse(s)
		if err != nil || u.HasFragment() || !u.HasAuthority() {
			continue
		}
		if u.Host() == "" && (strings.EqualFold(u.Scheme(), "http") || strings.EqualFold(u.Scheme(), "https")) {
			if _, err := uri.ParseRequestTarget(s); !errors.Is(err, uri.ErrMissingHost) {
				t.Fatalf("ParseRequestTarget(%q) = %v, want ErrMissingHost", s, err)
			}
			continue
		}
		rt, err := uri.ParseRequestTarget(s)
		if got, ok := rt.URI(); err != nil || rt.Form() != uri.AbsoluteForm || !ok || got != u {
			t.Fatalf("ParseRequestTarget(%q) = %v, %v, %v; Parse gives %v", s, got, rt.Form(), err, u)
		}
		target := u.Path()
		if u.HasQuery() {
			target += "?" + u.Query()
		}
		if len(target) < 2 || target[0] != '/' || target[1] == '/' {
			continue
		}
		pu, _ := uri.Parse(target)
		rt, err = uri.ParseRequestTarget(target)
		if err != nil || rt.Form() != uri.OriginForm || rt.Path() != pu.Path() || rt.Query() != pu.Query() || rt.HasQuery() != pu.HasQuery() {
			t.Fatalf("ParseRequestTarget(%q) = %v, %v, %v; Parse gives %v", target, rt, rt.Form(), err, pu)
		}
	}
}

func TestTargetURI(t *testing.T) {
	tests := []struct {
		target, scheme, authority string
		want                      string // the target URI, or the error
	}{
		{"/where?q=now", "http", "www.example.org:8080", "http://www.example.org:8080/where?q=now"},
		{"/", "https", "example.com", "https://example.com/"},
		{"//a/b", "http", "h", "http://h//a/b"}, // the path stays a path
		{"//a/b", "ftp", "", "ftp:////a/b"},     // an empty authority for a scheme that allows one
		{"/a?", "http", "[2001:db8::1]:80", "http://[2001:db8::1]:80/a?"},
		{"example.com:443", "https", "ignored", "https://example.com:443"},
		{"[::1]:8443", "http", "", "http://[::1]:8443"},
		{"*", "http", "example.com", "http://example.com"},
		{"http://a/b?c", "https", "other", "http://a/b?c"}, // absolute-form is its own URI
		{"urn:isbn:0451450523", "http", "", "urn:isbn:0451450523"},
		// Errors: the scheme, the Host header, and a missing host.
		{"/a", "", "h", `uri: target uri "": missing scheme at offset 0`},
		{"/a", "ht tp", "h", `uri: target uri "ht tp": invalid character ' ' at offset 2 in scheme`},
		{"/a", "1http", "h", `uri: target uri "1http": invalid character '1' at offset 0 in scheme`},
		{"/a", "http", "u@h", `uri: target uri "http://u@h/a": userinfo not allowed at offset 8`},
		{"/a", "http", "h/x", `uri: target uri "http://h/x/a": invalid character '/' at offset 8 in host`},
		{"/a", "http", "h:80?", `uri: target uri "http://h:80?/a": invalid character '?' at offset 11 in port`},
		{"/a", "http", "h#", `uri: target uri "http://h#/a": invalid character '#' at offset 8 in host`},
		{"/a", "http", "h b", `uri: target uri "http://h b/a": invalid character ' ' at offset 8 in host`},
		{"/a", "http", "h:8o", `uri: target uri "http://h:8o/a": invalid port: unexpected 'o' at offset 10 in port`},
		{"/a", "http", "", `uri: target uri "http:///a": missing host at offset 7`},
		{"*", "HTTPS", ":443", `uri: target uri "HTTPS://:443": missing host at offset 8`},
	}
	for _, tt := range tests {
		t.Run(tt.target+" "+tt.scheme+" "+tt.authority, func(t *testing.T) {
			rt, err := uri.ParseRequestTarget(tt.target)
			if err != nil {
				t.Fatal(err)
			}
			u, err := rt.TargetURI(tt.scheme, tt.authority)
			got := u.String()
			if err != nil {
				got = err.Error()
				var e *uri.Error
				if !errors.As(err, &e) || e.Op != "target uri" {
					t.Errorf("TargetURI: %#v is not an *Error with Op target uri", err)
				}
			} else if p, perr := uri.Parse(got); perr != nil || p != u {
				t.Errorf("TargetURI = %q, which Parse reads as %v, %v", got, p, perr)
			}
			if got != tt.want {
				t.Errorf("ParseRequestTarget(%q).TargetURI(%q, %q) = %s, want %s", tt.target, tt.scheme, tt.authority, got, tt.want)
			}
		})
	}
	// The zero RequestTarget is not a target: TargetURI fails as
	// ParseRequestTarget("") does.
	_, err := uri.RequestTarget{}.TargetURI("http", "h")
	if !errors.Is(err, uri.ErrMissingHost) {
		t.Errorf("RequestTarget{}.TargetURI = %v, want ErrMissingHost", err)
	}
}

// TestAuthorityFormComposes holds the case that once panicked: an
// authority-form target was a URI whose offsets no URI-reference has, and
// Resolve sliced out of range with it; Normalize and Build gave other
// text. Now the target is a RequestTarget, and the URI it stands for,
// from TargetURI, works with every operation.
func TestAuthorityFormComposes(t *testing.T) {
	rt, err := uri.ParseRequestTarget("example.com:443")
	if err != nil || rt.Form() != uri.AuthorityForm || rt.Host() != "example.com" || rt.Port() != "443" {
		t.Fatalf("ParseRequestTarget(\"example.com:443\") = %v %v host %q port %q, %v", rt, rt.Form(), rt.Host(), rt.Port(), err)
	}
	if _, ok := rt.URI(); ok {
		t.Errorf("an authority-form target has a URI()")
	}
	u, err := rt.TargetURI("https", "")
	if err != nil || u.String() != "https://example.com:443" {
		t.Fatalf("TargetURI = %v, %v", u, err)
	}
	base := uri.MustParse("http://x/y")
	for _, tt := range []struct {
		name string
		f    func() (uri.URI, error)
		want string
	}{
		{"base.Resolve(target)", func() (uri.URI, error) { return base.Resolve(u) }, "https://example.com:443"},
		{"target.Resolve(ref)", func() (uri.URI, error) { return u.ResolveString("a/../b?c") }, "https://example.com:443/b?c"},
		{"Normalize", func() (uri.URI, error) { return u.Normalize(), nil }, "https://example.com/"},
		{"NormalizeSyntax", func() (uri.URI, error) { return u.NormalizeSyntax(), nil }, "https://example.com:443"},
		{"Build(Components())", func() (uri.URI, error) { return uri.Build(u.Components()) }, "https://example.com:443"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.f()
			if err != nil || got.String() != tt.want {
				t.Errorf("%s = %v, %v; want %s", tt.name, got, err, tt.want)
			}
			if p, err := uri.Parse(got.String()); err != nil || p != got {
				t.Errorf("%s = %v, which Parse reads as %v, %v", tt.name, got, p, err)
			}
		})
	}
}

func TestRequestTargetAccessors(t *testing.T) {
	rt, _ := uri.ParseRequestTarget("[2001:db8::1]:70000")
	if n, ok := rt.PortNumber(); ok || n != 0 {
		t.Errorf("PortNumber of port 70000 = %d, %v; want 0, false", n, ok)
	}
	rt, _ = uri.ParseRequestTarget("a.example:0443")
	if n, ok := rt.PortNumber(); !ok || n != 443 {
		t.Errorf("PortNumber of port 0443 = %d, %v; want 443, true", n, ok)
	}
	rt, _ = uri.ParseRequestTarget("/x")
	if n, ok := rt.PortNumber(); ok || n != 0 {
		t.Errorf("PortNumber of an origin-form target = %d, %v; want 0, false", n, ok)
	}
	var zero uri.RequestTarget
	if zero.Form() != 0 || zero.String() != "" || zero.Path() != "" || zero.Host() != "" || zero.HostKind() != uri.NoHost {
		t.Errorf("the zero RequestTarget has parts: %v %q %q %q %v", zero.Form(), zero, zero.Path(), zero.Host(), zero.HostKind())
	}
}

func TestRequestTargetOffsets(t *testing.T) {
	tests := []struct {
		in   string
		want uri.Offsets
	}{
		{"/a/b?q", uri.Offsets{PathEnd: 4, QueryEnd: 6}},
		{"//a/b", uri.Offsets{PathEnd: 5, QueryEnd: 5}},
		{"*", uri.Offsets{}},
		{"example.com:443", uri.Offsets{HostEnd: 11, PathStart: 15, PathEnd: 15, QueryEnd: 15}},
		{"[::1]:80", uri.Offsets{HostEnd: 5, PathStart: 8, PathEnd: 8, QueryEnd: 8}},
		{"http://u@h:8/p?q", uri.Offsets{SchemeEnd: 4, AuthorityStart: 7, HostStart: 9, HostEnd: 10, PathStart: 12, PathEnd: 14, QueryEnd: 16}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			rt, err := uri.ParseRequestTarget(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, rt.Offsets()); diff != "" {
				t.Errorf("ParseRequestTarget(%q).Offsets() mismatch (-want +got):\n%s", tt.in, diff)
			}
			// The offsets slice the components the accessors return.
			o := rt.Offsets()
			if rt.Form() == uri.AuthorityForm && (tt.in[o.HostStart:o.HostEnd] != rt.Host() || tt.in[o.HostEnd+1:o.PathStart] != rt.Port()) {
				t.Errorf("host %q and port %q, the offsets give %q and %q", rt.Host(), rt.Port(), tt.in[o.HostStart:o.HostEnd], tt.in[o.HostEnd+1:o.PathStart])
			}
			if rt.Form() == uri.OriginForm && tt.in[o.PathStart:o.PathEnd] != rt.Path() {
				t.Errorf("path %q, the offsets give %q", rt.Path(), tt.in[o.PathStart:o.PathEnd])
			}
		})
	}
}

func TestParseRequestTargetAllocs(t *testing.T) {
	for _, s := range []string{"/a/b?c", "http://example.com/a", "example.com:443", "*"} {
		if n := testing.AllocsPerRun(100, func() { sinkTarget, sinkErr = uri.ParseRequestTarget(s) }); n != 0 {
			t.Errorf("ParseRequestTarget(%q) allocates %v times, want 0", s, n)
		}
	}
}

func TestTargetFormString(t *testing.T) {
	for f, want := range map[uri.TargetForm]string{
		uri.OriginForm: "origin-form", uri.AbsoluteForm: "absolute-form",
		uri.AuthorityForm: "authority-form", uri.AsteriskForm: "asterisk-form", 0: "TargetForm(0)",
	} {
		if got := f.String(); got != want {
			t.Errorf("TargetForm(%d).String() = %q, want %q", f, got, want)
		}
	}
}

func ExampleParseRequestTarget() {
	for _, target := range []string{"/where?q=now", "http://www.example.org/pub/", "www.example.com:443", "*", "/a#frag"} {
		t, err := uri.ParseRequestTarget(target)
		if err != nil {
			fmt.Println(err)
			continue
		}
		switch t.Form() {
		case uri.OriginForm:
			fmt.Printf("%-14s path=%q query=%q\n", t.Form(), t.Path(), t.Query())
		case uri.AbsoluteForm:
			u, _ := t.URI()
			fmt.Printf("%-14s host=%q path=%q\n", t.Form(), u.Host(), u.Path())
		case uri.AuthorityForm:
			fmt.Printf("%-14s host=%q port=%q\n", t.Form(), t.Host(), t.Port())
		case uri.AsteriskForm:
			fmt.Printf("%-14s %s\n", t.Form(), t)
		}
	}
	// Output:
	// origin-form    path="/where" query="q=now"
	// absolute-form  host="www.example.org" path="/pub/"
	// authority-form host="www.example.com" port="443"
	// asterisk-form  *
	// uri: parse request target "/a#frag": fragment not allowed at offset 2
}

func ExampleRequestTarget_TargetURI() {
	// The scheme comes from the connection, the authority from the Host
	// header (RFC 9112 section 3.3).
	for _, target := range []string{"/where?q=now", "//double/slash", "www.example.com:443", "*", "http://proxy.example/x"} {
		t, _ := uri.ParseRequestTarget(target)
		u, err := t.TargetURI("https", "example.com:8443")
		fmt.Println(u, err)
	}
	t, _ := uri.ParseRequestTarget("/a")
	_, err := t.TargetURI("http", "")
	fmt.Println(err)
	// Output:
	// https://example.com:8443/where?q=now <nil>
	// https://example.com:8443//double/slash <nil>
	// https://www.example.com:443 <nil>
	// https://example.com:8443 <nil>
	// http://proxy.example/x <nil>
	// uri: target uri "http:///a": missing host at offset 7
}
