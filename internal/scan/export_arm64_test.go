//go:build !purego

package scan

// ShortLaneModes are the ways shortLane can read its input here: one,
// "neon".
func ShortLaneModes() []string { return []string{"neon"} }

// SetShortLaneMode has nothing to set here: shortLane has one way.
func SetShortLaneMode(string) (restore func()) { return func() {} }
