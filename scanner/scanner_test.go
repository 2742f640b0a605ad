package scanner_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/scanner"
	"github.com/urilabs/rfc3986/uri"
)

// fields are what the accessors of Marks and Failure read.
type fields struct {
	SchemeEnd, AuthorityStart, HostStart, HostEnd, PathStart, PathEnd, QueryEnd uint32
	Flags                                                                       scanner.Flags
	HostKind                                                                    scanner.HostKind
	Offset                                                                      int
	Reason                                                                      scanner.Reason
	Component                                                                   scanner.Component
}

func fieldsOf(m scanner.Marks, f scanner.Failure) fields {
	return fields{m.SchemeEnd(), m.AuthorityStart(), m.HostStart(), m.HostEnd(), m.PathStart(), m.PathEnd(), m.QueryEnd(),
		m.Flags(), m.HostKind(), f.Offset(), f.Reason(), f.Component()}
}

// TestScanAgreesWithParse checks the facade against package uri, which
// reads the same engine: the offsets of Marks slice out the components
// Parse gives, and a Failure holds the offset and component of Parse's
// error.
func TestScanAgreesWithParse(t *testing.T) {
	for _, s := range []string{
		"foo://user:pw@example.com:8042/over/there?name=ferret#nose",
		"//[2001:db8::7]:80/a%20b?c#d", "mailto:a@example.com", "", "?", "#", "a/b", "http://a b/",
		"http://h:8o/", "[", "http://[::1", ":x", "http://[fe80::1%25en0]/",
	} {
		t.Run(s, func(t *testing.T) {
			m, f := scanner.Scan(s)
			mb, fb := scanner.ScanBytes([]byte(s))
			mw, fw := scanner.ScanWith(s, scanner.Options{})
			if diff := cmp.Diff(fieldsOf(m, f), fieldsOf(mb, fb)); diff != "" {
				t.Errorf("ScanBytes(%q) differs from Scan (-Scan +ScanBytes):\n%s", s, diff)
			}
			if diff := cmp.Diff(fieldsOf(m, f), fieldsOf(mw, fw)); diff != "" {
				t.Errorf("ScanWith(%q, Options{}) differs from Scan (-Scan +ScanWith):\n%s", s, diff)
			}
			u, err := uri.Parse(s)
			if err != nil {
				e := err.(*uri.Error)
				if f == 0 || f.Offset() != e.Offset || f.Component() != e.Component || m != (scanner.Marks{}) {
					t.Errorf("Scan(%q) = %v, %v; Parse fails with %v", s, m, f, err)
				}
				return
			}
			if f != 0 || f.String() != "Accepted" || f.Reason() != scanner.Accepted {
				t.Errorf("Scan(%q) fails with %v; Parse accepts it", s, f)
			}
			got := []string{s[:m.SchemeEnd()], s[m.HostStart():m.HostEnd()], s[m.PathStart():m.PathEnd()]}
			want := []string{u.Scheme(), u.Host(), u.Path()}
			if diff := cmp.Diff(want, got); diff != "" || m.HostKind() != u.HostKind() || m.Flags()&scanner.HasQuery != 0 != u.HasQuery() {
				t.Errorf("Scan(%q) marks %v mismatch (-Parse +Scan):\n%s", s, m, diff)
			}
		})
	}
}

func TestScanWithZoneID(t *testing.T) {
	s := "http://[fe80::1%25en0]:8080/"
	if _, f := scanner.Scan(s); f.Reason() != scanner.InvalidIPv6 || f.Component() != scanner.Host {
		t.Errorf("Scan(%q) = %v, want InvalidIPv6 in host", s, f)
	}
	m, f := scanner.ScanWith(s, scanner.Options{ZoneID: true})
	if f != 0 || s[m.HostStart():m.HostEnd()] != "[fe80::1%25en0]" || m.HostKind() != scanner.IPv6 {
		t.Errorf("ScanWith(%q, ZoneID) = %v, %v", s, m, f)
	}
}

func TestEnumStrings(t *testing.T) {
	tests := []struct{ got, want string }{
		{scanner.Host.String(), "host"},
		{scanner.NoComponent.String(), "none"},
		{scanner.Component(200).String(), "Component(200)"},
		{scanner.InvalidPercentEncoding.String(), "InvalidPercentEncoding"},
		{scanner.TooLong.String(), "TooLong"},
		// Reason 9 is InvalidUTF8, of IRIs, which package scanner does
		// not read; 10 is the first without a name.
		{scanner.Reason(scanner.TooLong + 2).String(), "Reason(10)"},
		{scanner.IPvFuture.String(), "IPvFuture"},
		{scanner.HostKind(9).String(), "HostKind(9)"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("String() = %q, want %q", tt.got, tt.want)
		}
	}
	// Every reason up to TooLong has a name: none is skipped.
	for r := scanner.Accepted; r <= scanner.TooLong; r++ {
		if s := r.String(); s == "" || s[0] == 'R' && s != "Reason" {
			t.Errorf("Reason(%d).String() = %q", r, s)
		}
	}
}

func TestScanAllocatesNothing(t *testing.T) {
	b := []byte("http://[2001:db8::7]:80/a%20b?c#d")
	if n := testing.AllocsPerRun(100, func() {
		scanner.Scan("foo://user:pw@example.com:8042/over/there?name=ferret#nose")
		scanner.ScanBytes(b)
		scanner.ScanWith("http://a b/", scanner.Options{ZoneID: true})
	}); n != 0 {
		t.Errorf("Scan allocates %v times per run, want 0", n)
	}
}
