//go:build (!amd64 && !arm64) || purego

package uri

import (
	"testing"

	"github.com/urilabs/rfc3986/internal/testenv"
)

// vectorModes skips t: there is no vector code for Hazards here, and its
// Go twins are all there is.
func vectorModes(t *testing.T, _ func(t *testing.T)) {
	testenv.Skip(t, "no vector code for Hazards here: the Go twins are all there is")
}
