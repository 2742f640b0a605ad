package route_test

import (
	"bufio"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/internal/testenv"
	"github.com/urilabs/rfc3986/uri/route"
	"github.com/urilabs/rfc3986/uri/route/internal/proxytest"
)

// seen is what the handler behind route.Handler saw of a request: the
// Result's Forward and Key, and the URL's request-target (what a
// ReverseProxy sends), decoded path and query.
type seen struct {
	Forward, RequestURI, Path, RawQuery, Key string
	HasResult                                bool
}

// recordNext returns a handler that writes what it saw into *s.
func recordNext(s *seen) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		res, ok := route.ResultOf(r)
		*s = seen{res.Forward, r.URL.RequestURI(), r.URL.Path, r.URL.RawQuery, res.Key, ok}
		w.WriteHeader(http.StatusNoContent)
	})
}

func TestHandler(t *testing.T) {
	strict := route.Policy{
		Unreserved:   route.UnreservedDecode,
		PercentCase:  route.PercentCaseUpper,
		Dot:          route.DotRemove,
		DotDot:       route.DotDotRejectAbove,
		EncodedSlash: route.EncodedReject,
		Slashes:      route.SlashesMerge,
		KeyForm:      route.KeyDecoded,
		KeyCase:      route.KeyCaseLower,
		Normalized:   route.NormalizedRedirect,
		Status:       route.Statuses{Redirect: http.StatusPermanentRedirect},
	}
	// Targets that net/url would write otherwise, through presets that
	// forward them raw: next's URL.RequestURI is Forward, byte for byte, or
	// the target is refused when net/http cannot send it as it is.
	tests := []struct {
		name, preset, target string // preset: strict when ""
		status               int
		seen                 seen   // when next is called
		location             string // for a redirect
		body                 string // for a rejection
	}{
		{
			name: "normal", target: "/a/b?x=1", status: http.StatusNoContent,
			seen: seen{Forward: "/a/b?x=1", RequestURI: "/a/b?x=1", Path: "/a/b", RawQuery: "x=1", Key: "/a/b", HasResult: true},
		},
		{
			name: "unreserved decoded, case folded for the key", target: "/%41dmin/%7euser", status: http.StatusNoContent,
			seen: seen{Forward: "/Admin/~user", RequestURI: "/Admin/~user", Path: "/Admin/~user", Key: "/admin/~user", HasResult: true},
		},
		{
			name: "escape kept as sent", target: "/a%20b/c%3Bd", status: http.StatusNoContent,
			seen: seen{Forward: "/a%20b/c%3Bd", RequestURI: "/a%20b/c%3Bd", Path: "/a b/c;d", Key: "/a b/c;d", HasResult: true},
		},
		{
			name: "dot-segments redirected", target: "/a/./b/../c", status: http.StatusPermanentRedirect, location: "/a/c",
		},
		{
			name: "above the root", target: "/a/../../etc/passwd", status: http.StatusBadRequest,
			body: "bad request target: dot-segment above the root",
		},
		{
			name: "encoded slash", target: "/a%2F..%2Fadmin", status: http.StatusBadRequest,
			body: "bad request target: rejected escape",
		},
		{
			name: "not a request target", target: "/a b", status: http.StatusBadRequest,
			body: "bad request target: invalid character ' ' at offset 2 in path",
		},
		{
			name: "a long target is not echoed", target: "/" + strings.Repeat("a", 100<<10) + "%zz", status: http.StatusBadRequest,
			body: "bad request target: invalid percent-encoding",
		},
		{
			preset: "envoy-legacy", target: "/admin%2Fsecret|x", status: http.StatusNoContent,
			seen: seen{Forward: "/admin%2Fsecret|x", RequestURI: "/admin%2Fsecret|x", Path: "/admin/secret|x", Key: "/admin%2Fsecret|x", HasResult: true},
		},
		{
			preset: "nginx", target: "/p/a%2Fb\\c", status: http.StatusNoContent,
			seen: seen{Forward: "/p/a%2Fb\\c", RequestURI: "/p/a%2Fb\\c", Path: "/p/a/b\\c", Key: "/p/a/b\\c", HasResult: true},
		},
		{
			preset: "nginx", target: "/a/b/.%2e/%2E%2E/c?x;y", status: http.StatusNoContent,
			seen: seen{Forward: "/a/b/.%2e/%2E%2E/c?x;y", RequestURI: "/a/b/.%2e/%2E%2E/c?x;y", Path: "/a/b/../../c", RawQuery: "x;y", Key: "/c", HasResult: true},
		},
		{
			preset: "nginx", target: "/\xc3\xa9t\xc3\xa9?", status: http.StatusNoContent,
			seen: seen{Forward: "/\xc3\xa9t\xc3\xa9?", RequestURI: "/\xc3\xa9t\xc3\xa9?", Path: "/\xc3\xa9t\xc3\xa9", Key: "/\xc3\xa9t\xc3\xa9", HasResult: true},
		},
		{
			preset: "haproxy", target: "http://example.com/a%2f", status: http.StatusNoContent,
			seen: seen{Forward: "http://example.com/a%2f", RequestURI: "http://example.com/a%2f", Path: "/a/", Key: "/a%2f", HasResult: true},
		},
		{
			preset: "nginx-nomerge", target: "//a%2Fb", status: http.StatusNoContent,
			seen: seen{Forward: "//a%2Fb", RequestURI: "//a%2Fb", Path: "//a/b", Key: "//a/b", HasResult: true},
		},
		{
			preset: "nginx-nomerge", target: "//a|b", status: http.StatusBadRequest,
			body: "request target not forwarded: net/url would re-escape a path that begins with \"//\"\n",
		},
	}
	for _, tt := range tests {
		name := tt.name
		if name == "" {
			name = tt.preset + " " + tt.target
		}
		t.Run(name, func(t *testing.T) {
			policy := strict
			if tt.preset != "" {
				p, ok := route.Lookup(tt.preset)
				if !ok {
					t.Fatalf("no preset %q", tt.preset)
				}
				policy = p.Policy
			}
			var got seen
			h := route.Handler(policy, recordNext(&got))
			req := httptest.NewRequest(http.MethodGet, "http://example.com/", nil)
			// As the server reads the request line.
			req.RequestURI = tt.target
			if u, err := url.ParseRequestURI(tt.target); err == nil {
				req.URL = u
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d (body %q)", rec.Code, tt.status, rec.Body.String())
			}
			if diff := cmp.Diff(tt.seen, got); diff != "" {
				t.Errorf("what next saw mismatch (-want +got):\n%s", diff)
			}
			if loc := rec.Header().Get("Location"); loc != tt.location {
				t.Errorf("Location %q, want %q", loc, tt.location)
			}
			body, _ := io.ReadAll(rec.Body)
			if tt.body != "" && (!strings.HasPrefix(string(body), tt.body) || len(body) > 200) {
				t.Errorf("body %q (%d bytes), want a short one beginning %q", body[:min(len(body), 200)], len(body), tt.body)
			}
		})
	}
}

// TestHandlerAsterisk checks that "OPTIONS *" reaches next when the server
// lets it through (DisableGeneralOptionsHandler), on a real connection.
func TestHandlerAsterisk(t *testing.T) {
	var got seen
	srv := httptest.NewUnstartedServer(route.Handler(route.Policy{}, recordNext(&got)))
	srv.Config.DisableGeneralOptionsHandler = true
	srv.Start()
	defer srv.Close()
	req, err := http.NewRequest(http.MethodOptions, srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.URL.Opaque = "*"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent || got.Forward != "*" || !got.HasResult || got.Key != "" {
		t.Errorf("OPTIONS *: status %d, next saw %+v", resp.StatusCode, got)
	}
}

func TestResultOfWithoutHandler(t *testing.T) {
	if _, ok := route.ResultOf(httptest.NewRequest(http.MethodGet, "/", nil)); ok {
		t.Error("ResultOf found a Result in a request that no Handler saw")
	}
}

func ExampleHandler() {
	policy := route.Policy{
		Unreserved: route.UnreservedDecode,
		Dot:        route.DotRemove,
		DotDot:     route.DotDotRejectAbove,
		KeyForm:    route.KeyDecoded,
		KeyCase:    route.KeyCaseLower,
	}
	app := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		res, _ := route.ResultOf(r)
		if res.Key == "/admin" || strings.HasPrefix(res.Key, "/admin/") {
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		fmt.Fprintf(w, "routed on %s, forwarding %s", res.Key, r.URL.RequestURI())
	})
	h := route.Handler(policy, app)
	for _, target := range []string{"/docs/./%7Eguide", "/ADMIN", "/docs/../%61dmin/x", "/../etc/passwd"} {
		req := httptest.NewRequest(http.MethodGet, "http://example.com/", nil)
		req.RequestURI = target
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		fmt.Printf("%-20s %d %s\n", target, rec.Code, strings.TrimSpace(rec.Body.String()))
	}
	// Output:
	// /docs/./%7Eguide     200 routed on /docs/~guide, forwarding /docs/~guide
	// /ADMIN               403 forbidden
	// /docs/../%61dmin/x   403 forbidden
	// /../etc/passwd       400 bad request target: dot-segment above the root at offset 1 in path
}

// wire is a chain as the docs build it, on loopback: a real net/http
// server whose handler is route.Handler in front of an
// httputil.ReverseProxy, and a back end that is a raw TCP server recording
// the request line it receives. Requests carry an X-Seq header that the
// proxy passes on, so that each one's request-target is found again.
type wire struct {
	front   map[string]string // preset name -> the server's address
	mu      sync.Mutex
	handled map[string]bool   // X-Seq values that reached route.Handler
	backend map[string]string // X-Seq -> request-target the back end read
	seq     atomic.Uint64
}

// startWire starts the back end and one front server per policy, with the
// proxy made by proxy from the back end's URL; they stop with the test or
// benchmark.
func startWire(tb testing.TB, policies map[string]route.Policy, proxy func(*url.URL) http.Handler) *wire {
	w := &wire{front: map[string]string{}, handled: map[string]bool{}, backend: map[string]string{}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { ln.Close() })
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go w.serveBackend(conn)
		}
	}()
	backendURL := &url.URL{Scheme: "http", Host: ln.Addr().String()}
	for name, p := range policies {
		next := proxy(backendURL)
		h := route.Handler(p, next)
		srv := httptest.NewUnstartedServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
			w.mu.Lock()
			w.handled[r.Header.Get("X-Seq")] = true
			w.mu.Unlock()
			h.ServeHTTP(rw, r)
		}))
		srv.Config.ErrorLog = log.New(io.Discard, "", 0)
		srv.Config.DisableGeneralOptionsHandler = true
		srv.Start()
		tb.Cleanup(srv.Close)
		w.front[name] = srv.Listener.Addr().String()
	}
	return w
}

// newDirectorProxy is the proxy of the docs:
// httputil.NewSingleHostReverseProxy to the back end, with a transport that
// keeps enough idle connections for the test's parallel requests.
func newDirectorProxy(backend *url.URL) http.Handler {
	p := httputil.NewSingleHostReverseProxy(backend)
	p.Transport = &http.Transport{MaxIdleConnsPerHost: 64}
	p.ErrorLog = log.New(io.Discard, "", 0)
	return p
}

// serveBackend reads requests from conn and answers each with 204,
// recording its request-target under its X-Seq header.
func (w *wire) serveBackend(conn net.Conn) {
	defer conn.Close()
	br := bufio.NewReader(conn)
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return
		}
		var seq string
		for {
			h, err := br.ReadString('\n')
			if err != nil {
				return
			}
			if h == "\r\n" {
				break
			}
			if k, v, ok := strings.Cut(h, ":"); ok && strings.EqualFold(k, "X-Seq") {
				seq = strings.TrimSpace(v)
			}
		}
		// "GET <target> HTTP/1.1\r\n": the target is what lies between
		// the first and the last space, whatever bytes it holds.
		line = strings.TrimSuffix(line, "\r\n")
		target := line
		if i, j := strings.IndexByte(line, ' '), strings.LastIndexByte(line, ' '); i >= 0 && j > i {
			target = line[i+1 : j]
		}
		w.mu.Lock()
		w.backend[seq] = target
		w.mu.Unlock()
		if _, err := io.WriteString(conn, "HTTP/1.1 204 No Content\r\n\r\n"); err != nil {
			return
		}
	}
}

// client is one keep-alive connection to a front server, made again when
// the server closes it.
type client struct {
	addr string
	conn net.Conn
	br   *bufio.Reader
}

// do sends "GET target" with the given X-Seq and returns the status and
// body of the answer.
func (c *client) do(target, seq string) (int, string, error) {
	for try := 0; ; try++ {
		if c.conn == nil {
			conn, err := net.Dial("tcp", c.addr)
			if err != nil {
				return 0, "", err
			}
			c.conn, c.br = conn, bufio.NewReader(conn)
		}
		c.conn.SetDeadline(time.Now().Add(10 * time.Second))
		status, body, closed, err := c.roundTrip(target, seq)
		if err == nil {
			if closed {
				c.close()
			}
			return status, body, nil
		}
		c.close()
		if try == 1 {
			return 0, "", err
		}
		// A kept-alive connection the server closed meanwhile: once more
		// on a new one.
	}
}

func (c *client) roundTrip(target, seq string) (status int, body string, closed bool, err error) {
	if _, err := io.WriteString(c.conn, "GET "+target+" HTTP/1.1\r\nHost: example.test\r\nX-Seq: "+seq+"\r\n\r\n"); err != nil {
		return 0, "", false, err
	}
	resp, err := http.ReadResponse(c.br, nil)
	if err != nil {
		return 0, "", false, err
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return 0, "", false, err
	}
	return resp.StatusCode, string(b), resp.Close, nil
}

func (c *client) close() {
	if c.conn != nil {
		c.conn.Close()
		c.conn = nil
	}
}

// outcome is what became of one target sent through a front server.
type outcome struct {
	status   int
	body     string
	handled  bool   // it reached route.Handler (net/http did not refuse it first)
	received bool   // the back end received a request for it
	target   string // the request-target the back end read
}

// send sends target through the front server of the given preset and
// returns what became of it.
func (w *wire) send(c *client, target string) (outcome, error) {
	seq := strconv.FormatUint(w.seq.Add(1), 10)
	status, body, err := c.do(target, seq)
	if err != nil {
		return outcome{}, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	o := outcome{status: status, body: body, handled: w.handled[seq]}
	o.target, o.received = w.backend[seq]
	delete(w.handled, seq)
	delete(w.backend, seq)
	return o, nil
}

// check says what is wrong with o, the outcome of target through
// route.Handler(p) and a proxy that sends wantForward for an accepted
// Forward, or "".
func checkOutcome(p route.Policy, target string, o outcome, wantForward func(string) string) string {
	if !o.handled {
		// net/http refused the request line before any handler ran.
		if o.received || o.status < 400 || o.status > 499 {
			return fmt.Sprintf("net/http did not hand it to route.Handler, yet status %d and the back end received %q (%v)", o.status, o.target, o.received)
		}
		return ""
	}
	res := p.Apply(target)
	switch {
	case res.Verdict != route.Accept:
		want := res.Status()
		if want == 0 {
			want = http.StatusBadRequest
		}
		if o.received || o.status != want {
			return fmt.Sprintf("%v %d: got status %d, and the back end received %q (%v)", res.Verdict, want, o.status, o.target, o.received)
		}
	case strings.HasPrefix(o.body, "request target not forwarded: "):
		if o.received || o.status != http.StatusBadRequest {
			return fmt.Sprintf("not forwarded (%s), yet status %d and the back end received %q", o.body, o.status, o.target)
		}
		if sendable(res.Forward) {
			return fmt.Sprintf("Forward %q can be sent as it is, yet Handler answered %q", res.Forward, o.body)
		}
	default:
		want := wantForward(res.Forward)
		if !o.received || o.target != want {
			return fmt.Sprintf("Forward %q: the back end received %q (%v), want %q; status %d %q", res.Forward, o.target, o.received, want, o.status, o.body)
		}
	}
	return ""
}

// sendable says whether net/http can send forward as a request-target as
// it is: no byte that breaks a request line, and a path that begins with
// "//" (which URL.Opaque cannot carry) only where net/url writes its
// URL.RawPath back unchanged.
func sendable(forward string) bool {
	if strings.ContainsFunc(forward, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return false
	}
	path, _, _ := strings.Cut(forward, "?")
	if path == "" {
		return false
	}
	if !strings.HasPrefix(path, "//") {
		return true
	}
	decoded, err := url.PathUnescape(path)
	return err == nil && (&url.URL{Path: decoded, RawPath: path}).EscapedPath() == path
}

// wireTargets returns the targets of the live test, of the vector files
// and of the products' test files, and targets generated from a seed
// around the bytes net/url re-escapes.
func wireTargets(tb testing.TB, seed int64, generated int) []string {
	targets, err := proxytest.ReadTargets(targetsFile)
	if err != nil {
		tb.Fatal(err)
	}
	files, _ := filepath.Glob("testdata/vectors/*.txt")
	tsv, _ := filepath.Glob("testdata/*.txt")
	for _, f := range append(files, tsv...) {
		if f == targetsFile {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			switch {
			case line == "" || line[0] == '#' || line[0] == '@':
			case line[0] == '"': // "TARGET" ...
				q, err := strconv.QuotedPrefix(line)
				if err != nil {
					tb.Fatalf("%s: %q: %v", f, line, err)
				}
				t, _ := strconv.Unquote(q)
				targets = append(targets, t)
			default: // preset<TAB>target<TAB>...
				if fields := strings.Split(line, "\t"); len(fields) > 2 {
					targets = append(targets, fields[1])
				}
			}
		}
	}
	return append(targets, generateTargets(seed, generated)...)
}

// generateTargets returns n targets made from pieces that products read
// differently and that net/url would write otherwise: raw bytes it
// re-escapes, escaped slashes and dots, "//" at the start, ';' in the
// query, non-ASCII bytes, every one at random places.
func generateTargets(seed int64, n int) []string {
	pieces := []string{
		"a", "admin", "b", ".", "..", "%2e", "%2E%2E", "%2F", "%2f", "%5C", "\\", "|", "{", "}", "^", "`", "\"",
		"%7C", "%25", "%", "%zz", "%00", "%20", "%3F", "%23", ";", ";x=1", "~", "%7E", "[", "]", "@", ":", "\xc3\xa9",
		"\x80", "\xff", "'", "!", "$", "&", "(", "*", "+", ",", "=", "A", "%41",
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0))
	targets := make([]string, n)
	for i := range targets {
		var b strings.Builder
		b.WriteString("/")
		if rng.IntN(6) == 0 {
			b.WriteString("/")
		}
		for segs := 1 + rng.IntN(4); segs > 0; segs-- {
			for k := rng.IntN(4); k >= 0; k-- {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			if segs > 1 {
				b.WriteString("/")
			}
		}
		switch rng.IntN(4) {
		case 0:
			b.WriteString("?")
		case 1:
			b.WriteString("?q=" + pieces[rng.IntN(len(pieces))] + ";" + pieces[rng.IntN(len(pieces))])
		}
		targets[i] = b.String()
	}
	return targets
}

// TestHandlerWire checks route.Handler's promise where a user meets it:
// a raw TCP client, the real net/http server, route.Handler in front of
// httputil.NewSingleHostReverseProxy, and a raw TCP back end. For every
// preset and every target, the back end receives Result.Forward byte for
// byte, or nothing: Handler refuses a Forward that net/http cannot send
// as it is, and a target the policy refuses never reaches the back end.
func TestHandlerWire(t *testing.T) {
	seed := time.Now().UnixNano()
	t.Logf("generated targets from seed %d", seed)
	targets := wireTargets(t, seed, 1000)
	presets := route.Presets()
	policies := map[string]route.Policy{}
	for _, p := range presets {
		policies[p.Name] = p.Policy
	}
	w := startWire(t, policies, newDirectorProxy)
	var total, handledNot, notForwarded, forwarded, refused atomic.Int64
	runWire(t, w, presets, targets, func(f string) string { return f }, func(o outcome) {
		total.Add(1)
		switch {
		case !o.handled:
			handledNot.Add(1)
		case o.received:
			forwarded.Add(1)
		case strings.HasPrefix(o.body, "request target not forwarded: "):
			notForwarded.Add(1)
		default:
			refused.Add(1)
		}
	})
	t.Cleanup(func() {
		t.Logf("%d presets, %d cases: %d forwarded as Forward, %d refused by the policy, %d not forwarded (net/http cannot send them as they are), %d refused by net/http before the handler",
			len(presets), total.Load(), forwarded.Load(), refused.Load(), notForwarded.Load(), handledNot.Load())
	})
}

// runWire sends each preset its share of the targets (testenv.Cases of
// all the pairs), in parallel subtests, and checks each outcome with
// checkOutcome; count, when not nil, sees every outcome.
func runWire(t *testing.T, w *wire, presets []route.Preset, targets []string, wantForward func(string) string, count func(outcome)) {
	n := testenv.Cases(len(targets) * len(presets))
	for _, p := range presets {
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			// A stride through the targets that starts somewhere else for
			// each preset.
			stride := max(len(targets)/max(n/len(presets), 1), 1)
			c := &client{addr: w.front[p.Name]}
			defer c.close()
			failures := 0
			for i := len(p.Name) % stride; i < len(targets); i += stride {
				o, err := w.send(c, targets[i])
				if err != nil {
					t.Fatalf("%q: %v", targets[i], err)
				}
				if count != nil {
					count(o)
				}
				if msg := checkOutcome(p.Policy, targets[i], o, wantForward); msg != "" {
					t.Errorf("%q: %s", targets[i], msg)
					if failures++; failures == 20 {
						t.Fatal("and more")
					}
				}
			}
		})
	}
}

// TestSetURLWire is TestHandlerWire with the proxy that SetURL's doc
// shows: an httputil.ReverseProxy whose Rewrite calls route.SetURL with a
// back end under a path and with a query of its own. The back end
// receives that path followed by Forward, and the two queries joined.
func TestSetURLWire(t *testing.T) {
	seed := time.Now().UnixNano()
	t.Logf("generated targets from seed %d", seed)
	targets := wireTargets(t, seed, 300)
	presets := route.Presets()
	policies := map[string]route.Policy{}
	for _, p := range presets {
		policies[p.Name] = p.Policy
	}
	w := startWire(t, policies, func(backend *url.URL) http.Handler {
		base := *backend
		base.Path, base.RawQuery = "/base/", "k=v"
		return &httputil.ReverseProxy{
			Rewrite:   func(pr *httputil.ProxyRequest) { route.SetURL(pr, &base) },
			Transport: &http.Transport{MaxIdleConnsPerHost: 64},
			ErrorLog:  log.New(io.Discard, "", 0),
		}
	})
	want := func(forward string) string {
		if strings.HasPrefix(forward, "/") {
			forward = "/base" + forward
		}
		path, query, hasQuery := strings.Cut(forward, "?")
		if !hasQuery {
			return path + "?k=v"
		}
		return path + "?k=v&" + query
	}
	runWire(t, w, presets, targets, want, nil)
}

// TestSetURLWithoutHandler checks that a request that did not come
// through route.Handler is given to ProxyRequest.SetURL unchanged.
func TestSetURLWithoutHandler(t *testing.T) {
	in := httptest.NewRequest(http.MethodGet, "/a%7Cb?x;y", nil)
	target, _ := url.Parse("http://backend:8080/base")
	got := &httputil.ProxyRequest{In: in, Out: in.Clone(in.Context())}
	want := &httputil.ProxyRequest{In: in, Out: in.Clone(in.Context())}
	route.SetURL(got, target)
	want.SetURL(target)
	if g, w := got.Out.URL.String(), want.Out.URL.String(); g != w {
		t.Errorf("SetURL: outbound URL %q, want ProxyRequest.SetURL's %q", g, w)
	}
	if got.Out.Host != want.Out.Host {
		t.Errorf("SetURL: Host %q, want %q", got.Out.Host, want.Out.Host)
	}
}

// FuzzHandler sends random targets through a preset chosen by the input,
// route.Handler and httputil.NewSingleHostReverseProxy to a raw TCP back
// end on loopback: the back end receives Forward byte for byte or nothing.
func FuzzHandler(f *testing.F) {
	targets, err := proxytest.ReadTargets(targetsFile)
	if err != nil {
		f.Fatal(err)
	}
	for i, t := range targets {
		if i%10 == 0 {
			f.Add(uint8(i), t)
		}
	}
	presets := route.Presets()
	policies := map[string]route.Policy{}
	for _, p := range presets {
		policies[p.Name] = p.Policy
	}
	w := startWire(f, policies, newDirectorProxy)
	var (
		mu sync.Mutex
		cs = map[string]*client{}
	)
	f.Fuzz(func(t *testing.T, which uint8, target string) {
		// A request line holds no CR, LF, space or NUL: such a target
		// would be another request, not this one.
		if target == "" || strings.ContainsAny(target, "\r\n \x00") {
			t.Skip()
		}
		p := presets[int(which)%len(presets)]
		mu.Lock()
		defer mu.Unlock()
		c := cs[p.Name]
		if c == nil {
			c = &client{addr: w.front[p.Name]}
			cs[p.Name] = c
		}
		o, err := w.send(c, target)
		if err != nil {
			t.Fatalf("%s %q: %v", p.Name, target, err)
		}
		if msg := checkOutcome(p.Policy, target, o, func(f string) string { return f }); msg != "" {
			t.Errorf("%s %q: %s", p.Name, target, msg)
		}
	})
}

func ExampleSetURL() {
	// A back end that says what request-target it received.
	backend := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, r.RequestURI)
	}))
	defer backend.Close()
	to, _ := url.Parse(backend.URL + "/app")

	p, _ := route.Lookup("envoy-legacy")
	proxy := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		route.SetURL(pr, to)
		pr.SetXForwarded()
	}}
	front := httptest.NewServer(route.Handler(p.Policy, proxy))
	defer front.Close()

	for _, target := range []string{"/admin%2Fsecret|x", "/a/.%2e/b?x;y"} {
		req, _ := http.NewRequest(http.MethodGet, front.URL, nil)
		req.URL.Opaque = target // sent as it is
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			fmt.Println(err)
			return
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Printf("%-20s -> %s\n", target, body)
	}
	// Output:
	// /admin%2Fsecret|x    -> /app/admin%2Fsecret|x
	// /a/.%2e/b?x;y        -> /app/a/.%2e/b?x;y
}
