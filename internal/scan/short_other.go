//go:build (!amd64 && !arm64) || purego

package scan

// hasShortLane says that shortLane has vector code here: it has not.
const hasShortLane = false

// shortLane is never called without vector code.
func shortLane(s string) (schemeHost, hostPath, pathQuery, info uint64, ok bool) {
	return 0, 0, 0, 0, false
}

// plainFacts is plainFactsWords here (see short_amd64.go).
func plainFacts(s string, m Marks) uint64 { return plainFactsWords(s, m) }
