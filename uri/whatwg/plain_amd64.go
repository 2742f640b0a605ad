//go:build !purego

package whatwg

import "github.com/urilabs/rfc3986/internal/cpu"

// hasCheckPlain says that checkPlain can run: it needs AVX2 and BMI1 and
// BMI2.
var hasCheckPlain = cpu.HasAVX2

// useAVX512 makes checkPlain read its input with one masked AVX-512 load
// rather than two AVX2 loads; the tests turn it off to test the AVX2 code
// too.
var useAVX512 = cpu.HasAVX512

// classVectors are the bytes checkPlain compares with, each repeated to
// fill a vector: "%", "-", "/", ".", "'", and "@", "Z" and "9", the bytes
// below and at the top of the ranges "A" to "Z" and "0" to "9" ("/" is
// below the digits). Comparing with a vector in memory takes one
// instruction, where a byte would first be broadcast.
//
//lint:ignore U1000 the assembly reads it.
var classVectors = func() (v [8][64]byte) {
	for i, b := range []byte("%-/.'@Z9") {
		for j := range v[i] {
			v[i][j] = b
		}
	}
	return v
}()

// checkPlain is checkPlainBytes with AVX-512 or AVX2, which classify all
// the bytes of s at once.
//
//go:noescape
func checkPlain(s string, se, hs, he, ps, pe, qe uint32, parts uint8) uint8
