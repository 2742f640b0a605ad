package scan

// UCSRunEndWords, UCSRunEndVector and UCSRunEnd are the block check of
// characters: its Go twin, its vector code and what the scanner calls.
var (
	UCSRunEndWords  = ucsRunEndWords
	UCSRunEndVector = ucsRunEndVector
	UCSRunEnd       = ucsRunEnd
)

// HasUCSVector says whether UCSRunEndVector runs vector code here, with
// the run mode set (SetRunMode).
func HasUCSVector() bool { return hasUCSVector() }

// MinUCSVector is the length of the shortest input UCSRunEndVector reads.
const MinUCSVector = minUCSVector
