package uri_test

import (
	"bufio"
	"math/rand/v2"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/internal/testenv"
	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/whatwg"
)

// readSSRF returns the SSRF payloads of the shared conformance data when
// the checkout has them beside it, or nil.
func readSSRF(t *testing.T) []string {
	t.Helper()
	for _, dir := range []string{filepath.Join("..", "..", "shared"), filepath.Join("..", "..", "..", "shared")} {
		f, err := os.Open(filepath.Join(dir, "conformance", "ssrf", "payloads.txt"))
		if err != nil {
			continue
		}
		defer f.Close()
		var lines []string
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			if s := sc.Text(); s != "" && !strings.HasPrefix(s, "#") {
				lines = append(lines, s)
			}
		}
		return lines
	}
	return nil
}

// readWHATWGNative reads s as package whatwg does, in the terms of
// whatwgReading.
func readWHATWGNative(s string) whatwgReading {
	w, err := whatwg.Parse(s)
	if err != nil {
		return whatwgReading{Fail: true}
	}
	return whatwgReading{Host: w.Hostname(), Port: w.Port(), Path: w.Pathname()}
}

// TestHazardsWHATWGNative is TestHazardsWHATWG with package whatwg, the
// URL Standard read in Go, as the other reader, so that it runs in every
// go test: every URI whose host, port or path the Standard reads
// otherwise, or that it refuses, has a hazard of that component. By
// default it reads a quarter of each corpus and 10,000 generated URIs;
// with RFC3986_LONG=1 (and without -short), all of each corpus and
// 150,000 generated URIs, over 240,000 in all.
func TestHazardsWHATWGNative(t *testing.T) {
	step, generated := 4, 10_000
	if testenv.Long() {
		step, generated = 1, 150_000
	}
	type tally struct{ fed, differ, refused, missed int }
	tallies := map[string]*tally{}
	var order []string
	missed, total := 0, 0
	check := func(source string, lines []string, step int) {
		c := new(tally)
		tallies[source] = c
		order = append(order, source)
		for i := 0; i < len(lines); i += step {
			u, err := uri.Parse(lines[i])
			if err != nil || !u.HasScheme() {
				continue
			}
			c.fed++
			total++
			if compatibleIPv4(u) && !u.Hazards().Has(uri.MappedIPv6) {
				c.missed++
				missed++
				t.Errorf("%s: %q carries an IPv4-compatible address but has hazards %v", source, lines[i], u.Hazards())
			}
			w := readWHATWGNative(lines[i])
			h := u.Hazards()
			var ok bool
			if w.Fail {
				c.refused++
				ok = h&(uri.HostHazards|uri.PortHazards|uri.PathHazards) != 0
			} else {
				d := whatwgDifference(u, w)
				if strings.EqualFold(u.Scheme(), "file") && !u.HasAuthority() && u.Path() == "" && w.Path != "" {
					// whatwgDifference allows "/" for an empty path in
					// every special scheme; RFC 8089 gives file none, and
					// "file:" has no host either, where WHATWG URL has "".
					d.path = true
				}
				if d == (difference{}) {
					continue
				}
				c.differ++
				ok = d.covered(h)
			}
			if !ok {
				c.missed++
				if missed++; missed <= 30 {
					t.Errorf("%s: %q has hazards %v, but WHATWG URL reads %+v", source, lines[i], h, w)
				}
			}
		}
	}
	for _, name := range []string{"web_urls.txt", "file_urls.txt"} {
		check(strings.TrimSuffix(name, ".txt"), readCorpus(t, name), step)
	}
	if ssrf := readSSRF(t); ssrf != nil {
		check("ssrf", ssrf, 1)
	} else {
		t.Log("the shared SSRF payloads are not beside the checkout; left out")
	}
	cases, _ := readAdversarial(t)
	var adv []string
	for _, c := range cases {
		adv = append(adv, c.in)
	}
	check("adversarial", adv, 1)
	check("catalogue", whatwgCatalogue, 1)
	check("generated", generateSpecialURIs(generated), 1)
	for _, name := range order {
		c := tallies[name]
		t.Logf("%-12s %7d URIs fed, %6d read otherwise, %6d refused, %d without a hazard", name, c.fed, c.differ, c.refused, c.missed)
	}
	t.Logf("%d URIs in all", total)
	if missed > 30 {
		t.Errorf("... and %d more URIs without a hazard", missed-30)
	}
}

// whatwgCatalogue holds URIs where the URL Standard's reading is easy to
// miss: empty file paths, which it reads as "/", and IPv6 literals that
// carry an IPv4 address in the deprecated IPv4-compatible form.
var whatwgCatalogue = []string{
	"file:", "file:?q", "file:#f", "FILE:", "file:?", "file:#",
	"http://[::127.0.0.1]/", "http://[::1.2.3.4]/", "https://[0:0:0:0:0:0:10.0.0.1]/",
	"http://[::7f00:1]/", "ws://[::a00:1]/x", "http://[::1]/", "http://[::]/", "http://[::0.0.0.1]/",
}

// compatibleIPv4 reports whether u's host is an IPv6 literal of ::/96
// other than "::" and "::1", an IPv4-compatible address, which WHATWG URL
// writes in hexadecimal ("[::7f00:1]") and some stacks still reach as the
// IPv4 address it carries.
func compatibleIPv4(u uri.URI) bool {
	if u.HostKind() != uri.IPv6 {
		return false
	}
	a, err := netip.ParseAddr(strings.Trim(u.Host(), "[]"))
	if err != nil {
		return false
	}
	b := a.As16()
	for _, x := range b[:12] {
		if x != 0 {
			return false
		}
	}
	return b[12] != 0
}

// TestHazardsWHATWGNativeResolve resolves references against bases both
// ways, RFC 3986 section 5.2 and the URL Standard's parser with a base,
// and requires a hazard of the component in ResolveHazards of the pair
// wherever the results differ (a drive letter that WHATWG URL keeps, say),
// and one of the host, port or path wherever the Standard refuses the
// pair (a base with an opaque path). And ReferenceResolution must be
// earned: where the Standard reads the pair as RFC 3986 does, it is not
// reported. Besides the listed references, 4,000 generated ones (all
// 40,000 with RFC3986_LONG=1) of segments where the two part: dots, drive
// letters, empty segments, after "", "/", "//h/", "file:" and "file:/".
func TestHazardsWHATWGNativeResolve(t *testing.T) {
	bases := []string{
		"file:///C:/", "file:///C:/a/b", "file:///c:/a/", "file://host/C:/a/b", "file:/C:/a", "file:///C:",
		"file:///a/b", "file://host/a/b", "file:///", "http://a/b/c/d;p?q", "https://a/", "foo://a/b/c", "foo:/a/b",
		"foo:a/b", "mailto:x@example.com", "sc:", "file://host",
	}
	refs := []string{
		"..", "../..", "../../..", "/", "/x", "../x", ".", "./", "x", "x/..", "?q", "#f", "", "//h/p", "//h",
		"%2e%2e", "%2e%2e/x", "/..", "/../x", "d:", "/d:/x", "a/../..", ";x", "g;x?y#s",
		"/C:/..", "./C:/../..", "//h/C:/..", "file:/x", "file:///x", "file:x", "http:g", "foo:x",
	}
	generated := 4_000
	if testenv.Long() {
		generated = 40_000
	}
	rng := rand.New(rand.NewPCG(3986, 5))
	prefixes := []string{"", "", "/", "//h/", "file:", "file:/", "./"}
	segs := []string{"..", "..", ".", "C:", "c:", "d:", "a", "", "%2e", "C:x"}
	for range generated {
		var b strings.Builder
		b.WriteString(prefixes[rng.IntN(len(prefixes))])
		for k := range 1 + rng.IntN(4) {
			if k > 0 {
				b.WriteByte('/')
			}
			b.WriteString(segs[rng.IntN(len(segs))])
		}
		if _, err := uri.Parse(b.String()); err == nil {
			refs = append(refs, b.String())
		}
	}
	n, missed, unearned := 0, 0, 0
	for _, bs := range bases {
		base := uri.MustParse(bs)
		wbase, err := whatwg.Parse(bs)
		if err != nil {
			t.Fatalf("whatwg.Parse(%q): %v", bs, err)
		}
		for _, rs := range refs {
			ref, err := uri.Parse(rs)
			if err != nil {
				t.Fatalf("uri.Parse(%q): %v", rs, err)
			}
			r, err := base.Resolve(ref)
			if err != nil {
				continue
			}
			n++
			w, err := wbase.Parse(rs)
			var reading whatwgReading
			if err != nil {
				reading.Fail = true
			} else {
				reading = whatwgReading{Host: w.Hostname(), Port: w.Port(), Path: w.Pathname()}
			}
			h := base.ResolveHazards(ref)
			var ok bool
			if reading.Fail {
				ok = h&(uri.HostHazards|uri.PortHazards|uri.PathHazards) != 0
			} else {
				d := whatwgDifference(r, reading)
				if d == (difference{}) {
					if h.Has(uri.ReferenceResolution) {
						if unearned++; unearned <= 10 {
							t.Errorf("%q against %q: both give %q, but ResolveHazards reports %v", rs, bs, r.String(), h)
						}
					}
					continue
				}
				ok = d.covered(h)
			}
			if !ok {
				if missed++; missed <= 30 {
					t.Errorf("%q against %q: RFC 3986 gives %q, WHATWG URL %+v; ResolveHazards: %v", rs, bs, r.String(), reading, h)
				}
			}
		}
	}
	t.Logf("%d resolutions, %d differences without a hazard, %d reference-resolution where none differs", n, missed, unearned)
}
