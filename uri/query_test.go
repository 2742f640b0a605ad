package uri_test

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

func TestEscapeQueryParam(t *testing.T) {
	tests := []struct{ in, want, wantForm string }{
		{"", "", ""},
		{"plain-._~09AZaz", "plain-._~09AZaz", "plain-._~09AZaz"},
		{"a&admin=1", "a%26admin%3D1", "a%26admin%3D1"},
		{"a b+c", "a%20b%2Bc", "a+b%2Bc"},
		{"x;y#z%", "x%3By%23z%25", "x%3By%23z%25"},
		{"/path?q:@!$'()*,", "/path?q:@!$'()*,", "%2Fpath%3Fq%3A%40%21%24%27%28%29%2A%2C"},
		{"é\x00\xff", "%C3%A9%00%FF", "%C3%A9%00%FF"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := uri.EscapeQueryParam(tt.in); got != tt.want {
				t.Errorf("EscapeQueryParam(%q) = %q, want %q", tt.in, got, tt.want)
			}
			got := uri.EscapeForm(tt.in)
			if got != tt.wantForm || got != url.QueryEscape(tt.in) {
				t.Errorf("EscapeForm(%q) = %q, want %q (net/url: %q)", tt.in, got, tt.wantForm, url.QueryEscape(tt.in))
			}
			if back, err := uri.UnescapeForm(got); err != nil || back != tt.in {
				t.Errorf("UnescapeForm(%q) = %q, %v; want %q", got, back, err, tt.in)
			}
		})
	}
}

func TestUnescapeForm(t *testing.T) {
	tests := []struct {
		in, want string
		wantErr  error
	}{
		{"", "", nil},
		{"a+b", "a b", nil},
		{"a%2Bb+%41", "a+b A", nil},
		{"%zz", "", uri.ErrInvalidPercentEncoding},
		{"a+%4", "", uri.ErrInvalidPercentEncoding},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := uri.UnescapeForm(tt.in)
			if !errors.Is(err, tt.wantErr) || got != tt.want {
				t.Fatalf("UnescapeForm(%q) = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.wantErr)
			}
			if want, werr := url.QueryUnescape(tt.in); (werr == nil) != (err == nil) || werr == nil && want != got {
				t.Errorf("UnescapeForm(%q) = %q, %v; net/url's QueryUnescape: %q, %v", tt.in, got, err, want, werr)
			}
			var e *uri.Error
			if err != nil && (!errors.As(err, &e) || e.Op != "unescape form") {
				t.Errorf("UnescapeForm(%q): %v is not an *Error of Op \"unescape form\"", tt.in, err)
			}
		})
	}
}

type pair struct{ K, V string }

func collect(seq func(func(string, string) bool)) []pair {
	var p []pair
	for k, v := range seq {
		p = append(p, pair{k, v})
	}
	return p
}

func TestQueryParams(t *testing.T) {
	tests := []struct {
		in         string
		want, form []pair
	}{
		{"http://a/", nil, nil},
		{"http://a/?", nil, nil},
		{"/p?a=1&b&&c=&=d#x=y", []pair{{"a", "1"}, {"b", ""}, {"c", ""}, {"", "d"}}, []pair{{"a", "1"}, {"b", ""}, {"c", ""}, {"", "d"}}},
		{"?q=a%26b%20c&k%3D=v=w", []pair{{"q", "a&b c"}, {"k=", "v=w"}}, []pair{{"q", "a&b c"}, {"k=", "v=w"}}},
		{"?q=a+b%2Bc&a+b=1", []pair{{"q", "a+b+c"}, {"a+b", "1"}}, []pair{{"q", "a b+c"}, {"a b", "1"}}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u := uri.MustParse(tt.in)
			if diff := cmp.Diff(tt.want, collect(u.QueryParams())); diff != "" {
				t.Errorf("QueryParams(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(tt.form, collect(u.FormParams())); diff != "" {
				t.Errorf("FormParams(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			// Lookup agrees with the first pair of each key.
			for _, p := range tt.want {
				if v, ok := u.QueryParam(p.K); !ok || v != firstValue(tt.want, p.K) {
					t.Errorf("QueryParam(%q, %q) = %q, %v", tt.in, p.K, v, ok)
				}
			}
			for _, p := range tt.form {
				if v, ok := u.FormParam(p.K); !ok || v != firstValue(tt.form, p.K) {
					t.Errorf("FormParam(%q, %q) = %q, %v", tt.in, p.K, v, ok)
				}
			}
			if v, ok := u.QueryParam("absent"); ok {
				t.Errorf("QueryParam(%q, \"absent\") = %q, true", tt.in, v)
			}
			// FormValues is net/url's reading of the same query.
			want, _ := url.ParseQuery(u.Query())
			if diff := cmp.Diff(want, u.FormValues()); diff != "" {
				t.Errorf("FormValues(%q) mismatch with url.ParseQuery (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	// The iteration stops when asked.
	n := 0
	for range uri.MustParse("?a&b&c").QueryParams() {
		n++
		break
	}
	if n != 1 {
		t.Errorf("QueryParams yielded %d pairs after a break", n)
	}
}

func firstValue(p []pair, k string) string {
	i := slices.IndexFunc(p, func(q pair) bool { return q.K == k })
	return p[i].V
}

func TestParamEdits(t *testing.T) {
	const signed = "https://a/p?x=1&sig=ab&&y=%41+b&%73ig=2#f"
	tests := []struct {
		op, in, key, value, want string
	}{
		{"set", signed, "sig", "a&admin=1", "https://a/p?x=1&sig=a%26admin%3D1&&y=%41+b#f"},
		{"set", signed, "y", "", "https://a/p?x=1&sig=ab&&y=&%73ig=2#f"},
		{"set", signed, "new", "v w", "https://a/p?x=1&sig=ab&&y=%41+b&%73ig=2&new=v%20w#f"},
		{"set", "http://a/", "k", "v", "http://a/?k=v"},
		{"set", "http://a/?", "k", "v", "http://a/?k=v"},
		{"set", "http://a/?flag#f", "flag", "on", "http://a/?flag=on#f"},
		{"set", "?a=1&", "b", "2", "?a=1&b=2"},
		{"add", signed, "x", "2", "https://a/p?x=1&sig=ab&&y=%41+b&%73ig=2&x=2#f"},
		{"add", "mailto:x", "", "", "mailto:x?="},
		{"add", "http://[fe80::1%25eth0]/", "a", "b", "http://[fe80::1%25eth0]/?a=b"},
		{"delete", signed, "sig", "", "https://a/p?x=1&&y=%41+b#f"},
		{"delete", signed, "x", "", "https://a/p?sig=ab&&y=%41+b&%73ig=2#f"},
		{"delete", signed, "absent", "", signed},
		{"delete", "https://a/p?sig=x#f", "sig", "", "https://a/p#f"},
		{"delete", "https://a/p?sig=x&sig", "sig", "", "https://a/p"},
	}
	for _, tt := range tests {
		t.Run(tt.op+" "+tt.in+" "+tt.key, func(t *testing.T) {
			u, err := uri.Parser{ZoneID: true}.Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			var got uri.URI
			switch tt.op {
			case "set":
				got, err = u.SetParam(tt.key, tt.value)
			case "add":
				got, err = u.AddParam(tt.key, tt.value)
			case "delete":
				got = u.DeleteParam(tt.key)
			}
			if err != nil || got.String() != tt.want {
				t.Fatalf("%s(%q, %q, %q) = %q, %v; want %q", tt.op, tt.in, tt.key, tt.value, got, err, tt.want)
			}
			if back, err := (uri.Parser{ZoneID: true}).Parse(got.String()); err != nil || back != got {
				t.Errorf("%q reads back as %q, %v", got, back, err)
			}
		})
	}
}

func TestFormValuesRoundTrip(t *testing.T) {
	v := url.Values{"q": {"a b&c"}, "page": {"2"}, "tag": {"x", "y+z"}}
	u, err := uri.MustParse("https://api.example.com/search#top").WithValues(v)
	if err != nil {
		t.Fatal(err)
	}
	if want := "https://api.example.com/search?page=2&q=a+b%26c&tag=x&tag=y%2Bz#top"; u.String() != want {
		t.Errorf("WithValues = %q, want %q", u, want)
	}
	if diff := cmp.Diff(v, u.FormValues()); diff != "" {
		t.Errorf("FormValues(WithValues(v)) mismatch (-want +got):\n%s", diff)
	}
	if got, _ := u.WithValues(nil); got.String() != "https://api.example.com/search#top" {
		t.Errorf("WithValues(nil) = %q, want no query", got)
	}
}

// TestQueryAllocs checks the allocation promises of the query functions.
func TestQueryAllocs(t *testing.T) {
	plain := uri.MustParse("https://a/p?x=1&sig=ab&y=hello&z#f")
	escaped := uri.MustParse("https://a/p?x=1&sig=a%2Fb&y=hello+world#f")
	tests := []struct {
		name string
		want float64
		f    func()
	}{
		{"QueryParams/plain", 0, func() {
			for k, v := range plain.QueryParams() {
				sinkInt += len(k) + len(v)
			}
		}},
		{"FormParams/plain", 0, func() {
			for k, v := range plain.FormParams() {
				sinkInt += len(k) + len(v)
			}
		}},
		{"QueryParams/one escaped", 1, func() {
			for k, v := range escaped.QueryParams() {
				sinkInt += len(k) + len(v)
			}
		}},
		{"FormParams/two escaped", 2, func() {
			for k, v := range escaped.FormParams() {
				sinkInt += len(k) + len(v)
			}
		}},
		{"QueryParam/plain", 0, func() { sinkString, sinkBool = plain.QueryParam("y") }},
		{"FormParam/escaped key", 0, func() { sinkString, sinkBool = escaped.FormParam("x") }},
		{"FormParam/escaped value", 1, func() { sinkString, sinkBool = escaped.FormParam("y") }},
		{"EscapeQueryParam/plain", 0, func() { sinkString = uri.EscapeQueryParam("plain") }},
		{"EscapeQueryParam/escaped", 1, func() { sinkString = uri.EscapeQueryParam("a&b c") }},
		{"EscapeForm/escaped", 1, func() { sinkString = uri.EscapeForm("a&b c") }},
		{"UnescapeForm/escaped", 1, func() { sinkString, sinkErr = uri.UnescapeForm("a+b%20c") }},
		{"SetParam", 1, func() { sinkURI, sinkErr = plain.SetParam("sig", "a/b c") }},
		{"AddParam", 1, func() { sinkURI, sinkErr = plain.AddParam("k", "v w") }},
		{"DeleteParam", 1, func() { sinkURI = plain.DeleteParam("sig") }},
		{"DeleteParam/absent", 0, func() { sinkURI = plain.DeleteParam("absent") }},
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

func ExampleEscapeQueryParam() {
	fmt.Println("https://example.com/search?q=" + uri.EscapeQueryParam("a&admin=1 b"))
	// Output: https://example.com/search?q=a%26admin%3D1%20b
}

func ExampleEscapeForm() {
	fmt.Println(uri.EscapeForm("rock & roll"))
	// Output: rock+%26+roll
}

func ExampleUnescapeForm() {
	s, err := uri.UnescapeForm("rock+%26+roll")
	fmt.Println(s, err)
	// Output: rock & roll <nil>
}

func ExampleURI_QueryParams() {
	u := uri.MustParse("https://example.com/search?q=caf%C3%A9&tag=a+b&debug")
	for k, v := range u.QueryParams() {
		fmt.Printf("%s=%q\n", k, v)
	}
	// Output:
	// q="café"
	// tag="a+b"
	// debug=""
}

func ExampleURI_FormParams() {
	u := uri.MustParse("https://example.com/search?q=rock+%26+roll")
	for k, v := range u.FormParams() {
		fmt.Printf("%s=%q\n", k, v)
	}
	// Output: q="rock & roll"
}

func ExampleURI_QueryParam() {
	u := uri.MustParse("https://example.com/list?page=2&sort=name%20asc")
	page, ok := u.QueryParam("page")
	fmt.Println(page, ok)
	sort, _ := u.QueryParam("sort")
	fmt.Println(sort)
	_, ok = u.QueryParam("limit")
	fmt.Println(ok)
	// Output:
	// 2 true
	// name asc
	// false
}

func ExampleURI_FormParam() {
	u := uri.MustParse("/search?q=hello+world")
	q, _ := u.FormParam("q")
	fmt.Println(q)
	// Output: hello world
}

func ExampleURI_FormValues() {
	u := uri.MustParse("https://example.com/?tag=a&tag=b+c&page=2")
	v := u.FormValues()
	fmt.Println(v["tag"], v.Get("page"))
	// Output: [a b c] 2
}

func ExampleURI_WithValues() {
	u := uri.MustParse("https://example.com/search")
	u, _ = u.WithValues(url.Values{"q": {"rock & roll"}, "page": {"2"}})
	fmt.Println(u)
	// Output: https://example.com/search?page=2&q=rock+%26+roll
}

func ExampleURI_SetParam() {
	// The other pairs keep their bytes and their order: a signature
	// computed over them still holds.
	u := uri.MustParse("https://cdn.example.com/f?expires=1700000000&path=%2Fa%2Fb&sig=old")
	u, _ = u.SetParam("sig", "n3w+/=")
	fmt.Println(u)
	// Output: https://cdn.example.com/f?expires=1700000000&path=%2Fa%2Fb&sig=n3w%2B/%3D
}

func ExampleURI_AddParam() {
	u := uri.MustParse("https://example.com/?tag=a")
	u, _ = u.AddParam("tag", "b&c")
	fmt.Println(u)
	// Output: https://example.com/?tag=a&tag=b%26c
}

func ExampleURI_DeleteParam() {
	u := uri.MustParse("https://cdn.example.com/f?expires=1700000000&sig=abc#x")
	fmt.Println(u.DeleteParam("sig"))
	fmt.Println(u.DeleteParam("sig").DeleteParam("expires"))
	// Output:
	// https://cdn.example.com/f?expires=1700000000#x
	// https://cdn.example.com/f#x
}
