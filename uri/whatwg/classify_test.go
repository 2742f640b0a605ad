package whatwg

import (
	"math/rand/v2"
	"testing"
)

// plainAlphabet holds every byte checkPlain tells apart and neighbours of
// each range's bounds.
const plainAlphabet = "%-/.'@AZ[`az09:?#~_!&=+;,*() \x7f\x00"

// randomPlain returns n bytes of plainAlphabet, more of some than others
// so that "--", "/." and labels that begin with a digit come up.
func randomPlain(r *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		if r.IntN(2) == 0 {
			b[i] = "-./0"[r.IntN(4)]
		} else {
			b[i] = plainAlphabet[r.IntN(len(plainAlphabet))]
		}
	}
	return string(b)
}

// randomSpan returns the mask of a random run of the n bits of an input,
// or 0.
func randomSpan(r *rand.Rand, n int) uint64 {
	if r.IntN(4) == 0 {
		return 0
	}
	a := uint32(r.IntN(n))
	return span(a, a+1+uint32(r.IntN(n-int(a))))
}

// vectorModes runs f with each vector code checkPlain has here.
func vectorModes(t *testing.T, f func(t *testing.T)) {
	if !hasCheckPlain {
		t.Skip("no vector code here: the fast path checks with word-at-a-time code")
	}
	avx512 := useAVX512
	defer func() { useAVX512 = avx512 }()
	if avx512 {
		t.Run("avx512", f)
	}
	useAVX512 = false
	t.Run("avx2", f)
}

// TestCheckPlain holds checkPlain to its byte-at-a-time definition at
// every length it reads.
func TestCheckPlain(t *testing.T) {
	vectorModes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		for n := 1; n <= 64; n++ {
			for range 200 {
				if !checkCheckPlain(t, r, randomPlain(r, n)) {
					return
				}
			}
		}
	})
}

// checkCheckPlain compares checkPlain with checkPlainBytes on s with
// random parts.
func checkCheckPlain(t *testing.T, r *rand.Rand, s string) bool {
	t.Helper()
	n := len(s)
	upper, host, label, path, query := randomSpan(r, n), randomSpan(r, n), randomSpan(r, n), randomSpan(r, n), randomSpan(r, n)
	got := checkPlain(s, upper, host, label, path, query)
	want := checkPlainBytes(s, upper, host, label, path, query)
	if got != want {
		t.Errorf("checkPlain(%q, %x, %x, %x, %x, %x) = %d, want %d", s, upper, host, label, path, query, got, want)
		return false
	}
	return true
}
