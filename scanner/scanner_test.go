package scanner_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/scanner"
	"github.com/urilabs/rfc3986/tables"
	"github.com/urilabs/rfc3986/uri"
)

// fields are what the accessors of Marks and Failure read.
type fields struct {
	SchemeEnd, AuthorityStart, HostStart, HostEnd, PathStart, PathEnd, QueryEnd uint32
	Flags                                                                       scanner.Flags
	HostKind                                                                    tables.HostKind
	Offset                                                                      int
	Reason                                                                      tables.Reason
	Component                                                                   tables.Component
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
				// Parse points at a port's first byte that is not a
				// digit, at or before where the scanner stopped.
				offsetOK := f.Offset() == e.Offset || errors.Is(err, uri.ErrInvalidPort) && f.Offset() > e.Offset
				if f == 0 || !offsetOK || uri.Component(f.Component()) != e.Component || m != (scanner.Marks{}) {
					t.Errorf("Scan(%q) = %v, %v; Parse fails with %v", s, m, f, err)
				}
				return
			}
			if f != 0 || f.String() != "Accepted" || f.Reason() != tables.ReasonNone {
				t.Errorf("Scan(%q) fails with %v; Parse accepts it", s, f)
			}
			got := []string{s[:m.SchemeEnd()], s[m.HostStart():m.HostEnd()], s[m.PathStart():m.PathEnd()]}
			want := []string{u.Scheme(), u.Host(), u.Path()}
			if diff := cmp.Diff(want, got); diff != "" || uri.HostKind(m.HostKind()) != u.HostKind() || m.Flags()&scanner.HasQuery != 0 != u.HasQuery() {
				t.Errorf("Scan(%q) marks %v mismatch (-Parse +Scan):\n%s", s, m, diff)
			}
		})
	}
}

func TestScanWithZoneID(t *testing.T) {
	s := "http://[fe80::1%25en0]:8080/"
	if _, f := scanner.Scan(s); f.Reason() != tables.ReasonInvalidIPv6 || f.Component() != tables.ComponentHost {
		t.Errorf("Scan(%q) = %v, want InvalidIPv6 in host", s, f)
	}
	m, f := scanner.ScanWith(s, scanner.Options{ZoneID: true})
	if f != 0 || s[m.HostStart():m.HostEnd()] != "[fe80::1%25en0]" || m.HostKind() != tables.HostIPv6 {
		t.Errorf("ScanWith(%q, ZoneID) = %v, %v", s, m, f)
	}
}

// TestFailureString checks the names Failure.String gives its reason and
// component, the names package uri's types give them too.
func TestFailureString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://a b/", "InvalidCharacter at 8 in host"},
		{"%zz", "InvalidPercentEncoding at 1 in path"},
		{"a:b#%", "InvalidPercentEncoding at 5 in fragment"},
		{":", "MissingScheme at 0 in scheme"},
		{"http://h:8o/", "InvalidPort at 11 in port"},
		{"http://[v1]/", "InvalidIPvFuture at 10 in host"},
		{"http://ok/", "Accepted"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, f := scanner.Scan(tt.in)
			if got := f.String(); got != tt.want {
				t.Errorf("Scan(%q) fails with %q, want %q", tt.in, got, tt.want)
			}
			if f != 0 && !strings.HasSuffix(tt.want, " in "+uri.Component(f.Component()).String()) {
				t.Errorf("uri.Component(%d) is %q; Failure.String says %q", f.Component(), uri.Component(f.Component()), tt.want)
			}
		})
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
