package fuzz

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

// FuzzQuery checks SetParam, AddParam and DeleteParam with any key and
// value on any URI: the result reads back as the same URI, its components
// but the query are u's, and its pairs are u's pairs, each byte for byte
// and in order, but for those the edit concerns: SetParam keeps the first
// pair with the key, now holding the value, AddParam adds the pair at the
// end, DeleteParam drops every pair with the key. Decoded, the key has
// the value (or none). It also checks that the escapes for keys and values
// read back and hold none of the bytes that end a pair, and that
// EscapeForm is net/url's QueryEscape.
func FuzzQuery(f *testing.F) {
	f.Add("https://a/p?x=1&sig=ab&&y=%41+b&sig=2#f", uint8(0), "sig", "a&admin=1") // set, injection attempt
	f.Add("https://a/p?x=1&sig=ab&&y=%41+b&sig=2#f", uint8(1), "x", "2")           // add beside an x
	f.Add("https://a/p?x=1&sig=ab&&y=%41+b&sig=2#f", uint8(2), "sig", "")          // delete both
	f.Add("https://a/p?%73ig=1&b", uint8(2), "sig", "")                            // an encoded key
	f.Add("https://a/p?", uint8(0), "a b", "c+d#e")                                // empty query
	f.Add("mailto:x", uint8(1), "", "")                                            // no query, empty key
	f.Add("?a&", uint8(1), "a", "=")                                               // trailing "&"
	f.Add("http://[fe80::1%25eth0]/?a=1", uint8(0), "a", "%")                      // a zone: only a Parser reads it
	f.Fuzz(func(t *testing.T, s string, op uint8, key, value string) {
		u, err := uri.Parser{ZoneID: true}.Parse(s)
		if err != nil {
			return
		}
		var got uri.URI
		var name string
		switch op % 3 {
		case 0:
			name = "SetParam"
			got, err = u.SetParam(key, value)
		case 1:
			name = "AddParam"
			got, err = u.AddParam(key, value)
		default:
			name = "DeleteParam"
			got = u.DeleteParam(key)
		}
		if err != nil {
			t.Fatalf("%s(%q, %q, %q): %v", name, s, key, value, err)
		}
		if back, err := (uri.Parser{ZoneID: true}).Parse(got.String()); err != nil || back != got {
			t.Fatalf("%s(%q, %q, %q) = %q, which reads back as %q, %v", name, s, key, value, got, back, err)
		}
		wantParts, gotParts := u.Components(), got.Components()
		wantParts.Query, gotParts.Query, wantParts.HasQuery, gotParts.HasQuery = "", "", false, false
		if wantParts != gotParts {
			t.Fatalf("%s(%q, %q, %q) = %q: components other than the query changed:\n%+v\n%+v", name, s, key, value, got, wantParts, gotParts)
		}

		matches := func(piece string) bool {
			k, _, _ := strings.Cut(piece, "=")
			d, err := uri.Unescape(k)
			return err == nil && d == key
		}
		newPair := uri.EscapeQueryParam(key) + "=" + uri.EscapeQueryParam(value)
		var want []string
		set := false
		for _, piece := range pieces(u) {
			switch {
			case !matches(piece):
				want = append(want, piece)
			case op%3 == 1:
				want = append(want, piece)
			case op%3 == 0 && !set:
				k, _, _ := strings.Cut(piece, "=")
				want = append(want, k+"="+uri.EscapeQueryParam(value))
				set = true
			}
		}
		if op%3 == 1 || op%3 == 0 && !set {
			want = append(want, newPair)
		}
		if have := pieces(got); !slices.Equal(have, want) {
			t.Fatalf("%s(%q, %q, %q) = %q: pairs\n%q\nwant\n%q", name, s, key, value, got, have, want)
		}
		v, ok := got.QueryParam(key)
		switch {
		case op%3 == 2 && ok:
			t.Fatalf("DeleteParam(%q, %q) = %q still has the key", s, key, got)
		case op%3 == 0 && (!ok || v != value):
			t.Fatalf("SetParam(%q, %q, %q) = %q, whose value is %q, %v", s, key, value, got, v, ok)
		case op%3 == 2 && len(pieces(u)) == len(want) && got != u:
			t.Fatalf("DeleteParam(%q, %q) = %q, want u itself", s, key, got)
		}
		if op%3 == 1 {
			var lk, lv string
			for k, v := range got.QueryParams() {
				lk, lv = k, v
			}
			if lk != key || lv != value {
				t.Fatalf("AddParam(%q, %q, %q) = %q, whose last pair is %q=%q", s, key, value, got, lk, lv)
			}
		}

		for _, d := range []string{key, value} {
			e := uri.EscapeQueryParam(d)
			if strings.ContainsAny(e, "&=+;# ") {
				t.Fatalf("EscapeQueryParam(%q) = %q holds a byte that ends or changes a pair", d, e)
			}
			if back, err := uri.Unescape(e); err != nil || back != d {
				t.Fatalf("Unescape(EscapeQueryParam(%q) = %q) = %q, %v", d, e, back, err)
			}
			fe := uri.EscapeForm(d)
			if fe != url.QueryEscape(d) {
				t.Fatalf("EscapeForm(%q) = %q, net/url's QueryEscape %q", d, fe, url.QueryEscape(d))
			}
			if back, err := uri.UnescapeForm(fe); err != nil || back != d {
				t.Fatalf("UnescapeForm(EscapeForm(%q) = %q) = %q, %v", d, fe, back, err)
			}
		}
	})
}

// pieces returns the pieces of u's query between "&" that are not empty,
// raw: the pairs, as QueryPairs yields them before the split at "=".
func pieces(u uri.URI) []string {
	var p []string
	if !u.HasQuery() {
		return nil
	}
	for piece := range strings.SplitSeq(u.Query(), "&") {
		if piece != "" {
			p = append(p, piece)
		}
	}
	return p
}
