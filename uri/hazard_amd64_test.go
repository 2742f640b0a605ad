//go:build amd64 && !purego && linux

package uri

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"

	"github.com/urilabs/rfc3986/internal/guardpage"
)

// TestHoldsVectorPageEdges places strings against an unreadable page, at
// the end of a readable page and at its start, where holdsVector's window
// would fault if it read a byte outside the page of s; and compares it
// there with mayHoldWords.
func TestHoldsVectorPageEdges(t *testing.T) {
	if !hasHazardVector {
		t.Skip("the processor or the operating system has no AVX2")
	}
	vectorModes(t, func(t *testing.T) {
		readable := guardpage.Page(t)
		r := rand.New(rand.NewPCG(5, 6))
		const alphabet = "/.%;-"
		for n := 1; n <= 200; n++ {
			for k := 0; k < 200; k++ {
				b := make([]byte, n)
				for i := range b {
					b[i] = 'a'
					if r.IntN(30) == 0 {
						b[i] = alphabet[r.IntN(len(alphabet))]
					}
				}
				for _, at := range []int{0, len(readable) - n} {
					copy(readable[at:], b)
					s := unsafe.String(&readable[at], n)
					if got, want := holdsVector(s), mayHoldWords(s); got != want {
						t.Fatalf("holdsVector(%q) at offset %d of a page = %t, mayHoldWords says %t", s, at, got, want)
					}
				}
			}
		}
		// Each byte and pair alone at the last offsets of the page.
		for n := 1; n <= 70; n++ {
			for _, p := range []string{"%", ";", "/.", "--"} {
				for at := 0; at+len(p) <= n; at++ {
					s := strings.Repeat("a", at) + p + strings.Repeat("a", n-at-len(p))
					copy(readable[len(readable)-n:], s)
					if !holdsVector(unsafe.String(&readable[len(readable)-n], n)) {
						t.Fatalf("holdsVector(%q) at the end of a page = false, want true", s)
					}
				}
			}
		}
	})
}
