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

// classBytes are the bytes checkPlain compares with: "%", "-", "/", ".",
// "'", and the bounds of the ranges "A" to "Z" and "0" to "9", each the
// byte just outside.
var classBytes = [8]byte{'%', '-', '/', '.', '\'', 'A' - 1, 'Z' + 1, '9' + 1}

// checkPlain is checkPlainBytes with AVX-512 or AVX2, which classify all
// the bytes of s at once.
//
//go:noescape
func checkPlain(s string, se, hs, he, ps, pe, qe uint32, parts uint8) uint8
