//go:build !purego

package scan

import "github.com/urilabs/rfc3986/internal/cpu"

// hasShortLane says that shortLane can run: it needs AVX2 with BMI1 and
// BMI2, which every processor with AVX-512 also has.
var hasShortLane = cpu.HasAVX2

// useAVX512 makes shortLane read its input with one masked AVX-512 load,
// rather than two AVX2 loads placed so as not to cross into a page the
// input does not reach. The assembly reads it; the tests turn it off to
// test the AVX2 code too.
var useAVX512 = cpu.HasAVX512

// shortLane reads the whole of an input s of 8 to 64 bytes that is
// "http://" or "https://" followed by a lane (see lane) that starts with
// a letter and reaches the end of s, the shape of most URLs, and returns
// its marks, packed as Marks holds them. For any other s it returns zero
// marks and ok false, having read at most its 64 bytes, and the caller
// reads s from the start with the general code: a bounded second look at
// the few URLs of that length that are not all lane (287 of the 48,010 of
// the web corpus), which keeps the scanner linear.
//
// It classifies every byte of s at once, with AVX-512 or AVX2: bit masks
// of the bytes outside the sets of the host, the path and the query (the
// fragment's is the query's), and of the "%" that begin a pct-encoded
// triplet. Where each component ends is then the lowest bit of its mask
// past its start, and the automaton's transitions at "/", "?" and "#" are
// the ones lane takes for granted. short_arm64.s does the same with NEON.
//
//go:noescape
func shortLane(s string) (m Marks, ok bool)

// plainFacts returns the bits of the plain facts of s, a URI or its start
// up to at least the end of its path, which is 1 to MaxPlain bytes in,
// whose marks m have the shape of a plain one (see WithPlain). It reads
// the bytes up to the end of the path with the loads and compares of
// shortLane, two windows of 64 bytes when they are more than 64, and with
// plainFactsWords where shortLane cannot run; the tests compare the two.
//
//go:noescape
func plainFacts(s string, m Marks) uint64
