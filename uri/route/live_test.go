package route_test

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri/route"
	"github.com/urilabs/rfc3986/uri/route/internal/proxytest"
)

var (
	live     = flag.Bool("live", os.Getenv("ROUTE_LIVE") != "", "run nginx, Apache, HAProxy, Caddy and Tomcat on loopback and check testdata/observed and the presets against them (or set ROUTE_LIVE=1)")
	update   = flag.Bool("update", false, "with -live, rewrite testdata/observed from what the servers do")
	liveSeed = flag.Uint64("liveseed", 1, "the seed of the live test's generated targets")
)

const targetsFile = "testdata/targets.txt"

func observedFile(config string) string {
	return filepath.Join("testdata", "observed", config+".txt")
}

// TestLive runs each product on 127.0.0.1 in front of an echo back end
// (Tomcat with a page that reports what the Servlet sees), sends it every
// target of testdata/targets.txt as raw bytes, and compares what it
// answers or forwards with testdata/observed/<config>.txt, the golden
// files the presets are held to by TestNginxObserved and the others. Then
// it sends each configuration the targets generated from -liveseed
// (liveTargets and longTargets) and compares what the product does with
// what the configuration's preset predicts.
func TestLive(t *testing.T) {
	if testing.Short() {
		t.Skip("live proxies are not run with -short")
	}
	if !*live {
		t.Skip("live proxies run only with -live or ROUTE_LIVE=1")
	}
	targets, err := proxytest.ReadTargets(targetsFile)
	if err != nil {
		t.Fatal(err)
	}
	generated := liveTargets(*liveSeed, targets)
	t.Logf("-liveseed %d: %d targets of %s and %d generated ones (and those around the length limits) for each configuration",
		*liveSeed, len(targets), targetsFile, len(generated))
	start := time.Now()
	for _, p := range proxytest.Products {
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			if _, err := p.Path(); err != nil {
				t.Skipf("%v: install it (apt-get install %s) to check its presets against it", err, p.Package)
			}
			version, err := p.Version()
			if err != nil {
				t.Fatal(err)
			}
			// A back end of its own, so that no one address sees more
			// connections than the ephemeral ports can make.
			backend, err := proxytest.StartBackend()
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { backend.Close() })
			var configs []proxytest.Config
			for _, c := range proxytest.Configs {
				if c.Product == p.Name {
					configs = append(configs, c)
				}
			}
			srv, err := proxytest.Start(p, t.TempDir(), backend.Addr(), configs)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() {
				if err := srv.Stop(); err != nil {
					t.Error(err)
				}
			})
			var wg sync.WaitGroup
			for _, c := range configs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if checkLive(t, c, srv.Addrs[c.Name], version, targets) {
						checkGenerated(t, c, srv.Addrs[c.Name], generated)
					}
				}()
			}
			wg.Wait()
			if t.Failed() {
				log := strings.Split(strings.TrimSpace(srv.Log()), "\n")
				if len(log) > 40 {
					log = log[len(log)-40:]
				}
				t.Logf("the end of %s's log:\n%s", p.Name, strings.Join(log, "\n"))
			}
		})
	}
	t.Cleanup(func() { t.Logf("live run: %v", time.Since(start).Round(time.Millisecond)) })
}

// checkLive sends the targets of targetsFile to the configuration c at
// addr and compares what it does with its golden file, or writes that
// file with -update. It returns false when it could not send them.
func checkLive(t *testing.T, c proxytest.Config, addr, version string, targets []string) bool {
	got, err := sendAll(addr, targets)
	if err != nil {
		t.Errorf("%s: %v", c.Name, err)
		return false
	}
	if *update {
		header := []string{
			"What " + version + " does with each target of ../targets.txt,",
			"configured with " + c.Settings + ":",
			"",
			c.Block,
			"",
			`Each line: the target sent (with Host: its authority, or the proxy's`,
			`address when it has none), then "-> " and the request-target the back end`,
			"received, or the status the proxy answered itself (\"closed\": no answer).",
			"Written by TestLive with -live -update; do not edit by hand.",
		}
		if c.ReportsKey {
			header[len(header)-2] = `received, or the status the server answered itself ("closed": no answer);` +
				"\nfor a Servlet container, what the Servlet saw: getRequestURI and the query," +
				"\nthen \"key\" and getServletPath and getPathInfo."
		}
		if err := proxytest.WriteObserved(observedFile(c.Name), header, got); err != nil {
			t.Error(err)
		}
		return true
	}
	want, err := proxytest.ReadObserved(observedFile(c.Name))
	if err != nil {
		t.Errorf("%v (run with -live -update to make it)", err)
		return true
	}
	if diff := cmp.Diff(lines(want), lines(got)); diff != "" {
		t.Errorf("%s (%s) differs from %s (-golden +live):\n%s", c.Name, version, observedFile(c.Name), diff)
	}
	return true
}

// checkGenerated sends the generated targets, and those around the
// length limits of the products, to the configuration c at addr, and
// compares what it does with what its preset predicts.
func checkGenerated(t *testing.T, c proxytest.Config, addr string, generated []string) {
	preset, ok := route.Lookup(c.Preset)
	if !ok {
		t.Errorf("%s: no preset %q", c.Name, c.Preset)
		return
	}
	targets := append(generated[:len(generated):len(generated)], longTargets(addr)...)
	obs, err := sendAll(addr, targets)
	if err != nil {
		t.Errorf("%s: %v", c.Name, err)
		return
	}
	bad := 0
	for i, target := range targets {
		if got, want := obs[i], predict(c, preset.Policy, target, proxytest.Header(target, addr)); got != want {
			if bad++; bad <= *maxDiffs {
				t.Errorf("%s: preset %s predicts %s\n\tlive %s", c.Name, c.Preset, short(want), short(got))
			}
		}
	}
	t.Logf("%s: %d generated targets (-liveseed %d), %d disagreements with preset %s", c.Name, len(targets), *liveSeed, bad, c.Preset)
	if bad > 0 {
		t.Errorf("%s: preset %s disagrees with the product on %d of %d generated targets (-liveseed %d)", c.Name, c.Preset, bad, len(targets), *liveSeed)
	}
}

// sendAll sends each target to addr, a few at a time (a product on a
// busy machine answers each after a while, and has the time to answer
// others meanwhile), and returns what was done with each, in order.
func sendAll(addr string, targets []string) ([]proxytest.Observation, error) {
	const workers = 4
	obs := make([]proxytest.Observation, len(targets))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(targets); i += workers {
				o, err := proxytest.Send(addr, targets[i])
				if err != nil {
					// Once more: a busy machine may keep a connection
					// waiting past the deadline, and the back end keeps
					// no state.
					o, err = proxytest.Send(addr, targets[i])
				}
				if err != nil {
					errs[w] = fmt.Errorf("%q: %v", targets[i], err)
					return
				}
				obs[i] = o
			}
		}()
	}
	wg.Wait()
	return obs, errors.Join(errs...)
}

// short is o as a line of a golden file, with a long target cut down to
// its ends and its length.
func short(o proxytest.Observation) string {
	s := o.String()
	if len(s) > 300 {
		s = fmt.Sprintf("%s ... %s (%d bytes)", s[:120], s[len(s)-120:], len(s))
	}
	return s
}

func lines(obs []proxytest.Observation) []string {
	s := make([]string, len(obs))
	for i, o := range obs {
		s[i] = o.String()
	}
	return s
}

// predict is what the configuration's preset says the product does with
// target, sent with the header fields header, in the terms of an
// Observation.
func predict(c proxytest.Config, p route.Policy, target string, header map[string][]string) proxytest.Observation {
	o := proxytest.Observation{Target: target}
	if !p.Limits.Allows("GET", target, "HTTP/1.1", header) {
		o.Status = int(p.Limits.Status)
		if o.Status == 0 {
			o.Status = 400
		}
		return o
	}
	r := p.Apply(target)
	if r.Verdict != route.Accept {
		o.Status = r.Status()
		return o
	}
	if c.Prefix != "" {
		if c.SlashRedirect && r.Key+"/" == c.Prefix {
			o.Status = 301
			return o
		}
		in := strings.HasPrefix(r.Key, c.Prefix)
		switch {
		case in == c.Deny:
			o.Status = c.Status
			return o
		case c.Strip:
			if stripped, ok := r.StripPrefix(c.Prefix); ok {
				r = stripped
			}
		}
	}
	o.Forwarded = r.Forward
	if c.ReportsKey {
		o.Key = r.Key
	}
	return o
}

// checkObserved holds the presets of a product to what the product did, as
// testdata/observed records it: the same status, and the same forwarded
// target, for every target.
func checkObserved(t *testing.T, product string) {
	t.Helper()
	n := 0
	for _, c := range proxytest.Configs {
		if c.Product != product {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			preset, ok := route.Lookup(c.Preset)
			if !ok {
				t.Fatalf("no preset %q", c.Preset)
			}
			obs, err := proxytest.ReadObserved(observedFile(c.Name))
			if err != nil {
				t.Fatal(err)
			}
			bad := 0
			for _, want := range obs {
				got := predict(c, preset.Policy, want.Target, proxytest.Header(want.Target, goldenAddr))
				if got != want {
					bad++
					if bad <= *maxDiffs {
						t.Errorf("preset %s: %s\n\tobserved %s", c.Preset, got, want)
					}
				}
			}
			if bad > 0 {
				t.Errorf("preset %s disagrees with %s on %d of %d targets", c.Preset, observedFile(c.Name), bad, len(obs))
			}
		})
	}
	if n == 0 {
		t.Fatalf("no configuration of %s", product)
	}
}

// goldenAddr stands for the address of a product in the golden files,
// which do not record it: a port of five digits, as the ephemeral ports
// of the live test are, so that the Host field is as long.
const goldenAddr = "127.0.0.1:40000"

var maxDiffs = flag.Int("maxdiffs", 20, "how many disagreements of a preset with a golden file to show")

// liveTargets are the targets the live test generates from seed, besides
// those of the list (which it mutates): raw bytes from 0x7F at every
// place of a group of four bytes and at every alignment, mixed at random
// with the bytes a request line may hold; absolute-form targets with
// empty, default and other ports; paths of dot-segments, escapes valid or
// not, empty segments and parameters, for normalizers that run one after
// another; and targets of the list with raw bytes put in or bytes taken
// out. The same seed gives the same targets.
func liveTargets(seed uint64, list []string) []string {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	var ts []string
	add := func(s string) {
		// An empty target makes no "GET <target> HTTP/1.1" line.
		if s != "" {
			ts = append(ts, s)
		}
	}
	// Every byte from 0x7F at each place of the second group of four
	// bytes of the target, with a plain group before it and a byte
	// after it, so that the group is the whole of it.
	for b := 0x7F; b <= 0xFF; b++ {
		for pos := 0; pos < 4; pos++ {
			g := []byte("wxyz")
			g[pos] = byte(b)
			add("/abc" + string(g) + "d")
		}
	}
	// A few such bytes at every alignment, with every length after them.
	for _, b := range []string{"\x7f", "\x80", "\xa3", "\xa4", "\xff", "\x80\x80", "\x7f\x7f", "\xa3\x24"} {
		for pre := 0; pre < 5; pre++ {
			for post := 0; post < 6; post++ {
				add("/" + strings.Repeat("a", pre) + b + strings.Repeat("b", post))
			}
		}
	}
	// Random mixtures of plain bytes, delimiters and high bytes.
	plain := "abc/.%?;=&#!\"$~-_0123456789AF"
	for range 300 {
		n := 1 + rng.IntN(14)
		b := []byte{'/'}
		for range n {
			switch r := rng.IntN(10); {
			case r < 2:
				b = append(b, byte(0x7F+rng.IntN(0x81)))
			case r < 3:
				b = append(b, []byte{0x7F, 0x80, 0xA3, 0xA4}[rng.IntN(4)])
			default:
				b = append(b, plain[rng.IntN(len(plain))])
			}
		}
		add(string(b))
	}
	// Absolute-form, empty ports among others.
	for _, scheme := range []string{"http", "https", "HTTP", "ftp"} {
		for _, auth := range []string{"localhost", "localhost:", "localhost:80", "localhost:443", "localhost:8080",
			"u@localhost:", "127.0.0.1:", "[::1]:", "[::1]", ""} {
			for _, path := range []string{"", "/", "/a", "/a/../b", "?q", "/a?q", "/%7e/./x", "/a;b/..%2f"} {
				add(scheme + "://" + auth + path)
			}
		}
	}
	for _, s := range []string{"http:/a", "http:a", "https:/a/../b", "http:///a", "http://localhost:/", "http://localhost:?q",
		"http://localhost?b#c", "http://localhost#c", "http://localhost:80?q"} {
		add(s)
	}
	// Dot-segments, escapes and empty segments, in paths where the order
	// of the normalizers shows.
	for _, s := range []string{"/public/./../admin/x", "/a/./../b", "/a/%zz/../b", "/a/%2e/../b", "/a/.%2e/../b",
		"/a//../b", "/a/b/..//c", "/a/%2e%2e/b", "/a/;x/../b", "/a/b/;x/..", "/a/b/..", "/a/b/.", "/%C0/../a"} {
		add(s)
	}
	segs := []string{"a", "b", "A", ".", "..", "%2e", "%2E", "%2e%2e", ".%2e", "%2E.", "", "", "%zz", "%", "%4", "%41",
		"%7e", "%7E", "%2f", "%2F", "%5c", "%25", "a;x", ";x", "..;x", ".;", "%3b", "%C0", "%c3%a9", "%00", "~", "a.", "%20", "x%2e"}
	queries := []string{"?b=1&a=2", "?a=%7e", "?%zz", "?x", "?", "?a=1&a=0", "?%2e/..", "?a=%c3%A9"}
	for range 500 {
		n := 1 + rng.IntN(5)
		var b strings.Builder
		for range n {
			b.WriteString("/" + segs[rng.IntN(len(segs))])
		}
		if rng.IntN(4) == 0 {
			b.WriteString("/")
		}
		if rng.IntN(3) == 0 {
			b.WriteString(queries[rng.IntN(len(queries))])
		}
		add(b.String())
	}
	// The list, mutated: a high byte put in, or a byte taken out, after
	// the authority of an absolute-form target (which the Host field
	// repeats: the products check that field, which is not the target).
	for range 300 {
		s := list[rng.IntN(len(list))]
		start := 0
		if _, rest, ok := strings.Cut(s, "://"); ok {
			start = len(s) - len(rest)
			if i := strings.IndexAny(rest, "/?#"); i >= 0 {
				start += i
			} else {
				start = len(s)
			}
		}
		if start > 0 {
			// Not at the "/" or "?" that ends the authority.
			start++
		}
		if start >= len(s) {
			continue
		}
		i := start + rng.IntN(len(s)-start)
		if rng.IntN(2) == 0 {
			add(s[:i] + string([]byte{byte(0x7F + rng.IntN(0x81))}) + s[i:])
		} else {
			add(s[:i] + s[i+1:])
		}
	}
	return ts
}

// longTargets are targets around the length limits of the products (the
// Limits of their presets), for a request sent to addr: for each limit
// and each of a few shapes of target, the longest target within it, one
// byte shorter, and one and two bytes longer.
func longTargets(addr string) []string {
	var ts []string
	for _, name := range []string{"nginx", "apache-aes-off", "haproxy", "tomcat"} {
		p, ok := route.Lookup(name)
		if !ok {
			panic("no preset " + name)
		}
		for _, shape := range []string{"/", "/a/../", "/?q="} {
			long := func(n int) string { return shape + strings.Repeat("a", n-len(shape)) }
			n := 100
			for p.Policy.Limits.Allows("GET", long(n+1), "HTTP/1.1", proxytest.Header(long(n+1), addr)) {
				n++
				if n > 1<<20 {
					panic("no limit in preset " + name)
				}
			}
			for _, m := range []int{n - 1, n, n + 1, n + 2} {
				ts = append(ts, long(m))
			}
		}
	}
	return ts
}
