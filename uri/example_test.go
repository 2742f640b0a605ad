package uri_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"

	"github.com/urilabs/rfc3986/uri"
)

func ExampleParse() {
	u, err := uri.Parse("foo://example.com:8042/over/there?name=ferret#nose")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Scheme())
	fmt.Println(u.Authority())
	fmt.Println(u.Host(), u.HostKind())
	fmt.Println(u.Port())
	fmt.Println(u.Path())
	fmt.Println(u.Query())
	fmt.Println(u.Fragment())
	// Output:
	// foo
	// example.com:8042
	// example.com RegName
	// 8042
	// /over/there
	// name=ferret
	// nose
}

func ExampleParse_error() {
	_, err := uri.Parse("http://example.com/a b")
	fmt.Println(err)

	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, e.Component, errors.Is(err, uri.ErrInvalidCharacter))
	}
	// Output:
	// uri: parse "http://example.com/a b": invalid character ' ' at offset 20 in path
	// 20 path true
}

func ExampleMustParse() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	fmt.Println(base.Path(), base.IsAbsolute())
	// Output: /b/c/d;p true
}

// Components that may be undefined have a Has method: an empty query is
// not the same as none.
func ExampleURI_HasQuery() {
	for _, s := range []string{"http://example.com/", "http://example.com/?"} {
		u := uri.MustParse(s)
		fmt.Printf("%-22q query %q defined %v\n", s, u.Query(), u.HasQuery())
	}
	// Output:
	// "http://example.com/"  query "" defined false
	// "http://example.com/?" query "" defined true
}

// RFC 3986 reads a host that matches IPv4address as one; anything else of
// digits and dots is a registered name.
func ExampleURI_HostKind() {
	for _, s := range []string{"//192.0.2.1", "//192.0.2.256", "//127.1", "//[2001:db8::1]", "//[v1.x]", "//example.com", "/no/authority"} {
		fmt.Printf("%-16s %v\n", s, uri.MustParse(s).HostKind())
	}
	// Output:
	// //192.0.2.1      IPv4
	// //192.0.2.256    RegName
	// //127.1          RegName
	// //[2001:db8::1]  IPv6
	// //[v1.x]         IPvFuture
	// //example.com    RegName
	// /no/authority    NoHost
}

func ExampleURI_PortNumber() {
	for _, s := range []string{"//h:8080", "//h:0080", "//h:", "//h", "//h:99999"} {
		n, ok := uri.MustParse(s).PortNumber()
		fmt.Println(s, n, ok)
	}
	// Output:
	// //h:8080 8080 true
	// //h:0080 80 true
	// //h: 0 false
	// //h 0 false
	// //h:99999 0 false
}

// The forms of section 4.2 and 4.3.
func ExampleURI_IsRelative() {
	for _, s := range []string{"http://a/b", "http://a/b#f", "//a/b", "/a/b", "a/b", "#f"} {
		u := uri.MustParse(s)
		fmt.Printf("%-12s absolute=%-5v relative=%-5v network=%-5v absolute-path=%-5v relative-path=%-5v same-document=%v\n",
			s, u.IsAbsolute(), u.IsRelative(), u.IsNetworkPath(), u.IsAbsolutePath(), u.IsRelativePath(), u.IsSameDocument())
	}
	// Output:
	// http://a/b   absolute=true  relative=false network=false absolute-path=false relative-path=false same-document=false
	// http://a/b#f absolute=false relative=false network=false absolute-path=false relative-path=false same-document=false
	// //a/b        absolute=false relative=true  network=true  absolute-path=false relative-path=false same-document=false
	// /a/b         absolute=false relative=true  network=false absolute-path=true  relative-path=false same-document=false
	// a/b          absolute=false relative=true  network=false absolute-path=false relative-path=true  same-document=false
	// #f           absolute=false relative=true  network=false absolute-path=false relative-path=true  same-document=true
}

// A Parser with ZoneID accepts the IPv6 zones of RFC 6874, which Parse
// rejects.
func ExampleParser() {
	_, err := uri.Parse("http://[fe80::1%25eth0]:8080/")
	fmt.Println(err)

	u, err := uri.Parser{ZoneID: true}.Parse("http://[fe80::1%25eth0]:8080/")
	fmt.Println(u.Host(), u.Zone(), u.Port(), err)
	// Output:
	// uri: parse "http://[fe80::1%25eth0]:8080/": invalid IPv6 address: unexpected '%' at offset 15 in host
	// [fe80::1%25eth0] eth0 8080 <nil>
}

func ExampleURI_URL() {
	u := uri.MustParse("http://user@example.com/a%2Fb?q=1#top")
	v := u.URL()
	fmt.Println(v.Host, v.Path, v.EscapedPath(), v.RawQuery, v.Fragment)
	fmt.Println(v)
	// Output:
	// example.com /a/b /a%2Fb q=1 top
	// http://user@example.com/a%2Fb?q=1#top
}

func ExampleFromURL() {
	v, _ := url.Parse("https://example.com/a b")
	u, err := uri.FromURL(v)
	fmt.Println(u, err)

	_, err = uri.FromURL(&url.URL{Scheme: "http", Host: "[fe80::1%eth0]"})
	fmt.Println(err)
	// Output:
	// https://example.com/a%20b <nil>
	// uri: from url "http://[fe80::1%25eth0]": invalid IPv6 address: unexpected '%' at offset 15 in host
}

func ExampleURI_Redacted() {
	u := uri.MustParse("https://deploy:hunter2@git.example.com/repo.git")
	fmt.Println(u.Redacted())
	// Output: https://deploy:xxxxx@git.example.com/repo.git
}

// A URI in a struct encodes as a JSON string, and an invalid one fails to
// decode with the parse error.
func ExampleURI_MarshalText() {
	type Link struct {
		Href uri.URI `json:"href"`
	}
	data, _ := json.Marshal(Link{uri.MustParse("http://example.com/?q=1")})
	fmt.Println(string(data))

	var l Link
	err := json.Unmarshal([]byte(`{"href": "http://exa mple.com/"}`), &l)
	fmt.Println(err)
	// Output:
	// {"href":"http://example.com/?q=1"}
	// uri: parse "http://exa mple.com/": invalid character ' ' at offset 10 in host
}

// The examples below are for the accessors, predicates and smaller
// functions: one each, so that each has its own in the documentation.

func ExampleURI_String() {
	u := uri.MustParse("HTTP://Example.com/a/../b")
	fmt.Println(u.String()) // exactly the input, not normalized
	fmt.Println(u.Normalize())
	// Output:
	// HTTP://Example.com/a/../b
	// http://example.com/b
}

func ExampleURI_Scheme() {
	for _, s := range []string{"https://example.com/", "mailto:a@example.com", "//example.com/", "a/b"} {
		u := uri.MustParse(s)
		fmt.Printf("%-22s scheme=%q defined=%v\n", s, u.Scheme(), u.HasScheme())
	}
	// Output:
	// https://example.com/   scheme="https" defined=true
	// mailto:a@example.com   scheme="mailto" defined=true
	// //example.com/         scheme="" defined=false
	// a/b                    scheme="" defined=false
}

func ExampleURI_HasScheme() {
	fmt.Println(uri.MustParse("urn:isbn:0451450523").HasScheme())
	fmt.Println(uri.MustParse("./urn:isbn").HasScheme()) // a relative path: "./" hides the ":"
	// Output:
	// true
	// false
}

func ExampleURI_Authority() {
	for _, s := range []string{"http://user@example.com:8080/x", "file:///etc/hosts", "mailto:a@example.com"} {
		u := uri.MustParse(s)
		fmt.Printf("%-31s authority=%q defined=%v\n", s, u.Authority(), u.HasAuthority())
	}
	// Output:
	// http://user@example.com:8080/x  authority="user@example.com:8080" defined=true
	// file:///etc/hosts               authority="" defined=true
	// mailto:a@example.com            authority="" defined=false
}

func ExampleURI_HasAuthority() {
	// In a relative reference, "//" begins an authority: this is a
	// network-path reference to the host evil.example, not a path.
	u := uri.MustParse("//evil.example/x")
	fmt.Println(u.HasAuthority(), u.Host(), u.Path())
	// Output:
	// true evil.example /x
}

func ExampleURI_UserInfo() {
	u := uri.MustParse("ftp://anonymous:guest%40example.com@ftp.example.com/")
	fmt.Println(u.UserInfo())
	fmt.Println(u.Redacted()) // the password is out of logs
	// Output:
	// anonymous:guest%40example.com
	// ftp://anonymous:xxxxx@ftp.example.com/
}

func ExampleURI_HasUserInfo() {
	for _, s := range []string{"http://a@b/", "http://@b/", "http://b/"} {
		u := uri.MustParse(s)
		fmt.Printf("%-12s userinfo=%q defined=%v\n", s, u.UserInfo(), u.HasUserInfo())
	}
	// Output:
	// http://a@b/  userinfo="a" defined=true
	// http://@b/   userinfo="" defined=true
	// http://b/    userinfo="" defined=false
}

func ExampleURI_Host() {
	for _, s := range []string{"http://example.com/", "http://192.0.2.1/", "http://[2001:db8::7]/", "http://127.1/", "file:///etc"} {
		u := uri.MustParse(s)
		fmt.Printf("%-22s host=%-16q %v\n", s, u.Host(), u.HostKind())
	}
	// Output:
	// http://example.com/    host="example.com"    RegName
	// http://192.0.2.1/      host="192.0.2.1"      IPv4
	// http://[2001:db8::7]/  host="[2001:db8::7]"  IPv6
	// http://127.1/          host="127.1"          RegName
	// file:///etc            host=""               RegName
}

func ExampleURI_Zone() {
	// RFC 3986 has no zones; RFC 6874 adds them, on request.
	_, err := uri.Parse("http://[fe80::1%25eth0]/")
	fmt.Println(err)
	u, _ := uri.Parser{ZoneID: true}.Parse("http://[fe80::1%25eth0]/")
	fmt.Println(u.Host(), u.Zone())
	// Output:
	// uri: parse "http://[fe80::1%25eth0]/": invalid IPv6 address: unexpected '%' at offset 15 in host
	// [fe80::1%25eth0] eth0
}

func ExampleParser_Parse() {
	p := uri.Parser{ZoneID: true}
	u, err := p.Parse("//[fe80::a%25en1]:8080/")
	fmt.Println(u.Zone(), u.Port(), err)
	// Output:
	// en1 8080 <nil>
}

func ExampleURI_Port() {
	for _, s := range []string{"http://a:8080/", "http://a:/", "http://a/"} {
		u := uri.MustParse(s)
		fmt.Printf("%-14s port=%q defined=%v\n", s, u.Port(), u.HasPort())
	}
	// Output:
	// http://a:8080/ port="8080" defined=true
	// http://a:/     port="" defined=true
	// http://a/      port="" defined=false
}

func ExampleURI_HasPort() {
	// An empty port is allowed, and means the scheme's default; Normalize
	// drops it.
	u := uri.MustParse("http://example.com:/")
	fmt.Println(u.HasPort(), u.Normalize())
	// Output:
	// true http://example.com/
}

func ExampleURI_Path() {
	for _, s := range []string{"http://a/b%2Fc/d", "mailto:a@example.com", "http://a", "?q"} {
		fmt.Printf("%-21s path=%q\n", s, uri.MustParse(s).Path())
	}
	// Output:
	// http://a/b%2Fc/d      path="/b%2Fc/d"
	// mailto:a@example.com  path="a@example.com"
	// http://a              path=""
	// ?q                    path=""
}

func ExampleURI_Query() {
	u := uri.MustParse("/search?q=a+b&lang=en#top")
	fmt.Println(u.Query()) // raw: "+" is a plus sign in RFC 3986
	// Output:
	// q=a+b&lang=en
}

func ExampleURI_Fragment() {
	for _, s := range []string{"/a#top", "/a#", "/a"} {
		u := uri.MustParse(s)
		fmt.Printf("%-6s fragment=%q defined=%v\n", s, u.Fragment(), u.HasFragment())
	}
	// Output:
	// /a#top fragment="top" defined=true
	// /a#    fragment="" defined=true
	// /a     fragment="" defined=false
}

func ExampleURI_HasFragment() {
	// A URI with a fragment, even an empty one, is not an absolute-URI
	// (section 4.3).
	u := uri.MustParse("http://a/b#")
	fmt.Println(u.HasFragment(), u.IsAbsolute())
	// Output:
	// true false
}

func ExampleURI_IsAbsolute() {
	for _, s := range []string{"http://a/b?c", "http://a/b#c", "/b"} {
		fmt.Printf("%-12s %v\n", s, uri.MustParse(s).IsAbsolute())
	}
	// Output:
	// http://a/b?c true
	// http://a/b#c false
	// /b           false
}

func ExampleURI_IsNetworkPath() {
	fmt.Println(uri.MustParse("//example.com/a").IsNetworkPath())
	fmt.Println(uri.MustParse("http://example.com/a").IsNetworkPath())
	// Output:
	// true
	// false
}

func ExampleURI_IsAbsolutePath() {
	fmt.Println(uri.MustParse("/a/b").IsAbsolutePath())
	fmt.Println(uri.MustParse("a/b").IsAbsolutePath())
	// Output:
	// true
	// false
}

func ExampleURI_IsRelativePath() {
	for _, s := range []string{"a/b", "../c", "?q", "/a"} {
		fmt.Printf("%-4s %v\n", s, uri.MustParse(s).IsRelativePath())
	}
	// Output:
	// a/b  true
	// ../c true
	// ?q   true
	// /a   false
}

func ExampleURI_IsSameDocument() {
	for _, s := range []string{"", "#section-2", "?q#x", "http://a/#x"} {
		fmt.Printf("%-12q %v\n", s, uri.MustParse(s).IsSameDocument())
	}
	// Output:
	// ""           true
	// "#section-2" true
	// "?q#x"       false
	// "http://a/#x" false
}

func ExampleHostKind_String() {
	fmt.Println(uri.MustParse("//[v1.fe80::a]/").HostKind().String())
	// Output:
	// IPvFuture
}

func ExampleComponent_String() {
	_, err := uri.Parse("http://a/b c")
	var e *uri.Error
	errors.As(err, &e)
	fmt.Println(e.Component.String())
	// Output:
	// path
}

func ExampleTargetForm_String() {
	t, _ := uri.ParseRequestTarget("example.com:443")
	fmt.Println(t.Form().String())
	// Output:
	// authority-form
}

func ExampleError_Error() {
	_, err := uri.Parse("http://example.com:80a/")
	fmt.Println(err.Error())
	// Output:
	// uri: parse "http://example.com:80a/": invalid port: unexpected 'a' at offset 21 in port
}

func ExampleError_Message() {
	// A tool that shows the input its own way, with a caret, wants the
	// message without the input.
	in := "http://a b/"
	_, err := uri.Parse(in)
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(in)
		fmt.Printf("%*s^ %s\n", e.Offset, "", e.Message())
	}
	// Output:
	// http://a b/
	//         ^ invalid character ' ' at offset 8 in host
}

func ExampleError_Unwrap() {
	_, err := uri.Parse("/a%zz")
	fmt.Println(errors.Is(err, uri.ErrInvalidPercentEncoding))
	fmt.Println(errors.Unwrap(err) == uri.ErrInvalidPercentEncoding)
	// Output:
	// true
	// true
}

func ExampleAppendEscape() {
	// Build a path from segments of arbitrary data into one buffer.
	buf := []byte("/files")
	for _, seg := range []string{"a b", "c/d", "100%"} {
		buf = append(buf, '/')
		buf, _ = uri.AppendEscape(buf, seg, uri.Segment) // a segment holds any data
	}
	fmt.Println(string(buf))
	// Output:
	// /files/a%20b/c%2Fd/100%25
}

func ExampleAppendUnescape() {
	var buf []byte
	for seg := range uri.MustParse("/files/a%20b/c%2Fd").Segments() {
		var err error
		buf, err = uri.AppendUnescape(buf[:0], seg)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%q\n", buf)
	}
	// Output:
	// "files"
	// "a b"
	// "c/d"
}

func ExampleURI_AppendText() {
	// AppendText writes the URI into a buffer that is reused.
	buf := make([]byte, 0, 64)
	for _, s := range []string{"http://a/", "mailto:b@example.com"} {
		buf, _ = uri.MustParse(s).AppendText(buf[:0])
		fmt.Println(string(buf))
	}
	// Output:
	// http://a/
	// mailto:b@example.com
}

func ExampleURI_UnmarshalText() {
	var config struct {
		Upstream uri.URI `json:"upstream"`
	}
	err := json.Unmarshal([]byte(`{"upstream": "http://backend:8080/api"}`), &config)
	fmt.Println(config.Upstream.Host(), config.Upstream.Port(), err)

	err = json.Unmarshal([]byte(`{"upstream": "http://back end/"}`), &config)
	fmt.Println(err)
	// Output:
	// backend 8080 <nil>
	// uri: parse "http://back end/": invalid character ' ' at offset 11 in host
}

func ExampleURI_LogValue() {
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{} // for a stable output
			}
			return a
		},
	}))
	u := uri.MustParse("https://admin:hunter2@db.example.com/")
	logger.Info("connecting", "to", u)
	// Output:
	// level=INFO msg=connecting to=https://admin:xxxxx@db.example.com/
}

// The examples below are for the functions that write a new URI or
// string: resolving, normalizing, building and escaping.

// Section 5.4 of RFC 3986 resolves references against this base.
func ExampleURI_Resolve() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	for _, ref := range []string{"g", "../g", "?y", "#s", "//g", "../../../g", "g;x=1/../y", "http:g"} {
		u, err := base.Resolve(uri.MustParse(ref))
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-12s %s\n", ref, u)
	}
	// Output:
	// g            http://a/b/c/g
	// ../g         http://a/b/g
	// ?y           http://a/b/c/d;p?y
	// #s           http://a/b/c/d;p?q#s
	// //g          http://g
	// ../../../g   http://a/g
	// g;x=1/../y   http://a/b/c/y
	// http:g       http:g
}

// The non-strict variant of section 5.2.2 reads a reference with the
// base's scheme as relative.
func ExampleURI_ResolveNonStrict() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	strict, _ := base.Resolve(uri.MustParse("http:g"))
	compat, _ := base.ResolveNonStrict(uri.MustParse("http:g"))
	fmt.Println(strict)
	fmt.Println(compat)
	// Output:
	// http:g
	// http://a/b/c/g
}

// A path that would begin with "//" without an authority gets "/." before
// it, or it would read as an authority.
func ExampleURI_Resolve_guard() {
	base := uri.MustParse("foo:/a/b")
	u, _ := base.ResolveString("..//x")
	fmt.Println(u, u.HasAuthority(), u.Path())
	// Output: foo:/.//x false /.//x
}

func ExampleURI_ResolveString() {
	base := uri.MustParse("https://example.com/docs/guide/intro.html")
	for _, ref := range []string{"setup.html#install", "../api/", "/", "a b"} {
		u, err := base.ResolveString(ref)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(u)
	}
	_, err := uri.MustParse("/relative/base").ResolveString("g")
	fmt.Println(errors.Is(err, uri.ErrRelativeBase))
	// Output:
	// https://example.com/docs/guide/setup.html#install
	// https://example.com/docs/api/
	// https://example.com/
	// uri: parse "a b": invalid character ' ' at offset 1 in path
	// true
}

func ExampleAppendResolve() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	buf := make([]byte, 0, 64) // reused: no allocation per call
	for _, ref := range []string{"g", "../h"} {
		buf, _ = uri.AppendResolve(buf[:0], base, uri.MustParse(ref))
		fmt.Println(string(buf))
	}
	// Output:
	// http://a/b/c/g
	// http://a/b/h
}

func ExampleRemoveDotSegments() {
	fmt.Println(uri.RemoveDotSegments("/a/b/c/./../../g"))
	fmt.Println(uri.RemoveDotSegments("mid/content=5/../6"))
	// Output:
	// /a/g
	// mid/6
}

func ExampleURI_Normalize() {
	for _, s := range []string{
		"eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
		"HTTP://www.EXAMPLE.com:80",
		"https://h:0443/a/%2e%2E/b?%7e#%41",
		"foo:/a/..//x",
	} {
		fmt.Println(uri.MustParse(s).Normalize())
	}
	// Output:
	// example://a/b/c/%7Bfoo%7D
	// http://www.example.com/
	// https://h/b?~#A
	// foo:/.//x
}

// The two levels: syntax-based (6.2.2) leaves ports and empty paths alone.
func ExampleURI_NormalizeSyntax() {
	u := uri.MustParse("HTTP://Example.com:80")
	fmt.Println(u.NormalizeSyntax())
	fmt.Println(u.Normalize())
	// Output:
	// http://example.com:80
	// http://example.com/
}

func ExampleAppendNormalize() {
	buf := uri.AppendNormalize(nil, uri.MustParse("HTTP://A/%7e"))
	fmt.Println(string(buf))
	// Output: http://a/~
}

func ExampleEquivalent() {
	pairs := [][2]string{
		{"example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"},
		{"http://example.com", "http://example.com:80/"},
		{"http://example.com/", "http://example.com/?"},
		{"http://example.com/a", "http://example.com/A"},
	}
	for _, p := range pairs {
		fmt.Println(uri.Equivalent(uri.MustParse(p[0]), uri.MustParse(p[1])))
	}
	// Output:
	// true
	// true
	// false
	// false
}

func ExampleBuild() {
	// Escape never fails for a segment, which can hold any data.
	seg, _ := uri.Escape("a/b", uri.Segment)
	q, _ := uri.Escape("x&y z", uri.Segment)
	u, err := uri.Build(uri.Components{
		Scheme:   "https",
		Host:     "example.com",
		Path:     "/search results/" + seg,
		Query:    "q=" + q,
		HasQuery: true,
	})
	fmt.Println(u, err)

	// An empty query is not an undefined one.
	u, _ = uri.Build(uri.Components{Path: "a:b", HasQuery: true})
	fmt.Println(u)

	_, err = uri.Build(uri.Components{Host: "example.com", Path: "relative"})
	fmt.Println(err)
	// Output:
	// https://example.com/search%20results/a%2Fb?q=x&y%20z <nil>
	// ./a:b?
	// uri: build "relative": path after an authority must be empty or begin with "/" at offset 0
}

func ExampleURI_Components() {
	c := uri.MustParse("http://example.com/a?").Components()
	fmt.Printf("%q %v %q %v\n", c.Query, c.HasQuery, c.Fragment, c.HasFragment)
	c.Path, c.Fragment = "/b", "top"
	u, _ := uri.Build(c)
	fmt.Println(u)
	// Output:
	// "" true "" false
	// http://example.com/b?#top
}

func ExampleEscape() {
	s := "a b/c?d&e=f#g"
	fmt.Println(uri.Escape(s, uri.Path))
	fmt.Println(uri.Escape(s, uri.Segment))
	fmt.Println(uri.Escape(s, uri.Query))
	fmt.Println(uri.Escape("é", uri.Path))
	// A port cannot hold a percent-encoding: nothing can make this one.
	_, err := uri.Escape("8080x", uri.Port)
	fmt.Println(err)
	// Output:
	// a%20b/c%3Fd&e=f%23g <nil>
	// a%20b%2Fc%3Fd&e=f%23g <nil>
	// a%20b/c?d&e=f%23g <nil>
	// %C3%A9 <nil>
	// uri: escape "8080x": invalid port: unexpected 'x' at offset 4 in port
}

func ExampleUnescape() {
	s, err := uri.Unescape("a%20b%2Fc+d")
	fmt.Printf("%q %v\n", s, err)
	_, err = uri.Unescape("100%")
	fmt.Println(err)
	// Output:
	// "a b/c+d" <nil>
	// uri: unescape "100%": invalid percent-encoding: unexpected end of input at offset 4
}

func ExampleURI_Segments() {
	for seg := range uri.MustParse("http://h/a/b%2Fc//d/").Segments() {
		fmt.Printf("%q ", seg)
	}
	fmt.Println()
	// Output: "a" "b%2Fc" "" "d" ""
}

func ExampleURI_QueryPairs() {
	for k, v := range uri.MustParse("/search?q=a+b%26c&lang=&flag&&x=1=2").QueryPairs() {
		value, _ := uri.Unescape(v)
		fmt.Printf("%q = %q\n", k, value)
	}
	// Output:
	// "q" = "a+b&c"
	// "lang" = ""
	// "flag" = ""
	// "x" = "1=2"
}

func ExampleURI_Addr() {
	for _, s := range []string{"http://192.0.2.1/", "http://[2001:DB8::1]:8080/", "http://127.1/", "http://example.com/"} {
		a, ok := uri.MustParse(s).Addr()
		fmt.Println(a, ok)
	}
	// Output:
	// 192.0.2.1 true
	// 2001:db8::1 true
	// invalid IP false
	// invalid IP false
}

func ExampleURI_Offsets() {
	u := uri.MustParse("https://user:pass@example.com:1234/foo/bar?baz#quux")
	o := u.Offsets()
	s := u.String()
	fmt.Printf("%+v\n", o)
	fmt.Println(s[o.HostStart:o.HostEnd], s[o.PathStart:o.PathEnd], s[o.PathEnd:])
	// Output:
	// {SchemeEnd:5 AuthorityStart:8 HostStart:18 HostEnd:29 PathStart:34 PathEnd:42 QueryEnd:46}
	// example.com /foo/bar ?baz#quux
}
