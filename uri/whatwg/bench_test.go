package whatwg_test

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/whatwg"
)

// readLines returns the lines of testdata/name.
func readLines(t testing.TB, name string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// BenchmarkParseWeb times Parse and uri.Parse over the web corpus in the
// same run; compare the two ns/op (a pass over the whole corpus).
func BenchmarkParseWeb(b *testing.B) {
	lines := readLines(b, "web_urls.txt")
	b.Run("impl=uri", func(b *testing.B) {
		for b.Loop() {
			for _, s := range lines {
				uri.Parse(s)
			}
		}
	})
	b.Run("impl=whatwg", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range lines {
				whatwg.Parse(s)
			}
		}
	})
	b.Run("impl=whatwg-canparse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range lines {
				whatwg.CanParse(s)
			}
		}
	})
}
