package canon_test

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/internal/testenv"
	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/canon"
)

// keyStrings are the keys of one URL as strings, AppendKeys' or those of
// the functions one by one, for go-cmp.
type keyStrings struct {
	Canonical, SURT, NameReversed string
	Columns                       canon.HostColumns
	Err                           string
}

func appendKeys(prefix []byte, u uri.URI, o canon.SURTOptions) keyStrings {
	_, k, err := canon.AppendKeys(prefix, u, o)
	ks := keyStrings{Canonical: string(k.Canonical), SURT: string(k.SURT), NameReversed: string(k.NameReversed), Columns: k.Columns}
	if err != nil {
		ks.Err = err.Error()
	}
	return ks
}

func separateKeys(u uri.URI, o canon.SURTOptions) keyStrings {
	var ks keyStrings
	c, err := canon.IA.AppendCanonicalURI(nil, u)
	ks.Canonical = string(c)
	if err != nil {
		ks.Err = err.Error()
	}
	ks.SURT = canon.SURT(u.String(), o)
	ks.Columns = canon.Columns(u.Host())
	ks.NameReversed = string(ks.Columns.AppendNameReversed(nil))
	return ks
}

var cmpColumns = cmp.AllowUnexported(canon.HostColumns{})

func TestAppendKeys(t *testing.T) {
	for _, tc := range []struct {
		in   string
		o    canon.SURTOptions
		want keyStrings
	}{
		{"http://www.Example.com:80/a/./b/../%7Ec?b=2&a=1#f", canon.SURTOptions{},
			keyStrings{Canonical: "http://example.com/a/~c?a=1&b=2", SURT: "com,example)/a/~c?a=1&b=2", NameReversed: "com.example.www"}},
		{"http://www.example.com/", canon.SURTOptions{KeepWWW: true, WithScheme: true},
			keyStrings{Canonical: "http://example.com/", SURT: "http://(com,example,www)/", NameReversed: "com.example.www"}},
		{"https://%C3%BCber.example/%2e%2e/x?%26=%3D", canon.SURTOptions{},
			keyStrings{Canonical: "https://xn--ber-goa.example/x?&==", SURT: "example,xn--ber-goa)/x?&==", NameReversed: "example.xn--ber-goa"}},
		// Without a scheme, read as "http://" and the reference.
		{"//example.com/A", canon.SURTOptions{},
			keyStrings{Canonical: "http://example.com/a", SURT: "com,example)/a", NameReversed: "com.example"}},
		{"dns:www.archive.org", canon.SURTOptions{},
			keyStrings{Canonical: "dns:www.archive.org", SURT: "dns:www.archive.org"}},
		{"dns:www.archive.org", canon.SURTOptions{ReverseDNS: true},
			keyStrings{Canonical: "dns:www.archive.org", SURT: "org,archive,www)"}},
		{"http://[2001:DB8::1]:8080/A?B", canon.SURTOptions{KeepQueryCase: true},
			keyStrings{Canonical: "http://[2001:db8::1]:8080/a?b", SURT: "2001:db8::1:8080)/a?B"}},
		{"http://192.168.1.254/info/", canon.SURTOptions{KeepIPAddress: true},
			keyStrings{Canonical: "http://192.168.1.254/info", SURT: "192.168.1.254)/info"}},
		{"mailto:a@example.com", canon.SURTOptions{},
			keyStrings{Canonical: "mailto:a@example.com", SURT: "mailto:a@example.com"}},
		{"http://127.0.0.1:8080/", canon.SURTOptions{},
			keyStrings{Canonical: "http://127.0.0.1:8080/", SURT: "1,0,0,127:8080)/"}},
	} {
		t.Run(tc.in, func(t *testing.T) {
			u := uri.MustParse(tc.in)
			got := appendKeys([]byte("prefix"), u, tc.o)
			want := tc.want
			want.Columns = canon.Columns(u.Host())
			if diff := cmp.Diff(want, got, cmpColumns); diff != "" {
				t.Errorf("AppendKeys(%q, %+v) (-want +got):\n%s", tc.in, tc.o, diff)
			}
			if diff := cmp.Diff(separateKeys(u, tc.o), got, cmpColumns); diff != "" {
				t.Errorf("AppendKeys(%q, %+v) and the functions one by one differ (-functions +AppendKeys):\n%s", tc.in, tc.o, diff)
			}
		})
	}
}

// TestAppendKeysCorpus: on the web corpus, under each SURT option,
// AppendKeys and a KeyMaker give what the functions give one by one, and
// the KeyMaker allocates nothing for a URL with a scheme once warm.
func TestAppendKeysCorpus(t *testing.T) {
	f, err := os.Open("../../testdata/web_urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var us []uri.URI
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if u, err := uri.Parse(sc.Text()); err == nil {
			us = append(us, u)
		}
	}
	if len(us) < 47000 {
		t.Fatalf("read %d URLs from the corpus, want its 47,000 and more", len(us))
	}
	// Every URL with the default options; a share of them, testenv.Cases
	// (all with RFC3986_LONG=1), with the others.
	step := len(us) / testenv.Cases(len(us))
	for i, o := range []canon.SURTOptions{{}, {KeepWWW: true}, {WithScheme: true, TrailingComma: true}} {
		diffs := 0
		var m canon.KeyMaker
		var buf []byte
		for j, u := range us {
			if i > 0 && j%step != 0 {
				continue
			}
			want := separateKeys(u, o)
			if diff := cmp.Diff(want, appendKeys(nil, u, o), cmpColumns); diff != "" {
				if diffs++; diffs <= 3 {
					t.Errorf("AppendKeys(%q, %+v) and the functions one by one differ (-functions +AppendKeys):\n%s", u, o, diff)
				}
			}
			var k canon.Keys
			var err error
			buf, k, err = m.Append(buf[:0], u, o)
			got := keyStrings{Canonical: string(k.Canonical), SURT: string(k.SURT), NameReversed: string(k.NameReversed), Columns: k.Columns}
			if err != nil {
				got.Err = err.Error()
			}
			if diff := cmp.Diff(want, got, cmpColumns); diff != "" {
				if diffs++; diffs <= 3 {
					t.Errorf("KeyMaker.Append(%q, %+v) and the functions one by one differ (-functions +KeyMaker):\n%s", u, o, diff)
				}
			}
		}
		if diffs > 0 {
			t.Errorf("%+v: %d of %d URLs differ", o, diffs, len(us))
		}
	}
	var buf []byte
	var m canon.KeyMaker
	allocs := testing.AllocsPerRun(3, func() {
		for _, u := range us {
			if u.HasScheme() && !strings.ContainsAny(u.Host(), "%ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
				buf, _, _ = m.Append(buf[:0], u, canon.SURTOptions{})
			}
		}
		runtime.GC() // a KeyMaker keeps its memory through a collection
	})
	if allocs != 0 {
		t.Errorf("KeyMaker.Append allocates %v times a pass over the corpus, want 0", allocs)
	}
}

func ExampleAppendKeys() {
	var buf []byte
	for _, s := range []string{"http://www.Example.com:80/a/./b/../c/?b=2&a=1#top", "https://shop.example.co.uk/cart"} {
		u, err := uri.Parse(s)
		if err != nil {
			continue
		}
		var k canon.Keys
		buf, k, err = canon.AppendKeys(buf[:0], u, canon.SURTOptions{})
		if err != nil {
			continue
		}
		fmt.Printf("%s\n%s\n%s %s\n", k.Canonical, k.SURT, k.NameReversed, k.Columns.RegisteredDomain)
	}
	// Output:
	// http://example.com/a/c?a=1&b=2
	// com,example)/a/c?a=1&b=2
	// com.example.www example.com
	// https://shop.example.co.uk/cart
	// uk,co,example,shop)/cart
	// uk.co.example.shop example.co.uk
}

func ExampleKeyMaker() {
	var (
		m   canon.KeyMaker
		buf []byte
	)
	for _, s := range []string{"https://WWW.example.org/a/b/?x=1", "http://example.org:80/a/b?x=1#y"} {
		u, err := uri.Parse(s)
		if err != nil {
			continue
		}
		var k canon.Keys
		if buf, k, err = m.Append(buf[:0], u, canon.SURTOptions{}); err == nil {
			fmt.Printf("%s %s\n", k.SURT, k.Columns.PrivateDomain)
		}
	}
	// Output:
	// org,example)/a/b?x=1 example.org
	// org,example)/a/b?x=1 example.org
}
