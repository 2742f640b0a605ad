//go:build !purego

package scan

// ShortLaneModes are the ways shortLane can read its input here: one,
// "neon".
func ShortLaneModes() []string { return []string{"neon"} }

// SetShortLaneMode makes Scan not call shortLane for "off"; shortLane has
// one way of reading here, and nothing else to set. It returns a function
// that restores what it changed.
func SetShortLaneMode(mode string) (restore func()) {
	had := hasShortLane
	hasShortLane = had && mode != "off"
	return func() { hasShortLane = had }
}

// RunModes are the loops runEnd and laneEnd can read runs with here: one,
// "neon".
func RunModes() []string { return []string{"neon"} }

// SetRunMode has nothing to set here: runEnd has one loop.
func SetRunMode(string) (restore func()) { return func() {} }
