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

// Free releases the C memory of s, which must not be used after.
func (s *Set) Free() {
	C.free(unsafe.Pointer(s.buf))
	C.free(unsafe.Pointer(s.ends))
	s.buf, s.ends, s.n = nil, nil, 0
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
