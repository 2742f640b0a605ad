package scan

import (
	"strings"

	"github.com/urilabs/rfc3986/tables"
)

// ScanStepping is Scan without skipping runs: it steps the automaton over
// every byte.
func ScanStepping(s string, o Options) (Marks, Failure) {
	return scan(s, skipNone, o)
}

// ScanPortable is Scan skipping runs with the portable code only, as a
// machine without vector instructions does.
func ScanPortable(s string, o Options) (Marks, Failure) {
	return scan(s, skipPortable, o)
}

// NibbleTables returns the tables the vector code classifies bytes with.
func NibbleTables() (hi [16]byte, lo [16][16]byte) { return nibbleHi, nibbleLo }

// HexNibbles returns the nibbleLo table of HEXDIG, with which the vector
// code finds the digits of pct-encoded triplets.
func HexNibbles() [16]byte { return hexNibbles }

// HasVector says whether RunEnd and LaneEnd run vector code here.
func HasVector() bool { return hasVector }

// RunEnd, SkipRunWords, LaneEnd and LaneEndWords are the routines that
// skip runs: the tests compare each vector routine with its Go twin.
var (
	RunEnd       = runEnd
	SkipRunWords = skipRunWords
	LaneEnd      = laneEnd
	LaneEndWords = laneEndWords
)

// ShortLane is shortLane, and HasShortLane says whether it runs here.
func ShortLane(s string) (Marks, bool) { return shortLane(s) }

// HasShortLane says whether Scan calls shortLane here.
func HasShortLane() bool { return hasShortLane }

// MinShortLane and MaxShortLane bound the lengths of the inputs Scan
// passes shortLane.
const MinShortLane, MaxShortLane = minShortLane, maxShortLane

// ShortLaneWords is the Go twin of shortLane, which the tests compare it
// with: what it returns, said with fastStart's prefix, laneEndWords,
// lane.marks and WithPlain.
func ShortLaneWords(s string) (Marks, bool) {
	n := uint(len(s))
	var schemeEnd uint
	switch {
	case strings.HasPrefix(s, "https://"):
		schemeEnd = 5
	case strings.HasPrefix(s, "http://"):
		schemeEnd = 4
	default:
		return Marks{}, false
	}
	h := schemeEnd + 3
	if h >= n || tables.Sets[s[h]]&tables.ALPHA == 0 {
		return Marks{}, false
	}
	var l lane
	l.stop, l.slash, l.question, l.hash = laneEndWords(s, h+1)
	if l.stop != n {
		return Marks{}, false
	}
	return WithPlain(s, l.marks(uint32(schemeEnd), uint32(n))), true
}

// PlainFacts returns the plain facts of s, whose marks m have the shape
// of a plain URI, as WithPlain finds them (plainFacts, with vector code
// where there is some) and as plainFactsWords does in Go, in the bits of
// Marks.PlainFacts.
func PlainFacts(s string, m Marks) (got, want uint32) {
	return uint32(plainFacts(s, m) >> plainAt), uint32(plainFactsWords(s, m) >> plainAt)
}
