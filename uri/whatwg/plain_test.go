package whatwg

import (
	"math/rand/v2"
	"slices"
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
	var o [6]uint32
	for i := range o {
		o[i] = uint32(r.IntN(len(s) + 1))
	}
	slices.Sort(o[:])
	se, hs, he, ps, pe, qe := o[0], o[1], o[2], o[3], o[4], o[5]
	parts := uint8(r.IntN(8))
	if he == hs {
		parts &^= partDomain
	}
	if qe == pe {
		parts &^= partQuery
	}
	got := checkPlain(s, se, hs, he, ps, pe, qe, parts)
	want := checkPlainBytes(s, se, hs, he, ps, pe, qe, parts)
	if got != want {
		t.Errorf("checkPlain(%q, %d, %d, %d, %d, %d, %d, %b) = %d, want %d", s, se, hs, he, ps, pe, qe, parts, got, want)
		return false
	}
	return true
}
