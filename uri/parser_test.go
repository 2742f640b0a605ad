package uri_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

// TestZoneID checks RFC 6874 zone identifiers: rejected by Parse, accepted
// by a Parser with ZoneID, and reported by Zone.
func TestZoneID(t *testing.T) {
	zoned := uri.Parser{ZoneID: true}
	valid := []struct{ in, host, zone string }{
		{"http://[fe80::1%25eth0]/", "[fe80::1%25eth0]", "eth0"},
		{"http://[fe80::a%25en1]:8080/x", "[fe80::a%25en1]", "en1"},
		{"//[::1%25lo]", "[::1%25lo]", "lo"},
		{"//[fe80::1%25eth%30]", "[fe80::1%25eth%30]", "eth%30"},
		{"//[fe80::1%25%2F]", "[fe80::1%25%2F]", "%2F"},
		{"//[1:2:3:4:5:6:7:8%25z]", "[1:2:3:4:5:6:7:8%25z]", "z"},
		{"//[::ffff:1.2.3.4%25a-b._~]", "[::ffff:1.2.3.4%25a-b._~]", "a-b._~"},
		{"//[fe80::%25eth0]", "[fe80::%25eth0]", "eth0"}, // "fe80::" is a whole IPv6address
		{"//[fe80::1]", "[fe80::1]", ""},
		{"//[v1.x]", "[v1.x]", ""},
		{"//example.com", "example.com", ""},
	}
	for _, tt := range valid {
		t.Run(tt.in, func(t *testing.T) {
			u, err := zoned.Parse(tt.in)
			if err != nil {
				t.Errorf("Parser{ZoneID}.Parse(%q): %v", tt.in, err)
				return
			}
			type zoned struct{ Host, Zone string }
			if diff := cmp.Diff(zoned{tt.host, tt.zone}, zoned{u.Host(), u.Zone()}); diff != "" {
				t.Errorf("Parser{ZoneID}.Parse(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if tt.zone != "" {
				if _, err := uri.Parse(tt.in); !errors.Is(err, uri.ErrInvalidIPv6) {
					t.Errorf("Parse(%q) = %v, want ErrInvalidIPv6: RFC 3986 has no zones", tt.in, err)
				}
			}
		})
	}
	invalid := []struct {
		in  string
		off int
	}{
		{"//[fe80::1%eth0]", 11},    // the "%" must be encoded as "%25"
		{"//[fe80::1%25]", 13},      // ZoneID = 1*( unreserved / pct-encoded )
		{"//[fe80::1%25eth 0]", 16}, // a space
		{"//[fe80::1%25eth:0]", 16}, // ":" is not unreserved
		{"//[fe80::1%25eth!]", 16},  // nor are sub-delims
		{"//[fe80::1%25eth%2]", 18}, // a broken pct-encoded
		{"//[fe80::1%25eth0", 17},   // no "]"
		{"//[v1.x%25eth0]", 7},      // no zones in IPvFuture
		{"//[1.2.3.4%25x]", 4},      // nor after a bare IPv4address
	}
	for _, tt := range invalid {
		t.Run(tt.in, func(t *testing.T) {
			_, err := zoned.Parse(tt.in)
			var e *uri.Error
			if !errors.As(err, &e) {
				t.Errorf("Parser{ZoneID}.Parse(%q) = %v, want an error", tt.in, err)
				return
			}
			type failure struct {
				Offset    int
				Component uri.Component
			}
			if diff := cmp.Diff(failure{tt.off, uri.Host}, failure{e.Offset, e.Component}); diff != "" {
				t.Errorf("Parser{ZoneID}.Parse(%q) error mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestZoneIDConformance flips the parse_invalid vectors marked
// rfc6874_valid: with ZoneID they parse.
func TestZoneIDConformance(t *testing.T) {
	type vector struct {
		In           string `json:"in"`
		RFC6874Valid bool   `json:"rfc6874_valid"`
	}
	n := 0
	for _, v := range readJSONL[vector](t, "parse_invalid.jsonl") {
		if v.RFC6874Valid {
			n++
		}
		t.Run(v.In, func(t *testing.T) {
			_, err := uri.Parser{ZoneID: true}.Parse(v.In)
			if v.RFC6874Valid {
				if err != nil {
					t.Errorf("Parser{ZoneID}.Parse(%q): %v, want RFC 6874 to accept it", v.In, err)
				}
			} else if err == nil {
				t.Errorf("Parser{ZoneID}.Parse(%q) accepts a reference invalid under RFC 6874 too", v.In)
			}
		})
	}
	if n == 0 {
		t.Error("no vector is marked rfc6874_valid")
	}
}

// TestParserZeroIsParse checks that the zero Parser is Parse, on every
// hand-picked case.
func TestParserZeroIsParse(t *testing.T) {
	var inputs []string
	for _, tt := range validTests {
		inputs = append(inputs, tt.in)
	}
	for _, tt := range errorTests {
		inputs = append(inputs, tt.in)
	}
	for _, s := range inputs {
		t.Run(s, func(t *testing.T) {
			u1, err1 := uri.Parse(s)
			u2, err2 := uri.Parser{}.Parse(s)
			if u1 != u2 || !cmp.Equal(err1, err2, cmp.Comparer(func(a, b error) bool { return a.Error() == b.Error() })) {
				t.Errorf("Parser{}.Parse(%q) = %v, %v; Parse = %v, %v", s, u2, err2, u1, err1)
			}
		})
	}
}
