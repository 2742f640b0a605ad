package scanner_test

import (
	"fmt"

	"github.com/urilabs/rfc3986/scanner"
	"github.com/urilabs/rfc3986/tables"
)

// Most programs want package uri; the scanner is for those that keep the
// offsets themselves.
func ExampleScan() {
	s := "foo://user@example.com:8042/over/there?name=ferret#nose"
	m, f := scanner.Scan(s)
	fmt.Println(f)
	fmt.Println(s[:m.SchemeEnd()], s[m.HostStart():m.HostEnd()], s[m.PathStart():m.PathEnd()], m.HostKind() == tables.HostRegName)
	fmt.Println(m.Flags()&scanner.HasQuery != 0, s[m.PathEnd()+1:m.QueryEnd()])

	_, f = scanner.Scan("http://a b/")
	fmt.Println(f, f.Offset(), f.Component() == tables.ComponentHost, f.Reason() == tables.ReasonInvalidCharacter)
	// Output:
	// Accepted
	// foo example.com /over/there true
	// true name=ferret
	// InvalidCharacter at 8 in host 8 true true
}

func ExampleScanBytes() {
	b := []byte("//[2001:db8::7]:80/a")
	m, f := scanner.ScanBytes(b)
	fmt.Println(f, string(b[m.HostStart():m.HostEnd()]), m.HostKind() == tables.HostIPv6)
	// Output:
	// Accepted [2001:db8::7] true
}

func ExampleScanWith() {
	// An RFC 6874 zone, on request.
	m, f := scanner.ScanWith("//[fe80::1%25en0]/", scanner.Options{ZoneID: true})
	fmt.Println(f, m.HostKind() == tables.HostIPv6)
	_, f = scanner.Scan("//[fe80::1%25en0]/")
	fmt.Println(f)
	// Output:
	// Accepted true
	// InvalidIPv6 at 10 in host
}
