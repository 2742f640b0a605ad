package ascii

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

func TestContainsPair(t *testing.T) {
	tests := []struct {
		s    string
		a, b byte
		want bool
	}{
		{"", '/', '/', false},
		{"/", '/', '/', false},
		{"//", '/', '/', true},
		{"/a/b/c", '/', '/', false},
		{"/a/b//c", '/', '/', true},
		{"/abcdefg/", '/', '/', false},
		{"/abcdefg//", '/', '/', true},
		{"/abcdef//", '/', '/', true}, // across the two rounds
		{"/abcdefghijklmno//", '/', '/', true},
		{"/abcdefghijklmn//", '/', '/', true}, // in the overlapped round
		{"/abcdefghijklmnop/", '/', '/', false},
		{"/abcdefg./", '/', '.', false},
		{"/abcdefg/.", '/', '.', true},
		{"/abcdef./", '/', '.', false}, // "." then "/": the order counts
		{"./././././././.", '/', '/', false},
		{"a.b.c.example.com", '.', '.', false},
		{"a.b.c..example.com", '.', '.', true},
		{"www.example.com..", '.', '.', true},
		{"/\xff\xfe\x7f\x2e/abc", '/', '.', false},
		{"0123456/.", '/', '.', true},
	}
	for _, tt := range tests {
		t.Run(string(tt.a)+string(tt.b)+" in "+tt.s, func(t *testing.T) {
			if got := ContainsPair(tt.s, tt.a, tt.b); got != tt.want {
				t.Errorf("ContainsPair(%q, %q, %q) = %v, want %v", tt.s, tt.a, tt.b, got, tt.want)
			}
		})
	}
}

// TestContainsPairExhaustive compares ContainsPair with strings.Contains on
// every string up to 9 bytes (one round, and two that overlap) over "/",
// ".", which differ by one bit, a letter and a byte above 0x7F.
func TestContainsPairExhaustive(t *testing.T) {
	alphabet := []byte{'/', '.', 'a', 0xAF}
	for _, p := range [][2]byte{{'/', '/'}, {'/', '.'}, {'.', '/'}, {'.', '.'}} {
		buf := make([]byte, 0, 9)
		var walk func()
		walk = func() {
			s := string(buf)
			if got, want := ContainsPair(s, p[0], p[1]), strings.Contains(s, string(p[:])); got != want {
				t.Fatalf("ContainsPair(%q, %q, %q) = %v, want %v", s, p[0], p[1], got, want)
			}
			if len(buf) == cap(buf) {
				return
			}
			for _, c := range alphabet {
				buf = append(buf, c)
				walk()
				buf = buf[:len(buf)-1]
			}
		}
		walk()
	}
}

// TestContainsPairProperty compares ContainsPair with strings.Contains on
// longer strings, where rounds follow rounds.
func TestContainsPairProperty(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 20000
	properties := gopter.NewProperties(params)
	alphabet := "/.a%\xaf"
	properties.Property("ContainsPair is strings.Contains of the pair", prop.ForAll(
		func(s string, a, b bool) bool {
			pair := [2]byte{'.', '.'}
			if a {
				pair[0] = '/'
			}
			if b {
				pair[1] = '/'
			}
			return ContainsPair(s, pair[0], pair[1]) == strings.Contains(s, string(pair[:]))
		},
		gen.SliceOf(gen.IntRange(0, len(alphabet)-1)).Map(func(v []int) string {
			b := make([]byte, len(v))
			for i, k := range v {
				b[i] = alphabet[k]
			}
			return string(b)
		}),
		gen.Bool(),
		gen.Bool(),
	))
	properties.TestingRun(t)
}

func TestValid(t *testing.T) {
	for _, s := range []string{"", "a", "\x7f", "\x80", "abc\xff", "abcd", "abc\x80def", "abcdefgh", "abcdefg\x80", "\x80bcdefgh",
		"abcdefghijklmno", "abcdefghijklmn\xc3", "abcdefgh\xc3ijklmno", "www.example.com", "xn--bcher-kva.example", "bücher.example"} {
		t.Run(s, func(t *testing.T) {
			want := true
			for i := 0; i < len(s); i++ {
				want = want && s[i] < 0x80
			}
			if got := Valid(s); got != want {
				t.Errorf("Valid(%q) = %v, want %v", s, got, want)
			}
		})
	}
}

// TestValidEveryPlace puts one byte above 0x7F at every place of every
// length up to 40, and checks the strings without it too.
func TestValidEveryPlace(t *testing.T) {
	for n := 0; n <= 40; n++ {
		b := []byte(strings.Repeat("a", n))
		if !Valid(string(b)) {
			t.Fatalf("Valid(%q) = false", b)
		}
		for i := range b {
			b[i] = 0x80
			if Valid(string(b)) {
				t.Fatalf("Valid(%q) = true", b)
			}
			b[i] = 'a'
		}
	}
}

func TestEqualLower(t *testing.T) {
	tests := []struct {
		s, lower string
		want     bool
	}{
		{"", "", true},
		{"http", "http", true},
		{"HTTP", "http", true},
		{"hTtP", "http", true},
		{"http", "https", false},
		{"https", "http", false},
		{"JSESSIONID", "jsessionid", true},
		{"@", "`", false},      // the bytes before 'A' and 'a'
		{"[", "{", false},      // and after 'Z' and 'z'
		{"\u212a", "k", false}, // the Kelvin sign lowers to "k" under Unicode, not ASCII
		{"K", "K", false},      // lower must be lower case
	}
	for _, tt := range tests {
		t.Run(tt.s+"="+tt.lower, func(t *testing.T) {
			if got := EqualLower(tt.s, tt.lower); got != tt.want {
				t.Errorf("EqualLower(%q, %q) = %v, want %v", tt.s, tt.lower, got, tt.want)
			}
		})
	}
}

// TestFirstUpper: the index FirstUpper gives, eight bytes at a time, is
// never past the first ASCII upper-case letter and has none before it, and
// is len(s) exactly when there is none; on strings of the bytes around the
// letters' bounds, with and without the high bit.
func TestFirstUpper(t *testing.T) {
	alphabet := []byte{'@', 'A', 'Z', '[', '`', 'a', 'z', '{', 0xC0, 0xC1, 0xDA, 0xDB, 0x7F, 0xFF, 0x00, '%', '/', '0'}
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 20000; n++ {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		s := string(b)
		want := strings.IndexFunc(s, func(c rune) bool { return 'A' <= c && c <= 'Z' })
		if want < 0 {
			want = len(s)
		}
		got := FirstUpper(s)
		if got > want || strings.ContainsAny(s[:got], "ABCDEFGHIJKLMNOPQRSTUVWXYZ") || (got == len(s)) != (want == len(s)) {
			t.Fatalf("FirstUpper(%q) = %d, the first upper-case letter is at %d", s, got, want)
		}
	}
}

// TestLower: Lower, eight bytes at a time, lowers the ASCII
// letters and leaves every other byte, those with the high bit too.
func TestLower(t *testing.T) {
	alphabet := []byte{'@', 'A', 'M', 'Z', '[', '`', 'a', 'z', '{', 0xC0, 0xC1, 0xDA, 0xDB, 0x7F, 0xFF, 0x00, '%', '/', '0'}
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 20000; n++ {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		want := make([]byte, len(b))
		for i, c := range b {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			want[i] = c
		}
		got := append([]byte(nil), b...)
		Lower(got)
		if string(got) != string(want) {
			t.Fatalf("Lower(%q) = %q, want %q", b, got, want)
		}
	}
}
