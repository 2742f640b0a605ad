package scanner

import "github.com/urilabs/rfc3986/tables"

// noRuns disables skipping: with it the scanner steps the automaton over
// every byte.
var noRuns [256]tables.Set

// ScanStepping is Scan without skipping runs of bytes.
func ScanStepping(s string) (Marks, Failure) {
	return scan(s, &noRuns, Options{})
}
