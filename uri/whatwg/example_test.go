package whatwg_test

import (
	"fmt"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/whatwg"
)

func ExampleParse() {
	u, err := whatwg.Parse("HTTPS://Example.COM:443/a/./b/../c d?q=1 2#top")
	if err != nil {
		panic(err)
	}
	fmt.Println(u)
	fmt.Println(u.Hostname(), u.Port() == "", u.Pathname(), u.Search(), u.Hash())
	// Output:
	// https://example.com/a/c%20d?q=1%202#top
	// example.com true /a/c%20d ?q=1%202 #top
}

func ExampleURL_Parse() {
	base := whatwg.MustParse("http://example.com/docs/guide/index.html")
	for _, ref := range []string{"../img/a.png", "/search?q=x", "//cdn.example.net/lib.js", "\\\\evil.example\\x"} {
		u, _ := base.Parse(ref)
		fmt.Println(u)
	}
	// Output:
	// http://example.com/docs/img/a.png
	// http://example.com/search?q=x
	// http://cdn.example.net/lib.js
	// http://evil.example/x
}

// A browser accepts what RFC 3986 refuses; URI gives the valid URI it
// requests.
func ExampleURL_URI() {
	for _, s := range []string{
		"https://example.com/search?q=a b",
		"https://example.com/files/{id}|x",
		"http://example.com\\a\\b",
	} {
		_, err := uri.Parse(s)
		u := whatwg.MustParse(s)
		fmt.Printf("%-35q RFC 3986: %-5v browser requests %s\n", s, err == nil, u.URI())
	}
	// Output:
	// "https://example.com/search?q=a b"  RFC 3986: false browser requests https://example.com/search?q=a%20b
	// "https://example.com/files/{id}|x"  RFC 3986: false browser requests https://example.com/files/%7Bid%7D%7Cx
	// "http://example.com\\a\\b"          RFC 3986: false browser requests http://example.com/a/b
}

// Valid URIs that a browser reads otherwise: another host, another path.
func ExampleDiff() {
	for _, s := range []string{
		"http://0x7f.1/admin",
		"http:evil.example/x",
		"http://a/%2e%2e/admin",
		"http://EXAMPLE.com:80/",
		"https://example.com/ok",
	} {
		d := whatwg.Diff(s)
		fmt.Println(s, d.Differ())
	}
	fmt.Print(whatwg.Diff("http:evil.example/x"))
	// Output:
	// http://0x7f.1/admin [host]
	// http:evil.example/x [host path]
	// http://a/%2e%2e/admin [path]
	// http://EXAMPLE.com:80/ [host port]
	// https://example.com/ok []
	//            RFC 3986                       WHATWG URL
	//   scheme   "http"                         "http"
	//   userinfo ""                             ""
	// * host     (none)                         "evil.example"
	//   port     ""                             ""
	// * path     "evil.example/x"               "/x"
	//   query    (none)                         (none)
	//   fragment (none)                         (none)
}

func ExampleURL_SetHost() {
	u := whatwg.MustParse("https://example.com/a?b")
	u.SetHost("EXAMPLE.org:8443")
	u.SetPathname("/c d")
	u.SetHash("top")
	fmt.Println(u)
	// Output:
	// https://example.org:8443/c%20d?b#top
}

func ExampleParseForm() {
	p := whatwg.ParseForm("?q=a+b&lang=en&q=%E2%9C%93")
	fmt.Println(p.GetAll("q"))
	p.Set("lang", "fr")
	p.Sort()
	fmt.Println(p.String())
	// Output:
	// [a b ✓]
	// lang=fr&q=a+b&q=%E2%9C%93
}

func ExampleURL_Origin() {
	fmt.Println(whatwg.MustParse("https://user@example.com:8443/x").Origin())
	fmt.Println(whatwg.MustParse("blob:https://example.com/uuid").Origin())
	fmt.Println(whatwg.MustParse("file:///etc/hosts").Origin())
	// Output:
	// https://example.com:8443
	// https://example.com
	// null
}
