package fuzz

import (
	"errors"
	"testing"

	"github.com/urilabs/rfc3986/internal/idna"
)

// FuzzToASCII checks UTS #46 ToASCII under the options a byte picks, and
// the URL Standard's DomainToASCII: every failure is an *idna.Error with
// a known rule and "" for result; every success is ASCII and a fixed
// point (ToASCII of it gives it back); without Transitional processing,
// ToUnicode of it succeeds and ToASCII brings that back to it; and
// DomainToASCII's results are non-empty, free of forbidden code points and
// fixed points too.
func FuzzToASCII(f *testing.F) {
	f.Add("Bücher.example", uint8(0x06))            // an IDN, CheckBidi and CheckJoiners
	f.Add("faß.de", uint8(0x10))                    // a deviation, Transitional
	f.Add("xn--a.xn--zca", uint8(0x40))             // IgnoreInvalidPunycode
	f.Add("\u0628\u200c\u0627.\u05d0", uint8(0x06)) // ZWNJ in context, a Bidi domain name
	f.Add("a\u094d\u200db", uint8(0x04))            // ZWJ after a virama
	f.Add("ab--c.-x.", uint8(0x29))                 // CheckHyphens, STD3, VerifyDnsLength
	f.Add("=\u00ad\u0338", uint8(0x08))             // NFC makes ≠ of = and a combining mark
	f.Add("\U0002f868.COM", uint8(0))               // a compatibility ideograph
	f.Add("xn--tešla", uint8(0))                    // non-ASCII after xn--
	f.Add("a\xffb", uint8(0))                       // invalid UTF-8
	f.Fuzz(func(t *testing.T, s string, m uint8) {
		opts := idna.Options{
			CheckHyphens:          m&1 != 0,
			CheckBidi:             m&2 != 0,
			CheckJoiners:          m&4 != 0,
			UseSTD3ASCIIRules:     m&8 != 0,
			Transitional:          m&16 != 0,
			VerifyDNSLength:       m&32 != 0,
			IgnoreInvalidPunycode: m&64 != 0,
		}
		a, err := idna.ToASCII(s, opts)
		if err != nil {
			checkIDNAError(t, "ToASCII", s, a, err)
		} else {
			checkFixedPoint(t, s, a, opts)
		}

		d, err := idna.DomainToASCII(s, m&128 != 0)
		if err != nil {
			checkIDNAError(t, "DomainToASCII", s, d, err)
			return
		}
		for i := 0; i < len(d); i++ {
			if c := d[i]; c >= 0x80 || m&128 == 0 && (c <= 0x20 || c == 0x7f || c == '%' || c == '/' || c == ':' || c == '?' || c == '#' || c == '@') {
				t.Fatalf("DomainToASCII(%+q) = %q holds %q", s, d, c)
			}
		}
		if d2, err := idna.DomainToASCII(d, m&128 != 0); err != nil || d2 != d {
			t.Fatalf("DomainToASCII(%q) = %q, %v; want it back (from %+q)", d, d2, err, s)
		}
	})
}

func checkIDNAError(t *testing.T, op, s, got string, err error) {
	t.Helper()
	var e *idna.Error
	if !errors.As(err, &e) || got != "" || e.Rule < idna.RulePunycode || e.Rule > idna.RuleForbidden || e.Label < -1 {
		t.Fatalf("%s(%+q) = %q, %v: want \"\" and an *idna.Error", op, s, got, err)
	}
}

func checkFixedPoint(t *testing.T, s, a string, opts idna.Options) {
	t.Helper()
	for i := 0; i < len(a); i++ {
		if a[i] >= 0x80 {
			t.Fatalf("ToASCII(%+q) = %+q, not ASCII", s, a)
		}
	}
	if a2, err := idna.ToASCII(a, opts); err != nil || a2 != a {
		t.Fatalf("ToASCII(%q) = %q, %v; want it back (from %+q)", a, a2, err, s)
	}
	if opts.Transitional {
		// ToUnicode gives back deviations of decoded labels, which
		// Transitional processing maps: no round trip.
		return
	}
	u, err := idna.ToUnicode(a, opts)
	if err != nil {
		t.Fatalf("ToUnicode(%q) = %+q, %v; want success (from %+q)", a, u, err, s)
	}
	if a2, err := idna.ToASCII(u, opts); err != nil || a2 != a {
		t.Fatalf("ToASCII(ToUnicode(%q) = %+q) = %q, %v; want %q", a, u, a2, err, a)
	}
}
