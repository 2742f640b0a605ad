package route

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

// fastTargets returns the origin-form targets the fast path is checked
// on: the path and query of each URL of the web corpus (every 16th
// unless ROUTE_FAST_FULL=1 and not -short, which takes a minute or more on
// a loaded machine), and targets made of the pieces each knob acts on. The
// corpus targets come first, ncorpus of them.
func fastTargets(t *testing.T) (targets []string, ncorpus int) {
	t.Helper()
	f, err := os.Open("../../testdata/web_urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	full := !testing.Short() && os.Getenv("ROUTE_FAST_FULL") == "1"
	var out []string
	sc := bufio.NewScanner(f)
	for n := 0; sc.Scan(); n++ {
		if !full && n%16 != 0 {
			continue
		}
		line := sc.Text()
		i := strings.Index(line, "://")
		if i < 0 {
			continue
		}
		j := strings.IndexByte(line[i+3:], '/')
		if j < 0 {
			continue
		}
		target, _, _ := strings.Cut(line[i+3+j:], "#")
		out = append(out, target)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	ncorpus = len(out)
	pieces := []string{"a", "Api", "v1", ".", "..", "", ".a", "a.", "...", "%2e", "%2E%2e", "%2F", "%2f", "%41", "%7e",
		"%25", "%3B", "%3b", "%00", "%5C", "%3F", "%23", "%e2%82%ac", "a;b", ";", "~u", "-_", "!$&'()*+,=:@", "%zz"}
	queries := []string{"", "a=1", "b=2&a=1", "a=1&b=2", "%41=%2e", "x", "a=1&a=0"}
	rng := rand.New(rand.NewPCG(1, 2))
	n := 2000
	if full {
		n = 20000
	}
	for range n {
		var b strings.Builder
		for range 1 + rng.IntN(5) {
			b.WriteByte('/')
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		if rng.IntN(4) == 0 {
			b.WriteByte('/')
		}
		if rng.IntN(3) == 0 {
			b.WriteByte('?')
			b.WriteString(queries[rng.IntN(len(queries))])
		}
		out = append(out, b.String())
	}
	return out, ncorpus
}

// TestFastOrigin holds the fast path to the results of the whole engine:
// on every preset and every target it takes, ApplyTarget, Apply and
// StripPrefix give what they give without it.
func TestFastOrigin(t *testing.T) {
	targets, ncorpus := fastTargets(t)
	opts := cmp.AllowUnexported(Result{})
	for _, preset := range Presets() {
		p := preset.Policy
		t.Run(preset.Name, func(t *testing.T) {
			taken, origin, ctaken, corigin := 0, 0, 0, 0
			for i, s := range targets {
				tt, err := uri.ParseRequestTarget(s)
				if err != nil || tt.Form() != uri.OriginForm {
					continue
				}
				origin++
				if i < ncorpus {
					corigin++
				}
				var fast Result
				if !p.fastOrigin(&fast, s, len(tt.Path()), tt.HasQuery()) {
					continue
				}
				taken++
				if i < ncorpus {
					ctaken++
				}
				var full Result
				p.applyTarget(&full, tt)
				if diff := cmp.Diff(full, fast, opts); diff != "" {
					t.Fatalf("%q: fast path differs from the engine (-engine +fast):\n%s", s, diff)
				}
				if p.Forward != ForwardApache && p.Forward != ForwardApacheNoCanon {
					var want Result
					if p.Read == ReadStrict {
						want = full
					} else {
						p.applyFull(&want, s, nil)
					}
					if diff := cmp.Diff(want, p.Apply(s), opts); diff != "" {
						t.Fatalf("%q: Apply differs from the engine (-engine +Apply):\n%s", s, diff)
					}
				}
				prefix := firstSegmentOf(full.Key)
				fs, fok := full.StripPrefix(prefix)
				ss, sok := fast.StripPrefix(prefix)
				if fok != sok || !cmp.Equal(fs, ss, opts) {
					t.Fatalf("%q: StripPrefix(%q) of the fast path differs: %v %+v, want %v %+v", s, prefix, sok, ss, fok, fs)
				}
			}
			if origin == 0 {
				t.Fatal("no origin-form target")
			}
			t.Logf("fast path taken on %d of %d web-corpus targets (%.1f%%), %d of %d in all",
				ctaken, corigin, 100*float64(ctaken)/float64(corigin), taken, origin)
		})
	}
}

// firstSegmentOf returns "/" and the first segment of p.
func firstSegmentOf(p string) string {
	if i := strings.IndexByte(p[min(1, len(p)):], '/'); i >= 0 {
		return p[:i+1]
	}
	return p
}
