package canon_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri/canon"
)

// TestColumns checks the columns as HostName.asRow computes them, for the
// kinds of host it tells apart.
func TestColumns(t *testing.T) {
	type cols struct {
		HostName, TLD, Part2, Part3, Part4, Part5                      string
		RegistrySuffix, RegisteredDomain, PrivateSuffix, PrivateDomain string
		Reversed                                                       string
	}
	tests := []struct {
		in   string
		want cols
	}{
		{"www.Example.COM", cols{"www.example.com", "com", "example", "www", "", "", "com", "example.com", "com", "example.com", "com.example.www"}},
		{"a.b.c.d.e.f.example.co.uk.", cols{"a.b.c.d.e.f.example.co.uk", "uk", "co", "example", "f", "e", "co.uk", "example.co.uk", "co.uk", "example.co.uk", "uk.co.example.f.e.d.c.b.a"}},
		{"foo.blogspot.com", cols{"foo.blogspot.com", "com", "blogspot", "foo", "", "", "com", "blogspot.com", "blogspot.com", "foo.blogspot.com", "com.blogspot.foo"}},
		{"blogspot.com", cols{"blogspot.com", "com", "blogspot", "", "", "", "com", "blogspot.com", "blogspot.com", "", "com.blogspot"}},
		{"com", cols{"com", "com", "", "", "", "", "com", "", "com", "", "com"}},
		{"www.example.invalidtld", cols{"www.example.invalidtld", "invalidtld", "example", "www", "", "", "", "", "", "", "invalidtld.example.www"}},
		{"192.168.1.1", cols{HostName: "192.168.1.1"}},
		{"192.168.257", cols{HostName: "192.168.1.1"}},
		{"3232235777", cols{HostName: "192.168.1.1"}},
		{"1.2.3.4.5", cols{"1.2.3.4.5", "5", "4", "3", "2", "1", "", "", "", "", "5.4.3.2.1"}},
		{"1.2.65536", cols{"1.2.65536", "65536", "2", "1", "", "", "", "", "", "", "65536.2.1"}},
		{"[2001:db8::1]", cols{HostName: "[2001:db8::1]"}},
		{"straße.de", cols{"strasse.de", "de", "strasse", "", "", "", "de", "strasse.de", "de", "strasse.de", "de.strasse"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			c := canon.Columns(tt.in)
			got := cols{c.HostName, c.TLD, c.Part2, c.Part3, c.Part4, c.Part5,
				c.RegistrySuffix, c.RegisteredDomain, c.PrivateSuffix, c.PrivateDomain, c.NameReversed()}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Columns(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestColumnsLabels: the five label columns are the last five labels of
// HostName, as a split at every dot gives them, on names of many labels,
// empty ones, a trailing dot, upper case and escapes, which move the dots.
func TestColumnsLabels(t *testing.T) {
	labels := []string{"a", "bc", "", "Ex", "%41", "x%2Ey", "xn--bcher-kva", "bücher", "www"}
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 20000; n++ {
		parts := make([]string, 1+r.IntN(9))
		for i := range parts {
			parts[i] = labels[r.IntN(len(labels))]
		}
		host := strings.Join(parts, ".")
		if r.IntN(4) == 0 {
			host += "."
		}
		c := canon.Columns(host)
		if !c.IsName() {
			continue
		}
		split := strings.Split(c.HostName, ".")
		var want [5]string
		for i := range want {
			if i < len(split) {
				want[i] = split[len(split)-1-i]
			}
		}
		if got := [5]string{c.TLD, c.Part2, c.Part3, c.Part4, c.Part5}; got != want {
			t.Fatalf("Columns(%q): labels %q, HostName %q splits into %q", host, got, c.HostName, want)
		}
	}
}

func TestColumnsNoAllocs(t *testing.T) {
	var buf []byte
	n := testing.AllocsPerRun(100, func() {
		c := canon.Columns("www.foo.blogspot.co.uk")
		buf = c.AppendNameReversed(buf[:0])
	})
	if n != 0 {
		t.Errorf("Columns allocates %v times, want 0", n)
	}
}

// TestLineColumns holds LineColumns to the reading of cc-index-table's
// WarcUri: the host of each kind of record, and the error of a line
// without a scheme.
func TestLineColumns(t *testing.T) {
	tests := []struct {
		in     string
		host   string // url_host_name; "!" for none
		isName bool
		err    string
	}{
		{"http://u:p@WWW.Example.com:8080/x?y#z", "www.example.com", true, ""},
		{"HTTPS://a b.example/", "a b.example", true, ""},
		{"http://www.\x7f.com/", "www.\x7f.com", true, ""},
		{"http://www.\u00e6.com/", "www.xn--6ca.com", true, ""},
		{"http://\u0080.com/", "!", false, ""},
		{"http://[2001:DB8::1]:80/", "[2001:db8::1]", false, ""},
		{"http://123.123.123.123./", "123.123.123.123", false, ""},
		{"http://2071690107/", "123.123.123.123", false, ""},
		{"http:/www.google.com/robots.txt", "www.google.com", true, ""},
		{"https:////www.google.com/robots.txt", "www.google.com", true, ""},
		{"ftp://ftp.example.com/", "ftp.example.com", true, ""},
		{"http://a.example:8x/", "!", false, ""},
		{"http://[::1]:8x/", "!", false, ""},
		{"http://[::1]:8/", "[::1]", false, ""},
		{"http://a.example:/", "a.example", true, ""},
		{"dns:www.example.com", "www.example.com", true, ""},
		{"whois://whois.iana.org/example.com", "example.com", true, ""},
		{"whois:example.com", "example.com", true, ""},
		{"whois://whois.iana.org", "", true, ""},
		{"metadata://gnu.org/software/wget/warc/MANIFEST.txt", "gnu.org", true, ""},
		{"filedesc://file_name.arc.gz", "!", false, ""},
		{"filedesc://foo.arc.gz", "foo.arc.gz", true, ""},
		{"warcinfo:foo.warc.gz", "!", false, ""},
		{"www.example.com/", "!", false, `uri: canon.columns "www.example.com/": missing scheme at offset 0`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			c, err := canon.LineColumns(tt.in)
			got := c.HostName
			if got == "" && !c.IsName() {
				got = "!"
			}
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if diff := cmp.Diff([]any{tt.host, tt.isName, tt.err}, []any{got, c.IsName(), gotErr}); diff != "" {
				t.Errorf("LineColumns(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
