//go:build !purego

package whatwg

import "github.com/urilabs/rfc3986/internal/cpu"

// hasClassify says that classify can run: it needs AVX2 and BMI2.
var hasClassify = cpu.HasAVX2

// classBytes are the bytes classify compares with: "%", "-", "/", ".",
// "'", and the bounds of the ranges "A" to "Z" and "0" to "9", each the
// byte just outside.
var classBytes = [8]byte{'%', '-', '/', '.', '\'', 'A' - 1, 'Z' + 1, '9' + 1}

// classify returns, for an ASCII s of 1 to 64 bytes, the masks of its
// bytes (bit i for s[i]) that are "A" to "Z" or "%", "-", "/", "." or
// "%", "0" to "9", and "'": what the fast path checks of a scheme, a host
// and a path, read at once with AVX2.
//
//go:noescape
func classify(s string) (upperPct, dash, slash, dotPct, digit, quote uint64)
