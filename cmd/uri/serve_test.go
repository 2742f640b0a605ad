package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/urilabs/rfc3986/uri/route"
)

func str(s string) *string { return &s }

// postRead sends body to /api/read of h and returns the status, the
// Content-Type and the body of the answer.
func postRead(t *testing.T, h http.Handler, contentType, body string) (int, string, string) {
	t.Helper()
	req := httptest.NewRequest("POST", "/api/read", strings.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code, rec.Header().Get("Content-Type"), rec.Body.String()
}

func readJSON(t *testing.T, in serveRequest) string {
	t.Helper()
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestServeRead holds the API to its contract: the readings of each input,
// field for field. The route reading is long (every preset, every pair),
// so the cases name the presets and splits they check.
func TestServeRead(t *testing.T) {
	h := newServeHandler(1e9, 1e9)
	tests := []struct {
		in        serveRequest
		rfc3986   serveRFC3986
		hazards   []serveHazard
		whatwg    serveWHATWG
		target    string
		presets   map[string]servePreset // a few presets, by name
		splits    []serveSplit           // the splits among the fronts and backs of presets
		nsplits   int                    // the number of splits, or -1: not checked
		crawl     serveCrawl
		skipCrawl bool
	}{{
		in: serveRequest{Input: "http://0x7f.1:080/a/%2e%2e/b"},
		rfc3986: serveRFC3986{Valid: true, Components: []serveComponent{
			{"scheme", 0, 4, "http"}, {"host", 7, 13, "0x7f.1"}, {"port", 14, 17, "080"}, {"path", 17, 28, "/a/%2e%2e/b"},
		}, HostKind: "RegName", Normalized: "http://0x7f.1/b"},
		hazards: []serveHazard{
			{"numeric-host", "refuse", "host", 7, 6, "WHATWG URL and inet_aton read the host 0x7f.1 as 127.0.0.1"},
			{"port-leading-zero", "review", "port", 14, 3, "WHATWG URL reads the port 080 as 80"},
			{"default-port", "review", "port", 14, 3, "WHATWG URL drops the port 080, the default of http, so the Host header and the origin differ from the text"},
			{"dot-segment", "refuse", "path", 20, 6, "WHATWG URL and HTTP clients remove dot-segments: they send the path /a/%2e%2e/b as /b"},
		},
		whatwg: serveWHATWG{Components: []serveDiffRow{
			{"scheme", str("http"), str("http"), false},
			{"userinfo", nil, str(""), false},
			{"host", str("0x7f.1"), str("127.0.0.1"), true},
			{"port", str("080"), str(""), true},
			{"path", str("/a/%2e%2e/b"), str("/b"), true},
			{"query", nil, nil, false},
			{"fragment", nil, nil, false},
		}, Differ: []string{"host", "port", "path"}, Href: "http://127.0.0.1/b", URI: "http://127.0.0.1/b"},
		target: "/a/%2e%2e/b",
		presets: map[string]servePreset{
			"nginx":  {Name: "nginx", Product: "nginx 1.22", Role: "front", Key: "/b", Forwarded: "/a/%2e%2e/b"},
			"tomcat": {Name: "tomcat", Product: "Apache Tomcat 10.1", Role: "back", Key: "/b", Forwarded: "/a/%2e%2e/b"},
		},
		nsplits: -1,
		crawl: serveCrawl{Profiles: []serveProfile{
			{Name: "rfc3986", Canonical: "http://0x7f.1/b"},
			{Name: "google", Canonical: "http://127.0.0.1:80/b"},
			{Name: "ia", Canonical: "http://127.0.0.1/b"},
			{Name: "ordinary", Canonical: "http://127.0.0.1/b"},
			{Name: "nutch", Canonical: "http://0x7f.1:080/a/%2e%2e/b"},
			{Name: "stormcrawler", Canonical: "http://0x7f.1:080/a/%2e%2e/b"},
		}, SURT: "1,0,0,127)/b", RegistrableDomain: "0x7f.1", PublicSuffix: "1"},
	}, {
		// Invalid: the error with the input cut at its byte, and the
		// browser's reading beside it.
		in: serveRequest{Input: "https://a/b c"},
		rfc3986: serveRFC3986{Error: &serveError{Message: "invalid character ' ' at offset 11 in path", Offset: 11,
			Component: "path", Before: "https://a/b", At: " ", After: "c"}},
		hazards: []serveHazard{},
		whatwg: serveWHATWG{Components: []serveDiffRow{
			{"scheme", nil, str("https"), false},
			{"userinfo", nil, str(""), false},
			{"host", nil, str("a"), false},
			{"port", nil, str(""), false},
			{"path", nil, str("/b%20c"), false},
			{"query", nil, nil, false},
			{"fragment", nil, nil, false},
		}, Differ: []string{"error"}, Href: "https://a/b%20c", URI: "https://a/b%20c"},
		target: "/b c",
		presets: map[string]servePreset{
			"nginx": {Name: "nginx", Product: "nginx 1.22", Role: "front", Status: 400, Reason: "invalid character ' ' at offset 2 in path"},
		},
		skipCrawl: true,
	}, {
		// A request-target that a proxy and Tomcat route apart.
		in:      serveRequest{Input: "/public/..;/admin"},
		rfc3986: serveRFC3986{Valid: true, Components: []serveComponent{{"path", 0, 17, "/public/..;/admin"}}, Normalized: "/public/..;/admin"},
		hazards: []serveHazard{
			{"path-parameter", "refuse", "path", 10, 1, "Tomcat and Jetty strip parameters from each segment: they map the path /public/..;/admin as /public/../admin"},
		},
		whatwg: serveWHATWG{Components: []serveDiffRow{
			{"scheme", nil, nil, false},
			{"userinfo", nil, nil, false},
			{"host", nil, nil, false},
			{"port", nil, nil, false},
			{"path", str("/public/..;/admin"), nil, false},
			{"query", nil, nil, false},
			{"fragment", nil, nil, false},
		}, Differ: []string{"error"}, Error: &serveError{Message: "relative URL without a base at offset 0", Before: "", At: "/", After: "public/..;/admin"}},
		target: "/public/..;/admin",
		presets: map[string]servePreset{
			"nginx":  {Name: "nginx", Product: "nginx 1.22", Role: "front", Key: "/public/..;/admin", Forwarded: "/public/..;/admin"},
			"tomcat": {Name: "tomcat", Product: "Apache Tomcat 10.1", Role: "back", Key: "/admin", Forwarded: "/public/..;/admin"},
		},
		splits:    []serveSplit{{Front: "nginx", Back: "tomcat", Segment: 0, Offset: 0, FrontSegment: "public", BackSegment: "admin"}},
		nsplits:   -1,
		skipCrawl: true,
	}, {
		// A reference resolved against a base, both ways.
		in:      serveRequest{Input: "../g?y", Base: "http://a/b/c/d;p?q"},
		rfc3986: serveRFC3986{Valid: true, Components: []serveComponent{{"path", 0, 4, "../g"}, {"query", 5, 6, "y"}}, Normalized: "../g?y", Resolved: "http://a/b/g?y"},
		hazards: []serveHazard{},
		whatwg: serveWHATWG{Components: []serveDiffRow{
			{"scheme", nil, nil, false},
			{"userinfo", nil, nil, false},
			{"host", nil, nil, false},
			{"port", nil, nil, false},
			{"path", str("../g"), nil, false},
			{"query", str("y"), nil, false},
			{"fragment", nil, nil, false},
		}, Differ: []string{"error"}, Error: &serveError{Message: "relative URL without a base at offset 0", At: ".", After: "./g?y"},
			Resolved: "http://a/b/g?y"},
		target:  "../g?y",
		presets: map[string]servePreset{"nginx": {Name: "nginx", Product: "nginx 1.22", Role: "front", Status: 400, Reason: "request-target form not accepted at offset 0"}},
		nsplits: 0,
		crawl: serveCrawl{Profiles: []serveProfile{
			{Name: "rfc3986", Canonical: "../g?y"},
			// A line without a scheme is read as http://, as the crawl
			// keys' references read one.
			{Name: "google", Canonical: "http:///g?y"},
			{Name: "ia", Canonical: "http:///g?y"},
			{Name: "ordinary", Canonical: "http:///g?y"},
			{Name: "nutch", Error: `uri: canon.nutch "../g?y": canon: URL has no scheme at offset 0`},
			{Name: "stormcrawler", Error: `uri: canon.stormcrawler "../g?y": canon: URL has no scheme at offset 0`},
		}, SURT: ")/g?y"},
	}, {
		// Markup is data: it comes back as it went, in JSON that escapes
		// "<" and ">".
		in: serveRequest{Input: `"><img src=x onerror=alert(1)>`},
		rfc3986: serveRFC3986{Error: &serveError{Message: "invalid character '\"' at offset 0 in path", Offset: 0,
			Component: "path", Before: "", At: `"`, After: `><img src=x onerror=alert(1)>`}},
		hazards: []serveHazard{},
		whatwg: serveWHATWG{Components: []serveDiffRow{
			{"scheme", nil, nil, false},
			{"userinfo", nil, nil, false},
			{"host", nil, nil, false},
			{"port", nil, nil, false},
			{"path", nil, nil, false},
			{"query", nil, nil, false},
			{"fragment", nil, nil, false},
		}, Differ: []string{}, Error: &serveError{Message: "relative URL without a base at offset 0", At: `"`, After: `><img src=x onerror=alert(1)>`}},
		target:    `"><img src=x onerror=alert(1)>`,
		nsplits:   0,
		skipCrawl: true,
	}, {
		in: serveRequest{Input: "https://www.example.co.uk./a"},
		rfc3986: serveRFC3986{Valid: true, Components: []serveComponent{
			{"scheme", 0, 5, "https"}, {"host", 8, 26, "www.example.co.uk."}, {"path", 26, 28, "/a"},
		}, HostKind: "RegName", Normalized: "https://www.example.co.uk./a"},
		hazards: []serveHazard{{"trailing-dot", "review", "host", 25, 1, "DNS reads www.example.co.uk. as the name www.example.co.uk, which comparisons of host strings (allow-lists, virtual hosts, certificates) do not"}},
		whatwg: serveWHATWG{Components: []serveDiffRow{
			{"scheme", str("https"), str("https"), false},
			{"userinfo", nil, str(""), false},
			{"host", str("www.example.co.uk."), str("www.example.co.uk."), false},
			{"port", nil, str(""), false},
			{"path", str("/a"), str("/a"), false},
			{"query", nil, nil, false},
			{"fragment", nil, nil, false},
		}, Differ: []string{}, Href: "https://www.example.co.uk./a", URI: "https://www.example.co.uk./a"},
		target:  "/a",
		nsplits: 0,
		crawl: serveCrawl{Profiles: []serveProfile{
			{Name: "rfc3986", Canonical: "https://www.example.co.uk./a"},
			{Name: "google", Canonical: "https://www.example.co.uk/a"},
			{Name: "ia", Canonical: "https://example.co.uk/a"},
			{Name: "ordinary", Canonical: "https://www.example.co.uk/a"},
			{Name: "nutch", Canonical: "https://www.example.co.uk./a"},
			{Name: "stormcrawler", Canonical: "https://www.example.co.uk./a"},
		}, SURT: "uk,co,example)/a", RegistrableDomain: "example.co.uk", PublicSuffix: "co.uk"},
	}}
	for _, tt := range tests {
		t.Run(tt.in.Input, func(t *testing.T) {
			status, ctype, body := postRead(t, h, "application/json", readJSON(t, tt.in))
			if status != http.StatusOK || ctype != "application/json; charset=utf-8" {
				t.Fatalf("status %d, Content-Type %q, body %s", status, ctype, body)
			}
			if strings.ContainsAny(body, "<>") {
				t.Errorf("the body holds a raw < or >: %s", body)
			}
			var got serveResult
			dec := json.NewDecoder(strings.NewReader(body))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&got); err != nil {
				t.Fatal(err)
			}
			if got.Input != tt.in.Input || got.Base != tt.in.Base {
				t.Errorf("input %q, base %q; want %q, %q", got.Input, got.Base, tt.in.Input, tt.in.Base)
			}
			if diff := cmp.Diff(tt.rfc3986, got.RFC3986); diff != "" {
				t.Errorf("rfc3986 of %q mismatch (-want +got):\n%s", tt.in.Input, diff)
			}
			if diff := cmp.Diff(tt.hazards, got.Hazards); diff != "" {
				t.Errorf("hazards of %q mismatch (-want +got):\n%s", tt.in.Input, diff)
			}
			if diff := cmp.Diff(tt.whatwg, got.WHATWG); diff != "" {
				t.Errorf("whatwg of %q mismatch (-want +got):\n%s", tt.in.Input, diff)
			}
			r := got.Route
			if r.Target != tt.target {
				t.Errorf("route target %q, want %q", r.Target, tt.target)
			}
			fronts, backs := 0, 0
			for _, p := range route.Presets() {
				if p.Role&route.Front != 0 {
					fronts++
				}
				if p.Role&route.Back != 0 {
					backs++
				}
			}
			if len(r.Presets) != len(route.Presets()) || len(r.Fronts) != fronts || len(r.Backs) != backs {
				t.Errorf("%d presets, %d fronts, %d backs; want %d, %d, %d", len(r.Presets), len(r.Fronts), len(r.Backs),
					len(route.Presets()), fronts, backs)
			}
			gotPresets := map[string]servePreset{}
			for _, p := range r.Presets {
				if _, ok := tt.presets[p.Name]; ok {
					gotPresets[p.Name] = p
				}
			}
			if diff := cmp.Diff(tt.presets, gotPresets, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("presets of %q mismatch (-want +got):\n%s", tt.in.Input, diff)
			}
			var gotSplits []serveSplit
			for _, s := range r.Splits {
				if _, f := tt.presets[s.Front]; f {
					if _, b := tt.presets[s.Back]; b {
						gotSplits = append(gotSplits, s)
					}
				}
			}
			if diff := cmp.Diff(tt.splits, gotSplits); diff != "" {
				t.Errorf("splits of %q mismatch (-want +got):\n%s", tt.in.Input, diff)
			}
			if tt.nsplits >= 0 && len(r.Splits) != tt.nsplits {
				t.Errorf("%d splits, want %d", len(r.Splits), tt.nsplits)
			}
			if !tt.skipCrawl {
				if diff := cmp.Diff(tt.crawl, got.Crawl); diff != "" {
					t.Errorf("crawl of %q mismatch (-want +got):\n%s", tt.in.Input, diff)
				}
			}
		})
	}
}

// TestServeReadGet checks that GET with a query gives what POST gives.
func TestServeReadGet(t *testing.T) {
	h := newServeHandler(1e9, 1e9)
	in := serveRequest{Input: "../g;x?y", Base: "http://a/b/c/d;p?q"}
	_, _, want := postRead(t, h, "application/json", readJSON(t, in))
	req := httptest.NewRequest("GET", "/api/read?"+url.Values{"input": {in.Input}, "base": {in.Base}}.Encode(), nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if diff := cmp.Diff(want, rec.Body.String()); rec.Code != http.StatusOK || diff != "" {
		t.Errorf("GET status %d; body mismatch with POST's (-want +got):\n%s", rec.Code, diff)
	}
}

// TestServeReadRefused checks the answers to what the API does not read:
// each a status and a JSON object with an error.
func TestServeReadRefused(t *testing.T) {
	h := newServeHandler(1e9, 1e9)
	big := strings.Repeat("a", 100<<10)
	tests := []struct {
		name, method, ctype, body, query string
		status                           int
		err                              string
	}{
		{"100 KB input", "POST", "application/json", `{"input":"http://a/` + big + `"}`, "", 413,
			"input too long: 102409 bytes; the most that is read is 16384"},
		{"100 KB base", "POST", "application/json", `{"input":"a","base":"` + big + `"}`, "", 413,
			"base too long: 102400 bytes; the most that is read is 16384"},
		{"100 KB input by GET", "GET", "", "", "input=" + big, 413,
			"input too long: 102400 bytes; the most that is read is 16384"},
		{"input of 16384 bytes", "POST", "", `{"input":"` + strings.Repeat("a", 16384) + `"}`, "", 200, ""},
		{"input of 16385 bytes", "POST", "", `{"input":"` + strings.Repeat("a", 16385) + `"}`, "", 413,
			"input too long: 16385 bytes; the most that is read is 16384"},
		{"body over 256 KB", "POST", "application/json", `{"input":"` + strings.Repeat(`\u0061`, 60<<10) + `"}`, "", 413,
			"request body over 262144 bytes: an input or a base may have 16384 bytes at most"},
		{"unknown field", "POST", "application/json", `{"input":"a","config":"location / {}"}`, "", 400,
			`bad request body: json: unknown field "config"`},
		{"unknown parameter", "GET", "", "", "input=a&config=x", 400,
			`unknown parameter "config": the API reads input and base`},
		{"raw semicolon", "GET", "", "", "input=/a;b", 400,
			`bad query: invalid semicolon separator in query (form-encode the values: ";" is %3B)`},
		{"not JSON", "POST", "application/json", `input=a`, "", 400,
			"bad request body: invalid character 'i' looking for beginning of value"},
		{"two objects", "POST", "application/json", `{"input":"a"}{"input":"b"}`, "", 400,
			"bad request body: more than one JSON object"},
		{"form", "POST", "application/x-www-form-urlencoded", `input=a`, "", 415,
			"the body must be JSON (Content-Type: application/json)"},
		{"PUT", "PUT", "application/json", `{"input":"a"}`, "", 405, "use GET or POST"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			target := "/api/read"
			if tt.query != "" {
				target += "?" + tt.query
			}
			req := httptest.NewRequest(tt.method, target, strings.NewReader(tt.body))
			if tt.ctype != "" {
				req.Header.Set("Content-Type", tt.ctype)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tt.status {
				t.Errorf("status %d, want %d", rec.Code, tt.status)
			}
			if tt.status == 200 {
				return
			}
			var got serveAPIError
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatalf("body %q: %v", rec.Body.String(), err)
			}
			if diff := cmp.Diff(tt.err, got.Error); diff != "" {
				t.Errorf("%s /api/read error mismatch (-want +got):\n%s", tt.method, diff)
			}
		})
	}
}

// TestServeRate checks the token bucket: a burst, then 429 until time
// refills it.
func TestServeRate(t *testing.T) {
	now := time.Unix(1e9, 0)
	lim := &serveLimiter{rate: 2, burst: 3, tokens: 3, now: func() time.Time { return now }}
	ask := func() (int, string, string) {
		rec := httptest.NewRecorder()
		serveRead(rec, httptest.NewRequest("GET", "/api/read?input=a", nil), lim)
		return rec.Code, rec.Header().Get("Retry-After"), rec.Body.String()
	}
	for i := range 3 {
		if code, _, _ := ask(); code != 200 {
			t.Fatalf("request %d of the burst: status %d", i+1, code)
		}
	}
	code, retry, body := ask()
	want := `{"error":"too many requests: at most 2 a second; try again in a second"}` + "\n"
	if code != 429 || retry != "1" || body != want {
		t.Errorf("after the burst: status %d, Retry-After %q, body %q; want 429, \"1\", %q", code, retry, body, want)
	}
	now = now.Add(500 * time.Millisecond) // one token, at 2 a second
	if code, _, _ := ask(); code != 200 {
		t.Errorf("half a second later: status %d, want 200", code)
	}
	if code, _, _ := ask(); code != 429 {
		t.Errorf("then at once: status %d, want 429", code)
	}
}

// TestServePage checks that the page and its assets are served with a
// policy that runs no script but its own, and that the script writes
// no markup: every value reaches the page as text.
func TestServePage(t *testing.T) {
	h := newServeHandler(1e9, 1e9)
	for _, tt := range []struct{ path, ctype, holds string }{
		{"/", "text/html; charset=utf-8", `<script src="app.js" defer></script>`},
		{"/app.js", "text/javascript; charset=utf-8", "textContent"},
		{"/style.css", "text/css; charset=utf-8", ".caret"},
	} {
		t.Run(tt.path, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", tt.path, nil))
			hd := rec.Header()
			got := []string{strconv.Itoa(rec.Code), hd.Get("Content-Type"), hd.Get("Content-Security-Policy"), hd.Get("X-Content-Type-Options")}
			want := []string{"200", tt.ctype, "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; " +
				"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'", "nosniff"}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("GET %s mismatch (-want +got):\n%s", tt.path, diff)
			}
			if !strings.Contains(rec.Body.String(), tt.holds) {
				t.Errorf("GET %s: no %q in the body", tt.path, tt.holds)
			}
		})
	}
	// No way to write markup or run a string: the script builds the DOM
	// with createElement and textContent alone.
	js, err := fs.ReadFile(webFiles, "web/app.js")
	if err != nil {
		t.Fatal(err)
	}
	sinks := regexp.MustCompile(`innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function|setAttribute|\.on[a-z]+\s*=|\.(href|src|action)\s*=`)
	if m := sinks.FindAllString(string(js), -1); m != nil {
		t.Errorf("app.js uses %q, which can turn data into markup or script", m)
	}
	html, _ := fs.ReadFile(webFiles, "web/index.html")
	if m := regexp.MustCompile(`(?i)<script>|\son[a-z]+=|(src|href)="[a-z]+:`).FindAllString(string(html), -1); m != nil {
		t.Errorf("index.html has inline script or an outside address: %q", m)
	}
}

func TestServeTarget(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"/a/../b?q#f", "/a/../b?q#f"},
		{"*", "*"},
		{"http://a/b/%2e%2e/c?q#f", "/b/%2e%2e/c?q"},
		{"http://a", "/"},
		{"http://a?q", "/?q"},
		{"http://a#f", "/"},
		{"https://u@h:8/a b", "/a b"},
		{"../g", "../g"},
		{"mailto:a@b", "mailto:a@b"},
		{"a/b://c", "a/b://c"},
		{"", ""},
	} {
		t.Run(tt.in, func(t *testing.T) {
			if got := serveTarget(tt.in); got != tt.want {
				t.Errorf("serveTarget(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestServeCommand runs uri serve on a free loopback port, reads the
// address it prints, asks it for a reading, and stops it as Ctrl-C does.
func TestServeCommand(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no interrupt to send to oneself on Windows")
	}
	pr, pw := io.Pipe()
	var stderr bytes.Buffer
	done := make(chan int)
	go func() {
		e := &env{stdin: strings.NewReader(""), stdout: pw, stderr: &stderr}
		done <- e.run([]string{"serve", "--addr", "127.0.0.1:0"})
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no address printed: %v; stderr %q", err, stderr.String())
	}
	m := regexp.MustCompile(`^uri serve: listening on (http://127\.0\.0\.1:[0-9]+/)\n$`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("printed %q", line)
	}
	go io.Copy(io.Discard, pr)
	resp, err := http.Get(m[1] + "api/read?input=" + url.QueryEscape("http://a/"))
	if err != nil {
		t.Fatal(err)
	}
	var got serveResult
	err = json.NewDecoder(resp.Body).Decode(&got)
	resp.Body.Close()
	if err != nil || !got.RFC3986.Valid || got.RFC3986.Normalized != "http://a/" {
		t.Errorf("GET /api/read: %v, %+v", err, got.RFC3986)
	}
	p, _ := os.FindProcess(os.Getpid())
	if err := p.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	select {
	case status := <-done:
		if status != exitOK || stderr.Len() != 0 {
			t.Errorf("uri serve ended with status %d, stderr %q", status, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("uri serve did not stop on an interrupt")
	}
}

// TestServeSplits checks the splits the API gives, found once for fronts
// alike, against route.Agree of every front and back end.
func TestServeSplits(t *testing.T) {
	for _, target := range []string{
		"/public/..;/admin", "/a/%2e%2e/b", "/a//b/./c", "/a%2Fb/%2e%2E/c?q#f", "/A/%61dmin;x/",
		"http://h/a/../b", "/a/b%5C..%5Cc", "*", "/%zz/..", "/a/b/..",
	} {
		t.Run(target, func(t *testing.T) {
			var want []serveSplit
			for _, f := range route.Presets() {
				if f.Role&route.Front == 0 {
					continue
				}
				for _, b := range route.Presets() {
					if b.Role&route.Back == 0 {
						continue
					}
					a := route.Agree(serveTarget(target), f.Policy, b.Policy)
					if !a.Agree {
						want = append(want, serveSplit{Front: f.Name, Back: b.Name, Segment: a.Segment,
							Offset: a.Offset, FrontSegment: a.FrontSegment, BackSegment: a.BackSegment})
					}
				}
			}
			if diff := cmp.Diff(want, serveReadRoute(target).Splits, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("serveReadRoute(%q).Splits mismatch (-want +got):\n%s", target, diff)
			}
		})
	}
}
