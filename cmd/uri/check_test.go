package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

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
		t.Run(tt.want, func(t *testing.T) {
			var c checkCounts
			c.lines.Store(tt.lines)
			c.invalid.Store(tt.invalid)
			c.bytes.Store(tt.bytes)
			if diff := cmp.Diff(tt.want, summarize(&c, tt.d)); diff != "" {
				t.Errorf("summarize(%d, %d, %d, %v) mismatch (-want +got):\n%s", tt.lines, tt.invalid, tt.bytes, tt.d, diff)
			}
		})
	}
}

// A screen is a terminal that stdout and stderr both write to: it keeps
// the lines that were ended with "\n", and wipes the line being written
// at each "\r\033[K", as a terminal does.
type screen struct {
	mu       sync.Mutex
	lines    []string
	line     strings.Builder
	wiped    []string // what "\r\033[K" wiped, but for the progress lines
	progress int      // the progress lines "\r\033[K" wiped
}

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for rest := string(p); rest != ""; {
		switch {
		case strings.HasPrefix(rest, "\r\033[K"):
			if l := s.line.String(); strings.Contains(l, "invalid, ") {
				s.progress++
			} else if l != "" {
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

// A fakeClock stands still at start, and ticks when the test says: each
// tick is sent on an unbuffered channel, so that tick returns once the
// progress loop has taken it, and the next tick once that one is drawn.
type fakeClock struct {
	ticks   chan time.Time
	every   time.Duration // what Ticker was asked for
	stopped bool          // whether the ticker was stopped
}

// start is the fake clock's time, and the start of every check it times.
var start = time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)

func newFakeClock() *fakeClock { return &fakeClock{ticks: make(chan time.Time)} }

func (c *fakeClock) Now() time.Time { return start }

func (c *fakeClock) Ticker(every time.Duration) (<-chan time.Time, func()) {
	c.every = every
	return c.ticks, func() { c.stopped = true }
}

// tick sends the progress loop the time d after start.
func (c *fakeClock) tick(d time.Duration) { c.ticks <- start.Add(d) }

// TestConsoleShared has check's reports and its progress line share one
// terminal, the reports flushed from a tiny buffer, with the progress
// line drawn while they are written, every seventh report: no report must
// be cut, wiped or run on from a progress line, and every tick must draw
// the progress line once.
func TestConsoleShared(t *testing.T) {
	var s screen
	// Reports shorter than the buffer, of varying lengths: as with the real
	// 64 kB, a report is often flushed in part when the buffer fills, and
	// a tick often finds part of one in the buffer.
	clk := newFakeClock()
	con := &console{out: bufio.NewWriterSize(&s, 64), stderr: &s, shared: true, clock: clk}
	var counts checkCounts
	counts.lines.Store(7)
	stop := con.progress(&counts, start, time.Microsecond)
	var want []string
	ticks := 0
	for i := range 2000 {
		r := fmt.Sprintf("stdin:%d:1: a report%s", i, strings.Repeat(".", i%30))
		want = append(want, r)
		con.report(func(w io.Writer) { fmt.Fprintln(w, r) })
		if i%100 == 0 {
			con.flush()
		}
		if i%7 == 0 {
			clk.tick(time.Minute) // drawn while the next reports are written
			ticks++
		}
	}
	stop() // draws the last tick taken, then clears the line
	con.out.Flush()
	if diff := cmp.Diff(want, s.lines); diff != "" {
		t.Errorf("screen mismatch (-want +got):\n%s", diff)
	}
	if len(s.wiped) > 0 || s.line.Len() > 0 {
		t.Errorf("progress wiped %q, and left %q on the screen", s.wiped, s.line.String())
	}
	if s.progress != ticks {
		t.Errorf("the progress line was drawn %d times for %d ticks", s.progress, ticks)
	}
}

// TestProgress sends the progress loop ticks at times after the start of
// a check: it draws the counts on each tick once a second has passed, and
// nothing before, and clears its line when stopped.
func TestProgress(t *testing.T) {
	tests := []struct {
		name  string
		ticks []time.Duration // after start
		want  string
	}{
		{"after two seconds", []time.Duration{2 * time.Second}, "\r\033[K1500 lines, 3 invalid, 1.5 MB/s\r\033[K"},
		{"from the first second", []time.Duration{999 * time.Millisecond, time.Second, 3 * time.Second},
			"\r\033[K1500 lines, 3 invalid, 3.0 MB/s\r\033[K1500 lines, 3 invalid, 1.0 MB/s\r\033[K"},
		{"within the first second", []time.Duration{0, 10 * time.Millisecond, 999 * time.Millisecond}, ""},
		{"no tick", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c checkCounts
			c.lines.Store(1500)
			c.invalid.Store(3)
			c.bytes.Store(3_000_000)
			var buf bytes.Buffer
			clk := newFakeClock()
			con := &console{out: bufio.NewWriter(io.Discard), stderr: &buf, clock: clk}
			stop := con.progress(&c, start, 10*time.Millisecond)
			for _, d := range tt.ticks {
				clk.tick(d)
			}
			stop() // waits for the loop, so buf is ours again
			if diff := cmp.Diff(tt.want, buf.String()); diff != "" {
				t.Errorf("progress mismatch (-want +got):\n%s", diff)
			}
			if clk.every != 10*time.Millisecond || !clk.stopped {
				t.Errorf("progress asked for ticks every %v, and stopped them: %v; want every 10ms, stopped", clk.every, clk.stopped)
			}
		})
	}
}

// A slowStream is standard input that the test writes to as it goes. It
// tells on reads each time check asks for more, after what it read
// before: when check asks, it has published its counts and flushed its
// reports.
type slowStream struct {
	*io.PipeReader
	asks chan<- struct{}
}

func (s slowStream) Read(p []byte) (int, error) {
	s.asks <- struct{}{}
	return s.PipeReader.Read(p)
}

// TestProgressCurrent runs check on a terminal over a slow stream, two
// lines and then a wait, during which the progress line is drawn: it must
// count both lines, and the report of the invalid one must be on the
// screen, though the input has not ended.
func TestProgressCurrent(t *testing.T) {
	pr, pw := io.Pipe()
	asks := make(chan struct{}, 4) // room for the asks after the wait
	var s screen
	clk := newFakeClock()
	e := &env{stdin: slowStream{pr, asks}, stdout: &s, stderr: &s, progress: true, shared: true, clock: clk}
	done := make(chan int)
	go func() { done <- e.run([]string{"check"}) }()
	<-asks
	fmt.Fprint(pw, "http://a/\nhttp://a b/\n")
	<-asks // check waits for its third line
	clk.tick(1500 * time.Millisecond)
	clk.tick(1500 * time.Millisecond) // taken once the first is drawn
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
	if clk.every != 200*time.Millisecond || !clk.stopped {
		t.Errorf("check drew its progress every %v, and stopped: %v; want every 200ms, stopped", clk.every, clk.stopped)
	}
}

// TestRealClock checks the clock of the tool, which the tests above
// replace: its Now is the time, and its ticks come, none before it.
func TestRealClock(t *testing.T) {
	var c clock = realClock{}
	before := time.Now()
	now := c.Now()
	ticks, stop := c.Ticker(time.Millisecond)
	defer stop()
	if now.Before(before) || time.Since(now) > time.Minute {
		t.Errorf("Now() = %v, at %v", now, before)
	}
	if tick := <-ticks; tick.Before(now) {
		t.Errorf("a tick came at %v, before %v", tick, now)
	}
}

// TestCheckFileChanged checks that a file that shrinks while it is read
// is reported, after its lines read are checked, and does not crash
// check, which reads files rather than mapping them.
func TestCheckFileChanged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "urls.txt")
	if err := os.WriteFile(path, []byte(strings.Repeat("http://a/\n", 1000)), 0o644); err != nil {
		t.Fatal(err)
	}
	read := 0
	err := checkFile(path, func(name string, r io.Reader) error {
		buf := make([]byte, 100)
		for {
			n, err := r.Read(buf)
			read += n
			if read >= 100 && read-n < 100 {
				os.Truncate(path, 50) // while it is read
			}
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
		}
	})
	want := fmt.Sprintf("%s: changed while read: 10000 bytes at the start, %d read, 50 now", path, read)
	if err == nil || err.Error() != want {
		t.Errorf("checkFile of a file that shrinks: %v; want %s", err, want)
	}
	if err := checkFile(path, func(string, io.Reader) error { return nil }); err == nil {
		t.Errorf("checkFile of a file not read to its end: no error")
	}
}
