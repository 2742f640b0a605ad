package uri_test

import (
	"errors"
	"fmt"

	"github.com/urilabs/rfc3986/uri"
)

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

func ExampleAppendNormalized() {
	buf := uri.AppendNormalized(nil, uri.MustParse("HTTP://A/%7e"))
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
	// uri: build "relative": path after an authority must be empty or begin with "/": unexpected 'r' at offset 0 in path
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
