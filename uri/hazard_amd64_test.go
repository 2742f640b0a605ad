//go:build amd64 && !purego

package uri

import (
	"testing"

	"github.com/urilabs/rfc3986/internal/testenv"
)

// vectorModes runs f with each vector code for Hazards that the machine
// has: AVX2, and the masked AVX-512 load where it can. It skips t where
// there is no AVX2, and Hazards uses its Go twins alone.
func vectorModes(t *testing.T, f func(t *testing.T)) {
	if !hasHazardVector {
		testenv.Skip(t, "the processor or the operating system has no AVX2: the Go twins are all there is")
	}
	defer func(old bool) { useAVX512 = old }(useAVX512)
	for _, on := range []bool{false, true} {
		if on && !hasAVX512 {
			continue
		}
		useAVX512 = on
		t.Run(map[bool]string{false: "avx2", true: "avx512"}[on], f)
	}
}
