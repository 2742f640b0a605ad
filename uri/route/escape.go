package route

import "github.com/urilabs/rfc3986/internal/pct"

// escapeTables holds, for each Escape, the bytes it escapes.
var escapeTables = func() (t [4][256]bool) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		always := b <= 0x20 || b >= 0x7F || b == '%' || b == '?' || b == '#'
		alnum := isAlpha(b) || isDigit(b)
		// RFC 3986 section 3.3: pchar and "/".
		pchar := alnum || isUnreserved(b) || containsByte("!$&'()*+,;=:@/", b)
		t[EscapePath][c] = always || !pchar
		// net/url's shouldEscape(c, encodePath).
		t[EscapeGo][c] = always || !(alnum || containsByte("-_.~$&+,/:;=@", b))
		// nginx's ngx_escape_uri, NGX_ESCAPE_URI (src/core/ngx_string.c):
		// its uri[] table, 0xd000002d 0x50000000 0xb8000001 for 0x20-0x7F.
		t[EscapeNginx][c] = always || containsByte("\"<>\\^`{|}", b)
		// Apache's ap_proxy_canonenc for a path.
		t[EscapeApache][c] = always || !(alnum || containsByte("$-_.+!*'(),;:@&=/~", b))
	}
	return t
}()

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

// appendEscapedByte appends c, escaped if e escapes it.
func appendEscapedByte(b []byte, c byte, e Escape) []byte {
	if escapeTables[e&3][c] {
		return append(b, '%', hexUpper[c>>4], hexUpper[c&15])
	}
	return append(b, c)
}

// appendEscapedKey appends a decoded key written out with e; a "%2F" in
// it is an escaped slash the policy kept, and stays as it is.
func appendEscapedKey(b []byte, key string, e Escape) []byte {
	for i := 0; i < len(key); i++ {
		if key[i] == '%' && i+2 < len(key) && key[i+1] == '2' && key[i+2] == 'F' {
			b = append(b, "%2F"...)
			i += 2
			continue
		}
		b = appendEscapedByte(b, key[i], e)
	}
	return b
}

// needsGoEscape says whether path holds a byte that makes net/url's
// validEncoded refuse it as a RawPath.
func needsGoEscape(path string) bool {
	for i := 0; i < len(path); i++ {
		c := path[i]
		if escapeTables[EscapeGo][c] && !containsByte("!$&'()*+,;=:@[]%", c) {
			return true
		}
	}
	return false
}

// hasInvalidPercent says whether path holds a "%" not followed by two
// hex digits.
func hasInvalidPercent(path string) bool {
	for i := 0; i < len(path); i++ {
		if path[i] == '%' {
			if i+2 >= len(path) {
				return true
			}
			if _, ok := pct.Unhex(path[i+1]); !ok {
				return true
			}
			if _, ok := pct.Unhex(path[i+2]); !ok {
				return true
			}
		}
	}
	return false
}

// appendEscapedGo appends path decoded and escaped again as net/url's
// URL.EscapedPath writes a Path.
func appendEscapedGo(b []byte, path string) []byte {
	for i := 0; i < len(path); i++ {
		c := path[i]
		if c == '%' && i+2 < len(path) {
			h, ok1 := pct.Unhex(path[i+1])
			l, ok2 := pct.Unhex(path[i+2])
			if ok1 && ok2 {
				c = h<<4 | l
				i += 2
			}
		}
		b = appendEscapedByte(b, c, EscapeGo)
	}
	return b
}

// utf16Escape reads the "%u" escape that s begins with: "%u" and four hex
// digits, the UTF-16 code unit they name, which must not be a surrogate.
func utf16Escape(s string) (rune, bool) {
	if len(s) < 6 || s[1] != 'u' {
		return 0, false
	}
	var u rune
	for _, c := range []byte(s[2:6]) {
		d, ok := pct.Unhex(c)
		if !ok {
			return 0, false
		}
		u = u<<4 | rune(d)
	}
	if u >= 0xD800 && u <= 0xDFFF {
		return 0, false
	}
	return u, true
}
