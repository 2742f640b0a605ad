package uri

import (
	"errors"
	"strings"

	"github.com/urilabs/rfc3986/tables"
)

// ErrDotSegment is the reason JoinPath refuses a segment "." or "..",
// wrapped within an [Error] whose Input is that segment. Percent-encoding
// a dot does not make it safe: normalization (section 6.2.2) decodes
// "%2E" into "." and then removes dot-segments, so that "%2E%2E" climbs a
// level as ".." does.
var ErrDotSegment = errors.New("dot-segment")

// JoinPath returns u with segments added to the end of its path, each of
// them exactly one segment (section 3.3): whatever a segment cannot hold,
// "/", "?", "#" and "%" among them, is percent-encoded as Escape does for
// Segment, so that user input can be joined without reaching beyond the
// segment it was given for. The query and fragment of u stay.
//
// A segment "." or ".." is an error, an *Error wrapping ErrDotSegment,
// since it would climb the path once resolved or normalized. Other
// segments made only of dots ("...") and encoded dots ("%2E", which
// becomes "%252E") are data, and normalization keeps them.
//
// The segments go after the last "/" of the path: an empty last segment,
// the one a path ending in "/" has, is replaced rather than kept, so that
// "http://h/v1/" joined with "users" is "http://h/v1/users", as net/url's
// JoinPath has it. An empty path becomes absolute, "/" and the segments,
// with an authority or without one ("mailto:" joined with "a" is
// "mailto:/a"). Without an authority, a path cannot begin with "//",
// which would read as one: joining an empty segment and another to an
// empty path there fails with ErrPathDoubleSlash.
//
// With no segments, JoinPath returns u. Otherwise it allocates the result
// once.
func (u URI) JoinPath(segments ...string) (URI, error) {
	if len(segments) == 0 {
		return u, nil
	}
	pathStart, pathEnd := int(u.m.PathStart()), int(u.m.PathEnd())
	n := pathEnd // the path is kept up to here, and the segments follow
	if n > pathStart && u.s[n-1] == '/' {
		n--
	}
	size := len(u.s) + len(segments)
	set := tables.PChar // what AppendEscape keeps as it is in a Segment
	for _, seg := range segments {
		if seg == "." || seg == ".." {
			return URI{}, &Error{Op: "join path", Input: seg, Offset: 0, Component: Segment, Err: ErrDotSegment}
		}
		size += len(seg)
		for i := 0; i < len(seg); i++ {
			if tables.Sets[seg[i]]&set == 0 {
				size += 2
			}
		}
	}
	b := append(make([]byte, 0, size), u.s[:n]...)
	for _, seg := range segments {
		b = appendEscaped(append(b, '/'), seg, tables.PChar, false)
	}
	if path := b[pathStart:]; !u.HasAuthority() && len(path) > 1 && path[0] == '/' && path[1] == '/' {
		// Only an empty path joined with "" and more gets here.
		return URI{}, &Error{Op: "join path", Input: string(path), Offset: 1, Component: Path, Err: ErrPathDoubleSlash}
	}
	if kept := u.s[pathStart:n]; !u.HasAuthority() && segments[0] == "" && kept != "" && kept[0] != '/' && onlyDotSegments(kept) {
		// "a:." joined with "" and "x" is "a:.//x", which normalization
		// reads as "./" before "/x" and turns into "a:/x": the empty
		// segment would be gone, as if the path began with "//".
		path := string(b[pathStart:])
		return URI{}, &Error{Op: "join path", Input: path, Offset: len(kept) + 1, Component: Path, Err: ErrPathDoubleSlash}
	}
	b = append(b, u.s[pathEnd:]...)
	r, err := Parse(bytesToString(b))
	return r, withOp(err, "join path") // only ErrTooLong can fail
}

// onlyDotSegments reports whether every segment of the rootless path p is
// "." or "..", encoded or not, as normalization reads them.
func onlyDotSegments(p string) bool {
	for seg := range strings.SplitSeq(p, "/") {
		if dotKind(seg, true) == 0 {
			return false
		}
	}
	return true
}
