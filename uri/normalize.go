package uri

import (
	"strings"

	"github.com/urilabs/rfc3986/internal/ascii"
	"github.com/urilabs/rfc3986/internal/numhost"
	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/internal/schemes"
	"github.com/urilabs/rfc3986/tables"
)

// Normalize returns u in the normal form of RFC 3986 section 6.2.2
// (syntax-based) followed by section 6.2.3 (scheme-based):
//
//   - the scheme and the host are lowercased, IP-literals included
//     (6.2.2.1);
//   - a percent-encoded unreserved character is decoded, in every
//     component, the host too, before the host is lowercased; the
//     hexadecimal digits of the other percent-encodings are uppercased
//     (6.2.2.1, 6.2.2.2);
//   - dot-segments are removed from the path (6.2.2.3, 5.2.4), after
//     decoding, so that "%2E%2E" counts as "..";
//   - an empty port is dropped with its ":", whatever the scheme, and so
//     is the default port of a scheme whose specification names one,
//     compared by value: "http://a:080/" becomes "http://a/" and
//     "coap://h:5683/" "coap://h/" (6.2.3). The schemes are those of
//     scheme.DefaultPort in package uri/scheme: http, https, ws, wss,
//     ftp, coap and its variants, ldap, telnet, gopher, nntp, news, imap,
//     pop, rtsp and rtsps;
//   - an empty path after an authority becomes "/" for http, https, ws
//     and wss (6.2.3).
//
// An empty query, fragment or userinfo stays: "http://a/?" is not
// "http://a/" (6.2.3). IPv6 text is lowercased, not rewritten in the form
// of RFC 5952.
//
// Dot-segments are removed where resolution would remove them: from the
// path of a URI with a scheme, and from the path of a relative reference
// that has an authority or begins with "/". The path of a relative-path
// reference ("../a") keeps them, since they only take meaning against a
// base; a segment of it that only decodes to "." or ".." ("%2E") stays
// encoded for the same reason. A path that would then begin with "//"
// without an authority gets "/." before it, as in Resolve.
//
// When u is already normal, Normalize returns u itself and allocates
// nothing; otherwise it allocates the result, once.
func (u URI) Normalize() URI {
	return u.normalize(true)
}

// NormalizeSyntax returns u in the syntax-based normal form of section
// 6.2.2 alone: Normalize without the scheme-based rules of 6.2.3, so that
// ports and empty paths stay as they are. It too returns u itself,
// without allocating, when u is already in that form.
func (u URI) NormalizeSyntax() URI {
	return u.normalize(false)
}

// AppendNormalize appends the text of u.Normalize() to dst and returns
// the extended buffer. It allocates nothing when dst has room for it.
func AppendNormalize(dst []byte, u URI) []byte {
	w := writer{buf: dst, start: len(dst)}
	u.writeNormal(&w, true)
	return w.buf
}

func (u URI) normalize(schemeBased bool) URI {
	if u.plainlyNormal(schemeBased) {
		return u
	}
	// The result is at most one byte longer than u: only the "/" for an
	// empty path adds to it. A "/." before a path comes with at least as
	// many bytes of dot-segments gone.
	w := lazyWriter(u.s, 3)
	m := u.writeNormal(&w, schemeBased)
	if w.lazy {
		if w.n == len(u.s) {
			return u
		}
		return URI{core{u.s[:w.n], scan.WithPlain(u.s[:w.n], m)}}
	}
	return URI{core{bytesToString(w.buf), scan.WithPlain(bytesToString(w.buf), m)}}
}

// plainlyNormal reports whether u is normal by a quick look that most URIs
// pass: no percent-encoding anywhere, no uppercase letter in the scheme or
// host, no "." that could begin a dot-segment, and no port or empty path
// that the scheme-based rules change. It may say false of a normal URI
// (one with "/.well-known", say), which writeNormal then reads in full.
func (u URI) plainlyNormal(schemeBased bool) bool {
	path := u.Path()
	if strings.IndexByte(u.s, '%') >= 0 || ascii.FirstUpper(u.Scheme()) < len(u.Scheme()) || ascii.FirstUpper(u.Host()) < len(u.Host()) ||
		strings.Contains(path, "/.") || strings.HasPrefix(path, ".") {
		return false
	}
	if !schemeBased || !u.HasAuthority() {
		return true
	}
	rules := rulesOf(u.Scheme())
	if u.HasPort() && (u.Port() == "" || rules.isDefaultPort(u.Port())) {
		return false
	}
	return path != "" || !rules.slashPath
}

// writeNormal writes the normal form of u and returns its marks. Writing
// through a lazy writer over u.s, the offsets passed with each piece are
// where it lies in u.s.
func (u URI) writeNormal(w *writer, schemeBased bool) scan.Marks {
	flags, kind := u.m.Flags(), HostKind(u.m.HostKind())
	var schemeEnd, authorityStart, hostStart, hostEnd uint32
	var rules schemeRules
	if u.HasScheme() {
		w.lower(u.Scheme(), 0)
		schemeEnd = uint32(w.pos())
		w.byte(':')
		if schemeBased {
			rules = rulesOf(u.Scheme())
		}
	}
	if u.HasAuthority() {
		from := int(u.m.AuthorityStart())
		w.str("//", from-2)
		authorityStart = uint32(w.pos())
		if u.HasUserInfo() {
			w.pct(u.UserInfo(), from, false, true)
			w.byte('@')
		}
		hostStart = uint32(w.pos())
		host := u.Host()
		if kind == IPv6 || kind == IPvFuture {
			host, zone := splitZone(u)
			w.lower(host, int(u.m.HostStart()))
			w.pct(zone, int(u.m.HostStart())+len(host), false, true)
		} else {
			w.pct(host, int(u.m.HostStart()), true, true)
		}
		hostEnd = uint32(w.pos())
		if kind == RegName && strings.IndexByte(host, '%') >= 0 && numhost.Dotted(w.view(int(hostStart), int(hostEnd))) {
			// Decoding made an IPv4address of it ("127.0.0.%31").
			kind = IPv4
		}
		if port := u.Port(); u.HasPort() && !(schemeBased && (port == "" || rules.isDefaultPort(port))) {
			w.byte(':')
			w.str(port, int(u.m.HostEnd())+1)
		} else {
			flags &^= scan.HasPort
		}
	}
	pathStart := uint32(w.pos())
	if !u.HasAuthority() {
		authorityStart, hostStart, hostEnd = pathStart, pathStart, pathStart
	}
	u.writeNormalPath(w)
	if schemeBased && rules.slashPath && u.HasAuthority() && w.pos() == int(pathStart) && uint64(len(u.s)) < scan.MaxLength {
		// In the one case of an input of MaxLength bytes, the "/" would
		// not fit: the path stays empty.
		w.byte('/')
	}
	pathEnd := uint32(w.pos())
	if u.HasQuery() {
		w.byte('?')
		w.pct(u.Query(), int(u.m.PathEnd())+1, false, true)
	}
	queryEnd := uint32(w.pos())
	if u.HasFragment() {
		w.byte('#')
		w.pct(u.Fragment(), int(u.m.QueryEnd())+1, false, true)
	}
	return scan.MakeMarks(schemeEnd, authorityStart, hostStart, hostEnd, pathStart, pathEnd, queryEnd, flags, tables.HostKind(kind))
}

// removesDots reports whether Normalize removes the dot-segments of u's
// path: unless u is a relative-path reference, resolving u against any
// base would remove them (section 5.2.2).
func (u URI) removesDots() bool {
	return !u.IsRelativePath()
}

// writeNormalPath writes the path of u percent-normalized and, where it
// applies, with its dot-segments removed.
func (u URI) writeNormalPath(w *writer) {
	path, at := u.Path(), int(u.m.PathStart())
	if strings.IndexByte(path, '.') < 0 && strings.IndexByte(path, '%') < 0 {
		// Nothing to decode and no dot-segment, even encoded.
		w.str(path, at)
		return
	}
	if u.removesDots() {
		var d dotRemover
		d.begin(w, true, !u.HasAuthority())
		d.feed(w, path, at, true)
		d.finish(w)
		return
	}
	// A relative-path reference: each segment percent-normalized, but
	// one that only decodes to "." or ".." stays encoded.
	for i := 0; ; i++ {
		j := strings.IndexByte(path[i:], '/')
		if j < 0 {
			j = len(path)
		} else {
			j += i
		}
		seg := path[i:j]
		w.pct(seg, at+i, false, dotKind(seg, true) == 0)
		if j == len(path) {
			return
		}
		w.byte('/')
		i = j
	}
}

// Equivalent reports whether a and b have the same normal form, that is
// whether a.Normalize() and b.Normalize() are the same text (sections
// 6.2.2 and 6.2.3), without writing either: it compares them as it reads,
// the paths from their ends, and allocates nothing whatever their length.
//
// Section 6.1 advises comparing target URIs rather than relative
// references, and leaving fragments out when the comparison is to select
// a network action; both are the caller's to do.
func Equivalent(a, b URI) bool {
	if a.s == b.s {
		return true
	}
	const defined = scan.HasScheme | scan.HasAuthority | scan.HasUserInfo | scan.HasQuery | scan.HasFragment
	if a.m.Flags()&defined != b.m.Flags()&defined || !strings.EqualFold(a.Scheme(), b.Scheme()) {
		return false
	}
	rules := rulesOf(a.Scheme())
	if a.HasAuthority() {
		pa, oka := a.normalPort(rules)
		pb, okb := b.normalPort(rules)
		if oka != okb || pa != pb ||
			!pctEqual(a.UserInfo(), b.UserInfo(), false, true, true) ||
			!hostsEquivalent(a, b) {
			return false
		}
	}
	return pathsEquivalent(a, b, rules.slashPath && a.HasAuthority()) &&
		pctEqual(a.Query(), b.Query(), false, true, true) &&
		pctEqual(a.Fragment(), b.Fragment(), false, true, true)
}

// hostsEquivalent compares the normal hosts of a and b.
func hostsEquivalent(a, b URI) bool {
	ha, za := splitZone(a)
	hb, zb := splitZone(b)
	return pctEqual(ha, hb, true, true, true) && pctEqual(za, zb, false, true, true)
}

// splitZone splits u's host before the "%25" of an RFC 6874 zone ID: into
// the part that Normalize lowercases and the case-sensitive zone, of which
// it only normalizes the percent-encodings.
func splitZone(u URI) (host, zone string) {
	h := u.Host()
	if u.HostKind() == IPv6 {
		// An IPv6address holds no "%": the first one begins the zone.
		if i := strings.IndexByte(h, '%'); i >= 0 {
			return h[:i], h[i:]
		}
	}
	return h, ""
}

// normalPort returns the port as Normalize leaves it, and whether it
// leaves one.
func (u URI) normalPort(r schemeRules) (string, bool) {
	p := u.Port()
	if !u.HasPort() || p == "" || r.isDefaultPort(p) {
		return "", false
	}
	return p, true
}

// pathsEquivalent compares the normal paths of a and b backwards, unit by
// unit. An empty path stands for "/" when slash is set (section 6.2.3). A
// "/." written before a path depends only on its units and on the
// authority, which the caller has compared.
func pathsEquivalent(a, b URI, slash bool) bool {
	ia := newUnitIter(a.Path(), a.removesDots(), true)
	ib := newUnitIter(b.Path(), b.removesDots(), true)
	for first := true; ; first = false {
		sa, slashA, okA := ia.next()
		sb, slashB, okB := ib.next()
		if first && slash {
			// An empty path reads as the one unit "/".
			if !okA {
				sa, slashA, okA = "", true, true
			}
			if !okB {
				sb, slashB, okB = "", true, true
			}
		}
		if okA != okB || slashA != slashB {
			return false
		}
		if !okA {
			return true
		}
		// A segment kept with its dots stays encoded when it only
		// decodes to dots (writeNormalPath); in a path whose dots are
		// removed, no unit is one.
		if !pctEqual(sa, sb, false, dotKind(sa, true) == 0, dotKind(sb, true) == 0) {
			return false
		}
	}
}

// pctEqual reports whether a and b are the same text once percent-normalized
// as writer.pct would write them, a with decodeA and b with decodeB.
func pctEqual(a, b string, lower, decodeA, decodeB bool) bool {
	if a == b && decodeA == decodeB {
		return true
	}
	ra := pctReader{s: a, lower: lower, decode: decodeA}
	rb := pctReader{s: b, lower: lower, decode: decodeB}
	for {
		ca, okA := ra.next()
		cb, okB := rb.next()
		if ca != cb || okA != okB {
			return false
		}
		if !okA {
			return true
		}
	}
}

// A pctReader reads a valid component percent-normalized, one byte at a
// time: the bytes writer.pct would write. The two loops serve two ends:
// writer.pct copies runs between triplets in bulk, and nothing at all for
// a URI already normal, while a pctReader lets Equivalent compare two
// normal forms without writing either. Comparing through Normalize costs
// one allocation per URI that is not normal (64 B for
// "HTTP://Example.COM:80/%7e%41/a/./c/../b?%4a#%4B"), where Equivalent
// allocates nothing; both decode with decodeTriplet.
type pctReader struct {
	s             string
	i             int
	hex           [2]byte // the digits of a triplet that stays, still to read
	nhex          int
	lower, decode bool
}

func (r *pctReader) next() (byte, bool) {
	if r.nhex > 0 {
		r.nhex--
		return r.hex[1-r.nhex], true
	}
	if r.i >= len(r.s) {
		return 0, false
	}
	c := r.s[r.i]
	if c != '%' {
		r.i++
		if r.lower {
			c = toLower(c)
		}
		return c, true
	}
	hi, lo := r.s[r.i+1], r.s[r.i+2]
	r.i += 3
	if v := decodeTriplet(hi, lo); r.decode && tables.Sets[v]&tables.Unreserved != 0 {
		if r.lower {
			v = toLower(v)
		}
		return v, true
	}
	r.hex, r.nhex = [2]byte{toUpper(hi), toUpper(lo)}, 2
	return '%', true
}

// schemeRules are the rules of section 6.2.3 for a scheme, from the
// library's one scheme table: a default port and whether an empty path
// after an authority is "/".
type schemeRules struct {
	port      int // 0 for none
	slashPath bool
}

// rulesOf returns the rules of section 6.2.3 for the scheme, compared
// without regard to case: the default port of every scheme the table
// knows one of, and the "/" of an empty path for http, https, ws and wss.
func rulesOf(scheme string) schemeRules {
	s := schemes.Lookup(scheme)
	return schemeRules{int(s.Port), s.Rules&schemes.SlashPath != 0}
}

// isDefaultPort reports whether the digits of port have the value of the
// scheme's default port: "080" is 80.
func (r schemeRules) isDefaultPort(port string) bool {
	if r.port == 0 {
		return false
	}
	port = strings.TrimLeft(port, "0")
	if len(port) > 5 {
		return false
	}
	n := 0
	for i := 0; i < len(port); i++ {
		n = n*10 + int(port[i]-'0')
	}
	return n == r.port
}
