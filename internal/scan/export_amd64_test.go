//go:build !purego

package scan

import "github.com/urilabs/rfc3986/internal/cpu"

// ShortLaneModes are the ways shortLane can read its input here, for the
// tests to run each: "avx512" with AVX-512, "avx2" with AVX2.
func ShortLaneModes() []string {
	var modes []string
	if cpu.HasAVX512 {
		modes = append(modes, "avx512")
	}
	if cpu.HasAVX2 {
		modes = append(modes, "avx2")
	}
	return modes
}

// SetShortLaneMode makes shortLane read its input as mode says, or makes
// Scan not call it for "off", and returns a function that restores the
// mode it had.
func SetShortLaneMode(mode string) (restore func()) {
	old, had := useAVX512, hasShortLane
	useAVX512 = mode == "avx512"
	hasShortLane = had && mode != "off"
	return func() { useAVX512, hasShortLane = old, had }
}
