package scan_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/internal/testenv"
	"github.com/urilabs/rfc3986/tables"
)

// ucsRuns are the runs the block check reads characters in: those of the
// lane, the host's, the path's, the query's and the fragment's.
var ucsRuns = []tables.Set{
	scan.Run[scan.AuthorityRegName], scan.Run[scan.WithinPath], scan.Run[scan.WithinQuery], scan.Run[scan.WithinFragment],
}

// passes says whether the block check reads x, after "ab" and before "a",
// to the end, in the run of the query, which holds iprivate too: as the
// Go twin of the vector code does it, and as the portable code does.
func passes(t *testing.T, x string) bool {
	t.Helper()
	s := "ab" + x + "a"
	twin := scan.UCSRunEndTwin(s, 2, scan.Run[scan.WithinQuery]) == uint(len(s))
	portable := scan.UCSRunEnd(s, 2, scan.Run[scan.WithinQuery], false) == uint(len(s))
	if twin != portable {
		t.Fatalf("the block check passes %q: %v with the Go twin of the vector code, %v with the portable code", x, twin, portable)
	}
	return twin
}

// TestUCSPassesOnlyUCSChar reads the UTF-8 of every scalar value from U+0080
// on: the block check may pass only the characters of ucschar (kindOf, the
// text of the RFC), and must pass those of the scripts it is made for, so
// that it is fast where it claims to be.
func TestUCSPassesOnlyUCSChar(t *testing.T) {
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if 0xD800 <= r && r <= 0xDFFF {
			continue
		}
		x := string(r)
		got := passes(t, x)
		if got && kindOf(r) != scan.UTF8UCS {
			t.Fatalf("the block check passes %U (%q), which is not ucschar", r, x)
		}
		lead := x[0]
		fast := len(x) == 2 && r >= 0xC0 || len(x) == 3 && lead != 0xE2 && lead != 0xEE && lead != 0xEF
		if fast && !got {
			t.Fatalf("the block check leaves %U (%q) to the UTF-8 automaton", r, x)
		}
	}
}

// TestUCSPassesOnlyUTF8 reads every string of one byte >= 0x80 and one
// more, and of three bytes with a first byte >= 0xC0 and a third around the
// edges of the encoding: whatever the block check passes is UTF-8 of
// ucschar.
func TestUCSPassesOnlyUTF8(t *testing.T) {
	check := func(x string) {
		if !passes(t, x) {
			return
		}
		if !utf8.ValidString(x) {
			t.Fatalf("the block check passes %q, which is not UTF-8", x)
		}
		for _, r := range x {
			if r >= 0x80 && kindOf(r) != scan.UTF8UCS {
				t.Fatalf("the block check passes %U in %q, which is not ucschar", r, x)
			}
		}
	}
	edges := []byte{0x00, 0x25, 0x2F, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xC3, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF}
	for a := 0x80; a < 0x100; a++ {
		for b := 0; b < 0x100; b++ {
			check(string([]byte{byte(a), byte(b)}))
			if a < 0xC0 {
				continue
			}
			for _, c := range edges {
				check(string([]byte{byte(a), byte(b), c}))
				check(string([]byte{byte(a), byte(b), c, 0x80}))
			}
		}
	}
}

// ucsPieces are what the inputs of TestUCSRunEndVector are made of:
// bytes of the runs and delimiters, characters the block check passes and
// characters it leaves, and bytes that are no UTF-8 or only part of it.
var ucsPieces = []string{
	"a", "Z", "0", "-", ".", "/", "?", "#", "%", "%4F", ":", "@", "[", " ", "\x7f",
	"à", "ÿ", "ぁ", "パ", "例", "한", "\u0800", "\ud7ff", "\u00a0", "\u00bf",
	"😀", "\U00010000", "\U0001fffd", "\U000e1000", "\U000efffd",
	"\u200e", "\u202a", "\u2013", "\ue000", "\uf8ff", "\uf900", "\ufdd0", "\ufdef", "\ufffd", "\uffef", "\ufff0",
	"\U0001fffe", "\U0001ffff", "\U000f0000", "\U0010fffd", "\U0010ffff",
	"\x80", "\xbf", "\xc0\x80", "\xc1\xbf", "\xc2\x80", "\xc2\x9f", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xed\xa0\x80", "\xed\xbf\xbf",
	"\xf0\x80\x80\x80", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff", "\xfe",
	"\xc3", "\xe3", "\xe3\x81", "\xf0", "\xf0\x9f", "\xf0\x9f\x98",
}

// randomUCSInput returns an input made of ucsPieces, mostly of the
// characters the block check passes and of letters, so that runs are long.
func randomUCSInput(rng *rand.Rand, n int) string {
	var b strings.Builder
	for b.Len() < n {
		switch k := rng.Intn(10); {
		case k < 4:
			b.WriteString(ucsPieces[15+rng.Intn(6)])
		case k < 7:
			b.WriteByte("abcdefghij"[rng.Intn(10)])
		default:
			b.WriteString(ucsPieces[rng.Intn(len(ucsPieces))])
		}
	}
	return b.String()
}

// TestUCSRunEndVector compares the vector code of the block check with its
// Go twin in each of the loops it has here, on random inputs and on each
// of ucsPieces at every offset around the ends of blocks of 32 and 64
// bytes and of the input.
func TestUCSRunEndVector(t *testing.T) {
	modes := 0
	for _, mode := range scan.RunModes() {
		restore := scan.SetRunMode(mode)
		if !scan.HasUCSVector() {
			restore()
			continue
		}
		modes++
		t.Run(mode, func(t *testing.T) {
			defer restore()
			check := func(s string, i uint, r tables.Set) {
				t.Helper()
				stop, marked := scan.UCSRunEndVector(s, i, r)
				wantStop, wantMarked := scan.UCSRunEndWords(s, i, r)
				if stop != wantStop || marked != wantMarked {
					t.Fatalf("ucsRunEndVector(%q, %d, %#x) = %d, %v; the Go twin says %d, %v", s, i, r, stop, marked, wantStop, wantMarked)
				}
			}
			for _, piece := range ucsPieces {
				for _, n := range []int{scan.MinUCSVector, 40, 63, 64, 65, 66, 70, 100, 129, 200} {
					for at := 0; at+len(piece) <= n; at++ {
						if at > 4 && at < n-len(piece)-4 && at%32 > 4 && at%32 < 28 {
							continue
						}
						s := strings.Repeat("a", at) + piece + strings.Repeat("ぁ", n)
						s = s[:n]
						for _, i := range []uint{2, 3, uint(at) &^ 1, 31, 33, 62} {
							if i >= 2 && i < uint(n) {
								for _, r := range ucsRuns {
									check(s, i, r)
								}
							}
						}
					}
				}
			}
			rng := rand.New(rand.NewSource(1))
			for k := 0; k < testenv.Cases(20000); k++ {
				s := randomUCSInput(rng, scan.MinUCSVector+rng.Intn(300))
				check(s, uint(2+rng.Intn(len(s)-2)), ucsRuns[rng.Intn(len(ucsRuns))])
			}
		})
	}
	if modes == 0 {
		t.Skip("no vector code for the block check here: the Go twin is all there is")
	}
}

// TestIRIBlockEdges checks that Scan reads IRIs as stepping every byte does
// with each of ucsPieces in the host, the path, the query and the
// fragment, at every offset around the ends of the blocks and of the
// input, after characters of two and three bytes.
func TestIRIBlockEdges(t *testing.T) {
	o := scan.Options{IRI: true}
	for _, piece := range ucsPieces {
		for _, shape := range []string{
			"http://ex%sample.com/path",
			"http://example.com/%s",
			"http://example.com/パス/%s/パス",
			"https://example.com/àé?%s",
			"https://example.com/àé?q=値%s#パ",
			"http://example.com/ぁ#%s",
			"/ぁ/%s",
			"//user%s@host/ぁ",
		} {
			for pad := 0; pad < 72; pad++ {
				var pads []string
				pads = append(pads, strings.Repeat("a", pad))
				if pad%3 == 0 {
					pads = append(pads, strings.Repeat("ぁ", pad/3))
				}
				if pad%2 == 0 {
					pads = append(pads, strings.Repeat("é", pad/2))
				}
				for _, p := range pads {
					s := fmt.Sprintf(shape, p+piece)
					checkAgreeWith(t, s, o)
					checkAgreeWith(t, s+"ぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁ", o)
				}
			}
		}
	}
}

// FuzzIRISkipEqualsStep checks on arbitrary input read as an IRI that
// Scan, with the block check of characters and the IRI's lane, gives
// exactly what stepping the automaton over every byte gives, the offset
// and reason of a failure too.
func FuzzIRISkipEqualsStep(f *testing.F) {
	f.Add("https://example.com/パス/ぁぃぅ/àéî?q=値&r=é#断片")
	f.Add("https://example.com/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaé/ぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁ\xe3\x81")
	f.Add("http://example.com/àààààààààààààààààààààààààààààààààààà\u2013\u200e")
	f.Add("http://example.com/ぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁ?\ue000\U000f0000#\ue000")
	f.Add("http://example.com/ぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁ\xed\xa0\x80\xc0\xaf\xef\xbf\xbe\U0001fffe")
	f.Add("http://aé.example/ぁ%41ぁ%4gぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁぁ#ぁ#")
	f.Fuzz(func(t *testing.T, s string) {
		checkAgreeWith(t, s, scan.Options{IRI: true})
	})
}
