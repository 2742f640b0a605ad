//go:build !purego

package uri

// hasHazardVector says that Hazards can use hostPathVector: NEON, with
// which it reads the host and path, is part of every arm64 processor.
const hasHazardVector = true

// holdsVector is mayHoldWords with NEON (hazard_arm64.s): the tests
// compare the two.
//
//go:noescape
func holdsVector(s string) bool

// hostPathVector is the shortcut of Hazards with NEON (hazard_arm64.s) for
// *u, whose host is a reg-name: -1 says to look closer, 1 that the path
// begins with "//", 0 that there is no hazard, as hostPathWords says from
// the offsets.
//
//go:noescape
func hostPathVector(u *URI) int
