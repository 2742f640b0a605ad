package idna

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// The sample strings of RFC 3492 §7.1 (the letter is the RFC's).
var punycodeSamples = []struct {
	name    string
	decoded string
	encoded string
}{
	{"A Arabic (Egyptian)", "\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F", "egbpdaj6bu4bxfgehfvwxn"},
	{"B Chinese (simplified)", "\u4ED6\u4EEC\u4E3A\u4EC0\u4E48\u4E0D\u8BF4\u4E2D\u6587", "ihqwcrb4cv8a8dqg056pqjye"},
	{"I Russian (Cyrillic)", "\u043F\u043E\u0447\u0435\u043C\u0443\u0436\u0435\u043E\u043D\u0438\u043D\u0435\u0433\u043E\u0432\u043E\u0440\u044F\u0442\u043F\u043E\u0440\u0443\u0441\u0441\u043A\u0438", "b1abfaaepdrnnbgefbadotcwatmq2g4l"},
	{"L 3<nen>B<gumi><kinpachi><sensei>", "3\u5E74B\u7D44\u91D1\u516B\u5148\u751F", "3B-ww4c5e180e575a65lsy2b"},
	{"M <amuro><namie>-with-SUPER-MONKEYS", "\u5B89\u5BA4\u5948\u7F8E\u6075-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"},
	{"S -> $1.00 <-", "-> $1.00 <-", "-> $1.00 <--"},
}

func TestPunycodeSamples(t *testing.T) {
	for _, s := range punycodeSamples {
		t.Run(s.name, func(t *testing.T) {
			enc, ok := punyEncode(nil, []rune(s.decoded))
			if !ok || string(enc) != s.encoded {
				t.Errorf("punyEncode(%+q) = %q, %v; want %q", s.decoded, enc, ok, s.encoded)
			}
			dec, ok := punyDecode(nil, s.encoded)
			if !ok || string(dec) != s.decoded {
				t.Errorf("punyDecode(%q) = %+q, %v; want %+q", s.encoded, string(dec), ok, s.decoded)
			}
			// §5: the digits are case-insensitive.
			dec, ok = punyDecode(nil, strings.ToUpper(s.encoded))
			if want := strings.ToUpper(s.decoded); ok && string(dec) != want && !strings.ContainsFunc(s.decoded, func(r rune) bool { return r >= 0x80 }) {
				t.Errorf("punyDecode(upper %q) = %+q, want %+q", s.encoded, string(dec), want)
			}
			if !ok {
				t.Errorf("punyDecode(upper %q) failed", s.encoded)
			}
		})
	}
}

// encodeRunes encodes code points, even those that are no scalar value.
func encodeRunes(t *testing.T, rs ...rune) string {
	enc, ok := punyEncode(nil, rs)
	if !ok {
		t.Fatalf("punyEncode(%U) failed", rs)
	}
	return string(enc)
}

func TestPunycodeInvalid(t *testing.T) {
	tests := []struct {
		name, in string
	}{
		{"non-basic code point", "tešla"},
		{"not a digit", "ls8h="},
		{"truncated number", "b"},
		{"delimiter first", "-abc"},
		{"overflow of i", "99999999999"},
		{"beyond U+10FFFF", encodeRunes(t, 0x110000)},
		{"surrogate", encodeRunes(t, 'a', 0xD800)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, ok := punyDecode(nil, tt.in); ok {
				t.Errorf("punyDecode(%q) = %+q, want failure", tt.in, string(got))
			}
		})
	}
}

// distinct returns n consecutive code points from first.
func distinct(first rune, n int) []rune {
	rs := make([]rune, n)
	for i := range rs {
		rs[i] = first + rune(i)
	}
	return rs
}

// BenchmarkPunycodeLong encodes and decodes a label of 20,000 distinct
// ideographs, quadratic work for the RFC's loops.
func BenchmarkPunycodeLong(b *testing.B) {
	label := distinct(0x4E00, 20000)
	enc, _ := punyEncode(nil, label)
	b.Run("encode", func(b *testing.B) {
		for b.Loop() {
			_, _ = punyEncode(nil, label)
		}
	})
	b.Run("decode", func(b *testing.B) {
		for b.Loop() {
			_, _ = punyDecode(nil, string(enc))
		}
	})
}

// TestPunycodeRoundTrip encodes and decodes runs of code points from
// every plane, at the edges of the ranges the encoder walks.
func TestPunycodeRoundTrip(t *testing.T) {
	inputs := [][]rune{
		{0x80},
		{0x10FFFF},
		{'a', 0x10FFFF, 'b', 0x80},
		{0xD7FF, 0xE000, 0xFFFD},
		[]rune(strings.Repeat("\U0001F600a", 40)),
		[]rune(strings.Repeat("\u00e9", 300)),
		distinct(0x4E00, 20000), // quadratic in the RFC's loops: seconds
		append([]rune("abc-"), distinct(0x10000, 3000)...),
		append(distinct(0x10000, 100), []rune("-a-b-c")...),
	}
	for _, in := range inputs {
		enc, ok := punyEncode(nil, in)
		if !ok {
			t.Errorf("punyEncode(%+q) failed", string(in))
			continue
		}
		dec, ok := punyDecode(nil, string(enc))
		if !ok || !cmp.Equal(dec, in) {
			t.Errorf("punyDecode(punyEncode(%+q)) = %+q, %v", string(in), string(dec), ok)
		}
	}
}

// punyEncodeRFC is the encoder of RFC 3492 §6.3 as written, one pass over
// the label for each code point value, to check punyEncode against.
func punyEncodeRFC(label []rune) (string, bool) {
	var dst []byte
	basic := 0
	for _, r := range label {
		if r < 0x80 {
			dst = append(dst, byte(r))
			basic++
		}
	}
	h := basic
	if basic > 0 {
		dst = append(dst, '-')
	}
	n, delta, bias := pcInitialN, 0, pcInitialBias
	for h < len(label) {
		m := pcMaxInt
		for _, r := range label {
			if int(r) >= n && int(r) < m {
				m = int(r)
			}
		}
		if m-n > (pcMaxInt-delta)/(h+1) {
			return "", false
		}
		delta += (m - n) * (h + 1)
		n = m
		for _, r := range label {
			if int(r) < n {
				delta++
				if delta > pcMaxInt {
					return "", false
				}
			}
			if int(r) == n {
				q := delta
				for k := pcBase; ; k += pcBase {
					t := threshold(k, bias)
					if q < t {
						break
					}
					dst = append(dst, encodeDigit(t+(q-t)%(pcBase-t)))
					q = (q - t) / (pcBase - t)
				}
				dst = append(dst, encodeDigit(q))
				bias = adapt(delta, h+1, h == basic)
				delta = 0
				h++
			}
		}
		delta++
		n++
	}
	return string(dst), true
}

// TestPropertyPunyEncode: punyEncode gives what the RFC's loop gives, and
// punyDecode inverts it, over 3,000 labels drawn from few code points (so
// that values repeat) of every plane, short and long.
func TestPropertyPunyEncode(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 3_000
	if testing.Short() {
		params.MinSuccessfulTests = 300
	}
	p := gopter.NewProperties(params)
	alphabet := []rune{'a', '-', '0', 0x80, 0xdf, 0xe9, 0x3b1, 0x5d0, 0x4e00, 0x4e01, 0xfffd, 0x1f600, 0x10fffd}
	label := gen.SliceOf(gen.IntRange(0, len(alphabet)-1)).Map(func(idx []int) []rune {
		rs := make([]rune, len(idx))
		for i, k := range idx {
			rs[i] = alphabet[k]
		}
		return rs
	})
	p.Property("punyEncode == RFC loop, punyDecode inverts it", prop.ForAll(func(rs []rune) bool {
		got, ok := punyEncode(nil, rs)
		want, wantOK := punyEncodeRFC(rs)
		if ok != wantOK || string(got) != want {
			t.Errorf("punyEncode(%+q) = %q, %v; the RFC loop gives %q, %v", string(rs), got, ok, want, wantOK)
			return false
		}
		dec, ok := punyDecode(nil, want)
		if !ok || !cmp.Equal(dec, rs, cmpopts.EquateEmpty()) {
			t.Errorf("punyDecode(%q) = %+q, %v; want %+q", want, string(dec), ok, string(rs))
			return false
		}
		return true
	}, label))
	p.TestingRun(t)
}

// TestDecodeLabel checks DecodeLabel with labels of RFC 3492 section
// 7.1 and of IDNA practice, and refuses broken ones.
func TestDecodeLabel(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"bcher-kva", "bücher", true},
		{"mnchen-3ya", "münchen", true},
		{"pple-43d", "аpple", true}, // a Cyrillic а
		{"egbpdaj6bu4bxfgehfvwxn", "\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F", true},
		{"ihqwcrb4cv8a8dqg056pqjye", "\u4ED6\u4EEC\u4E3A\u4EC0\u4E48\u4E0D\u8BF4\u4E2D\u6587", true},
		{"abc-", "abc", true},
		{"", "", true},
		{"a", "\u0080", true},
		{"99999999999", "", false}, // overflow
		{"ab$", "", false},
		{"b", "", false}, // a digit that leaves the variable-length integer unfinished
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := DecodeLabel(tt.in)
			if got != tt.want || ok != tt.ok {
				t.Errorf("DecodeLabel(%q) = %q, %t; want %q, %t", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
}
