package uri_test

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/uri"
)

// roundTripReason says why FromURL(u.URL()) may not give u back, as
// URL's documentation lists the cases, or "" when it must.
func roundTripReason(u uri.URI) string {
	switch {
	case u.HasFragment() && u.Fragment() == "":
		return "empty fragment"
	case u.HasAuthority() && u.Authority() == "" && (u.Path() == "" || !u.HasScheme()):
		return "empty authority"
	case u.HasUserInfo():
		return "userinfo escaped by net/url"
	case strings.Contains(u.Host(), "%"):
		return "host decoded"
	}
	return ""
}

// TestURLRoundTrip checks FromURL(u.URL()) over both corpora, the
// conformance vectors and the hand-picked cases: it gives u back, or one of
// the documented reasons applies and the components net/url keeps raw
// (scheme, path, query, fragment) still agree.
func TestURLRoundTrip(t *testing.T) {
	var inputs []string
	inputs = append(inputs, readCorpus(t, "web_urls.txt")...)
	inputs = append(inputs, readCorpus(t, "file_urls.txt")...)
	for _, v := range readJSONL[struct {
		In string `json:"in"`
	}](t, "parse_valid.jsonl") {
		inputs = append(inputs, v.In)
	}
	for _, tt := range validTests {
		inputs = append(inputs, tt.in)
	}
	reasons := map[string]int{}
	checked := 0
	for _, s := range inputs {
		u, err := uri.Parse(s)
		if err != nil {
			continue
		}
		checked++
		v := u.URL()
		back, err := uri.FromURL(v)
		if err != nil {
			// URL may have written what FromURL refuses: a host decoded
			// into a delimiter, or a path beginning with "//" whose empty
			// authority net/url dropped, which would read as one.
			switch reason := roundTripReason(u); {
			case reason == "host decoded":
				reasons["host decoded into a delimiter: refused"]++
			case reason == "empty authority" && errors.Is(err, uri.ErrPathDoubleSlash):
				reasons["empty authority before a path beginning with //: refused"]++
			default:
				t.Errorf("FromURL(Parse(%q).URL()) = %v (URL writes %q)", s, err, v.String())
			}
			continue
		}
		if back == u {
			continue
		}
		reason := roundTripReason(u)
		if reason == "" {
			t.Errorf("FromURL(Parse(%q).URL()) = %q, for no documented reason", s, back)
			continue
		}
		reasons[reason]++
		if back.Scheme() != u.Scheme() || back.Path() != u.Path() || back.Query() != u.Query() ||
			(u.Fragment() != "" && back.Fragment() != u.Fragment()) {
			t.Errorf("FromURL(Parse(%q).URL()) = %q: %s, but other components changed", s, back, reason)
		}
	}
	t.Logf("%d URIs checked; differences by reason: %v", checked, reasons)
}

func TestURLFields(t *testing.T) {
	u := uri.MustParse("http://us%65r:p%40ss@example.com:8080/a%20b/c%2Fd?q=%20#frag%20x")
	v := u.URL()
	pw, _ := v.User.Password()
	got := []string{v.Scheme, v.User.Username(), pw, v.Host, v.Path, v.RawPath, v.EscapedPath(), v.RawQuery, v.Fragment, v.EscapedFragment()}
	want := []string{"http", "user", "p@ss", "example.com:8080", "/a b/c/d", "/a%20b/c%2Fd", "/a%20b/c%2Fd", "q=%20", "frag x", "frag%20x"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("URL() field %d = %q, want %q", i, got[i], want[i])
		}
	}
	if m := uri.MustParse("mailto:a@example.com").URL(); m.Opaque != "a@example.com" || m.String() != "mailto:a@example.com" {
		t.Errorf("mailto: URL() = %+v", m)
	}
}

// TestFromURLRefuses checks that FromURL refuses what net/url would write
// as another URI, and what RFC 3986 cannot express, with the error's
// sentinel, input, offset and component.
func TestFromURLRefuses(t *testing.T) {
	tests := []struct {
		name string
		v    *url.URL
		want *uri.Error
	}{
		{"zone", &url.URL{Scheme: "http", Host: "[fe80::1%eth0]", Path: "/"},
			&uri.Error{Op: "from url", Input: "http://[fe80::1%25eth0]/", Offset: 15, Component: uri.Host, Err: uri.ErrInvalidIPv6}},
		{"scheme", &url.URL{Scheme: "1http", Host: "a"},
			&uri.Error{Op: "from url", Input: "1http://a", Offset: 5, Component: uri.Path, Err: uri.ErrColonInFirstSegment}},
		{"opaque with a space", &url.URL{Scheme: "mailto", Opaque: "a b@c"},
			&uri.Error{Op: "from url", Input: "mailto:a b@c", Offset: 8, Component: uri.Path, Err: uri.ErrInvalidCharacter}},
		{"path read as an authority", &url.URL{Path: "//evil.example/x"},
			&uri.Error{Op: "from url", Input: "//evil.example/x", Offset: 1, Component: uri.Path, Err: uri.ErrPathDoubleSlash}},
		{"path read as an authority after a scheme", &url.URL{Scheme: "http", OmitHost: true, Path: "//evil.example/x"},
			&uri.Error{Op: "from url", Input: "//evil.example/x", Offset: 1, Component: uri.Path, Err: uri.ErrPathDoubleSlash}},
		{"path read as an empty authority", &url.URL{Path: "//"},
			&uri.Error{Op: "from url", Input: "//", Offset: 1, Component: uri.Path, Err: uri.ErrPathDoubleSlash}},
		{"opaque read as an authority", &url.URL{Scheme: "mailto", Opaque: "//evil.example"},
			&uri.Error{Op: "from url", Input: "//evil.example", Offset: 1, Component: uri.Path, Err: uri.ErrPathDoubleSlash}},
		{"rootless path after a host", &url.URL{Scheme: "http", Host: "a", Path: "b"},
			&uri.Error{Op: "from url", Input: "b", Offset: 0, Component: uri.Path, Err: uri.ErrPathNotAbsolute}},
		{"opaque holding a query", &url.URL{Scheme: "s", Opaque: "a?b"},
			&uri.Error{Op: "from url", Input: "s:a?b", Offset: 2, Component: uri.Path, Err: uri.ErrURLMismatch}},
		{"raw query holding a fragment", &url.URL{Scheme: "http", Host: "a", Path: "/", RawQuery: "q#f"},
			&uri.Error{Op: "from url", Input: "http://a/?q#f", Offset: 9, Component: uri.Query, Err: uri.ErrURLMismatch}},
		{"opaque beside a host", &url.URL{Scheme: "s", Opaque: "a", Host: "h"},
			&uri.Error{Op: "from url", Input: "s:a", Offset: 2, Component: uri.Host, Err: uri.ErrURLMismatch}},
		{"opaque beside a path", &url.URL{Scheme: "s", Opaque: "a", Path: "/p"},
			&uri.Error{Op: "from url", Input: "s:a", Offset: 2, Component: uri.Path, Err: uri.ErrURLMismatch}},
		{"opaque without a scheme read as one", &url.URL{Opaque: "a:b"},
			&uri.Error{Op: "from url", Input: "a:b", Offset: 0, Component: uri.Scheme, Err: uri.ErrURLMismatch}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := uri.FromURL(tt.v)
			var got *uri.Error
			if !errors.As(err, &got) {
				t.Fatalf("FromURL(%#v) = %v, want an *uri.Error", tt.v, err)
			}
			if diff := cmp.Diff(*tt.want, *got, cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
				t.Errorf("FromURL(%#v) mismatch (-want +got):\n%s", tt.v, diff)
			}
		})
	}
	var e *uri.Error
	if _, err := uri.FromURL(nil); !errors.Is(err, uri.ErrNilURL) || !errors.As(err, &e) || err.Error() != "uri: from url: nil *url.URL" {
		t.Errorf("FromURL(nil) = %v, want ErrNilURL within an *Error", err)
	}
}

// TestFromURLAccepts checks what FromURL takes although String changes
// the text: escapes that RFC 3986 expresses, and the "./" of section 4.2.
func TestFromURLAccepts(t *testing.T) {
	tests := []struct {
		v    *url.URL
		want string
	}{
		{&url.URL{Scheme: "http", Host: "a b", Path: "/c d"}, "http://a%20b/c%20d"},
		{&url.URL{Path: "a:b/c"}, "./a:b/c"},
		{&url.URL{Scheme: "file", Path: "/etc"}, "file:///etc"},
		{&url.URL{Scheme: "file", Path: "//share/x"}, "file:////share/x"},
		{&url.URL{Scheme: "http", Host: "h:8080", User: url.UserPassword("a", "b:c")}, "http://a:b%3Ac@h:8080"},
		{&url.URL{Scheme: "http", Host: "[::1]", Path: "/a/b", RawPath: "/a%2Fb"}, "http://[::1]/a%2Fb"},
		{&url.URL{Path: "/", ForceQuery: true, Fragment: "x y"}, "/?#x%20y"},
		{&url.URL{Scheme: "mailto", Opaque: "a@example.com"}, "mailto:a@example.com"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			u, err := uri.FromURL(tt.v)
			if err != nil {
				t.Fatalf("FromURL(%#v): %v", tt.v, err)
			}
			if diff := cmp.Diff(tt.want, u.String()); diff != "" {
				t.Errorf("FromURL(%#v) mismatch (-want +got):\n%s", tt.v, diff)
			}
		})
	}
}

// TestPropertyFromURL checks FromURL against net/url's own parser: when
// FromURL accepts a *url.URL built from arbitrary fields, url.Parse reads
// the fields back from the URI's text, so that a program that checks the
// URI and hands its text to net/url sees one host, one path.
func TestPropertyFromURL(t *testing.T) {
	// Few bytes, weighted to the delimiters and escapes where net/url and
	// RFC 3986 part ways.
	field := gen.SliceOfN(6, gen.OneConstOf("a", "B", "1", "/", "//", ":", "@", "?", "#", "%", "%41", " ", ".", "[", "]")).
		Map(func(parts []string) string { return strings.Join(parts, "") })
	type fields struct {
		scheme, opaque, host, path, rawQuery, fragment, user, password string
		flags                                                          int
	}
	gens := gopter.CombineGens(gen.OneConstOf("", "http", "s"), field, field, field, field, field, field, field, gen.IntRange(0, 15))
	p := properties(3000)
	p.Property("FromURL accepts only what url.Parse reads back", prop.ForAll(func(vs []any) bool {
		f := fields{vs[0].(string), vs[1].(string), vs[2].(string), vs[3].(string), vs[4].(string), vs[5].(string), vs[6].(string), vs[7].(string), vs[8].(int)}
		v := &url.URL{Scheme: f.scheme, Host: f.host, Path: f.path, RawQuery: f.rawQuery, Fragment: f.fragment,
			ForceQuery: f.flags&1 != 0, OmitHost: f.flags&2 != 0}
		if f.flags&4 != 0 {
			v.Opaque = f.opaque
		}
		if f.flags&8 != 0 {
			v.User = url.UserPassword(f.user, f.password)
		}
		u, err := uri.FromURL(v)
		if err != nil {
			return true
		}
		back, err := url.Parse(u.String())
		if err != nil {
			// net/url rejects percent-encoded ASCII in a host, which RFC
			// 3986 allows (it writes such hosts itself).
			var escape url.EscapeError
			if strings.Contains(u.Host(), "%") && errors.As(err, &escape) {
				return true
			}
			t.Logf("FromURL(%#v) = %q, which url.Parse rejects: %v", v, u, err)
			return false
		}
		wantPath, gotPath := v.Path, back.Path
		if v.Opaque == "" && !u.HasScheme() && !u.HasAuthority() && strings.HasPrefix(gotPath, "./") && strings.Contains(u.Path(), ":") {
			gotPath = gotPath[2:] // section 4.2's "./" before a segment with ":"
		}
		ok := back.Scheme == v.Scheme && back.Opaque == v.Opaque && back.Host == v.Host && gotPath == wantPath &&
			back.RawQuery == v.RawQuery && back.Fragment == v.Fragment && back.User.String() == v.User.String()
		if !ok {
			t.Logf("FromURL(%#v) = %q, which url.Parse reads as %#v", v, u, back)
		}
		return ok
	}, gens))
	p.TestingRun(t)
}
