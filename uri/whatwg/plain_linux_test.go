//go:build linux

package whatwg

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/urilabs/rfc3986/internal/guardpage"
)

// TestCheckPlainPageEdges places inputs of every length checkPlain reads
// against pages that may not be read, before their first byte and after
// their last: its AVX2 loads read 64 bytes whatever the length, and may
// touch neither. A load that did would crash the test.
func TestCheckPlainPageEdges(t *testing.T) {
	vectorModes(t, func(t *testing.T) {
		readable := guardpage.Page(t)
		page := len(readable)
		r := rand.New(rand.NewPCG(3, 4))
		for n := 1; n <= 64; n++ {
			for range 20 {
				s := randomPlain(r, n)
				for _, at := range []int{0, page - n, page - n - 1, page - n - 7, page - 64} {
					copy(readable[at:], s)
					// The input is the page's own bytes, not a copy.
					if !checkCheckPlain(t, r, unsafe.String(&readable[at], n)) {
						return
					}
				}
			}
		}
	})
}
