package uri

import (
	"iter"
	"math/bits"
	"strconv"
	"strings"
	"unsafe"

	"github.com/urilabs/rfc3986/internal/idna"
	"github.com/urilabs/rfc3986/internal/numhost"
	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/internal/schemes"
)

// A Hazard is a class of valid URI that another reader reads otherwise:
// a resolver, a browser, an HTTP client or a servlet container that takes
// the same bytes for another host, port or path, or refuses them. Section
// 7 of RFC 3986 names several (7.4 rare IP address formats, 7.5 passwords,
// 7.6 semantic attacks); the others come from the WHATWG URL Standard,
// which browsers, Node.js and curl follow, from inet_aton, which
// getaddrinfo calls, and from the servers that route on paths.
//
// The readers a URI is judged against depend on its scheme. The "special"
// schemes of the WHATWG URL Standard, http, https, ws, wss, ftp and file,
// get WHATWG's host parser (percent-decoding, IDNA, IPv4 numbers); other
// schemes get its opaque host. A reference without a scheme is judged as
// if its base were http, the usual case of "//host/p" and "/p" (as in an
// HTTP request target).
type Hazard uint8

// The hazards. Each names the readers that disagree and the source.
const (
	// Credentials: the authority has a userinfo, "http://user@host/". RFC
	// 3986 section 7.6 warns of one that looks like a host,
	// "http://trusted.example@evil.example/", which every reader sends to
	// evil.example; section 7.5 of one holding a password ("u:p@").
	// RFC 9110 section 4.2.4 forbids senders to generate a userinfo in an
	// http or https URI and has recipients treat one as an error; WHATWG
	// URL accepts it.
	Credentials Hazard = iota + 1

	// MissingAuthority: a special scheme other than file without "//":
	// "http:evil.com/x", "http:/evil.com/x". WHATWG URL skips any slashes
	// after the scheme and reads host evil.com, where RFC 3986 has no host
	// and a path; RFC 9110 section 4.2.1 requires a host. With file, a
	// rootless path, "file:etc/hosts", which WHATWG URL reads as
	// "/etc/hosts", or an empty one, "file:" or "file:?q", which it reads
	// as "file:///".
	MissingAuthority

	// EmptyHost: an authority with an empty host where a reader needs
	// one: a special scheme other than file ("http:///evil.com/x", which
	// WHATWG URL reads as host evil.com, slashes skipped), or a userinfo
	// or port without a host in any scheme ("foo://user@/", "foo://:80/"),
	// which WHATWG URL refuses. RFC 9110 section 4.2.1 forbids an empty
	// host in http URIs.
	EmptyHost

	// FileAuthority: a file URI with a userinfo or a port, which WHATWG
	// URL refuses ("file://user@host/p", "file://host:8/p"), or whose host
	// and empty port are a Windows drive letter: "file://C:/x" has host C
	// to RFC 3986 and an empty host and path "/C:/x" to WHATWG URL. RFC
	// 8089 gives file URIs no userinfo or port. Also a file URI whose path
	// begins with a drive letter, "file:///C:/a/b": WHATWG URL keeps "C:"
	// when it resolves ".." or "/" against it, where RFC 3986 section 5.2
	// drops it ([URI.ResolveHazards] reports the resolutions that part as
	// ReferenceResolution). "file:///p" and "file://host/p" are fine.
	FileAuthority

	// NumericHost: a reg-name that resolvers read as an IPv4 address
	// (section 7.4): "127.1", "0x7f.1", "2130706433", "0177.0.0.1" are
	// 127.0.0.1 to inet_aton (one to four parts, each decimal, octal with
	// a leading 0, or hexadecimal with 0x; the last fills the bytes left)
	// and to the IPv4 parser of the WHATWG URL Standard, which also
	// accepts a trailing dot ("1.2.3.4.") and an empty "0x". For a special
	// scheme, also a host whose last label is a number but which is no
	// address ("example.123", "1.2.3.08"): WHATWG URL refuses it. A
	// reg-name with percent-encodings is an EncodedHost instead, whose
	// detail gives the address it decodes to.
	NumericHost

	// EncodedHost: percent-encoded bytes in a reg-name. WHATWG URL decodes
	// them and maps the result through IDNA (UTS 46): "%6c%6fcalhost" is
	// localhost, and "%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1" (fullwidth
	// digits) is 127.0.0.1 to WHATWG URL and to Go's net/http, whose
	// net/url decodes non-ASCII bytes in a host.
	EncodedHost

	// TrailingDot: a reg-name ending in ".", "example.com.". DNS reads it
	// as the absolute name example.com, while a comparison of host strings
	// (an allow-list, a virtual host, a certificate name, a cookie domain)
	// sees another name.
	TrailingDot

	// PunycodeLabel: an internationalized domain name: a label beginning
	// "xn--" (any case), the ASCII form of an internationalized label (RFC
	// 3492, RFC 5891), or, with a special scheme, a reg-name that is the
	// percent-encoded UTF-8 of a name in Unicode that IDNA writes with
	// Punycode labels and maps nothing else of ("m%C3%BCnchen.de", which
	// IRI.ToURI makes of "münchen.de", is xn--mnchen-3ya.de to WHATWG URL).
	// Browsers show the Unicode form, which may look like another name
	// (UTS 39), and WHATWG URL refuses a label that is not valid Punycode.
	// An encoded host that IDNA would map to another name ("%EF%BC%91..."
	// is fullwidth digits, 127...) is an EncodedHost.
	PunycodeLabel

	// MappedIPv6: an IPv6 literal that carries an IPv4 address in its low
	// 32 bits: IPv4-mapped ("[::ffff:127.0.0.1]", RFC 4291 section
	// 2.5.5.2), IPv4-translated ("[::ffff:0:7f00:1]", RFC 2765 section
	// 2.1), NAT64 ("[64:ff9b::7f00:1]", RFC 6052 section 2.1) or
	// IPv4-compatible ("[::127.0.0.1]", RFC 4291 section 2.5.5.1,
	// deprecated but still read by some stacks). A
	// dual-stack socket (or net/netip's Unmap) and a NAT64 gateway reach
	// the IPv4 address, which an allow-list of IPv4 ranges does not see.
	MappedIPv6

	// ZoneID: an IPv6 zone identifier (RFC 6874), which only a [Parser]
	// with ZoneID accepts. It names an interface of the machine that reads
	// it; WHATWG URL refuses it.
	ZoneID

	// IPvFutureHost: an IPvFuture literal, "[v1.x]" (section 3.2.2), which
	// WHATWG URL and most resolvers refuse.
	IPvFutureHost

	// EmptyPort: a ":" with no port, "http://host:/". RFC 3986 section
	// 3.2.3 and WHATWG URL read the scheme's default; a comparison of
	// authority strings does not.
	EmptyPort

	// PortLeadingZero: a port with leading zeros, "http://host:0080/".
	// WHATWG URL reads 80 and drops it as http's default; a comparison of
	// strings sees another port.
	PortLeadingZero

	// PortOutOfRange: a port above 65535, which the grammar allows. WHATWG
	// URL refuses it; a reader that keeps the number in 16 bits wraps it
	// ("65616" is port 80).
	PortOutOfRange

	// DefaultPort: the scheme's default port written out,
	// "http://host:80/" (http and ws 80, https and wss 443, ftp 21).
	// WHATWG URL drops it (section 6.2.3 of RFC 3986 normalizes it away),
	// so the Host header and origin differ from a comparison of the text.
	DefaultPort

	// DotSegment: a "." or ".." segment, raw or percent-encoded ("%2e",
	// ".%2E", "%2e%2e"), in a path that begins with "/". WHATWG URL and
	// every HTTP client remove them before sending ("/a/../b" goes out as
	// "/b", "/%2e%2e/admin" as "/admin"), so a filter that checked the
	// path as written checked another one. Also a percent-encoded one in
	// a relative-path reference ("%2e%2e/admin"), which RFC 3986 section
	// 5.2 keeps as a segment and WHATWG URL resolves as "..".
	DotSegment

	// EncodedDelimiter: "%2F" (/), "%5C" (\), "%3F" (?), "%23" (#), "%3B"
	// (;) or "%00" in a path that begins with "/". RFC 3986 section 2.2
	// keeps them apart from the characters they encode, but backends that
	// decode before routing (servlet containers, Go's URL.Path, CGI) read
	// another path: "/a%2F..%2Fadmin" is "/a/../admin" to them, "%00" cuts
	// a C string, and "%3F" written back into a URI starts a query
	// (Apache httpd, CVE-2024-38474).
	EncodedDelimiter

	// PathParameter: a ";" in a path that begins with "/". Tomcat and
	// Jetty strip ";params" from each segment before mapping, so
	// "/admin;x/" is "/admin/" and "/..;/" is "/../" to them, where a
	// proxy in front sees other segments.
	PathParameter

	// DoubleSlashPath: a path beginning with "//", "http://host//evil.example/x"
	// or the request target "//evil.example/x". Echoed alone into a
	// Location header or a link, it is a network-path reference (section
	// 4.2) to host evil.example.
	DoubleSlashPath

	// ReferenceResolution: a reference that the URL Standard resolves
	// against its base otherwise than section 5.2 does, which only
	// [URI.ResolveHazards] reports, since neither URI has it alone. Against
	// a file base whose path begins with a Windows drive letter, ".." and
	// "/" keep it: "/" against "file:///C:/a/b" is "file:///" by RFC 3986
	// and "file:///C:/" by WHATWG URL, which never removes a drive letter
	// with ".." and carries the base's over to a path that begins with "/"
	// but no drive letter. Against a base with an opaque path (a scheme
	// other than the special ones, no authority, a path not beginning with
	// "/": "mailto:x", "sc:sd"), WHATWG URL resolves a fragment alone and
	// refuses any other reference, where section 5.2 merges paths: "i"
	// against "sc:sd" is "sc:i". Against a file base with a host, WHATWG
	// URL gives "file:/x" the base's host, where section 5.2 takes it as
	// it is, without one. And against any base, section 5.2.2 removes the
	// dot-segments of an absolute reference's path even when it is opaque
	// or rootless ("c:x/.." is "c:/", "file:C:/.." is "file:/"), which
	// WHATWG URL reads alone ("c:x/..", "file:///C:/").
	ReferenceResolution

	numHazards = iota + 1 // one more than the last Hazard
)

var hazardNames = [numHazards]string{
	Credentials:         "credentials",
	MissingAuthority:    "missing-authority",
	EmptyHost:           "empty-host",
	FileAuthority:       "file-authority",
	NumericHost:         "numeric-host",
	EncodedHost:         "encoded-host",
	TrailingDot:         "trailing-dot",
	PunycodeLabel:       "punycode",
	MappedIPv6:          "mapped-ipv6",
	ZoneID:              "zone-id",
	IPvFutureHost:       "ipvfuture-host",
	EmptyPort:           "empty-port",
	PortLeadingZero:     "port-leading-zero",
	PortOutOfRange:      "port-out-of-range",
	DefaultPort:         "default-port",
	DotSegment:          "dot-segment",
	EncodedDelimiter:    "encoded-delimiter",
	PathParameter:       "path-parameter",
	DoubleSlashPath:     "double-slash-path",
	ReferenceResolution: "reference-resolution",
}

// String returns the hazard's name in lowercase words joined by "-":
// "numeric-host", "dot-segment".
func (h Hazard) String() string {
	if h > 0 && h < numHazards {
		return hazardNames[h]
	}
	return "Hazard(" + strconv.Itoa(int(h)) + ")"
}

// Hazards is a set of hazards, one bit each. The zero Hazards is the empty
// set: no reader known here reads the URI otherwise.
type Hazards uint32

// bit returns the set that holds h alone.
func (h Hazard) bit() Hazards { return 1 << h }

// The hazards grouped by the component that another reader may read
// otherwise under them, for tests such as u.Hazards()&HostHazards != 0.
// A class may be in more than one group: under MissingAuthority, EmptyHost
// and FileAuthority, WHATWG URL takes the host from the path or the path
// from the host, and reads both otherwise; under ReferenceResolution, it
// takes a drive letter or a host from the base.
const (
	HostHazards Hazards = 1<<MissingAuthority | 1<<EmptyHost | 1<<FileAuthority |
		1<<NumericHost | 1<<EncodedHost | 1<<TrailingDot | 1<<PunycodeLabel |
		1<<MappedIPv6 | 1<<ZoneID | 1<<IPvFutureHost | 1<<ReferenceResolution
	PortHazards Hazards = 1<<EmptyPort | 1<<PortLeadingZero | 1<<PortOutOfRange | 1<<DefaultPort
	PathHazards Hazards = 1<<MissingAuthority | 1<<EmptyHost | 1<<FileAuthority |
		1<<DotSegment | 1<<EncodedDelimiter | 1<<PathParameter | 1<<DoubleSlashPath |
		1<<ReferenceResolution
	UserInfoHazards Hazards = 1 << Credentials
)

// The hazards grouped by what to do about them. Every class is in exactly
// one of the three groups, which say how far apart the readers are: a
// proxy or a URL filter refuses DivergentHazards, compares the normal
// forms of URIs under SpellingHazards, and shows URIs under DisplayHazards
// with care.
const (
	// DivergentHazards: another reader goes to another host, port or path,
	// or refuses what the others accept. A filter that checked the URI as
	// written checked another request than the one that is made: "127.1"
	// (inet_aton connects to 127.0.0.1), "/a/%2e%2e/admin" (an HTTP client
	// sends "/admin"), "/admin;x/" (Tomcat maps "/admin/"). Refuse these.
	DivergentHazards Hazards = 1<<MissingAuthority | 1<<EmptyHost | 1<<FileAuthority |
		1<<NumericHost | 1<<EncodedHost | 1<<MappedIPv6 | 1<<ZoneID | 1<<IPvFutureHost |
		1<<PortOutOfRange | 1<<DotSegment | 1<<EncodedDelimiter | 1<<PathParameter |
		1<<DoubleSlashPath | 1<<ReferenceResolution

	// SpellingHazards: every reader goes to the same place, but the text is
	// not the one a comparison of strings expects: "example.com." (DNS
	// reads example.com), "http://h:/", "http://h:080/", "http://h:80/"
	// (port 80 to every reader). An allow-list or deny-list of hosts or
	// origins compares normal forms (URI.Normalize drops the empty and
	// default ports) or refuses these.
	SpellingHazards Hazards = 1<<TrailingDot | 1<<EmptyPort | 1<<PortLeadingZero | 1<<DefaultPort

	// DisplayHazards: every reader goes to the same place, but a person
	// may read another: "http://trusted.example@evil.example/" (section
	// 7.6) goes to evil.example for every reader, and a Punycode label
	// ("xn--pple-43d.com") is shown by browsers in a Unicode form that may
	// look like another name. Internationalized domain names are Punycode
	// ("münchen.de" is "xn--mnchen-3ya.de" through IRI.ToURI), so refusing
	// these refuses them; show the host, or check it against UTS 39,
	// instead.
	DisplayHazards Hazards = 1<<Credentials | 1<<PunycodeLabel
)

// Has reports whether s holds h.
func (s Hazards) Has(h Hazard) bool { return s&h.bit() != 0 }

// All returns the hazards of s in the order of their constants.
func (s Hazards) All() iter.Seq[Hazard] {
	return func(yield func(Hazard) bool) {
		for rest := s &^ 1; rest != 0; rest &= rest - 1 {
			if !yield(Hazard(bits.TrailingZeros32(uint32(rest)))) {
				return
			}
		}
	}
}

// String returns the names of the hazards of s joined by "|",
// "credentials|numeric-host", or "none" for the empty set.
func (s Hazards) String() string {
	if s == 0 {
		return "none"
	}
	var b strings.Builder
	for h := range s.All() {
		if b.Len() > 0 {
			b.WriteByte('|')
		}
		b.WriteString(h.String())
	}
	return b.String()
}

// A schemeKind sorts schemes by the rules WHATWG URL applies to them.
type schemeKind uint8

const (
	otherScheme   schemeKind = iota // an opaque host; dot-segments of "/" paths
	specialScheme                   // http, https, ws, wss, ftp: a host is required
	fileScheme                      // file: special, with drive letters and no port
)

// kindOf returns the kind of scheme, without regard to case, as the
// scheme table has it.
func kindOf(scheme string) schemeKind {
	switch r := schemes.Lookup(scheme).Rules; {
	case r&schemes.Special != 0:
		return specialScheme
	case r&schemes.File != 0:
		return fileScheme
	}
	return otherScheme
}

// kind returns the kind of u's scheme; a reference without one is judged
// as if its base were http.
func (u URI) kind() schemeKind {
	if u.m.Flags()&scan.HasScheme == 0 {
		return specialScheme
	}
	return kindOf(u.Scheme())
}

// Hazards returns the set of hazards of u: the ways in which a reader
// other than RFC 3986 would read u's host, port or path otherwise (see
// [Hazard]). The empty set, the usual answer, means none is known.
//
// For most URLs it reads two bits that the scanner recorded while it
// parsed them; for the others, the offsets of the components and, once,
// the bytes of the host and of the path. It allocates nothing.
// [URI.HazardDetails] says where each hazard is and what the other reader
// makes of it.
func (u URI) Hazards() Hazards {
	// Most URLs are plain (see scan.MaxPlain): the scanner found no
	// byte where a hazard begins in a "scheme://name/path" whose
	// name does not end like a number. Short enough to inline.
	if u.m.PlainFacts() == 1 {
		return 0
	}
	return u.otherHazards()
}

// otherHazards is Hazards for the URIs its shortcut leaves.
func (u URI) otherHazards() Hazards {
	m := u.m
	if m.Plain() {
		// Plain but for a name that may end in a number, which mostly
		// it does not ("example.web1", "example.love"): no hazard then.
		if he := m.HostEnd(); u.s[he-1] == '.' || numhost.WHATWGEndsInNumber(u.s[m.HostStart():he]) {
			return u.hazards()
		}
		return 0
	}
	if m.PathEnd() > scan.MaxPlain {
		return u.longHazards()
	}
	// A URI whose path ends within scan.MaxPlain and is not plain has a
	// hazard's byte, or not the shape of the shortcut: the full check is
	// what is left.
	return u.hazards()
}

// longHazards is Hazards for a URI whose path ends further in than any
// plain one's (see scan.MaxPlain).
func (u URI) longHazards() Hazards {
	m := u.m
	if m.Flags()&(scan.HasAuthority|scan.HasUserInfo|scan.HasPort) == scan.HasAuthority && HostKind(m.HostKind()) == RegName &&
		(m.SchemeEnd() != 4 || u.s[0]|0x20 != 'f') { // file: see driveLetterPath
		// The common case, "scheme://name/path": when the name does
		// not end like a number and neither it nor the path holds a
		// byte where a hazard begins, only "//" is left to look for.
		hs, he, ps, pe := m.HostStart(), m.HostEnd(), m.PathStart(), m.PathEnd()
		var quick int
		if hasHazardVector {
			quick = hostPathVector(&u)
		} else {
			quick = hostPathWords(u.s, hs, he, ps, pe)
		}
		switch quick {
		case 0:
			return 0
		case 1:
			return DoubleSlashPath.bit()
		}
	}
	return u.hazards()
}

// hazards is Hazards without its shortcut.
func (u URI) hazards() Hazards {
	var h Hazards
	m := u.m
	flags := m.Flags()
	switch {
	case flags&scan.HasAuthority != 0:
		h = u.authorityHazards(u.kind())
	case flags&scan.HasScheme != 0:
		switch u.kind() {
		case specialScheme:
			h = MissingAuthority.bit()
		case fileScheme:
			if m.PathEnd() == m.PathStart() || u.s[m.PathStart()] != '/' {
				h = MissingAuthority.bit()
			}
		}
	}
	if ps, pe := m.PathStart(), m.PathEnd(); pe > ps && u.s[ps] == '/' {
		h |= pathHazards(u.s[ps:pe])
		if flags&scan.HasScheme != 0 && u.kind() == fileScheme && driveLetterPath(u.s[ps:pe]) {
			h |= FileAuthority.bit()
		}
	} else if pe > ps && flags&(scan.HasScheme|scan.HasAuthority) == 0 {
		// A relative-path reference: an encoded dot-segment stays a
		// segment under RFC 3986 section 5.2 and is ".." to WHATWG URL.
		if i := strings.IndexByte(u.s[ps:pe], '%'); i >= 0 {
			h |= encodedPathHazards(u.s[ps:pe], i) & DotSegment.bit()
		}
	}
	return h
}

// driveLetterPath reports whether path begins with a segment that is a
// Windows drive letter, "/C:" or "/C:/...": WHATWG URL never removes it,
// so that ".." and "/" resolved against "file:///C:/a/b" give
// "file:///C:/" where RFC 3986 section 5.2 gives "file:///".
func driveLetterPath(path string) bool {
	return len(path) >= 3 && path[0] == '/' && 'a' <= path[1]|0x20 && path[1]|0x20 <= 'z' && path[2] == ':' &&
		(len(path) == 3 || path[3] == '/')
}

// mayEndNumber reports whether c, the last byte of a reg-name, may end a
// number or be a trailing ".", as scan.MayEndNumber says.
func mayEndNumber(c byte) bool { return scan.MayEndNumber(c) }

// The table of mayEndNumber, for the assemblies (go_asm.h).
const (
	//lint:ignore U1000 the assembly reads it.
	endNumberLow = scan.EndNumberLow
	//lint:ignore U1000 the assembly reads it.
	endNumberHigh = scan.EndNumberHigh
)

// The bytes where the shortcut of Hazards looks closer, and the pairs of
// them, as internal/scan has them (their one home, where the scanner
// finds the plain fact with them): named here for the assemblies, which
// read them from go_asm.h as const_triggerPercent and so on.
const (
	//lint:ignore U1000 the assembly reads it.
	triggerPercent = scan.TriggerPercent
	//lint:ignore U1000 the assembly reads it.
	triggerSemicolon = scan.TriggerSemicolon
	//lint:ignore U1000 the assembly reads it.
	triggerSlash = scan.TriggerSlash
	//lint:ignore U1000 the assembly reads it.
	triggerDot = scan.TriggerDot
	//lint:ignore U1000 the assembly reads it.
	triggerHyphen = scan.TriggerHyphen
)

// Where the offsets that hostPathVector reads are within a URI: its
// marks' HostStart, HostEnd, PathStart and PathEnd. The assemblies read
// them from go_asm.h, as const_uriHostStart and so on, so that none of
// them spells the layout of URI or of internal/scan's Marks.
const (
	uriMarks = unsafe.Offsetof(URI{}.core) + unsafe.Offsetof(core{}.m)
	//lint:ignore U1000 the assembly reads it.
	uriText = unsafe.Offsetof(URI{}.core) + unsafe.Offsetof(core{}.s)
	//lint:ignore U1000 the assembly reads it.
	uriHostStart = uriMarks + scan.HostStartAt
	//lint:ignore U1000 the assembly reads it.
	uriHostEnd = uriMarks + scan.HostEndAt
	//lint:ignore U1000 the assembly reads it.
	uriPathStart = uriMarks + scan.PathStartAt
	//lint:ignore U1000 the assembly reads it.
	uriPathEnd = uriMarks + scan.PathEndAt
)

// The trigger bytes repeated in each byte of a word, for the amd64
// assembly's compares.
const (
	//lint:ignore U1000 the assembly reads it.
	percent8 = scan.Percent8
	//lint:ignore U1000 the assembly reads it.
	semicolon8 = scan.Semicolon8
	//lint:ignore U1000 the assembly reads it.
	slash8 = scan.Slash8
	//lint:ignore U1000 the assembly reads it.
	dot8 = scan.Dot8
	//lint:ignore U1000 the assembly reads it.
	hyphen8 = scan.Hyphen8
)

// hostPathWords is the shortcut of Hazards, from the offsets of the host
// [hs, he), a reg-name, and of the path [ps, pe) of s: it returns -1 when
// the host is empty or ends like a number, or when the host or the path
// holds a byte where a hazard may begin (see mayHoldWords), for Hazards to
// look closer; otherwise 1 when the path begins with "//", and 0. On
// amd64 with AVX2 and on arm64, hostPathVector does the same in one call
// of assembly; the tests compare the two.
func hostPathWords(s string, hs, he, ps, pe uint32) int {
	if he <= hs || mayEndNumber(s[he-1]) || mayHoldWords(s[hs:pe]) {
		return -1
	}
	if pe-ps > 1 && s[ps+1] == '/' {
		return 1
	}
	return 0
}

// mayHoldWords reports whether s, a host and path, holds a byte where a
// hazard may begin: "%" (EncodedHost, EncodedDelimiter, an encoded
// dot-segment), ";" (PathParameter), "/." (DotSegment) or "--"
// (PunycodeLabel), as scan.MayHoldWords says, eight bytes at a time.
// Hazards looks again with exact means when it reports true, which it does
// for few URLs; holdsVector reads sixty-four bytes at a time.
func mayHoldWords(s string) bool { return scan.MayHoldWords(s) }

// authorityHazards returns the hazards of the authority of u, whose scheme
// is of the given kind.
func (u URI) authorityHazards(kind schemeKind) Hazards {
	var h Hazards
	flags := u.m.Flags()
	if flags&scan.HasUserInfo != 0 {
		h |= Credentials.bit()
	}
	host := u.Host()
	switch u.HostKind() {
	case RegName:
		switch {
		case host != "":
			h |= regNameHazards(host, kind)
		case kind == specialScheme || kind == otherScheme && flags&(scan.HasUserInfo|scan.HasPort) != 0:
			h |= EmptyHost.bit()
		}
	case IPv6:
		h |= ipv6Hazards(host)
	case IPvFuture:
		h |= IPvFutureHost.bit()
	}
	if flags&scan.HasPort != 0 {
		if kind == fileScheme {
			h |= FileAuthority.bit()
		}
		h |= u.portHazards()
	} else if kind == fileScheme && flags&scan.HasUserInfo != 0 {
		h |= FileAuthority.bit()
	}
	return h
}

// regNameHazards returns the hazards of host, a non-empty reg-name, under
// a scheme of the given kind.
func regNameHazards(host string, kind schemeKind) Hazards {
	var h Hazards
	if strings.IndexByte(host, '%') >= 0 {
		// WHATWG URL reads the number of a decoded host: EncodedHost
		// says which, and inet_aton reads no "%". The percent-encoded
		// form of an internationalized name is only that.
		if kind != otherScheme && isEncodedIDN(host) {
			h |= PunycodeLabel.bit()
		} else {
			h |= EncodedHost.bit()
		}
	} else if numhost.WHATWGEndsInNumber(host) {
		if kind != otherScheme {
			h |= NumericHost.bit()
		} else if _, ok := numhost.InetAton(host); ok {
			h |= NumericHost.bit()
		}
	}
	if host[len(host)-1] == '.' {
		h |= TrailingDot.bit()
	}
	if strings.Contains(host, "--") && punycodeLabel(host) >= 0 {
		h |= PunycodeLabel.bit()
	}
	return h
}

// isEncodedIDN reports whether host, a reg-name with percent-encodings, is
// an internationalized name in Unicode, percent-encoded: every triplet
// encodes a byte of a non-ASCII character (none hides an ASCII byte), and
// the decoded name is one that the URL Standard's domain to ASCII writes
// with Punycode labels and maps nothing else of (idna.IsUnicodeIDN). It
// decodes into a buffer on the stack and allocates nothing.
func isEncodedIDN(host string) bool {
	var buf [255]byte // the longest name DNS holds, and its dot
	n := 0
	for i := 0; i < len(host); i++ {
		c := host[i]
		if c == '%' {
			if i+2 >= len(host) {
				return false
			}
			c = unhex(host[i+1])<<4 | unhex(host[i+2])
			if c < 0x80 {
				return false
			}
			i += 2
		}
		if n == len(buf) {
			return false
		}
		buf[n] = c
		n++
	}
	return idna.IsUnicodeIDN(bytesToString(buf[:n]))
}

// punycodeLabel returns the offset in host of its first label that begins
// with "xn--" in any case, or -1.
func punycodeLabel(host string) int {
	for i := 0; i+4 <= len(host); i++ {
		if (i == 0 || host[i-1] == '.') && host[i]|0x20 == 'x' && host[i+1]|0x20 == 'n' && host[i+2] == '-' && host[i+3] == '-' {
			return i
		}
	}
	return -1
}

// ipv6Hazards returns the hazards of host, an IP-literal holding an
// IPv6address and perhaps a zone.
func ipv6Hazards(host string) Hazards {
	var h Hazards
	host = host[1 : len(host)-1]
	if i := strings.IndexByte(host, '%'); i >= 0 {
		h |= ZoneID.bit()
		host = host[:i]
	}
	if _, via := embeddedIPv4(host); via != "" {
		h |= MappedIPv6.bit()
	}
	return h
}

// portHazards returns the hazards of u's port, which is defined.
func (u URI) portHazards() Hazards {
	port := u.Port()
	if port == "" {
		return EmptyPort.bit()
	}
	var h Hazards
	if len(port) > 1 && port[0] == '0' {
		h |= PortLeadingZero.bit()
	}
	n, ok := u.PortNumber()
	if !ok {
		return h | PortOutOfRange.bit()
	}
	if s := schemes.Lookup(u.Scheme()); s.Rules&schemes.Special != 0 && n == int(s.Port) {
		h |= DefaultPort.bit()
	}
	return h
}

// pathHazards returns the hazards of p, a path that begins with "/".
func pathHazards(p string) Hazards {
	var h Hazards
	if len(p) > 1 && p[1] == '/' {
		h |= DoubleSlashPath.bit()
	}
	if strings.IndexByte(p, ';') >= 0 {
		h |= PathParameter.bit()
	}
	if i := strings.IndexByte(p, '%'); i >= 0 {
		h |= encodedPathHazards(p, i)
	}
	if h&DotSegment.bit() == 0 && dotSegmentIndex(p) >= 0 {
		h |= DotSegment.bit()
	}
	return h
}

// encodedPathHazards returns the hazards of the percent-encodings of p, a
// path beginning with "/" whose first "%" is at i: encoded delimiters, and
// segments that are dot-segments once decoded.
func encodedPathHazards(p string, i int) Hazards {
	var h Hazards
	for i >= 0 {
		if isEncodedDelimiter(p[i+1], p[i+2]) {
			h |= EncodedDelimiter.bit()
		}
		if p[i+1] == '2' && p[i+2]|0x20 == 'e' && h&DotSegment.bit() == 0 {
			start := strings.LastIndexByte(p[:i], '/') + 1
			end := i + indexSlash(p[i:])
			if dotKind(p[start:end], true) != 0 {
				h |= DotSegment.bit()
			}
		}
		j := strings.IndexByte(p[i+3:], '%')
		if j < 0 {
			break
		}
		i += 3 + j
	}
	return h
}

// isEncodedDelimiter reports whether "%" hi lo encodes one of the bytes
// that backends act on once decoded: "/", "\", "?", "#", ";" or NUL.
func isEncodedDelimiter(hi, lo byte) bool {
	switch hi {
	case '0':
		return lo == '0' // %00
	case '2':
		return lo|0x20 == 'f' || lo == '3' // %2F, %23
	case '3':
		return lo|0x20 == 'f' || lo|0x20 == 'b' // %3F, %3B
	case '5':
		return lo|0x20 == 'c' // %5C
	}
	return false
}
