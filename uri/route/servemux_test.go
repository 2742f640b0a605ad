package route

import (
	"bufio"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"strings"
	"testing"
)

// hardTargets are request-targets on which readers of a path are known to
// part: dot-segments in every encoding, empty segments, escaped
// delimiters, raw bytes RFC 3986 refuses, parameters, fragments, invalid
// escapes, above-root climbs and the other forms.
var hardTargets = []string{
	"/", "/a/b/c", "/a/b/c/", "/a?x=1&y=2", "/index.html",
	"/a/./b", "/a/../b", "/a/b/..", "/a/b/.", "/a/b/../", "/..", "/../a", "/a/../../b", "/.", "/./",
	"/a/%2e%2e/b", "/a/%2E%2E/b", "/a/%2e./b", "/a/.%2e/b", "/a/%2e/b", "/a/%2e", "/api%2e/admin", "/api../admin",
	"//a", "/a//b", "/a///b/", "/a/b//", "//", "///a/../b",
	"/a%2Fb", "/a%2fb", "/public/..%2Fadmin/x", "/a%2F..%2F..%2Fb", "/a%2F%2Fb",
	"/a%5Cb", "/a%5c..%5cb", "/a\\b", "/a\\..\\b", "/a/..\\b",
	"/a%00b", "/a%3Bb", "/a;b", "/a;jsessionid=1/b", "/..;/admin", "/a/..;x/b", "/a%25b", "/a%252e%252e/b",
	"/a%3Fb", "/a%23b", "/a#frag", "/a?q#frag", "/a#b?c",
	"/a%zzb", "/a%", "/a%4", "/a%41b", "/%7euser", "/a%20b", "/a b",
	"/a\"b", "/a{b}", "/a|b", "/a^b", "/a`b", "/a<b>", "/caf\xc3\xa9", "/\xff",
	"/ADMIN", "/Admin/../admin", "/a/b?c=/../d", "/a?x=%2F",
	"http://h/a/../b?q", "http://h", "http://h?q", "http://h/a%2Fb", "https://h:8443/x//y",
	"*", "h:443",
	"/" + strings.Repeat("a/", 100) + strings.Repeat("../", 101) + "x",
}

// TestServeMuxMatchesNetHTTP holds the servemux and servemux-121 presets
// to the http.ServeMux of the toolchain that runs the test, target by
// target: the status (400 when net/http refuses the request line, 301 and
// the Location of a redirect), and, when the handler runs, the escaped or
// decoded path it matched on.
func TestServeMuxMatchesNetHTTP(t *testing.T) {
	name := "servemux"
	if os.Getenv("ROUTE_MUX121") == "1" {
		name = "servemux-121"
	} else if !testing.Short() {
		// The 1.21 mode is read once, when net/http starts: run this test
		// again in a process that sets it.
		t.Run("servemux-121", func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestServeMuxMatchesNetHTTP$", "-test.v")
			cmd.Env = append(os.Environ(), "GODEBUG=httpmuxgo121=1", "ROUTE_MUX121=1")
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("with GODEBUG=httpmuxgo121=1: %v\n%s", err, out)
			}
		})
	}
	preset, ok := Lookup(name)
	if !ok {
		t.Fatalf("no preset %q", name)
	}
	for _, target := range hardTargets {
		t.Run(target, func(t *testing.T) {
			got := preset.Policy.Apply(target)
			if target == "*" || target == "h:443" {
				t.Skip("net/http answers OPTIONS * and CONNECT before the mux")
			}
			req, err := http.ReadRequest(bufio.NewReader(strings.NewReader("GET " + target + " HTTP/1.1\r\nHost: h\r\n\r\n")))
			if err != nil {
				if got.Verdict != Reject || got.Status() != 400 {
					t.Fatalf("net/http refuses %q (%v); %s gives %v %d", target, err, name, got.Verdict, got.Status())
				}
				return
			}
			var seenPath, seenEscaped string
			mux := http.NewServeMux()
			mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
				seenPath, seenEscaped = r.URL.Path, r.URL.EscapedPath()
			})
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, req)
			switch rec.Code {
			case http.StatusMovedPermanently, http.StatusTemporaryRedirect:
				if got.Verdict != Redirect || got.Status() != rec.Code || got.Location != rec.Header().Get("Location") {
					t.Fatalf("ServeMux redirects %q with %d to %q; %s gives %v %d %q", target, rec.Code, rec.Header().Get("Location"), name, got.Verdict, got.Status(), got.Location)
				}
			case http.StatusOK:
				want := seenEscaped
				if name == "servemux-121" {
					want = seenPath
				}
				if got.Verdict != Accept || got.Key != want {
					t.Fatalf("ServeMux runs the handler on %q with key %q; %s gives %v key %q", target, want, name, got.Verdict, got.Key)
				}
			default:
				t.Fatalf("ServeMux answers %q with %d", target, rec.Code)
			}
		})
	}
}

// TestGoHandlerPathsMatchNetHTTP holds go-urlpath to the r.URL.Path that
// net/http gives a handler, and go-fileserver to the path.Clean of it
// that http.FileServer opens, target by target.
func TestGoHandlerPathsMatchNetHTTP(t *testing.T) {
	urlPath, fileServer := presetPolicy(t, "go-urlpath"), presetPolicy(t, "go-fileserver")
	for _, target := range hardTargets {
		if target == "*" || target == "h:443" {
			continue
		}
		t.Run(target, func(t *testing.T) {
			req, err := http.ReadRequest(bufio.NewReader(strings.NewReader("GET " + target + " HTTP/1.1\r\nHost: h\r\n\r\n")))
			for name, p := range map[string]Policy{"go-urlpath": urlPath, "go-fileserver": fileServer} {
				got := p.Apply(target)
				if err != nil {
					if got.Verdict != Reject || got.Status() != 400 {
						t.Errorf("net/http refuses %q (%v); %s gives %v %d", target, err, name, got.Verdict, got.Status())
					}
					continue
				}
				want := req.URL.Path
				if want == "" {
					want = "/"
				}
				if name == "go-fileserver" {
					want = path.Clean(want)
				}
				if got.Verdict != Accept || got.Key != want {
					t.Errorf("net/http gives %q the path %q; %s gives %v key %q", target, want, name, got.Verdict, got.Key)
				}
			}
		})
	}
}
