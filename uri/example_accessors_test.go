package uri_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"

	"github.com/urilabs/rfc3986/uri"
)

// Examples for the accessors, predicates and smaller functions: one each,
// so that each has its own in the documentation.

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
	// uri: parse "http://example.com:80a/": invalid port: unexpected '/' at offset 22 in port
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
