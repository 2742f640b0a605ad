package uri_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/urilabs/rfc3986/uri"
)

// pathological are inputs built from runs of the byte sequences that make
// naive URI code slow: quadratic rescans, backtracking over ":" and "@",
// dot-segment handling. Each is its prefix, its run repeated up to the size
// asked for, and its suffix.
//
// Some runs cannot be in a URI beyond their first bytes, and Parse stops
// there: stopAt says where, and for those the time is constant, not linear.
// Each has a neighbour that a parser must read to its end: "%" and "%25",
// "[" and "[::" and the IPvFuture "[v1.::::]", "@" in an authority and in
// a path, "#" and "?".
var pathological = []struct {
	name, prefix, run, suffix string
	stopAt                    int // the offset where Parse fails, if it fails early
}{
	{"percent", "http://h/", "%", "", 10},             // "%" not followed by HEXDIG
	{"percent2", "http://h/", "%2", "", 11},           // likewise, one byte later
	{"percent25", "http://h/", "%25", "", 0},          // encoded "%": read to the end
	{"bracket", "http://", "[", "", 8},                // an IP-literal within an IP-literal
	{"bracket-colons", "http://[", "::", "", 10},      // a second "::"
	{"ipvfuture-colons", "http://[v1.", ":", "]/", 0}, // IPvFuture has no bound: read to the "]"
	{"colon", "http://", ":", "", 8},                  // userinfo or port, undecided until the end: the second ":"
	{"colon-at", "http://", ":", "@h/", 0},            // userinfo after all, decided by the last "@"
	{"colon-path", "http://h/", ":", "", 0},           // a path of ":"
	{"at", "http://", "@", "", 8},                     // a second "@"
	{"at-path", "http://h/", "@", "", 0},              // a path of "@"
	{"dotdot", "http://h", "/..", "", 0},              // dot segments
	{"dot-slash", "http://h/", "./", "", 0},           // more dot segments
	{"a-colon", "", "a:", "", 0},                      // a scheme, then a path of colons
	{"question", "", "?", "", 0},                      // a query of "?"
	{"hash", "", "#", "", 1},                          // a second "#"
	{"pct-dot", "http://h/", "%2e", "", 0},            // encoded dots
	{"pct-dot-dot", "http://h/", "%2E%2e/", "", 0},    // encoded dot segments
	{"mixed", "http://h/", "a/b/../%2e/./", "", 0},    // output that grows and is cut back
}

var pathologicalSizes = []int{10 << 10, 100 << 10, 1 << 20, 10 << 20}

// parsedPathological calls f with each pathological shape that parses, at
// each size: the others never reach Resolve or Normalize.
func parsedPathological(b *testing.B, f func(b *testing.B, u uri.URI)) {
	for _, p := range pathological {
		for _, size := range pathologicalSizes {
			u, err := uri.Parse(pathologicalInput(p.prefix, p.run, p.suffix, size))
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

func pathologicalInput(prefix, run, suffix string, size int) string {
	return prefix + strings.Repeat(run, (size-len(prefix)-len(suffix))/len(run)) + suffix
}

// BenchmarkParsePathological parses each pathological shape at 10 KB,
// 100 KB, 1 MB and 10 MB: the ns per byte must stay flat.
func BenchmarkParsePathological(b *testing.B) {
	for _, p := range pathological {
		for _, size := range pathologicalSizes {
			s := pathologicalInput(p.prefix, p.run, p.suffix, size)
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
// a slow machine), where a quadratic algorithm would take minutes. It also
// checks that each shape is read as far as the table says: to its end, or
// to stopAt.
func TestParseLinearTime(t *testing.T) {
	for _, p := range pathological {
		t.Run(p.name, func(t *testing.T) {
			s := pathologicalInput(p.prefix, p.run, p.suffix, 1<<20)
			start := time.Now()
			_, err := uri.Parse(s)
			if d := time.Since(start); d > time.Second {
				t.Errorf("Parse of 1 MB of %q runs took %v", p.run, d)
			}
			e, _ := err.(*uri.Error)
			switch {
			case p.stopAt > 0 && (e == nil || e.Offset != p.stopAt):
				t.Errorf("%s: Parse = %v, want a failure at offset %d", p.name, err, p.stopAt)
			case p.stopAt == 0 && e != nil && e.Offset != len(s):
				t.Errorf("%s: Parse fails at %d of %d bytes, want it to read them all", p.name, e.Offset, len(s))
			case e != nil && e.Input != s:
				t.Errorf("%s: the error lost its input", p.name)
			}
		})
	}
}

// TestTransformLinearTime bounds Resolve, Normalize and Equivalent as
// TestParseLinearTime bounds Parse: on 1 MB of each pathological shape that
// parses, each finishes well under a second.
func TestTransformLinearTime(t *testing.T) {
	base := uri.MustParse("http://example.com/b/c/d;p?q")
	parsed := 0
	for _, p := range pathological {
		u, err := uri.Parse(pathologicalInput(p.prefix, p.run, p.suffix, 1<<20))
		if err != nil {
			continue
		}
		parsed++
		t.Run(p.name, func(t *testing.T) {
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
		})
	}
	if parsed < 12 {
		t.Errorf("only %d pathological shapes parse; the test covers too little", parsed)
	}
}

// dottyRuns returns a relative path of about n bytes made of runs of
// "a/", "/..", "/." and "%2e" segments, the inputs on which a naive
// remove_dot_segments goes quadratic: long outputs cut back often.
func dottyRuns(n int) string {
	var b strings.Builder
	for run := 1; b.Len() < n; run = run*2%61 + 1 {
		b.WriteString(strings.Repeat("a/", 2*run))
		b.WriteString(strings.Repeat("/..", run))
		b.WriteString(strings.Repeat("/.", run))
		b.WriteString(strings.Repeat("/%2e", run))
		b.WriteString("/")
	}
	s := b.String()[:n]
	i := strings.LastIndexByte(s, '/') + 1 // not within a "%2e"
	return s[:i] + strings.Repeat("a", n-i)
}

var linearSizes = []int{1 << 10, 100 << 10, 1 << 20}

func sizeName(n int) string {
	if n >= 1<<20 {
		return strconv.Itoa(n>>20) + "MB"
	}
	return strconv.Itoa(n>>10) + "KB"
}

// reportPerByte adds the ns per input byte, which stays flat across sizes
// when the time is linear.
func reportPerByte(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/B")
}

// BenchmarkResolveLinear resolves dotty paths of 1 KB, 100 KB and 1 MB
// against a base.
func BenchmarkResolveLinear(b *testing.B) {
	base := uri.MustParse("http://example.com/b/c/d;p?q")
	for _, n := range linearSizes {
		ref := uri.MustParse(dottyRuns(n))
		b.Run(sizeName(n), func(b *testing.B) {
			b.SetBytes(int64(n))
			b.ReportAllocs()
			for b.Loop() {
				sinkURI, sinkErr = base.Resolve(ref)
			}
			reportPerByte(b, n)
		})
	}
}

// BenchmarkNormalizeLinear normalizes URIs whose paths are dotty, where
// "%2e" counts as ".".
func BenchmarkNormalizeLinear(b *testing.B) {
	for _, n := range linearSizes {
		u := uri.MustParse("HTTP://example.com/" + dottyRuns(n))
		b.Run(sizeName(n), func(b *testing.B) {
			b.SetBytes(int64(n))
			b.ReportAllocs()
			for b.Loop() {
				sinkURI = u.Normalize()
			}
			reportPerByte(b, n)
		})
	}
}

// BenchmarkEquivalentLinear compares a dotty URI with its normal form,
// reading both without writing either.
func BenchmarkEquivalentLinear(b *testing.B) {
	for _, n := range linearSizes {
		u := uri.MustParse("HTTP://example.com/" + dottyRuns(n))
		v := u.Normalize()
		b.Run(sizeName(n), func(b *testing.B) {
			b.SetBytes(int64(n))
			b.ReportAllocs()
			for b.Loop() {
				sinkBool = uri.Equivalent(u, v)
			}
			reportPerByte(b, n)
		})
	}
}
