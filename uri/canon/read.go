package canon

import (
	"strings"

	"github.com/urilabs/rfc3986/internal/pct"
	"github.com/urilabs/rfc3986/uri"
)

// The surt family of profiles (google, ia, ordinary), SURT and the key
// maker read a line as their references' parsers do
// (internetarchive/surt's handyurl.parse, webarchive-commons' URLParser),
// not as RFC 3986 does: readLine is that reading.
//
//   - Bytes up to and including the space are trimmed at both ends (Java's
//     String.trim), then every tab, carriage return and line feed, and
//     U+0085, U+2028 and U+2029 (URLParser's "stray spacing") is removed.
//   - A line that does not begin with a scheme and ":" is read as "http://"
//     and the line ("www.google.com/", "%20leadingspace.com/").
//   - "http://https://a/" is "https://a/", and four or more slashes after
//     "http:" or "https:" are two ("http:////a" is "http://a"). Three are
//     an empty host, as RFC 3986 reads them, where the references read
//     "http:///a" as "http://a": the profiles write an emptied host so
//     ("https://.../a" is "https:///a"), and must read their output back
//     the same.
//   - Components are split as RFC 2396's appendix B does, whatever bytes
//     they hold (spaces, controls, raw UTF-8 or other bytes): the host ends
//     at the first "/", "?" or "#" after "//", the userinfo at the first
//     "@" in it, and the port follows the first ":" after the host. An
//     empty port is none; a port that is not all digits is an error.
//
// Bytes RFC 3986 does not allow stay in the components until the profile's
// steps have decoded them, and are percent-encoded when the URL is written.

// hasStray reports whether s holds a byte or code point of stray spacing.
func hasStray(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\t', '\n', '\r':
			return true
		case 0xC2:
			if i+1 < len(s) && s[i+1] == 0x85 {
				return true
			}
		case 0xE2:
			if i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) {
				return true
			}
		}
	}
	return false
}

// cleanLine trims s and removes its stray spacing, as the first steps of
// readLine do, writing into c's scratch buffer when it must.
func (c *parts) cleanLine(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	s = s[i:j]
	if !hasStray(s) {
		return s
	}
	start := len(c.scratch)
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case b == '\t' || b == '\n' || b == '\r':
			continue
		case b == 0xC2 && i+1 < len(s) && s[i+1] == 0x85:
			i++
			continue
		case b == 0xE2 && i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9):
			i += 2
			continue
		default:
			c.scratch = append(c.scratch, b)
		}
	}
	return c.own(start)
}

// schemeLen returns the length of the scheme s begins with, ALPHA *( ALPHA
// / DIGIT / "+" / "-" / "." ) followed by ":", or 0 when it begins with none.
func schemeLen(s string) int {
	if s == "" || !isAlpha(s[0]) {
		return 0
	}
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == ':':
			return i
		case isAlpha(c) || isDigit(c) || c == '+' || c == '-' || c == '.':
		default:
			return 0
		}
	}
	return 0
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// withDefaultScheme returns the cleaned line s with "http://" before it
// when it begins with no scheme, as both references read such a line.
func (c *parts) withDefaultScheme(s string) string {
	if schemeLen(s) == 0 {
		start := len(c.scratch)
		c.scratch = append(c.scratch, "http://"...)
		c.scratch = append(c.scratch, s...)
		return c.own(start)
	}
	return s
}

// fixHTTPPrefix removes what the references remove at the start of an
// http or https URL: a repeated scheme ("http://https://a" is
// "https://a", surt's handyurl.parse) and slashes past two ("http:////a"
// is "http://a", URLParser).
func (c *parts) fixHTTPPrefix(s string) string {
	for {
		n := httpPrefix(s)
		if n == 0 {
			return s
		}
		if httpPrefix(s[n:]) != 0 {
			s = s[n:]
			continue
		}
		j := n
		for j < len(s) && s[j] == '/' {
			j++
		}
		// "http:///a" is left alone: an empty host, as RFC 3986 reads it,
		// and as the profiles write a host that their steps emptied
		// ("http://.../a"), which must read back the same.
		if j-n < 2 {
			return s
		}
		start := len(c.scratch)
		c.scratch = append(c.scratch, s[:n]...)
		c.scratch = append(c.scratch, s[j:]...)
		return c.own(start)
	}
}

// httpPrefix returns the length of "http://" or "https://" at the start
// of s, or 0.
func httpPrefix(s string) int {
	switch {
	case strings.HasPrefix(s, "http://"):
		return len("http://")
	case strings.HasPrefix(s, "https://"):
		return len("https://")
	}
	return 0
}

// readLine reads the line s into c as the references read it (see above),
// name naming the profile or function in errors. A line that is empty once
// trimmed is an error, ErrNotAbsolute. It reports false, with c holding
// nothing, for a line that has no authority once read ("dns:a.org",
// "mailto:a@b"): line is then the cleaned line, which callers write as the
// references do.
func (c *parts) readLine(s, name string) (line string, hasAuthority bool, err error) {
	scratch := c.scratch[:0]
	*c = parts{scratch: scratch}
	line = c.cleanLine(s)
	if line == "" {
		return line, false, &uri.Error{Op: "canon." + name, Input: s, Err: ErrNotAbsolute}
	}
	line = c.fixHTTPPrefix(c.withDefaultScheme(line))
	n := schemeLen(line)
	rest := line[n+1:]
	if !strings.HasPrefix(rest, "//") {
		return line, false, nil
	}
	c.scheme = line[:n]
	start := n + 3 // the authority's offset in line
	rest = rest[2:]
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	auth := rest[:end]
	rest = rest[end:]
	if at := strings.IndexByte(auth, '@'); at >= 0 {
		c.hasUser, c.userinfo = true, c.encodeRaw(auth[:at], inUser)
		auth, start = auth[at+1:], start+at+1
	}
	hostEnd := 0
	if strings.HasPrefix(auth, "[") {
		if k := strings.IndexByte(auth, ']'); k >= 0 {
			hostEnd = k + 1
		}
	}
	colon := strings.IndexByte(auth[hostEnd:], ':')
	if colon < 0 {
		c.host = auth
	} else {
		c.host = auth[:hostEnd+colon]
		port := auth[hostEnd+colon+1:]
		for i := 0; i < len(port); i++ {
			if !isDigit(port[i]) {
				return line, true, &uri.Error{Op: "canon." + name, Input: strings.Clone(line), Offset: start + hostEnd + colon + 1 + i,
					Component: uri.Port, Err: uri.ErrInvalidPort}
			}
		}
		// The references read the port as a number: "080" is 80.
		for len(port) > 1 && port[0] == '0' {
			port = port[1:]
		}
		if len(port) > 10 {
			return line, true, &uri.Error{Op: "canon." + name, Input: strings.Clone(line), Offset: start + hostEnd + colon + 1 + 10,
				Component: uri.Port, Err: uri.ErrInvalidPort}
		}
		c.hasPort, c.port = port != "", port
	}
	path := rest
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		path, rest = rest[:i], rest[i:]
	} else {
		rest = ""
	}
	c.path = path
	if strings.HasPrefix(rest, "?") {
		q := rest[1:]
		if i := strings.IndexByte(q, '#'); i >= 0 {
			q, rest = q[:i], q[i:]
		} else {
			rest = ""
		}
		c.hasQuery, c.query = true, q
	}
	if strings.HasPrefix(rest, "#") {
		c.hasFrag, c.fragment = true, c.encodeRaw(rest[1:], inFragment)
	}
	c.clean = 0
	if cleanHost(c.host) {
		c.clean |= 1 << inHost
	}
	if cleanIn(c.path, inPath) {
		c.clean |= 1 << inPath
	}
	if cleanIn(c.query, inQuery) {
		c.clean |= 1 << inQuery
	}
	return line, true, nil
}

// cleanIn reports whether s holds only bytes RFC 3986 allows in the
// component in, and no "%": nothing in it needs encoding.
func cleanIn(s string, in int) bool {
	for i := 0; i < len(s); i++ {
		if !allowed(s[i], in) {
			return false
		}
	}
	return true
}

// cleanHost is cleanIn for a host, where an IP literal's brackets and
// colons are allowed too.
func cleanHost(h string) bool {
	if len(h) > 2 && h[0] == '[' && h[len(h)-1] == ']' {
		for i := 1; i < len(h)-1; i++ {
			if c := h[i]; !(isDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == ':' || c == '.') {
				return false
			}
		}
		return true
	}
	return cleanIn(h, inHost)
}

// encodeRaw percent-encodes the bytes of s that RFC 3986 does not allow in
// the userinfo or the fragment, which no step decodes: a "%" that begins
// an encoding stays.
func (c *parts) encodeRaw(s string, in int) string {
	keep := func(i int) bool {
		if s[i] == '%' {
			_, ok := pct.Triplet(s, i)
			return ok
		}
		return allowed(s[i], in)
	}
	i := 0
	for i < len(s) && keep(i) {
		i++
	}
	if i == len(s) {
		return s
	}
	start := len(c.scratch)
	c.scratch = append(c.scratch, s[:i]...)
	const hex = "0123456789ABCDEF"
	for ; i < len(s); i++ {
		if b := s[i]; keep(i) {
			c.scratch = append(c.scratch, b)
		} else {
			c.scratch = append(c.scratch, '%', hex[b>>4], hex[b&15])
		}
	}
	return c.own(start)
}
