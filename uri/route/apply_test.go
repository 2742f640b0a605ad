package route

import (
	"encoding/binary"
	"testing"
)

// cSkips is the test of HAProxy 2.6's h1_parse_msg_start on a group of
// four bytes, done as the C code does it: the bytes read as one
// little-endian 32-bit word, 0x24242424 and then 0x5b5b5b5b subtracted
// with borrows from byte to byte.
func cSkips(w [4]byte) bool {
	x := binary.LittleEndian.Uint32(w[:]) - 0x24242424
	if x&0x80808080 != 0 {
		return false
	}
	x -= 0x5b5b5b5b
	return x&0x80808080 != 0
}

// TestHAProxySkips holds haproxySkips, the rule in words, to the C
// arithmetic on every group of four bytes drawn from the bytes at the
// edges of the ranges it tells apart.
func TestHAProxySkips(t *testing.T) {
	edges := []byte{0x00, 0x20, 0x21, 0x23, 0x24, 0x25, 0x61, 0x7e, 0x7f, 0x80, 0x81, 0xa2, 0xa3, 0xa4, 0xa5, 0xfe, 0xff}
	n := 0
	for _, a := range edges {
		for _, b := range edges {
			for _, c := range edges {
				for _, d := range edges {
					w := [4]byte{a, b, c, d}
					if got, want := haproxySkips(string(w[:])), cSkips(w); got != want {
						t.Errorf("haproxySkips(%q) = %v, want %v as the C code steps", w[:], got, want)
						if n++; n > 20 {
							t.FailNow()
						}
					}
				}
			}
		}
	}
}

func TestHAProxyRefused(t *testing.T) {
	for _, tt := range []struct {
		in     string
		accept bool
		want   int
	}{
		{"/abc", false, -1},
		{"/ab\x80", false, -1},
		{"/abc\x80", false, 4},
		{"/abc\x80def", false, -1},
		{"/abc\xa3def", false, -1},
		{"/abc\xa4def", false, 4},
		{"/abc\x80\x80\x80\x80d", false, 4},
		{"/abcdefg\x7f", false, 8},
		{"/abcdefgh\x7fxyz", false, -1},
		{"/a b", false, 2},
		{"/\x80", true, -1},
		{"/\xff\x7f", true, 2},
		{"/\xffabc\x7fdef", true, -1},
		{"/a#b", false, -1},
	} {
		t.Run(tt.in, func(t *testing.T) {
			if got := haproxyRefused(tt.in, tt.accept); got != tt.want {
				t.Errorf("haproxyRefused(%q, %v) = %d, want %d", tt.in, tt.accept, got, tt.want)
			}
		})
	}
}
