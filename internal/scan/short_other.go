//go:build (!amd64 && !arm64) || purego

package scan

// hasShortLane says that shortLane has vector code here: it has not.
const hasShortLane = false

// shortLane is never called without vector code.
func shortLane(s string) (m Marks, ok bool) { return Marks{}, false }

// plainFacts is plainFactsWords here (see short_amd64.go).
func plainFacts(s string, m Marks) uint64 { return plainFactsWords(s, m) }
