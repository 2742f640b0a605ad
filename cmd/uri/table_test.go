package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/internal/testenv"
)

// runMainEnv, set to 1 in a test binary's environment, makes it run the
// tool, main, instead of the tests: TestCLITable runs the tool as a
// process of its own, to learn its exit status and peak memory.
const runMainEnv = "URI_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(runMainEnv) == "1" {
		main()
		return
	}
	testenv.Main(m)
}

// freshEnv, set to 1, says that TestCLITable runs in a test process of
// its own, which it starts.
const freshEnv = "URI_TEST_TABLE_FRESH"

// maxRSS is the most memory a run of the tool may take, whatever its
// input: it reads lines, never whole inputs, and skips a line longer than
// --max-line.
const maxRSS = 64 << 20

// cellSetup are the arguments a command needs before those of a cell: a
// BASE, a preset. A command not listed takes none.
var cellSetup = map[string][]string{
	"resolve":    {"http://a/b"},
	"relativize": {"http://a/b"},
	"route":      {"--as", "nginx-uri"},
}

// tableCommands are the commands of the table: every command of the tool,
// and the other readings of parse and check.
func tableCommands() [][]string {
	var cs [][]string
	for _, c := range commands {
		if c.name == "serve" {
			// It reads no input but HTTP requests, and serves until it is
			// stopped: TestServe and the browser test hold it, and
			// TestGolden its usage errors.
			continue
		}
		cs = append(cs, append([]string{c.name}, cellSetup[c.name]...))
	}
	return append(cs, []string{"parse", "--whatwg"}, []string{"check", "--whatwg"})
}

// A cellInput is a column of the table: what the tool is given beside the
// command.
type cellInput struct {
	name  string
	args  []string         // after the command's, in the fixtures' directory
	stdin func() io.Reader // nil: empty
	full  bool             // stdout is /dev/full
	long  bool             // a big input, run only with RFC3986_LONG=1
}

// sample is the text the cells read: a valid line, an invalid one.
const sample = "http://a/\nhttp://a b/\n"

func gzipped(s string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.Bytes()
}

// repeated is an input of n bytes of b, then tail, made as it is read.
type repeated struct {
	b    byte
	n    int64
	tail string
}

func (r *repeated) Read(p []byte) (int, error) {
	if r.n <= 0 {
		if r.tail == "" {
			return 0, io.EOF
		}
		k := copy(p, r.tail)
		r.tail = r.tail[k:]
		return k, nil
	}
	k := int(min(int64(len(p)), r.n))
	for i := range k {
		p[i] = r.b
	}
	r.n -= int64(k)
	return k, nil
}

// cycle is n bytes of s repeated, made as they are read.
type cycle struct {
	s   string
	n   int
	off int
}

func (c *cycle) Read(p []byte) (int, error) {
	if c.n <= 0 {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && c.n > 0 {
		m := copy(p[k:min(len(p), k+c.n)], c.s[c.off:])
		k, c.n, c.off = k+m, c.n-m, (c.off+m)%len(c.s)
	}
	return k, nil
}

// bigLine is 200 MB in one line, then a valid line.
func bigLine() io.Reader { return &repeated{b: 'a', n: 200 << 20, tail: "\nhttp://a/\n"} }

var cellInputs = []cellInput{
	{name: "argument", args: []string{"http://a/"}},
	{name: "file", args: []string{"urls.txt"}},
	{name: "-", args: []string{"-"}, stdin: func() io.Reader { return strings.NewReader(sample) }},
	{name: "stdin", stdin: func() io.Reader { return strings.NewReader(sample) }},
	{name: "gzip", stdin: func() io.Reader { return bytes.NewReader(gzipped(sample)) }},
	{name: "gzip-file", args: []string{"urls.txt.gz"}},
	{name: "binary", stdin: func() io.Reader { return strings.NewReader("http://a/\x00\n") }},
	{name: "long-line", args: []string{"--max-line", "1k"}, stdin: func() io.Reader {
		return strings.NewReader(strings.Repeat("a", 4000) + "\nhttp://a/\n")
	}},
	// 2 MB of a line valid to every command, of which one that stops at
	// once on the failed write reads a few blocks.
	{name: "/dev/full", full: true, stdin: func() io.Reader { return &cycle{s: "file:///a\nhttp://a b/\n", n: 2 << 20} }},
	{name: "missing", args: []string{"missing.txt"}},
	{name: "directory", args: []string{"."}},
	{name: "line-200M", long: true, stdin: bigLine},
	{name: "line-200M-file", long: true, args: []string{"big.txt"}},
	{name: "nul-100M", long: true, stdin: func() io.Reader { return &repeated{b: 0, n: 100 << 20} }},
}

// A cell is the outcome of a command on an input, as the golden file
// testdata/cli/table/cells.txt holds it: the exit status, the first line
// of standard error, and, for a run with stdout on /dev/full, whether it
// stopped reading its input at once ("stopped") or read it all.
type cell struct {
	status int
	stderr string
	stop   string
}

func (c cell) String() string {
	s := strconv.Itoa(c.status) + "\t" + c.stderr
	if c.stop != "" {
		s += "\t" + c.stop
	}
	return s
}

// selfExecutable returns the path of this test binary, which the tests
// that run the tool as a process execute again, and skips t when it
// cannot: an arm64 binary under qemu-user, where no binfmt_misc entry
// lets the kernel run it ("exec format error").
func selfExecutable(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	selfExec.once.Do(func() {
		selfExec.err = exec.Command(exe, "-test.run=^$").Run()
	})
	if selfExec.err != nil {
		testenv.Skip(t, "this test binary cannot run itself as a process: "+selfExec.err.Error())
	}
	return exe
}

var selfExec struct {
	once sync.Once
	err  error
}

// inFreshProcess runs the test name in a process of its own, the test
// binary exe run again, and reports true, unless this is that process:
// the tests before it may have made this process big, and Linux counts a
// child's peak from the pages it shares with its parent at fork, where a
// fresh process's stays small (see ownPeak).
func inFreshProcess(t *testing.T, exe, name string) bool {
	t.Helper()
	if os.Getenv(freshEnv) == "1" {
		return false
	}
	args := []string{"-test.run=^" + name + "$", "-test.v"}
	if *update {
		args = append(args, "-update")
	}
	if testing.Short() {
		args = append(args, "-test.short")
	}
	p := exec.Command(exe, args...)
	p.Env = append(os.Environ(), freshEnv+"=1")
	out, err := p.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("%s, run in a process of its own: %v", name, err)
	}
	return true
}

// TestCLITable runs every command on every kind of input, as a process of
// its own: an argument, a file, "-", standard input plain, gzipped and
// binary, a line over --max-line, stdout on /dev/full, a missing file and
// a directory; and, with RFC3986_LONG=1, a line of 200 MB in a pipe and
// in a file and 100 MB of NUL bytes. Each run must take less than 64 MB
// at its peak, and give the exit status and the first line of standard
// error of testdata/cli/table/cells.txt (-update rewrites it). A command
// added to the tool is added to the table: the golden file then lacks its
// cells, and the test says so.
func TestCLITable(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		testenv.Skip(t, "no /dev/full, where the cells write: "+err.Error())
	}
	exe := selfExecutable(t)
	if inFreshProcess(t, exe, "TestCLITable") {
		return
	}
	tmp := t.TempDir()
	fixtures := map[string][]byte{"urls.txt": []byte(sample), "urls.txt.gz": gzipped(sample)}
	for name, data := range fixtures {
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	long := testenv.Long()
	if long {
		f, err := os.Create(filepath.Join(tmp, "big.txt"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = io.Copy(f, bigLine())
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	goldenPath := filepath.Join("..", "..", "testdata", "cli", "table", "cells.txt")
	want := readCells(t, goldenPath)
	got := map[string]string{}
	hung := map[string]bool{} // commands that did not end on an input
	var report strings.Builder
	for _, cmd := range tableCommands() {
		for _, in := range cellInputs {
			key := strings.Join(cmd, " ") + "\t" + in.name
			if in.long && !long {
				// Keep the golden rows of the long cells.
				if w, ok := want[key]; ok {
					got[key] = w
				}
				continue
			}
			t.Run(strings.Join(cmd, " ")+"/"+in.name, func(t *testing.T) {
				name := strings.Join(cmd, " ")
				if hung[name] {
					t.Fatalf("uri %s: not run, as the command did not end on an earlier input", name)
				}
				c, rss, elapsed := runCell(t, exe, tmp, cmd, in)
				if c.status < 0 {
					hung[name] = true
					t.Fatalf("uri %s, %s: still running after %v, and killed; a command that serves or waits needs the arguments that make it read its input and end, in cellSetup", name, in.name, cellTimeout)
				}
				got[key] = c.String()
				fmt.Fprintf(&report, "%-28s %-15s %d %6.1f MB %v\n", strings.Join(cmd, " "), in.name, c.status, float64(rss)/(1<<20), elapsed.Round(time.Millisecond))
				if own := ownPeak(t); own >= maxRSS/2 && !raceEnabled {
					t.Fatalf("the test itself peaked at %.1f MB: the peaks of the cells, which count it, say nothing", float64(own)/(1<<20))
				}
				if rss >= maxRSS && !raceEnabled {
					t.Errorf("uri %s, %s: peak RSS %.1f MB, over %d MB", strings.Join(cmd, " "), in.name, float64(rss)/(1<<20), maxRSS>>20)
				}
				if *update {
					return
				}
				w, ok := want[key]
				if !ok {
					t.Errorf("uri %s, %s: no cell in %s; it gives %q (run go test -update)", strings.Join(cmd, " "), in.name, goldenPath, c.String())
					return
				}
				if diff := cmp.Diff(w, c.String()); diff != "" {
					t.Errorf("uri %s, %s mismatch (-want +got):\n%s", strings.Join(cmd, " "), in.name, diff)
				}
			})
		}
	}
	t.Logf("command, input, exit status, peak RSS, time (the test's own peak: %.1f MB):\n%s", float64(ownPeak(t))/(1<<20), report.String())
	if *update {
		writeCells(t, goldenPath, got)
		return
	}
	for key := range want {
		if _, ok := got[key]; !ok {
			t.Errorf("%s: the cell %q is of no command or input of the table", goldenPath, key)
		}
	}
}

// ownPeak is the peak RSS of the test process, in bytes. Linux counts it
// in a child's peak too: the child it starts shares its memory until exec
// replaces it (os/exec starts children with vfork), and the peak of the
// image exec replaces is kept. So a cell's peak is that of the tool or
// this one, whichever is higher; this one's is kept far below maxRSS,
// its inputs made as they are read, and TestCLITable checks it.
func ownPeak(t *testing.T) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// cellTimeout is how long a cell may run: a command that reads its input
// ends within a second or two, even on the big inputs.
const cellTimeout = 30 * time.Second

// runCell runs the tool, the test binary with runMainEnv, on the cell of
// cmd and in, and returns what it did, its peak RSS in bytes and the time
// it took; a cell of status -1 ran for cellTimeout, and was killed.
func runCell(t *testing.T, exe, tmp string, cmd []string, in cellInput) (cell, int64, time.Duration) {
	t.Helper()
	args := append(append([]string(nil), cmd...), in.args...)
	ctx, cancel := context.WithTimeout(context.Background(), cellTimeout)
	defer cancel()
	p := exec.CommandContext(ctx, exe, args...)
	p.Env = append(os.Environ(), runMainEnv+"=1")
	p.Dir = tmp               // where the fixtures are
	p.WaitDelay = time.Second // a killed command's pipes are closed after it
	var fed *countingReader
	if in.stdin != nil {
		fed = &countingReader{r: in.stdin()}
		p.Stdin = fed
	}
	if in.full {
		f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		p.Stdout = f
	}
	stderr := &firstLine{}
	p.Stderr = stderr
	start := time.Now()
	err := p.Run()
	elapsed := time.Since(start)
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("uri %s: %v", strings.Join(args, " "), err)
	}
	if ctx.Err() != nil {
		return cell{status: -1}, 0, elapsed
	}
	c := cell{status: p.ProcessState.ExitCode(), stderr: stderr.line()}
	if in.full {
		// A command that stops at once reads a few blocks of 64 kB, and
		// the pipe holds one more.
		c.stop = "stopped"
		if fed.n > 1<<20 {
			c.stop = "read " + strconv.Itoa(fed.n>>10) + " kB"
		}
	}
	rss := int64(p.ProcessState.SysUsage().(*syscall.Rusage).Maxrss) << 10 // kB on Linux
	return c, rss, elapsed
}

// firstLine keeps the first line written to it, and discards the rest.
type firstLine struct {
	b    []byte
	done bool
}

func (f *firstLine) Write(p []byte) (int, error) {
	if !f.done {
		if i := bytes.IndexByte(p, '\n'); i >= 0 {
			f.b, f.done = append(f.b, p[:i]...), true
		} else if len(f.b) < 4096 {
			f.b = append(f.b, p...)
		}
	}
	return len(p), nil
}

func (f *firstLine) line() string { return string(f.b) }

// readCells reads the golden cells: "command<TAB>input<TAB>cell" a line,
// after comment lines that begin with "#".
func readCells(t *testing.T, path string) map[string]string {
	t.Helper()
	cells := map[string]string{}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) && *update {
		return cells
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, "\t", 3)
		if len(parts) < 3 {
			t.Fatalf("%s: %q is not command, input and cell", path, line)
		}
		cells[parts[0]+"\t"+parts[1]] = parts[2]
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cells
}

func writeCells(t *testing.T, path string, cells map[string]string) {
	t.Helper()
	keys := make([]string, 0, len(cells))
	for k := range cells {
		keys = append(keys, k)
	}
	// In the order of the table.
	order := map[string]int{}
	i := 0
	for _, cmd := range tableCommands() {
		for _, in := range cellInputs {
			order[strings.Join(cmd, " ")+"\t"+in.name] = i
			i++
		}
	}
	sort.Slice(keys, func(a, b int) bool { return order[keys[a]] < order[keys[b]] })
	var b strings.Builder
	b.WriteString(`# The CLI table of TestCLITable: command, input, exit status, the first line
# of standard error, and, with stdout on /dev/full, whether the command
# stopped reading at once. The commands run in the directory of the
# fixtures: urls.txt and urls.txt.gz hold a valid line and an invalid one. Every run also
# stays under 64 MB of peak memory. "go test -update" rewrites this file;
# RFC3986_LONG=1 runs the cells of big inputs (line-200M, nul-100M) too.
`)
	for _, k := range keys {
		b.WriteString(k + "\t" + cells[k] + "\n")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestLongLineMemory runs check with a --max-line above a line of 200 MB,
// in a file and in a pipe (with RFC3986_LONG=1): the line is read into
// room reserved for it, not copied from slice to larger slice, so that
// the peak stays within 1.25 times the line.
func TestLongLineMemory(t *testing.T) {
	if !testenv.Long() {
		testenv.Skip(t, "reads 200 MB lines: RFC3986_LONG=1 runs it")
	}
	exe := selfExecutable(t)
	if inFreshProcess(t, exe, "TestLongLineMemory") {
		return
	}
	tmp := t.TempDir()
	f, err := os.Create(filepath.Join(tmp, "big.txt"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = io.Copy(f, bigLine())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	const line = 200 << 20
	for _, in := range []cellInput{
		{name: "file", args: []string{"big.txt", "big.txt"}},
		{name: "pipe", stdin: bigLine},
	} {
		t.Run(in.name, func(t *testing.T) {
			c, rss, elapsed := runCell(t, exe, tmp, []string{"check", "--max-line", "1G"}, in)
			t.Logf("uri check --max-line 1G, a 200 MB line in a %s: status %d, peak RSS %.1f MB, %v", in.name, c.status, float64(rss)/(1<<20), elapsed)
			if c.status != exitOK || rss > line*5/4 {
				t.Errorf("uri check --max-line 1G, a 200 MB line in a %s: status %d, peak RSS %.1f MB; want 0, and at most 250 MB", in.name, c.status, float64(rss)/(1<<20))
			}
		})
	}
}
