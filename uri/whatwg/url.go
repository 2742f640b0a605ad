// Package whatwg reads URLs as the WHATWG URL Standard
// (https://url.spec.whatwg.org) does, which is how browsers, Node.js,
// Deno and the HTTP clients built on ada read them, and relates that
// reading to RFC 3986.
//
// The Standard is not RFC 3986: it accepts what the RFC refuses
// ("http://a/b c", "https:example.com", backslashes, "{", "|"), fixes it
// up as it goes, and reads some valid URIs otherwise ("http://0x7f.1/" is
// 127.0.0.1, "http://a/%2e%2e/b" is "http://a/b"). Parse runs its basic
// URL parser, host parser and serializer; URL.URI gives the valid RFC
// 3986 URI a browser would request; Diff lays the two readings of one
// string side by side.
//
// A URL is its serialized form, the href, and the offsets of its
// components: a small comparable value whose accessors slice the href.
// Two URLs are == when their hrefs are.
package whatwg

import (
	"strconv"

	"github.com/urilabs/rfc3986/internal/schemes"
	"github.com/urilabs/rfc3986/uri"
)

// A URL is a URL record of the Standard, kept serialized: its href, what
// Href returns, and the offsets of its components in it, so that a getter
// (Hostname, Pathname, Search...) returns a part of the href without
// allocating. Parse makes one from a string, URL.Parse from a string
// against a base; the setters (SetHref, SetHost...) change a URL as the
// URL API's do. A URL is a small value, copied whole.
type URL struct {
	// The offsets are packed two to a word, the port, flags and host kind
	// with the last, and set writes each word with one store: Parse
	// returns the URL that parseFast wrote by loading it a word at a time,
	// and a load that meets one earlier store is forwarded from it, where
	// one that spans several narrower stores (of twelve fields) waits for
	// them to reach the cache.
	href       string
	schemeUser uint64 // schemeEnd, the ":" after the scheme; userEnd, the end of the username
	hostSpan   uint64 // hostStart, hostEnd
	pathQuery  uint64 // pathStart; queryStart, the "?" or where it would be
	fragInfo   uint64 // fragStart, the "#" or len(href); port<<32, flags<<48, kind<<56
}

// makeURL packs the offsets of href and the rest into a URL.
func makeURL(href string, schemeEnd, userEnd, hostStart, hostEnd, pathStart, queryStart, fragStart uint32, port uint16, flags uint8, kind HostKind) URL {
	return URL{
		href:       href,
		schemeUser: uint64(schemeEnd) | uint64(userEnd)<<32,
		hostSpan:   uint64(hostStart) | uint64(hostEnd)<<32,
		pathQuery:  uint64(pathStart) | uint64(queryStart)<<32,
		fragInfo:   uint64(fragStart) | uint64(port)<<32 | uint64(flags)<<48 | uint64(kind)<<56,
	}
}

// set is *u = makeURL(...) field by field: a URL made whole and then
// stored is copied through memory, with loads wider than the stores that
// wrote it, which cannot be forwarded.
func (u *URL) set(href string, schemeEnd, userEnd, hostStart, hostEnd, pathStart, queryStart, fragStart uint32, port uint16, flags uint8, kind HostKind) {
	u.href = href
	u.schemeUser = uint64(schemeEnd) | uint64(userEnd)<<32
	u.hostSpan = uint64(hostStart) | uint64(hostEnd)<<32
	u.pathQuery = uint64(pathStart) | uint64(queryStart)<<32
	u.fragInfo = uint64(fragStart) | uint64(port)<<32 | uint64(flags)<<48 | uint64(kind)<<56
}

func (u *URL) schemeEnd() uint32  { return uint32(u.schemeUser) }
func (u *URL) userEnd() uint32    { return uint32(u.schemeUser >> 32) }
func (u *URL) hostStart() uint32  { return uint32(u.hostSpan) }
func (u *URL) hostEnd() uint32    { return uint32(u.hostSpan >> 32) }
func (u *URL) pathStart() uint32  { return uint32(u.pathQuery) }
func (u *URL) queryStart() uint32 { return uint32(u.pathQuery >> 32) }
func (u *URL) fragStart() uint32  { return uint32(u.fragInfo) }
func (u *URL) port() uint16       { return uint16(u.fragInfo >> 32) }
func (u *URL) flags() uint8       { return uint8(u.fragInfo >> 48) }
func (u *URL) kind() HostKind     { return HostKind(u.fragInfo >> 56) }

const (
	hasAuthority uint8 = 1 << iota // the host is not null: "//" follows the scheme
	hasPort
	hasQuery
	hasFragment
	opaquePath
)

// Parse parses input as an absolute URL, as new URL(input) does in a
// browser. Leading and trailing C0 controls and spaces, and every tab and
// newline, are removed; what the Standard calls validation errors are
// fixed up (percent-encoding, backslashes, case, dot-segments, default
// ports). A failure is an *Error that says where and why.
func Parse(input string) (u URL, err error) {
	// parseFast writes the result itself, without a copy (see there).
	if parseFast(input, &u) {
		return u, nil
	}
	return parse(input, nil)
}

// Parse parses ref against u as its base, as new URL(ref, base) does.
// The zero URL is no base: against it, ref must be absolute.
func (u URL) Parse(ref string) (URL, error) {
	if u.href == "" {
		return parse(ref, nil)
	}
	return parse(ref, &u)
}

// CanParse reports whether Parse would succeed; it allocates nothing.
func CanParse(input string) bool {
	var u URL
	if parseFast(input, &u) {
		return true
	}
	return canParse(input, nil)
}

// CanParse reports whether u.Parse(ref) would succeed.
func (u URL) CanParse(ref string) bool {
	if u.href == "" {
		return canParse(ref, nil)
	}
	return canParse(ref, &u)
}

// MustParse is like Parse but panics on failure; it is meant for tests and
// hard-coded URLs.
func MustParse(input string) URL {
	u, err := Parse(input)
	if err != nil {
		panic(err)
	}
	return u
}

func parse(input string, base *URL) (URL, error) {
	if uint64(len(input)) >= 1<<32-16 {
		return URL{}, newError(input, 0, failTooLong)
	}
	s := clean(input, true)
	r := getRecord()
	f := r.parse(s, base, noState)
	if f != 0 {
		off := originalOffset(input, s, r.failOff)
		putRecord(r)
		return URL{}, newError(input, off, f)
	}
	u := r.serialize()
	putRecord(r)
	if uint64(len(u.href)) >= 1<<32 {
		return URL{}, newError(input, 0, failTooLong)
	}
	return u, nil
}

func canParse(input string, base *URL) bool {
	if uint64(len(input)) >= 1<<32-16 {
		return false
	}
	s := clean(input, true)
	r := getRecord()
	f := r.parse(s, base, noState)
	putRecord(r)
	return f == 0
}

// originalOffset maps an offset in the cleaned input back to the input:
// after the leading bytes trimmed and the tabs and newlines removed.
func originalOffset(input, cleaned string, off int) int {
	i := 0
	for i < len(input) && input[i] <= ' ' {
		i++
	}
	if len(input)-i == len(cleaned) || off <= 0 {
		return i + off
	}
	// Walk both, skipping tabs and newlines, and counting a replaced
	// invalid byte (three bytes of U+FFFD in cleaned) as one.
	j := 0
	for j < off && i < len(input) {
		c := input[i]
		if c == '\t' || c == '\n' || c == '\r' {
			i++
			continue
		}
		if c >= 0x80 && j+3 <= len(cleaned) && cleaned[j:j+3] == "\uFFFD" && input[i:min(i+3, len(input))] != "\uFFFD" {
			i++
			j += 3
			continue
		}
		i++
		j++
	}
	return i
}

// String returns the href, the serialization of the URL.
func (u URL) String() string { return u.href }

// Href returns the href, the serialization of the URL.
func (u URL) Href() string { return u.href }

// Scheme returns the scheme, lowercase, without its ":".
func (u URL) Scheme() string { return u.href[:u.schemeEnd()] }

// Protocol returns the scheme followed by ":", as the protocol getter does.
func (u URL) Protocol() string { return u.href[:u.schemeEnd()+1] }

// IsSpecial reports whether the scheme is one of the special schemes of
// the Standard: http, https, ws, wss, ftp and file.
func (u URL) IsSpecial() bool { return isSpecialScheme(u.Scheme()) }

// Username returns the username, percent-encoded, or "".
func (u URL) Username() string {
	if u.flags()&hasAuthority == 0 {
		return ""
	}
	return u.href[u.schemeEnd()+3 : u.userEnd()]
}

// Password returns the password, percent-encoded, or "".
func (u URL) Password() string {
	if u.userEnd()+1 >= u.hostStart() {
		return ""
	}
	return u.href[u.userEnd()+1 : u.hostStart()-1]
}

// HasCredentials reports whether the username or the password is not
// empty.
func (u URL) HasCredentials() bool {
	return u.flags()&hasAuthority != 0 && u.hostStart() > u.schemeEnd()+3
}

// Hostname returns the serialized host: a domain in ASCII, an IPv4 address
// in dotted decimal, an IPv6 address in brackets, an opaque host; "" when
// the host is null or empty.
func (u URL) Hostname() string { return u.href[u.hostStart():u.hostEnd()] }

// Host returns the hostname followed by ":" and the port when there is
// one, as the host getter does.
func (u URL) Host() string {
	if u.flags()&hasPort == 0 {
		return u.Hostname()
	}
	return u.href[u.hostStart():u.pathStart()]
}

// HostKind says what the host parser made of the host.
func (u URL) HostKind() HostKind { return u.kind() }

// HasHost reports whether the host is not null, that is, whether the href
// has "//" after the scheme.
func (u URL) HasHost() bool { return u.flags()&hasAuthority != 0 }

// Port returns the port in decimal, or "" when it is null (absent, or the
// scheme's default).
func (u URL) Port() string {
	if u.flags()&hasPort == 0 {
		return ""
	}
	return u.href[u.hostEnd()+1 : u.pathStart()]
}

// PortNumber returns the port, or false when it is null.
func (u URL) PortNumber() (int, bool) { return int(u.port()), u.flags()&hasPort != 0 }

// Pathname returns the serialized path, as the pathname getter does.
func (u URL) Pathname() string { return u.href[u.pathStart():u.queryStart()] }

// HasOpaquePath reports whether the path is opaque, a string rather than
// a list of segments, as in "mailto:a@example.com" and "data:,x".
func (u URL) HasOpaquePath() bool { return u.flags()&opaquePath != 0 }

// Search returns "?" and the query, or "" when the query is null or
// empty, as the search getter does.
func (u URL) Search() string {
	if u.fragStart()-u.queryStart() <= 1 {
		return ""
	}
	return u.href[u.queryStart():u.fragStart()]
}

// Query returns the query without its "?", and whether it is not null.
func (u URL) Query() (string, bool) { return u.query(), u.flags()&hasQuery != 0 }

func (u URL) query() string {
	if u.flags()&hasQuery == 0 {
		return ""
	}
	return u.href[u.queryStart()+1 : u.fragStart()]
}

// Hash returns "#" and the fragment, or "" when the fragment is null or
// empty, as the hash getter does.
func (u URL) Hash() string {
	if len(u.href)-int(u.fragStart()) <= 1 {
		return ""
	}
	return u.href[u.fragStart():]
}

// Fragment returns the fragment without its "#", and whether it is not
// null.
func (u URL) Fragment() (string, bool) { return u.fragment(), u.flags()&hasFragment != 0 }

func (u URL) fragment() string {
	if u.flags()&hasFragment == 0 {
		return ""
	}
	return u.href[u.fragStart()+1:]
}

// Origin returns the serialization of the URL's origin (section 4.7):
// "scheme://host[:port]" for http, https, ws, wss and ftp, the origin of
// the inner URL for blob, and "null", an opaque origin, for the others.
func (u URL) Origin() string {
	switch s, special := schemes.WHATWG(u.Scheme()); {
	case special && s.Rules&schemes.File == 0:
		if u.flags()&hasPort != 0 {
			return u.href[:u.schemeEnd()+3] + u.href[u.hostStart():u.pathStart()]
		}
		if u.schemeEnd()+3 == u.hostStart() {
			return u.href[:u.hostEnd()]
		}
		return u.href[:u.schemeEnd()+3] + u.href[u.hostStart():u.hostEnd()]
	case u.Scheme() == "blob":
		inner, err := Parse(u.Pathname())
		if err == nil && (inner.Scheme() == "http" || inner.Scheme() == "https") {
			return inner.Origin()
		}
	}
	return "null"
}

// MarshalText returns the href.
func (u URL) MarshalText() ([]byte, error) { return []byte(u.href), nil }

// UnmarshalText parses text with Parse.
func (u *URL) UnmarshalText(text []byte) error {
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// GoString shows the components, for debugging.
func (u URL) GoString() string {
	return "whatwg.URL{href: " + strconv.Quote(u.href) + ", kind: " + u.kind().String() + "}"
}

var _ = uri.Parse
