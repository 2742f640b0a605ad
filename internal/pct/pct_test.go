package pct

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// TestUnhex holds Unhex to strconv on every byte.
func TestUnhex(t *testing.T) {
	for c := 0; c < 256; c++ {
		v, err := strconv.ParseUint(string(rune(c)), 16, 8)
		got, ok := Unhex(byte(c))
		if ok != (err == nil) || ok && uint64(got) != v {
			t.Errorf("Unhex(%q) = %d, %v; strconv: %d, %v", byte(c), got, ok, v, err)
		}
	}
}

func TestTriplet(t *testing.T) {
	type result struct {
		B  byte
		OK bool
	}
	for _, tt := range []struct {
		s    string
		i    int
		want result
	}{
		{"%41", 0, result{'A', true}},
		{"a%2fb", 1, result{'/', true}},
		{"a%2Fb", 1, result{'/', true}},
		{"%ff", 0, result{0xFF, true}},
		{"%00", 0, result{0, true}},
		{"%4", 0, result{}},
		{"%", 0, result{}},
		{"%g1", 0, result{}},
		{"%1g", 0, result{}},
		{"x41", 0, result{}},
		{"%41", 1, result{}},
		{"%41", -1, result{}},
		{"%41", 3, result{}},
	} {
		t.Run(tt.s+"@"+strconv.Itoa(tt.i), func(t *testing.T) {
			b, ok := Triplet(tt.s, tt.i)
			if diff := cmp.Diff(tt.want, result{b, ok}); diff != "" {
				t.Errorf("Triplet(%q, %d) (-want +got):\n%s", tt.s, tt.i, diff)
			}
		})
	}
}

func TestDecoded(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"%41%42", "AB"},
		{"a%20b", "a b"},
		{"%E2%82%AC", "\u20ac"},
		{"%%41", "%A"},
		{"%4%41", "%4A"},
		{"100%", "100%"},
		{"%zz", "%zz"},
		{"%2", "%2"},
		{"%252F", "%2F"},
		{"%C3%28", "\xc3("},
	} {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Decoded(tt.in)); diff != "" {
				t.Errorf("Decoded(%q) (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(tt.want, string(AppendDecoded([]byte("x"), tt.in))[1:]); diff != "" {
				t.Errorf("AppendDecoded(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestDecodedNoCopy: a string without a triplet comes back as it is.
func TestDecodedNoCopy(t *testing.T) {
	for _, s := range []string{"abc", "100%", "%zz%", "%4"} {
		t.Run(s, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, func() { _ = Decoded(s) }); n != 0 {
				t.Errorf("Decoded(%q) allocated %v times", s, n)
			}
		})
	}
}

// reference decodes s one byte at a time with strconv, the way the
// definition reads.
func reference(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// TestPropertyDecoded holds Decoded to reference on strings dense in "%"
// and hexadecimal digits, and checks that escaping every byte and decoding
// gives the bytes back. 20,000 cases each.
func TestPropertyDecoded(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 20_000
	p := gopter.NewProperties(params)
	dense := gen.SliceOf(gen.OneConstOf(byte('%'), byte('0'), byte('9'), byte('a'), byte('F'), byte('g'), byte('/'), byte(0xC3))).
		Map(func(b []byte) string { return string(b) })
	p.Property("Decoded == reference", prop.ForAll(func(s string) bool {
		if got, want := Decoded(s), reference(s); got != want {
			t.Errorf("Decoded(%q) = %q, want %q", s, got, want)
			return false
		}
		return true
	}, dense))
	p.Property("Decoded inverts escaping", prop.ForAll(func(b []byte) bool {
		const digits = "0123456789ABCDEF"
		var esc strings.Builder
		for i, c := range b {
			if i%2 == 0 {
				esc.WriteString("%" + string(digits[c>>4]) + string(digits[c&15]))
			} else {
				esc.WriteString("%" + strings.ToLower(string(digits[c>>4])+string(digits[c&15])))
			}
		}
		return Decoded(esc.String()) == string(b)
	}, gen.SliceOf(gen.UInt8())))
	p.TestingRun(t)
}
