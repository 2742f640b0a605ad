package canon

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/urilabs/rfc3986/internal/ascii"
	"github.com/urilabs/rfc3986/internal/idna"
	"github.com/urilabs/rfc3986/internal/numhost"
	"github.com/urilabs/rfc3986/uri"
)

// A Step is one named transformation of a URL, documented with the
// product whose canonicalizer it follows.
type Step struct {
	Name string // as a profile lists it, e.g. "strip-www"
	Doc  string // what it does and whose behavior it follows
	fn   func(*parts)
}

// A Profile is a sequence of steps that canonicalizes a URL for one product's
// idea of "the same URL". Every profile is idempotent: canonicalizing its
// output gives the output back. Its output is always a URI that uri.Parse
// accepts: whatever a step decodes is percent-encoded again where RFC 3986
// requires it.
type Profile struct {
	Name  string
	Doc   string
	Steps []Step
	rfc   bool // the RFC 3986 profile: uri.Normalize, no steps
	// lenient: the line is read as the surt family's references read it
	// (readLine), not as RFC 3986.
	lenient bool
}

// ErrNotAbsolute is wrapped within the error a profile other than RFC 3986
// returns for a reference without a scheme.
var ErrNotAbsolute = errors.New("canon: URL has no scheme")

// parts are the components of a URL while steps work on them. Once the
// unescape step ran (decoded), host, path and query hold bytes, not their
// encodings, and are encoded when the URL is written.
type parts struct {
	scheme                     string
	hasUser, hasPort, hasQuery bool
	hasFrag                    bool
	userinfo, host, port, path string
	query, fragment            string
	decoded                    bool // host, path and query are decoded
	// clean has bit 1<<inHost, 1<<inPath, 1<<inQuery set while that
	// component holds only bytes the parsed URI had there, no "%" among
	// them: none needs encoding, in either encoding. Only decoding adds
	// others; every other step cuts, reorders, lowers, or writes ASCII
	// letters, digits, "-" and ".".
	clean uint8
	// lower has bit 1<<inHost, 1<<inPath, 1<<inQuery set for the
	// components that are lower-cased, encodings included, once encoded
	// (IA).
	lower uint8

	// scratch holds the bytes of the components the steps rewrite. It is
	// only appended to while a URL is worked on, so the strings made over
	// it stay as they were until the URL is written out; the pool keeps it.
	scratch []byte
}

// own returns b, just appended to c.scratch, as a string without a copy.
func (c *parts) own(start int) string {
	b := c.scratch[start:]
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// Canonicalize reads s and canonicalizes it. The rfc3986, nutch and
// stormcrawler profiles read s strictly (RFC 3986); google, ia and ordinary
// read it as their references do (surt's handyurl.parse, webarchive-commons'
// URLParser): trimmed, without tabs and line breaks, a line without a
// scheme as "http://" and the line, and bytes RFC 3986 does not allow
// (spaces, controls, raw Unicode) percent-encoded in the output.
func (p Profile) Canonicalize(s string) (string, error) {
	b, err := p.AppendCanonical(nil, s)
	return string(b), err
}

// AppendCanonical appends the canonical form of s to dst.
func (p Profile) AppendCanonical(dst []byte, s string) ([]byte, error) {
	if p.lenient {
		c := partsPool.Get().(*parts)
		defer partsPool.Put(c)
		return p.appendLenient(c, dst, s)
	}
	u, err := uri.Parse(s)
	if err != nil {
		return dst, err
	}
	return p.AppendCanonicalURI(dst, u)
}

// AppendCanonicalURI appends the canonical form of u to dst. A profile
// that reads lines as its references do reads u.String() so: a reference
// without a scheme is read as "http://" and the reference.
func (p Profile) AppendCanonicalURI(dst []byte, u uri.URI) ([]byte, error) {
	if p.rfc {
		return uri.AppendNormalize(dst, u), nil
	}
	if p.lenient {
		c := partsPool.Get().(*parts)
		defer partsPool.Put(c)
		return p.appendLenient(c, dst, u.String())
	}
	if !u.HasScheme() {
		return dst, &uri.Error{Op: "canon." + p.Name, Input: u.String(), Err: ErrNotAbsolute}
	}
	if !u.HasAuthority() {
		// The steps are about hosts and hierarchical paths: a URL without
		// an authority ("mailto:", "dns:") keeps its RFC 3986 normal form.
		return uri.AppendNormalize(dst, u), nil
	}
	c := getParts(u)
	defer partsPool.Put(c)
	for _, st := range p.Steps {
		st.fn(c)
	}
	return c.appendURL(dst, rfcEncode), nil
}

// appendLenient is AppendCanonical for a profile that reads lines as its
// references do, with c as the step state.
func (p Profile) appendLenient(c *parts, dst []byte, s string) ([]byte, error) {
	line, ok, err := c.readLine(s, p.Name)
	if err != nil {
		return dst, err
	}
	if !ok {
		return appendOpaque(dst, line, p.Name)
	}
	for _, st := range p.Steps {
		st.fn(c)
	}
	return c.appendURL(dst, rfcEncode), nil
}

// appendOpaque appends the RFC 3986 normal form of a line without an
// authority ("dns:a.org", "mailto:a@b"), which the steps leave alone as
// their references do; an error when it is no URI.
func appendOpaque(dst []byte, line, name string) ([]byte, error) {
	u, err := uri.Parse(line)
	if err != nil {
		// line may be in a pooled scratch buffer: the error keeps a copy.
		_, err = uri.Parse(strings.Clone(line))
	}
	if err != nil {
		if e, ok := err.(*uri.Error); ok {
			e.Op = "canon." + name
		}
		return dst, err
	}
	return uri.AppendNormalize(dst, u), nil
}

// partsPool keeps the step state off the heap: the steps are called
// through function values, so a local parts would escape on every URL.
var partsPool = sync.Pool{New: func() any { return new(parts) }}

func getParts(u uri.URI) *parts {
	c := partsPool.Get().(*parts)
	c.reset(u)
	return c
}

// reset sets c to u's components, keeping its scratch buffer's memory. The
// strings of an earlier run that point into it must not be used again.
func (c *parts) reset(u uri.URI) {
	scratch := c.scratch[:0]
	*c = parts{scratch: scratch}
	c.set(u)
}

func (c *parts) set(u uri.URI) {
	c.scheme = u.Scheme()
	c.hasUser, c.userinfo = u.HasUserInfo(), u.UserInfo()
	c.host = u.Host()
	c.hasPort, c.port = u.HasPort(), u.Port()
	c.path = u.Path()
	c.hasQuery, c.query = u.HasQuery(), u.Query()
	c.hasFrag, c.fragment = u.HasFragment(), u.Fragment()
	c.clean = 1<<inHost | 1<<inPath | 1<<inQuery
}

// Encodings used when writing decoded components.
const (
	rfcEncode = iota // the minimum RFC 3986 requires, per component
	iaEncode         // what GoogleURLCanonicalizer.escapeOnce encodes (SURT keys)
)

func (c *parts) appendURL(dst []byte, enc int) []byte {
	dst = append(dst, c.scheme...)
	dst = append(dst, "://"...)
	if c.hasUser {
		dst = append(dst, c.userinfo...)
		dst = append(dst, '@')
	}
	dst = c.appendComponent(dst, c.host, inHost, enc)
	if c.hasPort {
		dst = append(dst, ':')
		dst = append(dst, c.port...)
	}
	dst = c.appendComponent(dst, c.path, inPath, enc)
	if c.hasQuery {
		dst = append(dst, '?')
		dst = c.appendComponent(dst, c.query, inQuery, enc)
	}
	if c.hasFrag {
		dst = append(dst, '#')
		dst = append(dst, c.fragment...)
	}
	return dst
}

// Components a decoded string is encoded for; the userinfo and the
// fragment only where the lenient reader encodes them.
const (
	inHost = iota
	inPath
	inQuery
	inUser
	inFragment
)

func (c *parts) appendComponent(dst []byte, s string, in, enc int) []byte {
	if c.decoded && c.clean&(1<<in) != 0 {
		// Nothing to encode; and lowered already when the IA lowers:
		// StepLowerAll lowered it, and what a step writes into a clean
		// component after it is never upper case.
		return append(dst, s...)
	}
	// An IP-literal host comes in clean, and left above; a "[" that
	// decoding made is encoded below, as a reg-name's must be.
	if !c.decoded {
		start := len(dst)
		dst = append(dst, s...)
		if c.lower&(1<<in) != 0 {
			if i := ascii.FirstUpper(s); i < len(s) {
				ascii.Lower(dst[start+i:])
			}
		}
		return dst
	}
	// Runs of bytes that stand for themselves are copied whole; a byte
	// that must be encoded, or lowered, ends a run.
	stop := &encodeStop[enc][in]
	var mask uint8 = stopEncode
	hex := "0123456789ABCDEF"
	if c.lower&(1<<in) != 0 {
		mask |= stopUpper
		hex = "0123456789abcdef"
	}
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && stop[s[j]]&mask == 0 {
			j++
		}
		dst = append(dst, s[i:j]...)
		if j == len(s) {
			break
		}
		b := s[j]
		if stop[b]&stopEncode != 0 {
			dst = append(dst, '%', hex[b>>4], hex[b&15])
		} else {
			dst = append(dst, b+'a'-'A')
		}
		i = j + 1
	}
	return dst
}

// Why a byte ends a run in appendComponent: it must be encoded, or it is
// an upper-case letter, which the IA lowers.
const (
	stopEncode = 1 << iota
	stopUpper
)

// encodeStop[enc][in][b] says why b ends a run when a decoded component
// in is written with the encoding enc.
var encodeStop = func() (t [2][3][256]uint8) {
	for in := inHost; in <= inQuery; in++ {
		for b := 0; b < 256; b++ {
			var upper uint8
			if 'A' <= b && b <= 'Z' {
				upper = stopUpper
			}
			t[rfcEncode][in][b], t[iaEncode][in][b] = upper, upper
			if !allowed(byte(b), in) {
				t[rfcEncode][in][b] = stopEncode
			}
			if b <= ' ' || b >= 0x7f || b == '#' || b == '%' {
				t[iaEncode][in][b] = stopEncode
			}
		}
	}
	return t
}()

// allowed reports whether RFC 3986 lets b stand for itself in a component:
// reg-name (3.2.2), userinfo (3.2.1), path segments and "/" (3.3), query
// (3.4), fragment (3.5).
func allowed(b byte, in int) bool {
	switch {
	case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9':
		return true
	}
	switch b {
	case '-', '.', '_', '~', '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=':
		return true
	case ':':
		return in != inHost
	case '@', '/':
		return in != inHost && in != inUser
	case '?':
		return in == inQuery || in == inFragment
	}
	return false
}

func step(name, doc string, fn func(*parts)) Step { return Step{Name: name, Doc: doc, fn: fn} }

// The steps. Each says whose canonicalizer it follows.
var (
	StepDropFragment = step("drop-fragment",
		"Removes the fragment, which never reaches a server (Google Safe Browsing, IA, Nutch, StormCrawler).",
		dropFragment)

	StepUnescape = step("unescape",
		"Decodes percent-encodings in host, path and query until none is left (GoogleURLCanonicalizer.unescapeRepeatedly, Safe Browsing's \"repeatedly percent-unescape\"); the URL is encoded again as RFC 3986 requires when written.",
		unescapeAll)

	StepHostDots = step("host-dots",
		"Removes leading and trailing dots of the host and collapses runs of dots (Safe Browsing).",
		hostDots)

	StepHostIPv4 = step("host-ipv4",
		"Rewrites a host that inet_aton reads as an IPv4 address (octal, hexadecimal, fewer than four parts, one number) in dotted decimal (Safe Browsing, GoogleURLCanonicalizer.attemptIPFormats).",
		hostIPv4)

	StepSchemeLower = step("scheme-lower",
		"Lower-cases the scheme (RFC 3986 6.2.2.1; IAURLCanonicalizer's SCHEME_LOWERCASE). The google profile keeps the scheme as written, as webarchive-commons' BasicURLCanonicalizer does (\"Http://\").",
		schemeLower)

	StepHostLower = step("host-lower",
		"Lower-cases the host (RFC 3986 6.2.2.1, and every crawler).",
		hostLower)

	StepHostIDNA = step("host-idna",
		"Converts a non-ASCII host, once decoded, to its ASCII (Punycode) form with UTS #46 (Safe Browsing, Nutch, StormCrawler's hostIDNtoASCII); a host IDNA refuses stays as it is, encoded. The result goes through host-dots and host-ipv4 again.",
		hostIDNA)

	StepDotSegments = step("dot-segments",
		"Removes \".\" and \"..\" segments (RFC 3986 5.2.4; Safe Browsing, IA, Nutch).",
		dotSegments)

	StepCollapseSlashes = step("collapse-slashes",
		"Replaces runs of \"/\" in the path with one (Safe Browsing, GoogleURLCanonicalizer).",
		collapseSlashes)

	StepEmptyPath = step("empty-path",
		"Makes an empty path \"/\" (RFC 3986 6.2.3 for http; Safe Browsing, Nutch).",
		emptyPath)

	StepEmptyPort = step("empty-port",
		"Removes an empty port, \"http://a:/\" (RFC 3986 6.2.3; the surt package's parser).",
		emptyPort)

	StepDefaultPort = step("default-port",
		"Removes the port 80 of http and 443 of https, and an empty port (RFC 3986 6.2.3; IA, Nutch).",
		defaultPort)

	StepLowerAll = step("lower-all",
		"Lower-cases host, path and query, encodings included (IAURLCanonicalizer's host_lowercase, path_lowercase and query_lowercase, on by default).",
		lowerAll)

	StepLowerHostPath = step("lower-host-path",
		"Lower-cases host and path, encodings included, and leaves the query as it is (IAURLCanonicalizer with query_lowercase off; Profile.KeepQueryCase).",
		lowerHostPath)

	StepStripUserinfo = step("strip-userinfo",
		"Removes the userinfo (IAURLCanonicalizer's stripUserinfo).",
		stripUserinfo)

	StepStripWWW = step("strip-www",
		"Removes leading \"www\" and \"wwwN\" labels, as IAURLCanonicalizer.massageHost does once; here until none is left, so that the profile is idempotent (\"www.www.example.com\" becomes \"example.com\").",
		stripWWWAll)

	StepPathSessionID = step("path-session-id",
		"Removes ASP.NET session ids from the start of the path, \"/(S(id))/\" and \"/(id)/\" (URLRegexTransformer.stripPathSessionID); here until none is left, so that the profile is idempotent.",
		pathSessionID)

	StepQuerySessionID = step("query-session-id",
		"Removes jsessionid, phpsessid, sid, aspsessionidXXXXXXXX and CFID/CFTOKEN pairs from the query (URLRegexTransformer.stripQuerySessionID).",
		querySessionID)

	StepTrailingSlash = step("trailing-slash",
		"Removes a trailing \"/\" from a path other than \"/\" (IAURLCanonicalizer.stripTrailingSlashUnlessEmpty).",
		trailingSlash)

	StepSortQuery = step("sort-query",
		"Sorts the \"&\"-separated pairs of the query by key, then value (IAURLCanonicalizer.alphaReorderQuery; StormCrawler's unmangleQueryString sorts too).",
		sortQuery)

	StepEmptyQuery = step("empty-query",
		"Removes an empty query, \"?\" (IA, StormCrawler).",
		emptyQuery)
)

func dropFragment(c *parts) { c.hasFrag, c.fragment = false, "" }

func unescapeAll(c *parts) {
	// Most components hold no "%" and are only looked at.
	if strings.IndexByte(c.host, '%') >= 0 {
		c.host = c.unescapeComponent(c.host, inHost)
	}
	if strings.IndexByte(c.path, '%') >= 0 {
		c.path = c.unescapeComponent(c.path, inPath)
	}
	if strings.IndexByte(c.query, '%') >= 0 {
		c.query = c.unescapeComponent(c.query, inQuery)
	}
	c.decoded = true
}

// unescapeComponent decodes s, component in, and marks the component
// no longer clean when that changed it.
func (c *parts) unescapeComponent(s string, in int) string {
	if d := unescapeRepeatedly(s); d != s {
		c.clean &^= 1 << in
		return d
	}
	return s
}

func hostDots(c *parts) {
	if h := c.host; h == "" || h[0] != '.' && h[len(h)-1] != '.' && !ascii.ContainsPair(h, '.', '.') {
		return
	}
	h := strings.Trim(c.host, ".")
	for strings.Contains(h, "..") {
		h = strings.ReplaceAll(h, "..", ".")
	}
	c.host = h
}

func hostIPv4(c *parts) {
	if v, ok := numhost.Google(c.host); ok {
		c.host = numhost.Addr(v).String()
	}
}

func hostLower(c *parts) { c.host = lower(c.host) }

func schemeLower(c *parts) { c.scheme = lower(c.scheme) }

func hostIDNA(c *parts) {
	if ascii.Valid(c.host) || !utf8.ValidString(c.host) {
		return
	}
	if a, err := idna.ToASCII(c.host, idna.Options{}); err == nil && a != "" {
		c.host = a
		// What UTS #46 maps can leave a host that host-dots and host-ipv4
		// rewrite ("\u00ad0", a soft hyphen and "0", gives "0"): rewritten
		// now, or the output would change when canonicalized again.
		hostDots(c)
		hostIPv4(c)
	}
}

func dotSegments(c *parts) {
	// A dot-segment is a "." or ".." segment, which a path only has when
	// it begins with "." or holds "/.": most paths are read once, quickly.
	if strings.HasPrefix(c.path, ".") || ascii.ContainsPair(c.path, '/', '.') {
		c.path = uri.RemoveDotSegments(c.path)
	}
}

func collapseSlashes(c *parts) {
	for ascii.ContainsPair(c.path, '/', '/') {
		c.path = strings.ReplaceAll(c.path, "//", "/")
	}
}

func emptyPath(c *parts) {
	if c.path == "" {
		c.path = "/"
	}
}

func emptyPort(c *parts) {
	if c.hasPort && c.port == "" {
		c.hasPort = false
	}
}

func defaultPort(c *parts) {
	if c.hasPort && (c.port == "" || c.port == defaultPortOf(c.scheme)) {
		c.hasPort, c.port = false, ""
	}
}

// defaultPortOf returns the port IAURLCanonicalizer.getDefaultPort knows
// for a scheme, in any case: "80" for http, "443" for https, "" for any
// other.
func defaultPortOf(scheme string) string {
	switch {
	case ascii.EqualLower(scheme, "http"):
		return "80"
	case ascii.EqualLower(scheme, "https"):
		return "443"
	}
	return ""
}

func lowerAll(c *parts) {
	c.host = c.asciiLower(c.host)
	lowerPathQuery(c)
}

func lowerHostPath(c *parts) {
	c.host = c.asciiLower(c.host)
	lowerPath(c)
}

// lowerPathQuery is lowerAll where the host is lower case already.
func lowerPathQuery(c *parts) {
	// Lowering now, not only once written, lets the query be sorted
	// as it will read.
	c.path, c.query = c.asciiLower(c.path), c.asciiLower(c.query)
	c.lower = 1<<inHost | 1<<inPath | 1<<inQuery
}

// lowerPath is lowerHostPath where the host is lower case already.
func lowerPath(c *parts) {
	c.path = c.asciiLower(c.path)
	c.lower = 1<<inHost | 1<<inPath
}

func stripUserinfo(c *parts) { c.hasUser, c.userinfo = false, "" }

func stripWWWAll(c *parts) {
	if !strings.HasPrefix(c.host, "www") {
		return
	}
	for {
		h := stripWWW(c.host)
		if h == c.host {
			return
		}
		c.host = h
	}
}

func pathSessionID(c *parts) {
	for {
		p := stripPathSessionID(c.path)
		if p == c.path {
			return
		}
		c.path = p
	}
}

func querySessionID(c *parts) {
	if c.hasQuery {
		c.query = stripQuerySessionID(c.query)
	}
}

func trailingSlash(c *parts) {
	for len(c.path) > 1 && strings.HasSuffix(c.path, "/") {
		c.path = c.path[:len(c.path)-1]
	}
}

func sortQuery(c *parts) {
	if c.hasQuery {
		c.query = c.alphaReorderQuery(c.query)
	}
}

func emptyQuery(c *parts) {
	if c.hasQuery && c.query == "" {
		c.hasQuery = false
	}
}

var googleSteps = []Step{StepDropFragment, StepUnescape, StepHostLower, StepHostDots, StepHostIPv4, StepHostIDNA,
	StepDotSegments, StepCollapseSlashes, StepEmptyPath, StepEmptyPort}

// The profiles.
var (
	// RFC3986 is the normal form of RFC 3986 section 6.2.2 and 6.2.3, what
	// uri.URI.Normalize returns.
	RFC3986 = Profile{Name: "rfc3986", Doc: "RFC 3986 sections 6.2.2 and 6.2.3 (uri.Normalize)", rfc: true}

	// Google is Google Safe Browsing's canonical form (the Safe Browsing
	// API's "Canonicalization"), as internetarchive/surt's
	// GoogleURLCanonicalizer and webarchive-commons' BasicURLCanonicalizer
	// implement it. It reads a line as they do (see Canonicalize). Where
	// its references disagree, it follows:
	//   - BasicURLCanonicalizer in keeping the scheme as written ("Http://"),
	//     where surt's parser lowers it;
	//   - surt and the Safe Browsing API in reading a host as inet_aton does
	//     ("10.0.258" is 10.0.1.2), where BasicURLCanonicalizer reads only
	//     four-part decimal and octal forms and a single number;
	//   - surt and BasicURLCanonicalizer in keeping a port, where the Safe
	//     Browsing API's examples drop it ("http://www.gotaport.com:1234/");
	//   - none of them in percent-encoding, in its output, every byte RFC
	//     3986 does not allow where it stands ("^" in a path is "%5E"), so
	//     that the output is a URI.
	Google = Profile{Name: "google", Doc: "Google Safe Browsing's canonical form (surt's GoogleURLCanonicalizer, webarchive-commons' BasicURLCanonicalizer)",
		Steps: googleSteps, lenient: true}

	// IA is the Internet Archive's canonicalization, the surt package's
	// DefaultIAURLCanonicalizer and webarchive-commons'
	// AggressiveIAURLCanonicalizer: Google's steps, then
	// IAURLCanonicalizer's. It reads a line as Google does. Where surt and
	// webarchive-commons disagree it follows surt, whose lowering of the
	// scheme both share here. KeepQueryCase gives surt's query_lowercase
	// option turned off.
	IA = Profile{Name: "ia", Doc: "Internet Archive / Heritrix (surt's DefaultIAURLCanonicalizer, webarchive-commons' AggressiveIAURLCanonicalizer)", Steps: append(slices.Clip(googleSteps),
		StepSchemeLower, StepPathSessionID, StepCollapseSlashes, StepLowerAll, StepStripUserinfo, StepStripWWW,
		// Stripping "www" can leave a host that reads as IPv4 ("www.017").
		StepHostIPv4, StepDefaultPort,
		StepQuerySessionID, StepTrailingSlash, StepSortQuery,
		// Sorting can bring a CFID pair next to its CFTOKEN: strip and sort
		// once more, so that the profile is idempotent.
		StepQuerySessionID, StepSortQuery, StepEmptyQuery), lenient: true}

	// Ordinary is webarchive-commons' OrdinaryIAURLCanonicalizer: Google's
	// steps, then IAURLCanonicalizer with its ordinary rules: lower-case
	// scheme and host, default port removed, empty query removed. Path and
	// query keep their case and order, "www" stays. It reads a line as
	// Google does.
	Ordinary = Profile{Name: "ordinary", Doc: "webarchive-commons' OrdinaryIAURLCanonicalizer", Steps: append(slices.Clip(googleSteps),
		StepSchemeLower, StepDefaultPort, StepEmptyQuery), lenient: true}

	// Nutch is Apache Nutch's BasicURLNormalizer as we read it: lower-case
	// scheme and host, IDNA host, default port removed, fragment removed,
	// dot-segments removed, empty path "/". Percent-encodings are those of
	// RFC 3986's normal form. No vectors of Nutch's own tests are ported.
	Nutch = Profile{Name: "nutch", Doc: "Apache Nutch's BasicURLNormalizer", Steps: []Step{
		StepDropFragment, StepSchemeLower, StepHostLower, StepDefaultPort, StepDotSegments, StepEmptyPath}}

	// StormCrawler is StormCrawler's BasicURLNormalizer with its defaults
	// as we read them: fragment removed, host lower-cased, query pairs
	// sorted, empty query removed. No vectors of its own tests are ported.
	StormCrawler = Profile{Name: "stormcrawler", Doc: "StormCrawler's BasicURLNormalizer", Steps: []Step{
		StepDropFragment, StepSchemeLower, StepHostLower, StepDotSegments, StepEmptyPath, StepSortQuery, StepEmptyQuery}}
)

// runIA runs the steps of IA in their order as direct calls, which the
// compiler inlines where they are small: AppendKeys and AppendSURT run it,
// and their tests hold it to IA.AppendCanonicalURI, which runs IA.Steps.
// SURTOptions' KeepWWW and KeepQueryCase turn off the steps they name.
func runIA(c *parts, o SURTOptions) {
	dropFragment(c)
	unescapeAll(c)
	hostLower(c)
	hostDots(c)
	hostIPv4(c)
	hostIDNA(c)
	dotSegments(c)
	collapseSlashes(c)
	emptyPath(c)
	emptyPort(c)
	schemeLower(c)
	// The slashes were collapsed: again only when a session id went.
	p := c.path
	pathSessionID(c)
	if c.path != p {
		collapseSlashes(c)
	}
	// hostLower lowered the host, and the host steps since write no
	// upper case.
	if o.KeepQueryCase {
		lowerPath(c)
	} else {
		lowerPathQuery(c)
	}
	stripUserinfo(c)
	if !o.KeepWWW {
		stripWWWAll(c)
	}
	hostIPv4(c)
	defaultPort(c)
	q := c.query
	querySessionID(c)
	trailingSlash(c)
	sortQuery(c)
	// The second pass finds what the first left unless it changed the
	// query: it is for a CFID that sorting brought before its CFTOKEN.
	if c.query != q {
		querySessionID(c)
		sortQuery(c)
	}
	emptyQuery(c)
}

// Profiles lists the profiles by name.
var Profiles = []Profile{RFC3986, Google, IA, Ordinary, Nutch, StormCrawler}

// DefaultProfile is the profile uri canon uses when none is named.
var DefaultProfile = IA

// KeepQueryCase returns p with its lower-all step, if it has one, replaced
// by lower-host-path: the query keeps its case, as surt's IAURLCanonicalizer
// does with query_lowercase=False.
func (p Profile) KeepQueryCase() Profile {
	steps := slices.Clone(p.Steps)
	for i, st := range steps {
		if st.Name == StepLowerAll.Name {
			steps[i] = StepLowerHostPath
		}
	}
	p.Steps = steps
	return p
}

// ProfileNames returns the names of Profiles, in their order.
func ProfileNames() []string {
	names := make([]string, len(Profiles))
	for i, p := range Profiles {
		names[i] = p.Name
	}
	return names
}

// ProfileByName returns the profile of that name from Profiles.
func ProfileByName(name string) (Profile, bool) {
	for _, p := range Profiles {
		if p.Name == name {
			return p, true
		}
	}
	return Profile{}, false
}

// asciiLower lower-cases ASCII letters only: the IA lowers an encoded URL,
// where every other byte is a percent-encoding.
func (c *parts) asciiLower(s string) string {
	for i := ascii.FirstUpper(s); i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			start := len(c.scratch)
			c.scratch = append(c.scratch, s...)
			ascii.Lower(c.scratch[start+i:])
			return c.own(start)
		}
	}
	return s
}
