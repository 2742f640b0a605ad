//go:build amd64 && !purego

package uri

// holdsEnd reads s sixteen bytes at a time for what mayHold looks for: it
// returns -1 when it finds a byte or pair, len(s) when s has none, and 0
// for a string shorter than 17 bytes, which it leaves to mayHoldWords
// (hazard_amd64.s). SSE2 is part of every amd64 machine.
//
//go:noescape
func holdsEnd(s string) int
