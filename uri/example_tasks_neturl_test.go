package uri_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"net"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

// The nine tasks of example_tasks_test.go written with net/url, as a Go
// programmer would without this library. Each prints what its Example
// prints; TestTasks checks it.

func netURLTaskValidateFormURL() {
	for _, s := range []string{"https://example.com/about", "example.com", "javascript:alert(1)", "https:///x", "http://a b/"} {
		u, err := url.Parse(s)
		ok := err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
		fmt.Println(s, ok)
	}
}

func netURLTaskBuildQuery() {
	u, _ := url.Parse("https://api.example.com/search")
	q := u.Query()
	q.Set("q", "rock&roll=1 +")
	q.Set("page", "2")
	u.RawQuery = q.Encode()
	fmt.Println(u)
}

func netURLTaskResolveLinks() {
	base, _ := url.Parse("https://example.com/docs/guide/intro.html")
	for _, href := range []string{"../api/", "setup.html#install", "//cdn.example.com/x.js", "?page=2", "/"} {
		ref, err := url.Parse(href)
		if err != nil {
			continue
		}
		fmt.Println(base.ResolveReference(ref))
	}
}

func netURLTaskDedupeKey() {
	for _, s := range []string{"HTTP://Example.COM:80/a/./b/../%7ec#top", "http://example.com/a/~c", "https://example.com:443/"} {
		u, err := url.Parse(s)
		if err != nil {
			continue
		}
		u.Scheme, u.Host = strings.ToLower(u.Scheme), strings.ToLower(u.Host)
		if host, port, err := net.SplitHostPort(u.Host); err == nil && (u.Scheme == "http" && port == "80" || u.Scheme == "https" && port == "443") {
			u.Host = host
		}
		u = u.ResolveReference(&url.URL{}) // removes dot-segments
		u.RawPath, u.Fragment = "", ""     // writes "%7e" as "~"
		fmt.Println(u)
	}
}

func netURLTaskSSRFCheck() {
	for _, s := range []string{"https://example.com/hook", "http://10.0.0.5/", "http://127.1/", "http://[::ffff:127.0.0.1]/", "http://0x7f.0.0.1/"} {
		u, err := url.Parse(s)
		if err != nil {
			fmt.Println(s, true)
			continue
		}
		a, perr := netip.ParseAddr(u.Hostname())
		// inet_aton reads "127.1" and "0x7f.0.0.1" as 127.0.0.1.
		numeric := strings.Trim(u.Hostname(), "0123456789.") == "" || strings.HasPrefix(strings.ToLower(u.Hostname()), "0x")
		refuse := perr == nil && (a.Unmap().IsLoopback() || a.Unmap().IsPrivate()) || perr != nil && numeric
		fmt.Println(s, refuse)
	}
}

func netURLTaskFilePaths() {
	u := &url.URL{Scheme: "file", Path: "/home/me/My Docs/a#1.txt"}
	v, err := url.Parse(u.String())
	fmt.Println(u, v.Path, err)
	w := &url.URL{Scheme: "file", Path: "/" + strings.ReplaceAll(`C:\Users\me\a b.txt`, `\`, "/")}
	x, err := url.Parse(w.String())
	fmt.Println(w, strings.ReplaceAll(strings.TrimPrefix(x.Path, "/"), "/", `\`), err)
}

func netURLTaskProxyTarget() {
	backend, _ := url.Parse("http://10.0.0.2:8080")
	for _, target := range []string{"/api/v1/users?id=7", "//evil.example/x", "/a/../admin"} {
		u, err := url.ParseRequestURI(target)
		if err != nil {
			continue
		}
		u.Scheme, u.Host = backend.Scheme, backend.Host
		fmt.Println(u.ResolveReference(&url.URL{RawQuery: u.RawQuery}))
	}
}

func netURLTaskReadQuery() {
	u, err := url.Parse("https://example.com/list?page=2&sort=name+asc&tag=a&tag=b%26c")
	if err != nil {
		return
	}
	q := u.Query()
	fmt.Println(q.Get("page"), q.Get("sort"), q["tag"])
}

func netURLTaskDialAddress() {
	for _, s := range []string{"https://example.com/a", "http://[::1]:8080/", "http://[2001:db8::1]/"} {
		u, err := url.Parse(s)
		if err != nil {
			continue
		}
		port := u.Port()
		if port == "" {
			port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
		}
		fmt.Println(net.JoinHostPort(u.Hostname(), port), err)
	}
}

// tasks pairs each Example of example_tasks_test.go with its net/url
// version. same compares what they print: the bytes, or for building a
// query, the pairs the two queries hold, which the two libraries encode
// each their way.
var tasks = []struct {
	name, desc   string // desc names the row of docs/everyday.md
	ours, netURL func()
	same         func(a, b string) bool
}{
	{"ValidateFormURL", "validate a form URL", Example_taskValidateFormURL, netURLTaskValidateFormURL, nil},
	{"BuildQuery", "build a URL with query parameters", Example_taskBuildQuery, netURLTaskBuildQuery, sameQuery},
	{"ResolveLinks", "resolve the links of a page", Example_taskResolveLinks, netURLTaskResolveLinks, nil},
	{"DedupeKey", "a dedupe key", Example_taskDedupeKey, netURLTaskDedupeKey, nil},
	{"SSRFCheck", "an SSRF check", Example_taskSSRFCheck, netURLTaskSSRFCheck, nil},
	{"FilePaths", "file paths to URIs and back", Example_taskFilePaths, netURLTaskFilePaths, nil},
	{"ProxyTarget", "rewrite a proxy target", Example_taskProxyTarget, netURLTaskProxyTarget, nil},
	{"ReadQuery", "read query values", Example_taskReadQuery, netURLTaskReadQuery, nil},
	{"DialAddress", "a dial address", Example_taskDialAddress, netURLTaskDialAddress, nil},
}

func sameQuery(a, b string) bool {
	ua, err := uri.Parse(strings.TrimSpace(a))
	if err != nil {
		return false
	}
	ub, err := uri.Parse(strings.TrimSpace(b))
	if err != nil {
		return false
	}
	return ua.WithoutQuery() == ub.WithoutQuery() && fmt.Sprint(ua.FormValues()) == fmt.Sprint(ub.FormValues())
}

// TestTasks checks that each task prints the same with this library and
// with net/url, that ours has no more lines: lines of the function body,
// without blank lines and comments (the Output of an Example is a
// comment), and that docs/everyday.md gives both counts. go test -v -run
// TestTasks logs them.
func TestTasks(t *testing.T) {
	lines := bodyLines(t, "example_tasks_test.go", "example_tasks_neturl_test.go")
	page, err := os.ReadFile("../docs/everyday.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range tasks {
		t.Run(task.name, func(t *testing.T) {
			ours, theirs := stdout(t, task.ours), stdout(t, task.netURL)
			same := ours == theirs
			if task.same != nil {
				same = task.same(ours, theirs)
			}
			if !same {
				t.Errorf("this library prints\n%s\nnet/url\n%s", ours, theirs)
			}
			o, n := lines["Example_task"+task.name], lines["netURLTask"+task.name]
			t.Logf("%-16s ours %2d lines, net/url %2d", task.name, o, n)
			if o == 0 || n == 0 || o > n {
				t.Errorf("%s: ours %d lines, net/url %d", task.name, o, n)
			}
			if row := fmt.Sprintf("| %s | %d | %d |\n", task.desc, o, n); !strings.Contains(string(page), row) {
				t.Errorf("docs/everyday.md has no row %q", row)
			}
		})
	}
}

// bodyLines returns, for each function of the files, the lines of its
// body that are neither blank nor only a comment.
func bodyLines(t *testing.T, files ...string) map[string]int {
	t.Helper()
	n := map[string]int{}
	fset := token.NewFileSet()
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Split(string(src), "\n")
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			from, to := fset.Position(fn.Body.Lbrace).Line, fset.Position(fn.Body.Rbrace).Line
			for _, line := range text[from : to-1] {
				if l := strings.TrimSpace(line); l != "" && !strings.HasPrefix(l, "//") {
					n[fn.Name.Name]++
				}
			}
		}
	}
	return n
}

// stdout returns what f prints.
func stdout(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		done <- string(b)
	}()
	f()
	os.Stdout = saved
	w.Close()
	return <-done
}
