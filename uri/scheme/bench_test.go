package scheme

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

// webURIs returns the URIs of the web corpus that Parse accepts.
func webURIs(b *testing.B) (us []uri.URI, size int64) {
	f, err := os.Open(filepath.Join("..", "..", "testdata", "web_urls.txt"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if u, err := uri.Parse(sc.Text()); err == nil {
			us = append(us, u)
			size += int64(len(sc.Text()))
		}
	}
	return us, size
}

// BenchmarkCheck measures Check over the web corpus beside Parse, which
// reads the same URIs: Check's cost is the ratio of the two.
func BenchmarkCheck(b *testing.B) {
	us, size := webURIs(b)
	b.Run("Parse", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			for _, u := range us {
				uri.Parse(u.String())
			}
		}
	})
	b.Run("Check", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			for _, u := range us {
				Check(u)
			}
		}
	})
}
