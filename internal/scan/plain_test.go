package scan_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/tables"
)

// holdsNotPlain is the definition MayHoldPlain implements: a "%", a ";",
// two pair bytes (",", "-", ".", "/") in a row, or a byte >= 0x80.
func holdsNotPlain(s string) bool {
	if strings.ContainsAny(s, "%;") || strings.IndexFunc(s, func(r rune) bool { return r >= 0x80 }) >= 0 {
		return true
	}
	for i := 0; i+1 < len(s); i++ {
		if strings.IndexByte(",-./", s[i]) >= 0 && strings.IndexByte(",-./", s[i+1]) >= 0 {
			return true
		}
	}
	return false
}

// TestMayHoldPlain compares MayHoldPlain with its definition on strings of
// every length up to 40 made of few bytes, among them the neighbours of
// the pair bytes, so that each byte and pair falls at every offset, across
// words and in the last, overlapping one.
func TestMayHoldPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const alphabet = "+,-./0a%;:\xac\xaf"
	for n := 0; n <= 40; n++ {
		for range 3000 {
			b := make([]byte, n)
			for i := range b {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
			s := string(b)
			if got, want := scan.MayHoldPlain(s), holdsNotPlain(s); got != want {
				t.Fatalf("MayHoldPlain(%q) = %t, want %t", s, got, want)
			}
		}
	}
}

// plainModes runs f in each mode of shortLane, whose loads and compares
// PlainFacts shares, and with shortLane off, when PlainFacts runs the Go
// code of plainFactsWords.
func plainModes(t *testing.T, f func(t *testing.T)) {
	for _, mode := range append(scan.ShortLaneModes(), "off") {
		t.Run(mode, func(t *testing.T) {
			defer scan.SetShortLaneMode(mode)()
			f(t)
		})
	}
}

// TestPlainFacts compares the plain facts that WithPlain finds, with the
// vector code of shortLane where there is some, with those of the Go
// code, which TestMayHoldPlain and TestMayEndNumber compare with their
// definitions: on URIs of every length a plain URI may have, made of few
// bytes, with a host and path [hs, pe) anywhere within them (followed by
// a "?", as in a URI), so that each byte and pair falls at every offset
// and at both ends of the range, and schemes of four bytes beginning with
// "f" or not.
func TestPlainFacts(t *testing.T) {
	plainModes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(11, 12))
		const alphabet = "+,-./0aFx%;:\xac\xaf"
		plain := 0
		for n := 1; n <= scan.MaxPlain; n++ {
			for range 300 {
				b := make([]byte, n)
				for i := range b {
					b[i] = alphabet[r.IntN(len(alphabet))]
				}
				pe := r.IntN(n + 1)
				hs := r.IntN(pe + 1)
				he := hs + r.IntN(pe-hs+1)
				if pe < n {
					b[pe] = '?'
				}
				schemeEnd := min(hs, 4+r.IntN(2))
				s := string(b)
				m := scan.MakeMarks(uint32(schemeEnd), uint32(hs), uint32(hs), uint32(he), uint32(he), uint32(pe), uint32(n), scan.HasScheme|scan.HasAuthority, tables.HostRegName)
				got, want := scan.PlainFacts(s, m)
				if got != want {
					t.Fatalf("the plain facts of %q with the host [%d, %d) and the path to %d are %d, the Go code says %d", s, hs, he, pe, got, want)
				}
				if got != 0 {
					plain++
				}
			}
		}
		// Both answers must come up for the comparison to mean much.
		if plain == 0 || plain > scan.MaxPlain*300*9/10 {
			t.Fatalf("%d of %d URIs plain, want some and not nearly all", plain, scan.MaxPlain*300)
		}
	})
}

// TestPlainFactsLong compares the vector code of PlainFacts with the Go
// code on URIs whose path ends past the first 64 bytes, where the vector
// code reads the host and path alone (in blocks with AVX2, in windows with
// AVX-512): mostly letters, with a byte that fails the fact now and then,
// so that many are plain and many not, and each failing byte or pair falls at
// every offset of a block, a window and the range's ends.
func TestPlainFactsLong(t *testing.T) {
	plainModes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(15, 16))
		const fail = ",-./%;\x80"
		var plain, total int
		for n := 65; n <= scan.MaxPlain+3; n++ {
			for range 400 {
				b := make([]byte, n)
				for i := range b {
					b[i] = 'a'
					if r.IntN(n/5) == 0 {
						b[i] = fail[r.IntN(len(fail))]
					}
				}
				pe := 65 + r.IntN(n-64)
				hs := r.IntN(pe)
				he := hs + 1 + r.IntN(pe-hs)
				s := string(b)
				m := scan.MakeMarks(0, uint32(hs), uint32(hs), uint32(he), uint32(he), uint32(pe), uint32(n), scan.HasScheme|scan.HasAuthority, tables.HostRegName)
				got, want := scan.PlainFacts(s, m)
				if got != want {
					t.Fatalf("the plain facts of %q with the host [%d, %d) and the path to %d are %d, the Go code says %d", s, hs, he, pe, got, want)
				}
				total++
				if got != 0 {
					plain++
				}
			}
		}
		if plain < total/5 || plain > total*4/5 {
			t.Fatalf("%d of %d URIs plain, want a fifth to four fifths", plain, total)
		}
	})
}

// TestMayHoldWords compares MayHoldWords with strings.Contains on strings
// of every length up to 40 made of few bytes.
func TestMayHoldWords(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "/.%;a-"
	for n := 0; n <= 40; n++ {
		for range 2000 {
			b := make([]byte, n)
			for i := range b {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
			s := string(b)
			want := strings.ContainsAny(s, "%;") || strings.Contains(s, "/.") || strings.Contains(s, "--")
			if got := scan.MayHoldWords(s); got != want {
				t.Fatalf("MayHoldWords(%q) = %t, want %t", s, got, want)
			}
		}
	}
}

// TestMayEndNumber compares MayEndNumber with its definition on every
// printable ASCII byte, which holds those of a reg-name: ".", a digit,
// "a" to "f" or "x" in either case. (Below 0x20 it may say yes where a
// reg-name has no byte.)
func TestMayEndNumber(t *testing.T) {
	for c := 0x20; c < 256; c++ {
		b := byte(c)
		want := b == '.' || '0' <= b && b <= '9' || 'a' <= b|0x20 && b|0x20 <= 'f' || b|0x20 == 'x'
		if got := scan.MayEndNumber(b); got != want {
			t.Errorf("MayEndNumber(%q) = %t, want %t", b, got, want)
		}
	}
}
