package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
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
		{"dot segments", "GET", "/api/a/./b/../c", 400, "bad request target: dot-segment: WHATWG URL and HTTP clients remove dot-segments: they send the path /api/a/./b/../c as /api/a/c", ""},
		{"encoded dots", "GET", "/api/a/%2E%2e/c", 400, "bad request target: dot-segment: WHATWG URL and HTTP clients remove dot-segments: they send the path /api/a/%2E%2e/c as /api/c", ""},
		{"unreserved decoded", "GET", "/api/%7Euser/%61", 200, "upstream", "/api/~user/a"},
		{"reserved kept", "GET", "/api/a%3Ab?x=%26%2f", 200, "upstream", "/api/a%3Ab?x=%26%2F"},
		{"encoded semicolon", "GET", "/api/a%3bb", 400, "bad request target: encoded-delimiter: a backend that decodes before routing reads %3b as ';'", ""},
		{"empty query kept", "GET", "/api/?", 200, "upstream", "/api/?"},
		{"path beginning with //", "GET", "//api/x", 400, "bad request target: double-slash-path: the path //api/x written alone (in a Location header) is a network-path reference to the host api", ""},
		{"absolute-form", "GET", "http://example.com/api/x?q", 200, "upstream", "/api/x?q"},
		{"absolute-form, empty path", "GET", "HTTP://example.com", 200, "upstream", "/"},

		{"blocked", "GET", "/admin/users", 403, "forbidden", ""},
		{"dot segments before a blocked path", "GET", "/api/../admin/users", 400, "bad request target: dot-segment: ", ""},
		{"encoded dot segments before a blocked path", "GET", "/api/%2e%2E/admin/", 400, "bad request target: dot-segment: ", ""},
		{"blocked after decoding", "GET", "/%61dmin/", 403, "forbidden", ""},
		{"blocked in absolute-form", "GET", "http://example.com/internal/x", 403, "forbidden", ""},
		{"numeric host in absolute-form", "GET", "http://127.1/api/x", 400, "bad request target: numeric-host: WHATWG URL and inet_aton read the host 127.1 as 127.0.0.1", ""},
		{"path parameter", "GET", "/admin;x/", 400, "bad request target: path-parameter: ", ""},
		{"encoded slash", "GET", "/api/..%2f../admin/x", 400, "bad request target: encoded-delimiter: a backend that decodes before routing reads %2f as '/'", ""},
		{"encoded backslash", "GET", "/api/..%5C../admin/x", 400, "bad request target: encoded-delimiter: a backend that decodes before routing reads %5C as '\\\\'", ""},

		{"brace", "GET", "/a{b}", 400, "bad request target: invalid character '{' at offset 2 in path", ""},
		{"backslash", "GET", `/api\..\admin/`, 400, `bad request target: invalid character '\\' at offset 4 in path`, ""},
		{"pipe in query", "GET", "/a?b|c", 400, "bad request target: invalid character '|' at offset 4 in query", ""},
		{"fragment", "GET", "/a#f", 400, "bad request target: fragment not allowed at offset 2", ""},
		{"http without a host", "GET", "http:///api/x", 400, "bad request target: missing host at offset 7", ""},
		{"scheme not served", "GET", "ftp://example.com/x", 400, "bad request target: scheme ftp is not served here", ""},
		{"asterisk-form", "OPTIONS", "*", 200, "", ""},
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
		{"a%zz.example", 400, `bad request: invalid percent-encoding: unexpected 'z' at offset 9 in host of the target URI http://a%zz.example/api/x`, ""},
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
	proxy := httptest.NewServer(newProxy(to))
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
