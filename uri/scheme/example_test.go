package scheme_test

import (
	"errors"
	"fmt"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/scheme"
)

func ExampleCheck() {
	for _, s := range []string{"http://example.com/", "http:///a", "https://user@example.com/", "wss://h/chat#x", "file:///etc/hosts?q", "urn:x:1"} {
		fmt.Println(scheme.Check(uri.MustParse(s)))
	}
	err := scheme.Check(uri.MustParse("http://@example.com/"))
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, e.Component, errors.Is(err, uri.ErrUserInfoNotAllowed))
	}
	// Output:
	// <nil>
	// uri: check "http:///a": missing host at offset 7
	// uri: check "https://user@example.com/": userinfo not allowed at offset 8
	// uri: check "wss://h/chat#x": fragment not allowed at offset 12
	// uri: check "file:///etc/hosts?q": query not allowed at offset 17
	// uri: check "urn:x:1": invalid namespace identifier: unexpected ':' at offset 5 in path
	// 7 userinfo true
}

func ExampleDefaultPort() {
	fmt.Println(scheme.DefaultPort("https"))
	fmt.Println(scheme.DefaultPort("CoAP"))
	fmt.Println(scheme.DefaultPort("mailto"))
	// Output:
	// 443 true
	// 5683 true
	// 0 false
}

func ExampleDropDefaultPort() {
	// Normalize drops the default ports of the registry, and
	// DropDefaultPort with DefaultPort alone drops nothing else.
	u := uri.MustParse("COAP://Example.com:5683/%7Esensor")
	fmt.Println(u.Normalize())
	fmt.Println(scheme.DropDefaultPort(u, scheme.DefaultPort))

	// A table of one's own.
	mine := scheme.Ports{"myproto": 7000}
	fmt.Println(scheme.DropDefaultPort(uri.MustParse("myproto://h:7000/x"), mine.DefaultPort))
	// Output:
	// coap://example.com/~sensor
	// COAP://Example.com/%7Esensor
	// myproto://h/x
}

func ExamplePorts_DefaultPort() {
	mine := scheme.Ports{"myproto": 7000}
	fmt.Println(mine.DefaultPort("MyProto"))
	// Output:
	// 7000 true
}

func ExampleFromFilePath() {
	u, _ := scheme.FromFilePath("/home/me/notes #1.txt", scheme.Unix)
	fmt.Println(u)
	u, _ = scheme.FromFilePath(`C:\Users\me\notes #1.txt`, scheme.Windows)
	fmt.Println(u)
	u, _ = scheme.FromFilePath(`\\server\share\notes.txt`, scheme.Windows)
	fmt.Println(u)
	_, err := scheme.FromFilePath("notes.txt", scheme.Unix)
	fmt.Println(err)
	// Output:
	// file:///home/me/notes%20%231.txt
	// file:///C:/Users/me/notes%20%231.txt
	// file://server/share/notes.txt
	// uri: from file path "notes.txt": relative path at offset 0
}

func ExampleFilePath() {
	u := uri.MustParse("file:///C:/Users/me/notes%20%231.txt")
	fmt.Println(scheme.FilePath(u, scheme.Windows))
	fmt.Println(scheme.FilePath(u, scheme.Unix))
	fmt.Println(scheme.FilePath(uri.MustParse("file://server/share/a.txt"), scheme.Windows))
	fmt.Println(scheme.FilePath(uri.MustParse("file://server/share/a.txt"), scheme.Unix))
	// Output:
	// C:\Users\me\notes #1.txt <nil>
	// /C:/Users/me/notes #1.txt <nil>
	// \\server\share\a.txt <nil>
	//  uri: file path "file://server/share/a.txt": host is not local at offset 7
}

func ExampleParseMailto() {
	m, err := scheme.ParseMailto(uri.MustParse("mailto:joe@example.com,%22not%40me%22@example.org?cc=bob@example.com&body=hello%20there"))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%q\n", m.To)
	for _, h := range m.Headers {
		fmt.Printf("%s: %q\n", h.Name, h.Value)
	}
	// Output:
	// ["joe@example.com" "\"not@me\"@example.org"]
	// cc: "bob@example.com"
	// body: "hello there"
}

func ExampleBuildMailto() {
	u, err := scheme.BuildMailto(scheme.Mailto{
		To:      []string{"Mike&family@example.org"},
		Headers: []scheme.Header{{Name: "subject", Value: "a=b & c?"}, {Name: "body", Value: "line 1\r\nline 2"}},
	})
	fmt.Println(u, err)
	// Output:
	// mailto:Mike%26family@example.org?subject=a%3Db%20%26%20c%3F&body=line%201%0D%0Aline%202 <nil>
}

func ExampleParseURN() {
	n, err := scheme.ParseURN(uri.MustParse("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk#somepart"))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%+v\n", n)
	// Output:
	// {NID:example NSS:foo-bar-baz-qux RComponent:CCResolve:cc=uk QComponent: FComponent:somepart}
}

func ExampleEquivalentURN() {
	a := uri.MustParse("urn:example:a123%2Cz456")
	fmt.Println(scheme.EquivalentURN(a, uri.MustParse("URN:EXAMPLE:a123%2cz456?=xyz")))
	fmt.Println(scheme.EquivalentURN(a, uri.MustParse("urn:example:a123,z456")))
	// Output:
	// true
	// false
}

func ExampleParseData() {
	d, err := scheme.ParseData(uri.MustParse("data:,A%20brief%20note"))
	fmt.Printf("%s %v %q %v\n", d.MediaType, d.Base64, d.Data, err)
	d, err = scheme.ParseData(uri.MustParse("data:text/plain;charset=utf-8;base64,aMOpbGxv"))
	fmt.Printf("%s %v %q %v\n", d.MediaType, d.Base64, d.Data, err)
	_, err = scheme.ParseData(uri.MustParse("data:;base64,aMOpbGx"))
	fmt.Println(err)
	// Output:
	// text/plain;charset=US-ASCII false "A brief note" <nil>
	// text/plain;charset=utf-8 true "héllo" <nil>
	// uri: parse data "data:;base64,aMOpbGx": invalid base64 data: unexpected end of input at offset 20 in path
}

func ExamplePathStyle() {
	for _, style := range []scheme.PathStyle{scheme.Unix, scheme.Windows} {
		p, err := scheme.FilePath(uri.MustParse("file:///tmp/a%20b"), style)
		fmt.Printf("%v: %q %v\n", style, p, err)
	}
	// Output:
	// Unix: "/tmp/a b" <nil>
	// Windows: "" uri: file path "file:///tmp/a%20b": relative path at offset 8
}
