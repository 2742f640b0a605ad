package canon

import (
	"encoding/json"
	"strings"

	"github.com/urilabs/rfc3986/internal/ascii"
	"github.com/urilabs/rfc3986/internal/idna"
	"github.com/urilabs/rfc3986/internal/numhost"
	"github.com/urilabs/rfc3986/internal/pct"
	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/canon/psl"
)

// HostColumns are the host columns of Common Crawl's URL index, as its
// cc-index-table job computes them (class org.commoncrawl.net.HostName):
// an empty string stands for the index's null.
//
// An IPv4 address (in dotted decimal, with or without a trailing dot, or a
// decimal variant such as "1.2.3" or "16909060", which is rewritten to
// dotted decimal as Java's InetAddress does) and a bracketed IPv6 literal
// keep only HostName: an IP address has no labels, suffixes or domains. A name
// is percent-decoded when it holds a "%", converted to ASCII with IDNA
// (transitional processing, as Java's IDN class maps "ß" to "ss"), loses
// one trailing dot, and is split into labels from the right; a name IDNA
// refuses has no columns at all. The suffixes and domains come from the
// Public Suffix List: PrivateSuffix under all its rules, RegistrySuffix
// under those of the ICANN section, each empty when no rule matches, each
// domain its suffix with one more label. Unlike psl.RegistrableDomain, the
// columns apply no implicit "*" rule, as the index does: "example.unknowntld"
// has no suffix and no registered domain, where psl.RegistrableDomain
// answers "example.unknowntld" (psl.List.PrivateDomain gives the columns'
// answer).
type HostColumns struct {
	HostName         string // url_host_name: lower case, ASCII
	TLD              string // url_host_tld: the last label
	Part2            string // url_host_2nd_last_part
	Part3            string // url_host_3rd_last_part
	Part4            string // url_host_4th_last_part
	Part5            string // url_host_5th_last_part
	RegistrySuffix   string // url_host_registry_suffix
	RegisteredDomain string // url_host_registered_domain
	PrivateSuffix    string // url_host_private_suffix
	PrivateDomain    string // url_host_private_domain
	isName           bool
}

// Columns computes the host columns of host, a URI's host as written
// (uri.URI.Host), with the embedded Public Suffix List. It allocates only
// when the host must be rewritten: upper case, a "%", non-ASCII, or an IPv4
// variant.
func Columns(host string) HostColumns { return ColumnsList(psl.Default(), host) }

// ColumnsList is Columns with the list l, such as one read by psl.LoadList.
func ColumnsList(l *psl.List, host string) HostColumns {
	var c HostColumns
	c.set(l, host)
	return c
}

// set sets c to the columns of host, which c must hold none of yet: a
// caller that keeps c elsewhere (in Keys) has it written in place.
func (c *HostColumns) set(l *psl.List, host string) {
	// One look at each byte tells which of the rewrites below can apply,
	// and where the last dots are, from the right: enough of them for the
	// five last labels when a trailing dot goes.
	var (
		seen uint8
		dots [6]int
		nd   int
	)
	for i := len(host) - 1; i >= 0; i-- {
		c := host[i]
		seen |= hostClass[c]
		if c == '.' && nd < len(dots) {
			dots[nd] = i
			nd++
		}
	}
	if seen&classUpper != 0 {
		host = strings.ToLower(host)
	}
	if seen&classNotIPv4 == 0 {
		if numhost.Java(host) {
			c.HostName = host
			return
		}
		// An address with the trailing dot of a name is an address
		// still: cc-index-table's HostName removes the dot and then reads
		// the address, which has no labels.
		if h, ok := strings.CutSuffix(host, "."); ok && numhost.Java(h) {
			c.HostName = h
			return
		}
		if v, ok := numhost.JavaVariant(host); ok {
			c.HostName = numhost.Addr(v).String()
			return
		}
	}
	if len(host) > 2 && host[0] == '[' && host[len(host)-1] == ']' && ipv6Lazy(host[1:len(host)-1]) {
		c.HostName = host
		return
	}
	if seen&classPercent != 0 {
		host = formDecode(host)
	}
	if seen&(classPercent|classNonASCII) != 0 && !ascii.Valid(host) {
		a, err := idna.ToASCII(host, idna.Options{Transitional: true})
		if err != nil {
			return
		}
		host = a
	}
	if seen&(classPercent|classNonASCII) != 0 {
		// Decoded or converted: the dots are elsewhere now. (Lowering
		// ASCII moves none.)
		nd = 0
		for i := len(host) - 1; i >= 0 && nd < len(dots); i-- {
			if host[i] == '.' {
				dots[nd] = i
				nd++
			}
		}
	}
	k := 0 // the dot that ends the next label
	if host != "" && host[len(host)-1] == '.' {
		host, k = host[:len(host)-1], 1
	}
	c.HostName, c.isName = host, true
	// The last five labels, from the right.
	var parts [5]string
	end := len(host)
	for i := range parts {
		if k == nd {
			parts[i] = host[:end]
			break
		}
		parts[i], end = host[dots[k]+1:end], dots[k]
		k++
	}
	c.TLD, c.Part2, c.Part3, c.Part4, c.Part5 = parts[0], parts[1], parts[2], parts[3], parts[4]
	icann, icannDomain, private, privateDomain := l.Suffixes(host)
	if private == "" {
		return
	}
	c.PrivateSuffix, c.PrivateDomain = private, privateDomain
	if strings.IndexByte(private, '.') < 0 {
		c.RegistrySuffix, c.RegisteredDomain = private, privateDomain
		return
	}
	c.RegistrySuffix = icann
	if icann == private {
		c.RegisteredDomain = privateDomain
	} else if icann != "" {
		c.RegisteredDomain = icannDomain
	}
}

// The classes of a host's bytes that ColumnsList looks for.
const (
	classUpper    = 1 << iota // 'A' to 'Z': lowered
	classNotIPv4              // neither a digit nor a dot: no IPv4 address
	classPercent              // '%': decoded
	classNonASCII             // converted with IDNA
)

var hostClass = func() (t [256]uint8) {
	for b := 0; b < 256; b++ {
		if !isDigit(byte(b)) && b != '.' {
			t[b] = classNotIPv4
		}
		switch {
		case 'A' <= b && b <= 'Z':
			t[b] |= classUpper
		case b == '%':
			t[b] |= classPercent
		case b >= 0x80:
			t[b] |= classNonASCII
		}
	}
	return t
}()

// LineColumns returns the host columns of a line of a crawl's URL list,
// read as Common Crawl's index reads the URL of a WARC record
// (cc-index-table's WarcUri): leniently, whatever bytes the host holds
// (spaces, DEL, raw Unicode, which Columns then converts or refuses), and
// by record type:
//   - http, https, ftp and file URLs have the host between "//" and the
//     next "/", "?" or "#", without userinfo and port; an http or https URL
//     with no host there has its slashes after the scheme made two
//     ("http:/a", "https:////a"); a port that is not all digits leaves the
//     URL no host, as java.net.URL refuses it;
//   - "dns:" records have the name after "dns:" as host;
//   - "whois:" records have the name they ask about: the path without its
//     leading slashes ("whois://whois.iana.org/example.com" is
//     "example.com"), or what follows "whois:";
//   - any other scheme ("metadata://", "filedesc://") has a host only when
//     its authority is a host name, an IPv4 address or a bracketed IPv6
//     address as RFC 2396 has them ("filedesc://a_b.arc.gz" has none).
//
// A line without a scheme is an error, with no columns.
func LineColumns(s string) (HostColumns, error) {
	host, ok, err := lineHost(s)
	if err != nil || !ok {
		return HostColumns{}, err
	}
	return Columns(host), nil
}

// lineHost returns the host LineColumns reads in s, and false when the
// record has none.
func lineHost(s string) (string, bool, error) {
	n := schemeLen(s)
	if n == 0 {
		return "", false, &uri.Error{Op: "canon.columns", Input: s, Offset: 0, Err: uri.ErrMissingScheme}
	}
	scheme, rest := s[:n], s[n+1:]
	switch {
	case ascii.EqualLower(scheme, "dns"):
		return rest, true, nil
	case ascii.EqualLower(scheme, "whois"):
		if r, ok := strings.CutPrefix(rest, "//"); ok {
			if i := strings.IndexByte(r, '/'); i >= 0 {
				rest = r[i:]
			} else {
				rest = ""
			}
		}
		if i := strings.IndexAny(rest, "?#"); i >= 0 {
			rest = rest[:i]
		}
		return strings.TrimLeft(rest, "/"), true, nil
	case ascii.EqualLower(scheme, "http"), ascii.EqualLower(scheme, "https"):
		if h, ok := urlHost(rest); h != "" || !ok {
			return h, ok, nil
		}
		h, ok := urlHost(normalizeHTTPSlashes(rest))
		return h, ok, nil
	case ascii.EqualLower(scheme, "ftp"), ascii.EqualLower(scheme, "file"):
		h, ok := urlHost(rest)
		return h, ok, nil
	}
	h, ok := urlHost(rest)
	if !ok || !rfc2396Host(h) {
		return "", false, nil
	}
	return h, true, nil
}

// normalizeHTTPSlashes makes the slashes at the start of rest, what
// follows "http:", two, as WarcUri.normalizeMalformedHttpSlashes does.
func normalizeHTTPSlashes(rest string) string {
	i := 0
	for i < len(rest) && rest[i] == '/' {
		i++
	}
	if i == 2 {
		return rest
	}
	return "//" + rest[i:]
}

// urlHost returns the host of rest, what follows a scheme's ":", as
// java.net.URL reads it: between "//" and the next "/", "?" or "#",
// after the last "@", before a ":" and port; a bracketed IPv6 address
// with its brackets. It is "" when rest does not begin with "//", and
// false when the port is not all digits, which java.net.URL refuses.
func urlHost(rest string) (string, bool) {
	r, ok := strings.CutPrefix(rest, "//")
	if !ok {
		return "", true
	}
	if i := strings.IndexAny(r, "/?#"); i >= 0 {
		r = r[:i]
	}
	if i := strings.LastIndexByte(r, '@'); i >= 0 {
		r = r[i+1:]
	}
	host, port, hasPort := r, "", false
	if strings.HasPrefix(r, "[") {
		if i := strings.IndexByte(r, ']'); i >= 0 {
			host, port = r[:i+1], r[i+1:]
			port, hasPort = strings.CutPrefix(port, ":")
		}
	} else if i := strings.IndexByte(r, ':'); i >= 0 {
		host, port, hasPort = r[:i], r[i+1:], true
	}
	if hasPort {
		for i := 0; i < len(port); i++ {
			if !isDigit(port[i]) {
				return "", false
			}
		}
	}
	return host, true
}

// rfc2396Host reports whether h is a hostname, an IPv4 address or a
// bracketed IPv6 address as RFC 2396 (section 3.2.2) and java.net.URI's
// server-based authority have them: labels of letters, digits and inner
// hyphens, the last beginning with a letter, one trailing dot allowed.
func rfc2396Host(h string) bool {
	if len(h) > 2 && h[0] == '[' && h[len(h)-1] == ']' {
		return ipv6Lazy(h[1 : len(h)-1])
	}
	if numhost.Java(h) {
		return true
	}
	h = strings.TrimSuffix(h, ".")
	if h == "" {
		return false
	}
	last := ""
	for label := range strings.SplitSeq(h, ".") {
		if label == "" || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			if c := label[i]; !(isAlpha(c) || isDigit(c) || c == '-') {
				return false
			}
		}
		last = label
	}
	return isAlpha(last[0])
}

// AppendNameReversed appends url_host_name_reversed, the labels of the host
// name in reverse order joined by dots ("com.example.www"); nothing for an
// IP address or a name IDNA refused.
func (c HostColumns) AppendNameReversed(dst []byte) []byte {
	if !c.isName {
		return dst
	}
	return appendLabelsReversed(dst, c.HostName, '.')
}

// appendLabelsReversed appends the labels of h from the last to the
// first, sep between them. Hosts are short: a loop over the bytes does it
// with less than a search for each dot.
func appendLabelsReversed[T string | []byte](dst []byte, h T, sep byte) []byte {
	end := len(h)
	for i := len(h) - 1; i >= 0; i-- {
		if h[i] == '.' {
			dst = append(dst, h[i+1:end]...)
			dst = append(dst, sep)
			end = i
		}
	}
	return append(dst, h[:end]...)
}

// NameReversed returns what AppendNameReversed appends.
func (c HostColumns) NameReversed() string {
	return string(c.AppendNameReversed(make([]byte, 0, len(c.HostName))))
}

// IsName reports whether the host is a name (not an IP address) that IDNA
// accepted: the hosts that have labels and suffixes.
func (c HostColumns) IsName() bool { return c.isName }

func lower(s string) string {
	if ascii.FirstUpper(s) < len(s) {
		return strings.ToLower(s)
	}
	return s
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// ipv6Lazy matches the inside of HostName's IPV6_ADDRESS_PATTERN,
// [0-9a-fA-F:]+, which does not validate.
func ipv6Lazy(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' || c == ':') {
			return false
		}
	}
	return s != ""
}

// formDecode decodes s as Java's URLDecoder does: "+" is a space and "%XX"
// a byte. An invalid escape leaves s as it is, as HostName keeps the name
// when URLDecoder throws.
func formDecode(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '+':
			b = append(b, ' ')
		case '%':
			d, ok := pct.Triplet(s, i)
			if !ok {
				return s
			}
			b = append(b, d)
			i += 2
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// ColumnNames are the columns of AppendColumnsRow: the input line, the host
// columns of Common Crawl's URL index in its order, and the error.
var ColumnNames = []string{"url", "url_host_name", "url_host_tld", "url_host_2nd_last_part",
	"url_host_3rd_last_part", "url_host_4th_last_part", "url_host_5th_last_part",
	"url_host_registry_suffix", "url_host_registered_domain", "url_host_private_suffix",
	"url_host_private_domain", "url_host_name_reversed", "error"}

// AppendColumnsRow appends the row of ColumnNames for one input line: the
// line, c's columns and err's message, without a final newline. As TSV,
// a null is written \N and a tab, newline or backslash in a value \t, \n,
// \\, as Hive's text format has them; as JSON, an object with the column
// names as keys and null for a null. Host columns are null when empty
// (url_host_name also when the host is not a name that IDNA accepted and no
// IP address), the error is null when err is nil.
func AppendColumnsRow(dst []byte, line string, c HostColumns, err error, asJSON bool) []byte {
	vals := [...]string{line, c.HostName, c.TLD, c.Part2, c.Part3, c.Part4, c.Part5,
		c.RegistrySuffix, c.RegisteredDomain, c.PrivateSuffix, c.PrivateDomain, "", ""}
	null := [len(vals)]bool{}
	for i := 1; i < len(vals)-2; i++ {
		null[i] = vals[i] == "" && !(i == 1 && c.IsName())
	}
	if c.IsName() {
		vals[11] = c.NameReversed()
	} else {
		null[11] = true
	}
	if err != nil {
		vals[12] = err.Error()
	} else {
		null[12] = true
	}
	if asJSON {
		dst = append(dst, '{')
		for i, v := range vals {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, '"')
			dst = append(dst, ColumnNames[i]...)
			dst = append(dst, "\":"...)
			if null[i] {
				dst = append(dst, "null"...)
				continue
			}
			b, _ := json.Marshal(v)
			dst = append(dst, b...)
		}
		return append(dst, '}')
	}
	for i, v := range vals {
		if i > 0 {
			dst = append(dst, '\t')
		}
		if null[i] {
			dst = append(dst, `\N`...)
			continue
		}
		// A tab or newline in a value would shift the columns: escape them
		// as Hive's text format does.
		for j := 0; j < len(v); j++ {
			switch v[j] {
			case '\t':
				dst = append(dst, `\t`...)
			case '\n':
				dst = append(dst, `\n`...)
			case '\\':
				dst = append(dst, `\\`...)
			default:
				dst = append(dst, v[j])
			}
		}
	}
	return dst
}
