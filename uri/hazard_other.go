//go:build !amd64 || purego

package uri

// mayHold is described in hazard.go; without vector code it is
// mayHoldWords.
func mayHold(s string) bool { return mayHoldWords(s) }
