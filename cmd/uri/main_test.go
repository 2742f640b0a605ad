package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/cli from the tool's output")

// A golden case is a file of testdata/cli: sections headed "-- name --",
// for the arguments (one a line), standard input, and the standard output,
// standard error and exit status the tool must give. Lines before the
// first section are a comment. Timings and rates in check's summary are
// masked, as "<time>" and "<rate>".
type golden struct {
	comment                                 string
	args                                    []string
	stdin, stdout, stderr, status, terminal string
}

func readGolden(t *testing.T, path string) golden {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var g golden
	parts := regexp.MustCompile(`(?m)^-- (\w+) --\n`).Split(string(data), -1)
	names := regexp.MustCompile(`(?m)^-- (\w+) --\n`).FindAllStringSubmatch(string(data), -1)
	g.comment = parts[0]
	for i, m := range names {
		body := parts[i+1]
		switch m[1] {
		case "args":
			if body != "" {
				g.args = strings.Split(strings.TrimSuffix(body, "\n"), "\n")
			}
		case "stdin":
			g.stdin = body
		case "terminal":
			g.terminal = body
		case "stdout":
			g.stdout = body
		case "stderr":
			g.stderr = body
		case "status":
			g.status = body
		default:
			t.Fatalf("%s: unknown section %q", path, m[1])
		}
	}
	return g
}

func (g golden) write(path string) error {
	var b strings.Builder
	b.WriteString(g.comment)
	b.WriteString("-- args --\n")
	for _, a := range g.args {
		b.WriteString(a + "\n")
	}
	if g.stdin != "" {
		b.WriteString("-- stdin --\n" + g.stdin)
	}
	if g.terminal != "" {
		b.WriteString("-- terminal --\n" + g.terminal)
	}
	b.WriteString("-- stdout --\n" + g.stdout)
	b.WriteString("-- stderr --\n" + g.stderr)
	b.WriteString("-- status --\n" + g.status)
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

var timing = regexp.MustCompile(`in [0-9.]+[µnm]?s, [0-9.]+ MB/s`)

func mask(s string) string { return timing.ReplaceAllString(s, "in <time>, <rate> MB/s") }

// TestGolden runs the tool through run, as main does, on every case of
// testdata/cli, from the repository root so that file names in the output
// are the ones a user types.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "cli", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	for _, path := range files {
		abs, _ := filepath.Abs(path)
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			g := readGolden(t, abs)
			var stdout, stderr bytes.Buffer
			t.Chdir(root)
			e := &env{stdin: strings.NewReader(g.stdin), stdout: &stdout, stderr: &stderr, terminal: g.terminal != ""}
			status := e.run(g.args)
			got := g
			got.stdout, got.stderr, got.status = mask(stdout.String()), mask(stderr.String()), strconv.Itoa(status)+"\n"
			if *update {
				if err := got.write(abs); err != nil {
					t.Fatal(err)
				}
				return
			}
			if diff := cmp.Diff(g, got, cmp.AllowUnexported(golden{})); diff != "" {
				t.Errorf("uri %s mismatch (-want +got):\n%s", strings.Join(g.args, " "), diff)
			}
		})
	}
}

func TestEachLine(t *testing.T) {
	long := strings.Repeat("a", 200<<10) // longer than the reader's buffer
	in := "a\nb\r\n\n" + long + "\nlast"
	var got []string
	if err := eachLine(strings.NewReader(in), func(n int, line []byte) {
		got = append(got, strconv.Itoa(n)+":"+string(line))
	}); err != nil {
		t.Fatal(err)
	}
	want := []string{"1:a", "2:b", "3:", "4:" + long, "5:last"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("eachLine mismatch (-want +got):\n%s", diff)
	}
}

func TestDisplay(t *testing.T) {
	tests := []struct {
		line string
		off  int
		text string
		col  int
	}{
		{"http://a b/", 8, "http://a b/", 8},
		{"\thttp://\xff", 8, `\thttp://\xff`, 9},
		{"a\x00b", 2, `a\x00b`, 5},
		{"ab", 2, "ab", 2}, // the end of the line
		{strings.Repeat("x", 300) + " " + strings.Repeat("y", 300), 300,
			"…" + strings.Repeat("x", 50) + " " + strings.Repeat("y", 49) + "…", 51},
	}
	for _, tt := range tests {
		text, col := display([]byte(tt.line), tt.off)
		if text != tt.text || col != tt.col {
			t.Errorf("display(%q, %d) = %q, %d; want %q, %d", tt.line, tt.off, text, col, tt.text, tt.col)
		}
	}
}

func TestProgress(t *testing.T) {
	var c checkCounts
	c.lines.Store(1500)
	c.invalid.Store(3)
	c.bytes.Store(3_000_000)
	var buf bytes.Buffer
	stop := progress(&buf, &c, time.Now().Add(-2*time.Second))
	time.Sleep(500 * time.Millisecond)
	stop() // waits for the goroutine, so buf is ours again
	out := buf.String()
	if !strings.Contains(out, "\r\033[K1500 lines, 3 invalid, ") || !strings.HasSuffix(out, "\r\033[K") {
		t.Errorf("progress wrote %q", out)
	}
	buf.Reset()
	stop = progress(&buf, &c, time.Now()) // shows nothing in its first second
	stop()
	if buf.Len() != 0 {
		t.Errorf("progress wrote %q before a second had passed", buf.String())
	}
}
