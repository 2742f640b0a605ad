package uri_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"

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
