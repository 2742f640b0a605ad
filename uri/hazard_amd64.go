//go:build amd64 && !purego

package uri

// hasAVX2 says that mayHold can use holdsAVX2: x86-64 machines have had
// AVX2 since 2013 (x86-64-v3). Without it, mayHold is mayHoldWords.
var hasAVX2 = cpuHasAVX2()

// holdsAVX2 is mayHoldWords with AVX2 (hazard_amd64.s): the tests compare
// the two. It needs hasAVX2.
//
//go:noescape
func holdsAVX2(s string) bool

// cpuHasAVX2 asks the processor and the operating system whether AVX2 can
// be used.
func cpuHasAVX2() bool
