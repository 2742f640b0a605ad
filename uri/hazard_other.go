//go:build !amd64 || purego

package uri

// holdsEnd leaves all of s to mayHoldWords where there is no vector code,
// as it does a short string on amd64.
func holdsEnd(s string) int { return 0 }
