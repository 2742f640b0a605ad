//go:build amd64 && !purego

package uri

// hasAVX2 says that mayHold can use holdsAVX2.
var hasAVX2 = cpuHasAVX2()

// mayHold is described in hazard.go. With AVX2, which x86-64 machines have
// had since 2013 (x86-64-v3), it reads sixty-four bytes at a time; without,
// it is mayHoldWords.
func mayHold(s string) bool {
	if hasAVX2 {
		return holdsAVX2(s)
	}
	return mayHoldWords(s)
}

// holdsAVX2 is mayHoldWords with AVX2 (hazard_amd64.s): the tests compare
// the two. It needs hasAVX2.
//
//go:noescape
func holdsAVX2(s string) bool

// cpuHasAVX2 asks the processor and the operating system whether AVX2 can
// be used.
func cpuHasAVX2() bool
