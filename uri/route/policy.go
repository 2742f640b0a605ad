package route

// A Policy is what a proxy or a server does to the request-target of a
// request before it routes it and sends it on: one field per knob, each
// knob one of the behaviours real products offer. It is a small comparable
// value; two policies are the same policy when they are == (policies in
// steps, with Then, when they point to the same next step).
//
// The zero value of every knob leaves the target as it is, so the zero
// Policy reads a target as [uri.ParseRequestTarget] does, routes on its
// path as written and forwards it unchanged.
//
// Knobs act on the path in this order, in one pass: reading the target
// (Read, InvalidPercent, Fragment), the percent-encoded bytes (PercentCase,
// Unreserved, EncodedDot and the encoded delimiters), raw backslashes,
// `;` parameters, dot-segments and empty segments, then the query. The
// path they leave is the normalized path; the key (KeyForm, KeyCase,
// TrailingSlash) and the forwarded target (Forward, Escape) are both made
// from it.
type Policy struct {
	// Read is the set of request lines the product takes at all.
	Read Read
	// InvalidPercent is what a "%" not followed by two hex digits does,
	// when Read lets one through.
	InvalidPercent InvalidPercent
	// Fragment is what a raw "#" in the target does, when Read lets one
	// through.
	Fragment Fragment

	// PercentCase is the case of the hex digits of the escapes the
	// product keeps.
	PercentCase PercentCase
	// Unreserved is what an escape of an unreserved character (ALPHA,
	// DIGIT, "-", ".", "_", "~") becomes.
	Unreserved Unreserved
	// EncodedDot is what "%2E" becomes; by default it follows Unreserved.
	EncodedDot EncodedDot

	// EncodedSlash is what "%2F" becomes. Decoded, it separates segments.
	EncodedSlash Encoded
	// EncodedBackslash is what "%5C" becomes. Decoded, it is a raw
	// backslash, and Backslash says what that does.
	EncodedBackslash Encoded
	// EncodedNul is what "%00" becomes.
	EncodedNul Encoded
	// EncodedSemicolon is what "%3B" becomes. Decoded, it is data: it
	// does not start a path parameter.
	EncodedSemicolon Encoded
	// EncodedPercent is what "%25" becomes. Decoded, a raw "%" is
	// forwarded, which the next reader decodes a second time.
	EncodedPercent Encoded
	// EncodedQuestion is what "%3F" becomes. Decoded, a raw "?" is
	// forwarded, which ends the path for the next reader.
	EncodedQuestion Encoded
	// EncodedHash is what "%23" becomes.
	EncodedHash Encoded
	// EncodedControl is what the escape of a control character other
	// than NUL ("%01" to "%1F", "%7F") becomes.
	EncodedControl Encoded
	// InvalidUTF8 is what a path does whose escapes decode to bytes that
	// are not UTF-8.
	InvalidUTF8 InvalidUTF8

	// Backslash is what a raw "\" in the path does (a decoded "%5C"
	// too).
	Backslash Backslash
	// Params is what a ";" in a path segment does.
	Params Params
	// Dot is what a "." segment does.
	Dot Dot
	// DotDot is what a ".." segment does.
	DotDot DotDot
	// DotEnd is what remains of a path whose last segment was a
	// dot-segment the policy removed.
	DotEnd DotEnd
	// Slashes is what an empty segment ("//") does.
	Slashes Slashes
	// Normalized is what the product does when the dot-segments, empty
	// segments or redirecting escapes changed the path.
	Normalized Normalized
	// Query is what the product does to the query.
	Query Query
	// QueryEscapes says whether the percent knobs (InvalidPercent,
	// PercentCase, Unreserved) act on the query too.
	QueryEscapes QueryEscapes

	// KeyForm is the form of the path the product matches its routes on.
	KeyForm KeyForm
	// KeyCase is the case of the key (the forwarded target keeps its
	// case).
	KeyCase KeyCase
	// TrailingSlash is what a trailing "/" of the key does.
	TrailingSlash TrailingSlash

	// RawPath is how the product keeps the escapes of a path that holds
	// bytes its URL type would have escaped.
	RawPath RawPath
	// Forward is what the product sends on.
	Forward Forward
	// Escape is the set of bytes the product escapes when it writes a
	// decoded path back out (Forward ForwardEscaped, and Location with
	// RedirectEscaped).
	Escape Escape
	// Location is the form of the target a redirect sends the client to.
	Location Location

	// AbsoluteForm, AuthorityForm and AsteriskForm are what the product
	// does with those forms of request-target (RFC 9112 section 3.2).
	AbsoluteForm  AbsoluteForm
	AuthorityForm OtherForm
	AsteriskForm  OtherForm
	// QueryTarget is what a target that is a query alone does.
	QueryTarget QueryTarget

	// Strip is how the product strips a route's prefix.
	Strip Strip

	// Status holds the statuses the product answers with.
	Status Statuses

	// Limits are the lengths past which the product refuses a request
	// before it reads its target: in a preset, the product's defaults.
	// The zero Limits sets none.
	Limits Limits

	// Then, when not nil, is the next step of a product whose behaviour
	// is a sequence of steps, each reading what the one before it
	// forwards (HAProxy's "http-request normalize-uri" lines, one after
	// another in the order of the configuration): the result is that of
	// the last step, unless a step before it rejects or redirects. A step
	// after the first refuses no byte, whatever its Read (the request
	// line was read by the first), reads a target of any shape as
	// ReadAny does, and has no Limits; every other knob of it acts.
	// Policies with a Then are == when they point to the same next step.
	// The steps after the first are shared by every copy of a policy: to
	// change one, make new steps rather than write through Then.
	// Each step that rewrites the target takes its own room: Apply
	// allocates at most once a step, and AppendApply needs the spare
	// capacity it documents for each step.
	Then *Policy

	// chain, when not nil, is what the steps after the first ask of a
	// target, found once when a preset made them (chainOf).
	chain *chain
}

// Limits are the lengths past which a product refuses a request before it
// reads its target. Each is a default of the product's configuration,
// measured on the product itself; a zero field sets no limit.
type Limits struct {
	// Line is the longest request line the product takes, without its
	// CRLF: method, target and version, and the two spaces between
	// them. nginx reads the line into a buffer of 8192 bytes
	// (large_client_header_buffers 4 8k), CRLF included: 8190; Apache
	// httpd takes 8191 (LimitRequestLine 8190).
	Line uint32
	// Head is, for a product that reads the request line and the header
	// fields into one buffer, how much they may take together: the
	// request line as Line counts it, and for each header field the
	// lengths of its name and value and Field bytes more. Tomcat's
	// buffer of 8192 bytes (maxHttpHeaderSize) holds the whole head as
	// it came, each field written "name: value" CRLF (Field 4), the
	// line's CRLF and the empty line (4 more: Head 8188); HAProxy 2.6
	// holds it in 15360 bytes (tune.bufsize 16384 less tune.maxrewrite
	// 1024) in its own form, each field costing 8 bytes besides its name
	// and value (Head 15300, Field 8).
	Head uint32
	// Field is what each header field costs besides the bytes of its
	// name and value, in Head.
	Field uint16
	// Status is the status of a request past a limit; 0 means 400 (414 for nginx and Apache httpd).
	Status uint16
}

// Allows says whether the product takes a request of that method, target
// and version (as "GET", "/a", "HTTP/1.1"), whose header fields are
// header (a field of several values counts once per value), as far as its
// Limits go.
func (l Limits) Allows(method, target, version string, header map[string][]string) bool {
	line := len(method) + len(target) + len(version) + 2
	if l.Line != 0 && line > int(l.Line) {
		return false
	}
	if l.Head == 0 {
		return true
	}
	n := line
	for name, values := range header {
		for _, v := range values {
			n += len(name) + len(v) + int(l.Field)
		}
	}
	return n <= int(l.Head)
}

// allowsGet is Allows for a GET request of HTTP/1.1 with no header
// field: what Apply knows of a request. A request has a Host field, so
// that a target that Head allows here may still be too long for it.
func (l Limits) allowsGet(target string) bool {
	n := len(target) + len("GET  HTTP/1.1")
	return (l.Line == 0 || n <= int(l.Line)) && (l.Head == 0 || n <= int(l.Head))
}

// Statuses are the HTTP statuses a product answers with itself. A zero
// field means 400 for a rejection and 301 for a redirect.
type Statuses struct {
	// Invalid is the status of a target the product cannot read: a byte
	// Read refuses, an invalid escape, a fragment, a form it refuses, an
	// empty segment (SlashesReject), an escape that is not UTF-8
	// (InvalidUTF8Reject).
	Invalid uint16
	// Encoded is the status of a rejected escape of a delimiter
	// (EncodedReject), a rejected backslash or parameter.
	Encoded uint16
	// AboveRoot is the status of a ".." that would climb above the root
	// (DotDotRejectAbove), and of a rejected "%2E" (EncodedDotReject,
	// EncodedDotRejectSegment).
	AboveRoot uint16
	// Redirect is the status of a redirect.
	Redirect uint16
}

// Read is the set of request-targets a product accepts.
type Read uint8

const (
	// ReadStrict accepts what uri.ParseRequestTarget accepts: RFC 9112
	// and RFC 3986 exactly.
	ReadStrict Read = iota
	// ReadLenient accepts any byte from 0x21 to 0x7E and from 0x80 to
	// 0xFF (whatever a request line split on spaces can hold): raw "\",
	// `"`, "{", "|", "^", "<", ">", "`", a "%" not followed by hex,
	// non-ASCII bytes. A target must still begin as one of the four
	// forms.
	ReadLenient
	// ReadLenientASCII is ReadLenient without the bytes from 0x80.
	ReadLenientASCII
	// ReadRFC accepts the characters of RFC 3986 alone, a raw "#" and a
	// "%" not followed by hex included (Fragment and InvalidPercent
	// decide).
	ReadRFC
	// ReadRFCNonASCII accepts the characters of RFC 3986 and the bytes
	// from 0x80, and a "%" not followed by hex (InvalidPercent decides).
	ReadRFCNonASCII
	// ReadAny is ReadLenient for a target of any shape: one that is none
	// of the four forms is taken as an authority-form target, and the
	// authority of an absolute-form target is not checked
	// (AbsoluteKeepAuthority). HAProxy with "option
	// accept-invalid-http-request" reads so, with its groups of four
	// bytes (ReadHAProxy): it takes every byte from 0x80, and after each
	// steps over groups again, so that a DEL (0x7F) goes through in a
	// group it steps over and is refused elsewhere.
	ReadAny
	// ReadRFCPath is ReadLenient, but for a path that holds nothing but
	// the characters RFC 3986 allows in one (pchar, "/", and a "%" that
	// InvalidPercent judges) outside the ";" parameters of its segments:
	// the parameters and the query may hold any byte ReadLenient takes. Jetty reads so: its request line parser takes any visible
	// byte and those from 0x80, and its HttpURI refuses a path character
	// outside RFC 3986 (ILLEGAL_PATH_CHARACTERS).
	ReadRFCPath
	// ReadHAProxy is ReadLenientASCII as HAProxy 2.6's request line
	// parser reads it (h1_parse_msg_start): it steps over the target four
	// bytes at a time from its first byte while each group of four lies
	// in 0x24-0xA3 and holds a byte below 0x7F, without looking at them
	// more closely, and checks the bytes from the first other group on
	// one by one. A byte from 0x7F to 0xA3 in a group it stepped over
	// goes through: "/ab\x80" and "/abc\x80def" are taken, "/abc\x80"
	// (its last group holds the space after the target) and
	// "/abc\xA4def" are not.
	ReadHAProxy
	// ReadTomcat is ReadRFC without a raw "[" or "]" in the path or the
	// query (the authority of an absolute-form target may hold them):
	// Tomcat's request line parser with relaxedPathChars and
	// relaxedQueryChars empty, which refuses every byte from 0x80 too.
	// Tomcat asks that the decoded path begin with "/": a target that
	// begins with "%2F" is read as origin-form.
	ReadTomcat
)

// InvalidPercent is what a "%" not followed by two hex digits does.
type InvalidPercent uint8

const (
	// InvalidPercentPass keeps it as a raw "%" (data, forwarded as it
	// is).
	InvalidPercentPass InvalidPercent = iota
	// InvalidPercentReject rejects the target (HAProxy's
	// percent-decode-unreserved strict, nginx, Envoy).
	InvalidPercentReject
	// InvalidPercentUTF16 reads "%u" and four hex digits in the path as
	// the escape of that UTF-16 code unit, written in UTF-8 ("%u002e" is
	// "%2E", "%u20AC" is "%E2%82%AC"), and rejects any other invalid
	// escape, a surrogate's included: Jetty with UTF16_ENCODINGS allowed.
	InvalidPercentUTF16
)

// Fragment is what a raw "#" does in a target that Read lets through.
type Fragment uint8

const (
	// FragmentKeep keeps it and what follows as part of the target.
	FragmentKeep Fragment = iota
	// FragmentReject rejects the target.
	FragmentReject
	// FragmentStrip cuts the target at the "#".
	FragmentStrip
	// FragmentEncode reads a raw "#" as data, which the path holds as
	// "%23" and the query as it is (net/http's url.ParseRequestURI).
	FragmentEncode
	// FragmentEncodeAll turns every raw "#" into "%23", where it is,
	// before anything else reads the target: "/a#b?c" is "/a%23b?c",
	// whose query is "c", and "/a?b#c" is "/a?b%23c" (HAProxy's
	// fragment-encode).
	FragmentEncodeAll
)

// PercentCase is the case of hex digits in the escapes a product keeps.
type PercentCase uint8

const (
	// PercentCaseKeep keeps them as written.
	PercentCaseKeep PercentCase = iota
	// PercentCaseUpper writes them in upper case (RFC 3986 section
	// 6.2.2.1).
	PercentCaseUpper
	// PercentCaseLower writes them in lower case.
	PercentCaseLower
)

// Unreserved is what an escape of an unreserved character becomes.
type Unreserved uint8

const (
	// UnreservedKeep keeps "%41" as "%41".
	UnreservedKeep Unreserved = iota
	// UnreservedDecode turns "%41" into "A" (RFC 3986 section 6.2.2.2).
	UnreservedDecode
)

// EncodedDot is what "%2E" becomes.
type EncodedDot uint8

const (
	// EncodedDotUnreserved does what Unreserved says: decoded, it counts
	// as a dot in a dot-segment.
	EncodedDotUnreserved EncodedDot = iota
	// EncodedDotDecode decodes it, whatever Unreserved says.
	EncodedDotDecode
	// EncodedDotKeep keeps it encoded, and not a dot, whatever
	// Unreserved says.
	EncodedDotKeep
	// EncodedDotReject rejects the target.
	EncodedDotReject
	// EncodedDotDecodeLate decodes it after the dot-segments are
	// removed: it does not make a dot-segment, and is sent on as ".".
	// HAProxy's percent-decode-unreserved does so when it comes after
	// path-strip-dot and path-strip-dotdot.
	EncodedDotDecodeLate
	// EncodedDotRejectSegment decodes it, and rejects the target when it
	// makes a "." or ".." segment ("/a/%2e%2E/b", "/.%2e/"): Jetty's
	// AMBIGUOUS_PATH_SEGMENT. Elsewhere ("/a%2eb") it is a dot as data.
	EncodedDotRejectSegment
)

// Encoded is what the escape of a delimiter becomes.
type Encoded uint8

const (
	// EncodedKeep keeps it encoded: data, in the key and the target sent
	// on.
	EncodedKeep Encoded = iota
	// EncodedReject rejects the target.
	EncodedReject
	// EncodedDecode decodes it in the key and in the target sent on.
	EncodedDecode
	// EncodedDecodeRedirect redirects the client to the target with it
	// decoded (Envoy's UNESCAPE_AND_REDIRECT).
	EncodedDecodeRedirect
)

// Backslash is what a raw "\" in the path does.
type Backslash uint8

const (
	// BackslashKeep keeps it as data.
	BackslashKeep Backslash = iota
	// BackslashReject rejects the target.
	BackslashReject
	// BackslashSlash reads it as "/", as Windows and WHATWG readers do.
	BackslashSlash
	// BackslashEncode writes it as "%5C".
	BackslashEncode
)

// InvalidUTF8 is what a path does whose escapes decode to bytes that are
// not UTF-8.
type InvalidUTF8 uint8

const (
	// InvalidUTF8Pass takes the bytes as they are.
	InvalidUTF8Pass InvalidUTF8 = iota
	// InvalidUTF8Reject rejects the target ("/%C0%AF"): Jetty's
	// BAD_UTF8_ENCODING.
	InvalidUTF8Reject
)

// Params is what a ";" in a path segment does.
type Params uint8

const (
	// ParamsKeep keeps it as data.
	ParamsKeep Params = iota
	// ParamsStrip removes each segment's parameters, from its first ";"
	// to its end, before anything else reads them (an escape in them is
	// neither decoded nor judged) and before dot-segments are looked
	// for, as Servlet containers map a path ("/..;x/" is a ".." segment).
	ParamsStrip
	// ParamsReject rejects a target whose path holds a ";".
	ParamsReject
	// ParamsStripRejectDots is ParamsStrip, but rejects a "." or ".."
	// segment that has parameters ("/a/..;x/b"), where ParamsStrip makes
	// it a dot-segment: Jetty's AMBIGUOUS_PATH_PARAMETER.
	ParamsStripRejectDots
)

// Dot is what a "." segment does.
type Dot uint8

const (
	// DotKeep keeps it.
	DotKeep Dot = iota
	// DotRemove removes it (RFC 3986 section 5.2.4).
	DotRemove
)

// DotDot is what a ".." segment does.
type DotDot uint8

const (
	// DotDotKeep keeps it.
	DotDotKeep DotDot = iota
	// DotDotRemove removes it with the segment before it, and ignores
	// it above the root (RFC 3986 section 5.2.4).
	DotDotRemove
	// DotDotRejectAbove removes it with the segment before it, and
	// rejects the target when it would climb above the root.
	DotDotRejectAbove
	// DotDotKeepAbove removes it with the segment before it, and keeps
	// it when it would climb above the root ("/../a" stays, as HAProxy's
	// path-strip-dotdot without "full" does).
	DotDotKeepAbove
)

// DotEnd is what remains of a path whose last segment was a removed
// dot-segment.
type DotEnd uint8

const (
	// DotEndSlash keeps the "/" before it: "/a/b/.." is "/a/" (RFC 3986
	// section 5.2.4).
	DotEndSlash DotEnd = iota
	// DotEndTrim drops that "/" too, unless the path is "/": "/a/b/.."
	// is "/a", as Go's path.Clean has it.
	DotEndTrim
)

// Slashes is what an empty segment does.
type Slashes uint8

const (
	// SlashesKeep keeps "//".
	SlashesKeep Slashes = iota
	// SlashesMerge merges a run of "/" into one.
	SlashesMerge
	// SlashesMergeLate merges a run of "/" into one after the
	// dot-segments are removed, so that an empty segment is a segment
	// that ".." removes ("/a//../b" is "/a/b"): HAProxy's
	// path-merge-slashes after path-strip-dotdot.
	SlashesMergeLate
	// SlashesReject rejects a target with an empty segment that another
	// segment follows: "//" anywhere ("/a//", "//a"), and "/a/;x/b" once
	// the parameters are stripped; a trailing "/" is no such segment.
	// Jetty's AMBIGUOUS_EMPTY_SEGMENT.
	SlashesReject
)

// Normalized is what a product does with a target whose path its
// dot-segment or slash rules changed.
type Normalized uint8

const (
	// NormalizedForward routes on and forwards the normalized path.
	NormalizedForward Normalized = iota
	// NormalizedRedirect redirects the client to the normalized target
	// (net/http's ServeMux).
	NormalizedRedirect
)

// Query is what a product does to the query.
type Query uint8

const (
	// QueryKeep keeps it as it is.
	QueryKeep Query = iota
	// QuerySort sorts its "&"-separated pairs by name, keeping the order
	// of pairs of the same name.
	QuerySort
	// QueryDropEmpty keeps it, but drops a "?" with nothing after it from
	// a target the product writes itself (ForwardNormalized,
	// ForwardEscaped, and ForwardRaw where an absolute-form target has no
	// path to send): nginx writes "?" only before arguments.
	QueryDropEmpty
)

// QueryEscapes is whether a product's percent normalizations reach the
// query.
type QueryEscapes uint8

const (
	// QueryEscapesKeep leaves the escapes of the query as they are.
	QueryEscapesKeep QueryEscapes = iota
	// QueryEscapesLikePath applies InvalidPercent, PercentCase and
	// Unreserved to the query as to the path (HAProxy's
	// percent-decode-unreserved and percent-to-uppercase act on the
	// whole URI).
	QueryEscapesLikePath
)

// KeyForm is the form of the path a product matches its routes on.
type KeyForm uint8

const (
	// KeyEncoded matches on the normalized path, escapes and all.
	KeyEncoded KeyForm = iota
	// KeyDecoded matches on the normalized path with every escape
	// decoded except those of "/" the policy keeps (EncodedSlash
	// EncodedKeep), which stay "%2F" so that they do not split a
	// segment.
	KeyDecoded
	// KeyDecodedUnreserved matches on the normalized path with every
	// escape decoded except those of reserved characters (gen-delims,
	// sub-delims) and "%", which stay encoded: Traefik's routing path.
	KeyDecodedUnreserved
	// KeyDecodedClean matches on the path the product forwards, every
	// escape decoded ("%2F" a "/" too), its trailing dots and spaces
	// trimmed, then cleaned as Go's path.Clean does, a trailing "/"
	// kept: Caddy's path matcher (CleanPath of r.URL.Path, after it trims
	// what Windows file systems ignore), whatever the policy does to the
	// forwarded target. "/admin/%2e" and "/admin/.." are "/admin/".
	KeyDecodedClean
)

// KeyCase is the case of the key.
type KeyCase uint8

const (
	// KeyCaseKeep matches routes case-sensitively.
	KeyCaseKeep KeyCase = iota
	// KeyCaseLower lower-cases the ASCII letters of the key (Caddy's path
	// matcher); the forwarded target keeps its case.
	KeyCaseLower
)

// TrailingSlash is what a trailing "/" of the key does.
type TrailingSlash uint8

const (
	// TrailingSlashKeep keeps it.
	TrailingSlashKeep TrailingSlash = iota
	// TrailingSlashStrip removes it from the key (not from the root "/").
	TrailingSlashStrip
)

// RawPath is how a product keeps the escaped form of a path.
type RawPath uint8

const (
	// RawPathKeep keeps the escapes as they came.
	RawPathKeep RawPath = iota
	// RawPathGo keeps them only while the raw path holds no byte that
	// EscapeGo escapes; otherwise the path is decoded and escaped again
	// with EscapeGo, as net/url's URL.EscapedPath does when RawPath is
	// not a valid encoding ("/a%2Fb\\" becomes "/a/b%5C": the "%2F" is
	// lost).
	RawPathGo
)

// Forward is what a product sends on.
type Forward uint8

const (
	// ForwardNormalized sends the normalized path and the query.
	ForwardNormalized Forward = iota
	// ForwardRaw sends the path and query as received, whatever the
	// product routed on (nginx's proxy_pass without a URI part, a
	// Servlet container's getRequestURI).
	ForwardRaw
	// ForwardEscaped sends the decoded path written out again with
	// Escape, and the query as received (nginx's proxy_pass with a URI
	// part).
	ForwardEscaped
	// ForwardEscapedQuoted is ForwardEscaped for a path that held an
	// escape, and ForwardNormalized for one that did not: nginx's
	// proxy_pass with a URI part escapes $uri only when the request line
	// had a "%" (r->quoted_uri), and copies it as it is otherwise, raw
	// bytes from 0x80 and all.
	ForwardEscapedQuoted
	// ForwardApache sends what Apache httpd's mod_proxy sends for
	// ProxyPass "/" "http://backend/": r->uri (the normalized path, every
	// escape decoded but the "%2F" AllowEncodedSlashes NoDecode keeps)
	// without its leading slashes, after "/", written by
	// ap_proxy_canonenc_ex (enc_path): alphanumerics, "/" and
	// "~$-_.+!*'(),;:@&=" as they are, every other byte escaped, and under
	// NoDecode a "%" kept before "2F", escaped before other hex digits, and
	// refused (400) before anything else; then the query as received.
	ForwardApache
	// ForwardApacheNoCanon is ForwardApache with ProxyPass's nocanon: the
	// target as received, unless it is not in origin-form or its leading
	// slashes are not as many as those of r->uri (which ap_parse_uri
	// reduces to one, and a decoded "%2F" may add to), when mod_proxy
	// ignores nocanon as unsafe.
	ForwardApacheNoCanon
)

// Escape is a set of bytes a product escapes when it writes a decoded
// path out. Every set escapes the bytes no path may hold raw: controls,
// space, DEL, bytes from 0x80, and "%", "?", "#".
type Escape uint8

const (
	// EscapePath escapes every byte that is not a pchar or "/" (RFC
	// 3986 section 3.3).
	EscapePath Escape = iota
	// EscapeGo escapes what Go's (*url.URL).EscapedPath escapes in a
	// path it writes itself: not "!$&'()*+,/:;=@" nor unreserved.
	EscapeGo
	// EscapeNginx escapes what nginx's ngx_escape_uri escapes with
	// NGX_ESCAPE_URI: space, `"`, "#", "%", "<", ">", "?", "\", "^",
	// "`", "{", "|", "}", controls, bytes from 0x7F.
	EscapeNginx
	// EscapeApache escapes what Apache's ap_proxy_canonenc escapes in a
	// path: not "$-_.+!*'(),;:@&=/~" nor alphanumerics.
	EscapeApache
)

// Location is the form of the target a redirect names.
type Location uint8

const (
	// LocationNormalized is the normalized path and the query.
	LocationNormalized Location = iota
	// LocationEscaped is the decoded path written with Escape, and the
	// query.
	LocationEscaped
	// LocationEscapedNormalized is the normalized path, escapes and all,
	// written with Escape as if it were decoded text ("%2F" becomes
	// "%252F"), and the query: what Go's ServeMux sends, since it puts
	// the cleaned escaped path into a url.URL's Path.
	LocationEscapedNormalized
)

// AbsoluteForm is what a product does with an absolute-form target.
type AbsoluteForm uint8

const (
	// AbsoluteKeep routes on its path and forwards it as it came.
	AbsoluteKeep AbsoluteForm = iota
	// AbsoluteToOrigin routes on its path and forwards the origin-form
	// target: the path ("/" when empty) and the query.
	AbsoluteToOrigin
	// AbsoluteReject rejects it.
	AbsoluteReject
	// AbsoluteToOriginHost is AbsoluteToOrigin for a target of the form
	// scheme "://" host, with a host that is not empty and no userinfo,
	// and rejects every other absolute-form target ("http:/a",
	// "urn:x:y", "http://user@host/", "http://h#f"), as nginx's request
	// line parser does. Where the path is empty, the product writes "/"
	// and the query, without a fragment (and without an empty query
	// under QueryDropEmpty): "http://h?q#f" is sent as "/?q".
	AbsoluteToOriginHost
	// AbsoluteKeepAuthority keeps it, for a target of the form scheme
	// "://" authority, with the authority ending at a "/" or at the end,
	// and without a default port (":80" for http, ":443" for https) or
	// an empty one ("http://h:/a" is sent as "http://h/a"), with no "/"
	// written where the path is empty ("http://h:80" is sent as
	// "http://h"); others are rejected. HAProxy reads the authority up to
	// the first "/" and refuses it when it is not the Host header, which
	// a client sends equal to the authority (RFC 9112 section 3.2.2).
	AbsoluteKeepAuthority
	// AbsoluteToOriginHTTP is AbsoluteToOrigin for the http and https
	// schemes, with a path or an authority that begins with "/" and no
	// userinfo ("http:/a" and "http:///a" are taken), and rejects every
	// other absolute-form target ("http:a", "ftp://h/", "urn:x:y"), as
	// Apache httpd does; "https://" in lower case with an empty host or
	// port ("https:///a", "https://h:/a") is rejected too, as Apache httpd
	// does when the Host field is the authority.
	AbsoluteToOriginHTTP
	// AbsoluteToOriginOpaque is AbsoluteToOrigin, but a path that does
	// not begin with "/" goes on as it is: "urn:x:y" is sent as "x:y",
	// and "localhost:80" read as absolute-form (OtherAsAbsolute) as "80",
	// which is not a request-target. Go's URL.RequestURI writes the
	// opaque part of a URL so, and Caddy sends it. An authority followed
	// by "#" ("http://h#f") is rejected: Go reads the "#" as part of the
	// host.
	AbsoluteToOriginOpaque
	// AbsoluteToOriginPath is AbsoluteToOrigin for a target whose path
	// begins with "/", of any scheme ("http://h/a", "http:/a"), and
	// rejects one whose path is empty or does not ("http://h",
	// "urn:x:y"), as Jetty does ("Bad URI path"), and one with userinfo
	// ("http://u@h/a"), which Jetty's default compliance refuses
	// (USER_INFO).
	AbsoluteToOriginPath
	// AbsoluteToOriginHTTPAuthority is AbsoluteToOrigin for a target
	// that begins with "http://" or "https://", in any case, with any
	// authority, userinfo or none, empty or not ("http:///a" is "/a"), and
	// rejects every other absolute-form target ("http:/a", "ftp://h/a"),
	// as Tomcat does.
	AbsoluteToOriginHTTPAuthority
)

// QueryTarget is what a product does with a target that is a query
// alone ("?x"), which is none of the four forms.
type QueryTarget uint8

const (
	// QueryTargetReject rejects it.
	QueryTargetReject QueryTarget = iota
	// QueryTargetRoot reads it as the path "/" and the query (Apache
	// httpd).
	QueryTargetRoot
)

// OtherForm is what a product does with an authority-form or
// asterisk-form target.
type OtherForm uint8

const (
	// OtherKeep forwards it as it is; the key is empty.
	OtherKeep OtherForm = iota
	// OtherReject rejects it.
	OtherReject
	// OtherAsAbsolute (for AuthorityForm) reads "host:port" as an
	// absolute-form target whose scheme is the host and whose path is the
	// port, and rejects one that cannot be a scheme ("[::1]:80"), as Go's
	// url.ParseRequestURI does: "localhost:80" is forwarded as "80".
	OtherAsAbsolute
	// OtherKeepAny (for AsteriskForm) keeps it, and takes any target
	// that begins with "*" for asterisk-form ("*/a"), as HAProxy does;
	// the other values take "*" alone.
	OtherKeepAny
)

// Strip is how a product cuts a route's prefix off the target it
// forwards, which Result.StripPrefix reproduces.
type Strip uint8

const (
	// StripSegments cuts the segments of the prefix off the key and the
	// same segments off the forwarded path.
	StripSegments Strip = iota
	// StripCleanedEscaped cleans the escaped forwarded path (path.Clean,
	// a trailing "/" kept), then cuts the prefix off it character by
	// character, an escape in the path matching the character it
	// encodes, without case: Caddy's handle_path and uri strip_prefix
	// ("/api%2fx" less "/api" is "%2fx").
	StripCleanedEscaped
)
