package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"time"

	"github.com/urilabs/rfc3986/scanner"
	"github.com/urilabs/rfc3986/uri"
)

type checkOptions struct {
	quiet, json bool
}

var checkCmd = &command{
	name:    "check",
	summary: "validate every line of files, and report the bad ones",
	usage:   "[--quiet] [--json] [FILE...]",
	details: `
Check reads each FILE, or standard input, a line at a time, without
holding the file in memory, and checks that every line is a URI-reference.
For each line that is not, it prints where, why, the line, and a caret
under the byte at fault:

  urls.txt:2:9: invalid character ' ' at offset 8 in host
  	http://a b/
  	        ^

At the end it prints how many lines it read, how many were valid and how
fast it went. A line ends at "\n"; a "\r" before it is not part of the
line. Bytes that are not printable ASCII are shown as Go escapes, and a
long line is cut around the caret. On a terminal, check shows its progress
on standard error when it takes more than a second.

Exit status: 0 when every line is valid, 1 when one is not, 2 when a file
cannot be read.

Examples:

  uri check urls.txt
  uri check --quiet *.txt
  uri check --json urls.txt | jq -r .error`,
	flags: func(fs *flag.FlagSet) any {
		var o checkOptions
		fs.BoolVar(&o.quiet, "quiet", false, "print only the summary")
		fs.BoolVar(&o.json, "json", false, "print one JSON object a bad line, and the summary on standard error")
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
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)

	var counts checkCounts
	start := time.Now()
	if e.terminal && !o.json {
		stop := progress(e.stderr, &counts, start)
		defer stop()
	}
	// The counts are kept in plain integers and published to the atomic
	// ones, which the progress line reads, every few thousand lines.
	var lines, invalid, bytes int64
	publish := func() {
		counts.lines.Store(lines)
		counts.invalid.Store(invalid)
		counts.bytes.Store(bytes)
	}
	check := func(name string, r io.Reader) error {
		defer publish()
		return eachLine(r, func(n int, line []byte) {
			lines++
			bytes += int64(len(line)) + 1
			if lines%4096 == 0 {
				publish()
			}
			if _, f := scanner.ScanBytes(line); f == 0 {
				return
			}
			invalid++
			if o.quiet {
				return
			}
			_, err := uri.Parse(string(line)) // the error, for the one line that needs it
			if o.json {
				enc.Encode(errorObject(name, n, err))
				return
			}
			diagnose(out, name, n, err)
		})
	}

	status := exitOK
	if len(args) == 0 {
		if err := check("stdin", e.stdin); err != nil {
			out.Flush()
			fmt.Fprintln(e.stderr, "uri check:", err)
			status = exitUsage
		}
	}
	for _, name := range args {
		f, err := os.Open(name)
		if err == nil {
			err = check(name, f)
			f.Close()
		}
		if err != nil {
			out.Flush()
			fmt.Fprintln(e.stderr, "uri check:", err)
			status = exitUsage
		}
	}
	summary := summarize(&counts, time.Since(start))
	if o.json {
		out.Flush()
		fmt.Fprintln(e.stderr, summary)
	} else {
		fmt.Fprintln(out, summary)
	}
	if status == exitOK && counts.invalid.Load() > 0 {
		status = exitInvalid
	}
	return status
}

// summarize says what check did: "48010 lines: 47669 valid, 341 invalid;
// 2.2 MB in 35ms, 62.7 MB/s".
func summarize(c *checkCounts, d time.Duration) string {
	lines, invalid, bytes := c.lines.Load(), c.invalid.Load(), c.bytes.Load()
	rate := 0.0
	if d > 0 {
		rate = float64(bytes) / 1e6 / d.Seconds()
	}
	return fmt.Sprintf("%d lines: %d valid, %d invalid; %s in %v, %.1f MB/s",
		lines, lines-invalid, invalid, size(bytes), d.Round(time.Millisecond), rate)
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

// progress shows the counts on w, a terminal, every fifth of a second once
// a second has passed, until the returned stop is called, which clears
// the line.
func progress(w io.Writer, c *checkCounts, start time.Time) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		shown := false
		for {
			select {
			case <-done:
				if shown {
					fmt.Fprint(w, "\r\033[K")
				}
				return
			case now := <-tick.C:
				if now.Sub(start) < time.Second {
					continue
				}
				shown = true
				mb := float64(c.bytes.Load()) / 1e6
				fmt.Fprintf(w, "\r\033[K%d lines, %d invalid, %.1f MB/s", c.lines.Load(), c.invalid.Load(), mb/now.Sub(start).Seconds())
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// eachLine calls fn with every line of r, numbered from 1, without its
// "\n" or "\r\n". A line of any length is read whole, but only one is held
// at a time, and fn must not keep it.
func eachLine(r io.Reader, fn func(n int, line []byte)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte // a line longer than the reader's buffer
	for n := 1; ; {
		chunk, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			long = append(long, chunk...)
			continue
		}
		line := chunk
		if long != nil {
			long = append(long, chunk...)
			line = long
		}
		if len(line) > 0 {
			if line[len(line)-1] == '\n' {
				line = line[:len(line)-1]
				if len(line) > 0 && line[len(line)-1] == '\r' {
					line = line[:len(line)-1]
				}
			}
			if err == nil || len(chunk) > 0 || long != nil {
				fn(n, line)
				n++
			}
		}
		long = long[:0:0]
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
