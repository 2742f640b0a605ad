package whatwg

import (
	"math/rand/v2"
	"testing"
)

// classifyAlphabet holds every byte classify tells apart and neighbours of
// each range's bounds.
const classifyAlphabet = "%-/.'@AZ[`az09:?#~_!&=+;,*() \x7f\x00"

// randomClassify returns n bytes of classifyAlphabet.
func randomClassify(r *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = classifyAlphabet[r.IntN(len(classifyAlphabet))]
	}
	return string(b)
}

// TestClassify holds classify to its byte-at-a-time definition at every
// length it reads.
func TestClassify(t *testing.T) {
	if !hasClassify {
		t.Skip("no vector code here: the fast path checks with word-at-a-time code")
	}
	r := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= 64; n++ {
		for range 50 {
			checkClassify(t, randomClassify(r, n))
		}
	}
}

func checkClassify(t *testing.T, s string) bool {
	t.Helper()
	var got, want [6]uint64
	got[0], got[1], got[2], got[3], got[4], got[5] = classify(s)
	want[0], want[1], want[2], want[3], want[4], want[5] = classifyBytes(s)
	if got != want {
		t.Errorf("classify(%q) = %x, want %x", s, got, want)
		return false
	}
	return true
}
