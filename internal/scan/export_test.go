package scan

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
