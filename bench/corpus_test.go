package bench

import (
	"bufio"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/urilabs/rfc3986/tables"
	"github.com/urilabs/rfc3986/uri"
)

// loadLines reads a corpus from the repository's testdata.
func loadLines(tb testing.TB, name string) (lines []string, size int64) {
	tb.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		size += int64(len(sc.Text()))
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return lines, size
}

var sink int

// corpusBench runs parse over every line of the corpus per iteration,
// reporting bytes per second, ns per URL and how many lines parse accepted.
func corpusBench(b *testing.B, lines []string, size int64, parse func(string) bool) {
	b.SetBytes(size)
	b.ReportAllocs()
	accepted := 0
	for b.Loop() {
		accepted = 0
		for _, s := range lines {
			if parse(s) {
				accepted++
			}
		}
	}
	sink += accepted
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(lines)), "ns/url")
	b.ReportMetric(float64(accepted), "accepted")
}

// floor ORs the byte class of every byte: what a one-pass classifier costs
// on this machine, with no state at all.
func floor(s string) bool {
	var acc uint8
	for i := 0; i < len(s); i++ {
		acc |= tables.Class[s[i]]
	}
	return acc != 0
}

func BenchmarkWebCorpus(b *testing.B) {
	lines, size := loadLines(b, "web_urls.txt")
	b.Run("floor", func(b *testing.B) { corpusBench(b, lines, size, floor) })
	b.Run("rfc3986", func(b *testing.B) {
		corpusBench(b, lines, size, func(s string) bool { _, err := uri.Parse(s); return err == nil })
	})
	b.Run("net-url", func(b *testing.B) {
		corpusBench(b, lines, size, func(s string) bool { _, err := url.Parse(s); return err == nil })
	})
}
