package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

// noLong is the long function of eachLine for inputs without long lines.
func noLong(t *testing.T) func(n, size int, first bool) {
	return func(n, size int, first bool) { t.Errorf("line %d reported as too long", n) }
}

func TestEachLine(t *testing.T) {
	long := strings.Repeat("a", 200<<10) // longer than the reader's buffer
	in := "a\nb\r\n\n" + long + "\nlast\n" + long + "\r\n" + long
	var got []string
	var sizes []int
	if err := eachLine(strings.NewReader(in), 1<<30, func(n int, line []byte, size int) {
		got = append(got, strconv.Itoa(n)+":"+string(line))
		sizes = append(sizes, size)
	}, noLong(t)); err != nil {
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
			eachLine(strings.NewReader(in), 1<<30, func(int, []byte, int) {}, nil)
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
	err := eachLine(r, 1<<30, func(n int, line []byte, _ int) { got = append(got, string(line)) }, noLong(t))
	if err == nil || err.Error() != "boom" || !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("eachLine = %v with lines %q; want boom with [a b]", err, got)
	}
}

// TestEachLineLong checks that a line longer than the limit is reported
// once, with its number, and counted to its last byte, and that the
// lines around it are read as usual, however the reads fall and whether
// or not the line is longer than the reader's buffer.
func TestEachLineLong(t *testing.T) {
	big := strings.Repeat("x", 3*readSize+5) // longer than the buffer
	tests := []struct {
		name string
		in   string
		max  int
		want []string // lines, and "n: too long (size)"
	}{
		{"at the limit", "abcd\nabcd\r\nabcde\n", 4, []string{"1:abcd", "2:abcd", "3: too long (6)"}},
		{"short lines", "ab\nabcdefgh\r\ncd", 4, []string{"1:ab", "2: too long (10)", "3:cd"}},
		{"last, unterminated", "ab\nabcdefgh", 4, []string{"1:ab", "2: too long (8)"}},
		{"longer than the buffer", "a\n" + big + "\r\nb\n", 100, []string{"1:a", "2: too long (" + strconv.Itoa(len(big)+2) + ")", "3:b"}},
		{"buffer-long, within the limit", "a\n" + big + "\n" + big, len(big), []string{"1:a", "2:" + big, "3:" + big}},
		{"one over, at the end", big + "y", len(big), []string{"1: too long (" + strconv.Itoa(len(big)+1) + ")"}},
		{"a \\r at the limit", big + "\r\n", len(big), []string{"1:" + big}},
	}
	readers := map[string]func(string) io.Reader{
		"whole":    func(s string) io.Reader { return strings.NewReader(s) },
		"one byte": func(s string) io.Reader { return iotest.OneByteReader(strings.NewReader(s)) },
		"half":     func(s string) io.Reader { return iotest.HalfReader(strings.NewReader(s)) },
	}
	for _, tt := range tests {
		for rname, reader := range readers {
			t.Run(tt.name+"/"+rname, func(t *testing.T) {
				var got []string
				sizes := map[int]int{}
				long := -1
				err := eachLine(reader(tt.in), tt.max, func(n int, line []byte, _ int) {
					got = append(got, strconv.Itoa(n)+":"+string(line))
				}, func(n, size int, first bool) {
					if first == (long == n) {
						t.Errorf("line %d: long called with first %v after line %d", n, first, long)
					}
					if first {
						got = append(got, strconv.Itoa(n)+": too long")
						long = n
					}
					sizes[n] += size
				})
				if err != nil {
					t.Fatal(err)
				}
				for i, g := range got {
					if n, ok := strings.CutSuffix(g, ": too long"); ok {
						k, _ := strconv.Atoi(n)
						got[i] = g + " (" + strconv.Itoa(sizes[k]) + ")"
					}
				}
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("eachLine(max %d) mismatch (-want +got):\n%s", tt.max, diff)
				}
			})
		}
	}
}

// endless is an input that never ends, and holds no "\n".
type endless struct{ read int }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	e.read += len(p)
	return len(p), nil
}

// TestEachLineEndless checks that a line that never ends is reported as
// soon as it passes the limit, and that reading it on holds no more than
// the limit and a buffer.
func TestEachLineEndless(t *testing.T) {
	reported, read := 0, 0
	err := eachLine(io.LimitReader(&endless{}, 64<<20), 1<<10, func(int, []byte, int) {
		t.Error("a line of an endless input")
	}, func(n, size int, first bool) {
		if first {
			reported++
			if read > 0 {
				t.Errorf("reported after %d bytes", read)
			}
		}
		read += size
	})
	if err != nil {
		t.Fatal(err)
	}
	if reported != 1 || read != 64<<20 {
		t.Errorf("the endless line was reported %d times, %d bytes read; want once, %d", reported, read, 64<<20)
	}
	allocs := testing.AllocsPerRun(2, func() {
		eachLine(io.LimitReader(&endless{}, 16<<20), 1<<10, func(int, []byte, int) {}, func(int, int, bool) {})
	})
	if allocs > 10 {
		t.Errorf("eachLine made %v allocations for a 16 MB line, want a few", allocs)
	}
}

func TestOpenInput(t *testing.T) {
	gz := func(s string) string {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		io.WriteString(w, s)
		w.Close()
		return b.String()
	}
	tests := []struct {
		name, in, want, err string
	}{
		{"text", "http://a/\n", "http://a/\n", ""},
		{"empty", "", "", ""},
		{"gzip", gz("http://a/\nhttp://b/\n"), "http://a/\nhttp://b/\n", ""},
		{"two gzip members", gz("http://a/\n") + gz("http://b/\n"), "http://a/\nhttp://b/\n", ""},
		{"bad gzip", "\x1f\x8b\x08\x00garbage", "", "reading gzip data: "},
		{"truncated gzip", gz("http://a/\n" + strings.Repeat("x", 1000))[:30], "", "reading gzip data: unexpected EOF"},
		{"BOM", "\uFEFFhttp://a/\n", "http://a/\n", ""},
		{"BOM in gzip", gz("\uFEFFhttp://a/\n"), "http://a/\n", ""},
		{"BOM alone", "\uFEFF", "", ""},
		{"BOM later", "a\n\uFEFFb", "a\n\uFEFFb", ""},
		{"0x1f alone", "\x1f", "\x1f", ""},
		{"NUL", "http://a/\nhttp://\x00/", "", "binary data (a NUL byte), not read as text"},
		{"NUL in gzip", gz("\x00\x00"), "", "binary data (a NUL byte), not read as text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []byte
			r, err := openInput(strings.NewReader(tt.in))
			if err == nil {
				got, err = io.ReadAll(r)
			}
			if tt.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
					t.Errorf("openInput(%q): error %v, want %s", tt.in, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("openInput(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("openInput(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	// A read error, even one a reader gives only once, is not lost.
	if _, err := openInput(iotest.ErrReader(errors.New("boom"))); err == nil || err.Error() != "boom" {
		t.Errorf("openInput of a failing reader: error %v, want boom", err)
	}
	// Where the NUL byte is, for the report.
	_, err := openInput(strings.NewReader("a\nbc\x00"))
	if want := (binaryInput{2, 3}); err != want {
		t.Errorf("openInput: error %#v, want %#v", err, want)
	}
}

// TestOpenInputStreams checks that openInput waits for no more than the
// first byte of a stream, so that a person typing one line gets its
// answer before typing the next.
func TestOpenInputStreams(t *testing.T) {
	pr, pw := io.Pipe()
	go pw.Write([]byte("a"))
	done := make(chan error)
	go func() {
		_, err := openInput(pr)
		done <- err
	}()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	pw.Close()
}

func TestByteSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		str  string
	}{
		{"1", 1, "1"},
		{"65536", 65536, "64k"},
		{"64k", 65536, "64k"},
		{"64K", 65536, "64k"},
		{"1M", 1 << 20, "1M"},
		{"2G", 2 << 30, "2G"},
		{"4G", 4 << 30, "4G"},
		{"1000", 1000, "1000"},
		{"0", 0, ""},
		{"5G", 0, ""},
		{"-1", 0, ""},
		{"1MB", 0, ""},
		{"", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var s byteSize
			err := s.Set(tt.in)
			if tt.want > math.MaxInt { // "2G" and "4G" where int has 32 bits
				tt.want = 0
			}
			if tt.want == 0 {
				if err == nil {
					t.Errorf("Set(%q) = %d, want an error", tt.in, s)
				}
				return
			}
			if err != nil || int64(s) != tt.want || s.String() != tt.str {
				t.Errorf("Set(%q) = %d (%s), %v; want %d (%s)", tt.in, s, s.String(), err, tt.want, tt.str)
			}
		})
	}
}
