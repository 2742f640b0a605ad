//go:build (!amd64 && !arm64) || purego

package uri

import "testing"

// vectorModes skips t: there is no vector code for Hazards here, and its
// Go twins are all there is.
func vectorModes(t *testing.T, _ func(t *testing.T)) {
	t.Skip("no vector code for Hazards here: the Go twins are all there is")
}
