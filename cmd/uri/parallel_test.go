package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

// withChunkSize runs the rest of the test with chunks of n bytes.
func withChunkSize(t *testing.T, n int) {
	t.Helper()
	old := chunkSize
	chunkSize = n
	t.Cleanup(func() { chunkSize = old })
}

// checked is what checkLines reported: the bad lines, numbered, and the
// totals it tallied.
type checked struct {
	Bad          []string
	Lines, Bytes int64
}

func runCheckLines(r io.Reader, workers, maxLine int) (checked, error) {
	var c checked
	lc := &lineChecker{
		maxLine: maxLine,
		tally:   func(l, b int64) { c.Lines += l; c.Bytes += b },
		// describe runs on the workers; what it says must reach bad with
		// its line.
		describe: func(dst, line []byte) []byte { return append(append(dst, "about "...), line...) },
		bad: func(n int, line, about []byte) {
			c.Bad = append(c.Bad, fmt.Sprintf("%d:%s (%s)", n, line, about))
		},
		long: func(n int) { c.Bad = append(c.Bad, fmt.Sprintf("%d: too long", n)) },
	}
	err := lc.checkLines(r, workers)
	return c, err
}

// randomLines returns n lines, valid and not, empty and longer than a
// chunk, ended by "\n" or "\r\n" or, for the last, by nothing.
func randomLines(rng *rand.Rand, n int) string {
	pieces := []string{
		"http://example.com/a?b#c", "http://a b/", "", "%zz", "mailto:x@y", "a\r",
		"http://[::1/", strings.Repeat("x", 300), "http://h/" + strings.Repeat("%41", 100) + " ",
	}
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(pieces[rng.IntN(len(pieces))])
		if i < n-1 || rng.IntN(2) == 0 {
			b.WriteString([]string{"\n", "\r\n"}[rng.IntN(2)])
		}
	}
	return b.String()
}

// TestCheckLinesParallel checks that checking in chunks on several
// workers reports the same lines, with the same numbers,
// in the same order, and the same totals as checking one line at a time,
// however the reads of the input fall and however small the chunks.
func TestCheckLinesParallel(t *testing.T) {
	withChunkSize(t, 64)
	rng := rand.New(rand.NewPCG(1, 2))
	readers := map[string]func(string) io.Reader{
		"whole":    func(s string) io.Reader { return strings.NewReader(s) },
		"one byte": func(s string) io.Reader { return iotest.OneByteReader(strings.NewReader(s)) },
		"half":     func(s string) io.Reader { return iotest.HalfReader(strings.NewReader(s)) },
		"data+EOF": func(s string) io.Reader { return iotest.DataErrReader(strings.NewReader(s)) },
	}
	for k := 0; k < 200; k++ {
		in := randomLines(rng, rng.IntN(40))
		// Lines of 300 bytes and more are too long at 200, but not
		// at 1000: longer than a chunk either way.
		for _, maxLine := range []int{200, 1000} {
			want, err := runCheckLines(strings.NewReader(in), 1, maxLine)
			if err != nil {
				t.Fatal(err)
			}
			for name, reader := range readers {
				for _, workers := range []int{2, 3, 8} {
					got, err := runCheckLines(reader(in), workers, maxLine)
					if err != nil {
						t.Fatalf("checkLines(%q, %s reads, %d workers): %v", in, name, workers, err)
					}
					if diff := cmp.Diff(want, got); diff != "" {
						t.Fatalf("checkLines(%q, %s reads, %d workers, max %d) mismatch (-one worker +workers):\n%s", in, name, workers, maxLine, diff)
					}
				}
			}
		}
	}
}

// TestCheckLinesError checks that a read error ends checkLines with it,
// after reporting the lines before it, as eachLine does.
func TestCheckLinesError(t *testing.T) {
	withChunkSize(t, 16)
	in := strings.Repeat("http://a b/\n", 5) + "http://ok/\nhttp://a b"
	for _, workers := range []int{1, 2} {
		r := io.MultiReader(strings.NewReader(in), iotest.ErrReader(errors.New("boom")))
		got, err := runCheckLines(r, workers, 1<<20)
		var bad []string
		for _, n := range []int{1, 2, 3, 4, 5} {
			bad = append(bad, fmt.Sprintf("%d:http://a b/ (about http://a b/)", n))
		}
		want := checked{Bad: append(bad, "7:http://a b (about http://a b)"), Lines: 7, Bytes: int64(len(in))}
		if err == nil || err.Error() != "boom" {
			t.Errorf("checkLines with %d workers = %v, want boom", workers, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("checkLines with %d workers mismatch (-want +got):\n%s", workers, diff)
		}
	}
}

// TestCheckWorkers checks that only a regular file of parallelChunks chunks
// or more is checked on several cores: a stream is checked a line at a time, so
// that reports keep up with it.
func TestCheckWorkers(t *testing.T) {
	withChunkSize(t, 100)
	dir := t.TempDir()
	small, large := filepath.Join(dir, "small"), filepath.Join(dir, "large")
	os.WriteFile(small, make([]byte, parallelChunks*100-1), 0o644)
	os.WriteFile(large, make([]byte, parallelChunks*100), 0o644)
	tests := []struct {
		name string
		r    func() io.Reader
		want int
	}{
		{"reader", func() io.Reader { return strings.NewReader(strings.Repeat("a\n", 1000)) }, 1},
		{"small file", func() io.Reader { f, _ := os.Open(small); t.Cleanup(func() { f.Close() }); return f }, 1},
		{"large file", func() io.Reader { f, _ := os.Open(large); t.Cleanup(func() { f.Close() }); return f }, runtime.GOMAXPROCS(0)},
		{"pipe", func() io.Reader { r, w, _ := os.Pipe(); t.Cleanup(func() { r.Close(); w.Close() }); return r }, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := checkWorkers(tt.r()); got != tt.want {
				t.Errorf("checkWorkers(%s) = %d, want %d", tt.name, got, tt.want)
			}
		})
	}
}

// TestCheckFileParallel checks that uri check writes the same bytes for
// a file checked on several cores as for the same lines read from a
// stream, one at a time: the reports in the order of the lines, and the
// same summary.
func TestCheckFileParallel(t *testing.T) {
	withChunkSize(t, 512)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	in := randomLines(rand.New(rand.NewPCG(3, 4)), 2000)
	path := filepath.Join(t.TempDir(), "urls.txt")
	if err := os.WriteFile(path, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if checkWorkers(f) != 4 {
		t.Fatalf("checkWorkers(%s) = %d, want 4", path, checkWorkers(f))
	}
	for _, args := range [][]string{{"check"}, {"check", "--json"}, {"check", "--quiet"}} {
		run := func(stdin io.Reader) (string, string, int) {
			var stdout, stderr bytes.Buffer
			e := &env{stdin: stdin, stdout: &stdout, stderr: &stderr}
			status := e.run(args)
			return mask(stdout.String()), mask(stderr.String()), status
		}
		f.Seek(0, io.SeekStart)
		wantOut, wantErr, wantStatus := run(strings.NewReader(in))
		gotOut, gotErr, gotStatus := run(f)
		if diff := cmp.Diff(wantOut, gotOut); diff != "" {
			t.Errorf("uri %s: stdout of a file on 4 cores mismatch (-stream +file):\n%s", strings.Join(args, " "), diff)
		}
		if wantErr != gotErr || wantStatus != gotStatus {
			t.Errorf("uri %s: file on 4 cores gives stderr %q, status %d; stream gives %q, %d", strings.Join(args, " "), gotErr, gotStatus, wantErr, wantStatus)
		}
		if !strings.Contains(wantOut+wantErr, "2000 lines") {
			t.Errorf("uri %s: summary does not count 2000 lines:\n%s%s", strings.Join(args, " "), wantOut, wantErr)
		}
	}
}
