package uri_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

func TestEdits(t *testing.T) {
	const full = "https://u@a:8/p/q?x=1#f"
	tests := []struct {
		op, in, arg, want string
		wantErr           error
	}{
		{"path", full, "/new path/%41%", "https://u@a:8/new%20path/%41%25?x=1#f", nil},
		{"path", full, "", "https://u@a:8?x=1#f", nil},
		{"path", full, "rel", "", uri.ErrPathNotAbsolute},
		{"path", "mailto:a@b", "//x", "", uri.ErrPathDoubleSlash},
		{"path", "mailto:a@b", "c@d?e", "mailto:c@d%3Fe", nil},
		{"path", "?q", "a:b", "./a:b?q", nil},
		{"path", "//h", "/x", "//h/x", nil},
		{"query", full, "a=1&b=%zz c#", "https://u@a:8/p/q?a=1&b=%25zz%20c%23#f", nil},
		{"query", full, "", "https://u@a:8/p/q?#f", nil},
		{"query", "http://a", "q", "http://a?q", nil},
		{"noquery", full, "", "https://u@a:8/p/q#f", nil},
		{"noquery", "http://a/?q", "", "http://a/", nil},
		{"noquery", "http://a/", "", "http://a/", nil},
		{"fragment", full, "sec 2#", "https://u@a:8/p/q?x=1#sec%202%23", nil},
		{"fragment", "http://a/", "", "http://a/#", nil},
		{"nofragment", full, "", "https://u@a:8/p/q?x=1", nil},
		{"nofragment", "#only", "", "", nil},
		{"nofragment", "http://[fe80::1%25eth0]/#f", "", "http://[fe80::1%25eth0]/", nil},
	}
	for _, tt := range tests {
		t.Run(tt.op+" "+tt.in+" "+tt.arg, func(t *testing.T) {
			u, err := uri.Parser{ZoneID: true}.Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			var got uri.URI
			switch tt.op {
			case "path":
				got, err = u.WithPath(tt.arg)
			case "query":
				got, err = u.WithQuery(tt.arg)
			case "noquery":
				got = u.WithoutQuery()
			case "fragment":
				got, err = u.WithFragment(tt.arg)
			case "nofragment":
				got = u.WithoutFragment()
			}
			if !errors.Is(err, tt.wantErr) || err == nil && got.String() != tt.want {
				t.Fatalf("%s(%q, %q) = %q, %v; want %q, %v", tt.op, tt.in, tt.arg, got, err, tt.want, tt.wantErr)
			}
			if err != nil {
				var e *uri.Error
				if !errors.As(err, &e) || e.Op != "with path" || e.Input != tt.arg {
					t.Errorf("%s(%q, %q): %#v is not an *Error of Op \"with path\" on the argument", tt.op, tt.in, tt.arg, err)
				}
				return
			}
			if back, err := (uri.Parser{ZoneID: true}).Parse(got.String()); err != nil || back != got {
				t.Errorf("%q reads back as %q, %v", got, back, err)
			}
		})
	}
}

func TestEditAllocs(t *testing.T) {
	u := uri.MustParse("https://a/p?x=1#f")
	tests := []struct {
		name string
		want float64
		f    func()
	}{
		{"WithPath", 1, func() { sinkURI, sinkErr = u.WithPath("/a b") }},
		{"WithQuery", 1, func() { sinkURI, sinkErr = u.WithQuery("y=2") }},
		{"WithFragment", 1, func() { sinkURI, sinkErr = u.WithFragment("g") }},
		{"WithoutQuery", 1, func() { sinkURI = u.WithoutQuery() }},
		{"WithoutQuery/no fragment", 0, func() { sinkURI = u.WithoutFragment().WithoutQuery() }},
		{"WithoutFragment", 0, func() { sinkURI = u.WithoutFragment() }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := testing.AllocsPerRun(100, tt.f)
			t.Logf("%s: %v allocs", tt.name, got)
			if got != tt.want {
				t.Errorf("%s: %v allocs, want %v", tt.name, got, tt.want)
			}
		})
	}
}

func ExampleURI_WithPath() {
	u := uri.MustParse("https://example.com/old?q=1#top")
	u, err := u.WithPath("/new/file name.html")
	fmt.Println(u, err)
	_, err = u.WithPath("relative")
	fmt.Println(err)
	// Output:
	// https://example.com/new/file%20name.html?q=1#top <nil>
	// uri: with path "relative": path after an authority must be empty or begin with "/" at offset 0
}

func ExampleURI_WithQuery() {
	u := uri.MustParse("https://example.com/search?old=1#results")
	u, _ = u.WithQuery("q=" + uri.EscapeQueryParam("go & rust"))
	fmt.Println(u)
	// Output: https://example.com/search?q=go%20%26%20rust#results
}

func ExampleURI_WithoutQuery() {
	u := uri.MustParse("https://example.com/a?utm_source=x#top")
	fmt.Println(u.WithoutQuery())
	// Output: https://example.com/a#top
}

func ExampleURI_WithFragment() {
	u := uri.MustParse("https://example.com/doc")
	u, _ = u.WithFragment("section 2")
	fmt.Println(u)
	// Output: https://example.com/doc#section%202
}

func ExampleURI_WithoutFragment() {
	u := uri.MustParse("https://example.com/doc?v=2#section-3")
	fmt.Println(u.WithoutFragment())
	// Output: https://example.com/doc?v=2
}
