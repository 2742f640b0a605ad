package canon

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/urilabs/rfc3986/internal/pct"
	"github.com/urilabs/rfc3986/uri"
)

// SURTOptions are the options of internetarchive/surt's surt function.
type SURTOptions struct {
	WithScheme    bool // "http://(com,example)/" rather than "com,example)/"
	TrailingComma bool // "com,example,)/"
	KeepWWW       bool // host_massage=False: keep a leading "www" label
}

// SURT returns the Sort-friendly URI Reordering Transform key of a URL as
// internetarchive/surt writes it by default (the keys of Wayback's CDX
// indexes): canonicalized as its DefaultIAURLCanonicalizer does (see
// AppendIACanonical), the host's labels reversed and joined by commas and
// closed by ")", then the path and the sorted query. Records that are no
// URL ("filedesc:", "warcinfo:", "whois:", or any URL without a host) come
// back as they are; the empty string gives "-".
func SURT(s string, o SURTOptions) string {
	return string(AppendSURT(nil, s, o))
}

// AppendSURT appends SURT(s, o) to dst.
func AppendSURT(dst []byte, s string, o SURTOptions) []byte {
	if dst, ok := appendSURTRecord(dst, s, o); ok {
		return dst
	}
	u, err := uri.Parse(s)
	if err != nil || !u.HasAuthority() || u.Host() == "" {
		return append(dst, s...)
	}
	c := getParts(u)
	defer partsPool.Put(c)
	runIA(c, o.KeepWWW)
	return c.appendSURT(dst, o)
}

// appendSURTRecord appends the SURT key of the records that are no URL
// to canonicalize, and reports whether s was one.
func appendSURTRecord(dst []byte, s string, o SURTOptions) ([]byte, bool) {
	if s == "" {
		return append(dst, '-'), true
	}
	if strings.HasPrefix(s, "filedesc") || strings.HasPrefix(s, "warcinfo") || strings.HasPrefix(s, "whois:") {
		return append(dst, s...), true
	}
	if rest, ok := strings.CutPrefix(s, "dns:"); ok {
		dst = appendReversedHost(dst, strings.ToLower(rest), o.TrailingComma)
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
		dst = appendReversedHost(dst, c.host, o.TrailingComma)
	} else if dst = c.appendComponent(dst, c.host, inHost, iaEncode); string(dst[hostStart:]) == c.host {
		// Written as it was: reversed from c.host, which is not in dst.
		dst = appendReversedHost(dst[:hostStart], c.host, o.TrailingComma)
	} else {
		// Reversed from a copy, kept on the stack when short.
		var hb [128]byte
		host := append(hb[:0], dst[hostStart:]...)
		dst = appendReversedHost(dst[:hostStart], host, o.TrailingComma)
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

// appendReversedHost writes "org,archive,www" for "www.archive.org", and
// a comma after it when trailingComma.
func appendReversedHost[T string | []byte](dst []byte, h T, trailingComma bool) []byte {
	dst = appendLabelsReversed(dst, h, ',')
	if trailingComma {
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
		case (asciiFoldEqual(lk, "jsessionid") || asciiFoldEqual(lk, "phpsessid")) && len(v) == 32 && alnumRun(v) == 32:
			drop = true
		case asciiFoldEqual(lk, "sid") && len(v) == 32 && alnumRun(v) == 32:
			drop = true
		case len(lk) == 20 && asciiFoldEqual(lk[:12], "aspsessionid") && len(v) == 24 && alnumRun(v) == 24:
			drop = true
		case asciiFoldEqual(lk, "cfid") && more:
			if t, _, _ := strings.Cut(tail, "&"); len(lowerKey(t)) >= 8 && asciiFoldEqual(lowerKey(t)[:8], "cftoken=") {
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
// compares it with asciiFoldEqual: an ASCII key is matched as it is, without
// a copy; only a key with other bytes is lowered, under the Unicode rules
// (the Kelvin sign lowers to "k") that the matching keeps.
func lowerKey(k string) string {
	for i := 0; i < len(k); i++ {
		if k[i] >= utf8.RuneSelf {
			return strings.ToLower(k)
		}
	}
	return k
}

// asciiFoldEqual reports whether s lowered as ASCII is lower.
func asciiFoldEqual(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}
