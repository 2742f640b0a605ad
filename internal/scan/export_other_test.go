//go:build (!amd64 && !arm64) || purego

package scan

// ShortLaneModes lists no way to run shortLane: it has no code here.
func ShortLaneModes() []string { return nil }

// SetShortLaneMode has nothing to set here.
func SetShortLaneMode(string) (restore func()) { return func() {} }

// RunModes lists no vector loop: runEnd has none here.
func RunModes() []string { return nil }

// SetRunMode has nothing to set here.
func SetRunMode(string) (restore func()) { return func() {} }
