package bench

import (
	"testing"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/canon"
)

// BenchmarkCrawlKeys is a crawler's whole per-URL key work on the web
// corpus: parse, the IA canonical form, the SURT key and the host columns
// (with the reversed name), into reused buffers; and each part alone.
func BenchmarkCrawlKeys(b *testing.B) {
	in, err := webInput()
	if err != nil {
		b.Fatal(err)
	}
	var buf, sbuf, rbuf []byte
	perURL := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(in.lines)), "ns/url")
	}
	b.Run("part=all", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range in.lines {
				u, err := uri.Parse(s)
				if err != nil {
					continue
				}
				buf, _ = canon.IA.AppendCanonicalURI(buf[:0], u)
				sbuf = canon.AppendSURT(sbuf[:0], s, canon.SURTOptions{})
				c := canon.Columns(u.Host())
				rbuf = c.AppendNameReversed(rbuf[:0])
			}
		}
		perURL(b)
	})
	b.Run("part=parse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range in.lines {
				uri.Parse(s)
			}
		}
		perURL(b)
	})
	b.Run("part=canon-ia", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range in.lines {
				buf, _ = canon.IA.AppendCanonical(buf[:0], s)
			}
		}
		perURL(b)
	})
	b.Run("part=columns", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range in.lines {
				if u, err := uri.Parse(s); err == nil {
					c := canon.Columns(u.Host())
					rbuf = c.AppendNameReversed(rbuf[:0])
				}
			}
		}
		perURL(b)
	})
}
