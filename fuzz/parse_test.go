package fuzz

import (
	"bufio"
	"encoding/json"
	"errors"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/scanner"
	"github.com/urilabs/rfc3986/uri"
)

// readRows decodes every line of a conformance file.
func readRows[T any](f *testing.F, name string) []T {
	file, err := os.Open(filepath.Join("..", "testdata", "conformance", name))
	if err != nil {
		f.Fatal(err)
	}
	defer file.Close()
	var rows []T
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			f.Fatal(err)
		}
		rows = append(rows, v)
	}
	if err := sc.Err(); err != nil {
		f.Fatal(err)
	}
	return rows
}

// addConformance seeds f with the "in" of every line of a conformance file.
func addConformance(f *testing.F, name string) {
	for _, v := range readRows[struct {
		In string `json:"in"`
	}](f, name) {
		f.Add(v.In)
	}
}

// addCorpusSample seeds f with every nth line of a corpus.
func addCorpusSample(f *testing.F, name string, nth int) {
	file, err := os.Open(filepath.Join("..", "testdata", name))
	if err != nil {
		f.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	for i := 0; sc.Scan(); i++ {
		if i%nth == 0 {
			f.Add(sc.Text())
		}
	}
}

// FuzzParse checks Parse against the reference recognizer built from
// Appendix A: same verdict, same components; an accepted input round-trips
// through String and through recomposition (section 5.3); a rejection
// names an offset within the input, and the input cut there parses or
// fails at the cut, never earlier; ScanBytes agrees with Scan.
func FuzzParse(f *testing.F) {
	f.Add("foo://example.com:8042/over/there?name=ferret#nose") // section 3
	f.Add("urn:example:animal:ferret:nose")                     // section 3, no authority
	f.Add("ldap://[2001:db8::7]/c=GB?objectClass?one")          // section 1.1.2, IPv6
	f.Add("//[v7.fe80::1]:1")                                   // IPvFuture and port
	f.Add("//[::ffff:192.0.2.1]")                               // IPv6 with embedded IPv4
	f.Add("//u:p@1.2.3.4:5/")                                   // userinfo, IPv4, port
	f.Add("//1.2.3.256/")                                       // dec-octet overflow: a reg-name
	f.Add("http://host:80a/")                                   // port or userinfo until the "/"
	f.Add("a:b:c")                                              // scheme then path-rootless with ":"
	f.Add("1a:b")                                               // ":" in a relative path's first segment
	f.Add("./this:that")                                        // section 4.2
	f.Add("?#")                                                 // empty query and fragment
	f.Add("")                                                   // the empty reference
	f.Add("http://a/%2e%2E/%")                                  // pct-encoded, and a stray "%"
	f.Add("http://a b/")                                        // a byte outside the grammar
	f.Add("\x00\xff[]")                                         // no URI at all
	addConformance(f, "parse_valid.jsonl")
	addConformance(f, "parse_invalid.jsonl")
	addCorpusSample(f, "web_urls.txt", 997)
	addCorpusSample(f, "file_urls.txt", 997)

	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.Parse(s)
		ref, ok := reference.Match(s)
		switch {
		case ok && err != nil:
			t.Fatalf("Parse(%q): %v; the reference recognizer accepts it as %+v", s, err, ref)
		case !ok && err == nil:
			t.Fatalf("Parse(%q) accepts it as %+v; the reference recognizer rejects it", s, partsOf(u))
		}

		m, fail := scanner.Scan(s)
		mb, failb := scanner.ScanBytes([]byte(s))
		if m != mb || fail != failb {
			t.Fatalf("ScanBytes(%q) = %+v, %+v; Scan = %+v, %+v", s, mb, failb, m, fail)
		}

		if err == nil {
			got := partsOf(u)
			if diff := cmp.Diff(ref, got); diff != "" {
				t.Fatalf("Parse(%q) mismatch (-reference +Parse):\n%s", s, diff)
			}
			if u.String() != s || got.String() != s {
				t.Fatalf("Parse(%q) round-trips to String %q, recomposed %q", s, u.String(), got.String())
			}
			return
		}
		var e *uri.Error
		if !errors.As(err, &e) {
			t.Fatalf("Parse(%q) error is %T, want *uri.Error", s, err)
		}
		if e.Input != s || e.Offset < 0 || e.Offset > len(s) || e.Err == nil {
			t.Fatalf("Parse(%q) error %+v does not point into the input", s, e)
		}
		if _, err := uri.Parse(s[:e.Offset]); err != nil {
			if cut := err.(*uri.Error); cut.Offset != e.Offset && !earlierPort(cut, e) {
				t.Fatalf("Parse(%q) fails at %d, but its first %d bytes fail at %d", s, e.Offset, e.Offset, cut.Offset)
			}
		}
	})
}

// FuzzParseZoneID checks a Parser with ZoneID against the reference
// recognizer with RFC 6874's IP-literal: same verdict, components and
// zone, and a zone only where the host is an IPv6 literal with one.
func FuzzParseZoneID(f *testing.F) {
	f.Add("http://[fe80::1%25eth0]/")    // RFC 6874 section 2
	f.Add("//[fe80::1%25eth%30]:8080/x") // a pct-encoded zone
	f.Add("//[fe80::1%eth0]")            // the "%" not encoded: invalid
	f.Add("//[v1.x%25y]")                // no zone in IPvFuture
	addConformance(f, "parse_invalid.jsonl")
	p := uri.Parser{ZoneID: true}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := p.Parse(s)
		ref, ok := reference.MatchZoneID(s)
		if ok != (err == nil) {
			t.Fatalf("Parser{ZoneID}.Parse(%q) = %v; the reference recognizer says valid=%v", s, err, ok)
		}
		if !ok {
			return
		}
		if diff := cmp.Diff(ref, partsOf(u)); diff != "" {
			t.Fatalf("Parser{ZoneID}.Parse(%q) mismatch (-reference +Parse):\n%s", s, diff)
		}
		// The zone was compared with the recognizer's above; it must
		// also end an IPv6 host whose address is an address.
		if z := u.Zone(); z != "" {
			h := u.Host()
			addr, err := netip.ParseAddr(h[1 : len(h)-len(z)-4])
			if u.HostKind() != uri.IPv6 || err != nil || !addr.Is6() || !strings.HasSuffix(h, "%25"+z+"]") {
				t.Fatalf("Parser{ZoneID}.Parse(%q): zone %q does not end the IPv6 host %q (%v)", s, z, h, err)
			}
		}
	})
}

// earlierPort reports whether cut, the error of a prefix of the input
// that failed with e at e.Offset, is the exception to the offset of the
// longest valid prefix that uri.Error documents: an invalid port located
// at its first byte that is not a digit, which comes before e.Offset when
// the whole input failed later, at a byte userinfo cannot hold either.
func earlierPort(cut, e *uri.Error) bool {
	return errors.Is(cut, uri.ErrInvalidPort) && cut.Offset < e.Offset
}
