package pct_test

import (
	"testing"

	"github.com/urilabs/rfc3986/internal/pct"
)

// in reports whether c is one of the bytes of s or lies in one of the
// ranges "a-z" of ranges.
func in(c byte, s string, ranges ...string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	for _, r := range ranges {
		if r[0] <= c && c <= r[2] {
			return true
		}
	}
	return false
}

// TestSets holds each named set, byte by byte, to its definition restated
// from its specification: the URL Standard's percent-encode sets (section
// 1.3) as the Standard words them, and RFC 3986's as Appendix A does.
func TestSets(t *testing.T) {
	c0 := func(c byte) bool { return c < 0x20 || c > 0x7E }
	fragment := func(c byte) bool { return c0(c) || in(c, " \"<>`") }
	query := func(c byte) bool { return c0(c) || in(c, " \"#<>") }
	path := func(c byte) bool { return query(c) || in(c, "?^`{}") }
	userinfo := func(c byte) bool { return path(c) || in(c, "/:;=@|", "[-^") }
	component := func(c byte) bool { return userinfo(c) || in(c, "+,", "$-&") }
	// RFC 3986, Appendix A, pct-encoded aside.
	unreserved := func(c byte) bool { return in(c, "-._~", "A-Z", "a-z", "0-9") }
	regName := func(c byte) bool { return unreserved(c) || in(c, "!$&'()*+,;=") }
	userInfo := func(c byte) bool { return regName(c) || c == ':' }
	pathBytes := func(c byte) bool { return userInfo(c) || in(c, "@/") }
	tests := []struct {
		name string
		set  *pct.Set
		want func(c byte) bool
	}{
		{"WHATWGC0Control", &pct.WHATWGC0Control, c0},
		{"WHATWGFragment", &pct.WHATWGFragment, fragment},
		{"WHATWGQuery", &pct.WHATWGQuery, query},
		{"WHATWGSpecialQuery", &pct.WHATWGSpecialQuery, func(c byte) bool { return query(c) || c == '\'' }},
		{"WHATWGPath", &pct.WHATWGPath, path},
		{"WHATWGUserinfo", &pct.WHATWGUserinfo, userinfo},
		{"WHATWGComponent", &pct.WHATWGComponent, component},
		{"WHATWGForm", &pct.WHATWGForm, func(c byte) bool { return component(c) || in(c, "!~", "'-)") }},
		{"Unreserved", &pct.Unreserved, unreserved},
		{"RegName", &pct.RegName, regName},
		{"UserInfo", &pct.UserInfo, userInfo},
		{"Path", &pct.Path, pathBytes},
		{"Query", &pct.Query, func(c byte) bool { return pathBytes(c) || c == '?' }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for c := range 256 {
				if got, want := tt.set.Has(byte(c)), tt.want(byte(c)); got != want {
					t.Errorf("%s.Has(%q) = %t, want %t", tt.name, byte(c), got, want)
				}
			}
		})
	}
}

func TestSetOperations(t *testing.T) {
	ab := pct.Bytes("ab")
	tests := []struct {
		name string
		set  pct.Set
		want string // every byte the set holds
	}{
		{"Bytes", ab, "ab"},
		{"Range", pct.Range('x', 'z'), "xyz"},
		{"Plus", ab.Plus("c"), "abc"},
		{"Union", ab.Union(pct.Bytes("bz")), "abz"},
		{"Minus", ab.Minus(pct.Bytes("bc")), "a"},
		{"Not.Not", ab.Not().Not(), "ab"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []byte
			for c := range 256 {
				if tt.set.Has(byte(c)) {
					got = append(got, byte(c))
				}
			}
			if string(got) != tt.want {
				t.Errorf("%s holds %q, want %q", tt.name, got, tt.want)
			}
		})
	}
	if n := ab.Not(); n.Has('a') || !n.Has(0) || !n.Has(0xFF) {
		t.Error("Not keeps a byte of the set or loses one outside it")
	}
}

func TestAppendEncoded(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"a b", "a%20b"},
		{"\x00\xff", "%00%FF"},
		{"{x}", "%7Bx%7D"},
	}
	for _, tt := range tests {
		if got := string(pct.AppendEncoded(nil, tt.in, &pct.WHATWGPath)); got != tt.want {
			t.Errorf("AppendEncoded(%q, WHATWGPath) = %q, want %q", tt.in, got, tt.want)
		}
		if got := pct.Contains(tt.in, &pct.WHATWGPath); got != (tt.in != tt.want) {
			t.Errorf("Contains(%q, WHATWGPath) = %t", tt.in, got)
		}
	}
	if got := string(pct.AppendEncodedByte([]byte("x"), '#', &pct.WHATWGQuery)); got != "x%23" {
		t.Errorf("AppendEncodedByte('#', WHATWGQuery) = %q", got)
	}
	if got := string(pct.AppendEncodedByte(nil, 'a', &pct.WHATWGQuery)); got != "a" {
		t.Errorf("AppendEncodedByte('a', WHATWGQuery) = %q", got)
	}
	for c := range 256 {
		_, ok := pct.Unhex(byte(c))
		if pct.IsHex(byte(c)) != ok {
			t.Errorf("IsHex(%q) = %t, Unhex says %t", byte(c), !ok, ok)
		}
	}
}
