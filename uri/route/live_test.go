package route_test

import (
	"flag"
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
	live   = flag.Bool("live", os.Getenv("ROUTE_LIVE") != "", "run nginx, Apache, HAProxy and Caddy on loopback and check testdata/observed against them (or set ROUTE_LIVE=1)")
	update = flag.Bool("update", false, "with -live, rewrite testdata/observed from what the servers do")
)

const targetsFile = "testdata/targets.txt"

func observedFile(config string) string {
	return filepath.Join("testdata", "observed", config+".txt")
}

// TestLive runs each product on 127.0.0.1 in front of an echo back end,
// sends it every target of testdata/targets.txt as raw bytes, and compares
// what it answers or forwards with testdata/observed/<config>.txt, the
// golden files the presets are held to by TestPresetsObserved.
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
	start := time.Now()
	for _, p := range proxytest.Products {
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			if _, err := p.Path(); err != nil {
				t.Skipf("%v: install it (apt-get install %s) to check its presets against it", err, p.Binary)
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
					checkLive(t, c, srv.Addrs[c.Name], version, targets)
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

func checkLive(t *testing.T, c proxytest.Config, addr, version string, targets []string) {
	got := make([]proxytest.Observation, 0, len(targets))
	for _, target := range targets {
		o, err := proxytest.Send(addr, target)
		if err != nil {
			t.Errorf("%s: %q: %v", c.Name, target, err)
			return
		}
		got = append(got, o)
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
		if err := proxytest.WriteObserved(observedFile(c.Name), header, got); err != nil {
			t.Error(err)
		}
		return
	}
	want, err := proxytest.ReadObserved(observedFile(c.Name))
	if err != nil {
		t.Errorf("%v (run with -live -update to make it)", err)
		return
	}
	if diff := cmp.Diff(lines(want), lines(got)); diff != "" {
		t.Errorf("%s (%s) differs from %s (-golden +live):\n%s", c.Name, version, observedFile(c.Name), diff)
	}
}

func lines(obs []proxytest.Observation) []string {
	s := make([]string, len(obs))
	for i, o := range obs {
		s[i] = o.String()
	}
	return s
}

// predict is what the configuration's preset says the product does with
// target, in the terms of an Observation.
func predict(c proxytest.Config, p route.Policy, target string) proxytest.Observation {
	o := proxytest.Observation{Target: target}
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
				got := predict(c, preset.Policy, want.Target)
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

var maxDiffs = flag.Int("maxdiffs", 20, "how many disagreements of a preset with a golden file to show")
