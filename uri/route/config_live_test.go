package route

import (
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/urilabs/rfc3986/uri/route/internal/proxytest"
)

// liveSeed is the seed of the targets TestLiveConfig generates.
var liveSeed = flag.Uint64("seed", 20261208, "with -live, the seed of the targets generated for each configuration file")

// liveTargets is how many targets TestLiveConfig sends each server.
const liveTargets = 2000

// liveOn says whether the live tests are asked for: -live (declared by
// the external tests) or ROUTE_LIVE=1.
func liveOn() bool {
	if os.Getenv("ROUTE_LIVE") != "" {
		return true
	}
	f := flag.Lookup("live")
	return f != nil && f.Value.String() == "true"
}

// TestLiveConfig runs each configuration file of testdata/configs on its
// product, on 127.0.0.1, in front of echo back ends (one for each
// upstream the file names), and sends each server generated targets:
// what the product answers or forwards, and the back end it forwards to,
// must be what the Config read from the same file says.
func TestLiveConfig(t *testing.T) {
	if testing.Short() {
		t.Skip("live proxies are not run with -short")
	}
	if !liveOn() {
		t.Skip("live proxies run only with -live or ROUTE_LIVE=1")
	}
	files, err := filepath.Glob(filepath.Join("testdata", "configs", "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no configuration files: %v", err)
	}
	t.Logf("seed %d (-seed to change it)", *liveSeed)
	for _, file := range files {
		name := filepath.Base(file)
		product, _, _ := strings.Cut(name, "-")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			checkLiveConfig(t, product, file)
		})
	}
}

func checkLiveConfig(t *testing.T, product, file string) {
	p, ok := proxytest.ProductNamed(product)
	if !ok {
		t.Fatalf("no product %q", product)
	}
	if _, err := p.Path(); err != nil {
		t.Skipf("%v: install it (apt-get install %s)", err, p.Binary)
	}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	if os.Geteuid() == 0 {
		switch product {
		case "nginx":
			// Otherwise its workers drop to nobody, who may not reach dir.
			text = "user root root;\n" + text
		case "apache":
			// Apache refuses to run its workers as root.
			text = "User nobody\nGroup nogroup\n" + text
		}
	}
	dir := t.TempDir()
	var echoes []*proxytest.Echoes
	t.Cleanup(func() {
		for _, e := range echoes {
			e.Close()
		}
	})
	echoOf := map[string]string{} // address to name
	filled, err := proxytest.Fill(text, dir, func(name string) (string, error) {
		e, err := proxytest.StartEchoes([]string{name})
		if err != nil {
			return "", err
		}
		echoes = append(echoes, e)
		echoOf[e.Addrs[name]] = name
		return e.Addrs[name], nil
	})
	if err != nil {
		t.Fatal(err)
	}
	c, err := ParseConfig(product, filepath.Base(file), []byte(filled.Text))
	if err != nil {
		t.Fatal(err)
	}
	var servers []string
	for n := range filled.Ports {
		servers = append(servers, n)
	}
	slices.Sort(servers)
	var addrs []string
	for _, n := range servers {
		addrs = append(addrs, filled.Ports[n])
	}
	srv, err := proxytest.StartFile(p, dir, filled.Text, addrs)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := srv.Stop(); err != nil {
			t.Error(err)
		}
	})
	total, bad := 0, 0
	for _, sname := range servers {
		addr := filled.Ports[sname]
		s := c.pick(&Request{Listen: addr})
		if s == nil {
			t.Fatalf("%s: the configuration has no server on %s", sname, addr)
		}
		h := fnv.New64a()
		h.Write([]byte(filepath.Base(file) + "/" + sname))
		targets := generateTargets(*liveSeed^h.Sum64(), s.site.paths(), s.site.limit(), liveTargets)
		got := make([]string, len(targets))
		want := make([]string, len(targets))
		var wg sync.WaitGroup
		var mu sync.Mutex
		next := 0
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					mu.Lock()
					i := next
					next++
					mu.Unlock()
					if i >= len(targets) {
						return
					}
					target := targets[i]
					host := proxytest.HostFor(target, "example.test")
					a, err := proxytest.SendRequest(addr, "GET", host, target)
					if err != nil {
						got[i] = "error: " + err.Error()
					} else {
						got[i] = a.String()
					}
					o := c.Serve(Request{Method: "GET", Host: host, Target: target, Listen: addr})
					w := proxytest.Answer{Status: o.Status, Forwarded: o.Forwarded}
					if o.Status == 0 {
						w.Backend = o.Upstream
						if n, ok := echoOf[o.Upstream]; ok {
							w.Backend = n
						}
					}
					want[i] = w.String() + describe(o)
				}
			}()
		}
		wg.Wait()
		n := 0
		statuses := map[string]int{}
		for i := range targets {
			st, _, _ := strings.Cut(got[i], " ")
			if strings.HasPrefix(st, "\"") {
				st = "forwarded"
			}
			statuses[st]++
			total++
			w, _, _ := strings.Cut(want[i], "\t")
			if w == got[i] {
				continue
			}
			bad++
			n++
			if n <= 15 {
				t.Errorf("%s %q: %s answered %s, the configuration says %s", sname, clip(targets[i]), product, clip(got[i]), clip(want[i]))
			}
		}
		t.Logf("%s: server %s (%s): %d targets, %d disagreements; answers %v", filepath.Base(file), sname, addr, len(targets), n, statuses)
	}
	if t.Failed() {
		log := strings.Split(strings.TrimSpace(srv.Log()), "\n")
		if len(log) > 20 {
			log = log[len(log)-20:]
		}
		t.Logf("the end of %s's log:\n%s", product, strings.Join(log, "\n"))
	}
	t.Logf("%s: %d targets, %d disagreements", filepath.Base(file), total, bad)
}

// describe says after a tab what decided an outcome, for a report.
func describe(o Outcome) string {
	s := "\t(" + o.Block
	if o.Reason != "" {
		s += "; " + o.Reason
	}
	return s + "; key " + strconv.Quote(o.Key) + ")"
}

// clip shortens a long string for a report.
func clip(s string) string {
	if len(s) > 200 {
		return s[:90] + fmt.Sprintf("...(%d bytes)...", len(s)) + s[len(s)-90:]
	}
	return s
}
