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
