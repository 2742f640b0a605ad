// Package idna implements UTS #46, Unicode IDNA Compatibility Processing,
// as the URL Standard uses it: ToASCII and ToUnicode with every flag of
// UTS #46 §4, and DomainToASCII, the URL Standard's "domain to ASCII".
//
// The mapping table and the bidi, joining and combining classes come from
// the Unicode data that npm's tr46 package ships (see UnicodeVersion);
// they are generated into tables.go by go generate, from
// internal/idnagen/data. Punycode is RFC 3492; normalization is
// golang.org/x/text/unicode/norm, whose tables follow the Unicode version
// of the Go release (15.0.0 before Go 1.27).
//
// Errors are [*Error] values naming the [Rule] broken, in the codes of
// UTS #46's conformance file, the label and the code point at fault.
package idna

//go:generate go run ./internal/gentables
