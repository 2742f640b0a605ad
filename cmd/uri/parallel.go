package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"runtime"

	"github.com/urilabs/rfc3986/scanner"
)

// chunkSize is how many bytes of a file one worker checks at a time: big
// enough that handing a chunk over costs nothing beside checking it,
// small enough that every core has several, and that the buffers check
// reads into, a few chunks a core, cost few page faults. Tests make it
// small.
var chunkSize = 256 << 10

// parallelChunks is the size, in chunks, of the smallest file checked on
// every core: below 4 MB, checking takes a few milliseconds on one core,
// less than the buffers and goroutines of the parallel check cost.
const parallelChunks = 16

// checkWorkers says how many goroutines check r at once: every core's
// worth for a regular file of at least parallelChunks chunks, and one
// otherwise. A stream (a pipe, a terminal) is read one line at a time, so
// that each report goes out as soon as its line comes in; a file never
// keeps check waiting, so it can be read ahead, a chunk per core.
//
// A file is read, never mapped into memory: a file that shrinks while it
// is checked cannot make a read fault, check holds only its chunks,
// whatever the file's size, and on large files reading costs less than
// the page faults of a mapping (on the web corpus fifty times, 110 MB,
// on 2 cores: 125 ms of CPU against 215 ms mapped).
func checkWorkers(r io.Reader) int {
	f, ok := r.(interface{ Stat() (os.FileInfo, error) })
	if !ok {
		return 1
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() < parallelChunks*int64(chunkSize) {
		return 1
	}
	return runtime.GOMAXPROCS(0)
}

// A lineChecker checks lines of input for checkLines, and says what it
// found through its functions, each called from the goroutine that called
// checkLines, in the order of the input.
type lineChecker struct {
	// maxLine is the longest line checked; a longer one is reported with
	// long, and never held whole.
	maxLine int
	// tally is called with the count of lines and of bytes read since
	// the last call, before the calls to bad and long for those lines.
	tally func(lines, bytes int64)
	// describe, unless it is nil, is called with each bad line, on the
	// goroutine that checked the line, to append its report to dst, which
	// is handed to bad as about: the report of a bad line is written on
	// every core too, and bad only copies it out. It must not keep the
	// line.
	describe func(dst, line []byte) []byte
	// bad is called with each line that is not a URI-reference, numbered
	// from 1 and without its terminator, as eachLine numbers and cuts
	// them. It must keep neither the line nor about.
	bad func(n int, line, about []byte)
	// long is called with the number of each line longer than maxLine.
	long func(n int)
}

// checkLines reads r and checks its lines, as lc says.
//
// With more than one worker, it reads r in chunks of whole lines and
// checks them on that many goroutines at once, while it reads on; it
// holds about two chunks per worker. A line longer than maxLine makes a
// chunk of its own, of which only the first maxLine bytes or so are
// held: the rest is read and dropped.
func (lc *lineChecker) checkLines(r io.Reader, workers int) error {
	if workers <= 1 {
		return eachLine(r, lc.maxLine, func(n int, line []byte, size int) {
			lc.tally(1, int64(size))
			if _, f := scanner.ScanBytes(line); f != 0 {
				var about []byte
				if lc.describe != nil {
					about = lc.describe(nil, line)
				}
				lc.bad(n, line, about)
			}
		}, func(n, size int, first bool) {
			if !first {
				lc.tally(0, int64(size))
				return
			}
			lc.tally(1, int64(size))
			lc.long(n)
		})
	}
	var carry []byte
	var ended error // why the input ended, after a long line and carry
	return lc.checkChunks(workers, func(c *chunk) (err error) {
		if ended != nil {
			c.buf, carry = append(c.buf[:0], carry...), carry[:0]
			return ended
		}
		c.buf, carry, err = readLines(r, append(c.buf[:0], carry...), carry[:0], lc.maxLine)
		if err != errLongLine {
			return err
		}
		// c.buf is the beginning of a line too long to hold: read on to
		// its end, through c.buf, and keep what follows it.
		c.long = len(c.buf)
		buf := c.buf[:cap(c.buf)]
		c.buf = c.buf[:0]
		for {
			k, err := r.Read(buf)
			if i := bytes.IndexByte(buf[:k], '\n'); i >= 0 {
				c.long += i + 1
				carry = append(carry, buf[i+1:k]...)
				ended = err
				return nil
			}
			c.long += k
			if err != nil {
				return err
			}
		}
	})
}

// errLongLine says that readLines stopped in a line longer than its
// limit.
var errLongLine = errors.New("line too long")

// checkChunks checks the chunks that next fills, on workers goroutines at
// once, and reports them in order, as checkLines describes. next fills
// the buf of a chunk with whole lines, or sets its long, and says with
// io.EOF that they are the last; a chunk it leaves empty ends the input.
func (lc *lineChecker) checkChunks(workers int, next func(c *chunk) error) error {
	var (
		pending []chan *chunk // being checked, oldest first
		free    = make(chan *chunk, 2*workers+1)
		n       = 1 // the number of the first line of the next chunk
		err     error
	)
	// emit reports the oldest chunk, waiting until it is checked.
	emit := func() {
		c := <-pending[0]
		pending = pending[1:]
		lc.tally(int64(c.lines), int64(c.size))
		for _, b := range c.bad {
			if b.long {
				lc.long(n + b.n)
			} else {
				lc.bad(n+b.n, c.buf[b.start:b.end], c.about[b.aboutStart:b.aboutEnd])
			}
		}
		n += c.lines
		c.reset()
		select {
		case free <- c:
		default:
		}
	}
	for err == nil {
		var c *chunk
		select {
		case c = <-free:
		default:
			c = &chunk{}
		}
		err = next(c)
		if len(c.buf) == 0 && c.long == 0 {
			break
		}
		done := make(chan *chunk, 1)
		go func() { c.check(lc.maxLine, lc.describe); done <- c }()
		pending = append(pending, done)
		if len(pending) > workers {
			emit()
		}
	}
	for len(pending) > 0 {
		emit()
	}
	// The buffers reserved for long lines, for the next input.
	for len(free) > 0 {
		if c := <-free; cap(c.buf) >= longLineCap(lc.maxLine) {
			keepReserve(c.buf)
		}
	}
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// readLines appends to buf what it reads from r, until buf holds at least
// chunkSize bytes and a "\n", or the input ends, and then cuts it after
// its last "\n": it returns the whole lines, and in rest, which reuses the
// array of carry, the beginning of the line that follows them. At the end
// of the input, or at an error, the last line goes with the others,
// terminated or not, and err says why the input ended. A line longer than
// chunkSize makes a chunk of its own; one longer than maxLine, which buf
// then holds alone and in part, ends the reading with errLongLine.
func readLines(r io.Reader, buf, carry []byte, maxLine int) (lines, rest []byte, err error) {
	newline := bytes.IndexByte(buf, '\n') >= 0
	for err == nil && (len(buf) < chunkSize || !newline) {
		if !newline && len(buf) > maxLine+1 { // the last byte may be a "\r"
			return buf, carry, errLongLine
		}
		if reserve := longLineCap(maxLine); cap(buf)-len(buf) < 4096 && (cap(buf) < reserve || cap(buf) == len(buf)) {
			n := max(chunkSize, cap(buf))
			if !newline && len(buf) >= chunkSize {
				// A line longer than a chunk: room for the longest the
				// limit allows, at once (see longLineCap).
				n = max(n, reserve-len(buf))
			}
			// Not slices.Grow, which writes zeros over the new room.
			var grown []byte
			if len(buf)+n >= reserve {
				grown = takeReserve(len(buf) + n) // checkChunks keeps it
			} else {
				grown = make([]byte, 0, len(buf)+n)
			}
			buf = append(grown, buf...)
		}
		var k int
		k, err = r.Read(buf[len(buf):cap(buf)])
		newline = newline || bytes.IndexByte(buf[len(buf):len(buf)+k], '\n') >= 0
		buf = buf[:len(buf)+k]
	}
	if err != nil {
		return buf, carry, err
	}
	cut := bytes.LastIndexByte(buf, '\n') + 1
	return buf[:cut], append(carry, buf[cut:]...), nil
}

// A chunk is whole lines of the input and what checking them found.
type chunk struct {
	buf   []byte
	long  int // when > 0, the chunk is one line too long to hold, of long bytes
	lines int // how many lines buf holds
	size  int // len(buf), the bytes the lines took in the input
	bad   []badLine
	about []byte // what describe said of the bad lines, one after another
}

// A badLine is a line of a chunk that is not a URI-reference: its number
// from 0 within the chunk, where it is in the chunk's buf, and where what
// describe said of it is in about.
type badLine struct {
	n, start, end        int
	aboutStart, aboutEnd int
	long                 bool // longer than the limit: not checked
}

// check checks every line of c.buf, as eachLine cuts them, and describes
// the bad ones with describe unless it is nil.
func (c *chunk) check(maxLine int, describe func(dst, line []byte) []byte) {
	if c.long > 0 {
		c.lines, c.size = 1, c.long
		c.bad = append(c.bad, badLine{long: true})
		return
	}
	buf := c.buf
	c.size = len(buf)
	for start := 0; start < len(buf); c.lines++ {
		end := len(buf)
		next := end
		if i := bytes.IndexByte(buf[start:], '\n'); i >= 0 {
			end = start + i
			next = end + 1
			if end > start && buf[end-1] == '\r' {
				end--
			}
		}
		if end-start > maxLine {
			c.bad = append(c.bad, badLine{n: c.lines, long: true})
		} else if _, f := scanner.ScanBytes(buf[start:end]); f != 0 {
			from := len(c.about)
			if describe != nil {
				c.about = describe(c.about, buf[start:end])
			}
			c.bad = append(c.bad, badLine{n: c.lines, start: start, end: end, aboutStart: from, aboutEnd: len(c.about)})
		}
		start = next
	}
}

// reset makes c ready for other lines, keeping its arrays.
func (c *chunk) reset() {
	c.buf, c.long, c.lines, c.size, c.bad, c.about = c.buf[:0], 0, 0, 0, c.bad[:0], c.about[:0]
}
