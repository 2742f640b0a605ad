// Package uri parses, inspects, resolves, normalizes and builds URI
// references exactly as RFC 3986 defines them.
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
// backslashes, "{", "}", "|", "^" and non-ASCII bytes in a path, query or
// fragment; "%" not followed by two hexadecimal digits in a query; "[" or
// "]" outside an IP-literal; a second "@" in an authority; and an IPv6
// zone ("[fe80::1%25eth0]", RFC 6874).
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
// brackets. [URI.Segments] and [URI.QueryPairs] iterate over raw path
// segments and key=value pairs; [Unescape] decodes a part once it is split
// off, and [Escape] encodes data for a component.
//
// # Queries, edits and dialing
//
// A query of key=value pairs is a convention of HTML forms that RFC 3986
// leaves to the application (section 3.4). URI.QueryParams and
// URI.QueryParam decode its pairs as the RFC reads them, "+" a plus sign;
// URI.FormParams, URI.FormParam and URI.FormValues as forms and net/url
// do, "+" a space. They allocate nothing for what needs no decoding.
// URI.SetParam, URI.AddParam and URI.DeleteParam change the pairs of one
// key and leave every other byte of the query where it was, as a signed
// URL needs; EscapeQueryParam and EscapeForm escape one key or value.
//
// URI.WithPath, URI.WithQuery and URI.WithFragment return a URI with one
// component replaced, valid by construction, in one allocation;
// URI.WithoutQuery and URI.WithoutFragment cut one off. URI.Hostname is the
// host without brackets, and URI.DialAddress the host:port that net.Dial
// takes, the port defaulted from the scheme.
//
// # Resolution
//
// [URI.Resolve] transforms a reference against a base as section 5.2
// does, strictly; [URI.ResolveNonStrict] is the variant for backward
// compatibility ("http:g" read as "g" against an http base). The merge of
// paths and the removal of dot-segments (5.2.3, 5.2.4, [RemoveDotSegments])
// run in one pass and one buffer, in time linear in the input, and the
// result is written with its offsets, in one allocation; [AppendResolve]
// writes into the caller's buffer.
//
//	base := uri.MustParse("http://a/b/c/d;p?q")
//	u, _ := base.ResolveString("../g") // "http://a/b/g"
//
// [URI.Relativize] goes the other way: the shortest reference that
// resolves against a base to a given target ("../g"), or the target itself
// when nothing can be shared.
//
// Where section 5.3 leaves a gap, a path that would begin with "//"
// without an authority gets "/." before it ("foo:/.//x", not "foo://x",
// which would read as an authority), as Boost.URL and the WHATWG URL
// Standard do. Resolve and Normalize alike add it.
//
// # Normalization and comparison
//
// [URI.Normalize] applies section 6.2.2 (case, percent-encodings, dot
// segments, "%2E%2E" counting as "..") and section 6.2.3 (empty and
// default ports of http, https, ws, wss and ftp, and "/" for the empty path
// of http, https, ws and wss); [URI.NormalizeSyntax] stops after 6.2.2. A
// URI already normal comes back as it is, without allocating. [Equivalent]
// compares two normal forms without writing them and allocates nothing.
// The dot-segments of a relative-path reference ("../a") are kept, since
// they take their meaning from a base.
//
// [Build] recomposes components (section 5.3), encoding what a component
// cannot hold, and [URI.Components] takes them apart: Build(u.Components())
// is u. [URI.JoinPath] adds segments to a path, each argument exactly one
// segment, and refuses "." and "..", so that user input cannot climb.
// [Escape] encodes data for a component, and refuses a scheme or a port
// it cannot make valid, since neither can hold a percent-encoding.
//
// # Errors
//
// Every error the package returns is an [*Error]: the function that
// failed (Op), the input, the byte offset, the component and one of the
// package's sentinels (Err), which errors.Is finds.
//
// # net/url, encoding and logs
//
// [URI.URL] gives a *url.URL whose String is an equivalent URI, with the
// raw components in RawPath, RawQuery and RawFragment so that nothing is
// escaped again; [FromURL] goes back, strictly: it refuses a *url.URL that
// RFC 3986 cannot express or that net/url would write as another URI, such
// as url.URL{Path: "//evil.example/x"}, which would read as a host.
//
// A URI is an encoding.TextMarshaler and TextUnmarshaler, so that it can
// be a field of a JSON or YAML document or a flag.TextVar, and a
// database/sql Scanner and driver.Valuer, for a text column; a bad URI in
// the input is the *Error of Parse, with its offset. [URI.Redacted] hides
// the password of a userinfo, and [URI.LogValue] logs that form, so that a
// URI handed to log/slog does not leak one.
//
// # HTTP request targets
//
// [ParseRequestTarget] reads the request-target of an HTTP/1.1 request
// line (RFC 9112 section 3.2) into a [RequestTarget] and says which of its
// four forms it has, origin-form ("/a?b"), absolute-form ("http://a/b"),
// authority-form ("a:443", for CONNECT) or asterisk-form ("*"), at the
// speed of Parse and without allocating. Only absolute-form is a URI: in
// origin-form "//a" is a path, and "a:443" is a host and port, so a
// RequestTarget is not a URI, and [RequestTarget.TargetURI] combines it
// with the connection's scheme and the Host header into the URI the
// request is for (RFC 9112 section 3.3). The example in examples/proxy of
// the module is a reverse proxy built on it that routes on normalized
// paths.
//
// # Every URI is a URI-reference
//
// Whatever made a URI (Parse, a Parser, Build, FromURL, UnmarshalText,
// Resolve, Normalize, TargetURI), its String parses back, with the same
// options, as the same URI, and every operation takes it: Build of its
// Components, UnmarshalText of its MarshalText and Scan of its Value
// give it back, zone identifiers included. The fuzz target
// FuzzCompose in the module's fuzz directory holds every constructor to
// that.
//
// # Hazards
//
// A valid URI can still be read otherwise by another reader: "127.1" is a
// reg-name to RFC 3986 and 127.0.0.1 to inet_aton and browsers,
// "http:/evil.example/x" has no host to RFC 3986 and host evil.example
// to the WHATWG URL Standard, "/a;x/../b" is another path to Tomcat.
// [URI.Hazards] returns the classes of such disagreement a URI has, as a
// bit set ([Hazards], zero when none), without allocating;
// [URI.HazardDetails] says where each is and what the other reader makes
// of it. The classes and their sources are documented on [Hazard]. A
// reference resolved against a base may be read otherwise where neither
// has a hazard ("/" against "file:///C:/a/b" keeps "C:" in a browser):
// [URI.ResolveHazards] returns the hazards of the pair.
//
// The groups by action say which to refuse: under [DivergentHazards] another
// reader goes to another host, port or path; under [SpellingHazards] every
// reader goes to the same place, spelled otherwise (compare normal forms);
// under [DisplayHazards] a person may read another name (a userinfo that
// looks like a host, a Punycode label, which every internationalized domain
// name has).
//
//	if u.Hazards()&uri.DivergentHazards != 0 {
//		// refuse the request, or log u.HazardDetails()
//	}
//
// # Zone identifiers
//
// RFC 3986 has no IPv6 zone identifiers, and Parse rejects
// "http://[fe80::1%25eth0]/". A [Parser] with ZoneID set accepts the form
// of RFC 6874, and [URI.Zone] returns the zone. Such a URI is a URI like
// any other: every operation takes it, and the functions that read back
// the package's own text (UnmarshalText, Scan, Build) accept the zone,
// so that it survives JSON and a database. Where URIs come from outside
// and a zone has no place, refuse one with Zone() != "".
//
// # IRIs
//
// [ParseIRI] reads an IRI-reference (RFC 3987): components that may hold
// Unicode, in UTF-8, read by the same generated automaton in the same
// pass, with UTF-8 checked as it goes. An [IRI] has the accessors of a
// URI; [IRI.ToURI] and [URI.ToIRI] map between the two (sections 3.1 and
// 3.2), and [IRI.Normalize] and [IRI.Resolve] are those of URIs (sections
// 5.3 and 2.1).
package uri
