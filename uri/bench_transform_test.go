package uri_test

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

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

// BenchmarkResolveRFC resolves the 42 references of section 5.4, parsing
// each, against the RFC's base: this package, and net/url's Parse and
// ResolveReference for comparison. One op is all 42.
func BenchmarkResolveRFC(b *testing.B) {
	refs := make([]string, len(rfcResolve))
	for i, tt := range rfcResolve {
		refs[i] = tt.ref
	}
	each := func(b *testing.B, resolve func(ref string) error) {
		b.ReportAllocs()
		for b.Loop() {
			for _, r := range refs {
				if err := resolve(r); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	base := uri.MustParse(rfcBase)
	b.Run("rfc3986", func(b *testing.B) {
		each(b, func(r string) error {
			ref, err := uri.Parse(r)
			sinkURI, sinkErr = base.Resolve(ref)
			return err
		})
	})
	b.Run("rfc3986-append", func(b *testing.B) {
		buf := make([]byte, 0, 256)
		each(b, func(r string) error {
			ref, err := uri.Parse(r)
			buf, sinkErr = uri.AppendResolve(buf[:0], base, ref)
			return err
		})
	})
	urlBase, _ := url.Parse(rfcBase)
	b.Run("net-url", func(b *testing.B) {
		each(b, func(r string) error {
			ref, err := url.Parse(r)
			if err == nil {
				sinkString = urlBase.ResolveReference(ref).String()
			}
			return err
		})
	})
	// net/url without the String that Resolve's result needs no more of.
	b.Run("net-url-struct", func(b *testing.B) {
		each(b, func(r string) error {
			ref, err := url.Parse(r)
			if err == nil {
				sinkURL = urlBase.ResolveReference(ref)
			}
			return err
		})
	})
}

var sinkURL *url.URL

// BenchmarkResolveCorpus resolves every URL of the web corpus that both
// parsers accept against a base, as BenchmarkResolveRFC does. net/url's
// result is turned into a string, as Resolve's is one.
func BenchmarkResolveCorpus(b *testing.B) {
	const baseText = "http://example.com/a/b/c?q"
	var lines []string
	for _, s := range readCorpus(b, "web_urls.txt") {
		if _, err := uri.Parse(s); err != nil {
			continue
		}
		if _, err := url.Parse(s); err != nil {
			continue
		}
		lines = append(lines, s)
	}
	perURL := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(lines)), "ns/url")
	}
	b.Run("rfc3986", func(b *testing.B) {
		base := uri.MustParse(baseText)
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range lines {
				ref, _ := uri.Parse(s)
				sinkURI, sinkErr = base.Resolve(ref)
			}
		}
		perURL(b)
	})
	b.Run("net-url", func(b *testing.B) {
		base, _ := url.Parse(baseText)
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range lines {
				ref, _ := url.Parse(s)
				sinkString = base.ResolveReference(ref).String()
			}
		}
		perURL(b)
	})
}

// BenchmarkNormalizeCorpus normalizes every URL of the web corpus that
// parses, most of which are already normal, and then their normal forms,
// all of which are.
func BenchmarkNormalizeCorpus(b *testing.B) {
	var us, normal []uri.URI
	for _, s := range readCorpus(b, "web_urls.txt") {
		if u, err := uri.Parse(s); err == nil {
			us = append(us, u)
			normal = append(normal, u.Normalize())
		}
	}
	for _, set := range []struct {
		name string
		us   []uri.URI
	}{{"corpus", us}, {"normal", normal}} {
		b.Run(set.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, u := range set.us {
					sinkURI = u.Normalize()
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(set.us)), "ns/url")
		})
	}
}
