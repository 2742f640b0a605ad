package uri_test

import (
	"errors"
	"fmt"
	"net"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

func TestDialAddress(t *testing.T) {
	tests := []struct {
		in, hostname, want string
		wantErr            error
	}{
		{"http://example.com/", "example.com", "example.com:80", nil},
		{"HTTPS://Example.com/", "Example.com", "Example.com:443", nil},
		{"wss://a:8443/x", "a", "a:8443", nil},
		{"ftp://a/", "a", "a:21", nil},
		{"http://a:080/", "a", "a:80", nil},
		{"http://a:/", "a", "a:80", nil},
		{"http://[::1]/", "::1", "[::1]:80", nil},
		{"http://[2001:DB8::1]:8080/", "2001:DB8::1", "[2001:db8::1]:8080", nil},
		{"https://[2001:db8::1]/api", "2001:db8::1", "[2001:db8::1]:443", nil},
		{"http://[fe80::1%25eth0]:8/", "fe80::1", "[fe80::1%eth0]:8", nil},
		{"https://192.0.2.1/", "192.0.2.1", "192.0.2.1:443", nil},
		{"foo://a:7/", "a", "a:7", nil},
		{"foo://a/", "a", "", uri.ErrMissingPort},
		{"coap://[::1]/", "::1", "[::1]:5683", nil},
		{"LDAP://dir/", "dir", "dir:389", nil},
		{"http://a:65536/", "a", "", uri.ErrPortOutOfRange},
		{"http:///p", "", "", uri.ErrMissingHost},
		{"mailto:a@b", "", "", uri.ErrMissingHost},
		{"http://[v1.x]/", "v1.x", "", uri.ErrNotDialable},
		{"http://%6c%6fcalhost/", "%6c%6fcalhost", "", uri.ErrNotDialable},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := uri.Parser{ZoneID: true}.Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := u.Hostname(); got != tt.hostname {
				t.Errorf("Hostname(%q) = %q, want %q", tt.in, got, tt.hostname)
			}
			got, err := u.DialAddress()
			if !errors.Is(err, tt.wantErr) || got != tt.want {
				t.Fatalf("DialAddress(%q) = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.wantErr)
			}
			if err != nil {
				var e *uri.Error
				if !errors.As(err, &e) || e.Op != "dial address" || e.Input != tt.in || e.Offset < 0 || e.Offset > len(tt.in) {
					t.Errorf("DialAddress(%q): %#v is not an *Error of Op \"dial address\" into the input", tt.in, err)
				}
				return
			}
			// What net.Dial splits: the host without brackets, the port.
			host, port, err := net.SplitHostPort(got)
			if err != nil || port == "" || host == "" {
				t.Errorf("net.SplitHostPort(%q) = %q, %q, %v", got, host, port, err)
			}
		})
	}
}

func TestDialAllocs(t *testing.T) {
	u := uri.MustParse("https://example.com/a")
	if got := testing.AllocsPerRun(100, func() { sinkString = u.Hostname() }); got != 0 {
		t.Errorf("Hostname: %v allocs, want 0", got)
	}
	got := testing.AllocsPerRun(100, func() { sinkString, sinkErr = u.DialAddress() })
	t.Logf("DialAddress: %v allocs", got)
	if got != 1 {
		t.Errorf("DialAddress: %v allocs, want 1", got)
	}
}

func ExampleURI_Hostname() {
	u := uri.MustParse("http://[::1]:8080/")
	fmt.Println(u.Host(), u.Hostname())
	// Output: [::1] ::1
}

func ExampleURI_DialAddress() {
	for _, s := range []string{"https://example.com/a", "http://[::1]/", "redis://cache:6379/0", "redis://cache/0", "ldap://dir.example/"} {
		addr, err := uri.MustParse(s).DialAddress()
		fmt.Println(addr, err)
	}
	// Output:
	// example.com:443 <nil>
	// [::1]:80 <nil>
	// cache:6379 <nil>
	//  uri: dial address "redis://cache/0": missing port at offset 13
	// dir.example:389 <nil>
}

// TestDialAddressPortError checks the text and offset of DialAddress's
// error for a port above 65535: the port's first digit, as scheme.Check
// reports it, with the same sentinel.
func TestDialAddressPortError(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		text   string
	}{
		{"http://example.com:99999/", 19, `uri: dial address "http://example.com:99999/": port out of range at offset 19`},
		{"http://[::1]:65536", 13, `uri: dial address "http://[::1]:65536": port out of range at offset 13`},
		{"http://a:000065536/", 9, `uri: dial address "http://a:000065536/": port out of range at offset 9`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := uri.MustParse(tt.in).DialAddress()
			var e *uri.Error
			if !errors.As(err, &e) || !errors.Is(err, uri.ErrPortOutOfRange) {
				t.Fatalf("DialAddress(%q) error = %v, want an *Error of ErrPortOutOfRange", tt.in, err)
			}
			got := struct {
				Offset int
				Text   string
			}{e.Offset, err.Error()}
			want := struct {
				Offset int
				Text   string
			}{tt.offset, tt.text}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("DialAddress(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
