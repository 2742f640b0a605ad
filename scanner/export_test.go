package scanner

// ScanStepping is Scan without skipping runs: it steps the automaton over
// every byte.
func ScanStepping(s string) (Marks, Failure) {
	return scan(s, skipNone, Options{})
}

// ScanWithStepping is ScanWith without skipping runs.
func ScanWithStepping(s string, o Options) (Marks, Failure) {
	return scan(s, skipNone, o)
}

// ScanWithPortable is ScanWith skipping runs with the portable code only.
func ScanWithPortable(s string, o Options) (Marks, Failure) {
	return scan(s, skipPortable, o)
}

// ScanPortable is Scan skipping runs with the portable code only, as a
// machine without vector instructions does.
func ScanPortable(s string) (Marks, Failure) {
	return scan(s, skipPortable, Options{})
}

// NibbleTables returns the tables the vector code classifies bytes with.
func NibbleTables() (hi [16]byte, lo [16][16]byte) { return nibbleHi, nibbleLo }
