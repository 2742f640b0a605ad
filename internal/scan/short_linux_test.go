//go:build linux && !purego

package scan_test

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/urilabs/rfc3986/internal/guardpage"
	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/tables"
)

// TestShortLanePageEdges places inputs of every length shortLane reads
// against pages that may not be read, before their first byte and after
// their last: neither the AVX2 loads, which read 64 bytes whatever the
// length, nor the masked AVX-512 load may touch them. A load that did
// would crash the test.
func TestShortLanePageEdges(t *testing.T) {
	shortModes(t, func(t *testing.T) {
		readable := guardpage.Page(t)
		page := len(readable)
		r := rand.New(rand.NewPCG(7, 8))
		for n := scan.MinShortLane; n <= scan.MaxShortLane; n++ {
			for range 20 {
				s := laneish(r, n)
				// At the start of the page; ending at its end, and a
				// few bytes before it, where the 64 bytes from the
				// input's start would cross into the guard.
				for _, at := range []int{0, page - n, page - n - 1, page - n - 7, page - 64} {
					if at < 0 || at+n > page {
						continue
					}
					copy(readable[at:], s)
					// The input is the page's own bytes, not a copy.
					placed := unsafe.String(&readable[at], n)
					if !checkShortLane(t, placed) {
						return
					}
				}
			}
		}
	})
}

// TestPlainFactsPageEdges places URIs of every length a plain URI may
// have against pages that may not be read, as TestShortLanePageEdges
// does, for the loads of PlainFacts, which are shortLane's, and compares
// its answer with the Go code's there.
func TestPlainFactsPageEdges(t *testing.T) {
	shortModes(t, func(t *testing.T) {
		readable := guardpage.Page(t)
		page := len(readable)
		r := rand.New(rand.NewPCG(13, 14))
		const alphabet = ",-./a0%;\x80"
		for n := 1; n <= scan.MaxPlain; n++ {
			for range 20 {
				b := make([]byte, n)
				for i := range b {
					b[i] = alphabet[r.IntN(len(alphabet))]
				}
				for _, at := range []int{0, page - n, page - n - 1, page - n - 7, page - 64} {
					if at < 0 || at+n > page {
						continue
					}
					copy(readable[at:], b)
					// Past the string, pair bytes, which must not count.
					if at+n < page {
						readable[at+n] = '.'
					}
					placed := unsafe.String(&readable[at], n)
					m := scan.MakeMarks(0, 0, 0, uint32(n), uint32(n), uint32(n), uint32(n), scan.HasAuthority, tables.HostRegName)
					if got, want := scan.PlainFacts(placed, m); got != want {
						t.Fatalf("the plain facts of %q at %d of the page are %d, the Go code says %d", placed, at, got, want)
					}
				}
			}
		}
	})
}

// TestRunPageEdges places runs dense with triplets, whole and cut, at the
// end of a page followed by one that may not be read, and skips them from
// every offset with each loop: the wide loops load the block and the one
// two bytes on, and neither may reach past the input. A load that did
// would crash the test.
func TestRunPageEdges(t *testing.T) {
	if !scan.HasVector() {
		t.Skip("no vector code here: the runs are read in Go")
	}
	readable := guardpage.Page(t)
	page := len(readable)
	r := rand.New(rand.NewPCG(9, 10))
	for n := 16; n <= 200; n++ {
		s := escapeDense(r, n, 0.3, 0.05)[:n]
		copy(readable[page-n:], s)
		placed := unsafe.String(&readable[page-n], n)
		if !checkTwins(t, placed) {
			return
		}
	}
}
