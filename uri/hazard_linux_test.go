//go:build linux && !purego

package uri

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"

	"github.com/urilabs/rfc3986/internal/guardpage"
)

// pageEdges are the offsets in a page, of length page, at which the tests
// place a string of n bytes: against its start and its end, where a window
// of 64 bytes from the string's start or to its end would cross into the
// page before or after; and a byte away from where the vector code changes
// from one window to the other.
func pageEdges(page, n int) []int {
	var at []int
	for _, a := range []int{0, 1, 63 - n, 64 - n, 65 - n, page - 64, page - n - 1, page - n} {
		if a >= 0 && a+n <= page {
			at = append(at, a)
		}
	}
	return at
}

// TestHoldsVectorPageEdges places strings against an unreadable page, at
// the end of a readable page and at its start, where holdsVector's window
// would fault if it read a byte outside the page of s; and compares it
// there with mayHoldWords.
func TestHoldsVectorPageEdges(t *testing.T) {
	vectorModes(t, func(t *testing.T) {
		readable := guardpage.Page(t)
		r := rand.New(rand.NewPCG(5, 6))
		for n := 1; n <= 200; n++ {
			for k := 0; k < 200; k++ {
				b := sparseHazards(r, n, 30)
				for _, at := range pageEdges(len(readable), n) {
					copy(readable[at:], b)
					s := unsafe.String(&readable[at], n)
					if got, want := holdsVector(s), mayHoldWords(s); got != want {
						t.Fatalf("holdsVector(%q) at offset %d of a page = %t, mayHoldWords says %t", s, at, got, want)
					}
				}
			}
		}
		// Each byte and pair alone at every offset of strings at the
		// edges of the page; and a "/" or "-" last, whose pair with the
		// byte after the string, in the page, must not count.
		for n := 1; n <= 70; n++ {
			for _, at := range pageEdges(len(readable), n) {
				for _, p := range []string{"%", ";", "/.", "--"} {
					for i := 0; i+len(p) <= n; i++ {
						s := strings.Repeat("a", i) + p + strings.Repeat("a", n-i-len(p))
						copy(readable[at:], s)
						if !holdsVector(unsafe.String(&readable[at], n)) {
							t.Fatalf("holdsVector(%q) at offset %d of a page = false, want true", s, at)
						}
					}
					if len(p) == 2 && at+n < len(readable) {
						s := strings.Repeat("a", n-1) + p[:1]
						copy(readable[at:], s+p[1:])
						if holdsVector(unsafe.String(&readable[at], n)) {
							t.Fatalf("holdsVector(%q) at offset %d of a page, followed by %q = true, want false", s, at, p[1:])
						}
					}
				}
			}
		}
	})
}

// TestHostPathVectorPageEdges parses URIs placed at the edges of a page
// between unreadable ones and compares hostPathVector with hostPathWords
// on them: the window that reads their host and path must stay within
// the page as holdsVector's does.
func TestHostPathVectorPageEdges(t *testing.T) {
	vectorModes(t, func(t *testing.T) {
		readable := guardpage.Page(t)
		r := rand.New(rand.NewPCG(9, 10))
		for n := 0; n <= 100; n++ {
			for k := 0; k < 40; k++ {
				s := hostPathURL(r, n)
				for _, at := range pageEdges(len(readable), len(s)) {
					copy(readable[at:], s)
					checkHostPath(t, unsafe.String(&readable[at], len(s)), fmt.Sprintf(" at offset %d of a page", at))
				}
			}
		}
	})
}
