package scan_test

import (
	"testing"
	"unicode/utf8"

	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/internal/scan"
)

// kindOf classifies a scalar value >= 0x80 as RFC 3987 does, written here
// again from the text of section 2.2 and 4.1, apart from the generator's.
func kindOf(r rune) scan.UTF8State {
	switch {
	case r == 0x200E || r == 0x200F || 0x202A <= r && r <= 0x202E: // §4.1
		return scan.UTF8Disallowed
	case 0xA0 <= r && r <= 0xD7FF, 0xF900 <= r && r <= 0xFDCF, 0xFDF0 <= r && r <= 0xFFEF,
		0x10000 <= r && r <= 0xDFFFD && r&0xFFFF <= 0xFFFD, 0xE1000 <= r && r <= 0xEFFFD: // ucschar
		return scan.UTF8UCS
	case 0xE000 <= r && r <= 0xF8FF, 0xF0000 <= r && r <= 0xFFFFD, 0x100000 <= r && r <= 0x10FFFD: // iprivate
		return scan.UTF8Private
	}
	return scan.UTF8Disallowed
}

// TestUTF8Characters reads the UTF-8 of every scalar value from U+0080 on
// with the generated automaton.
func TestUTF8Characters(t *testing.T) {
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if 0xD800 <= r && r <= 0xDFFF {
			continue
		}
		s := string(r) + "/"
		k, end := scan.ReadCharacter(s, 0)
		if want := kindOf(r); k != want || int(end) != utf8.RuneLen(r) {
			t.Fatalf("ReadCharacter(%q) = %d, %d; want %d, %d", s, k, end, want, utf8.RuneLen(r))
		}
	}
}

// validPrefixes are the proper prefixes of the UTF-8 of the scalar values
// beyond US-ASCII, the empty one included.
var validPrefixes = func() map[string]bool {
	m := map[string]bool{"": true}
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if 0xD800 <= r && r <= 0xDFFF {
			continue
		}
		s := string(r)
		for k := 1; k < len(s); k++ {
			m[s[:k]] = true
		}
	}
	return m
}()

// checkInvalid checks ReadCharacter on s against package utf8: it fails
// exactly when s does not begin with a character, at the first byte that
// no character can have there.
func checkInvalid(t *testing.T, s string) {
	t.Helper()
	k, end := scan.ReadCharacter(s, 0)
	r, size := utf8.DecodeRuneInString(s)
	valid := size > 1 || r >= utf8.RuneSelf && r != utf8.RuneError
	if (k != scan.UTF8Invalid) != valid {
		t.Fatalf("ReadCharacter(%q) = %d, %d; package utf8 decodes %U, %d", s, k, end, r, size)
	}
	if k != scan.UTF8Invalid {
		if int(end) != size {
			t.Fatalf("ReadCharacter(%q) ends at %d, want %d", s, end, size)
		}
		return
	}
	if !validPrefixes[s[:end]] || int(end) < len(s) && (validPrefixes[s[:end+1]] || utf8.ValidString(s[:end+1])) {
		t.Fatalf("ReadCharacter(%q) fails at %d, not at the first byte that cannot follow", s, end)
	}
}

// TestUTF8Invalid compares the automaton with package utf8 on every
// two-byte string that begins with a byte >= 0x80, and on three- and
// four-byte strings around the edges of the encoding.
func TestUTF8Invalid(t *testing.T) {
	for a := 0x80; a < 0x100; a++ {
		for b := 0; b < 0x100; b++ {
			checkInvalid(t, string([]byte{byte(a), byte(b)}))
		}
	}
	edges := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF}
	for _, a := range []byte{0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4} {
		for _, b := range edges {
			for _, c := range edges {
				for _, d := range edges {
					checkInvalid(t, string([]byte{a, b, c, d}))
				}
				checkInvalid(t, string([]byte{a, b, c}))
			}
		}
	}
}

// TestIRISkipEqualsStep checks, for IRIs, that skipping runs gives what
// stepping every byte gives, on generated IRIs near valid ones.
func TestIRISkipEqualsStep(t *testing.T) {
	o := scan.Options{IRI: true}
	for _, s := range []string{
		"https://例え.jp/パス", "http://ü:ü@ü/ü?ü#ü", "/\ue000", "?\ue000", "a\u200e", "http://a/\xff",
		"https://example.com/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaé/aaaaaaaaaaaaaaaaa?aaaaaaaaaaaaaaaaaaé#aaaaaaaaaaaaaaé",
	} {
		checkAgreeWith(t, s, o)
	}
	p := properties(t)
	p.Property("mutated IRIs", prop.ForAll(func(s string) bool {
		return checkAgreeWith(t, s, o)
	}, genOf(reference.IRIMutated())))
	p.TestingRun(t)
}

func TestScanIRIAllocatesNothing(t *testing.T) {
	o := scan.Options{IRI: true}
	if n := testing.AllocsPerRun(100, func() {
		scan.Scan("https://例え.jp/パス?q=値#断片", o)
		scan.Scan("http://a/\xff", o)
	}); n != 0 {
		t.Errorf("Scan allocates %v times per run reading an IRI, want 0", n)
	}
}
