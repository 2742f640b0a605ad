//go:build !amd64 || purego

package route

// pathFlags returns the flags of pathTable of the bytes of s, or'd, and
// fAdjacent when two adjacent bytes have fDotSlash.
func pathFlags(s string) uint32 { return pathFlagsGo(s) }
