// Package idna implements UTS #46, Unicode IDNA Compatibility Processing,
// as the URL Standard uses it: ToASCII and ToUnicode with every flag of
// UTS #46 §4, and DomainToASCII, the URL Standard's "domain to ASCII".
//
// The mapping table and the bidi, joining and combining classes come from
// the Unicode data that npm's tr46 package ships (see UnicodeVersion);
// they are generated into tables.go by go generate, from
// internal/idnagen/data. Normalization (NFC, UAX #15) is this package's
// own, from tables generated into normtables.go from the Unicode data of
// the same version (npm's @unicode package, checked against the
// normalization of Node's ICU), so that a domain is mapped and normalized
// by one Unicode version. Punycode is RFC 3492.
//
// Errors are [*Error] values naming the [Rule] broken, in the codes of
// UTS #46's conformance file, the label and the code point at fault.
package idna

//go:generate go run ./internal/gentables
