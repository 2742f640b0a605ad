package uri_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

func TestParseRequestTarget(t *testing.T) {
	tests := []struct {
		in   string
		form uri.TargetForm
		want string // the notation of parse_test.go
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
		u, form, err := uri.ParseRequestTarget(tt.in)
		if err != nil {
			t.Errorf("ParseRequestTarget(%q): %v", tt.in, err)
			continue
		}
		if form != tt.form {
			t.Errorf("ParseRequestTarget(%q) form %v, want %v", tt.in, form, tt.form)
		}
		if diff := cmp.Diff(want(t, tt.want), partsOf(u)); diff != "" {
			t.Errorf("ParseRequestTarget(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
		if u.String() != tt.in {
			t.Errorf("ParseRequestTarget(%q).String() = %q", tt.in, u.String())
		}
	}
	// Authority and Host of an authority-form target, which has no "//".
	u, _, _ := uri.ParseRequestTarget("www.example.com:443")
	if u.Authority() != "www.example.com:443" || u.Host() != "www.example.com" || u.Port() != "443" {
		t.Errorf("authority-form: Authority %q Host %q Port %q", u.Authority(), u.Host(), u.Port())
	}
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
		// http and https need a host (RFC 9110 sections 4.2.1, 4.2.2).
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
		_, form, err := uri.ParseRequestTarget(tt.in)
		var e *uri.Error
		if !errors.As(err, &e) {
			t.Errorf("ParseRequestTarget(%q) = %v, %v; want an error", tt.in, form, err)
			continue
		}
		want := uri.Error{Input: tt.in, Offset: tt.off, Component: tt.comp, Err: tt.err}
		if diff := cmp.Diff(want, *e, cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
			t.Errorf("ParseRequestTarget(%q) error mismatch (-want +got):\n%s", tt.in, diff)
		}
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
			if _, _, err := uri.ParseRequestTarget(s); !errors.Is(err, uri.ErrMissingHost) {
				t.Fatalf("ParseRequestTarget(%q) = %v, want ErrMissingHost", s, err)
			}
			continue
		}
		got, form, err := uri.ParseRequestTarget(s)
		if err != nil || form != uri.AbsoluteForm || got != u {
			t.Fatalf("ParseRequestTarget(%q) = %v, %v, %v; Parse gives %v", s, got, form, err, u)
		}
		target := u.Path()
		if u.HasQuery() {
			target += "?" + u.Query()
		}
		if len(target) < 2 || target[0] != '/' || target[1] == '/' {
			continue
		}
		pu, _ := uri.Parse(target)
		got, form, err = uri.ParseRequestTarget(target)
		if err != nil || form != uri.OriginForm || got != pu {
			t.Fatalf("ParseRequestTarget(%q) = %v, %v, %v; Parse gives %v", target, got, form, err, pu)
		}
	}
}

func TestParseRequestTargetAllocs(t *testing.T) {
	for _, s := range []string{"/a/b?c", "http://example.com/a", "example.com:443", "*"} {
		if n := testing.AllocsPerRun(100, func() { sinkURI, _, sinkErr = uri.ParseRequestTarget(s) }); n != 0 {
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
		u, form, err := uri.ParseRequestTarget(target)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-14s host=%q path=%q query=%q\n", form, u.Host(), u.Path(), u.Query())
	}
	// Output:
	// origin-form    host="" path="/where" query="q=now"
	// absolute-form  host="www.example.org" path="/pub/" query=""
	// authority-form host="www.example.com" path="" query=""
	// asterisk-form  host="" path="*" query=""
	// uri: parse "/a#frag": fragment not allowed: unexpected '#' at offset 2 in fragment
}
