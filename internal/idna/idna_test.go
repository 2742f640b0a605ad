package idna

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/urilabs/rfc3986/internal/ascii"
)

func TestToASCII(t *testing.T) {
	url := URLOptions(false)
	strict := URLOptions(true)
	all := Options{CheckHyphens: true, CheckBidi: true, CheckJoiners: true, UseSTD3ASCIIRules: true, VerifyDNSLength: true}
	tests := []struct {
		name     string
		in       string
		opts     Options
		want     string
		wantRule Rule
		wantRune rune
	}{
		{"lower-case ASCII", "www.example.com", url, "www.example.com", 0, 0},
		{"upper-case ASCII", "WWW.Example.COM", url, "www.example.com", 0, 0},
		{"IDN", "Bücher.example", url, "xn--bcher-kva.example", 0, 0},
		{"ideographic full stop", "例え\u3002jp", url, "xn--r8jz45g.jp", 0, 0},
		{"nontransitional keeps ß", "faß.de", url, "xn--fa-hia.de", 0, 0},
		{"transitional maps ß", "faß.de", Options{Transitional: true}, "fass.de", 0, 0},
		{"transitional maps ẞ to ss", "\u1e9e", Options{Transitional: true}, "ss", 0, 0},
		{"nontransitional maps ẞ to ß", "\u1e9e", url, "xn--zca", 0, 0},
		{"soft hyphen ignored", "a\u00adb", url, "ab", 0, 0},
		{"valid xn-- label", "xn--bcher-kva.example", url, "xn--bcher-kva.example", 0, 0},
		{"upper-case xn-- label", "XN--BCHER-KVA.example", url, "xn--bcher-kva.example", 0, 0},
		{"invalid Punycode", "xn--b", url, "", RulePunycode, -1},
		{"valid Punycode of a disallowed code point", "xn--a", url, "", RuleDisallowed, 0x80},
		{"ignored invalid Punycode", "xn--b.ü", Options{IgnoreInvalidPunycode: true}, "xn--b.xn--tda", 0, 0},
		{"Punycode of ASCII", "xn--abc-", url, "", RulePunycode, -1},
		{"empty Punycode", "xn--", url, "", RulePunycode, -1},
		{"non-ASCII after xn--", "xn--tešla", url, "", RulePunycode, -1},
		{"decoded not NFC", "xn--a-ccb", url, "", RuleNFC, -1}, // a + U+0308 (ä decomposed)
		{"decoded xn-- prefix", "xn--xn---epa", url, "", RuleACEPrefix, -1},
		{"hyphens 3-4", "ab--c", all, "", RuleHyphen34, -1},
		{"hyphens 3-4 unchecked", "ab--c", url, "ab--c", 0, 0},
		{"leading hyphen", "-x.com", all, "", RuleHyphenEnds, -1},
		{"trailing hyphen", "x-.com", all, "", RuleHyphenEnds, -1},
		{"leading mark", "\u0300a", url, "", RuleLeadingMark, 0x300},
		{"disallowed", "a\u2ff0b", url, "", RuleDisallowed, 0x2ff0},
		{"STD3", "a_b.com", strict, "", RuleSTD3, '_'},
		{"STD3 after mapping", "a\uff3fb.com", strict, "", RuleSTD3, '_'},
		{"not STD3", "a_b.com", url, "a_b.com", 0, 0},
		{"ZWNJ after virama", "a\u094d\u200cb", url, "xn--ab-fsf604u", 0, 0},
		{"ZWNJ between joining letters", "\u0628\u200c\u0628", url, "xn--ngba799q", 0, 0},
		{"ZWNJ with transparent marks", "\u0628\u064b\u200c\u064b\u0628", url, "xn--ngba8ha8704a", 0, 0},
		{"ZWNJ without context", "a\u200cb", url, "", RuleZWNJ, 0x200c},
		{"ZWNJ before a left-joining letter", "\u0628\u200c\u0627", url, "xn--mgbb899q", 0, 0},
		{"ZWNJ after a right-joining letter", "\u0627\u200c\u0628", url, "", RuleZWNJ, 0x200c},
		{"ZWJ after virama", "\u0dc1\u0dca\u200d\u0dbb\u0dd3", url, "xn--10cl1a0b660p", 0, 0},
		{"ZWJ without virama", "\u200d.example", url, "", RuleZWJ, 0x200d},
		{"joiners unchecked", "a\u200cb", Options{}, "xn--ab-j1t", 0, 0},
		{"bidi: RTL label with L", "\u064aa", url, "", RuleBidi2, 'a'},
		{"bidi: LTR label starting with EN", "1a.\u05d0", url, "", RuleBidi1, '1'},
		{"bidi: RTL label ending in ON", "\u05d0!", url, "", RuleBidi3, '!'},
		{"bidi: EN and AN", "\u05d01\u0661", url, "", RuleBidi4, -1},
		{"bidi: LTR label with R", "a.\u05d0", url, "a.xn--4db", 0, 0},
		{"bidi: LTR label ending in ON", "a!.\u05d0", url, "", RuleBidi6, '!'},
		{"bidi: LTR label with AN", "a\u0661.\u05d0", url, "", RuleBidi5, 0x661},
		{"bidi unchecked", "\u064aa", Options{}, "xn--a-yoc", 0, 0},
		{"DNS length: empty label", "a..b", strict, "", RuleLabelLength, -1},
		{"DNS length: root label", "a.b.", strict, "", RuleLabelLength, -1},
		{"DNS length: label of 64", strings.Repeat("a", 64), strict, "", RuleLabelLength, -1},
		{"DNS length: label of 64 after encoding", strings.Repeat("a", 56) + "ü", strict, "", RuleLabelLength, -1},
		{"DNS length: label of 63", strings.Repeat("a", 63), strict, strings.Repeat("a", 63), 0, 0},
		{"DNS length: domain of 253", strings.Repeat("a.", 126) + "a", strict, strings.Repeat("a.", 126) + "a", 0, 0},
		{"DNS length: domain of 253 and a root label", strings.Repeat("a.", 127), strict, "", RuleLabelLength, -1},
		{"DNS length: domain of 255", strings.Repeat("a.", 127) + "a", strict, "", RuleDomainLength, -1},
		{"DNS length: empty", "", strict, "", RuleDomainLength, -1},
		{"Punycode overflow", strings.Repeat("a", 16400) + "\U00020000", url, "", RuleEncode, -1},
		{"invalid UTF-8", "a\xffb", url, "", RuleDisallowed, 0xfffd},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ToASCII(tt.in, tt.opts)
			if tt.wantRule == 0 {
				if err != nil || got != tt.want {
					t.Fatalf("ToASCII(%+q) = %q, %v; want %q", tt.in, got, err, tt.want)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("ToASCII(%+q) = %q, %v; want an *Error", tt.in, got, err)
			}
			if got != "" || e.Rule != tt.wantRule || e.Rune != tt.wantRune || !errors.Is(err, tt.wantRule) {
				t.Fatalf("ToASCII(%+q) = %q, %v (rule %s, rune %U); want rule %s, rune %U", tt.in, got, err, e.Rule, e.Rune, tt.wantRule, tt.wantRune)
			}
		})
	}
}

func TestDomainToASCII(t *testing.T) {
	tests := []struct {
		in       string
		beStrict bool
		want     string
		wantRule Rule
	}{
		{"example.com", false, "example.com", 0},
		{"EXAMPLE.com", false, "example.com", 0},
		{"xn--a.example", false, "xn--a.example", 0},           // an ASCII domain is only lower-cased
		{"XN--8I7CAA.example", false, "xn--8i7caa.example", 0}, // even when it decodes to mapped code points
		{"xn--b.ß", false, "", RulePunycode},
		{"a%b", false, "", RuleForbidden},
		{"a\uff05b", false, "", RuleForbidden}, // U+FF05 maps to %
		{"a\u2a74b", false, "", RuleForbidden}, // U+2A74 maps to ::=
		{"\x7f", false, "", RuleForbidden},
		{"", false, "", RuleEmpty},
		{"\u200b", false, "", RuleEmpty}, // ignored: nothing is left
		{"xn--b.example", true, "", RulePunycode},
		{"a_b", true, "", RuleSTD3},
		{"-a", true, "", RuleHyphenEnds},
		{"Bücher.example", true, "xn--bcher-kva.example", 0},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%+q,%v", tt.in, tt.beStrict), func(t *testing.T) {
			got, err := DomainToASCII(tt.in, tt.beStrict)
			if tt.wantRule == 0 {
				if err != nil || got != tt.want {
					t.Fatalf("DomainToASCII(%+q, %v) = %q, %v; want %q", tt.in, tt.beStrict, got, err, tt.want)
				}
				return
			}
			if got != "" || !errors.Is(err, tt.wantRule) {
				t.Fatalf("DomainToASCII(%+q, %v) = %q, %v; want rule %s", tt.in, tt.beStrict, got, err, tt.wantRule)
			}
		})
	}
}

func TestToUnicode(t *testing.T) {
	tests := []struct {
		in       string
		want     string
		wantRule Rule
	}{
		{"xn--bcher-kva.example", "bücher.example", 0},
		{"Bücher.EXAMPLE", "bücher.example", 0},
		{"xn--fa-hia.de", "faß.de", 0},
		// On error, the domain is still converted, the faulty label kept.
		{"xn--b.xn--bcher-kva", "xn--b.bücher", RulePunycode},
		{"a\u200cb.xn--bcher-kva", "a\u200cb.bücher", RuleZWNJ},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ToUnicode(tt.in, URLOptions(false))
			if got != tt.want {
				t.Errorf("ToUnicode(%+q) = %+q, want %+q", tt.in, got, tt.want)
			}
			if (tt.wantRule == 0) != (err == nil) || tt.wantRule != 0 && !errors.Is(err, tt.wantRule) {
				t.Errorf("ToUnicode(%+q) error %v, want rule %v", tt.in, err, tt.wantRule)
			}
		})
	}
}

// TestNoAllocs guards the fast path: a lower-case ASCII domain costs no
// allocation.
func TestNoAllocs(t *testing.T) {
	for _, f := range []struct {
		name string
		fn   func()
	}{
		{"DomainToASCII", func() { _, _ = DomainToASCII("www.example.com", false) }},
		{"ToASCII", func() { _, _ = ToASCII("www.example.com", URLOptions(false)) }},
		{"ToASCII strict", func() { _, _ = ToASCII("www.example-1.com", URLOptions(true)) }},
	} {
		if n := testing.AllocsPerRun(100, f.fn); n != 0 {
			t.Errorf("%s allocates %v times, want 0", f.name, n)
		}
	}
}

// idnSamples are IDNs of several scripts, as users write them.
var idnSamples = []string{
	"Bücher.example",
	"例え.テスト",
	"пример.испытание",
	"παράδειγμα.δοκιμή",
	"مثال.إختبار",
	"उदाहरण.परीक्षा",
	"דוגמה.טעסט",
	"실례.테스트",
	"faß.de",
	"www.ŁÓDŹ.pl",
}

func BenchmarkDomainToASCII(b *testing.B) {
	b.Run("ascii", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = DomainToASCII("www.example.com", false)
		}
	})
	b.Run("ascii-upper", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = DomainToASCII("WWW.Example.com", false)
		}
	})
	b.Run("idn", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range idnSamples {
				_, _ = DomainToASCII(s, false)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(idnSamples)), "ns/domain")
	})
	b.Run("punycode-labels", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = DomainToASCII("xn--bcher-kva.xn--r8jz45g.example", true)
		}
	})
}

// asciiDomain generates ASCII domains from a small alphabet rich in what
// the fast path decides on: case, dots, hyphens, "xn--" prefixes, STD3
// and forbidden code points, and long labels.
func asciiDomain() gopter.Gen {
	pieces := []string{"a", "Z", "0", "-", ".", "xn--", "XN--", "_", "%", " ", "\x00", "\x7f", "zca", "b1abfaaepdrnnbgefbadotcwatmq2g4l", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}
	return gen.SliceOf(gen.IntRange(0, len(pieces)-1)).Map(func(idx []int) string {
		var b []byte
		for _, i := range idx {
			b = append(b, pieces[i]...)
		}
		return string(b)
	})
}

func options() gopter.Gen {
	return gen.UInt8().Map(func(m uint8) Options {
		return Options{
			CheckHyphens:          m&1 != 0,
			CheckBidi:             m&2 != 0,
			CheckJoiners:          m&4 != 0,
			UseSTD3ASCIIRules:     m&8 != 0,
			Transitional:          m&16 != 0,
			VerifyDNSLength:       m&32 != 0,
			IgnoreInvalidPunycode: m&64 != 0,
		}
	})
}

// TestPropertyFastPath: for ASCII domains, the fast path of ToASCII
// agrees with full processing whenever it answers, under every option.
// 10,000 cases.
func TestPropertyFastPath(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 10_000
	if testing.Short() {
		params.MinSuccessfulTests = 1_000
	}
	p := gopter.NewProperties(params)
	answered := 0
	p.Property("asciiFast == toASCII", prop.ForAll(func(s string, opts Options) bool {
		fast, ok := asciiFast(s, opts)
		slow, err := toASCII(s, opts)
		if !ok {
			return true
		}
		answered++
		if err != nil || fast != slow {
			t.Errorf("asciiFast(%q, %+v) = %q; toASCII = %q, %v", s, opts, fast, slow, err)
			return false
		}
		return true
	}, asciiDomain(), options()))
	p.TestingRun(t)
	if answered < params.MinSuccessfulTests/10 {
		t.Errorf("the fast path answered %d of %d cases: the generator misses it", answered, params.MinSuccessfulTests)
	}
	t.Logf("the fast path answered %d of %d cases", answered, params.MinSuccessfulTests)
}

func TestIsUnicodeIDN(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"münchen.de", true},
		{"例え.jp", true},
		{"bücher.example.", true},
		{"example.com", false},         // no label is internationalized
		{"München.de", false},          // "M" maps to "m": not vouched for without mapping
		{"mÜnchen.de", false},          // Ü is mapped to ü
		{"１２７.0.0.1", false},           // fullwidth digits map to ASCII digits
		{"a\u3002example", false},      // the ideographic full stop maps to "."
		{"a\u00adb.de", false},         // the soft hyphen is ignored
		{"mu\u0308nchen.de", false},    // not NFC
		{"\u0308a.de", false},          // a leading mark
		{"a\u200db.de", false},         // a joiner out of context
		{"\u05d0\u05d1.1com", false},   // a bidi domain whose ASCII label breaks the bidi rule
		{"\u05d0\u05d1.example", true}, // Hebrew, and an ASCII label that keeps the rule
		{"\u0915\u093f.in", false},     // a Devanagari vowel sign: a mark, not vouched for
		{"\u1100\u1161.kr", false},     // conjoining jamo, which NFC composes
		{"\xff.de", false},
	} {
		t.Run(tt.in, func(t *testing.T) {
			if got := IsUnicodeIDN(tt.in); got != tt.want {
				t.Errorf("IsUnicodeIDN(%+q) = %t, want %t", tt.in, got, tt.want)
			}
			if tt.want {
				a, err := DomainToASCII(tt.in, false)
				if err != nil {
					t.Fatalf("DomainToASCII(%+q): %v, but IsUnicodeIDN accepts it", tt.in, err)
				}
				for l := range strings.SplitSeq(a, ".") {
					if l != "" && !strings.HasPrefix(l, "xn--") && !ascii.Valid(l) {
						t.Errorf("DomainToASCII(%+q) = %q", tt.in, a)
					}
				}
			}
		})
	}
	if n := testing.AllocsPerRun(100, func() { IsUnicodeIDN("münchen.de") }); n != 0 {
		t.Errorf("IsUnicodeIDN allocates %v times", n)
	}
}

// TestNormalizationVersion holds DomainToASCII to the URL Standard's
// reference implementation (whatwg-url 17.3.0 with tr46 6.0.0, Unicode
// 17.0.0, whose answers the table copies) on the shapes where NFC of an
// older Unicode version parts from it: each of the 20 canonical
// compositions that Unicode 16 and 17 added, composed, decomposed,
// decomposed and followed by a mark, with a mark of a lower class between
// (which the composition skips), and the Punycode of the decomposed form
// after a Unicode label (a decoded label not in NFC, criterion 1). The
// decomposed form and the composed one are one host. "" is failure.
func TestNormalizationVersion(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"U+105C9 composed", "\U000105c9", "xn--ev8c"},
		{"U+105C9 decomposed", "\U000105d2\u0307", "xn--ev8c"},
		{"U+105C9 decomposed, then a mark", "\U000105d2\u0307\u0301", "xn--lsa9063k"},
		{"U+105C9 a mark between", "\U000105d2\u0323\u0307", "xn--kta1453k"},
		{"U+105C9 decomposed Punycode after a Unicode label", "\u00e9.xn--rsa5163k", ""},
		{"U+105E4 composed", "\U000105e4", "xn--5v8c"},
		{"U+105E4 decomposed", "\U000105da\u0307", "xn--5v8c"},
		{"U+105E4 decomposed, then a mark", "\U000105da\u0307\u0301", "xn--lsa3663k"},
		{"U+105E4 a mark between", "\U000105da\u0323\u0307", "xn--kta5953k"},
		{"U+105E4 decomposed Punycode after a Unicode label", "\u00e9.xn--rsa1363k", ""},
		{"U+11383 composed", "\U00011383", "xn--sq1d"},
		{"U+11383 decomposed", "\U00011382\U000113c9", "xn--sq1d"},
		{"U+11383 decomposed, then a mark", "\U00011382\U000113c9\u0301", "xn--lsa7360l"},
		{"U+11383 a mark between", "\U00011382\u0323\U000113c9", "xn--kta7650lega"},
		{"U+11383 decomposed Punycode after a Unicode label", "\u00e9.xn--rq1dwe", ""},
		{"U+11385 composed", "\U00011385", "xn--uq1d"},
		{"U+11385 decomposed", "\U00011384\U000113bb", "xn--uq1d"},
		{"U+11385 decomposed, then a mark", "\U00011384\U000113bb\u0301", "xn--lsa1460l"},
		{"U+11385 a mark between", "\U00011384\u0323\U000113bb", "xn--kta1750l0ea"},
		{"U+11385 decomposed Punycode after a Unicode label", "\u00e9.xn--tq1dud", ""},
		{"U+1138E composed", "\U0001138e", "xn--3q1d"},
		{"U+1138E decomposed", "\U0001138b\U000113c2", "xn--3q1d"},
		{"U+1138E decomposed, then a mark", "\U0001138b\U000113c2\u0301", "xn--lsa9560l"},
		{"U+1138E a mark between", "\U0001138b\u0323\U000113c2", "xn--kta5850l0ea"},
		{"U+1138E decomposed Punycode after a Unicode label", "\u00e9.xn--0q1dud", ""},
		{"U+11391 composed", "\U00011391", "xn--6q1d"},
		{"U+11391 decomposed", "\U00011390\U000113c9", "xn--6q1d"},
		{"U+11391 decomposed, then a mark", "\U00011390\U000113c9\u0301", "xn--lsa5660l"},
		{"U+11391 a mark between", "\U00011390\u0323\U000113c9", "xn--kta5950l6ea"},
		{"U+11391 decomposed Punycode after a Unicode label", "\u00e9.xn--5q1dyd", ""},
		{"U+113C5 composed", "\U000113c5", ""},
		{"U+113C5 decomposed", "\U000113c2\U000113c2", ""},
		{"U+113C5 decomposed, then a mark", "\U000113c2\U000113c2\u0301", ""},
		{"U+113C5 a mark between", "\U000113c2\u0323\U000113c2", ""},
		{"U+113C5 decomposed Punycode after a Unicode label", "\u00e9.xn--ls1da", ""},
		{"U+113C7 composed", "\U000113c7", ""},
		{"U+113C7 decomposed", "\U000113c2\U000113b8", ""},
		{"U+113C7 decomposed, then a mark", "\U000113c2\U000113b8\u0301", ""},
		{"U+113C7 a mark between", "\U000113c2\u0323\U000113b8", ""},
		{"U+113C7 decomposed Punycode after a Unicode label", "\u00e9.xn--bs1dta", ""},
		{"U+113C8 composed", "\U000113c8", ""},
		{"U+113C8 decomposed", "\U000113c2\U000113c9", ""},
		{"U+113C8 decomposed, then a mark", "\U000113c2\U000113c9\u0301", ""},
		{"U+113C8 a mark between", "\U000113c2\u0323\U000113c9", ""},
		{"U+113C8 decomposed Punycode after a Unicode label", "\u00e9.xn--ls1doa", ""},
		{"U+16121 composed", "\U00016121", ""},
		{"U+16121 decomposed", "\U0001611e\U0001611e", ""},
		{"U+16121 decomposed, then a mark", "\U0001611e\U0001611e\u0301", ""},
		{"U+16121 a mark between", "\U0001611e\u0323\U0001611e", ""},
		{"U+16121 decomposed Punycode after a Unicode label", "\u00e9.xn--fy7ea", ""},
		{"U+16122 composed", "\U00016122", ""},
		{"U+16122 decomposed", "\U0001611e\U00016129", ""},
		{"U+16122 decomposed, then a mark", "\U0001611e\U00016129\u0301", ""},
		{"U+16122 a mark between", "\U0001611e\u0323\U00016129", ""},
		{"U+16122 decomposed Punycode after a Unicode label", "\u00e9.xn--fy7ewa", ""},
		{"U+16123 composed", "\U00016123", ""},
		{"U+16123 decomposed", "\U0001611e\U0001611f", ""},
		{"U+16123 decomposed, then a mark", "\U0001611e\U0001611f\u0301", ""},
		{"U+16123 a mark between", "\U0001611e\u0323\U0001611f", ""},
		{"U+16123 decomposed Punycode after a Unicode label", "\u00e9.xn--fy7ec", ""},
		{"U+16124 composed", "\U00016124", ""},
		{"U+16124 decomposed", "\U00016129\U0001611f", ""},
		{"U+16124 decomposed, then a mark", "\U00016129\U0001611f\u0301", ""},
		{"U+16124 a mark between", "\U00016129\u0323\U0001611f", ""},
		{"U+16124 decomposed Punycode after a Unicode label", "\u00e9.xn--gy7eta", ""},
		{"U+16125 composed", "\U00016125", ""},
		{"U+16125 decomposed", "\U0001611e\U00016120", ""},
		{"U+16125 decomposed, then a mark", "\U0001611e\U00016120\u0301", ""},
		{"U+16125 a mark between", "\U0001611e\u0323\U00016120", ""},
		{"U+16125 decomposed Punycode after a Unicode label", "\u00e9.xn--fy7ee", ""},
		{"U+16126 composed", "\U00016126", ""},
		{"U+16126 decomposed", "\U0001611e\U0001611e\U0001611f", ""},
		{"U+16126 decomposed, then a mark", "\U0001611e\U0001611e\U0001611f\u0301", ""},
		{"U+16126 a mark between", "\U0001611e\u0323\U0001611e\U0001611f", ""},
		{"U+16126 decomposed Punycode after a Unicode label", "\u00e9.xn--fy7ead", ""},
		{"U+16127 composed", "\U00016127", ""},
		{"U+16127 decomposed", "\U0001611e\U00016129\U0001611f", ""},
		{"U+16127 decomposed, then a mark", "\U0001611e\U00016129\U0001611f\u0301", ""},
		{"U+16127 a mark between", "\U0001611e\u0323\U00016129\U0001611f", ""},
		{"U+16127 decomposed Punycode after a Unicode label", "\u00e9.xn--fy7ec3a", ""},
		{"U+16128 composed", "\U00016128", ""},
		{"U+16128 decomposed", "\U0001611e\U0001611e\U00016120", ""},
		{"U+16128 decomposed, then a mark", "\U0001611e\U0001611e\U00016120\u0301", ""},
		{"U+16128 a mark between", "\U0001611e\u0323\U0001611e\U00016120", ""},
		{"U+16128 decomposed Punycode after a Unicode label", "\u00e9.xn--fy7eag", ""},
		{"U+16D68 composed", "\U00016d68", "xn--bj0f"},
		{"U+16D68 decomposed", "\U00016d67\U00016d67", "xn--bj0f"},
		{"U+16D68 decomposed, then a mark", "\U00016d67\U00016d67\u0301", "xn--lsa3666p"},
		{"U+16D68 a mark between", "\U00016d67\u0323\U00016d67", "xn--kta3956pba"},
		{"U+16D68 decomposed Punycode after a Unicode label", "\u00e9.xn--9i0fa", ""},
		{"U+16D69 composed", "\U00016d69", "xn--cj0f"},
		{"U+16D69 decomposed", "\U00016d63\U00016d67", "xn--cj0f"},
		{"U+16D69 decomposed, then a mark", "\U00016d63\U00016d67\u0301", "xn--lsa5666p"},
		{"U+16D69 a mark between", "\U00016d63\u0323\U00016d67", "xn--kta5856pna"},
		{"U+16D69 decomposed Punycode after a Unicode label", "\u00e9.xn--5i0fia", ""},
		{"U+16D6A composed", "\U00016d6a", "xn--dj0f"},
		{"U+16D6A decomposed", "\U00016d63\U00016d67\U00016d67", "xn--dj0f"},
		{"U+16D6A decomposed, then a mark", "\U00016d63\U00016d67\U00016d67\u0301", "xn--lsa7666p"},
		{"U+16D6A a mark between", "\U00016d63\u0323\U00016d67\U00016d67", "xn--kta5856pqa"},
		{"U+16D6A decomposed Punycode after a Unicode label", "\u00e9.xn--5i0fiaa", ""},
		// An ASCII domain is only lower-cased (the Standard's fallback).
		{"decomposed Punycode alone", "xn--rq1dwe", "xn--rq1dwe"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DomainToASCII(tt.in, false)
			if tt.want == "" {
				if err == nil {
					t.Errorf("DomainToASCII(%+q) = %q, want failure", tt.in, got)
				}
				return
			}
			if err != nil {
				t.Fatalf("DomainToASCII(%+q) error %v, want %q", tt.in, err, tt.want)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("DomainToASCII(%+q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
