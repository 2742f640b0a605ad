package uri

import (
	"errors"
	"net/netip"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urilabs/rfc3986/internal/idna"
	"github.com/urilabs/rfc3986/internal/numhost"
	"github.com/urilabs/rfc3986/internal/scan"
)

// A HazardDetail is one hazard of a URI: the bytes it concerns and what
// the other reader makes of them.
type HazardDetail struct {
	Hazard Hazard
	// Component is the component that holds the bytes. The bytes of a
	// MissingAuthority are the path, where WHATWG URL finds a host.
	Component Component
	// Offset and Len delimit the bytes in the URI's text; Len may be 0,
	// for the empty host of EmptyHost.
	Offset, Len int
	// Reading says what the other reader makes of the bytes, in a
	// sentence without a final period: "WHATWG URL and inet_aton read
	// host 127.1 as 127.0.0.1".
	Reading string
}

// String returns the hazard, its offset and the reading:
// "numeric-host at offset 7: WHATWG URL and inet_aton read host 127.1 as
// 127.0.0.1".
func (d HazardDetail) String() string {
	return d.Hazard.String() + " at offset " + strconv.Itoa(d.Offset) + ": " + d.Reading
}

// HazardDetails returns the hazards of u, one for each class in
// u.Hazards() and in the same order, each with the first bytes of u it
// concerns and what the other reader makes of them: the IPv4 address a
// numeric host reaches, the host that a decoded or slash-less authority
// names, the path a client sends once dot-segments are gone, the path
// Tomcat maps once parameters are stripped.
//
// It is the slow companion of [URI.Hazards], for reports and logs: it
// allocates the slice and its sentences. It returns nil when u has no
// hazard.
func (u URI) HazardDetails() []HazardDetail {
	set := u.Hazards()
	if set == 0 {
		return nil
	}
	var ds []HazardDetail
	for h := range set.All() {
		ds = append(ds, u.detail(h))
	}
	return ds
}

// detail returns the detail of h, one of u's hazards.
func (u URI) detail(h Hazard) HazardDetail {
	m := u.m
	host := u.Host()
	hostAt := int(m.HostStart())
	d := HazardDetail{Hazard: h, Component: Host, Offset: hostAt, Len: len(host)}
	switch h {
	case Credentials:
		d.Component, d.Offset, d.Len = UserInfo, int(m.AuthorityStart()), len(u.UserInfo())
		d.Reading = userInfoReading(u.UserInfo(), host)
	case MissingAuthority:
		d.Component, d.Offset, d.Len = Path, int(m.PathStart()), len(u.Path())
		if u.kind() == fileScheme && u.Path() == "" {
			d.Reading = "WHATWG URL reads the empty path as /, and file: as file:///"
		} else if u.kind() == fileScheme {
			d.Reading = "WHATWG URL reads the path " + u.Path() + " as /" + u.Path()
		} else {
			d.Reading = slashlessReading("", u.Path())
		}
	case EmptyHost:
		if u.kind() == specialScheme && m.Flags()&(scan.HasUserInfo|scan.HasPort) == 0 {
			d.Reading = slashlessReading("skips the empty host and ", u.Path())
		} else {
			d.Reading = "WHATWG URL refuses a userinfo or port without a host"
		}
	case FileAuthority:
		d.Offset, d.Len = int(m.AuthorityStart()), int(m.PathStart()-m.AuthorityStart())
		if driveLetterPath(u.Path()) && (!u.HasAuthority() || !u.HasUserInfo() && !u.HasPort()) {
			d.Component, d.Offset, d.Len = Path, int(m.PathStart())+1, 2
			d.Reading = "WHATWG URL keeps the drive letter " + u.Path()[1:3] + " when it resolves \"..\" or \"/\" against this URI, where RFC 3986 section 5.2 removes it"
		} else if isDriveLetter(host) && u.Port() == "" && !u.HasUserInfo() {
			d.Reading = "WHATWG URL reads " + host + ": as a Windows drive letter: an empty host and the path /" + host + ":" + u.Path()
		} else {
			d.Reading = "WHATWG URL refuses a file URI with a userinfo or a port, which RFC 8089 does not define"
		}
	case NumericHost:
		d.Reading = numericReading(host, u.kind())
	case EncodedHost:
		d.Reading = encodedHostReading(host, u.kind())
	case TrailingDot:
		d.Offset, d.Len = hostAt+len(host)-1, 1
		d.Reading = "DNS reads " + host + " as the name " + host[:len(host)-1] + ", which comparisons of host strings (allow-lists, virtual hosts, certificates) do not"
	case PunycodeLabel:
		i := punycodeLabel(host)
		if i < 0 { // a name in Unicode, percent-encoded
			d.Offset, d.Len = hostAt, len(host)
			decoded, _ := Unescape(host)
			ascii, _ := idna.DomainToASCII(decoded, false)
			d.Reading = "WHATWG URL reads the host " + host + " as " + ascii + ", and browsers show it as " + strconv.Quote(decoded) + ", which may look like another name (UTS 39)"
			break
		}
		label := host[i:]
		if j := strings.IndexByte(label, '.'); j >= 0 {
			label = label[:j]
		}
		d.Offset, d.Len = hostAt+i, len(label)
		d.Reading = punycodeReading(label)
	case MappedIPv6:
		a, via := embeddedIPv4(ipv6Address(host))
		d.Reading = via + " reaches the IPv4 address " + a.String() + " that " + host + " carries"
	case ZoneID:
		d.Reading = "the zone " + u.Zone() + " names an interface of the machine that reads it (RFC 6874), and WHATWG URL refuses zones"
	case IPvFutureHost:
		d.Reading = "WHATWG URL refuses IPvFuture literals, and resolvers do not read them"
	case EmptyPort:
		d.Component, d.Offset, d.Len = Port, int(m.HostEnd()), 1
		d.Reading = "RFC 3986 (section 3.2.3) and WHATWG URL read the empty port as the scheme's default, which a comparison of host:port strings does not"
	case PortLeadingZero:
		d.Component, d.Offset, d.Len = Port, int(m.HostEnd())+1, len(u.Port())
		n, _ := u.PortNumber()
		d.Reading = "WHATWG URL reads the port " + u.Port() + " as " + strconv.Itoa(n)
	case PortOutOfRange:
		d.Component, d.Offset, d.Len = Port, int(m.HostEnd())+1, len(u.Port())
		d.Reading = "WHATWG URL refuses the port " + u.Port() + ", above 65535; a reader that keeps 16 bits reaches port " + strconv.Itoa(portMod16(u.Port()))
	case DefaultPort:
		d.Component, d.Offset, d.Len = Port, int(m.HostEnd())+1, len(u.Port())
		d.Reading = "WHATWG URL drops the port " + u.Port() + ", the default of " + strings.ToLower(u.Scheme()) + ", so the Host header and the origin differ from the text"
	case DotSegment:
		d.Component, d.Offset, d.Len = Path, int(m.PathStart()), len(u.Path())
		if i, n := firstDotSegment(u.Path()); i >= 0 {
			d.Offset, d.Len = int(m.PathStart())+i, n
		}
		d.Reading = "WHATWG URL and HTTP clients remove dot-segments: they send the path " + u.Path() + " as " + withoutDots(u.Path())
	case EncodedDelimiter:
		p := u.Path()
		i := firstEncodedDelimiter(p)
		d.Component, d.Offset, d.Len = Path, int(m.PathStart())+i, 3
		decoded, _ := Unescape(p)
		d.Reading = "a backend that decodes before routing reads " + p[i:i+3] + " as " + quoteByte(unhex(p[i+1])<<4|unhex(p[i+2])) + ", and the path as " + strconv.QuoteToASCII(decoded)
	case PathParameter:
		p := u.Path()
		i := strings.IndexByte(p, ';')
		d.Component, d.Offset, d.Len = Path, int(m.PathStart())+i, indexSlash(p[i:])
		d.Reading = "Tomcat and Jetty strip parameters from each segment: they map the path " + p + " as " + withoutParams(p)
	case DoubleSlashPath:
		p := u.Path()
		d.Component, d.Offset, d.Len = Path, int(m.PathStart()), 2
		name := p[2:]
		name = name[:indexSlash(name)]
		if name == "" {
			name = "(empty)"
		}
		d.Reading = "the path " + p + " written alone (in a Location header) is a network-path reference to the host " + name
	}
	return d
}

// isDriveLetter reports whether host is one ASCII letter, which with the
// ":" of an empty port is a Windows drive letter to WHATWG URL.
func isDriveLetter(host string) bool {
	return len(host) == 1 && 'a' <= host[0]|0x20 && host[0]|0x20 <= 'z'
}

// userInfoReading says what readers make of the userinfo of an authority
// whose host is host.
func userInfoReading(userinfo, host string) string {
	to := "every reader connects to " + host
	if host == "" {
		to = "it comes with no host"
	}
	user, _, password := strings.Cut(userinfo, ":")
	switch {
	case strings.Contains(user, ".") || strings.HasPrefix(user, "%5B") || strings.HasPrefix(user, "%5b"):
		return "the userinfo " + strconv.Quote(userinfo) + " looks like a host, but " + to + " (RFC 3986 section 7.6)"
	case password:
		return "the userinfo holds a password (RFC 3986 section 7.5); " + to
	case userinfo == "":
		return "an empty userinfo before \"@\"; " + to
	}
	return "the userinfo " + strconv.Quote(userinfo) + " is credentials, not the host: " + to
}

// slashlessReading says what WHATWG URL makes of path, the path of a URI
// with a special scheme whose authority is missing or empty: it skips the
// slashes and reads an authority up to the next "/". The sentence begins
// with what WHATWG URL does, "WHATWG URL " + does.
func slashlessReading(does, path string) string {
	rest := strings.TrimLeft(path, "/")
	authority := rest[:indexSlash(rest)]
	rest = rest[len(authority):]
	host := authority[strings.LastIndexByte(authority, '@')+1:]
	if !strings.HasPrefix(host, "[") {
		host, _, _ = strings.Cut(host, ":")
	}
	if host == "" {
		return "WHATWG URL refuses it: it finds no host after the scheme"
	}
	if rest == "" {
		rest = "/"
	}
	return "WHATWG URL " + does + "reads " + strconv.Quote(authority) + " as the authority: the host " + host + " and the path " + rest
}

// numericReading says what WHATWG URL and inet_aton make of host, a
// reg-name that ends in a number, under a scheme of the given kind.
func numericReading(host string, kind schemeKind) string {
	av, aok := numhost.InetAton(host)
	a := numhost.Addr(av)
	if kind == otherScheme {
		return "inet_aton reads the host " + host + " as " + a.String() + "; WHATWG URL keeps it as an opaque host"
	}
	wv, f := numhost.WHATWG(host)
	w, wok := numhost.Addr(wv), f == numhost.OK
	switch {
	case wok && aok && w == a:
		return "WHATWG URL and inet_aton read the host " + host + " as " + w.String()
	case wok && aok:
		return "WHATWG URL reads the host " + host + " as " + w.String() + ", inet_aton as " + a.String()
	case wok:
		return "WHATWG URL reads the host " + host + " as " + w.String() + " (inet_aton refuses it)"
	case aok:
		return "inet_aton reads the host " + host + " as " + a.String() + "; WHATWG URL refuses it"
	}
	return "WHATWG URL refuses the host " + host + ": it ends in a number but is no IPv4 address"
}

// encodedHostReading says what readers make of host, a reg-name with
// percent-encodings, under a scheme of the given kind.
func encodedHostReading(host string, kind schemeKind) string {
	decoded, _ := Unescape(host)
	if kind == otherScheme {
		return "a reader that decodes the host (Go's net/url does, for non-ASCII bytes) reads " + host + " as " + strconv.QuoteToASCII(decoded) + "; WHATWG URL keeps it encoded"
	}
	readers, read := "WHATWG URL", " reads"
	if goDecodesHost(host) {
		readers, read = "WHATWG URL and Go's net/http", " read"
	}
	if !utf8.ValidString(decoded) {
		return "WHATWG URL refuses the host " + host + ": decoded, it is not UTF-8"
	}
	ascii, err := idna.DomainToASCII(decoded, false)
	var e *idna.Error
	switch {
	case errors.As(err, &e) && e.Rule == idna.RuleForbidden:
		return "WHATWG URL refuses the host " + host + ": decoded and mapped, it holds " + strconv.QuoteRune(e.Rune)
	case errors.As(err, &e) && e.Rule == idna.RuleEmpty:
		return "WHATWG URL refuses the host " + host + ": decoded and mapped, it is empty"
	case err != nil:
		return "WHATWG URL refuses the host " + host + ": decoded, IDNA (UTS 46) refuses it (" + strings.TrimPrefix(err.Error(), "idna: ") + ")"
	case numhost.WHATWGEndsInNumber(ascii):
		if w, f := numhost.WHATWG(ascii); f == numhost.OK {
			return readers + read + " the host " + host + " as the IPv4 address " + numhost.Addr(w).String()
		}
		return "WHATWG URL refuses the host " + host + ": decoded, it ends in a number but is no IPv4 address"
	}
	return readers + read + " the host " + host + " as " + ascii
}

// goDecodesHost reports whether Go's net/url accepts the percent-encodings
// of host, which it decodes: it refuses those of ASCII bytes but "%25".
func goDecodesHost(host string) bool {
	for i := strings.IndexByte(host, '%'); i >= 0; {
		if host[i+1] < '8' && host[i:i+3] != "%25" {
			return false
		}
		j := strings.IndexByte(host[i+3:], '%')
		if j < 0 {
			break
		}
		i += 3 + j
	}
	return true
}

// ipv6Address returns the address text of host, an IP-literal holding an
// IPv6address and perhaps a zone: without the brackets and the zone.
func ipv6Address(host string) string {
	host = host[1 : len(host)-1]
	if i := strings.IndexByte(host, '%'); i >= 0 {
		host = host[:i]
	}
	return host
}

// The prefixes of IPv6 addresses that carry an IPv4 address in their low
// 32 bits and that some reader turns into it.
var (
	nat64Prefix      = netip.MustParsePrefix("64:ff9b::/96")
	translatedPrefix = netip.MustParsePrefix("::ffff:0:0:0/96")
	compatiblePrefix = netip.MustParsePrefix("::/96")
)

// embeddedIPv4 returns the IPv4 address that the IPv6 address text s
// carries, and the reader that reaches it, or false.
func embeddedIPv4(s string) (a netip.Addr, via string) {
	v6, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Addr{}, ""
	}
	switch {
	case v6.Is4In6():
		via = "a dual-stack socket (IPv4-mapped, RFC 4291)"
	case nat64Prefix.Contains(v6):
		via = "a NAT64 gateway (RFC 6052)"
	case translatedPrefix.Contains(v6):
		via = "a stateless translator (IPv4-translated, RFC 2765)"
	case compatiblePrefix.Contains(v6) && v6.As16()[12] != 0:
		// "::" and "::1" are no IPv4 addresses; the addresses of ::/96
		// beyond 0.255.255.255 are, in the deprecated form.
		via = "a stack that still reads IPv4-compatible addresses (RFC 4291 section 2.5.5.1, deprecated)"
	default:
		return netip.Addr{}, ""
	}
	b := v6.As16()
	return netip.AddrFrom4([4]byte(b[12:])), via
}

// portMod16 returns port, a string of digits, modulo 65536: the port that
// a reader that keeps 16 bits reaches.
func portMod16(port string) int {
	n := 0
	for i := 0; i < len(port); i++ {
		n = (n*10 + int(port[i]-'0')) % 65536
	}
	return n
}

// firstDotSegment returns the offset and length in p, a path beginning
// with "/", of its first dot-segment, raw or percent-encoded, or -1.
func firstDotSegment(p string) (int, int) {
	for i := 0; i < len(p); {
		seg := p[i:]
		seg = seg[:indexSlash(seg)]
		if dotKind(seg, true) != 0 {
			return i, len(seg)
		}
		i += len(seg) + 1
	}
	return -1, 0
}

// withoutDots returns p, a path beginning with "/", as WHATWG URL reads
// it: with its dot-segments removed, "%2e" counting as ".".
func withoutDots(p string) string {
	var b strings.Builder
	for i, seg := range strings.Split(p, "/") {
		if i > 0 {
			b.WriteByte('/')
		}
		switch dotKind(seg, true) {
		case 1:
			seg = "."
		case 2:
			seg = ".."
		}
		b.WriteString(seg)
	}
	return RemoveDotSegments(b.String())
}

// withoutParams returns p with the parameters of each segment, from a ";"
// to the end of the segment, removed, as Tomcat and Jetty map it.
func withoutParams(p string) string {
	var b strings.Builder
	for i, seg := range strings.Split(p, "/") {
		if i > 0 {
			b.WriteByte('/')
		}
		seg, _, _ = strings.Cut(seg, ";")
		b.WriteString(seg)
	}
	return b.String()
}

// firstEncodedDelimiter returns the offset in p of its first encoded
// delimiter (see isEncodedDelimiter), which it has.
func firstEncodedDelimiter(p string) int {
	for i := 0; ; i++ {
		i += strings.IndexByte(p[i:], '%')
		if isEncodedDelimiter(p[i+1], p[i+2]) {
			return i
		}
	}
}

// punycodeReading says what IDNA makes of label, which begins "xn--".
func punycodeReading(label string) string {
	s, ok := idna.DecodeLabel(strings.ToLower(label[len("xn--"):]))
	switch {
	case !ok:
		return "the label " + label + " is not valid Punycode: WHATWG URL refuses it"
	case strings.IndexFunc(s, isNotIDNA) >= 0 || strings.IndexFunc(s, isNotASCII) < 0:
		return "the label " + label + " decodes to " + strconv.QuoteToASCII(s) + ", which IDNA (UTS 46) forbids: WHATWG URL refuses it, or keeps it as written"
	}
	return "browsers show the label " + label + " as " + strconv.Quote(s) + ", which may look like another name (UTS 39)"
}

func isNotASCII(r rune) bool { return r >= utf8.RuneSelf }

// isNotIDNA reports whether r is a control character or a character that
// a decoded label cannot hold, since IDNA maps it away.
func isNotIDNA(r rune) bool {
	return r < 0x20 || 0x7F <= r && r < 0xA0 || 'A' <= r && r <= 'Z' || r == '.'
}
