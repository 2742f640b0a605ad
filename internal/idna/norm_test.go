package idna

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestNFC(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"ASCII", "www.example.com", "www.example.com"},
		{"composed", "bücher", "bücher"},
		{"decomposed", "bu\u0308cher", "bücher"},
		{"singleton", "\u212b", "\u00c5"}, // ANGSTROM SIGN is Å
		{"excluded composite", "\u0958", "\u0915\u093c"},
		{"marks reordered", "a\u0301\u0323", "\u1ea1\u0301"}, // dot below (220) before acute (230), then ạ composes
		{"blocked by a mark of the same class", "a\u0301\u0301", "\u00e1\u0301"},
		{"not blocked by a lower class", "a\u0323\u0302", "\u1ead"},
		{"leading non-starter", "\u0301a", "\u0301a"},
		{"Hangul LV", "\u1100\u1161", "\uac00"},
		{"Hangul LVT", "\u1100\u1161\u11a8", "\uac01"},
		{"Hangul LV and T", "\uac00\u11a8", "\uac01"},
		{"Hangul syllable kept", "실례", "실례"},
		{"Hangul LVT and T", "\uac01\u11a8", "\uac01\u11a8"},
		// Compositions that Unicode 16 added, unknown to Unicode 15.0 tables.
		{"Todhri", "\U000105d2\u0307", "\U000105c9"},
		{"Todhri with a mark between", "\U000105d2\u0323\u0307", "\U000105c9\u0323"},
		{"Tulu-Tigalari", "\U00011382\U000113c9", "\U00011383"},
		{"Tulu-Tigalari vowel signs", "\U000113c2\U000113c2", "\U000113c5"},
		{"Tulu-Tigalari decomposed composite recomposes", "\U0001138b\U000113c5", "\U0001138e\U000113c2"},
		{"Gurung Khema", "\U0001611e\U0001611e", "\U00016121"},
		{"Kirat Rai", "\U00016d67\U00016d67", "\U00016d68"},
		{"Kirat Rai three", "\U00016d67\U00016d67\U00016d67", "\U00016d68\U00016d67"},
		// A mark Unicode 17 added (U+1ACF, class 230) reorders with the others.
		{"Unicode 17 mark", "a\u1acf\u0323", "\u1ea1\u1acf"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := nfc(tt.in)
			if diff := cmp.Diff(fmt.Sprintf("%+q", tt.want), fmt.Sprintf("%+q", got)); diff != "" {
				t.Errorf("nfc(%+q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(tt.in == tt.want, isNFC(tt.in)); diff != "" {
				t.Errorf("isNFC(%+q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestNFCNoAllocs guards the fast path: a string the quick check passes
// is returned as it is.
func TestNFCNoAllocs(t *testing.T) {
	for _, s := range []string{"www.example.com", "bücher.example", "例え.テスト", "실례.테스트", "\U000105c9"} {
		if !quickCheck(s) {
			t.Errorf("quickCheck(%+q) = false, want true", s)
		}
		if n := testing.AllocsPerRun(100, func() { _ = nfc(s); _ = isNFC(s) }); n != 0 {
			t.Errorf("nfc(%+q) allocates %v times, want 0", s, n)
		}
	}
}

// TestQuickCheck holds the quick check to the full algorithm on every
// code point alone and after "a": when it says yes, NFC leaves the string
// as it is.
func TestQuickCheck(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		for _, s := range []string{string(r), "a" + string(r)} {
			if quickCheck(s) && nfcSlow(s) != s {
				t.Fatalf("quickCheck(%+q) = true, but NFC is %+q", s, nfcSlow(s))
			}
		}
	}
}

// TestNormalizationTest runs the NFC columns of UAX #15's conformance file
// of the tables' Unicode version (testdata/unicode/NormalizationTest.txt.gz),
// every row:
//
//	c2 == toNFC(c1) == toNFC(c2) == toNFC(c3)
//	c4 == toNFC(c4) == toNFC(c5)
//
// and, for every code point X not in part 1, toNFC(X) == X.
func TestNormalizationTest(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", "testdata", "unicode", "NormalizationTest.txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(z)
	if !sc.Scan() || sc.Text() != "# NormalizationTest-"+normUnicodeVersion+".txt" {
		t.Fatalf("NormalizationTest.txt.gz begins %q, want the file of Unicode %s", sc.Text(), normUnicodeVersion)
	}
	part, rows, failed := "", 0, 0
	part1 := map[rune]bool{}
	for n := 2; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "@") {
			part = strings.TrimSpace(line)
			continue
		}
		fields := strings.Split(line, ";")
		if len(fields) != 6 {
			t.Fatalf("line %d: %d fields", n, len(fields))
		}
		var c [6]string
		for i, fld := range fields[:5] {
			for _, h := range strings.Fields(fld) {
				v, err := strconv.ParseUint(h, 16, 32)
				if err != nil {
					t.Fatalf("line %d: %v", n, err)
				}
				c[i+1] += string(rune(v))
			}
		}
		if part == "@Part1" {
			r, _ := utf8.DecodeRuneInString(c[1])
			part1[r] = true
		}
		rows++
		checks := []struct{ col, want int }{{1, 2}, {2, 2}, {3, 2}, {4, 4}, {5, 4}}
		for _, ck := range checks {
			if got := nfc(c[ck.col]); got != c[ck.want] {
				if failed++; failed <= 20 {
					t.Errorf("line %d: nfc(c%d %+q) = %+q, want c%d %+q", n, ck.col, c[ck.col], got, ck.want, c[ck.want])
				}
			}
		}
		if !isNFC(c[2]) || !isNFC(c[4]) {
			if failed++; failed <= 20 {
				t.Errorf("line %d: isNFC(c2 %+q) = %v, isNFC(c4 %+q) = %v, want true", n, c[2], isNFC(c[2]), c[4], isNFC(c[4]))
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(part1) < 1000 {
		t.Fatalf("part 1 has %d code points; the file was not read", len(part1))
	}
	others := 0
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) || part1[r] {
			continue
		}
		others++
		if got := nfc(string(r)); got != string(r) {
			if failed++; failed <= 20 {
				t.Errorf("nfc(%+q) = %+q; a code point not in part 1 is its own NFC", string(r), got)
			}
		}
	}
	t.Logf("%d rows, %d code points of part 1, %d other code points: %d failures", rows, len(part1), others, failed)
}

// nfd is the canonical decomposition of s, for FuzzNFC.
func nfd(s string) []rune {
	var rs []rune
	for _, r := range s {
		rs = decompose(rs, r)
	}
	reorder(rs)
	return rs
}

// FuzzNFC checks NFC's properties: it is idempotent, its result is in NFC
// and canonically equivalent to the input (one canonical decomposition),
// isNFC(s) says whether NFC leaves s as it is, and a string that the quick
// check passes is left as it is.
func FuzzNFC(f *testing.F) {
	for _, s := range []string{
		"bu\u0308cher", "\u212b", "a\u0301\u0323", "\u1100\u1161\u11a8", "\uac00\u11a8",
		"\U000105d2\u0307", "\U0001138b\U000113c5", "\U00016d67\U00016d67\U00016d67",
		"\u0301a", "a\u1acf\u0323", "\u0958", "a\xffb",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := nfc(s)
		if n2 := nfc(n); n2 != n {
			t.Fatalf("nfc(%+q) = %+q, and nfc of that %+q", s, n, n2)
		}
		if !isNFC(n) {
			t.Fatalf("isNFC(nfc(%+q) = %+q) = false", s, n)
		}
		if isNFC(s) != (n == s) {
			t.Fatalf("isNFC(%+q) = %v, but nfc gives %+q", s, isNFC(s), n)
		}
		if quickCheck(s) && n != s {
			t.Fatalf("quickCheck(%+q) = true, but nfc gives %+q", s, n)
		}
		if a, b := nfd(s), nfd(n); !slices.Equal(a, b) {
			t.Fatalf("nfc(%+q) = %+q is not canonically equivalent: %U and %U", s, n, a, b)
		}
	})
}

func BenchmarkNFC(b *testing.B) {
	for _, s := range []string{"www.example.com", "bücher.example", "bu\u0308cher.example", "실례.테스트"} {
		b.Run(fmt.Sprintf("%+q", s), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = nfc(s)
			}
		})
	}
}
