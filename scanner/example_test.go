package scanner_test

import (
	"fmt"

	"github.com/urilabs/rfc3986/scanner"
)

// Most programs want package uri; the scanner is for those that keep the
// offsets themselves.
func ExampleScan() {
	s := "foo://user@example.com:8042/over/there?name=ferret#nose"
	m, f := scanner.Scan(s)
	fmt.Println(f)
	fmt.Println(s[:m.SchemeEnd()], s[m.HostStart():m.HostEnd()], s[m.PathStart():m.PathEnd()], m.Host() == scanner.RegName)
	fmt.Println(m.Flags()&scanner.HasQuery != 0, s[m.PathEnd()+1:m.QueryEnd()])

	_, f = scanner.Scan("http://a b/")
	fmt.Println(f, f.Offset(), f.Component(), f.Reason())
	// Output:
	// Accepted
	// foo example.com /over/there true
	// true name=ferret
	// InvalidCharacter at 8 in Host 8 Host InvalidCharacter
}

func ExampleScanBytes() {
	b := []byte("//[2001:db8::7]:80/a")
	m, f := scanner.ScanBytes(b)
	fmt.Println(f, string(b[m.HostStart():m.HostEnd()]), m.Host() == scanner.IPv6)
	// Output:
	// Accepted [2001:db8::7] true
}

func ExampleScanWith() {
	// An absolute-URI (section 4.3) has no fragment.
	_, f := scanner.ScanWith("http://a/#x", scanner.Options{Rule: scanner.AbsoluteURI})
	fmt.Println(f)
	// An RFC 6874 zone, on request.
	m, f := scanner.ScanWith("//[fe80::1%25en0]/", scanner.Options{ZoneID: true})
	fmt.Println(f, m.Host() == scanner.IPv6)
	// Output:
	// FragmentNotAllowed at 9 in Fragment
	// Accepted true
}
