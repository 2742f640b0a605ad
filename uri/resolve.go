package uri

import (
	"errors"
	"strings"

	"github.com/urilabs/rfc3986/scanner"
)

// ErrRelativeBase is returned, alone, by Resolve and its variants when the
// base has no scheme: a base URI must be absolute (section 5.1).
var ErrRelativeBase = errors.New("uri: resolve: base URI has no scheme")

// Resolve returns the target URI of the reference ref, resolved against
// base as section 5.2.2 of RFC 3986 transforms references, strictly: a
// reference with a scheme is taken as it is, whatever the base's scheme
// ("http:g" against "http://a/b" is "http:g"). ResolveNonStrict is the
// other variant the RFC allows.
//
// The base must have a scheme, or Resolve fails with ErrRelativeBase; its
// fragment, if any, is ignored (section 5.1). Nothing else can fail but
// a result longer than the 4 GiB - 1 bytes a URI can hold (ErrTooLong).
//
// The path is merged (5.2.3) and its dot-segments removed (5.2.4) in one
// pass and one buffer, in time linear in the input. One case is settled
// where the RFC leaves a gap: when the target has no authority and its
// path would begin with "//" (base "foo:/a/b", reference "..//x"), writing
// it out would make an authority of it, so "/." goes before it
// ("foo:/.//x"), as Boost.URL and the WHATWG URL Standard do. Like the RFC,
// Resolve treats "%2E" as data, not as a dot: Normalize decodes it.
//
// The result is a valid URI with a scheme. It is written in one buffer,
// the only allocation; a reference that is its own target (a scheme and
// no dot-segment) is returned as it is, without allocating.
func (base URI) Resolve(ref URI) (URI, error) {
	return base.resolve(ref, true)
}

// ResolveNonStrict is Resolve as the non-strict parsers of section 5.2.2
// do it, for backward compatibility: a reference whose scheme is the
// base's (compared without regard to case) is read as a relative
// reference, so "http:g" against "http://a/b/c/d;p?q" is
// "http://a/b/c/g". Section 5.4.2 says this use "should be avoided".
func (base URI) ResolveNonStrict(ref URI) (URI, error) {
	return base.resolve(ref, false)
}

// ResolveString parses ref and resolves it against base with Resolve. A
// parse error is an *Error.
func (base URI) ResolveString(ref string) (URI, error) {
	r, err := Parse(ref)
	if err != nil {
		return URI{}, err
	}
	return base.resolve(r, true)
}

// AppendResolve appends to dst the text of base.Resolve(ref) and returns
// the extended buffer. It allocates nothing when dst has room for the
// result. On error it returns dst unchanged.
func AppendResolve(dst []byte, base, ref URI) ([]byte, error) {
	if base.m.Flags()&scanner.HasScheme == 0 {
		return dst, ErrRelativeBase
	}
	dst, _ = appendResolved(dst, &base, &ref, ref.m.Flags()&scanner.HasScheme != 0)
	return dst, nil
}

func (base URI) resolve(ref URI, strict bool) (URI, error) {
	// The marks are read directly: the methods of URI would copy base and
	// ref, whose addresses are taken below.
	if base.m.Flags()&scanner.HasScheme == 0 {
		return URI{}, ErrRelativeBase
	}
	refFlags := ref.m.Flags()
	// Section 5.2.2: the reference's scheme makes it a URI, unless a
	// non-strict parser takes it for the base's.
	refScheme := refFlags&scanner.HasScheme != 0 && (strict || !strings.EqualFold(ref.s[:ref.m.SchemeEnd()], base.s[:base.m.SchemeEnd()]))
	if refScheme && !hasDotSegment(ref.s[ref.m.PathStart():ref.m.PathEnd()]) {
		// The target is the reference as it is.
		return ref, nil
	}
	// The target is made of parts of ref and, unless ref has a scheme or
	// an authority, of base, with one "/" more when the paths are merged
	// and two for "/." before the path.
	size := len(base.s) + len(ref.s) + 3
	if refScheme || refFlags&scanner.HasAuthority != 0 {
		size = int(base.m.SchemeEnd()) + len(ref.s) + 3
	}
	b, m := appendResolved(make([]byte, 0, size), &base, &ref, refScheme)
	if uint64(len(b)) > scanner.MaxLength {
		return URI{}, ErrTooLong
	}
	return URI{s: bytesToString(b), m: m}, nil
}

// appendResolved appends to b the target of ref against base, transformed
// as the pseudocode of section 5.2.2 says and recomposed as section 5.3
// says, and returns it with its marks. refScheme says whether ref's scheme
// counts.
//
// It copies runs rather than components: the scheme and authority the
// target takes from one URI are one run of its text, as are the query
// and fragment of the reference, and their marks are that URI's, moved.
// base and ref are pointers only to spare copying them.
func appendResolved(b []byte, base, ref *URI, refScheme bool) ([]byte, scanner.Marks) {
	start := len(b)
	// The marks of the scheme and authority, as offsets from start.
	var schemeEnd, authorityStart, hostStart, hostEnd, pathStart uint32
	var flags scanner.Flags
	var kind scanner.HostKind
	const authorityFlags = scanner.HasAuthority | scanner.HasUserInfo | scanner.HasPort
	fromBase := false
	switch {
	case refScheme:
		// The reference's scheme and authority.
		b = append(b, ref.s[:ref.m.PathStart()]...)
		schemeEnd, authorityStart, hostStart, hostEnd, pathStart = ref.m.SchemeEnd(), ref.m.AuthorityStart(), ref.m.HostStart(), ref.m.HostEnd(), ref.m.PathStart()
		flags, kind = ref.m.Flags()&(scanner.HasScheme|authorityFlags), ref.m.Host()
	case ref.HasAuthority():
		// The base's scheme, then the reference's authority, with its
		// "//" (after a scheme that ResolveNonStrict ignores).
		from := ref.m.AuthorityStart() - 2
		b = append(b, base.s[:base.m.SchemeEnd()+1]...)
		b = append(b, ref.s[from:ref.m.PathStart()]...)
		at := base.m.SchemeEnd() + 1 - from
		schemeEnd = base.m.SchemeEnd()
		authorityStart, hostStart, hostEnd, pathStart = ref.m.AuthorityStart()+at, ref.m.HostStart()+at, ref.m.HostEnd()+at, ref.m.PathStart()+at
		flags, kind = scanner.HasScheme|ref.m.Flags()&authorityFlags, ref.m.Host()
	default:
		// The base's scheme and authority.
		fromBase = true
		b = append(b, base.s[:base.m.PathStart()]...)
		schemeEnd, authorityStart, hostStart, hostEnd, pathStart = base.m.SchemeEnd(), base.m.AuthorityStart(), base.m.HostStart(), base.m.HostEnd(), base.m.PathStart()
		flags, kind = base.m.Flags()&(scanner.HasScheme|authorityFlags), base.m.Host()
	}
	guard := flags&scanner.HasAuthority == 0

	// The query comes with the path: the reference's, or the base's when
	// the reference has neither path nor query.
	q := ref
	switch path := ref.Path(); {
	case !fromBase || path != "" && path[0] == '/':
		b = appendPath(b, start, "", false, path, guard)
	case path == "":
		b = append(b, base.Path()...)
		if !ref.HasQuery() {
			q = base
		}
	default:
		// Merge (5.2.3): the reference's path after all but the last
		// segment of the base's, or after "/" when the base has an
		// authority and an empty path.
		bp := base.Path()
		if i := strings.LastIndexByte(bp, '/'); i >= 0 {
			b = appendPath(b, start, bp[:i+1], true, path, guard)
		} else {
			b = appendPath(b, start, "/", base.HasAuthority(), path, guard)
		}
	}
	pathEnd := uint32(len(b) - start)
	b = append(b, q.s[q.m.PathEnd():q.m.QueryEnd()]...)
	queryEnd := uint32(len(b) - start)
	b = append(b, ref.s[ref.m.QueryEnd():]...)
	flags |= q.m.Flags()&scanner.HasQuery | ref.m.Flags()&scanner.HasFragment
	return b, scanner.MakeMarks(schemeEnd, authorityStart, hostStart, hostEnd, pathStart, pathEnd, queryEnd, flags, kind)
}

// appendPath appends path with its dot-segments removed (5.2.4), after
// dir when merged is set; dir ends with "/". The URI being written began
// at start in b. guard says there is no authority: a path that would
// begin with "//" gets "/." before it.
func appendPath(b []byte, start int, dir string, merged bool, path string, guard bool) []byte {
	cleanDir := !merged || !hasDotSegment(dir)
	if cleanDir && !hasDotSegment(path) {
		// No dot-segment to remove, and so no "//" to guard: neither a
		// base's path nor a rootless reference's begins with one.
		if merged {
			b = append(b, dir...)
		}
		return append(b, path...)
	}
	w := writer{buf: b, start: start}
	var d dotRemover
	d.begin(&w, false, guard)
	switch {
	case merged && cleanDir:
		d.clean(&w, dir[:len(dir)-1])
	case merged:
		d.feed(&w, dir[:len(dir)-1], -1, false)
	}
	d.feed(&w, path, -1, true)
	d.finish(&w)
	return w.buf
}

// hasDotSegment reports whether path has a complete segment "." or "..",
// as remove_dot_segments reads them (section 5.2.4).
func hasDotSegment(path string) bool {
	for i := 0; i < len(path); i++ {
		j := strings.IndexByte(path[i:], '.')
		if j < 0 {
			return false
		}
		i += j
		if i > 0 && path[i-1] != '/' {
			continue
		}
		if i+1 < len(path) && path[i+1] == '.' {
			i++
		}
		if i+1 == len(path) || path[i+1] == '/' {
			return true
		}
	}
	return false
}
