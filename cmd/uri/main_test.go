package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/cli from the tool's output")

// A golden case is a file of testdata/cli: sections headed "-- name --",
// for the arguments (one a line), standard input, and the standard output,
// standard error and exit status the tool must give. Lines before the
// first section are a comment. Timings and rates in check's summary are
// masked, as "<time>" and "<rate>". A "terminal" section, of any content,
// runs the tool as if both stdout and stderr went to one terminal.
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

// timing matches the time and rate of check's summary line.
var timing = regexp.MustCompile(`(?m)^([0-9]+ lines?: .*) in [0-9.]+m?s, [0-9.]+ MB/s$`)

func mask(s string) string { return timing.ReplaceAllString(s, "$1 in <time>, <rate> MB/s") }

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
			e := &env{stdin: strings.NewReader(g.stdin), stdout: &stdout, stderr: &stderr, progress: g.terminal != "", shared: g.terminal != ""}
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
	in := "a\nb\r\n\n" + long + "\nlast\n" + long + "\r\n" + long
	var got []string
	var sizes []int
	if err := eachLine(strings.NewReader(in), func(n int, line []byte, size int) {
		got = append(got, strconv.Itoa(n)+":"+string(line))
		sizes = append(sizes, size)
	}); err != nil {
		t.Fatal(err)
	}
	want := []string{"1:a", "2:b", "3:", "4:" + long, "5:last", "6:" + long, "7:" + long}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("eachLine mismatch (-want +got):\n%s", diff)
	}
	// Each size counts the line's terminator: "\n", "\r\n" or none.
	wantSizes := []int{2, 3, 1, len(long) + 1, 5, len(long) + 2, len(long)}
	if diff := cmp.Diff(wantSizes, sizes); diff != "" {
		t.Errorf("eachLine sizes mismatch (-want +got):\n%s", diff)
	}
}

// TestEachLineNoCopy checks that a line that fits in the reader's buffer is
// not copied, even after one that did not fit: lines after a long line
// cost no allocation.
func TestEachLineNoCopy(t *testing.T) {
	long := strings.Repeat("a", 100<<10) + "\n"
	short := strings.Repeat("http://example.com/a\n", 1000)
	allocs := func(in string) float64 {
		return testing.AllocsPerRun(10, func() {
			eachLine(strings.NewReader(in), func(int, []byte, int) {})
		})
	}
	if without, with := allocs(long), allocs(long+short); with != without {
		t.Errorf("eachLine made %v allocations for a long line, %v for it and 1000 short lines after it", without, with)
	}
}

// TestEachLineError checks that a read error ends eachLine with it, after
// the lines before it.
func TestEachLineError(t *testing.T) {
	r := io.MultiReader(strings.NewReader("a\nb"), iotest.ErrReader(errors.New("boom")))
	var got []string
	err := eachLine(r, func(n int, line []byte, _ int) { got = append(got, string(line)) })
	if err == nil || err.Error() != "boom" || !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("eachLine = %v with lines %q; want boom with [a b]", err, got)
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
		{strings.Repeat("x", 300), 300, "…" + strings.Repeat("x", 100), 101}, // the end of a long line
		{strings.Repeat("x", 300), 0, strings.Repeat("x", 100) + "…", 0},
		// The window cuts between escapes, never inside one: its ideal
		// start, column 550, is in the middle of the 138th "\x01".
		{strings.Repeat("\x01", 300), 150, "…" + strings.Repeat(`\x01`, 25) + "…", 49},
		{"http://a/" + strings.Repeat("\x80", 100), 9, "http://a/" + strings.Repeat(`\x80`, 22) + "…", 9},
	}
	for _, tt := range tests {
		text, col := display([]byte(tt.line), tt.off)
		if text != tt.text || col != tt.col {
			t.Errorf("display(%q, %d) = %q, %d; want %q, %d", tt.line, tt.off, text, col, tt.text, tt.col)
		}
	}
}

func TestSummarize(t *testing.T) {
	tests := []struct {
		lines, invalid, bytes int64
		d                     time.Duration
		want                  string
	}{
		{1, 0, 10, 40 * time.Microsecond, "1 line: 1 valid, 0 invalid; 10 B in 0.04ms, 0.2 MB/s"},
		{0, 0, 0, 0, "0 lines: 0 valid, 0 invalid; 0 B in 0.00ms, 0.0 MB/s"},
		{48010, 341, 2194423, 3500 * time.Microsecond, "48010 lines: 47669 valid, 341 invalid; 2.2 MB in 3.5ms, 627.0 MB/s"},
		{2, 1, 2e6, 35 * time.Millisecond, "2 lines: 1 valid, 1 invalid; 2.0 MB in 35ms, 57.1 MB/s"},
		{2, 2, 3e9, 1500 * time.Millisecond, "2 lines: 0 valid, 2 invalid; 3.0 GB in 1.5s, 2000.0 MB/s"},
		{2, 2, 3e9, 125 * time.Second, "2 lines: 0 valid, 2 invalid; 3.0 GB in 2m5s, 24.0 MB/s"},
	}
	for _, tt := range tests {
		var c checkCounts
		c.lines.Store(tt.lines)
		c.invalid.Store(tt.invalid)
		c.bytes.Store(tt.bytes)
		if got := summarize(&c, tt.d); got != tt.want {
			t.Errorf("summarize(%d, %d, %d, %v) = %q; want %q", tt.lines, tt.invalid, tt.bytes, tt.d, got, tt.want)
		}
	}
}

// A screen is a terminal that stdout and stderr both write to: it keeps
// the lines that were ended with "\n", and wipes the line being written
// at each "\r\033[K", as a terminal does.
type screen struct {
	mu    sync.Mutex
	lines []string
	line  strings.Builder
	wiped []string // what "\r\033[K" wiped, but for the progress lines
}

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for rest := string(p); rest != ""; {
		switch {
		case strings.HasPrefix(rest, "\r\033[K"):
			if l := s.line.String(); l != "" && !strings.Contains(l, "invalid, ") {
				s.wiped = append(s.wiped, l)
			}
			s.line.Reset()
			rest = rest[len("\r\033[K"):]
		case rest[0] == '\n':
			s.lines = append(s.lines, s.line.String())
			s.line.Reset()
			rest = rest[1:]
		default:
			s.line.WriteByte(rest[0])
			rest = rest[1:]
		}
	}
	return len(p), nil
}

// TestConsoleShared has check's reports and its progress line share one
// terminal, the reports flushed from a tiny buffer, with the progress
// line drawn as often as can be: no report must be cut, wiped or run on
// from a progress line.
func TestConsoleShared(t *testing.T) {
	var s screen
	// Reports shorter than the buffer, of varying lengths: as with the real
	// 64 kB, a report is often flushed in part when the buffer fills.
	con := &console{out: bufio.NewWriterSize(&s, 64), stderr: &s, shared: true}
	var counts checkCounts
	counts.lines.Store(7)
	stop := con.progress(&counts, time.Now().Add(-time.Minute), time.Microsecond)
	var want []string
	for i := range 2000 {
		r := fmt.Sprintf("stdin:%d:1: a report%s", i, strings.Repeat(".", i%30))
		want = append(want, r)
		con.report(func(w io.Writer) { fmt.Fprintln(w, r) })
		if i%100 == 0 {
			con.flush()
			time.Sleep(time.Millisecond) // let the progress line be drawn
		}
	}
	stop()
	con.out.Flush()
	if diff := cmp.Diff(want, s.lines); diff != "" {
		t.Errorf("screen mismatch (-want +got):\n%s", diff)
	}
	if len(s.wiped) > 0 || s.line.Len() > 0 {
		t.Errorf("progress wiped %q, and left %q on the screen", s.wiped, s.line.String())
	}
}

func TestProgress(t *testing.T) {
	var c checkCounts
	c.lines.Store(1500)
	c.invalid.Store(3)
	c.bytes.Store(3_000_000)
	var buf bytes.Buffer
	con := &console{out: bufio.NewWriter(io.Discard), stderr: &buf}
	stop := con.progress(&c, time.Now().Add(-2*time.Second), 10*time.Millisecond)
	time.Sleep(50 * time.Millisecond)
	stop() // waits for the goroutine, so buf is ours again
	out := buf.String()
	if !strings.Contains(out, "\r\033[K1500 lines, 3 invalid, ") || !strings.HasSuffix(out, "\r\033[K") {
		t.Errorf("progress wrote %q", out)
	}
	buf.Reset()
	stop = con.progress(&c, time.Now(), 10*time.Millisecond) // shows nothing in its first second
	time.Sleep(50 * time.Millisecond)
	stop()
	if buf.Len() != 0 {
		t.Errorf("progress wrote %q before a second had passed", buf.String())
	}
}

// TestProgressCurrent runs check on a terminal over a slow stream, two
// lines and then a wait: the progress line, once shown, must count both
// lines, and the report of the invalid one must be on the screen, though
// the input has not ended.
func TestProgressCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the progress line, which takes a second")
	}
	pr, pw := io.Pipe()
	var s screen
	e := &env{stdin: pr, stdout: &s, stderr: &s, progress: true, shared: true}
	done := make(chan int)
	go func() { done <- e.run([]string{"check"}) }()
	fmt.Fprintln(pw, "http://a/")
	fmt.Fprintln(pw, "http://a b/")
	time.Sleep(1500 * time.Millisecond)
	s.mu.Lock()
	lines, shown := slices.Clone(s.lines), s.line.String()
	s.mu.Unlock()
	pw.Close()
	if status := <-done; status != exitInvalid {
		t.Errorf("status %d; want %d", status, exitInvalid)
	}
	if !strings.HasPrefix(shown, "2 lines, 1 invalid, ") {
		t.Errorf("progress line %q; want it to count 2 lines, 1 invalid", shown)
	}
	if len(lines) != 3 || lines[0] != "stdin:2:9: invalid character ' ' at offset 8 in host" {
		t.Errorf("before the end of its input, check had written %q; want the report of line 2", lines)
	}
}

// TestHelpFits checks that each help fits on a terminal of 80 columns and
// 24 lines, with room for the command above it and the prompt below.
func TestHelpFits(t *testing.T) {
	topics := [][]string{{"help"}}
	for _, c := range commands {
		topics = append(topics, []string{"help", c.name})
	}
	for _, args := range topics {
		var stdout bytes.Buffer
		e := &env{stdout: &stdout, stderr: io.Discard}
		if status := e.run(args); status != exitOK {
			t.Errorf("uri %s: status %d", strings.Join(args, " "), status)
		}
		lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
		if len(lines) > 22 {
			t.Errorf("uri %s: %d lines, more than 22", strings.Join(args, " "), len(lines))
		}
		for _, l := range lines {
			if w := utf8.RuneCountInString(strings.ReplaceAll(l, "\t", "        ")); w > 80 {
				t.Errorf("uri %s: line of %d columns: %q", strings.Join(args, " "), w, l)
			}
		}
	}
}

func TestParseFlags(t *testing.T) {
	tests := []struct {
		args     []string
		json     bool
		name     string
		operands []string
		err      string
	}{
		{args: []string{"a", "b"}, operands: []string{"a", "b"}},
		{args: []string{"--json", "a"}, json: true, operands: []string{"a"}},
		{args: []string{"a", "--json", "b"}, json: true, operands: []string{"a", "b"}},
		{args: []string{"a", "-json"}, json: true, operands: []string{"a"}},
		{args: []string{"--name", "x", "a", "--name=y"}, name: "y", operands: []string{"a"}},
		{args: []string{"a", "--name", "--", "b"}, name: "--", operands: []string{"a", "b"}}, // a value, not the end of flags
		{args: []string{"a", "--", "--json", "-"}, operands: []string{"a", "--json", "-"}},
		{args: []string{"-", "a"}, operands: []string{"-", "a"}},
		{args: []string{"a", "-b"}, err: "flag provided but not defined: -b"},
		{args: []string{"a", "--name"}, err: "flag needs an argument: -name"},
	}
	for _, tt := range tests {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		json := fs.Bool("json", false, "")
		name := fs.String("name", "", "")
		operands, err := parseFlags(fs, tt.args)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("parseFlags(%q) error = %v; want %s", tt.args, err, tt.err)
			}
			continue
		}
		if err != nil || *json != tt.json || *name != tt.name || !slices.Equal(operands, tt.operands) {
			t.Errorf("parseFlags(%q) = %q, %v with json %v, name %q; want %q, json %v, name %q",
				tt.args, operands, err, *json, *name, tt.operands, tt.json, tt.name)
		}
	}
}
