//go:build !amd64 || purego

package cpu

// Elsewhere, or with the tag purego, there is no x86 assembly to run.
const (
	HasSSSE3  = false
	HasAVX2   = false
	HasAVX512 = false
)
