package numhost_test

import (
	"net/netip"
	"testing"

	"github.com/urilabs/rfc3986/internal/numhost"
)

// show writes an address a reader returned, or "" when it refused.
func show(v uint32, ok bool) string {
	if !ok {
		return ""
	}
	return numhost.Addr(v).String()
}

func TestInetAtonWHATWG(t *testing.T) {
	tests := []struct {
		in           string
		aton, whatwg string // "" for refused
	}{
		{"127.1", "127.0.0.1", "127.0.0.1"},
		{"0x7f.1", "127.0.0.1", "127.0.0.1"},
		{"0X7F.1", "127.0.0.1", "127.0.0.1"},
		{"2130706433", "127.0.0.1", "127.0.0.1"},
		{"017700000001", "127.0.0.1", "127.0.0.1"},
		{"0177.0.0.1", "127.0.0.1", "127.0.0.1"},
		{"127.0.1", "127.0.0.1", "127.0.0.1"},
		{"1.2.3.4", "1.2.3.4", "1.2.3.4"},
		{"1.2.3.4.", "", "1.2.3.4"}, // a trailing dot: WHATWG only
		{"0x", "", "0.0.0.0"},       // an empty hexadecimal number: WHATWG only
		{"0x.1", "", "0.0.0.1"},     //
		{"08", "", ""},              // 8 is no octal digit
		{"09.1", "", ""},            //
		{"1.2.3.4.5", "", ""},       // five parts
		{"256.1", "", ""},           // a part before the last above 255
		{"1.16777216", "", ""},      // the last part above 24 bits
		{"1.16777215", "1.255.255.255", "1.255.255.255"},
		{"4294967295", "255.255.255.255", "255.255.255.255"},
		{"4294967296", "", ""},
		{"99999999999999999999999", "", ""}, // saturates, does not wrap
		{"1..2", "", ""},
		{"0xg", "", ""},
		{"", "", ""},
		{"a.1", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if v, ok := numhost.InetAton(tt.in); show(v, ok) != tt.aton {
				t.Errorf("InetAton(%q) = %q, want %q", tt.in, show(v, ok), tt.aton)
			}
			if tt.in == "" {
				return // the host parser never asks WHATWG's IPv4 parser about ""
			}
			if v, f := numhost.WHATWG(tt.in); show(v, f == numhost.OK) != tt.whatwg {
				t.Errorf("WHATWG(%q) = %q (failure %d), want %q", tt.in, show(v, f == numhost.OK), f, tt.whatwg)
			}
		})
	}
}

func TestWHATWGEndsInNumber(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"127.1", true}, {"example.123", true}, {"a.0x", true}, {"a.0x1F.", true},
		{"a.09", true}, {"example.com", false}, {"a.0xg", false}, {"1.2.", true},
		{"1.2..", false}, {".", false}, {"a.", false}, {"0x", true}, {"1e5", false},
	}
	for _, tt := range tests {
		if got := numhost.WHATWGEndsInNumber(tt.in); got != tt.want {
			t.Errorf("WHATWGEndsInNumber(%q) = %t, want %t", tt.in, got, tt.want)
		}
	}
}

func TestWHATWGFailure(t *testing.T) {
	tests := []struct {
		in   string
		want numhost.Failure
	}{
		{"1.2.3.4", numhost.OK},
		{"1.2.3.4.5", numhost.TooManyParts},
		{"1.2.3.0x4.5", numhost.TooManyParts},
		{"a.1", numhost.NonNumeric},
		{"1..2", numhost.NonNumeric},
		{"08", numhost.NonNumeric},
		{"256.1", numhost.OutOfRange},
		{"1.16777216", numhost.OutOfRange},
		{"99999999999999999999999", numhost.OutOfRange},
	}
	for _, tt := range tests {
		if _, got := numhost.WHATWG(tt.in); got != tt.want {
			t.Errorf("WHATWG(%q) failure %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestDotted(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"0.0.0.0", true}, {"255.255.255.255", true}, {"192.168.0.1", true},
		{"256.0.0.1", false}, {"01.2.3.4", false}, {"1.2.3", false}, {"1.2.3.4.", false},
		{"1.2.3.4.5", false}, {"1..3.4", false}, {"a.b.c.d", false}, {"", false}, {"1.2.3.1000", false},
	}
	for _, tt := range tests {
		if got := numhost.Dotted(tt.in); got != tt.want {
			t.Errorf("Dotted(%q) = %t, want %t", tt.in, got, tt.want)
		}
	}
}

// TestDottedAgrees holds every reader to net/netip on the one form they
// all read alike: RFC 3986's dotted decimal.
func TestDottedAgrees(t *testing.T) {
	for _, s := range []string{"0.0.0.0", "1.2.3.4", "10.0.255.7", "127.0.0.1", "255.255.255.255"} {
		want := netip.MustParseAddr(s)
		if !numhost.Dotted(s) {
			t.Errorf("Dotted(%q) = false", s)
		}
		if v, ok := numhost.InetAton(s); !ok || numhost.Addr(v) != want {
			t.Errorf("InetAton(%q) = %v, %t", s, numhost.Addr(v), ok)
		}
		if v, f := numhost.WHATWG(s); f != numhost.OK || numhost.Addr(v) != want {
			t.Errorf("WHATWG(%q) = %v, %d", s, numhost.Addr(v), f)
		}
	}
}

// TestCrawlerReaders holds the readers of the crawlers' canonicalizers:
// Google's, Java's (Common Crawl's HostName) and the digit pattern of
// Heritrix and surt.
func TestCrawlerReaders(t *testing.T) {
	tests := []struct {
		in                 string
		google, javaVar    string // "" for refused
		java, quad, dotted bool
	}{
		{in: "1.2.3.4", google: "1.2.3.4", javaVar: "1.2.3.4", java: true, quad: true, dotted: true},
		{in: "01.2.3.4", google: "1.2.3.4", javaVar: "1.2.3.4", java: true, quad: true},
		{in: "10.0.258", google: "10.0.1.2", javaVar: "10.0.1.2"},
		{in: "127.1", google: "127.0.0.1", javaVar: "127.0.0.1"},
		{in: "2130706433", google: "127.0.0.1", javaVar: "127.0.0.1"},
		{in: "3279880203", google: "195.127.0.11", javaVar: "195.127.0.11"},
		{in: "4294967296", google: "0.0.0.0"},        // one number wraps for Google alone
		{in: "12345678901", google: "223.220.28.53"}, // 12345678901 mod 2^32
		{in: "0x7f.1", google: "127.0.0.1"},
		{in: "012.1", google: "10.0.0.1"}, // three digits from "0" are no octet to Java
		{in: "1.0x"},
		{in: "256.1.1.1", quad: true},
		{in: "999.999.999.999", quad: true},
		{in: "1.16777216"},
		{in: "1.2.3.4.5"},
		{in: "1.2.3.4444"},
		{in: "a.b"},
		{in: ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if v, ok := numhost.Google(tt.in); show(v, ok) != tt.google {
				t.Errorf("Google(%q) = %q, want %q", tt.in, show(v, ok), tt.google)
			}
			if v, ok := numhost.JavaVariant(tt.in); show(v, ok) != tt.javaVar {
				t.Errorf("JavaVariant(%q) = %q, want %q", tt.in, show(v, ok), tt.javaVar)
			}
			if got := numhost.Java(tt.in); got != tt.java {
				t.Errorf("Java(%q) = %t, want %t", tt.in, got, tt.java)
			}
			if got := numhost.Quad(tt.in); got != tt.quad || numhost.Quad([]byte(tt.in)) != got {
				t.Errorf("Quad(%q) = %t, want %t (and the same for its bytes)", tt.in, got, tt.quad)
			}
			if got := numhost.Dotted(tt.in); got != tt.dotted {
				t.Errorf("Dotted(%q) = %t, want %t", tt.in, got, tt.dotted)
			}
		})
	}
}
