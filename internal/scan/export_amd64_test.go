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

// RunModes are the loops runEnd and laneEnd can read runs with here, the
// widest first: "avx512", "avx2" and "ssse3".
func RunModes() []string {
	modes := []string{"ssse3"}
	if cpu.HasAVX2 {
		modes = append([]string{"avx2"}, modes...)
	}
	if cpu.HasAVX512 {
		modes = append([]string{"avx512"}, modes...)
	}
	return modes
}

// SetRunMode makes runEnd and laneEnd read runs with the loop mode names,
// and returns a function that restores the one they had.
func SetRunMode(mode string) (restore func()) {
	old := runWidth
	runWidth = map[string]uint8{"ssse3": 0, "avx2": 1, "avx512": 2}[mode]
	return func() { runWidth = old }
}
