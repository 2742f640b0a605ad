//go:build !purego

package scan

// hasShortLane says that shortLane can run: NEON, with which it classifies
// the bytes, is part of every arm64 processor. It is a variable so that
// the benchmarks can measure Scan without it.
var hasShortLane = true

// shortLane is the NEON twin of shortLane in short_amd64.go, which says
// what it reads and returns. It loads the 64 bytes from s, or the 64 that
// end with s when those would cross into the next page, de-interleaved by
// four (LD4), classifies them with the nibble tables, and packs each mask
// of 0x00 or 0xFF bytes into a word with four shift-and-inserts (SRI), a
// shift and an unzip, which LD4's order makes possible.
//
//go:noescape
func shortLane(s string) (m Marks, ok bool)

// plainFacts is plainFacts of short_amd64.go with NEON (short_arm64.s):
// the host and path in blocks of sixteen bytes, and with plainFactsWords
// when they are fewer than seventeen. The tests compare the two.
//
//go:noescape
func plainFacts(s string, m Marks) uint64
