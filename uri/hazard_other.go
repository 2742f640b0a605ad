//go:build (!amd64 && !arm64) || purego

package uri

// hasHazardVector is false where there is no vector code for Hazards.
const hasHazardVector = false

// holdsVector is mayHoldWords where there is no vector code; only tests
// call it.
func holdsVector(s string) bool { return mayHoldWords(s) }

// hostPathVector is never called where hasHazardVector is false; it says
// to look closer.
func hostPathVector(u *URI) int { return -1 }
