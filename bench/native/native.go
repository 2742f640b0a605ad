//go:build native

package native

// The C++ is compiled at -O2 without assertions, as a release build of a
// program would be. Boost.URL 1.81 is compiled into boosturl.cpp from its
// sources (boost/url/src.hpp, the header-only mode its documentation
// offers), so that its parser is built with these flags and may be inlined
// into the loop, as in a C++ program that does the same.

/*
#cgo CFLAGS: -O2 -DNDEBUG
#cgo CXXFLAGS: -O2 -DNDEBUG -std=c++17
#cgo LDFLAGS: -luriparser

#include <stddef.h>
#include <stdlib.h>

size_t uriparser_pass(const char *buf, const size_t *ends, size_t n);
size_t boosturl_pass(const char *buf, const size_t *ends, size_t n);
size_t uriparser_resolve_pass(const char *base, size_t baselen, const char *buf, const size_t *ends, size_t n,
	char *out, size_t outcap, size_t *outends);
size_t boosturl_resolve_pass(const char *base, size_t baselen, const char *buf, const size_t *ends, size_t n,
	char *out, size_t outcap, size_t *outends);
size_t uriparser_normalize_pass(const char *buf, const size_t *ends, size_t n,
	char *out, size_t outcap, size_t *outends);
size_t boosturl_normalize_pass(const char *buf, const size_t *ends, size_t n,
	char *out, size_t outcap, size_t *outends);
*/
import "C"

import (
	"unsafe"
)

// A Set holds input lines in C memory: their bytes one after another in
// one buffer, and where each line ends. A pass hands C the two pointers in
// one call and gets back how many lines the parser accepted.
//
// The lines are copied so that C may read them without the rules for Go
// pointers in C, and a Set's memory is C's: Free it when done.
type Set struct {
	buf  *C.char
	ends *C.size_t
	n    int
	size int // the total length of the lines

	base *C.char // for resolution, the base the lines are resolved against
	blen int
}

// NewSet copies lines into C memory.
func NewSet(lines []string) *Set {
	size := 0
	for _, s := range lines {
		size += len(s)
	}
	// malloc(0) may return NULL, which is fine for a set of empty lines
	// too, since nothing is read from it; one byte more keeps it simple.
	s := &Set{
		buf:  (*C.char)(C.malloc(C.size_t(size + 1))),
		ends: (*C.size_t)(C.malloc(C.size_t(len(lines)+1) * C.size_t(unsafe.Sizeof(C.size_t(0))))),
		n:    len(lines),
		size: size,
	}
	if s.buf == nil || s.ends == nil {
		panic("native: out of C memory")
	}
	buf := unsafe.Slice((*byte)(unsafe.Pointer(s.buf)), size+1)
	ends := unsafe.Slice(s.ends, len(lines)+1)
	off := 0
	for i, line := range lines {
		off += copy(buf[off:], line)
		ends[i] = C.size_t(off)
	}
	return s
}

// Len returns how many lines s holds.
func (s *Set) Len() int { return s.n }

// SetBase copies base into C memory as the base that UriparserResolve
// and BoostURLResolve resolve the lines of s against.
func (s *Set) SetBase(base string) {
	C.free(unsafe.Pointer(s.base))
	s.base, s.blen = C.CString(base), len(base)
}

// Free releases the C memory of s, which must not be used after.
func (s *Set) Free() {
	C.free(unsafe.Pointer(s.buf))
	C.free(unsafe.Pointer(s.ends))
	C.free(unsafe.Pointer(s.base))
	s.buf, s.ends, s.base, s.n = nil, nil, nil, 0
}

// Uriparser parses every line of s with uriparser's uriParseSingleUriExA,
// which takes a URI-reference and fails unless the whole line is one, and
// frees what it allocated with uriFreeUriMembersA, as a program must. It
// returns how many lines uriparser accepted.
func (s *Set) Uriparser() int {
	return int(C.uriparser_pass(s.buf, s.ends, C.size_t(s.n)))
}

// BoostURL parses every line of s with Boost.URL's parse_uri_reference,
// which validates the whole line and allocates nothing, and returns how
// many lines it accepted.
func (s *Set) BoostURL() int {
	return int(C.boosturl_pass(s.buf, s.ends, C.size_t(s.n)))
}

// UriparserResolve parses the base of s once, then each line as a
// reference, resolves it strictly with uriAddBaseUriExA and writes the
// target as a string with uriToStringA into a buffer reused from line to
// line, freeing what uriparser allocated. It returns how many targets it
// wrote.
func (s *Set) UriparserResolve() int {
	return int(C.uriparser_resolve_pass(s.base, C.size_t(s.blen), s.buf, s.ends, C.size_t(s.n), nil, 0, nil))
}

// BoostURLResolve parses the base of s once, then each line as a
// reference, and resolves it with boost::urls::resolve into one url reused
// from line to line, whose buffer is the target as a string. It returns
// how many targets it wrote.
func (s *Set) BoostURLResolve() int {
	return int(C.boosturl_resolve_pass(s.base, C.size_t(s.blen), s.buf, s.ends, C.size_t(s.n), nil, 0, nil))
}

// UriparserNormalize parses each line, normalizes it with
// uriNormalizeSyntaxA (RFC 3986 section 6.2.2) and writes it as a string
// with uriToStringA, and returns how many lines were already normal.
func (s *Set) UriparserNormalize() int {
	return int(C.uriparser_normalize_pass(s.buf, s.ends, C.size_t(s.n), nil, 0, nil))
}

// BoostURLNormalize parses each line into a url reused from line to line
// and normalizes it with url::normalize (RFC 3986 section 6.2.2), and
// returns how many lines were already normal.
func (s *Set) BoostURLNormalize() int {
	return int(C.boosturl_normalize_pass(s.buf, s.ends, C.size_t(s.n), nil, 0, nil))
}

// The results of the passes above, line by line, for the tests that
// compare them with rfc3986's: "" where a line has none.

// UriparserResolveResults returns the target of each line, as UriparserResolve
// writes it.
func (s *Set) UriparserResolveResults() []string {
	return s.results(s.size+s.n*(s.blen+1), func(out *C.char, outcap C.size_t, outends *C.size_t) {
		C.uriparser_resolve_pass(s.base, C.size_t(s.blen), s.buf, s.ends, C.size_t(s.n), out, outcap, outends)
	})
}

// BoostURLResolveResults returns the target of each line, as BoostURLResolve
// writes it.
func (s *Set) BoostURLResolveResults() []string {
	return s.results(s.size+s.n*(s.blen+1), func(out *C.char, outcap C.size_t, outends *C.size_t) {
		C.boosturl_resolve_pass(s.base, C.size_t(s.blen), s.buf, s.ends, C.size_t(s.n), out, outcap, outends)
	})
}

// UriparserNormalizeResults returns the normal form of each line, as
// UriparserNormalize writes it.
func (s *Set) UriparserNormalizeResults() []string {
	return s.results(2*s.size+s.n, func(out *C.char, outcap C.size_t, outends *C.size_t) {
		C.uriparser_normalize_pass(s.buf, s.ends, C.size_t(s.n), out, outcap, outends)
	})
}

// BoostURLNormalizeResults returns the normal form of each line, as
// BoostURLNormalize writes it.
func (s *Set) BoostURLNormalizeResults() []string {
	return s.results(2*s.size+s.n, func(out *C.char, outcap C.size_t, outends *C.size_t) {
		C.boosturl_normalize_pass(s.buf, s.ends, C.size_t(s.n), out, outcap, outends)
	})
}

// results runs pass with an output buffer of outcap bytes and cuts what it
// wrote into one string a line.
func (s *Set) results(outcap int, pass func(out *C.char, outcap C.size_t, outends *C.size_t)) []string {
	out := (*C.char)(C.malloc(C.size_t(outcap + 1)))
	outends := (*C.size_t)(C.malloc(C.size_t(s.n+1) * C.size_t(unsafe.Sizeof(C.size_t(0)))))
	if out == nil || outends == nil {
		panic("native: out of C memory")
	}
	defer C.free(unsafe.Pointer(out))
	defer C.free(unsafe.Pointer(outends))
	pass(out, C.size_t(outcap), outends)
	buf := unsafe.Slice((*byte)(unsafe.Pointer(out)), outcap)
	ends := unsafe.Slice(outends, s.n)
	res := make([]string, s.n)
	start := 0
	for i := range res {
		end := int(ends[i])
		res[i] = string(buf[start:end])
		start = end
	}
	return res
}
