package bench

import (
	"testing"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/canon"
)

// BenchmarkCrawlKeys is a crawler's whole per-URL key work on the web
// corpus: parse, the IA canonical form, the SURT key and the host columns
// (with the reversed name), into a reused buffer; and each part alone.
// In part=all, rfc3986 is canon.KeyMaker.Append (AppendKeys with memory
// of its own), which does it from one run of the IA steps, and rfc3986-separate the functions one by one, the SURT
// key parsing and canonicalizing again. A line counts as accepted when it
// has all its keys: it parses and has a scheme.
func BenchmarkCrawlKeys(b *testing.B) {
	in, err := webInput()
	if err != nil {
		b.Fatal(err)
	}
	var buf, sbuf, rbuf []byte
	var keys canon.KeyMaker
	b.Run("part=all", func(b *testing.B) {
		b.Run("impl=rfc3986", func(b *testing.B) {
			runPass(b, in, func(in *input) int {
				n := 0
				for _, s := range in.lines {
					u, err := uri.Parse(s)
					if err != nil {
						continue
					}
					if buf, _, err = keys.Append(buf[:0], u, canon.SURTOptions{}); err == nil {
						n++
					}
				}
				return n
			})
		})
		b.Run("impl=rfc3986-separate", func(b *testing.B) {
			runPass(b, in, func(in *input) int {
				n := 0
				for _, s := range in.lines {
					u, err := uri.Parse(s)
					if err != nil {
						continue
					}
					if buf, err = canon.IA.AppendCanonicalURI(buf[:0], u); err == nil {
						n++
					}
					sbuf = canon.AppendSURT(sbuf[:0], s, canon.SURTOptions{})
					c := canon.Columns(u.Host())
					rbuf = c.AppendNameReversed(rbuf[:0])
				}
				return n
			})
		})
	})
	b.Run("part=parse/impl=rfc3986", func(b *testing.B) {
		runPass(b, in, func(in *input) int {
			n := 0
			for _, s := range in.lines {
				if _, err := uri.Parse(s); err == nil {
					n++
				}
			}
			return n
		})
	})
	b.Run("part=canon-ia/impl=rfc3986", func(b *testing.B) {
		runPass(b, in, func(in *input) int {
			n := 0
			for _, s := range in.lines {
				if buf, err = canon.IA.AppendCanonical(buf[:0], s); err == nil {
					n++
				}
			}
			return n
		})
	})
	b.Run("part=columns/impl=rfc3986", func(b *testing.B) {
		runPass(b, in, func(in *input) int {
			n := 0
			for _, s := range in.lines {
				if u, err := uri.Parse(s); err == nil {
					c := canon.Columns(u.Host())
					rbuf = c.AppendNameReversed(rbuf[:0])
					n++
				}
			}
			return n
		})
	})
}
