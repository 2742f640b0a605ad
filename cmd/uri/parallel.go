package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"runtime"
	"slices"

	"github.com/urilabs/rfc3986/scanner"
)

// chunkSize is how many bytes of a file one worker checks at a time: big
// enough that handing a chunk over costs nothing beside checking it,
// small enough that every core has several. Tests make it small.
var chunkSize = 1 << 20

// checkWorkers says how many goroutines check r at once: every core's
// worth for a regular file of at least two chunks, and one otherwise. A
// stream (a pipe, a terminal) is read one line at a time, so that each
// report goes out as soon as its line comes in; a file never keeps check
// waiting, so it can be read ahead, a chunk per core.
func checkWorkers(r io.Reader) int {
	f, ok := r.(*os.File)
	if !ok {
		return 1
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() < 2*int64(chunkSize) {
		return 1
	}
	return runtime.GOMAXPROCS(0)
}

// mapWhole maps all of f into memory (see mapFile), when f is a regular
// file not read yet: a file given as standard input may have been read
// in part before.
func mapWhole(f *os.File) ([]byte, func(), error) {
	if at, err := f.Seek(0, io.SeekCurrent); err != nil || at != 0 {
		return nil, nil, errors.ErrUnsupported
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil, nil, errors.ErrUnsupported
	}
	return mapFile(f, fi.Size())
}

// checkLines reads r and calls bad with each line that is not a
// URI-reference, numbered from 1 and without its terminator, as eachLine
// numbers and cuts them, and tally with the count of lines and of bytes
// read since the last call, before the calls to bad for those lines. It
// makes every call of tally and bad from the calling goroutine, in the
// order of the input, and bad must keep neither the line nor about.
//
// Unless describe is nil, it is called with each bad line, on the
// goroutine that checked the line, to append its report to dst, which is
// handed to bad as about: the report of a bad line is written on every
// core too, and bad only copies it out. describe must not keep the line.
//
// With more than one worker, it reads r in chunks of whole lines and
// checks them on that many goroutines at once, while it reads on; it
// holds about two chunks per worker.
func checkLines(r io.Reader, workers int, tally func(lines, bytes int64), describe func(dst, line []byte) []byte, bad func(n int, line, about []byte)) error {
	if workers <= 1 {
		return eachLine(r, func(n int, line []byte, size int) {
			tally(1, int64(size))
			if _, f := scanner.ScanBytes(line); f != 0 {
				var about []byte
				if describe != nil {
					about = describe(nil, line)
				}
				bad(n, line, about)
			}
		})
	}
	var carry []byte
	return checkChunks(workers, tally, describe, bad, func(c *chunk) (err error) {
		c.buf, carry, err = readLines(r, append(c.buf[:0], carry...), carry[:0])
		return err
	})
}

// checkMapped is checkLines with more than one worker for the contents of
// a file mapped into memory, data: its chunks are slices of data, cut
// after a "\n", so that nothing is copied and the goroutine that hands
// them out has almost nothing to do; it calls before first, and before
// each chunk, as checkLines's reader would before each read.
func checkMapped(data []byte, workers int, before func(), tally func(lines, bytes int64), describe func(dst, line []byte) []byte, bad func(n int, line, about []byte)) error {
	return checkChunks(workers, tally, describe, bad, func(c *chunk) error {
		before()
		end := min(chunkSize, len(data))
		if i := bytes.IndexByte(data[end:], '\n'); i >= 0 {
			end += i + 1
		} else {
			end = len(data)
		}
		c.buf, data = data[:end:end], data[end:]
		if len(data) == 0 {
			return io.EOF
		}
		return nil
	})
}

// checkChunks checks the chunks that next fills, on workers goroutines at
// once, and reports them in order, as checkLines describes. next fills
// the buf of a chunk with whole lines, and says with io.EOF that they are
// the last; a chunk it leaves empty ends the input.
func checkChunks(workers int, tally func(lines, bytes int64), describe func(dst, line []byte) []byte, bad func(n int, line, about []byte), next func(c *chunk) error) error {
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
		tally(int64(c.lines), int64(c.size))
		for _, b := range c.bad {
			bad(n+b.n, c.buf[b.start:b.end], c.about[b.aboutStart:b.aboutEnd])
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
		if len(c.buf) == 0 {
			break
		}
		done := make(chan *chunk, 1)
		go func() { c.check(describe); done <- c }()
		pending = append(pending, done)
		if len(pending) > workers {
			emit()
		}
	}
	for len(pending) > 0 {
		emit()
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
// chunkSize makes a chunk of its own. buf must hold no "\n".
func readLines(r io.Reader, buf, carry []byte) (lines, rest []byte, err error) {
	newline := false
	for err == nil && (len(buf) < chunkSize || !newline) {
		if cap(buf)-len(buf) < 4096 {
			buf = slices.Grow(buf, max(chunkSize, cap(buf)))
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
}

// check checks every line of c.buf, as eachLine cuts them, and describes
// the bad ones with describe unless it is nil.
func (c *chunk) check(describe func(dst, line []byte) []byte) {
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
		if _, f := scanner.ScanBytes(buf[start:end]); f != 0 {
			from := len(c.about)
			if describe != nil {
				c.about = describe(c.about, buf[start:end])
			}
			c.bad = append(c.bad, badLine{c.lines, start, end, from, len(c.about)})
		}
		start = next
	}
}

// reset makes c ready for other lines, keeping its arrays.
func (c *chunk) reset() {
	c.buf, c.lines, c.size, c.bad, c.about = c.buf[:0], 0, 0, c.bad[:0], c.about[:0]
}
