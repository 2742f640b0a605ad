package uri

import "strings"

// RemoveDotSegments returns path with its dot-segments removed by the
// remove_dot_segments routine of RFC 3986, section 5.2.4: a complete
// segment "." goes, and a complete segment ".." goes with the segment
// before it. Like the RFC's routine it works on any string, treats "."
// and ".." literally ("%2E" is not a dot here; Normalize decodes it first)
// and can turn a rootless path absolute ("a/../b" gives "/b").
//
// Resolve and Normalize apply this routine to paths and also guard its one
// gap: the result may begin with "//", which written without an authority
// would read as one; they write "/." before such a path. RemoveDotSegments,
// being the bare routine, does not.
//
// It runs in time linear in len(path), in one pass and one buffer, where
// the RFC's description with two buffers is quadratic when followed to the
// letter. It returns path itself, without allocating, when path has no
// dot-segment.
func RemoveDotSegments(path string) string {
	if strings.IndexByte(path, '.') < 0 {
		return path
	}
	w := lazyWriter(path, 0)
	var d dotRemover
	d.feed(&w, path, 0, true)
	d.finish(&w)
	if w.lazy {
		return path[:w.n]
	}
	return bytesToString(w.buf)
}

// dotKind returns 1 if seg is the segment ".", 2 if it is "..", and 0
// otherwise. When decoded is set, "%2E" (either case) counts as a "."
// (sections 2.3 and 6.2.2.2): ".%2e" is "..". Most segments fail the
// first test; encodedDotKind, out of line, reads the rare encoded dots.
func dotKind(seg string, decoded bool) int {
	switch {
	case len(seg) == 0 || seg[0] != '.' && (seg[0] != '%' || !decoded):
		return 0
	case seg == ".":
		return 1
	case seg == "..":
		return 2
	case !decoded:
		return 0
	}
	return encodedDotKind(seg)
}

// encodedDotKind is dotKind for a segment that may hold "%2E".
func encodedDotKind(seg string) int {
	if len(seg) > 6 {
		return 0
	}
	n := 0
	for i := 0; i < len(seg); n++ {
		switch {
		case seg[i] == '.':
			i++
		case seg[i] == '%' && i+2 < len(seg) && seg[i+1] == '2' && seg[i+2]|0x20 == 'e':
			i += 3
		default:
			return 0
		}
	}
	if n > 2 {
		return 0
	}
	return n
}

// indexSlash returns the index of the first "/" in s, or len(s). Most
// segments are short, and a loop finds their end sooner than a call to
// strings.IndexByte, which takes over for long ones.
func indexSlash(s string) int {
	const short = 16
	for i := 0; i < len(s) && i < short; i++ {
		if s[i] == '/' {
			return i
		}
	}
	if len(s) <= short {
		return len(s)
	}
	if i := strings.IndexByte(s[short:], '/'); i >= 0 {
		return short + i
	}
	return len(s)
}

// The states of a dotRemover.
const (
	beforePath    = iota // no segment yet
	withinLeading        // a rootless path whose leading dot-segments are being dropped (rules 2A and 2D)
	withinUnits          // the output has begun: each segment is "/" segment (rules 2B, 2C, 2E)
)

// A dotRemover runs remove_dot_segments (section 5.2.4) over a path fed
// to it in pieces, writing the output through a writer as it goes: one
// pass, one buffer, in time linear in the path. It keeps no pointer to the
// writer, which lets the writer stay on its caller's stack. The zero
// dotRemover is the bare routine, writing from the writer's position 0.
//
// In the terms of the RFC, once the leading "../" and "./" of a rootless
// path are gone (2A, 2D), the input buffer always begins with "/", and each
// step moves one "/" segment: a "." is dropped (2B), a ".." drops the last
// segment of the output (2C), any other is appended (2E). At the end of the
// input, a "." or ".." leaves a "/" behind. Dropping the last segment of
// the output cuts it back to its last "/", which the segment's own bytes
// pay for: every byte is written once and cut at most once.
type dotRemover struct {
	start int // where the path begins in the output
	state uint8

	// decoded says that segments are percent-normalized as they are
	// written, and that "%2E" counts as "." (Normalize).
	decoded bool

	// guard is set when the path has no authority before it: a path that
	// would begin with "//" then gets "/." before it, and guarded says it
	// has. The path proper begins after those two bytes.
	guard, guarded bool
}

// begin sets d up to write a path at the position of w.
func (d *dotRemover) begin(w *writer, decoded, guard bool) {
	*d = dotRemover{start: w.pos(), decoded: decoded, guard: guard}
}

// root is where the path proper begins in the output.
func (d *dotRemover) root() int {
	if d.guarded {
		return d.start + 2
	}
	return d.start
}

// feed runs the segments of piece through the routine. at is the offset
// of piece in the writer's source, or -1. last says that piece ends the
// path; pieces before the last must end just before a "/", which is the
// next piece's to begin with, or which the next piece is understood to
// follow.
func (d *dotRemover) feed(w *writer, piece string, at int, last bool) {
	for i := 0; ; {
		j := i + indexSlash(piece[i:])
		seg, end := piece[i:j], j == len(piece)
		switch {
		case d.state != withinUnits:
			d.leading(w, seg, at+i, end && last)
		case dotKind(seg, d.decoded) == 0:
			// 2E, the common case, without a call.
			if d.guard && !d.guarded {
				d.checkGuard(w)
			}
			if i > 0 && !d.decoded {
				w.str(piece[i-1:j], at+i-1) // the "/" and the segment
			} else {
				w.byte('/')
				d.write(w, seg, at+i)
			}
		default:
			d.dots(w, seg, end && last)
		}
		if end {
			return
		}
		i = j + 1
	}
}

// clean takes the first piece of a path when it holds no dot-segment and
// does not begin with "//": the piece goes to the output as it is.
func (d *dotRemover) clean(w *writer, piece string) {
	w.str(piece, -1)
	d.state = withinUnits
}

// leading takes a segment before the output has begun: the first of the
// path, or one after the leading dots of a rootless path. at is its offset
// in the source, if known; last says it is the path's last.
func (d *dotRemover) leading(w *writer, seg string, at int, last bool) {
	switch {
	case seg == "" && d.state == beforePath:
		// "/" begins the path: an absolute path.
		d.state = withinUnits
	case dotKind(seg, d.decoded) != 0:
		// 2A, 2D: a leading "." or ".." of a rootless path goes.
		d.state = withinLeading
	case seg == "":
		// The leading dots are gone and what is left begins with "/"
		// ("./" of ".//a"), or nothing is left ("./").
		d.state = withinUnits
	default:
		// 2E: the first segment of a rootless path.
		d.write(w, seg, at)
		d.state = withinUnits
	}
}

// dots takes a "." or ".." segment after the output has begun (2B, 2C);
// last says it is the path's last, which leaves a "/" behind.
func (d *dotRemover) dots(w *writer, seg string, last bool) {
	if dotKind(seg, d.decoded) == 2 {
		d.pop(w)
	}
	if last {
		if d.guard && !d.guarded {
			d.checkGuard(w)
		}
		w.byte('/')
	}
}

// checkGuard is called before a "/" segment is appended to a path with no
// authority before it: when the output is "/", it is about to begin with
// "//", and "./" is written after the "/", which makes "/." before the
// path proper "/".
func (d *dotRemover) checkGuard(w *writer) {
	if w.pos() == d.start+1 && w.view(d.start, d.start+1) == "/" {
		w.byte('.')
		w.byte('/')
		d.guarded = true
	}
}

// write writes the text of a segment.
func (d *dotRemover) write(w *writer, seg string, at int) {
	if d.decoded {
		w.pct(seg, at, false, true)
		return
	}
	w.str(seg, at)
}

// pop removes the last segment of the output and the "/" before it, if
// any (rule 2C).
func (d *dotRemover) pop(w *writer) {
	root := d.root()
	i := strings.LastIndexByte(w.view(root, w.pos()), '/')
	if i < 0 {
		i = 0
	}
	w.truncate(root + i)
}

// finish ends the path: a "/." written before a path that no longer
// begins with "//" goes again.
func (d *dotRemover) finish(w *writer) {
	if d.guarded && !strings.HasPrefix(w.view(d.root(), w.pos()), "//") {
		w.cut(d.start, 2)
	}
}

// A unitIter reads the result of remove_dot_segments backwards, one unit
// at a time, without writing it: a unit is a segment and whether a "/"
// goes before it, and the result is its units in order. The counter of
// ".." still to be applied is all it keeps, which lets Equivalent compare
// two paths in constant space.
//
// When dots is false it reads the path as it is, one segment after
// another (the path of a relative-path reference, which Normalize leaves
// its dot-segments).
type unitIter struct {
	head    string // the rootless first segment, which has no "/" before it, or ""
	rest    string // the rest of the path, "/" segment after "/" segment
	pending int    // ".." segments that will remove the units before them
	decoded bool
	dots    bool
	started bool
	hasHead bool
}

// newUnitIter returns the reverse reader of the result of removing the
// dot-segments of path, when dots is set.
func newUnitIter(path string, dots, decoded bool) unitIter {
	it := unitIter{decoded: decoded, dots: dots}
	if path == "" || path[0] == '/' {
		it.rest = path
		return it
	}
	for dots {
		// Rules 2A and 2D drop the leading dots of a rootless path.
		i := strings.IndexByte(path, '/')
		seg := path
		if i >= 0 {
			seg = path[:i]
		}
		if dotKind(seg, decoded) == 0 {
			break
		}
		if i < 0 {
			return it // nothing is left
		}
		path = path[i+1:]
	}
	i := strings.IndexByte(path, '/')
	if i < 0 {
		i = len(path)
	}
	it.head, it.hasHead, it.rest = path[:i], i > 0, path[i:]
	return it
}

// next returns the last unit not yet returned: its segment and whether a
// "/" goes before it. ok is false when there are none left.
func (it *unitIter) next() (seg string, slash, ok bool) {
	for it.rest != "" {
		i := strings.LastIndexByte(it.rest, '/')
		seg, it.rest = it.rest[i+1:], it.rest[:i]
		last := !it.started
		it.started = true
		if !it.dots {
			return seg, true, true
		}
		switch dotKind(seg, it.decoded) {
		case 2:
			it.pending++
			fallthrough
		case 1:
			if last {
				return "", true, true
			}
		default:
			if it.pending > 0 {
				it.pending--
				continue
			}
			return seg, true, true
		}
	}
	if it.hasHead {
		it.hasHead = false
		if it.pending == 0 {
			return it.head, false, true
		}
	}
	return "", false, false
}
