package idna

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/urilabs/rfc3986/internal/testenv"
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

// nodeNFCScript normalizes every line of its input, a JSON string, to NFC
// with Node's String.prototype.normalize (ICU), and writes it back as
// JSON, a line each.
const nodeNFCScript = `
const rl = require('readline').createInterface({ input: process.stdin, crlfDelay: Infinity });
let out = [];
rl.on('line', (l) => {
  out.push(JSON.stringify(JSON.parse(l).normalize('NFC')));
  if (out.length === 4096) { process.stdout.write(out.join('\n') + '\n'); out = []; }
});
rl.on('close', () => { if (out.length) process.stdout.write(out.join('\n') + '\n'); });
`

// nodeNFC returns the NFC of every input as Node gives it, or skips t when
// node is missing or (but with RFC3986_LONG=1, where it fails) is not of
// the tables' Unicode version.
func nodeNFC(t *testing.T, inputs []string) []string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		testenv.Skip(t, "node, the reference NFC is compared with, is not installed")
	}
	major, minor, _ := strings.Cut(normUnicodeVersion, ".")
	minor, _, _ = strings.Cut(minor, ".")
	v, err := exec.Command(node, "-p", "process.versions.unicode").Output()
	if err != nil {
		t.Fatalf("node -p process.versions.unicode: %v", err)
	}
	if got := strings.TrimSpace(string(v)); got != major+"."+minor {
		why := "node's ICU is of Unicode " + got + ", the tables of " + normUnicodeVersion
		if testenv.Long() {
			t.Fatal(why)
		}
		testenv.Skip(t, why)
	}
	cmd := exec.Command(node, "-e", nodeNFCScript)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	werr := make(chan error, 1)
	go func() {
		w := bufio.NewWriter(stdin)
		enc := json.NewEncoder(w)
		for _, s := range inputs {
			if err := enc.Encode(s); err != nil {
				werr <- err
				return
			}
		}
		if err := w.Flush(); err != nil {
			werr <- err
			return
		}
		werr <- stdin.Close()
	}()
	out := make([]string, 0, len(inputs))
	sc := bufio.NewScanner(stdout)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var s string
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			t.Fatalf("node wrote %q: %v", sc.Bytes(), err)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if err := <-werr; err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	if len(out) != len(inputs) {
		t.Fatalf("node answered %d strings of %d", len(out), len(inputs))
	}
	return out
}

// TestNFCAgainstNode compares nfc, isNFC and the quick check with the NFC
// of Node (ICU, of the tables' Unicode version): the normalization that
// the URL Standard's reference implementation (whatwg-url, tr46) applies.
// The strings: every code point alone; the shapes; every code
// point that normalization concerns (a non-starter, one with a
// decomposition, one that composes, or not NFC_Quick_Check=Yes) followed
// by marks of several classes and by second halves of compositions, alone
// and two at a time; and random sequences of those. With RFC3986_LONG=1
// every code point is followed by the marks, and ten times as many random
// sequences run; with -short, the marks two at a time do not, and a fifth
// as many random sequences.
func TestNFCAgainstNode(t *testing.T) {
	// Marks of classes 1, 7, 8, 9, 10, 129, 216, 220, 230, 240, and code
	// points that compose with what precedes them (Hangul V and T, the
	// Kannada and Sinhala vowel parts, the Tulu-Tigalari and Kirat Rai
	// vowel signs).
	marks := []rune{
		0x0334, 0x0338, 0x093C, 0x3099, 0x094D, 0x05B0, 0x0F71, 0x1D165,
		0x0316, 0x0323, 0x0301, 0x0307, 0x0342, 0x1ACF, 0x0345,
		0x1161, 0x11A8, 0x0CD5, 0x0DCF, 0x113C2, 0x113C9, 0x16D67,
	}
	var concerned, pool []rune
	second := map[rune]bool{}
	first := map[rune]bool{}
	for _, k := range compKey {
		first[rune(k>>21)] = true
		second[rune(k&(1<<21-1))] = true
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		w := normWord(r)
		if w != 0 || first[r] || second[r] || (r >= hangulLBase && r < hangulLBase+hangulLCount) || (r >= hangulSBase && r < hangulSBase+hangulSCount && (r-hangulSBase)%hangulTCount == 0) {
			concerned = append(concerned, r)
		}
		if w&normCCC != 0 || second[r] {
			pool = append(pool, r)
		}
	}

	// The strings go to node a million at a time.
	var inputs []string
	compared, differ := 0, 0
	flush := func() {
		want := nodeNFC(t, inputs)
		for i, s := range inputs {
			got := nfc(s)
			if got != want[i] || isNFC(s) != (s == want[i]) || (quickCheck(s) && s != want[i]) {
				if differ++; differ <= 20 {
					t.Errorf("nfc(%+q) = %+q, isNFC %v, quickCheck %v; Node's NFC is %+q", s, got, isNFC(s), quickCheck(s), want[i])
				}
			}
		}
		compared += len(inputs)
		inputs = inputs[:0]
	}
	add := func(s string) {
		if inputs = append(inputs, s); len(inputs) == 1<<20 {
			flush()
		}
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if utf8.ValidRune(r) {
			add(string(r))
		}
	}
	for _, s := range []string{
		"\U000105d2\u0307", "\U000105c9", "e\u0301", "\u00e9", "\u0065\u0301.\U000105d2\u0307",
		"\u1100\u1161\u11a8", "\uac00\u11a8", "a\u1acf\u0323", "\U0001138b\U000113c5",
		"\U00016d67\U00016d67\U00016d67", "\u0301a", "\u0958", "\u0f73\u0f71\u0f72",
	} {
		add(s)
	}
	bases := concerned
	if testenv.Long() {
		bases = nil
		for r := rune(0); r <= utf8.MaxRune; r++ {
			if utf8.ValidRune(r) {
				bases = append(bases, r)
			}
		}
	}
	for _, r := range bases {
		for _, m := range marks {
			add(string(r) + string(m))
		}
	}
	for _, r := range concerned {
		if testing.Short() {
			break
		}
		for _, m1 := range marks {
			for _, m2 := range marks {
				if m1 != m2 && (m1 < m2 || testenv.Long()) {
					add(string(r) + string(m1) + string(m2))
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(46, 15))
	var b strings.Builder
	for range testenv.Cases(2_000_000) {
		b.Reset()
		if rng.IntN(4) == 0 {
			b.WriteRune(concerned[rng.IntN(len(concerned))])
		} else {
			// Planes 0 to 2, where the assigned code points are, but
			// the surrogates.
			r := rune(rng.IntN(0x30000 - 0x800))
			if r >= 0xD800 {
				r += 0x800
			}
			b.WriteRune(r)
		}
		for range 1 + rng.IntN(6) {
			if rng.IntN(3) == 0 {
				b.WriteRune(marks[rng.IntN(len(marks))])
			} else {
				b.WriteRune(pool[rng.IntN(len(pool))])
			}
		}
		add(b.String())
	}
	flush()
	t.Logf("%d strings compared with Node's NFC (Unicode %s): %d differ", compared, normUnicodeVersion, differ)
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
