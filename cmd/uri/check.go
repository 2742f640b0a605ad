package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/scheme"
)

type checkOptions struct {
	quiet, json, schemes  bool
	hazards, strictHazard bool
	iri                   bool
}

var checkCmd = &command{
	name:    "check",
	summary: "validate every line of files, and report the bad ones",
	usage:   "[-q] [-j] [-s] [--hazards] [-i] [--whatwg] [FILE...]",
	details: `
Check reads each FILE ("-", or none: standard input) a line at a time, and
reports on stdout each line that is not a URI-reference (file:line:col:
why; the line; a caret under the fault), then a summary. --schemes applies
the rules of the line's scheme too; --hazards reports where another reader
(WHATWG URL, inet_aton, Tomcat) reads a valid line otherwise; --iri reads
IRIs (RFC 3987); --whatwg reads as a browser does, and prints the URI it
requests. Gzip is read, binary data refused ("uri help input"). Status: 0
when every line is valid, 1 when one is not (or has a hazard, with
--strict-hazards), 2 on a read or write error.

  $ uri check -s --hazards -i urls.txt crawl.log.gz`,
	flags: func(fs *flag.FlagSet) any {
		var o checkOptions
		fs.BoolVar(&o.quiet, "quiet", false, "no reports; the summary on stderr if a line is bad")
		fs.BoolVar(&o.json, "json", false, "a JSON object a report; the summary on stderr")
		fs.BoolVar(&o.schemes, "schemes", false, "apply the rules of http, ws, file, mailto, urn, data")
		fs.BoolVar(&o.hazards, "hazards", false, "report the hazards of valid lines too")
		fs.BoolVar(&o.strictHazard, "strict-hazards", false, "report hazards, and exit with 1 for one")
		fs.BoolVar(&o.iri, "iri", false, "read IRIs (RFC 3987) rather than URIs")
		alias(fs, "q", "quiet")
		alias(fs, "j", "json")
		alias(fs, "s", "schemes")
		alias(fs, "i", "iri")
		return &o
	},
	run: checkCommand,
}

// checkCounts are what check has done so far; the progress line reads
// them from another goroutine.
type checkCounts struct {
	lines, invalid, bytes atomic.Int64
}

func checkCommand(e *env, opts any, args []string) int {
	o := opts.(*checkOptions)
	o.hazards = o.hazards || o.strictHazard
	clk := e.clock
	if clk == nil {
		clk = realClock{}
	}
	con := &console{out: bufio.NewWriterSize(e.stdout, 64<<10), stderr: e.stderr, shared: e.shared, clock: clk}
	defer con.out.Flush()
	enc := json.NewEncoder(con.out)
	enc.SetEscapeHTML(false)

	var counts checkCounts
	start := clk.Now()
	stop := func() {}
	if e.progress {
		stop = con.progress(&counts, start, 200*time.Millisecond)
	}
	// The counts are kept in plain integers and published to the atomic
	// ones, which the progress line reads, before each read of the input:
	// every 64 kB of a file, and every line or so of a slow stream, so that
	// the progress line is never behind what check has read, and the loop
	// over lines does nothing for it.
	var lines, invalid, bytes int64
	var hazards hazardCounts
	publish := func() {
		counts.lines.Store(lines)
		counts.invalid.Store(invalid)
		counts.bytes.Store(bytes)
	}
	tooLong := lineTooLong{int(e.maxLine)}
	check := func(name string, r io.Reader) error {
		defer publish()
		workers := checkWorkers(r) // a large file is checked on every core
		r = beforeRead{r, func() error { publish(); con.flush(); return e.out.failed() }}
		in, err := openInput(r)
		if err != nil {
			return inputError(name, err)
		}
		// bad reports line n, invalid with err, or with Parse's error when
		// err is nil.
		bad := func(n int, line []byte, err error) {
			invalid++
			if o.quiet {
				return
			}
			if err == nil {
				_, err = uri.Parse(string(line)) // the error, for the one line that needs it
			}
			con.report(func(w io.Writer) {
				if o.json {
					enc.Encode(errorObject(name, n, err))
				} else {
					diagnose(w, name, n, err)
				}
			})
		}
		long := func(n int) { bad(n, nil, tooLong) }
		if !o.schemes && !o.hazards && !o.iri {
			lc := &lineChecker{
				maxLine: int(e.maxLine),
				tally:   func(l, b int64) { lines, bytes = lines+l, bytes+b },
				bad:     func(n int, line, _ []byte) { bad(n, line, nil) },
				long:    long,
			}
			if !o.quiet && !o.json {
				// The reports are written where the lines are checked,
				// on every core; here they are only copied out.
				lc.describe = func(dst, line []byte) []byte {
					// The line as a string, without a copy: the error
					// holding it is gone once its report is appended.
					_, err := uri.Parse(unsafe.String(unsafe.SliceData(line), len(line)))
					return appendDiagnosis(dst, err)
				}
				lc.bad = func(n int, line, about []byte) {
					invalid++
					con.report(func(w io.Writer) {
						io.WriteString(w, name)
						w.Write(strconv.AppendInt([]byte{':'}, int64(n), 10))
						w.Write(about)
					})
				}
			}
			return inputError(name, lc.checkLines(in, workers))
		}
		// Scheme rules and hazards read every valid line, not just the
		// bad ones, a line at a time, and so does an IRI's parser.
		return inputError(name, eachLine(in, int(e.maxLine), func(n int, line []byte, size int) {
			lines++
			bytes += int64(size)
			// The line as a string, without a copy: the URI and the error
			// live only until the report is written, within this call, as
			// eachLine requires of what it hands out.
			text := unsafe.String(unsafe.SliceData(line), len(line))
			var u uri.URI
			var err error
			if o.iri {
				// Section 3.1 of RFC 3987: the rules of a scheme apply
				// to the URI an IRI maps to.
				var i uri.IRI
				i, err = uri.ParseIRI(text)
				u = i.ToURI()
			} else {
				u, err = uri.Parse(text)
			}
			if err == nil {
				if o.hazards {
					checkHazards(con, enc, o, &hazards, name, n, u)
				}
				if o.schemes {
					err = scheme.Check(u)
				}
			}
			if err != nil {
				bad(n, line, err)
			}
		}, func(n, size int, first bool) {
			bytes += int64(size)
			if first {
				lines++
				long(n)
			}
		}))
	}

	status := exitOK
	if len(args) == 0 {
		args = []string{"-"}
	}
	for _, name := range args {
		var err error
		if name == "-" {
			err = check("stdin", e.stdin)
		} else {
			err = checkFile(name, check)
			if pe := (*fs.PathError)(nil); errors.As(err, &pe) && pe.Op == "open" {
				err = e.openError(name, err)
			}
		}
		if err != nil {
			con.errorf("uri check: %v\n", err)
			status = exitUsage
		}
		if e.out.failed() != nil {
			break
		}
	}
	summary := summarize(&counts, clk.Now().Sub(start))
	stop() // clears the progress line
	if o.hazards {
		summary += "\n" + hazards.String()
	}
	if status == exitOK && (counts.invalid.Load() > 0 || o.strictHazard && hazards.lines > 0) {
		status = exitInvalid
	}
	switch {
	case o.quiet && status == exitOK:
	case o.json || o.quiet:
		con.errorf("%s\n", summary)
	default:
		fmt.Fprintln(con.out, summary)
	}
	return status
}

// hazardCounts count the valid lines that have hazards, in all and by
// class.
type hazardCounts struct {
	lines   int64
	byClass map[uri.Hazard]int64
}

// String says how many lines have hazards, and of which classes:
// "2 lines with hazards: numeric-host 1, dot-segment 1".
func (c *hazardCounts) String() string {
	if c.lines == 0 {
		return "0 lines with hazards"
	}
	var b strings.Builder
	b.WriteString(plural(c.lines, "line") + " with hazards:")
	all := uri.HostHazards | uri.PortHazards | uri.PathHazards | uri.UserInfoHazards
	sep := " "
	for h := range all.All() {
		if n := c.byClass[h]; n > 0 {
			fmt.Fprintf(&b, "%s%v %d", sep, h, n)
			sep = ", "
		}
	}
	return b.String()
}

// checkHazards reports the hazards of u, line n, and counts them. For an
// IRI, u is the URI it maps to, and the report shows that.
func checkHazards(con *console, enc *json.Encoder, o *checkOptions, c *hazardCounts, name string, n int, u uri.URI) {
	set := u.Hazards()
	if set == 0 {
		return
	}
	c.lines++
	if c.byClass == nil {
		c.byClass = map[uri.Hazard]int64{}
	}
	for h := range set.All() {
		c.byClass[h]++
	}
	if o.quiet {
		return
	}
	ds := u.HazardDetails()
	line := u.String()
	con.report(func(w io.Writer) {
		for _, d := range ds {
			if o.json {
				enc.Encode(hazardObject(name, n, line, d))
			} else {
				diagnoseHazard(w, name, n, line, d)
			}
		}
	})
}

// hazardJSON is what check --hazards --json writes for a hazard. Offset
// counts bytes from 0, Column from 1; Length is the number of bytes.
type hazardJSON struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	Offset    int    `json:"offset"`
	Length    int    `json:"length"`
	Component string `json:"component"`
	Hazard    string `json:"hazard"`
	Reading   string `json:"reading"`
	Input     string `json:"input"`
}

func hazardObject(name string, line int, input string, d uri.HazardDetail) hazardJSON {
	return hazardJSON{File: name, Line: line, Column: d.Offset + 1, Offset: d.Offset, Length: d.Len,
		Component: d.Component.String(), Hazard: d.Hazard.String(), Reading: d.Reading, Input: input}
}

// diagnoseHazard writes a compiler-style report of a hazard: where, what
// the other reader makes of the bytes, the line and carets under them.
func diagnoseHazard(w io.Writer, name string, n int, line string, d uri.HazardDetail) {
	text, col := display(line, d.Offset, false)
	// A valid line is printable ASCII: a byte is a column, unless the
	// line was cut after the bytes began.
	width := max(min(d.Len, len(text)-col), 1)
	fmt.Fprintf(w, "%s:%d:%d: %v: %s\n\t%s\n\t%s%s\n", name, n, d.Offset+1, d.Hazard, d.Reading, text, caret(col), strings.Repeat("^", width-1))
}

// A console is where check writes: reports to stdout through a buffer,
// and the progress line and errors to stderr.
//
// When stdout and stderr are the same terminal, the progress line, drawn
// with "\r\033[K" over the line the cursor is on, would wipe a report
// that a flush of the buffer had left half written, and a report written
// after it would run on from its end. So reports and the progress line
// take turns under a mutex: a report is written whole under it, after
// the progress line is wiped, and the progress line is drawn only after
// the buffer is flushed, which then ends with a whole report. The screen
// never shows a broken line, and reports still go out in big writes: the
// buffer is flushed when it is full, before each read of the input (when
// check may wait), and before each drawing of the progress line, five
// times a second. The loop over valid lines never takes the mutex.
type console struct {
	mu     sync.Mutex
	out    *bufio.Writer // stdout; holds whole reports when mu is free
	stderr io.Writer
	shared bool  // stdout goes to the terminal stderr goes to
	shown  bool  // the progress line is on the screen
	clock  clock // ticks for the progress line
}

// report writes one report to the buffer with write.
func (c *console) report(write func(w io.Writer)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.shared {
		c.clear()
	}
	write(c.out)
}

// flush writes out the reports in the buffer.
func (c *console) flush() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.out.Flush()
}

// errorf writes a message on stderr, on a line of its own, after the
// reports before it.
func (c *console) errorf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.out.Flush()
	c.clear()
	fmt.Fprintf(c.stderr, format, args...)
}

// clear wipes the progress line, if it is shown. c.mu must be held.
func (c *console) clear() {
	if c.shown {
		fmt.Fprint(c.stderr, "\r\033[K")
		c.shown = false
	}
}

// draw shows s as the progress line, in place of the one before.
func (c *console) draw(s string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.out.Flush() // whole reports: the cursor is at the start of a line
	fmt.Fprint(c.stderr, "\r\033[K"+s)
	c.shown = true
}

// progress shows the counts on the console's stderr, a terminal, every
// interval once a second has passed since start, until the returned stop
// is called, which clears the line.
func (c *console) progress(counts *checkCounts, start time.Time, every time.Duration) (stop func()) {
	ticks, stopTicks := c.clock.Ticker(every)
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		for {
			select {
			case <-done:
				c.mu.Lock()
				c.clear()
				c.mu.Unlock()
				return
			case now := <-ticks:
				d := now.Sub(start)
				if d < time.Second {
					continue
				}
				mb := float64(counts.bytes.Load()) / 1e6
				c.draw(fmt.Sprintf("%s, %d invalid, %.1f MB/s", plural(counts.lines.Load(), "line"), counts.invalid.Load(), mb/d.Seconds()))
			}
		}
	}()
	return sync.OnceFunc(func() {
		close(done)
		<-finished
		stopTicks()
	})
}

// A clock is where check reads the time: the real one in the tool, and
// in tests one that they advance by hand, so that a test of the progress
// line says when the ticks come instead of sleeping until they do.
type clock interface {
	Now() time.Time
	// Ticker sends the time on ticks every d, until stop is called.
	Ticker(d time.Duration) (ticks <-chan time.Time, stop func())
}

// realClock is the clock of time.Now and time.NewTicker.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) Ticker(d time.Duration) (<-chan time.Time, func()) {
	t := time.NewTicker(d)
	return t.C, t.Stop
}

// summarize says what check did: "48010 lines: 47669 valid, 341 invalid;
// 2.2 MB in 35ms, 62.7 MB/s".
func summarize(c *checkCounts, d time.Duration) string {
	lines, invalid, bytes := c.lines.Load(), c.invalid.Load(), c.bytes.Load()
	rate := 0.0
	if d > 0 {
		rate = float64(bytes) / 1e6 / d.Seconds()
	}
	return fmt.Sprintf("%s: %d valid, %d invalid; %s in %s, %.1f MB/s",
		plural(lines, "line"), lines-invalid, invalid, size(bytes), duration(d), rate)
}

// plural writes a count of things: "1 line", "2 lines", "0 lines".
func plural(n int64, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// size writes a byte count for people: "512 B", "3.4 kB", "2.2 MB".
func size(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	case n < 1000*1000*1000:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	return fmt.Sprintf("%.1f GB", float64(n)/1e9)
}

// duration writes a time for people, with two or three significant
// digits: "0.04ms", "3.5ms", "35ms", "1.2s", "2m5s". A check of a small
// file takes well under a millisecond, which time.Duration's String
// rounded to milliseconds would show as "0s".
func duration(d time.Duration) string {
	ms := float64(d) / float64(time.Millisecond)
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.2fms", ms)
	case d < 10*time.Millisecond:
		return fmt.Sprintf("%.1fms", ms)
	case d < time.Second:
		return fmt.Sprintf("%.0fms", ms)
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	return d.Round(time.Second).String()
}

// checkFile checks the file name with check, and says so when a regular
// file's size changed while it was read: its lines were checked as they
// were read, but what was checked is not the file as it is.
func checkFile(name string, check func(name string, r io.Reader) error) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return check(name, f)
	}
	c := &countingFile{File: f}
	if err := check(name, c); err != nil {
		return err
	}
	if now, err := f.Stat(); err == nil && (c.n != fi.Size() || now.Size() != fi.Size()) {
		return fmt.Errorf("%s: changed while read: %d bytes at the start, %d read, %d now", name, fi.Size(), c.n, now.Size())
	}
	return nil
}

// countingFile is a file that counts the bytes read from it. It is still
// an *os.File for checkWorkers, through its embedded field.
type countingFile struct {
	*os.File
	n int64
}

func (c *countingFile) Read(p []byte) (int, error) {
	k, err := c.File.Read(p)
	c.n += int64(k)
	return k, err
}
