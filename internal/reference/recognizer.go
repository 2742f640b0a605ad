// Package reference is a slow, independent reading of RFC 3986 for tests:
// a recognizer built from the ABNF of Appendix A as regular expressions,
// rule by rule, and generators of valid URI-references that follow the same
// rules. It shares no code and no tables with the scanner, so that the two
// can be checked against each other.
package reference

import (
	"regexp"
	"strings"
)

// The rules of Appendix A as RE2 expressions. group makes a non-capturing
// group; named makes a capturing one, looked up by name.
func group(alts ...string) string  { return "(?:" + strings.Join(alts, "|") + ")" }
func named(name, re string) string { return "(?P<" + name + ">" + re + ")" }

var (
	alpha      = `[A-Za-z]`
	digit      = `[0-9]`
	hexdig     = `[0-9A-Fa-f]`
	unreserved = `[A-Za-z0-9\-._~]`
	subDelims  = `[!$&'()*+,;=]`
	pctEncoded = `%` + hexdig + hexdig

	scheme = alpha + `[A-Za-z0-9+\-.]*`

	decOctet = group(`25[0-5]`, `2[0-4]`+digit, `1`+digit+digit, `[1-9]`+digit, digit)
	ipv4     = decOctet + `\.` + decOctet + `\.` + decOctet + `\.` + decOctet
	h16      = hexdig + `{1,4}`
	ls32     = group(h16+`:`+h16, ipv4)
	h16c     = group(h16 + `:`)
	// before is [ *n( h16 ":" ) h16 ].
	before = func(n string) string { return group(h16c+`{0,`+n+`}`+h16) + `?` }
	ipv6   = group(
		h16c+`{6}`+ls32,
		`::`+h16c+`{5}`+ls32,
		group(h16)+`?::`+h16c+`{4}`+ls32,
		before("1")+`::`+h16c+`{3}`+ls32,
		before("2")+`::`+h16c+`{2}`+ls32,
		before("3")+`::`+h16c+ls32,
		before("4")+`::`+ls32,
		before("5")+`::`+h16,
		before("6")+`::`,
	)
	ipvFuture = `[vV]` + hexdig + `+\.` + group(unreserved, subDelims, `:`) + `+`
	port      = digit + `*`
)

// rules are the rules that RFC 3987 section 2.2 writes anew for IRIs:
// those built on unreserved, which iunreserved replaces, and the query,
// which also holds iprivate. Every other rule is the same in both.
type rules struct {
	userinfo, regName, segment, segmentNZ, segmentNZNC, query, fragment string
}

// newRules builds them from unreserved, or iunreserved, and from what the
// query holds beyond the fragment's characters.
func newRules(unreserved, private string) rules {
	// pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
	pchar := group(unreserved, pctEncoded, subDelims, `[:@]`)
	fragment := group(pchar, `[/?]`) + `*`
	query := fragment
	if private != "" {
		query = group(pchar, private, `[/?]`) + `*`
	}
	return rules{
		userinfo:    group(unreserved, pctEncoded, subDelims, `:`) + `*`,
		regName:     group(unreserved, pctEncoded, subDelims) + `*`,
		segment:     pchar + `*`,
		segmentNZ:   pchar + `+`,
		segmentNZNC: group(unreserved, pctEncoded, subDelims, `@`) + `+`,
		query:       query,
		fragment:    fragment,
	}
}

var (
	uriRules = newRules(unreserved, "")
	// RFC 3987 section 2.2, with the ranges of ucschar and iprivate as
	// the section writes them. RE2 reads the input as UTF-8 and anything
	// else as U+FFFD, which neither rule holds.
	iriRules = newRules(
		group(unreserved, `[\x{A0}-\x{D7FF}\x{F900}-\x{FDCF}\x{FDF0}-\x{FFEF}`+
			`\x{10000}-\x{1FFFD}\x{20000}-\x{2FFFD}\x{30000}-\x{3FFFD}`+
			`\x{40000}-\x{4FFFD}\x{50000}-\x{5FFFD}\x{60000}-\x{6FFFD}`+
			`\x{70000}-\x{7FFFD}\x{80000}-\x{8FFFD}\x{90000}-\x{9FFFD}`+
			`\x{A0000}-\x{AFFFD}\x{B0000}-\x{BFFFD}\x{C0000}-\x{CFFFD}`+
			`\x{D0000}-\x{DFFFD}\x{E1000}-\x{EFFFD}]`),
		`[\x{E000}-\x{F8FF}\x{F0000}-\x{FFFFD}\x{100000}-\x{10FFFD}]`,
	)
)

// host = IP-literal / IPv4address / reg-name, in that order: Go's regexp
// prefers the first alternative that matches, which is the RFC's
// "first-match-wins" for IPv4address over reg-name. With zoneID, the
// IP-literal is RFC 6874's: IPv6address [ "%25" ZoneID ], where
// ZoneID = 1*( unreserved / pct-encoded ).
func host(r rules, n string, zoneID bool) string {
	v6 := ipv6
	if zoneID {
		v6 += group(`%25`+named("zone"+n, group(unreserved, pctEncoded)+`+`)) + `?`
	}
	return group(
		`\[`+group(named("ipv6"+n, v6), named("ipvfuture"+n, ipvFuture))+`\]`,
		named("ipv4"+n, ipv4),
		named("regname"+n, r.regName),
	)
}

func authority(r rules, n string, zoneID bool) string {
	return named("authority"+n,
		group(named("userinfo"+n, r.userinfo)+`@`)+`?`+
			named("host"+n, host(r, n, zoneID))+
			group(`:`+named("port"+n, port))+`?`)
}

func pathAbempty(r rules) string { return group(`/`+r.segment) + `*` }
func pathAbsolute(r rules) string {
	return `/` + group(r.segmentNZ+group(`/`+r.segment)+`*`) + `?`
}
func pathRootless(r rules) string { return r.segmentNZ + group(`/`+r.segment) + `*` }
func pathNoscheme(r rules) string { return r.segmentNZNC + group(`/`+r.segment) + `*` }

// uriReference builds URI-reference = URI / relative-ref, or with the
// rules of RFC 3987 IRI-reference = IRI / irelative-ref, with distinct
// group names in the two alternatives (suffix 1 and 2); Match merges them.
func uriReference(r rules, zoneID bool) *regexp.Regexp {
	return regexp.MustCompile(`^` + group(
		// URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
		named("scheme", scheme)+`:`+
			group(`//`+authority(r, "1", zoneID)+named("path1a", pathAbempty(r)),
				named("path1b", pathAbsolute(r)),
				named("path1c", pathRootless(r)),
				named("path1d", ``))+
			group(`\?`+named("query1", r.query))+`?`+
			group(`#`+named("fragment1", r.fragment))+`?`,
		// relative-ref = relative-part [ "?" query ] [ "#" fragment ]
		group(`//`+authority(r, "2", zoneID)+named("path2a", pathAbempty(r)),
			named("path2b", pathAbsolute(r)),
			named("path2c", pathNoscheme(r)),
			named("path2d", ``))+
			group(`\?`+named("query2", r.query))+`?`+
			group(`#`+named("fragment2", r.fragment))+`?`,
	) + `$`)
}

var (
	rfc3986 = uriReference(uriRules, false)
	rfc6874 = uriReference(uriRules, true)
	rfc3987 = uriReference(iriRules, false)
)

// Parts are the components of a URI-reference, with a flag for each
// optional one: an undefined component differs from an empty one.
type Parts struct {
	Scheme, UserInfo, Host, Port, Path, Query, Fragment string

	HasScheme, HasAuthority, HasUserInfo, HasPort, HasQuery, HasFragment bool

	// HostKind is "", "RegName", "IPv4", "IPv6" or "IPvFuture".
	HostKind string
	// Zone is the ZoneID of RFC 6874 within an IPv6 host, as written,
	// found by MatchZoneID only.
	Zone string
}

// String recomposes the parts as section 5.3 does.
func (p Parts) String() string {
	var b strings.Builder
	if p.HasScheme {
		b.WriteString(p.Scheme + ":")
	}
	if p.HasAuthority {
		b.WriteString("//")
		if p.HasUserInfo {
			b.WriteString(p.UserInfo + "@")
		}
		b.WriteString(p.Host)
		if p.HasPort {
			b.WriteString(":" + p.Port)
		}
	}
	b.WriteString(p.Path)
	if p.HasQuery {
		b.WriteString("?" + p.Query)
	}
	if p.HasFragment {
		b.WriteString("#" + p.Fragment)
	}
	return b.String()
}

// Match reports whether s is a URI-reference and, if it is, its parts.
func Match(s string) (Parts, bool) { return match(rfc3986, s) }

// MatchZoneID is Match with the IP-literal of RFC 6874, which may hold an
// IPv6 zone identifier.
func MatchZoneID(s string) (Parts, bool) { return match(rfc6874, s) }

// MatchIRI reports whether s is an IRI-reference (RFC 3987 section 2.2),
// read as UTF-8, and if it is, its parts. Section 4.1 adds a rule the ABNF
// does not write: an IRI holds none of the bidirectional formatting
// characters LRM, RLM, LRE, RLE, PDF, LRO and RLO.
func MatchIRI(s string) (Parts, bool) {
	if strings.ContainsAny(s, "\u200E\u200F\u202A\u202B\u202C\u202D\u202E") {
		return Parts{}, false
	}
	return match(rfc3987, s)
}

func match(re *regexp.Regexp, s string) (Parts, bool) {
	idx := re.FindStringSubmatchIndex(s)
	if idx == nil {
		return Parts{}, false
	}
	get := func(names ...string) (string, bool) {
		for _, n := range names {
			i := re.SubexpIndex(n)
			if idx[2*i] >= 0 {
				return s[idx[2*i]:idx[2*i+1]], true
			}
		}
		return "", false
	}
	var p Parts
	p.Scheme, p.HasScheme = get("scheme")
	_, p.HasAuthority = get("authority1", "authority2")
	p.UserInfo, p.HasUserInfo = get("userinfo1", "userinfo2")
	p.Host, _ = get("host1", "host2")
	p.Port, p.HasPort = get("port1", "port2")
	p.Path, _ = get("path1a", "path1b", "path1c", "path1d", "path2a", "path2b", "path2c", "path2d")
	p.Query, p.HasQuery = get("query1", "query2")
	p.Fragment, p.HasFragment = get("fragment1", "fragment2")
	if re == rfc6874 {
		p.Zone, _ = get("zone1", "zone2")
	}
	for _, k := range []struct{ group, kind string }{
		{"ipv6", "IPv6"}, {"ipvfuture", "IPvFuture"}, {"ipv4", "IPv4"}, {"regname", "RegName"},
	} {
		if _, ok := get(k.group+"1", k.group+"2"); ok {
			p.HostKind = k.kind
			break
		}
	}
	return p, true
}

var ipv4Only = regexp.MustCompile(`^` + ipv4 + `$`)

// IsIPv4 reports whether s matches IPv4address.
func IsIPv4(s string) bool { return ipv4Only.MatchString(s) }
