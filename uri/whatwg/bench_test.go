package whatwg_test

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/urilabs/rfc3986/internal/testenv"
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

// TestParseRatio holds Parse to at most three times the time of uri.Parse
// on the web corpus, and reports CanParse beside them. It times passes over
// the corpus taken in turn, many times, and compares the fastest pass of
// each: on a shared machine the slowest passes measure the other work on
// it, and a benchmark that runs one reader after the other can give one
// a busy minute and the other a quiet one. It takes a few seconds, and
// runs only with RFC3986_LONG=1.
func TestParseRatio(t *testing.T) {
	if testing.Short() || !testenv.Long() {
		t.Skip("a timing of a few seconds: run with " + testenv.LongEnv + "=1")
	}
	lines := readLines(t, "web_urls.txt")
	// Each pass loops over the lines itself, as the benchmarks of package
	// bench do, so that no call through a func value is timed with it.
	passes := []struct {
		name string
		pass func([]string) int
	}{
		{"uri.Parse", func(lines []string) (n int) {
			for _, s := range lines {
				if _, err := uri.Parse(s); err == nil {
					n++
				}
			}
			return n
		}},
		{"Parse", func(lines []string) (n int) {
			for _, s := range lines {
				if _, err := whatwg.Parse(s); err == nil {
					n++
				}
			}
			return n
		}},
		{"CanParse", func(lines []string) (n int) {
			for _, s := range lines {
				if whatwg.CanParse(s) {
					n++
				}
			}
			return n
		}},
	}
	fastest := make([]time.Duration, len(passes))
	for round := range 300 {
		for i, p := range passes {
			start := time.Now()
			p.pass(lines)
			if d := time.Since(start); round == 0 || d < fastest[i] {
				fastest[i] = d
			}
		}
	}
	for i, p := range passes {
		t.Logf("%-9s %6.2f ns a URL, %.2fx uri.Parse", p.name, float64(fastest[i].Nanoseconds())/float64(len(lines)), float64(fastest[i])/float64(fastest[0]))
	}
	if ratio := float64(fastest[1]) / float64(fastest[0]); ratio > 3 {
		t.Errorf("Parse takes %.2fx the time of uri.Parse, more than 3x", ratio)
	}
}
