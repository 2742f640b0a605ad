//go:build !amd64 || purego

package uri

// hasAVX2 is false where there is no vector code for mayHold.
const hasAVX2 = false

// holdsAVX2 is mayHoldWords where there is no vector code; mayHold never
// calls it there.
func holdsAVX2(s string) bool { return mayHoldWords(s) }
