package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/urilabs/rfc3986/uri/route"
)

// TestProxy drives the proxy over loopback with raw request lines, since
// http.Client would not send the malformed ones, and checks the status, the
// reason, and the target the upstream server received.
func TestProxy(t *testing.T) {
	addr, got := startProxy(t)

	tests := []struct {
		name, method, target string
		status               int
		body                 string // a prefix of the response body
		upstream             string // the target the upstream saw, "" if it saw none
	}{
		{"origin-form", "GET", "/api/items?id=7", 200, "upstream", "/api/items?id=7"},
		{"dot segments removed", "GET", "/api/a/./b/../c", 200, "upstream", "/api/a/c"},
		{"encoded dots removed", "GET", "/api/a/%2E%2e/c", 200, "upstream", "/api/c"},
		{"unreserved decoded", "GET", "/api/%7Euser/%61", 200, "upstream", "/api/~user/a"},
		{"reserved kept, hex upper-cased", "GET", "/api/a%3ab?x=%26%2f", 200, "upstream", "/api/a%3Ab?x=%26%2f"},
		{"empty query kept", "GET", "/api/?", 200, "upstream", "/api/?"},
		{"slashes merged", "GET", "//api//x", 200, "upstream", "/api/x"},
		{"absolute-form", "GET", "http://example.com/api/x?q", 200, "upstream", "/api/x?q"},
		{"absolute-form, empty path", "GET", "HTTP://example.com", 200, "upstream", "/"},
		{"session id in a segment", "GET", "/app;jsessionid=1F/page", 200, "upstream", "/app;jsessionid=1F/page"},
		{"query with ';' kept", "GET", "/api/x?a=1;b=%7c", 200, "upstream", "/api/x?a=1;b=%7c"},

		{"blocked", "GET", "/admin/users", 403, "forbidden", ""},
		{"blocked without a trailing slash", "GET", "/admin", 403, "forbidden", ""},
		{"blocked in capitals", "GET", "/ADMIN/", 403, "forbidden", ""},
		{"not blocked: another name", "GET", "/administrator", 200, "upstream", "/administrator"},
		{"dot segments before a blocked path", "GET", "/api/../admin/users", 403, "forbidden", ""},
		{"encoded dot segments before a blocked path", "GET", "/api/%2e%2E/admin/", 403, "forbidden", ""},
		{"blocked after decoding", "GET", "/%61dmin/", 403, "forbidden", ""},
		{"blocked in absolute-form", "GET", "http://example.com/internal/x", 403, "forbidden", ""},
		{"blocked as the back end reads it", "GET", "/admin;x/", 403, "forbidden", ""},
		{"blocked as the back end reads it, dots", "GET", "/api/..;/admin/", 403, "forbidden", ""},
		{"above the root", "GET", "/api/../../etc/passwd", 400, "bad request target: dot-segment above the root", ""},
		{"encoded slash", "GET", "/api/..%2f../admin/x", 400, "bad request target: rejected escape", ""},
		{"encoded backslash", "GET", "/api/..%5C../admin/x", 400, "bad request target: rejected escape", ""},
		{"encoded NUL", "GET", "/a%00.txt", 400, "bad request target: rejected escape", ""},
		{"numeric host in absolute-form", "GET", "http://127.1/api/x", 400, "bad host: numeric-host: WHATWG URL and inet_aton read the host 127.1 as 127.0.0.1", ""},

		{"brace", "GET", "/a{b}", 400, "bad request target: invalid character '{' at offset 2 in path", ""},
		{"backslash", "GET", `/api\..\admin/`, 400, `bad request target: invalid character '\\' at offset 4 in path`, ""},
		{"pipe in query", "GET", "/a?b|c", 400, "bad request target: invalid character '|' at offset 4 in query", ""},
		{"fragment", "GET", "/a#f", 400, "bad request target: fragment not allowed at offset 2", ""},
		{"http without a host", "GET", "http:///api/x", 400, "bad request target: missing host at offset 7", ""},
		{"scheme not served", "GET", "ftp://example.com/x", 400, "bad request target: scheme ftp is not served here", ""},
		{"asterisk-form", "OPTIONS", "*", 204, "", ""},
		{"asterisk-form for GET", "GET", "*", 400, "bad request target: asterisk-form is not for GET", ""},
		{"authority-form for GET", "GET", "example.com:443", 400, "bad request target: authority-form is not for GET", ""},
		{"CONNECT", "CONNECT", "example.com:443", 405, "this proxy does not tunnel", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			*got = ""
			status, body := roundTrip(t, addr, tt.method+" "+tt.target+" HTTP/1.1\r\nHost: proxy\r\nConnection: close\r\n\r\n")
			if status != tt.status || !strings.HasPrefix(body, tt.body) || *got != tt.upstream {
				t.Errorf("%s %s: status %d, body %q, upstream saw %q; want %d, %q, %q",
					tt.method, tt.target, status, body, *got, tt.status, tt.body, tt.upstream)
			}
		})
	}
}

// TestProxyHost checks that the target URI of an origin-form request is
// made with TargetURI from the Host header, which must be uri-host [ ":"
// port ]: net/http lets through a Host with a stray "%", which TargetURI
// refuses.
func TestProxyHost(t *testing.T) {
	addr, got := startProxy(t)
	tests := []struct {
		host     string
		status   int
		body     string
		upstream string
	}{
		{"example.com:8080", 200, "upstream", "/api/x"},
		{"[::1]", 200, "upstream", "/api/x"},
		{"a%zz.example", 400, `bad Host header: invalid percent-encoding: unexpected 'z' at offset 9 in host`, ""},
		{"127.1", 400, "bad host: numeric-host", ""},
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			*got = ""
			status, body := roundTrip(t, addr, "GET /api/x HTTP/1.1\r\nHost: "+tt.host+"\r\nConnection: close\r\n\r\n")
			if status != tt.status || !strings.HasPrefix(body, tt.body) || *got != tt.upstream {
				t.Errorf("Host %s: status %d, body %q, upstream saw %q; want %d, %q, %q", tt.host, status, body, *got, tt.status, tt.body, tt.upstream)
			}
		})
	}
}

// startProxy starts the proxy in front of an upstream server, both on
// loopback until the test ends, and returns the proxy's address and where
// the request-target the upstream saw is kept.
func startProxy(t *testing.T) (addr string, got *string) {
	got = new(string)
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		*got = r.RequestURI
		io.WriteString(w, "upstream")
	}))
	t.Cleanup(upstream.Close)
	to, _ := url.Parse(upstream.URL)
	back, _ := route.Lookup("tomcat")
	proxy := httptest.NewUnstartedServer(nil)
	proxy.Config = newServer(newProxy(to, back.Policy))
	proxy.Start()
	t.Cleanup(proxy.Close)
	return proxy.Listener.Addr().String(), got
}

// roundTrip writes the raw request to addr and returns the status code and
// body of the response.
func roundTrip(t *testing.T, addr, request string) (int, string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(conn, request); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

// TestProxyWithoutHost checks that an HTTP/1.0 request without Host is
// served, with the proxy's address as its authority (RFC 9112 section 3.3),
// and that an HTTP/1.1 one is refused, by net/http.
func TestProxyWithoutHost(t *testing.T) {
	addr, got := startProxy(t)
	status, body := roundTrip(t, addr, "GET /api/x HTTP/1.0\r\n\r\n")
	if status != 200 || body != "upstream" || *got != "/api/x" {
		t.Errorf("HTTP/1.0 without Host: status %d, body %q, upstream saw %q", status, body, *got)
	}
	*got = ""
	status, _ = roundTrip(t, addr, "GET /api/x HTTP/1.1\r\nConnection: close\r\n\r\n")
	if status != 400 || *got != "" {
		t.Errorf("HTTP/1.1 without Host: status %d, upstream saw %q", status, *got)
	}
}

// TestProxyLongTarget checks that a long bad target gets a short reply.
func TestProxyLongTarget(t *testing.T) {
	addr, _ := startProxy(t)
	target := "/" + strings.Repeat("a", 50<<10) + "%zz"
	status, body := roundTrip(t, addr, "GET "+target+" HTTP/1.1\r\nHost: proxy\r\nConnection: close\r\n\r\n")
	if status != 400 || len(body) > 200 {
		t.Errorf("a %d-byte target: status %d, a %d-byte body", len(target), status, len(body))
	}
}

// TestProxyForwardsForward checks, over the targets of uri/route's live
// test, that what the upstream receives of a target the proxy lets
// through is the policy's Forward, byte for byte.
func TestProxyForwardsForward(t *testing.T) {
	data, err := os.ReadFile("../../uri/route/testdata/targets.txt")
	if err != nil {
		t.Fatal(err)
	}
	// One target a line; '#' starts a comment, '"' a Go string literal.
	var targets []string
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case line == "" || line[0] == '#':
		case line[0] == '"':
			if s, err := strconv.Unquote(line); err == nil {
				targets = append(targets, s)
			}
		default:
			targets = append(targets, line)
		}
	}
	addr, got := startProxy(t)
	forwarded := 0
	for _, target := range targets {
		if strings.ContainsAny(target, " \r\n") {
			continue
		}
		*got = ""
		status, _ := roundTrip(t, addr, "GET "+target+" HTTP/1.1\r\nHost: proxy\r\nConnection: close\r\n\r\n")
		if status != http.StatusOK {
			if *got != "" {
				t.Errorf("%q: status %d, yet the upstream received %q", target, status, *got)
			}
			continue
		}
		forwarded++
		if want := policy.Apply(target).Forward; *got != want {
			t.Errorf("%q: the upstream received %q, want Forward %q", target, *got, want)
		}
	}
	if forwarded < len(targets)/10 {
		t.Errorf("only %d of %d targets were forwarded: the check checked little", forwarded, len(targets))
	}
}
