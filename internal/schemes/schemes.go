// Package schemes is the library's one table of what it knows of URI
// schemes: default ports, which schemes WHATWG URL treats as special, and
// which rules of a scheme's specification apply. Normalize (RFC 3986
// section 6.2.3), Hazards, the request targets of package uri and package
// uri/scheme all read it, so that they agree.
package schemes

import "github.com/urilabs/rfc3986/internal/ascii"

// A Scheme is what the library knows of one scheme.
type Scheme struct {
	// Name is the scheme in lowercase, its canonical form (RFC 3986
	// section 3.1).
	Name string
	// Port is the default port, the one a URI of the scheme means when it
	// gives none, or 0 when its specification names none.
	Port uint16
	// Rules are the rules beyond RFC 3986 that apply to the scheme.
	Rules Rules
	// Check is the rule set uri/scheme.Check applies.
	Check Check
}

// Rules are rules beyond the generic syntax, one bit each.
type Rules uint8

const (
	// SlashPath: an empty path after an authority means "/", so that
	// RFC 3986 section 6.2.3 normalizes "http://a" to "http://a/" (RFC
	// 9110 section 4.2.3, RFC 6455 section 3).
	SlashPath Rules = 1 << iota

	// Special: WHATWG URL's special schemes other than file (its section
	// 4.1): a host is required, "\" separates path segments, and the
	// default port is dropped.
	Special

	// File: WHATWG URL's file scheme (its section 4.1): special, with
	// drive letters and no port.
	File

	// HostRequired: the RFC 9110 host rule of section 4.2.1 and 4.2.2
	// (and of RFC 6455 section 3 for ws and wss): an authority with a
	// host that is not empty; recipients reject "http:///a",
	// "https://:443/" and "http:/a".
	HostRequired
)

// Check names the rules of a scheme's specification that uri/scheme.Check
// applies.
type Check uint8

const (
	CheckNone   Check = iota
	CheckHTTP         // RFC 9110 section 4.2: a host, no userinfo
	CheckWS           // RFC 6455 section 3: those of http, and no fragment
	CheckFile         // RFC 8089 section 2 and Appendix E
	CheckMailto       // RFC 6068 section 2
	CheckURN          // RFC 8141 section 2
	CheckData         // RFC 2397 section 3
)

// web are the rules of http, https, ws and wss.
const web = SlashPath | Special | HostRequired

// table is every scheme the library knows, the most frequent first: a
// lookup reads it in order.
var table = [...]Scheme{
	{"http", 80, web, CheckHTTP},      // RFC 9110 section 4.2.1
	{"https", 443, web, CheckHTTP},    // RFC 9110 section 4.2.2
	{"ws", 80, web, CheckWS},          // RFC 6455 section 3
	{"wss", 443, web, CheckWS},        // RFC 6455 section 3
	{"file", 0, File, CheckFile},      // RFC 8089 section 2
	{"mailto", 0, 0, CheckMailto},     // RFC 6068 section 2
	{"urn", 0, 0, CheckURN},           // RFC 8141 section 2
	{"data", 0, 0, CheckData},         // RFC 2397 section 3
	{"ftp", 21, Special, CheckNone},   // RFC 1738 section 3.2
	{"coap", 5683, 0, CheckNone},      // RFC 7252 section 6.1
	{"coaps", 5684, 0, CheckNone},     // RFC 7252 section 6.2
	{"coap+tcp", 5683, 0, CheckNone},  // RFC 8323 section 8.1
	{"coaps+tcp", 5684, 0, CheckNone}, // RFC 8323 section 8.2
	{"coap+ws", 80, 0, CheckNone},     // RFC 8323 section 8.3
	{"coaps+ws", 443, 0, CheckNone},   // RFC 8323 section 8.4
	{"ldap", 389, 0, CheckNone},       // RFC 4516 section 2
	{"telnet", 23, 0, CheckNone},      // RFC 4248 section 2
	{"gopher", 70, 0, CheckNone},      // RFC 4266 section 2.1
	{"nntp", 119, 0, CheckNone},       // RFC 5538 section 2.2
	{"news", 119, 0, CheckNone},       // RFC 5538 section 2.1
	{"imap", 143, 0, CheckNone},       // RFC 5092 section 3
	{"pop", 110, 0, CheckNone},        // RFC 2384 section 3
	{"rtsp", 554, 0, CheckNone},       // RFC 7826 section 4.2
	{"rtsps", 322, 0, CheckNone},      // RFC 7826 section 4.2
}

// Lookup returns what the table knows of the scheme name, matched without
// regard to ASCII case, or the zero Scheme (no port, no rules) for a
// scheme it does not know. It allocates nothing.
func Lookup(name string) Scheme {
	if i := index(name); i >= 0 {
		return table[i]
	}
	return Scheme{}
}

// index returns the index in table of the scheme name, or -1.
func index(name string) int {
	for i := range table {
		if ascii.EqualLower(name, table[i].Name) {
			return i
		}
	}
	return -1
}

// WHATWG returns the scheme name, which must be in lowercase, when the URL
// Standard's section 4.1 makes it special (http, https, ws, wss, ftp and
// file: the table's schemes with the rule Special or File, which
// TestWHATWG holds this to), and the zero Scheme and false for any other.
// It allocates nothing. The WHATWG parser asks for every URL: a switch on
// constant strings compares a word, where a loop over the table would
// call the runtime's comparison for each name.
func WHATWG(name string) (Scheme, bool) {
	switch name {
	case "http":
		return table[0], true
	case "https":
		return table[1], true
	case "ws":
		return table[2], true
	case "wss":
		return table[3], true
	case "file":
		return table[4], true
	case "ftp":
		return table[8], true
	}
	return Scheme{}, false
}

// All returns the table, in order, for documentation and tests.
func All() []Scheme { return append([]Scheme(nil), table[:]...) }
