package canon

import (
	"bufio"
	"io"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urilabs/rfc3986/internal/numhost"
)

// HeritrixSURT returns the SURT form of a URL as the Heritrix crawler's
// org.archive.util.SURT.fromURI writes it, the form its scope rules compare:
// "scheme://(" then the host's labels reversed, each followed by a comma (a
// dotted-quad IPv4 address stays as it is), then ":port", "@userinfo", ")"
// and the rest of the URL (path, query, fragment) unchanged, all lowercased.
// Unlike SURT, nothing is canonicalized first. A string that is no
// "word://authority..." URL, or that holds white space, comes back as it is.
func HeritrixSURT(s string) string {
	return string(AppendHeritrixSURT(nil, s))
}

// AppendHeritrixSURT appends HeritrixSURT(s) to dst.
func AppendHeritrixSURT(dst []byte, s string) []byte {
	m, ok := splitHeritrix(s)
	if !ok {
		return append(dst, s...)
	}
	start := len(dst)
	dst = append(dst, s[:m.authStart]...) // "scheme://"
	dst = append(dst, '(')
	host := s[m.hostStart:m.hostEnd]
	if numhost.Quad(host) {
		dst = append(dst, host...)
	} else {
		// Heritrix's loop, kept as written: it never looks past the last
		// byte, so a trailing dot stays on the first label ("b.," for "a.b.").
		end := m.hostEnd
		for i := m.hostEnd - 1; i >= m.hostStart; i-- {
			if i > m.hostStart && s[i-1] != '.' {
				continue
			}
			dst = append(dst, s[i:end]...)
			dst = append(dst, ',')
			end = i - 1
		}
	}
	dst = append(dst, s[m.hostEnd:m.portEnd]...)
	if m.userEnd > 0 {
		dst = append(dst, '@')
		dst = append(dst, s[m.userStart:m.userEnd]...)
	}
	dst = append(dst, ')')
	dst = append(dst, s[m.portEnd:]...)
	return appendJavaLower(dst[:start], dst[start:])
}

// heritrixSplit holds the offsets that Heritrix's URI_SPLITTER regular
// expression captures.
type heritrixSplit struct {
	authStart          int // after "scheme://"
	userStart, userEnd int // userEnd 0: no userinfo
	hostStart, hostEnd int
	portEnd            int // the path starts here
}

// splitHeritrix matches s as
// ^(\w+://)(?:([userinfo chars]+?)(@))?(?:(dotted quad)|(\S+?))(:\d+)?(/\S*)?$
// does, without a regular expression.
func splitHeritrix(s string) (heritrixSplit, bool) {
	var m heritrixSplit
	i := 0
	for i < len(s) && isWordByte(s[i]) {
		i++
	}
	if i == 0 || !strings.HasPrefix(s[i:], "://") || strings.ContainsAny(s, " \t\n\v\f\r") {
		return m, false
	}
	i += 3
	m.authStart = i
	m.hostStart = i
	// The userinfo group is greedy-optional and lazy inside: the first "@"
	// that only userinfo characters lead to, when something follows it.
	j := i
	for j < len(s) && isHeritrixUserinfo(s[j]) {
		j++
	}
	if j > i && j+1 < len(s) && s[j] == '@' {
		m.userStart, m.userEnd = i, j
		m.hostStart = j + 1
	}
	if m.hostStart >= len(s) {
		return m, false
	}
	// The host is lazy: it ends at the first place after its first byte
	// where an optional ":digits" and an optional "/..." reach the end.
	for e := m.hostStart + 1; e <= len(s); e++ {
		if p, ok := heritrixTail(s, e); ok {
			m.hostEnd, m.portEnd = e, p
			return m, true
		}
	}
	return m, false // unreachable: the end of s always matches
}

// heritrixTail reports whether s[e:] matches (:\d+)?(/\S*)?$, and where the
// path starts.
func heritrixTail(s string, e int) (int, bool) {
	if e == len(s) || s[e] == '/' {
		return e, true
	}
	if s[e] != ':' {
		return 0, false
	}
	k := e + 1
	for k < len(s) && '0' <= s[k] && s[k] <= '9' {
		k++
	}
	if k == e+1 || (k < len(s) && s[k] != '/') {
		return 0, false
	}
	return k, true
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// isHeritrixUserinfo is the class [-\w\.!~\*'\(\)%;:&=+$,].
func isHeritrixUserinfo(c byte) bool {
	return isWordByte(c) || strings.IndexByte("-.!~*'()%;:&=+$,", c) >= 0
}

// appendJavaLower appends b lowercased one character at a time, as Java's
// Character.toLowerCase over a string's chars: no special casing, and bytes
// that are no UTF-8 stay as they are.
func appendJavaLower(dst, b []byte) []byte {
	if !slices.ContainsFunc(b, func(c byte) bool { return 'A' <= c && c <= 'Z' || c >= utf8.RuneSelf }) {
		return append(dst, b...)
	}
	out := make([]byte, 0, len(b))
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n <= 1 || r > 0xFFFF {
			out = append(out, b[:n]...)
		} else {
			out = utf8.AppendRune(out, unicode.ToLower(r))
		}
		b = b[n:]
	}
	return append(dst, out...)
}

// HeritrixSURTPrefix returns the SURT prefix that Heritrix derives from a
// seed (SurtPrefixSet.prefixFromPlainForceHttp): "http://" is added when
// the seed has no scheme (a bare host or host/path), the URL is tidied, made
// a SURT, and cut to a prefix: the last path segment is dropped, and when
// there is no path the closing ")" goes too, so that a seed without a
// trailing slash admits the host's subdomains. "https" is treated as "http".
//
// Heritrix tidies the seed with its UURIFactory; this function does only the
// part that decides prefixes on ordinary seeds: scheme and host lowercased,
// the fragment dropped. IDNA and Heritrix's other repairs are not applied.
func HeritrixSURTPrefix(seed string) string {
	u := addImpliedHTTP(seed)
	u = HeritrixSURT(tidySeed(u))
	u = surtAsPrefix(u)
	return httpsAsHTTP(u)
}

// addImpliedHTTP is ArchiveUtils.addImpliedHttpIfNecessary: a colon before
// any dot is taken for the end of a scheme.
func addImpliedHTTP(u string) string {
	colon, period := strings.IndexByte(u, ':'), strings.IndexByte(u, '.')
	if colon < 0 || period >= 0 && period < colon {
		return "http://" + u
	}
	return u
}

// tidySeed lowercases the scheme and host and drops the fragment. Heritrix
// adds "/" to an empty path and then takes it off again when the seed had
// none, so the path is left as it is.
func tidySeed(u string) string {
	if i := strings.IndexByte(u, '#'); i >= 0 {
		u = u[:i]
	}
	i := strings.Index(u, "://")
	if i < 0 {
		return u
	}
	auth := i + 3
	end := auth + strings.IndexAny(u[auth:], "/?")
	if end < auth {
		end = len(u)
	}
	hostStart := auth + strings.LastIndexByte(u[auth:end], '@') + 1
	return strings.ToLower(u[:auth]) + u[auth:hostStart] + strings.ToLower(u[hostStart:end]) + u[end:]
}

// surtAsPrefix is SurtPrefixSet.asPrefix: with a path (a third slash), drop
// what follows its last slash; without one, drop the last ")".
func surtAsPrefix(s string) string {
	if i := strings.Index(s, "//"); i >= 0 {
		if j := strings.LastIndexByte(s, '/'); j > i+1 {
			return s[:j+1]
		}
	}
	if !strings.HasSuffix(s, "/") {
		if j := strings.LastIndexByte(s, ')'); j >= 0 {
			return s[:j] + s[j+1:]
		}
	}
	return s
}

func httpsAsHTTP(s string) string {
	if rest, ok := strings.CutPrefix(s, "https://"); ok {
		return "http://" + rest
	}
	return s
}

// SURTPrefixSet is Heritrix's SurtPrefixSet, the set behind its
// SurtPrefixedDecideRule: a URL is in scope when its Heritrix SURT form
// begins with one of the set's prefixes. The set stays sorted and keeps no
// entry that another entry is a prefix of. The zero value is an empty set.
type SURTPrefixSet struct {
	p []string
}

// Add adds a SURT prefix, as it is, and drops the entries it makes
// redundant. It reports false when an entry already is a prefix of it.
func (s *SURTPrefixSet) Add(prefix string) bool {
	i, found := slices.BinarySearch(s.p, prefix)
	if found || i > 0 && strings.HasPrefix(prefix, s.p[i-1]) {
		return false
	}
	j := i
	for j < len(s.p) && strings.HasPrefix(s.p[j], prefix) {
		j++
	}
	s.p = slices.Replace(s.p, i, j, prefix)
	return true
}

// AddSeed adds the prefix that HeritrixSURTPrefix derives from a seed URL
// or bare host.
func (s *SURTPrefixSet) AddSeed(seed string) bool {
	return s.Add(HeritrixSURTPrefix(seed))
}

// Contains reports whether prefix is an entry of the set.
func (s *SURTPrefixSet) Contains(prefix string) bool {
	_, found := slices.BinarySearch(s.p, prefix)
	return found
}

// ContainsPrefixOf reports whether an entry of the set is a prefix of surt.
// Because no entry prefixes another, only the greatest entry not above surt
// needs a look.
func (s *SURTPrefixSet) ContainsPrefixOf(surt string) bool {
	i, found := slices.BinarySearch(s.p, surt)
	return found || i > 0 && strings.HasPrefix(surt, s.p[i-1])
}

// InScope reports whether a URL is in scope as SurtPrefixedDecideRule
// decides it: its HeritrixSURT form, with "https" taken as "http", begins
// with an entry of the set.
func (s *SURTPrefixSet) InScope(url string) bool {
	return s.ContainsPrefixOf(httpsAsHTTP(HeritrixSURT(tidySeed(url))))
}

// Prefixes returns the entries in order.
func (s *SURTPrefixSet) Prefixes() []string {
	return slices.Clone(s.p)
}

// ImportSURTs adds the SURT prefixes of a Heritrix surts file, lowercased:
// one a line, "#" starting a comment; a line with more than one word is
// skipped, as Heritrix's line reader skips it.
func (s *SURTPrefixSet) ImportSURTs(r io.Reader) error {
	return eachHeritrixEntry(r, func(e string) { s.Add(strings.ToLower(e)) })
}

// ImportSeeds adds the prefixes derived from a Heritrix seeds file, with the
// same line rules as ImportSURTs.
func (s *SURTPrefixSet) ImportSeeds(r io.Reader) error {
	return eachHeritrixEntry(r, func(e string) { s.AddSeed(e) })
}

// eachHeritrixEntry reads lines as RegexpLineIterator with COMMENT_LINE and
// NONWHITESPACE_ENTRY_TRAILING_COMMENT does: the one word of a line,
// before an optional "#" comment.
func eachHeritrixEntry(r io.Reader, f func(string)) error {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) > 1 && fields[1][0] != '#' {
			continue
		}
		f(fields[0])
	}
	return sc.Err()
}
