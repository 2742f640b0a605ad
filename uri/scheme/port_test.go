package scheme

import (
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/internal/schemes"
	"github.com/urilabs/rfc3986/uri"
)

func TestDefaultPort(t *testing.T) {
	tests := []struct {
		name string
		port int
		ok   bool
	}{
		{"http", 80, true}, {"HTTPS", 443, true}, {"ws", 80, true}, {"Wss", 443, true},
		{"ftp", 21, true}, {"coap", 5683, true}, {"coaps", 5684, true},
		{"coap+tcp", 5683, true}, {"coaps+tcp", 5684, true}, {"coap+ws", 80, true}, {"coaps+ws", 443, true},
		{"ldap", 389, true}, {"telnet", 23, true}, {"gopher", 70, true}, {"nntp", 119, true}, {"news", 119, true},
		{"imap", 143, true}, {"pop", 110, true}, {"rtsp", 554, true}, {"rtsps", 322, true},
		{"mailto", 0, false}, {"", 0, false}, {"htt", 0, false}, {"ssh", 0, false},
	}
	for _, tt := range tests {
		if port, ok := DefaultPort(tt.name); port != tt.port || ok != tt.ok {
			t.Errorf("DefaultPort(%q) = %d, %v; want %d, %v", tt.name, port, ok, tt.port, tt.ok)
		}
	}
}

// TestNormalizeAgrees holds Normalize and DropDefaultPort to one registry:
// for every scheme of it, the URI with its default port written out
// normalizes to the one without, and DropDefaultPort of the normal form
// changes nothing.
func TestNormalizeAgrees(t *testing.T) {
	for _, s := range schemes.All() {
		port, ok := DefaultPort(s.Name)
		if !ok {
			continue
		}
		t.Run(s.Name, func(t *testing.T) {
			u := uri.MustParse(strings.ToUpper(s.Name) + "://h:" + itoa(port) + "/p")
			n := u.Normalize()
			if n.HasPort() {
				t.Errorf("Normalize(%q) = %q keeps the port that DefaultPort gives", u, n)
			}
			if d := DropDefaultPort(n, DefaultPort); d != n {
				t.Errorf("DropDefaultPort(%q) = %q, not the normal form", n, d)
			}
			if other := uri.MustParse(s.Name + "://h:" + itoa(port+1) + "/p").Normalize(); !other.HasPort() {
				t.Errorf("Normalize dropped the port of %q", other)
			}
		})
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func TestDropDefaultPort(t *testing.T) {
	mine := Ports{"myproto": 7000}
	tests := []struct {
		in    string
		ports func(string) (int, bool)
		want  string
	}{
		{"coap://h:5683/a", DefaultPort, "coap://h/a"},
		{"COAP://h:05683", DefaultPort, "COAP://h"},
		{"coap://h:5684/a", DefaultPort, "coap://h:5684/a"},
		{"coap://h:/a", DefaultPort, "coap://h/a"},
		{"foo://h:/a", DefaultPort, "foo://h/a"}, // an empty port means the default, whatever it is
		{"foo://h:1/a", DefaultPort, "foo://h:1/a"},
		{"http://u@h:80?q#f", DefaultPort, "http://u@h?q#f"},
		{"http://h:99999999999/", DefaultPort, "http://h:99999999999/"},
		{"myproto://h:7000/", mine.DefaultPort, "myproto://h/"},
		{"MyProto://h:7000/", mine.DefaultPort, "MyProto://h/"},
		{"http://h:80/", mine.DefaultPort, "http://h:80/"},
		{"//h:80/", DefaultPort, "//h:80/"},
		{"http://h/", DefaultPort, "http://h/"},
	}
	for _, tt := range tests {
		if got := DropDefaultPort(uri.MustParse(tt.in), tt.ports); got.String() != tt.want {
			t.Errorf("DropDefaultPort(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
	zoned, _ := uri.Parser{ZoneID: true}.Parse("http://[fe80::1%25eth0]:80/")
	if got := DropDefaultPort(zoned, DefaultPort); got.String() != "http://[fe80::1%25eth0]/" || got.Zone() != "eth0" {
		t.Errorf("DropDefaultPort(%q) = %q with zone %q; want http://[fe80::1%%25eth0]/", zoned, got, got.Zone())
	}
	u := uri.MustParse("coap://h/a")
	if n := testing.AllocsPerRun(100, func() { DropDefaultPort(u, DefaultPort) }); n != 0 {
		t.Errorf("DropDefaultPort of a URI without a port allocates %v times; want 0", n)
	}
}
