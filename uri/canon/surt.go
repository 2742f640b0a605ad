package canon

import (
	"slices"
	"strings"

	"github.com/urilabs/rfc3986/internal/ascii"
	"github.com/urilabs/rfc3986/internal/numhost"
	"github.com/urilabs/rfc3986/internal/pct"
)

// SURTOptions are the options of internetarchive/surt's surt function,
// and the one place where webarchive-commons' WaybackURLKeyMaker, which
// writes the same keys, differs from it. The zero value is surt's
// defaults.
type SURTOptions struct {
	WithScheme    bool // with_scheme: "http://(com,example)/" rather than "com,example)/"
	TrailingComma bool // trailing_comma: "com,example,)/"
	KeepWWW       bool // host_massage=False: keep a leading "www" label
	// KeepIPAddress is reverse_ipaddr=False: a host of four dot-separated
	// groups of one to three digits is written as it is ("192.168.1.254)/"),
	// where surt reverses it as any host ("254,1,168,192)/").
	KeepIPAddress bool
	// KeepQueryCase is query_lowercase=False: the query keeps its case
	// (the path is lowered still).
	KeepQueryCase bool
	// ReverseDNS writes a "dns:" record as the key of its host ("dns:a.org"
	// is "org,a)"), as WaybackURLKeyMaker does; surt keeps the record as it
	// is ("dns:a.org").
	ReverseDNS bool
}

// SURT returns the Sort-friendly URI Reordering Transform key of a URL as
// internetarchive/surt (0.3.1) writes it by default, the keys of Wayback's
// CDX indexes. The line is read as surt's handyurl.parse reads it (see
// Profile.Canonicalize: trimmed, without tabs and line breaks, a line
// without a scheme as "http://" and the line) and canonicalized as its
// DefaultIAURLCanonicalizer does (the ia profile); then the host's labels
// are reversed and joined by commas, without the brackets of an IPv6
// address, the port follows, ")" closes the host, and the path and the
// sorted query follow, each byte below "!" or above "~", "#" and "%"
// percent-encoded in lower case. The empty string gives "-"; a "filedesc"
// record, and a line without an authority once read ("dns:a.org",
// "warcinfo:a.warc.gz", "mailto:a@b"), come back as they were read. A
// line whose port is not all digits, which surt refuses, comes back as it
// is; SURTError tells it apart.
func SURT(s string, o SURTOptions) string {
	return string(AppendSURT(nil, s, o))
}

// AppendSURT appends SURT(s, o) to dst.
func AppendSURT(dst []byte, s string, o SURTOptions) []byte {
	c := partsPool.Get().(*parts)
	defer partsPool.Put(c)
	dst, _ = appendSURTLine(c, dst, s, o)
	return dst
}

// SURTError returns the error of a line that SURT writes back as it is
// because surt refuses it: a port that is not all digits. It is nil for
// every other line.
func SURTError(s string) error {
	c := partsPool.Get().(*parts)
	defer partsPool.Put(c)
	if _, ok := surtRecord(nil, s, SURTOptions{}); ok {
		return nil
	}
	_, _, err := c.readLine(s, "SURT")
	return err
}

// appendSURTLine appends the SURT key of the line s, with c as the step
// state, and the error of a line written back because it is refused.
func appendSURTLine(c *parts, dst []byte, s string, o SURTOptions) ([]byte, error) {
	if d, ok := surtRecord(dst, s, o); ok {
		return d, nil
	}
	line, ok, err := c.readLine(s, "SURT")
	if err != nil {
		return append(dst, s...), err
	}
	if !ok {
		return append(dst, line...), nil
	}
	runIA(c, o)
	return c.appendSURT(dst, o), nil
}

// surtRecord appends the SURT key of the records that are no URL to
// canonicalize, and reports whether s was one.
func surtRecord(dst []byte, s string, o SURTOptions) ([]byte, bool) {
	if s == "" {
		return append(dst, '-'), true
	}
	if strings.HasPrefix(s, "filedesc") {
		return append(dst, s...), true
	}
	if rest, ok := strings.CutPrefix(s, "dns:"); ok && o.ReverseDNS {
		dst = appendHostSURT(dst, rest, o)
		return append(dst, ')'), true
	}
	return dst, false
}

// appendSURT writes the SURT key of a URL the IA steps have run on.
func (c *parts) appendSURT(dst []byte, o SURTOptions) []byte {
	if o.WithScheme {
		dst = append(dst, c.scheme...)
		dst = append(dst, "://("...)
	}
	// The host is reversed as written, encodings included.
	hostStart := len(dst)
	if c.decoded && c.clean&(1<<inHost) != 0 {
		// appendComponent would write it as it is.
		dst = appendHostSURT(dst, c.host, o)
	} else if dst = c.appendComponent(dst, c.host, inHost, iaEncode); string(dst[hostStart:]) == c.host {
		// Written as it was: reversed from c.host, which is not in dst.
		dst = appendHostSURT(dst[:hostStart], c.host, o)
	} else {
		// Reversed from a copy, kept on the stack when short.
		var hb [128]byte
		host := append(hb[:0], dst[hostStart:]...)
		dst = appendHostSURT(dst[:hostStart], host, o)
	}
	if c.hasPort {
		dst = append(dst, ':')
		dst = append(dst, c.port...)
	}
	dst = append(dst, ')')
	dst = c.appendComponent(dst, c.path, inPath, iaEncode)
	if c.hasQuery {
		dst = append(dst, '?')
		dst = c.appendComponent(dst, c.query, inQuery, iaEncode)
	}
	return dst
}

// appendHostSURT writes the host part of a SURT key as surt's hostToSURT
// does: the labels reversed ("org,archive,www" for "www.archive.org"), an
// IPv6 address without its brackets, a dotted IPv4 address as written
// with KeepIPAddress, and a comma after it with TrailingComma.
func appendHostSURT[T string | []byte](dst []byte, h T, o SURTOptions) []byte {
	switch {
	case len(h) > 2 && h[0] == '[' && h[len(h)-1] == ']':
		dst = append(dst, h[1:len(h)-1]...)
	case o.KeepIPAddress && numhost.Quad(h):
		dst = append(dst, h...)
	default:
		dst = appendLabelsReversed(dst, h, ',')
	}
	if o.TrailingComma {
		dst = append(dst, ',')
	}
	return dst
}

// stripWWW removes a first label "www" or "www" and digits, as
// IAURLCanonicalizer.massageHost does.
func stripWWW(h string) string {
	if !strings.HasPrefix(h, "www") {
		return h
	}
	i := 3
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	if i < len(h) && h[i] == '.' {
		return h[i+1:]
	}
	return h
}

// unescapeRepeatedly decodes percent-encodings until none is left to
// decode, as GoogleURLCanonicalizer.unescapeRepeatedly does: "%" not
// followed by two hexadecimal digits stays.
func unescapeRepeatedly(s string) string {
	for strings.IndexByte(s, '%') >= 0 {
		t := pct.Decoded(s)
		if t == s {
			break
		}
		s = t
	}
	return s
}

// alphaReorderQuery sorts the "&"-separated pairs of a query, as
// IAURLCanonicalizer.alphaReorderQuery does (by key, then value).
func alphaReorderQuery(q string) string {
	var c parts
	return strings.Clone(c.alphaReorderQuery(q))
}

// alphaReorderQuery is the function alphaReorderQuery, writing into the
// scratch buffer; the pairs are sorted on the stack when there are few.
func (c *parts) alphaReorderQuery(q string) string {
	if q == "" || strings.IndexByte(q, '&') < 0 {
		return q
	}
	var stack [32]string
	pairs := stack[:0]
	for p := range strings.SplitSeq(q, "&") {
		pairs = append(pairs, p)
	}
	byKeyValue := func(a, b string) int {
		ak, av, _ := strings.Cut(a, "=")
		bk, bv, _ := strings.Cut(b, "=")
		if c := strings.Compare(ak, bk); c != 0 {
			return c
		}
		return strings.Compare(av, bv)
	}
	// A query in order, as the IA's second sort always finds it, stays
	// where it is.
	if slices.IsSortedFunc(pairs, byKeyValue) {
		return q
	}
	slices.SortStableFunc(pairs, byKeyValue)
	start := len(c.scratch)
	for i, p := range pairs {
		if i > 0 {
			c.scratch = append(c.scratch, '&')
		}
		c.scratch = append(c.scratch, p...)
	}
	return c.own(start)
}

// stripPathSessionID removes the ASP.NET session ids of a path,
// "/(S(...))/" and "/(...)/", as URLRegexTransformer.stripPathSessionID does.
func stripPathSessionID(p string) string {
	if !strings.HasPrefix(p, "/(") {
		return p
	}
	end := strings.Index(p, ")/")
	if end < 0 {
		return p
	}
	inner := p[2:end]
	// The inner part is an id of 24 alphanumerics, or letters followed by
	// such an id in parentheses, repeated.
	for inner != "" {
		if n := alnumRun(inner); n == 24 && (len(inner) == 24 || inner[24] == ')') {
			inner = strings.TrimPrefix(inner[24:], ")")
			continue
		}
		i := 0
		for i < len(inner) && ('a' <= inner[i] && inner[i] <= 'z' || 'A' <= inner[i] && inner[i] <= 'Z') {
			i++
		}
		if i == 0 || i >= len(inner) || inner[i] != '(' {
			return p
		}
		inner = inner[i+1:]
	}
	return p[end+1:]
}

func alnumRun(s string) int {
	i := 0
	for i < len(s) && (isDigit(s[i]) || 'a' <= s[i] && s[i] <= 'z' || 'A' <= s[i] && s[i] <= 'Z') {
		i++
	}
	return i
}

// stripQuerySessionID removes the session-id pairs that
// URLRegexTransformer.stripQuerySessionID removes: jsessionid, phpsessid
// and sid with 32 alphanumerics, aspsessionidXXXXXXXX with 24 letters, and
// CFID followed by CFTOKEN. The "&" that ended a removed pair goes with it.
func stripQuerySessionID(q string) string {
	// b is only started at the first dropped pair: most queries have none
	// and come back unchanged, without a copy.
	var b strings.Builder
	rest := q
	changed := false
	for rest != "" {
		pair, tail, more := strings.Cut(rest, "&")
		k, v, _ := strings.Cut(pair, "=")
		lk := lowerKey(k)
		drop := false
		switch {
		case (ascii.EqualLower(lk, "jsessionid") || ascii.EqualLower(lk, "phpsessid")) && len(v) == 32 && alnumRun(v) == 32:
			drop = true
		case ascii.EqualLower(lk, "sid") && len(v) == 32 && alnumRun(v) == 32:
			drop = true
		case len(lk) == 20 && ascii.EqualLower(lk[:12], "aspsessionid") && len(v) == 24 && alnumRun(v) == 24:
			drop = true
		case ascii.EqualLower(lk, "cfid") && more:
			if t, _, _ := strings.Cut(tail, "&"); len(lowerKey(t)) >= 8 && ascii.EqualLower(lowerKey(t)[:8], "cftoken=") {
				drop = true
				_, tail, more = strings.Cut(tail, "&")
			}
		}
		if drop {
			if !changed {
				b.WriteString(q[:len(q)-len(rest)])
			}
			changed = true
		} else if changed {
			b.WriteString(pair)
			if more {
				b.WriteByte('&')
			}
		}
		if !more {
			break
		}
		rest = tail
	}
	if !changed {
		return q
	}
	return b.String()
}

// lowerKey stands for strings.ToLower(k) in the session-id matching, which
// compares it with ascii.EqualLower: an ASCII key is matched as it is, without
// a copy; only a key with other bytes is lowered, under the Unicode rules
// (the Kelvin sign lowers to "k") that the matching keeps.
func lowerKey(k string) string {
	if !ascii.Valid(k) {
		return strings.ToLower(k)
	}
	return k
}
