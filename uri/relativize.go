package uri

import (
	"strings"

	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/tables"
)

// Relativize returns the shortest reference r such that base.Resolve(r)
// is target: the inverse of Resolve, which site generators, crawlers and
// link checkers need to write links that survive moving a tree of
// documents. When nothing of target can be shared with base, r is target
// itself.
//
//	base := uri.MustParse("http://a/b/c/d;p?q")
//	base.Relativize(uri.MustParse("http://a/b/g"))         // "../g"
//	base.Relativize(uri.MustParse("http://a/b/c/d;p?y"))   // "?y"
//	base.Relativize(uri.MustParse("http://a/b/c/g:h"))     // "./g:h"
//	base.Relativize(uri.MustParse("http://x/b/c/g"))       // "//x/b/c/g"
//	base.Relativize(uri.MustParse("https://a/b/c/g"))      // "https://a/b/c/g"
//
// The reference is the shortest in bytes among the forms section 4.2
// allows: a fragment alone ("#s"), a query ("?y"), a relative path with
// as many "../" as needed ("../g", with "./" before a first segment that
// holds ":" or a path that begins with "/"), an absolute path ("/g", or
// "/." before a path that begins with "//"), a network path ("//x/g"), or
// target. On a tie the earlier form in that list wins, so a relative path
// is preferred to an absolute one of the same length.
//
// Text is compared as it is, byte for byte, as Resolve copies it: two
// spellings of one scheme, host or path segment ("HTTP" and "http",
// "%7e" and "%7E", "~" and "%7E") are different text, and Resolve could
// not turn one into the other. Normalize base and target first to share
// what only their spelling sets apart. A fragment of base is ignored, as
// Resolve ignores it (section 5.1).
//
// A target that Resolve would change, one without a scheme or with
// dot-segments in its path, is resolved against base first; the "/."
// that Resolve writes before a path beginning with "//" counts as no
// dot-segment. So for every target,
//
//	base.Resolve(base.Relativize(target)) == base.Resolve(target)
//
// which is target itself when it has a scheme and no dot-segments. A base
// without a scheme cannot resolve anything (ErrRelativeBase): Relativize
// then returns target as it is.
//
// The result is a slice of target's text, which costs no allocation,
// unless "../", "./", "." or "/." goes before it, which costs one.
// Resolving target first costs one more, and so does a base whose
// directory holds dot-segments.
func (base URI) Relativize(target URI) URI {
	if !base.HasScheme() {
		return target
	}
	t := target
	if !t.HasScheme() || hasDotSegment(t.Path()) {
		r, err := base.Resolve(t)
		if err != nil { // too long: nothing better to return
			return target
		}
		t = r
	}
	pathStart, pathEnd, queryEnd := int(t.m.PathStart()), int(t.m.PathEnd()), int(t.m.QueryEnd())
	sameOrigin := t.s[:pathStart] == base.s[:base.m.PathStart()]

	// A query or fragment alone, when the rest is the base's (section
	// 5.2.2, a reference with an empty path): nothing is shorter.
	if sameOrigin && t.Path() == base.Path() {
		if t.s[:queryEnd] == base.s[:base.m.QueryEnd()] {
			return t.cut(0, "", queryEnd) // "" or "#s"
		}
		if t.HasQuery() {
			return t.cut(0, "", pathEnd) // "?y" or "?y#s"
		}
	}

	// Each other form is a path, or a reference to one, then the target's
	// query and fragment. The shortest wins, the first on a tie.
	tail := len(t.s) - pathEnd
	form, size := fullForm, len(t.s)
	var rel relativePath
	if sameOrigin {
		if r, ok := relativeTo(&base, &t); ok && r.size()+tail < size {
			rel, form, size = r, relativeForm, r.size()+tail
		}
		if p := t.Path(); strings.HasPrefix(p, "/") {
			n := len(t.s) - pathStart
			if t.HasAuthority() && strings.HasPrefix(p, "//") {
				n += 2 // "/." before it, or it would read as an authority
			}
			if n < size {
				form, size = absoluteForm, n
			}
		}
	}
	schemeEnd := int(t.m.SchemeEnd())
	if t.HasAuthority() && t.Scheme() == base.Scheme() && len(t.s)-schemeEnd-1 < size {
		form = networkForm
	}
	switch form {
	case relativeForm:
		return rel.write(&t)
	case absoluteForm:
		if size > len(t.s)-pathStart {
			return t.cut(0, "/.", pathStart)
		}
		return t.cut(0, "", pathStart)
	case networkForm:
		return t.networkPath()
	}
	return t
}

// The forms of reference Relativize chooses among, but for a query or a
// fragment alone.
const (
	fullForm     = iota // the target itself
	relativeForm        // a relative path
	absoluteForm        // an absolute path
	networkForm         // a network path
)

// cut returns the relative reference ups times "../", then prefix, then
// u.s[i:], where i is at or after the start of u's path and prefix, if
// any, is the beginning of a path. Its marks are u's, moved: its path, if
// any, begins at 0, and it keeps u's query, unless i is past it, and
// fragment. Without "../" or a prefix the reference is a slice of u's
// text, which costs no allocation.
func (u URI) cut(ups int, prefix string, i int) URI {
	s := u.s[i:]
	n := 3*ups + len(prefix) // the bytes written before s
	if n > 0 {
		b := make([]byte, 0, n+len(s))
		for range ups {
			b = append(b, "../"...)
		}
		s = bytesToString(append(append(b, prefix...), s...))
	}
	at := uint32(n) - uint32(i) // added to u's offsets, modulo 2^32
	pathEnd, queryEnd := u.m.PathEnd()+at, u.m.QueryEnd()+at
	flags := u.m.Flags() & (scan.HasQuery | scan.HasFragment)
	if i > int(u.m.PathEnd()) { // after the query: only a fragment is left
		pathEnd, queryEnd, flags = 0, 0, flags&scan.HasFragment
	}
	return URI{core{s, scan.MakeMarks(0, 0, 0, 0, 0, pathEnd, queryEnd, flags, tables.HostNoHost)}}
}

// networkPath returns u without its scheme, a network-path reference.
func (u URI) networkPath() URI {
	m := u.m
	at := m.SchemeEnd() + 1
	s := u.s[at:]
	return URI{core{s, scan.WithPlain(s, scan.MakeMarks(0, m.AuthorityStart()-at, m.HostStart()-at, m.HostEnd()-at,
		m.PathStart()-at, m.PathEnd()-at, m.QueryEnd()-at, m.Flags()&^scan.HasScheme, m.HostKind()))}}
}

// A relativePath is a relative-path reference to a target's path from a
// base's directory: ups times "../", then rest, the target's path after
// the directory both share. The reference is written with a shorter
// spelling where there is one: "." for an empty one, ".." rather than
// "../" at its end, and "./" before a rest that would read otherwise, an
// absolute path ("/") or a scheme (a ":" in its first segment, section
// 4.2).
type relativePath struct {
	ups  int
	rest string
}

// relativeTo returns the relative-path reference from base to the path of
// t, whose scheme and authority are base's, or false when there is none:
// a rootless path cannot climb above its first segment, which ".." would
// turn into an absolute path, and a merge with a directory never gives an
// empty path.
//
// Merging (section 5.2.3) puts the reference's path after the base's
// directory, its path up to the last "/", or "/" for an empty path after
// an authority; removing dot-segments (5.2.4) then lets each ".." take
// away one segment of it. The directory's own dot-segments, rare, are
// removed first: the result is the same. On t's side, the "/." that
// Resolve writes before a path beginning with "//" without an authority
// is no part of the path proper; Resolve writes it again.
func relativeTo(base, t *URI) (relativePath, bool) {
	bp := base.Path()
	dir := bp[:strings.LastIndexByte(bp, '/')+1]
	if base.HasAuthority() && bp == "" {
		dir = "/"
	}
	if hasDotSegment(dir) {
		dir = RemoveDotSegments(dir)
	}
	tp := t.Path()
	if !t.HasAuthority() && strings.HasPrefix(tp, "/.//") {
		tp = tp[2:]
	}
	absolute := strings.HasPrefix(tp, "/")
	switch {
	case dir == "":
		// Nothing to merge with: the path is the reference's own.
		return relativePath{rest: tp}, !absolute
	case absolute != (dir[0] == '/'):
		return relativePath{}, false
	}
	n := 0
	for n < len(dir) && n < len(tp) && dir[n] == tp[n] {
		n++
	}
	shared := strings.LastIndexByte(dir[:n], '/') + 1
	if shared == 0 { // rootless paths whose first segments differ
		return relativePath{}, false
	}
	return relativePath{ups: strings.Count(dir[shared:], "/"), rest: tp[shared:]}, true
}

// dotSlash reports whether the reference needs "./" before rest.
func (r relativePath) dotSlash() bool {
	return r.ups == 0 && r.rest != "" && (r.rest[0] == '/' || colonInFirstSegment(r.rest))
}

// size returns the length of the reference's path.
func (r relativePath) size() int {
	switch {
	case r.rest == "" && r.ups == 0:
		return 1 // "."
	case r.rest == "":
		return 3*r.ups - 1 // "../.."
	case r.dotSlash():
		return 2 + len(r.rest)
	}
	return 3*r.ups + len(r.rest)
}

// write returns the reference: its path, then t's query and fragment.
func (r relativePath) write(t *URI) URI {
	restStart := int(t.m.PathEnd()) - len(r.rest) // where rest is in t.s
	switch {
	case r.rest == "" && r.ups == 0:
		return t.cut(0, ".", restStart)
	case r.rest == "":
		return t.cut(r.ups-1, "..", restStart) // "../.." rather than "../../"
	case r.dotSlash():
		return t.cut(0, "./", restStart)
	}
	return t.cut(r.ups, "", restStart)
}
