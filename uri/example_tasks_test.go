package uri_test

// Nine everyday tasks, each written with this library here and with
// net/url in example_tasks_neturl_test.go, where TestTasks checks that
// both print the same and that ours is no longer.

import (
	"fmt"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/scheme"
)

// A URL typed into a form: a web address with a host, nothing else.
func Example_taskValidateFormURL() {
	for _, s := range []string{"https://example.com/about", "example.com", "javascript:alert(1)", "https:///x", "http://a b/"} {
		u, err := uri.Parse(s)
		ok := err == nil && (u.Scheme() == "http" || u.Scheme() == "https") && u.Host() != ""
		fmt.Println(s, ok)
	}
	// Output:
	// https://example.com/about true
	// example.com false
	// javascript:alert(1) false
	// https:///x false
	// http://a b/ false
}

// A URL with query parameters, one of them user input that must stay one
// value.
func Example_taskBuildQuery() {
	u := uri.MustParse("https://api.example.com/search")
	u, _ = u.SetParam("q", "rock&roll=1 +") // the error can only be a result over 4 GiB
	u, _ = u.SetParam("page", "2")
	fmt.Println(u)
	// Output: https://api.example.com/search?q=rock%26roll%3D1%20%2B&page=2
}

// The links of a page, resolved against the page's URL.
func Example_taskResolveLinks() {
	base := uri.MustParse("https://example.com/docs/guide/intro.html")
	for _, href := range []string{"../api/", "setup.html#install", "//cdn.example.com/x.js", "?page=2", "/"} {
		u, err := base.ResolveString(href)
		if err != nil {
			continue
		}
		fmt.Println(u)
	}
	// Output:
	// https://example.com/docs/api/
	// https://example.com/docs/guide/setup.html#install
	// https://cdn.example.com/x.js
	// https://example.com/docs/guide/intro.html?page=2
	// https://example.com/
}

// A key under which equivalent URLs of one resource meet.
func Example_taskDedupeKey() {
	for _, s := range []string{"HTTP://Example.COM:80/a/./b/../%7ec#top", "http://example.com/a/~c", "https://example.com:443/"} {
		u, err := uri.Parse(s)
		if err != nil {
			continue
		}
		fmt.Println(u.Normalize().WithoutFragment())
	}
	// Output:
	// http://example.com/a/~c
	// http://example.com/a/~c
	// https://example.com/
}

// A webhook URL given by a user, refused when it points into the network
// it is fetched from.
func Example_taskSSRFCheck() {
	for _, s := range []string{"https://example.com/hook", "http://10.0.0.5/", "http://127.1/", "http://[::ffff:127.0.0.1]/", "http://0x7f.0.0.1/"} {
		u, err := uri.Parse(s)
		a, isIP := u.Addr()
		refuse := err != nil || u.Hazards()&uri.DivergentHazards != 0 || isIP && (a.IsLoopback() || a.IsPrivate())
		fmt.Println(s, refuse)
	}
	// Output:
	// https://example.com/hook false
	// http://10.0.0.5/ true
	// http://127.1/ true
	// http://[::ffff:127.0.0.1]/ true
	// http://0x7f.0.0.1/ true
}

// File paths to file URIs and back.
func Example_taskFilePaths() {
	u, err := scheme.FromFilePath("/home/me/My Docs/a#1.txt", scheme.Unix)
	p, _ := scheme.FilePath(u, scheme.Unix)
	fmt.Println(u, p, err)
	w, err := scheme.FromFilePath(`C:\Users\me\a b.txt`, scheme.Windows)
	q, _ := scheme.FilePath(w, scheme.Windows)
	fmt.Println(w, q, err)
	// Output:
	// file:///home/me/My%20Docs/a%231.txt /home/me/My Docs/a#1.txt <nil>
	// file:///C:/Users/me/a%20b.txt C:\Users\me\a b.txt <nil>
}

// A request target sent on to a backend: the backend's scheme and
// authority, the client's path and query, dot-segments removed as the
// backend will.
func Example_taskProxyTarget() {
	backend := uri.MustParse("http://10.0.0.2:8080")
	for _, target := range []string{"/api/v1/users?id=7", "//evil.example/x", "/a/../admin"} {
		t, err := uri.ParseRequestTarget(target)
		if err != nil {
			continue
		}
		u, _ := t.TargetURI(backend.Scheme(), backend.Authority())
		fmt.Println(u.Normalize())
	}
	// Output:
	// http://10.0.0.2:8080/api/v1/users?id=7
	// http://10.0.0.2:8080//evil.example/x
	// http://10.0.0.2:8080/admin
}

// The values of a query, as an HTML form sent them.
func Example_taskReadQuery() {
	u, err := uri.Parse("https://example.com/list?page=2&sort=name+asc&tag=a&tag=b%26c")
	if err != nil {
		return
	}
	q := u.FormValues()
	fmt.Println(q.Get("page"), q.Get("sort"), q["tag"])
	// Output: 2 name asc [a b&c]
}

// The address to dial for a URL: its port, or its scheme's.
func Example_taskDialAddress() {
	for _, s := range []string{"https://example.com/a", "http://[::1]:8080/", "http://[2001:db8::1]/"} {
		u, err := uri.Parse(s)
		if err != nil {
			continue
		}
		addr, err := u.DialAddress()
		fmt.Println(addr, err)
	}
	// Output:
	// example.com:443 <nil>
	// [::1]:8080 <nil>
	// [2001:db8::1]:80 <nil>
}
