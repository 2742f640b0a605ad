package uri

import (
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
