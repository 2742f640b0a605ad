package uri

import (
	"errors"
	"strings"

	"github.com/urilabs/rfc3986/internal/pct"
	"github.com/urilabs/rfc3986/tables"
)

// ErrNotEscapable: Escape was asked to escape for a value of Component
// that names no component. It is wrapped within an [Error] when produced.
var ErrNotEscapable = errors.New("cannot escape for component")

// escapeSet returns the bytes component c holds as they are (sections 3.1
// to 3.5), so that Escape encodes the others. Scheme and Port cannot hold
// percent-encodings at all: for them it returns the error for s unless s
// is already valid there.
func escapeSet(s string, c Component) (tables.Set, error) {
	switch c {
	case UserInfo:
		return tables.UserInfo, nil
	case Host:
		return tables.RegName, nil
	case Path:
		return tables.Path, nil
	case Segment:
		return tables.PChar, nil
	case Query:
		return tables.Query, nil
	case Fragment:
		return tables.Query, nil
	case Scheme:
		if e := checkScheme(s); e != nil {
			e.Op = "escape"
			return 0, e
		}
		return tables.Scheme, nil
	case Port:
		if e := checkPort(s); e != nil {
			e.Op = "escape"
			return 0, e
		}
		return tables.DIGIT, nil
	}
	return 0, &Error{Op: "escape", Input: s, Component: c, Err: ErrNotEscapable}
}

// Escape returns s percent-encoded for use as component c (section 2.1):
// every byte that c cannot hold as it is becomes "%" and two uppercase
// hexadecimal digits, "%" included, and every other byte stays. s is any
// data, taken byte for byte; it is never taken as already encoded.
//
// What stays is exactly what the component's ABNF allows: for Path, the
// "/" that separates segments, which Segment encodes; for Query and
// Fragment, "/" and "?"; for Host, a reg-name's characters, so an
// IP-literal cannot be escaped. Reserved characters that a component
// allows stay as they are: "&", "=" and "+" in a query, ":" in a path
// (section 2.2).
//
// Scheme and Port cannot hold percent-encodings, so Escape cannot make
// anything valid there: it returns s as it is when s is a scheme
// (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )) or a port (*DIGIT), and
// otherwise an *Error at the first byte that cannot be. The other
// components can hold any data, and Escape never fails for them.
//
// When nothing needs encoding Escape returns s itself; otherwise it
// allocates the result once.
func Escape(s string, c Component) (string, error) {
	set, err := escapeSet(s, c)
	if err != nil {
		return "", err
	}
	i := 0
	for i < len(s) && tables.Sets[s[i]]&set != 0 {
		i++
	}
	if i == len(s) {
		return s, nil
	}
	n := len(s)
	for _, b := range []byte(s[i:]) {
		if tables.Sets[b]&set == 0 {
			n += 2
		}
	}
	b := make([]byte, 0, n)
	b = append(b, s[:i]...)
	return bytesToString(appendEscaped(b, s[i:], set, false)), nil
}

// AppendEscape appends Escape(s, c) to dst and returns the extended
// buffer. It allocates nothing when dst has room for it. On error it
// returns dst unchanged.
func AppendEscape(dst []byte, s string, c Component) ([]byte, error) {
	set, err := escapeSet(s, c)
	if err != nil {
		return dst, err
	}
	return appendEscaped(dst, s, set, false), nil
}

// appendEscaped appends s to dst, encoding every byte outside set. When
// keepPct is set, a "%" that begins a valid triplet stays: s is then
// taken as already encoded, and only a stray "%" is encoded.
func appendEscaped(dst []byte, s string, set tables.Set, keepPct bool) []byte {
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && tables.Sets[s[j]]&set != 0 {
			j++
		}
		dst = append(dst, s[i:j]...)
		if j == len(s) {
			break
		}
		c := s[j]
		if keepPct && c == '%' && j+2 < len(s) && tables.Sets[s[j+1]]&tables.Sets[s[j+2]]&tables.HEXDIG != 0 {
			dst = append(dst, s[j:j+3]...)
			i = j + 3
			continue
		}
		dst = pct.AppendTriplet(dst, c)
		i = j + 1
	}
	return dst
}

// Unescape returns s with every percent-encoded triplet "%" HEXDIG HEXDIG
// replaced by the byte it encodes (section 2.1); other bytes stay. A "%"
// that does not begin a triplet is an error: an *Error whose Offset is
// that of the first byte that cannot follow ("a%zz" fails at 2, "a%4" at
// 3, its end) and whose Err is ErrInvalidPercentEncoding.
//
// Unescape decodes every triplet, reserved characters too ("%2F" is "/"),
// so it is for a component or subcomponent already split from the URI
// (section 2.4). It does not read "+" as a space: that is a rule of HTML
// forms, not of RFC 3986. It returns s itself, without allocating, when s
// holds no "%"; otherwise it allocates the result once.
func Unescape(s string) (string, error) {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s, nil
	}
	if err := checkEscapes(s, i); err != nil {
		return "", err
	}
	n := len(s) - 2*strings.Count(s[i:], "%")
	b := append(make([]byte, 0, n), s[:i]...)
	return bytesToString(pct.AppendDecoded(b, s[i:])), nil
}

// AppendUnescape appends Unescape(s) to dst and returns the extended
// buffer. It allocates nothing when dst has room for it. On error it
// returns dst unchanged.
func AppendUnescape(dst []byte, s string) ([]byte, error) {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return append(dst, s...), nil
	}
	if err := checkEscapes(s, i); err != nil {
		return dst, err
	}
	return pct.AppendDecoded(dst, s), nil
}

// checkEscapes checks that each "%" of s, from offset i on, begins a
// triplet.
func checkEscapes(s string, i int) error {
	for i < len(s) {
		j := strings.IndexByte(s[i:], '%')
		if j < 0 {
			return nil
		}
		i += j + 1
		for k := 0; k < 2; k, i = k+1, i+1 {
			if i == len(s) || tables.Sets[s[i]]&tables.HEXDIG == 0 {
				return &Error{Op: "unescape", Input: s, Offset: i, Err: ErrInvalidPercentEncoding}
			}
		}
	}
	return nil
}
