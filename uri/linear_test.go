package uri_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/urilabs/rfc3986/uri"
)

// pathological are inputs built from runs of the byte sequences that make
// naive URI code slow: quadratic rescans, backtracking over ":" and "@",
// dot-segment handling. Each is its prefix and then its run, repeated up to
// the size asked for.
var pathological = []struct{ name, prefix, run string }{
	{"percent", "http://h/", "%"},           // invalid at the first "%"'s successor
	{"percent2", "http://h/", "%2"},         // likewise, one byte later
	{"bracket", "http://", "["},             // an IP-literal that cannot close
	{"bracket-colons", "http://[", "::"},    // IPv6 with endless elisions
	{"colon", "http://", ":"},               // userinfo or port, undecided until the end
	{"at", "http://", "@"},                  // a second "@"
	{"dotdot", "http://h", "/.."},           // dot segments
	{"dot-slash", "http://h/", "./"},        // more dot segments
	{"a-colon", "", "a:"},                   // a scheme, then a path of colons
	{"question", "", "?"},                   // a query of "?"
	{"hash", "", "#"},                       // a second "#"
	{"pct-dot", "http://h/", "%2e"},         // encoded dots
	{"pct-dot-dot", "http://h/", "%2E%2e/"}, // encoded dot segments
	{"mixed", "http://h/", "a/b/../%2e/./"}, // output that grows and is cut back
}

var pathologicalSizes = []int{10 << 10, 100 << 10, 1 << 20, 10 << 20}

// parsedPathological calls f with each pathological shape that parses, at
// each size: the others never reach Resolve or Normalize.
func parsedPathological(b *testing.B, f func(b *testing.B, u uri.URI)) {
	for _, p := range pathological {
		for _, size := range pathologicalSizes {
			u, err := uri.Parse(pathologicalInput(p.prefix, p.run, size))
			if err != nil {
				break
			}
			b.Run(fmt.Sprintf("%s/%dKB", p.name, size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(u.String())))
				b.ReportAllocs()
				f(b, u)
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(u.String())), "ns/byte")
			})
		}
	}
}

func pathologicalInput(prefix, run string, size int) string {
	return prefix + strings.Repeat(run, (size-len(prefix))/len(run))
}

// BenchmarkParsePathological parses each pathological shape at 10 KB,
// 100 KB, 1 MB and 10 MB: the ns per byte must stay flat.
func BenchmarkParsePathological(b *testing.B) {
	for _, p := range pathological {
		for _, size := range pathologicalSizes {
			s := pathologicalInput(p.prefix, p.run, size)
			b.Run(fmt.Sprintf("%s/%dKB", p.name, size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				for b.Loop() {
					sinkURI, sinkErr = uri.Parse(s)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(s)), "ns/byte")
			})
		}
	}
}

// BenchmarkResolvePathological resolves each pathological shape that
// parses, as a reference against a base with a path of its own.
func BenchmarkResolvePathological(b *testing.B) {
	base := uri.MustParse("http://example.com/b/c/d;p?q")
	parsedPathological(b, func(b *testing.B, ref uri.URI) {
		for b.Loop() {
			sinkURI, sinkErr = base.Resolve(ref)
		}
	})
}

// BenchmarkNormalizePathological normalizes each pathological shape that
// parses.
func BenchmarkNormalizePathological(b *testing.B) {
	parsedPathological(b, func(b *testing.B, u uri.URI) {
		for b.Loop() {
			sinkURI = u.Normalize()
		}
	})
}

// TestParseLinearTime is a coarse bound that cannot flake: parsing 1 MB of
// any pathological shape takes well under a second (a few milliseconds on
// a slow machine), where a quadratic algorithm would take minutes.
func TestParseLinearTime(t *testing.T) {
	for _, p := range pathological {
		s := pathologicalInput(p.prefix, p.run, 1<<20)
		start := time.Now()
		_, err := uri.Parse(s)
		if d := time.Since(start); d > time.Second {
			t.Errorf("Parse of 1 MB of %q runs took %v", p.run, d)
		}
		if e, ok := err.(*uri.Error); ok && e.Input != s {
			t.Errorf("%s: the error lost its input", p.name)
		}
	}
}

// TestTransformLinearTime bounds Resolve, Normalize and Equivalent as
// TestParseLinearTime bounds Parse: on 1 MB of each pathological shape that
// parses, each finishes well under a second.
func TestTransformLinearTime(t *testing.T) {
	base := uri.MustParse("http://example.com/b/c/d;p?q")
	parsed := 0
	for _, p := range pathological {
		u, err := uri.Parse(pathologicalInput(p.prefix, p.run, 1<<20))
		if err != nil {
			continue
		}
		parsed++
		start := time.Now()
		if _, err := base.Resolve(u); err != nil {
			t.Errorf("%s: Resolve: %v", p.name, err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("Resolve of 1 MB of %q runs took %v", p.run, d)
		}
		start = time.Now()
		n := u.Normalize()
		if d := time.Since(start); d > time.Second {
			t.Errorf("Normalize of 1 MB of %q runs took %v", p.run, d)
		}
		start = time.Now()
		if !uri.Equivalent(u, n) {
			t.Errorf("%s: not equivalent to its normal form", p.name)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("Equivalent of 1 MB of %q runs took %v", p.run, d)
		}
	}
	if parsed < 6 {
		t.Errorf("only %d pathological shapes parse; the test covers too little", parsed)
	}
}
