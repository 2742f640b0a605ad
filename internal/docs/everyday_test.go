package docs_test

// The Go blocks of docs/everyday.md, line for line.

import (
	"fmt"
	"net"
	"net/url"

	"github.com/urilabs/rfc3986/uri"
)

// docs/everyday.md, "Build a query".
func Example_everydayBuild() {
	u := uri.MustParse("https://api.example.com/search")
	u, _ = u.SetParam("q", "rock&roll=1") // still one value: "&" and "=" are escaped
	u, _ = u.AddParam("tag", "a b")
	fmt.Println(u) // https://api.example.com/search?q=rock%26roll%3D1&tag=a%20b

	fmt.Println(uri.EscapeQueryParam("a&b c")) // a%26b%20c, for a key or a value
	fmt.Println(uri.EscapeForm("a&b c"))       // a%26b+c, url.QueryEscape's form
	v, _ := u.WithValues(url.Values{"q": {"x y"}, "page": {"2"}})
	fmt.Println(v) // https://api.example.com/search?page=2&q=x+y
	// Output:
	// https://api.example.com/search?q=rock%26roll%3D1&tag=a%20b
	// a%26b%20c
	// a%26b+c
	// https://api.example.com/search?page=2&q=x+y
}

// docs/everyday.md, "Read a query".
func Example_everydayRead() {
	u := uri.MustParse("/list?page=2&sort=name+asc&tag=a&tag=b%26c")
	page, ok := u.FormParam("page") // "2", true: the first value, decoded
	fmt.Println(page, ok)
	for k, v := range u.FormParams() { // every pair, decoded, "+" as a space
		fmt.Printf("%s=%q\n", k, v)
	}
	sort, _ := u.QueryParam("sort") // "name+asc": RFC 3986 keeps "+"
	fmt.Println(sort, u.FormValues()["tag"])
	// Output:
	// 2 true
	// page="2"
	// sort="name asc"
	// tag="a"
	// tag="b&c"
	// name+asc [a b&c]
}

// docs/everyday.md, "Edit a signed URL".
func Example_everydaySigned() {
	u := uri.MustParse("https://cdn.example.com/f?expires=1700000000&path=%2Fa%2Fb&sig=abc")
	unsigned := u.DeleteParam("sig") // what the signature was computed over
	fmt.Println(unsigned)            // https://cdn.example.com/f?expires=1700000000&path=%2Fa%2Fb
	resigned, _ := unsigned.AddParam("sig", "n3w+/=")
	fmt.Println(resigned) // https://cdn.example.com/f?expires=1700000000&path=%2Fa%2Fb&sig=n3w%2B/%3D
	// Output:
	// https://cdn.example.com/f?expires=1700000000&path=%2Fa%2Fb
	// https://cdn.example.com/f?expires=1700000000&path=%2Fa%2Fb&sig=n3w%2B/%3D
}

// docs/everyday.md, "Small edits".
func Example_everydayEdits() {
	u := uri.MustParse("https://example.com/old?q=1#top")
	fmt.Println(u.WithoutFragment()) // https://example.com/old?q=1, no allocation
	fmt.Println(u.WithoutQuery())    // https://example.com/old#top
	p, err := u.WithPath("/new/a b") // taken as encoded: " " becomes %20, "%41" stays
	fmt.Println(p, err)              // https://example.com/new/a%20b?q=1#top <nil>
	_, err = u.WithPath("relative")  // an authority needs an absolute path
	fmt.Println(err != nil)
	// Output:
	// https://example.com/old?q=1
	// https://example.com/old#top
	// https://example.com/new/a%20b?q=1#top <nil>
	// true
}

// docs/everyday.md, "Dial". It has no Output, so go test compiles it and
// does not run it: it would connect. uri's TestDialAddress checks the
// values in its comments.
func Example_everydayDial() {
	u := uri.MustParse("https://[2001:db8::1]/api")
	fmt.Println(u.Host(), u.Hostname()) // [2001:db8::1] 2001:db8::1
	addr, err := u.DialAddress()        // the port of the URI, or of its scheme
	if err != nil {
		return // no host, no port and no default, or a host no dialer reaches as written
	}
	fmt.Println(addr) // [2001:db8::1]:443
	conn, err := net.Dial("tcp", addr)
	if err == nil {
		conn.Close()
	}
}
