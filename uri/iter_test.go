package uri_test

import (
	"net/netip"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

func TestSegments(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"?q", nil},
		{"http://h", nil},
		{"/", []string{""}},
		{"http://h/", []string{""}},
		{"//h//", []string{"", ""}},
		{"/a/b/", []string{"a", "b", ""}},
		{"a/b", []string{"a", "b"}},
		{"mailto:a@b", []string{"a@b"}},
		{"/a%2Fb/./../c?x/y#z/w", []string{"a%2Fb", ".", "..", "c"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := slices.Collect(uri.MustParse(tt.in).Segments())
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Segments(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	// Stopping early.
	for s := range uri.MustParse("/a/b/c").Segments() {
		if s != "a" {
			t.Errorf("Segments went on after break: %q", s)
		}
		break
	}
}

func TestQueryPairs(t *testing.T) {
	type pair struct{ K, V string }
	tests := []struct {
		in   string
		want []pair
	}{
		{"/p", nil},
		{"/p?", nil},
		{"/p?a=1&b=2", []pair{{"a", "1"}, {"b", "2"}}},
		{"/p?a&a=&=v", []pair{{"a", ""}, {"a", ""}, {"", "v"}}},
		{"/p?&&a=b=c&&", []pair{{"a", "b=c"}}},
		{"/p?a+b=c%20d", []pair{{"a+b", "c%20d"}}}, // raw: "+" is not a space
		{"/p?a=1#b=2", []pair{{"a", "1"}}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var got []pair
			for k, v := range uri.MustParse(tt.in).QueryPairs() {
				got = append(got, pair{k, v})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("QueryPairs(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	n := 0
	for range uri.MustParse("?a&b&c").QueryPairs() {
		if n++; n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("QueryPairs went on after break")
	}
}

func TestAddr(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" for none
	}{
		{"http://192.0.2.1/", "192.0.2.1"},
		{"http://[2001:DB8::1]:80/", "2001:db8::1"},
		{"//[::ffff:192.0.2.1]", "::ffff:192.0.2.1"},
		{"//[1:2:3:4:5:6:7:8]", "1:2:3:4:5:6:7:8"},
		{"//[::]", "::"},
		{"//192.0.2.256", ""},
		{"//127.1", ""},
		{"//[v1.x]", ""},
		{"//example.com", ""},
		{"/path", ""},
		{"//[fe80::1%25eth0]", "fe80::1%eth0"},
		{"//[FE80::1%25en%30]:8080", "fe80::1%en0"},
	}
	zones := uri.Parser{ZoneID: true}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := zones.Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			got, ok := u.Addr()
			switch {
			case tt.want == "" && ok:
				t.Errorf("Addr(%q) = %v, want none", tt.in, got)
			case tt.want != "" && (!ok || got != netip.MustParseAddr(tt.want)):
				t.Errorf("Addr(%q) = %v, %v; want %s", tt.in, got, ok, tt.want)
			}
		})
	}
}
