//go:build amd64 && !purego

package uri

import "github.com/urilabs/rfc3986/internal/cpu"

// hasHazardVector says that Hazards can use hostPathVector, which needs
// AVX2 here: x86-64 machines have had it since 2013 (x86-64-v3). Without
// it, Hazards uses hostPathWords.
var hasHazardVector = cpu.HasAVX2

// useAVX512 says that hostPathVector and holdsVector read a host and path
// of up to 64 bytes with one masked AVX-512 load (hazard_amd64.s): fewer
// instructions than AVX2 needs, and no care for the end of a page. The
// assembly reads it; the tests turn it off to test the AVX2 code too.
var useAVX512 = hasAVX512

// hasAVX512 says that useAVX512 may be set.
var hasAVX512 = cpu.HasAVX512

// holdsVector is mayHoldWords with AVX2 (hazard_amd64.s): the tests
// compare the two. It needs hasHazardVector.
//
//go:noescape
func holdsVector(s string) bool

// hostPathVector is the shortcut of Hazards with AVX2 (hazard_amd64.s) for
// *u, whose host is a reg-name: -1 says to look closer, 1 that the path
// begins with "//", 0 that there is no hazard, as hostPathWords says from
// the offsets. It needs hasHazardVector.
//
//go:noescape
func hostPathVector(u *URI) int
