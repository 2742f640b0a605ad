//go:build !purego

package route

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/internal/cpu"
	"github.com/urilabs/rfc3986/internal/guardpage"
)

// needVec skips a test of the vector code where it cannot run, and fails
// when pathTable no longer fits it.
func needVec(t *testing.T) {
	t.Helper()
	if !pathVecFits {
		t.Fatal("pathTable has more classes than pathFlags's vector code reads")
	}
	if !cpu.HasAVX2 {
		t.Skip("no AVX2: pathFlags is pathFlagsGo")
	}
}

// TestVecTables checks that the tables of the vector code give each byte
// alone the flags pathTable gives it: invalid as it is invalid, its
// classes combined into its flags when it is valid, class 7 as it has
// fDotSlash; and that the filler is valid and without flags.
func TestVecTables(t *testing.T) {
	if !pathVecFits {
		t.Fatal("pathTable no longer fits pathFlags's vector code")
	}
	v := &pathVec
	for c := range 256 {
		lo, hi := c&15, c>>4
		invalid := v.invalidLo[lo]&v.rowHi[hi] != 0
		if want := pathTable[c]&fInvalid != 0; invalid != want {
			t.Errorf("byte %#x: invalid %v, want %v", c, invalid, want)
			continue
		}
		if invalid {
			continue
		}
		classes := v.classLo[lo] & v.classHi[hi]
		if got := v.combine[classes]; got != pathTable[c] {
			t.Errorf("byte %#x: classes %08b, flags %#x, want %#x", c, classes, got, pathTable[c])
		}
		if got, want := classes&0x80 != 0, pathTable[c]&fDotSlash != 0; got != want {
			t.Errorf("byte %#x: class 7 %v, want %v", c, got, want)
		}
	}
	if f := pathTable[v.filler]; f != 0 {
		t.Errorf("filler %q has flags %#x", v.filler, f)
	}
}

// pathFlagsAlphabet holds a byte of each class of pathTable, the filler
// and some invalid bytes, each of a value of its own.
var pathFlagsAlphabet = []byte("a;A!%?/.[\\#\x00\x7f\x80\xff Z")

// TestPathFlagsVec checks the vector code of pathFlags against
// pathFlagsGo: on every string of up to four bytes of an alphabet that
// holds one byte of each value of pathTable; on every byte at every
// place of every length from 1 to 64 (the one window, the two
// overlapping ones and their meeting); with pairs of "." and "/" at every
// place; and on random strings up to 80 bytes, past the vector code.
func TestPathFlagsVec(t *testing.T) {
	needVec(t)
	check := func(s string) {
		t.Helper()
		if got, want := pathFlags(s), pathFlagsGo(s); got != want {
			t.Fatalf("pathFlags(%q) = %#x, pathFlagsGo %#x", s, got, want)
		}
	}
	var b []byte
	var all func(n int)
	all = func(n int) {
		check(string(b))
		if n == 0 {
			return
		}
		for _, c := range pathFlagsAlphabet {
			b = append(b, c)
			all(n - 1)
			b = b[:len(b)-1]
		}
	}
	all(4)
	for n := 1; n <= 64; n++ {
		for at := range n {
			for c := range 256 {
				s := []byte(strings.Repeat("a", n))
				s[at] = byte(c)
				check(string(s))
			}
			for _, pair := range []string{"..", "./", "//", "/."} {
				s := []byte(strings.Repeat("-", n))
				s[at] = pair[0]
				if at+1 < n {
					s[at+1] = pair[1]
				}
				check(string(s))
				// The pair alone among bytes with other flags.
				for i := range s {
					if i != at && i != at+1 {
						s[i] = "A;!%"[i%4]
					}
				}
				check(string(s))
			}
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		s := make([]byte, rng.IntN(81))
		for i := range s {
			s[i] = pathFlagsAlphabet[rng.IntN(len(pathFlagsAlphabet))]
		}
		check(string(s))
	}
}

// TestPathFlagsPage reads strings of every length from 1 to 64 placed
// against the unreadable pages before and after a page, so that a load of
// a byte the string does not hold faults.
func TestPathFlagsPage(t *testing.T) {
	needVec(t)
	page := guardpage.Page(t)
	for n := 1; n <= 64; n++ {
		for _, at := range []int{0, 1, 31, len(page) - 4096/2, len(page) - n - 1, len(page) - n} {
			s := page[at : at+n]
			for i := range s {
				s[i] = "/a.b/A;"[(i+n)%7]
			}
			if got, want := pathFlags(string(s)), pathFlagsGo(string(s)); got != want {
				t.Fatalf("pathFlags(%q) at %d = %#x, pathFlagsGo %#x", s, at, got, want)
			}
		}
	}
}

// FuzzPathFlags checks that pathFlags, with the vector code, gives what
// pathFlagsGo gives.
func FuzzPathFlags(f *testing.F) {
	for _, s := range []string{"/", "/a/b/../c", "/x?y=1", "/%41/;p", "/a\\b", strings.Repeat("/.", 40)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := pathFlags(s), pathFlagsGo(s); got != want {
			t.Fatalf("pathFlags(%q) = %#x, pathFlagsGo %#x", s, got, want)
		}
	})
}
