package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
)

// inputHelp is "uri help input".
const inputHelp = `
How uri reads its input, and where it writes.

Commands read their arguments or, without any and for an argument "-",
the lines of standard input; check reads files, "-" for standard input.
 - Lines end at "\n" or "\r\n". A line longer than --max-line bytes (a
   flag of every command, 1M unless set: 65536, 64k, 1M, 1G) is reported
   as too long and skipped, never held whole.
 - Gzip data, known by its first two bytes, is decompressed; a UTF-8 byte
   order mark at the start is skipped.
 - An input with a NUL byte in its first block (what the first read gives,
   up to 64 kB) is binary data, and refused with status 2, as grep does:
   a URI holds none, and an image or an archive would give a report a
   line. A NUL byte further on is reported with its line.
Reports of bad inputs read "file:line:col: message", the column from 1 in
bytes (in characters for an IRI), then the input, cut around the fault if
long, and a caret under the fault. They go to standard error, but for
check, whose reports are its output, as grep's matches are, and with
--json, where each input has its object: they go to standard output, to be
paged, counted or saved. A failed write ends a command with status 2.
`

// readSize is the size of the buffer lines are read through, and of the
// first block of an input, which openInput looks at for binary data.
const readSize = 64 << 10

// defaultMaxLine is the longest line read, unless --max-line says
// otherwise: far longer than any URI a program sends (browsers stop at
// 2 MB, servers at 8 to 64 kB), small enough that a bad line's report
// costs little.
const defaultMaxLine = 1 << 20

// byteSize is the value of --max-line: a count of bytes, written with an
// optional k, M or G for 1024, 1024² and 1024³.
type byteSize int

func (s *byteSize) String() string {
	switch n := int(*s); {
	case n > 0 && n%(1<<30) == 0:
		return strconv.Itoa(n>>30) + "G"
	case n > 0 && n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + "M"
	case n > 0 && n%(1<<10) == 0:
		return strconv.Itoa(n>>10) + "k"
	default:
		return strconv.Itoa(n)
	}
}

func (s *byteSize) Set(v string) error {
	shift := 0
	switch {
	case strings.HasSuffix(v, "k"), strings.HasSuffix(v, "K"):
		shift = 10
	case strings.HasSuffix(v, "M"):
		shift = 20
	case strings.HasSuffix(v, "G"):
		shift = 30
	}
	if shift > 0 {
		v = v[:len(v)-1]
	}
	n, err := strconv.ParseUint(v, 10, 32)
	// An int holds the limit: up to 4G, or below 2G where int has 32 bits.
	if err != nil || n == 0 || n<<shift > 1<<32 || n<<shift > math.MaxInt {
		return errors.New("want a positive count of bytes up to 4G, such as 65536, 64k or 1M")
	}
	*s = byteSize(n << shift)
	return nil
}

// A lineTooLong is the report of a line longer than the limit, which is
// skipped, never held whole.
type lineTooLong struct{ max int }

func (e lineTooLong) Error() string {
	return "line too long: more than " + strconv.Itoa(e.max) + " bytes (--max-line)"
}

// column is where the line passed the limit, from 1.
func (e lineTooLong) column() int { return e.max + 1 }

// A binaryInput is the refusal of an input with a NUL byte in its first
// block: a URI never holds one, and a file that does is an image, an
// archive or a database, whose lines would be reported by the million.
type binaryInput struct{ line, col int }

func (e binaryInput) Error() string {
	return "binary data (a NUL byte), not read as text"
}

// openInput prepares r to be read as lines: a gzip stream (whose first
// bytes are 1f 8b) is decompressed, as crawl and log files often come
// gzipped; a UTF-8 byte order mark at the start is skipped, as editors
// on Windows write one; and an input with a NUL byte in its first block
// (what the first read returns, up to readSize bytes) is refused with a
// binaryInput error, as grep does. A NUL byte further on is the line's
// fault and reported as such. The first read waits for only one byte, so
// that a person typing lines gets the answer to the first at once.
func openInput(r io.Reader) (*bufio.Reader, error) {
	br := bufio.NewReaderSize(r, readSize)
	if b, err := br.Peek(1); len(b) == 0 && err != io.EOF {
		// Peek took the error from br: it must not be lost.
		return nil, err
	}
	if b, _ := br.Peek(1); len(b) == 1 && b[0] == 0x1f {
		if b, _ := br.Peek(2); len(b) == 2 && b[1] == 0x8b {
			zr, err := gzip.NewReader(br)
			if err != nil {
				return nil, gzipError{err}
			}
			br = bufio.NewReaderSize(gzipErrors{zr}, readSize)
		}
	}
	if b, _ := br.Peek(1); len(b) == 1 && b[0] == 0xEF {
		if b, _ := br.Peek(3); string(b) == "\uFEFF" {
			br.Discard(3)
		}
	}
	if b, _ := br.Peek(max(br.Buffered(), 1)); len(b) > 0 {
		if i := bytes.IndexByte(b, 0); i >= 0 {
			line := bytes.Count(b[:i], []byte{'\n'})
			col := i - bytes.LastIndexByte(b[:i], '\n')
			return nil, binaryInput{line + 1, col}
		}
	}
	return br, nil
}

// gzipErrors says that the errors of a gzip stream are about gzip data:
// "gzip: invalid checksum" is clear, "unexpected EOF" is not.
type gzipErrors struct{ r io.Reader }

func (g gzipErrors) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	if err != nil && err != io.EOF {
		err = gzipError{err}
	}
	return n, err
}

// A gzipError is an error of the gzip data of an input, which inputError
// names.
type gzipError struct{ err error }

func (e gzipError) Error() string { return "reading gzip data: " + e.err.Error() }
func (e gzipError) Unwrap() error { return e.err }

// eachLine calls fn with every line of r, numbered from 1, without its
// "\n" or "\r\n", and the number of bytes it took in r, terminator
// included. A line longer than maxLine bytes, terminator excluded, is not
// held: long is called with its number, first with the bytes read of it
// so far and first true, then with the count of each further block of it
// that is skipped, until its end. Only one line is held at a time, and fn
// must not keep it. A line that fits in the reader's buffer is passed as
// a slice of it, without a copy; only a longer one is copied, into a
// buffer kept for the next.
func eachLine(r io.Reader, maxLine int, fn func(n int, line []byte, size int), long func(n, size int, first bool)) error {
	br := bufio.NewReaderSize(r, readSize)
	var held []byte // a line longer than the reader's buffer, when len > 0
	skipping := false
	for n := 1; ; {
		chunk, err := br.ReadSlice('\n')
		full := errors.Is(err, bufio.ErrBufferFull)
		line := chunk
		if len(held) > 0 {
			held = append(held, chunk...)
			line = held
		}
		switch {
		case skipping:
			long(n, len(chunk), false)
		case full && len(line)-1 <= maxLine:
			// The last byte may be the "\r" of a "\r\n".
			if len(held) == 0 {
				if reserve := longLineCap(maxLine); cap(held) < reserve {
					held = takeReserve(reserve)
					defer keepReserve(held)
				}
				held = append(held, chunk...)
			}
			continue
		case len(line) > 0:
			text := line
			if !full {
				text = trimEOL(line)
			}
			if full || len(text) > maxLine {
				long(n, len(line), true)
			} else {
				fn(n, text, len(line))
			}
		}
		held = held[:0]
		skipping = full
		if full {
			continue
		}
		if len(line) > 0 {
			n++
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// longLineCap is the capacity reserved for a line longer than the buffer
// it is read through: room for the longest line the limit allows and its
// "\r\n", taken at once, so that the line is read into place rather than
// copied from slice to larger slice as it grows, which made a line cost
// nearly three times its size. The reservation costs memory only as its
// pages are written, and is kept for the next long line; past 1 GiB, the
// buffer grows as append grows it.
func longLineCap(maxLine int) int { return min(maxLine+2, 1<<30) }

// reserves keeps the buffers reserved for long lines for the next input:
// a new one could be memory the process had freed, which is cleared, every
// page of it written, when a kept one costs only the pages lines wrote.
var reserves = make(chan []byte, 8)

// takeReserve returns an empty buffer of at least size bytes of capacity:
// a kept one, or a new one.
func takeReserve(size int) []byte {
	for {
		select {
		case b := <-reserves:
			if cap(b) >= size {
				return b[:0]
			}
		default:
			return make([]byte, 0, size)
		}
	}
}

// keepReserve keeps b, a buffer of takeReserve, for the next.
func keepReserve(b []byte) {
	select {
	case reserves <- b[:0]:
	default:
	}
}

// trimEOL returns line without its "\n" or "\r\n".
func trimEOL(line []byte) []byte {
	if len(line) > 0 && line[len(line)-1] == '\n' {
		line = line[:len(line)-1]
		if len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
	}
	return line
}
