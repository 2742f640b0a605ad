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
// the only allocation.
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
	t, err := base.target(ref, true)
	if err != nil {
		return dst, err
	}
	w := writer{buf: dst, start: len(dst)}
	t.write(&w)
	return w.buf, nil
}

func (base URI) resolve(ref URI, strict bool) (URI, error) {
	t, err := base.target(ref, strict)
	if err != nil {
		return URI{}, err
	}
	w := writer{buf: make([]byte, 0, t.size())}
	m := t.write(&w)
	if uint64(len(w.buf)) > scanner.MaxLength {
		return URI{}, ErrTooLong
	}
	return URI{s: bytesToString(w.buf), m: m}, nil
}

// A target says where each component of a resolved URI comes from.
type target struct {
	scheme string
	auth   URI // the URI whose authority the target has, if hasAuth
	// The path is path as it is when verbatim; otherwise the result of
	// removing the dot-segments of path or, when merged, of dir "/" path.
	path, dir         string
	verbatim, merged  bool
	hasAuth           bool
	query, fragment   string
	hasQuery, hasFrag bool
}

// target transforms ref as the pseudocode of section 5.2.2 does, recording
// where each component of the target comes from without copying any.
func (base URI) target(ref URI, strict bool) (target, error) {
	if !base.HasScheme() {
		return target{}, ErrRelativeBase
	}
	t := target{
		scheme:   base.Scheme(),
		fragment: ref.Fragment(), hasFrag: ref.HasFragment(),
		query: ref.Query(), hasQuery: ref.HasQuery(),
		path: ref.Path(),
		auth: ref, hasAuth: ref.HasAuthority(),
	}
	refScheme := ref.HasScheme()
	if refScheme && !strict && strings.EqualFold(ref.Scheme(), t.scheme) {
		refScheme = false
	}
	switch {
	case refScheme:
		t.scheme = ref.Scheme()
	case ref.HasAuthority():
	default:
		t.auth, t.hasAuth = base, base.HasAuthority()
		switch {
		case t.path == "":
			t.path, t.verbatim = base.Path(), true
			if !ref.HasQuery() {
				t.query, t.hasQuery = base.Query(), base.HasQuery()
			}
		case t.path[0] == '/':
		default:
			// Merge (5.2.3): the reference's path after all but the
			// last segment of the base's, or after "/" when the base
			// has an authority and an empty path.
			bp := base.Path()
			if i := strings.LastIndexByte(bp, '/'); i >= 0 {
				t.dir, t.merged = bp[:i], true
			} else if base.HasAuthority() {
				t.dir, t.merged = "", true
			}
		}
	}
	return t, nil
}

// size returns the length of the longest text t can have: the sum of its
// parts, with room for "/." before the path.
func (t *target) size() int {
	n := len(t.scheme) + 1 + len(t.path) + len(t.dir) + 1 + 2
	if t.hasAuth {
		n += 2 + int(t.auth.m.PathStart-t.auth.authorityStart())
	}
	if t.hasQuery {
		n += 1 + len(t.query)
	}
	if t.hasFrag {
		n += 1 + len(t.fragment)
	}
	return n
}

// write writes the target URI (section 5.3) and returns its marks.
func (t *target) write(w *writer) scanner.Marks {
	m := scanner.Marks{Flags: scanner.HasScheme}
	w.str(t.scheme, -1)
	m.SchemeEnd = uint32(w.pos())
	w.byte(':')
	if t.hasAuth {
		a := t.auth
		from := a.authorityStart()
		w.str("//", -1)
		at := uint32(w.pos()) - from // a's offsets become the target's by adding at
		w.str(a.s[from:a.m.PathStart], -1)
		m.Flags |= a.m.Flags & (scanner.HasAuthority | scanner.HasUserInfo | scanner.HasPort)
		m.Host = a.m.Host
		m.HostStart, m.HostEnd = a.m.HostStart+at, a.m.HostEnd+at
	}
	m.PathStart = uint32(w.pos())
	if !t.hasAuth {
		m.HostStart, m.HostEnd = m.PathStart, m.PathStart
	}
	switch {
	case t.verbatim:
		w.str(t.path, -1)
	case strings.IndexByte(t.path, '.') < 0 && strings.IndexByte(t.dir, '.') < 0:
		// No dot-segment to remove, and so no "//" to guard: the base's
		// path, which has none, and the reference's, which is rootless.
		if t.merged {
			w.str(t.dir, -1)
			w.byte('/')
		}
		w.str(t.path, -1)
	default:
		var d dotRemover
		d.begin(w, false, !t.hasAuth)
		if t.merged {
			d.feed(w, t.dir, -1, false)
		}
		d.feed(w, t.path, -1, true)
		d.finish(w)
	}
	m.PathEnd = uint32(w.pos())
	if t.hasQuery {
		m.Flags |= scanner.HasQuery
		w.byte('?')
		w.str(t.query, -1)
	}
	m.QueryEnd = uint32(w.pos())
	if t.hasFrag {
		m.Flags |= scanner.HasFragment
		w.byte('#')
		w.str(t.fragment, -1)
	}
	return m
}
