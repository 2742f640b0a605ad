//go:build linux

package whatwg

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/urilabs/rfc3986/internal/guardpage"
)

// TestClassifyPageEdges places inputs of every length classify reads
// against pages that may not be read, before their first byte and after
// their last: its loads read 64 bytes whatever the length, and may touch
// neither. A load that did would crash the test.
func TestClassifyPageEdges(t *testing.T) {
	if !hasClassify {
		t.Skip("no vector code here: the fast path checks with word-at-a-time code")
	}
	readable := guardpage.Page(t)
	page := len(readable)
	r := rand.New(rand.NewPCG(3, 4))
	for n := 1; n <= 64; n++ {
		for range 20 {
			s := randomClassify(r, n)
			for _, at := range []int{0, page - n, page - n - 1, page - n - 7, page - 64} {
				copy(readable[at:], s)
				// The input is the page's own bytes, not a copy.
				if !checkClassify(t, unsafe.String(&readable[at], n)) {
					return
				}
			}
		}
	}
}
