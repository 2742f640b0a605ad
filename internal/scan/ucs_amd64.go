//go:build !purego

package scan

import "github.com/urilabs/rfc3986/tables"

// minUCSVector is the length of the shortest input ucsRunEndVector reads:
// its last block of 32 bytes and the two before it.
const minUCSVector = 34

// hasUCSVector says whether ucsRunEndVector runs here: it needs AVX2,
// and reads 64 bytes a block with AVX-512 when runWidth says so.
func hasUCSVector() bool { return runWidth != 0 }

// ucsRunEndVector is ucsRunEndWords, 32 (AVX2) or 64 (AVX-512) bytes at a
// time (ucs_amd64.s). It needs hasUCSVector, len(s) >= minUCSVector and
// i >= 2: it loads each block again one and two bytes earlier, as the
// bytes before each byte.
//
//go:noescape
func ucsRunEndVector(s string, i uint, r tables.Set) (stop uint, marked bool)
