package uri

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestDotSegmentIndex compares dotSegmentIndex with a reading of the path
// segment by segment, on every string of up to 11 bytes made of ".", "/"
// and "a": the short paths that its loop reads one byte at a time, and
// the longer ones where strings.IndexByte finds the dots, with dots at
// every offset on either side of the change.
func TestDotSegmentIndex(t *testing.T) {
	const alphabet = "./a"
	b := make([]byte, 0, 11)
	var walk func()
	walk = func() {
		s := string(b)
		if got, want := dotSegmentIndex(s), dotSegmentIndexSlow(s); got != want {
			t.Fatalf("dotSegmentIndex(%q) = %d, want %d", s, got, want)
		}
		if len(b) == cap(b) {
			return
		}
		for i := range len(alphabet) {
			b = append(b, alphabet[i])
			walk()
			b = b[:len(b)-1]
		}
	}
	walk()
}

// dotSegmentIndexSlow is dotSegmentIndex as section 5.2.4 reads a path:
// the offset of its first segment that is "." or "..", or -1.
func dotSegmentIndexSlow(path string) int {
	at := 0
	for seg := range strings.SplitSeq(path, "/") {
		if seg == "." || seg == ".." {
			return at
		}
		at += len(seg) + 1
	}
	return -1
}

// TestLastSlash compares lastSlash with strings.LastIndexByte on strings of
// every length up to 40 made of "/", its neighbours and bytes with the high
// bit set, so that the last "/" falls at every offset, in every word and in
// the bytes left before the first.
func TestLastSlash(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const alphabet = "/.0a\x2e\x2f\xaf\x80"
	for n := 0; n <= 40; n++ {
		for range 2000 {
			b := make([]byte, n)
			for i := range b {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
			// Fewer "/" at times, so that none is common too.
			if r.IntN(2) == 0 {
				for i := range b {
					if b[i] == '/' && r.IntN(4) != 0 {
						b[i] = 'a'
					}
				}
			}
			s := string(b)
			if got, want := lastSlash(s), strings.LastIndexByte(s, '/'); got != want {
				t.Fatalf("lastSlash(%q) = %d, want %d", s, got, want)
			}
		}
	}
}
