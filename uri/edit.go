package uri

import (
	"strings"

	"github.com/urilabs/rfc3986/tables"
)

// WithPath returns u with its path replaced by path, taken as already
// encoded, as Build takes a path: a "%" that begins a triplet stays, and
// every other byte a path cannot hold is percent-encoded, "?", "#" and a
// stray "%" included. The scheme, authority, query and fragment stay.
//
// A path that u cannot hold is an *Error with Op "with path" whose Input
// is path: one that is neither empty nor begins with "/" when u has an
// authority (ErrPathNotAbsolute), and one that begins with "//" when u has
// none (ErrPathDoubleSlash). In a relative reference without an authority,
// a first segment holding ":" would read as a scheme: "./" goes before it,
// as Build writes it (section 4.2). The result is written in one
// allocation.
func (u URI) WithPath(path string) (URI, error) {
	hasAuthority := u.HasAuthority()
	switch {
	case hasAuthority && path != "" && path[0] != '/':
		return URI{}, &Error{Op: "with path", Input: path, Component: Path, Err: ErrPathNotAbsolute}
	case !hasAuthority && strings.HasPrefix(path, "//"):
		return URI{}, &Error{Op: "with path", Input: path, Offset: 1, Component: Path, Err: ErrPathDoubleSlash}
	}
	prefix := ""
	if !hasAuthority && !u.HasScheme() && colonInFirstSegment(path) {
		prefix = "./"
	}
	return u.splice(int(u.m.PathStart()), int(u.m.PathEnd()), prefix, path, tables.Path, "with path")
}

// WithQuery returns u with its query replaced by query, taken as already
// encoded, as Build takes a query: a "%" that begins a triplet stays, and
// every other byte a query cannot hold is percent-encoded, "#" and a stray
// "%" included. The query is defined even when empty ("http://a/?");
// WithoutQuery removes it. To put data into a query, encode it first:
// with EscapeQueryParam, url.Values.Encode, or the edits SetParam and
// AddParam, which do it for each pair.
//
// The result is written in one allocation. The error, an *Error with Op
// "with query", is ErrTooLong alone.
func (u URI) WithQuery(query string) (URI, error) {
	return u.splice(int(u.m.PathEnd()), int(u.m.QueryEnd()), "?", query, tables.Query, "with query")
}

// WithoutQuery returns u without its query and the "?" before it. It
// returns u itself when u has no query, and a slice of u's text, without
// allocating, when u has no fragment either; otherwise it writes the
// result in one allocation.
func (u URI) WithoutQuery() URI {
	if !u.HasQuery() {
		return u
	}
	if !u.HasFragment() {
		return u.prefix(int(u.m.PathEnd()))
	}
	r, err := u.splice(int(u.m.PathEnd()), int(u.m.QueryEnd()), "", "", 0, "with query")
	if err != nil {
		return u // unreachable: the text gets shorter
	}
	return r
}

// WithFragment returns u with its fragment replaced by fragment, taken as
// already encoded, as Build takes a fragment: a "%" that begins a triplet
// stays, and every other byte a fragment cannot hold is percent-encoded.
// The fragment is defined even when empty ("http://a/#");
// WithoutFragment removes it.
//
// The result is written in one allocation. The error, an *Error with Op
// "with fragment", is ErrTooLong alone.
func (u URI) WithFragment(fragment string) (URI, error) {
	return u.splice(int(u.m.QueryEnd()), len(u.s), "#", fragment, tables.Query, "with fragment")
}

// WithoutFragment returns u without its fragment and the "#" before it:
// the absolute URI of an absolute URI with a fragment (section 4.3), the
// key of a resource rather than of a part of it. It is a slice of u's
// text and allocates nothing.
func (u URI) WithoutFragment() URI {
	if !u.HasFragment() {
		return u
	}
	return u.prefix(int(u.m.QueryEnd()))
}

// prefix returns the URI of u's text up to n, the end of its path or of
// its query, which is a URI-reference whenever u is.
func (u URI) prefix(n int) URI {
	r, err := rescan(u.s[:n], "")
	if err != nil {
		return u // unreachable: a reference cut after its path or query is one
	}
	return r
}

// splice returns the URI whose text is u's with u.s[from:to] replaced by
// delim and text, text escaped for set as Build escapes a component, in
// one buffer of the size it needs.
func (u URI) splice(from, to int, delim, text string, set tables.Set, op string) (URI, error) {
	n := len(u.s) - (to - from) + len(delim) + len(text)
	for i := 0; i < len(text); i++ {
		if c := text[i]; tables.Sets[c]&set == 0 && !isTriplet(text, i) {
			n += 2
		}
	}
	b := make([]byte, 0, n)
	b = append(append(b, u.s[:from]...), delim...)
	b = appendEscaped(b, text, set, true)
	b = append(b, u.s[to:]...)
	return rescan(bytesToString(b), op)
}

// isTriplet reports whether s[i:] begins with a percent-encoded triplet,
// "%" HEXDIG HEXDIG, which appendEscaped keeps as it is.
func isTriplet(s string, i int) bool {
	return s[i] == '%' && i+2 < len(s) && tables.Sets[s[i+1]]&tables.Sets[s[i+2]]&tables.HEXDIG != 0
}
