package uri

import (
	"strings"
	"unsafe"

	"github.com/urilabs/rfc3986/internal/ascii"
	"github.com/urilabs/rfc3986/internal/pct"
	"github.com/urilabs/rfc3986/tables"
)

// A writer produces the text of a URI: Resolve, Normalize and Build write
// through one, in a single pass, and note the marks of what they wrote
// from its positions. Positions are relative to where writing began.
//
// A writer made by lazyWriter starts lazy: while what it is asked to write
// is the same as a prefix of its source, it writes nothing and only counts.
// The first byte that differs makes it copy that prefix into a new buffer,
// its only allocation, and append from then on. That is how Normalize
// returns an already normal URI as it is, without allocating.
type writer struct {
	buf   []byte
	start int    // len(buf) when writing began
	src   string // while lazy, the output so far is src[:n]
	n     int
	lazy  bool
	extra int // what the buffer needs beyond len(src) if it materializes
}

// lazyWriter returns a lazy writer over src whose buffer, if it needs
// one, holds len(src)+extra bytes.
func lazyWriter(src string, extra int) writer {
	return writer{src: src, lazy: true, extra: extra}
}

// pos returns how much has been written.
func (w *writer) pos() int {
	if w.lazy {
		return w.n
	}
	return len(w.buf) - w.start
}

// str writes s. When at >= 0, s is w.src[at:at+len(s)], which saves a lazy
// writer the comparison when s is where the output has got to.
func (w *writer) str(s string, at int) {
	if w.lazy {
		if at == w.n || w.n+len(s) <= len(w.src) && w.src[w.n:w.n+len(s)] == s {
			w.n += len(s)
			return
		}
		w.materialize()
	}
	w.buf = append(w.buf, s...)
}

// byte writes c.
func (w *writer) byte(c byte) {
	if w.lazy {
		if w.n < len(w.src) && w.src[w.n] == c {
			w.n++
			return
		}
		w.materialize()
	}
	w.buf = append(w.buf, c)
}

// materialize ends the lazy mode: the output so far is copied into a
// buffer large enough for the rest.
func (w *writer) materialize() {
	w.buf = append(make([]byte, 0, len(w.src)+w.extra), w.src[:w.n]...)
	w.start = 0
	w.lazy = false
}

// truncate cuts the output back to length p.
func (w *writer) truncate(p int) {
	if w.lazy {
		w.n = p
		return
	}
	w.buf = w.buf[:w.start+p]
}

// cut removes the k bytes at position p.
func (w *writer) cut(p, k int) {
	if w.lazy {
		w.materialize()
	}
	i := w.start + p
	w.buf = append(w.buf[:i], w.buf[i+k:]...)
}

// view returns the output from position from to position to. The view
// of a buffer is only valid until the next write.
func (w *writer) view(from, to int) string {
	if w.lazy {
		return w.src[from:to]
	}
	b := w.buf[w.start+from : w.start+to]
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// lower writes s, src[at:] when at >= 0, with its letters in lowercase.
func (w *writer) lower(s string, at int) {
	i := ascii.FirstUpper(s)
	if i == len(s) {
		w.str(s, at)
		return
	}
	w.str(s[:i], at)
	for ; i < len(s); i++ {
		w.byte(toLower(s[i]))
	}
}

// pct writes s, src[at:] when at >= 0, percent-normalized (sections
// 6.2.2.1 and 6.2.2.2): when decode is set a triplet that encodes an
// unreserved character is replaced by that character, and the hexadecimal
// digits of the other triplets are written in uppercase. When lower is set
// letters are lowercased too (the host, section 6.2.2.1). s is valid: each
// "%" begins a triplet.
func (w *writer) pct(s string, at int, lower, decode bool) {
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '%')
		if j < 0 {
			j = len(s)
		} else {
			j += i
		}
		if lower {
			w.lower(s[i:j], at+i)
		} else {
			w.str(s[i:j], at+i)
		}
		if j == len(s) {
			return
		}
		hi, lo := s[j+1], s[j+2]
		switch c := decodeTriplet(hi, lo); {
		case decode && tables.Sets[c]&tables.Unreserved != 0:
			if lower {
				c = toLower(c)
			}
			w.byte(c)
		case !isLowerHex(hi) && !isLowerHex(lo):
			w.str(s[j:j+3], at+j)
		default:
			w.upperTriplet(hi, lo)
		}
		i = j + 3
	}
}

// upperTriplet writes the triplet "%" hi lo with its hexadecimal digits in
// uppercase, as section 2.1 recommends.
func (w *writer) upperTriplet(hi, lo byte) {
	w.byte('%')
	w.byte(toUpper(hi))
	w.byte(toUpper(lo))
}

// bytesToString returns the bytes of b as a string without copying them.
// The callers own b, have finished writing it and never write it again,
// which is what makes this safe; strings.Builder does the same.
func bytesToString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// Helpers on ASCII bytes, kept simple to keep them inlinable.

func isUpper(c byte) bool    { return 'A' <= c && c <= 'Z' }
func isLowerHex(c byte) bool { return 'a' <= c && c <= 'f' }
func toLower(c byte) byte {
	if isUpper(c) {
		return c + 'a' - 'A'
	}
	return c
}
func toUpper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

// decodeTriplet returns the byte that the triplet "%" hi lo encodes
// (section 2.1), by the module's one percent-decoder (internal/pct), which
// Unescape, Normalize, Equivalent and URL all decode with. hi and lo are
// HEXDIG.
func decodeTriplet(hi, lo byte) byte { return unhex(hi)<<4 | unhex(lo) }

// unhex returns the value of the hexadecimal digit c, which the caller has
// checked is one.
func unhex(c byte) byte {
	v, _ := pct.Unhex(c)
	return v
}
