//go:build (!amd64 && !arm64) || purego

package scan

import "github.com/urilabs/rfc3986/tables"

// minUCSVector is that of amd64; without vector code nothing reads it.
const minUCSVector = 34

// hasUCSVector says whether ucsRunEndVector has vector code here: it has
// not.
func hasUCSVector() bool { return false }

// ucsRunEndVector is never called without vector code.
func ucsRunEndVector(s string, i uint, r tables.Set) (stop uint, marked bool) {
	return ucsRunEndScalar(s, i, r), false
}
