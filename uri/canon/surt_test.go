package canon_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/urilabs/rfc3986/uri/canon"
)

// TestStripQuerySessionIDCase pins the key matching to strings.ToLower's
// rules: ASCII keys fold as ASCII, and only what lowers to a session key
// matches ("ſ" folds to "s" but does not lower to it).
func TestStripQuerySessionIDCase(t *testing.T) {
	id32 := strings.Repeat("a1", 16)
	id24 := strings.Repeat("ab", 12)
	for _, tc := range []struct{ in, want string }{
		{"a=1&JSESSIONID=" + id32 + "&b=2", "a=1&b=2"},
		{"SID=" + id32, ""},
		{"ſid=" + id32, "ſid=" + id32},
		{"ASPSESSIONIDQQQQQQQQ=" + id24 + "&x", "x"},
		{"ASPSESSIONIDQQQQQQQQQ=" + id24, "ASPSESSIONIDQQQQQQQQQ=" + id24}, // 21 letters
		{"CFID=1&CFTOKEN=2&z", "z"},
		{"cfid=1&cftokex=2", "cfid=1&cftokex=2"},
		{"q=1&r=2", "q=1&r=2"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, canon.Helpers["stripQuerySessionID"](tc.in)); diff != "" {
				t.Errorf("stripQuerySessionID(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestSURTOptions: each option of SURTOptions on the keys it changes, and
// the lines SURT writes back as they are.
func TestSURTOptions(t *testing.T) {
	tests := []struct {
		in   string
		o    canon.SURTOptions
		want string
	}{
		{"http://192.168.1.254/info/", canon.SURTOptions{}, "254,1,168,192)/info"},
		{"http://192.168.1.254/info/", canon.SURTOptions{KeepIPAddress: true}, "192.168.1.254)/info"},
		{"http://999.1.2.3/", canon.SURTOptions{KeepIPAddress: true}, "999.1.2.3)/"},
		{"http://1.2.3.4.5/", canon.SURTOptions{KeepIPAddress: true}, "5,4,3,2,1)/"},
		{"http://example.com/Foo/?X=Y&B=%C3%A9", canon.SURTOptions{}, "com,example)/foo?b=%c3%a9&x=y"},
		{"http://example.com/Foo/?X=Y&B=%C3%A9", canon.SURTOptions{KeepQueryCase: true}, "com,example)/foo?B=%C3%A9&X=Y"},
		{"dns:Alexa.com", canon.SURTOptions{}, "dns:Alexa.com"},
		{"dns:Alexa.com", canon.SURTOptions{ReverseDNS: true}, "com,Alexa)"},
		{"dns:alexa.com", canon.SURTOptions{ReverseDNS: true, TrailingComma: true}, "com,alexa,)"},
		{"http://[2001:DB8::1]:8080/", canon.SURTOptions{WithScheme: true}, "http://(2001:db8::1:8080)/"},
		{"", canon.SURTOptions{}, "-"},
		{"filedesc://a.arc.gz", canon.SURTOptions{}, "filedesc://a.arc.gz"},
		{" warcinfo:a.warc.gz\t", canon.SURTOptions{}, "warcinfo:a.warc.gz"},
		{"http://a.example:8x/", canon.SURTOptions{}, "http://a.example:8x/"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, canon.SURT(tt.in, tt.o)); diff != "" {
				t.Errorf("SURT(%q, %+v) mismatch (-want +got):\n%s", tt.in, tt.o, diff)
			}
		})
	}
}

func TestSURTError(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"http://a.example:8x/", `uri: canon.SURT "http://a.example:8x/": invalid port: unexpected 'x' at offset 18 in port`},
		{"http://a b/", ""},
		{"dns:a.example", ""},
		{"", ""},
		{"filedesc:x", ""},
		{" ", `uri: canon.SURT " ": canon: URL has no scheme at offset 0`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := ""
			if err := canon.SURTError(tt.in); err != nil {
				got = err.Error()
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("SURTError(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
