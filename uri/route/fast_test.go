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

// engine returns what the whole engine makes of s, without the fast
// path: applyFull as Apply would run it, step by step (Policy.Then), and
// the hazards of uri.ParseRequestTarget.
func engine(p Policy, s string) Result {
	if p.Then != nil || p.Limits != (Limits{}) {
		if !p.Limits.allowsGet(s) {
			return p.Apply(s)
		}
		step := p
		step.Then, step.Limits = nil, Limits{}
		r := engine(step, s)
		for next := p.Then; next != nil && r.Verdict == Accept; next = next.Then {
			q := *next
			q.Then, q.Read = nil, readNone
			h, valid := r.hazards, r.valid
			r = engine(q, r.Forward)
			r.hazards, r.valid = h, valid
		}
		return r
	}
	var r Result
	p.applyFull(&r, s, nil)
	if p.Forward == ForwardApache || p.Forward == ForwardApacheNoCanon {
		r = Result{}
		p.apply(&r, s, nil)
	}
	r.hazards, r.valid = 0, false
	if t, err := uri.ParseRequestTarget(s); err == nil {
		r.hazards, r.valid = t.Hazards(), true
	}
	return r
}

// TestFastOrigin holds the fast path to the results of the whole engine:
// on every preset and every target, Apply, ApplyTarget and StripPrefix
// give what they give without it, and Result.Hazards what
// uri.ParseRequestTarget and RequestTarget.Hazards give.
func TestFastOrigin(t *testing.T) {
	targets, ncorpus := fastTargets(t)
	for _, preset := range Presets() {
		p := preset.Policy
		t.Run(preset.Name, func(t *testing.T) {
			taken, origin, ctaken, corigin := 0, 0, 0, 0
			for i, s := range targets {
				checkFast(t, p, s)
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
			}
			if origin == 0 {
				t.Fatal("no origin-form target")
			}
			t.Logf("fast path taken on %d of %d web-corpus targets (%.1f%%), %d of %d in all",
				ctaken, corigin, 100*float64(ctaken)/float64(corigin), taken, origin)
		})
	}
}

// checkFast fails unless Apply, ApplyTarget and StripPrefix of p on s
// give what the engine gives, and Apply's Result.Hazards says s is valid
// exactly when uri.ParseRequestTarget accepts it: the one pass of Apply
// validates a target as strictly.
func checkFast(t *testing.T, p Policy, s string) {
	t.Helper()
	opts := cmp.Options{cmp.AllowUnexported(Result{}), cmp.Comparer(sameError)}
	tt, err := uri.ParseRequestTarget(s)
	want := engine(p, s)
	got := p.Apply(s)
	if diff := diffResults(want, got, opts); diff != "" {
		t.Fatalf("%q: Apply differs from the engine (-engine +Apply):\n%s", s, diff)
	}
	if h, valid := got.Hazards(); valid != (err == nil) || h != tt.Hazards() {
		t.Fatalf("%q: Hazards() = %v, %v; ParseRequestTarget: %v, hazards %v (policy %+v)", s, h, valid, err, tt.Hazards(), p)
	}
	if err == nil && p.Forward != ForwardApache && p.Forward != ForwardApacheNoCanon {
		var full Result
		if p.Then != nil || !p.Limits.allowsGet(s) {
			// A policy in steps, or a target past the limits: ApplyTarget
			// is Apply for these.
			full = engine(p, s)
		} else {
			p.applyTarget(&full, tt)
			full.hazards, full.valid = tt.Hazards(), true
		}
		if diff := diffResults(full, p.ApplyTarget(tt), opts); diff != "" {
			t.Fatalf("%q: ApplyTarget differs from the engine (-engine +ApplyTarget):\n%s", s, diff)
		}
		if p.Read == ReadStrict {
			if diff := diffResults(full, got, opts); diff != "" {
				t.Fatalf("%q: Apply differs from ApplyTarget (-ApplyTarget +Apply):\n%s", s, diff)
			}
		}
	}
	if want.Verdict != Accept {
		return
	}
	for _, prefix := range []string{firstSegmentOf(want.Key), firstSegmentOf(want.Key) + "/", "/", want.Key, want.Key + "/"} {
		ws, wok := want.StripPrefix(prefix)
		gs, gok := got.StripPrefix(prefix)
		if wok != gok || diffResults(ws, gs, opts) != "" {
			t.Fatalf("%q: StripPrefix(%q) of the fast path differs: %v %+v, want %v %+v", s, prefix, gok, gs, wok, ws)
		}
	}
}

// sameError says whether a and b are the same error, by value.
func sameError(a, b *uri.Error) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// diffResults returns the difference of a and b, or "": compared field
// by field first, cmp.Diff only for a difference to show, since the
// properties compare results of every preset on thousands of targets.
//
// Under StripCleanedEscaped, StripPrefix reads neither aligned nor
// decoded: they are no part of the result, and are not compared.
func diffResults(a, b Result, opts cmp.Option) string {
	for _, r := range []*Result{&a, &b} {
		if r.strip == StripCleanedEscaped {
			r.aligned, r.decoded = false, false
		}
	}
	ea, eb := a.Err, b.Err
	a.Err, b.Err = nil, nil
	if a == b && sameError(ea, eb) {
		return ""
	}
	a.Err, b.Err = ea, eb
	return cmp.Diff(a, b, opts)
}

// firstSegmentOf returns "/" and the first segment of p.
func firstSegmentOf(p string) string {
	if i := strings.IndexByte(p[min(1, len(p)):], '/'); i >= 0 {
		return p[:i+1]
	}
	return p
}

// FuzzFastPath holds the fast path to the engine on any input, for every
// preset, as TestFastOrigin does on the corpus: Apply, ApplyTarget and
// StripPrefix give what the engine gives, Result.Hazards what
// uri.ParseRequestTarget and RequestTarget.Hazards give, the target
// valid exactly when ParseRequestTarget accepts it. FuzzRoute checks the properties of the results
// themselves.
func FuzzFastPath(f *testing.F) {
	for _, s := range []string{"/a/b/c?x=1", "/a//b", "/a/./b/../c", "/.well-known/x", "/a(b)!c", "/A/B/", "/a%2e%2E/b",
		"/a;b=1/c", "//x", "/a b", "/a%zz", "/a?b#c", "/a?q=%41", "/api/v1/users/12345/orders?limit=10&offset=20"} {
		f.Add(s)
	}
	presets := Presets()
	f.Fuzz(func(t *testing.T, s string) {
		for _, preset := range presets {
			checkFast(t, preset.Policy, s)
		}
	})
}

// pathFlagsByte is pathFlags one byte at a time, as the rounds of eight
// and the overlapping last round must give it.
func pathFlagsByte(s string) uint32 {
	var f, g, prev uint32
	for i := 0; i < len(s); i++ {
		a := pathTable[s[i]]
		f |= a
		g |= prev & a
		prev = a
	}
	return f | (g&fDotSlash)<<1
}

// TestPathFlags checks pathFlags against pathFlagsByte on every length up
// to 40, with a pair of dots or slashes at each place (the pairs across
// rounds and across the overlap of the last round included), and on
// random strings of the bytes the table tells apart.
func TestPathFlags(t *testing.T) {
	alphabet := []byte("aZ09%;./?\\#~!(*\x00\xff")
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 41 {
		for at := -1; at < n; at++ {
			for _, pair := range []string{"..", "./", "//", "/."} {
				b := []byte(strings.Repeat("a", n))
				if at >= 0 {
					b[at] = pair[0]
					if at+1 < n {
						b[at+1] = pair[1]
					}
				}
				if got, want := pathFlags(string(b)), pathFlagsByte(string(b)); got != want {
					t.Fatalf("pathFlags(%q) = %#x, want %#x", b, got, want)
				}
			}
		}
		for range 200 {
			b := make([]byte, n)
			for i := range b {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			}
			if got, want := pathFlags(string(b)), pathFlagsByte(string(b)); got != want {
				t.Fatalf("pathFlags(%q) = %#x, want %#x", b, got, want)
			}
		}
	}
}
