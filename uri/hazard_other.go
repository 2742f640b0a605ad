//go:build !amd64 || purego

package uri

// hasAVX2 is false where there is no vector code for Hazards.
const hasAVX2 = false

// hasAVX512 and useAVX512 are false where there is no vector code for
// Hazards; the tests read them on every machine.
const hasAVX512 = false

var useAVX512 = false

// holdsAVX2 is mayHoldWords where there is no vector code; only tests
// call it.
func holdsAVX2(s string) bool { return mayHoldWords(s) }

// hostPathAVX2 is never called where hasAVX2 is false; it says to look
// closer.
func hostPathAVX2(u *URI) int { return -1 }
