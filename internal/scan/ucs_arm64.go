//go:build !purego

package scan

import "github.com/urilabs/rfc3986/tables"

// minUCSVector is the length of the shortest input ucsRunEndVector reads:
// its last block of 16 bytes and the two before it.
const minUCSVector = 18

// hasUCSVector says that ucsRunEndVector has vector code: NEON, which
// every arm64 processor has.
func hasUCSVector() bool { return true }

// ucsRunEndVector is ucsRunEndWords, sixteen bytes at a time with NEON
// (ucs_arm64.s). It needs len(s) >= minUCSVector and i >= 2: it loads
// each block again one and two bytes earlier, as the bytes before each
// byte.
//
//go:noescape
func ucsRunEndVector(s string, i uint, r tables.Set) (stop uint, marked bool)
