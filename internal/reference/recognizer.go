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
	pchar      = group(unreserved, pctEncoded, subDelims, `[:@]`)

	scheme   = alpha + `[A-Za-z0-9+\-.]*`
	userinfo = group(unreserved, pctEncoded, subDelims, `:`) + `*`

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
	regName   = group(unreserved, pctEncoded, subDelims) + `*`
	port      = digit + `*`

	segment     = pchar + `*`
	segmentNZ   = pchar + `+`
	segmentNZNC = group(unreserved, pctEncoded, subDelims, `@`) + `+`
	query       = group(pchar, `[/?]`) + `*`
	fragment    = query
)

// host = IP-literal / IPv4address / reg-name, in that order: Go's regexp
// prefers the first alternative that matches, which is the RFC's
// "first-match-wins" for IPv4address over reg-name. With zoneID, the
// IP-literal is RFC 6874's: IPv6address [ "%25" ZoneID ], where
// ZoneID = 1*( unreserved / pct-encoded ).
func host(n string, zoneID bool) string {
	v6 := ipv6
	if zoneID {
		v6 += group(`%25`+named("zone"+n, group(unreserved, pctEncoded)+`+`)) + `?`
	}
	return group(
		`\[`+group(named("ipv6"+n, v6), named("ipvfuture"+n, ipvFuture))+`\]`,
		named("ipv4"+n, ipv4),
		named("regname"+n, regName),
	)
}

func authority(n string, zoneID bool) string {
	return named("authority"+n,
		group(named("userinfo"+n, userinfo)+`@`)+`?`+
			named("host"+n, host(n, zoneID))+
			group(`:`+named("port"+n, port))+`?`)
}

func pathAbempty() string  { return group(`/`+segment) + `*` }
func pathAbsolute() string { return `/` + group(segmentNZ+group(`/`+segment)+`*`) + `?` }
func pathRootless() string { return segmentNZ + group(`/`+segment) + `*` }
func pathNoscheme() string { return segmentNZNC + group(`/`+segment) + `*` }

// uriReference builds URI-reference = URI / relative-ref, with distinct
// group names in the two alternatives (suffix 1 and 2); Match merges them.
func uriReference(zoneID bool) *regexp.Regexp {
	return regexp.MustCompile(`^` + group(
		// URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
		named("scheme", scheme)+`:`+
			group(`//`+authority("1", zoneID)+named("path1a", pathAbempty()),
				named("path1b", pathAbsolute()),
				named("path1c", pathRootless()),
				named("path1d", ``))+
			group(`\?`+named("query1", query))+`?`+
			group(`#`+named("fragment1", fragment))+`?`,
		// relative-ref = relative-part [ "?" query ] [ "#" fragment ]
		group(`//`+authority("2", zoneID)+named("path2a", pathAbempty()),
			named("path2b", pathAbsolute()),
			named("path2c", pathNoscheme()),
			named("path2d", ``))+
			group(`\?`+named("query2", query))+`?`+
			group(`#`+named("fragment2", fragment))+`?`,
	) + `$`)
}

var (
	rfc3986 = uriReference(false)
	rfc6874 = uriReference(true)
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
