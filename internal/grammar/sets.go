// Package grammar is the readable description of the RFC 3986 grammar from
// which package tables, and the engine's states in package scan, are
// generated: the character sets of Appendix A, the automaton that reads a
// URI-reference and records where its components begin and end, and the
// automaton for the inside of an IP-literal, built from the ABNF of
// section 3.2.2 like a regular expression.
//
// Nothing here runs when a URI is parsed; see package tables and
// internal/scan/tables_gen.go for the output, and package scan for the
// loop that uses it.
package grammar

// A byteSet is a set of byte values, built the way the RFC builds its rules,
// and of the two symbols past them, ucsSymbol and privateSymbol: the
// alphabet of the automaton is the 256 bytes and the two kinds of
// character RFC 3987 adds, which the scanner reads as one symbol each
// once the UTF-8 automaton has decoded them. The byte classes and the
// URI tables are made of the bytes alone.
type byteSet [numSymbols]bool

// The symbols of the alphabet past the bytes (RFC 3987 section 2.2).
const (
	ucsSymbol     = 256 + iota // a character of ucschar
	privateSymbol              // a character of iprivate
	numSymbols
)

// symbol is the set of the one symbol sym.
func symbol(sym int) byteSet {
	var b byteSet
	b[sym] = true
	return b
}

// chars is the set of the bytes of s.
func chars(s string) byteSet {
	var b byteSet
	for i := 0; i < len(s); i++ {
		b[s[i]] = true
	}
	return b
}

// span is the set of bytes lo through hi, as in ABNF's %x41-5A.
func span(lo, hi byte) byteSet {
	var b byteSet
	for c := int(lo); c <= int(hi); c++ {
		b[c] = true
	}
	return b
}

// union is the ABNF alternation of single-byte rules.
func union(sets ...byteSet) byteSet {
	var b byteSet
	for _, s := range sets {
		for c, in := range s {
			b[c] = b[c] || in
		}
	}
	return b
}

// minus is the set of the bytes of a that are not in b.
func (a byteSet) minus(b byteSet) byteSet {
	for c, in := range b {
		if in {
			a[c] = false
		}
	}
	return a
}

// empty reports whether no byte is in a.
func (a byteSet) empty() bool {
	for _, in := range a {
		if in {
			return false
		}
	}
	return true
}

// The sets of RFC 3986, each with its ABNF rule. The rules that admit
// pct-encoded are listed here with their single-byte part only: a "%"
// followed by two HEXDIG is three bytes and is read by the automaton's
// own states (section 2.1).
var (
	// ALPHA = %x41-5A / %x61-7A (RFC 5234, appendix B.1; RFC 3986 section 1.3).
	alpha = union(span('A', 'Z'), span('a', 'z'))
	// DIGIT = %x30-39 (RFC 5234, appendix B.1).
	digit = span('0', '9')
	// HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F", case-insensitive
	// as all ABNF strings are (RFC 5234 section 2.3; RFC 3986 section 2.1).
	hexdig = union(digit, span('A', 'F'), span('a', 'f'))
	// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" (section 2.3).
	unreserved = union(alpha, digit, chars("-._~"))
	// gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@" (section 2.2).
	genDelims = chars(":/?#[]@")
	// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=" (section 2.2).
	subDelims = chars("!$&'()*+,;=")
	// pchar = unreserved / pct-encoded / sub-delims / ":" / "@" (section 3.3).
	pchar = union(unreserved, subDelims, chars(":@"))
	// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (section 3.1):
	// the bytes allowed after the first.
	schemeChar = union(alpha, digit, chars("+-."))
	// userinfo = *( unreserved / pct-encoded / sub-delims / ":" ) (section 3.2.1).
	userinfo = union(unreserved, subDelims, chars(":"))
	// reg-name = *( unreserved / pct-encoded / sub-delims ) (section 3.2.2).
	regName = union(unreserved, subDelims)
	// segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" ) (section 3.3).
	segmentNC = union(unreserved, subDelims, chars("@"))
	// path: segments of pchar separated by "/" (section 3.3).
	pathChar = union(pchar, chars("/"))
	// query = *( pchar / "/" / "?" ) (section 3.4), and
	// fragment = *( pchar / "/" / "?" ) (section 3.5).
	queryChar = union(pchar, chars("/?"))
	// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) (section 3.2.2).
	ipvFutureChar = union(unreserved, subDelims, chars(":"))
)

// The rules of RFC 3987 section 2.2 that differ from those of RFC 3986:
// iunreserved adds ucschar to unreserved wherever RFC 3986 has unreserved
// but in IPvFuture, and iquery alone also holds iprivate. The characters
// themselves are sets of code points, in iri.go.
var (
	// ucschar, as one symbol.
	ucschar = symbol(ucsSymbol)
	// iprivate, as one symbol.
	iprivate = symbol(privateSymbol)
	// iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" ).
	iuserinfo = union(userinfo, ucschar)
	// ireg-name = *( iunreserved / pct-encoded / sub-delims ).
	iregName = union(regName, ucschar)
	// isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims / "@" ).
	isegmentNC = union(segmentNC, ucschar)
	// ipath: segments of ipchar separated by "/"; ipchar = iunreserved /
	// pct-encoded / sub-delims / ":" / "@".
	ipathChar = union(pathChar, ucschar)
	// iquery = *( ipchar / iprivate / "/" / "?" ).
	iqueryChar = union(queryChar, ucschar, iprivate)
	// ifragment = *( ipchar / "/" / "?" ).
	ifragmentChar = union(queryChar, ucschar)
)

// A namedSet is a set exported in the membership table, one bit per set.
type namedSet struct {
	name string
	doc  string
	set  byteSet
}

// exportedSets are the sets written to tables.Sets, in bit order. The
// scanner skips runs of bytes with them; escaping and normalization use them
// to decide what a component may hold.
var exportedSets = []namedSet{
	{"ALPHA", "ALPHA = %x41-5A / %x61-7A (RFC 5234 B.1)", alpha},
	{"DIGIT", "DIGIT = %x30-39 (RFC 5234 B.1)", digit},
	{"HEXDIG", "HEXDIG = DIGIT / \"A\"-\"F\", either case (RFC 5234 B.1, §2.1)", hexdig},
	{"Unreserved", "unreserved = ALPHA / DIGIT / \"-\" / \".\" / \"_\" / \"~\" (§2.3)", unreserved},
	{"SubDelims", "sub-delims = \"!\" / \"$\" / \"&\" / \"'\" / \"(\" / \")\" / \"*\" / \"+\" / \",\" / \";\" / \"=\" (§2.2)", subDelims},
	{"GenDelims", "gen-delims = \":\" / \"/\" / \"?\" / \"#\" / \"[\" / \"]\" / \"@\" (§2.2)", genDelims},
	{"PChar", "pchar = unreserved / pct-encoded / sub-delims / \":\" / \"@\" (§3.3), without pct-encoded", pchar},
	{"Scheme", "scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ) (§3.1): the bytes after the first", schemeChar},
	{"UserInfo", "userinfo = *( unreserved / pct-encoded / sub-delims / \":\" ) (§3.2.1), without pct-encoded", userinfo},
	{"RegName", "reg-name = *( unreserved / pct-encoded / sub-delims ) (§3.2.2), without pct-encoded", regName},
	{"SegmentNC", "segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / \"@\" ) (§3.3), without pct-encoded", segmentNC},
	{"Path", "path: pchar / \"/\" (§3.3), without pct-encoded", pathChar},
	{"Query", "query = fragment = *( pchar / \"/\" / \"?\" ) (§3.4, §3.5), without pct-encoded", queryChar},
}

// pctEncodedName names the bit after the byte sets. It is not a set of
// bytes: in the engine's Run it says that a pct-encoded triplet continues
// the run too.
const pctEncodedName = "PctEncoded"

// setBit returns the bit of the exported set equal to s, or false.
func setBit(s byteSet) (uint, bool) {
	for i, ns := range exportedSets {
		if ns.set == s {
			return uint(i), true
		}
	}
	return 0, false
}
