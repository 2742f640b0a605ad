//go:build !purego

package uri

import "testing"

// vectorModes runs f with the one vector code for Hazards here, NEON.
func vectorModes(t *testing.T, f func(t *testing.T)) {
	t.Run("neon", f)
}
