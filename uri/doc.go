// Package uri parses, inspects and checks URI references exactly as RFC 3986
// defines them.
//
// A [URI] is the input string and the offsets of its components, found in
// one left-to-right pass by a deterministic automaton generated from the
// RFC's ABNF (Appendix A). Parsing allocates nothing and takes time linear
// in the input; the accessors slice the input and allocate nothing either.
//
//	u, err := uri.Parse("foo://example.com:8042/over/there?name=ferret#nose")
//	u.Scheme()   // "foo"
//	u.Host()     // "example.com"
//	u.Port()     // "8042"
//	u.Path()     // "/over/there"
//	u.Query()    // "name=ferret"
//	u.Fragment() // "nose"
//
// # Strictness
//
// Parse accepts exactly the strings that match URI-reference and rejects
// every other with an [*Error] naming the byte offset, the component and
// the reason. Among what it rejects and net/url accepts: spaces, quotes,
// backslashes, "{", "}", "|", "^", controls and non-ASCII bytes anywhere;
// "%" not followed by two hexadecimal digits; "[" or "]" outside an
// IP-literal; a second "@" in an authority; a port with a non-digit; an
// IPv6 zone ("[fe80::1%25eth0]", RFC 6874); and a relative reference whose
// first segment holds ":" ("a:b" is a URI with scheme "a"; "1a:b" is
// neither).
//
// # Undefined and empty
//
// RFC 3986 tells an undefined component from an empty one (section 5.3):
// "http://a/?" has an empty query, "http://a/" none. Each optional
// component has a Has method beside its accessor: [URI.HasQuery],
// [URI.HasFragment], [URI.HasPort], [URI.HasUserInfo], [URI.HasAuthority],
// [URI.HasScheme]. The path is always defined, possibly empty.
//
// # Raw components
//
// Accessors return components as written: percent-encodings are not
// decoded, so a "%2F" in a path stays distinct from "/", and "+" in a query
// is a plus sign, not a space. Hosts keep their case and IP-literals their
// brackets.
package uri
