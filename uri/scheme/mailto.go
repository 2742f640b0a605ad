package scheme

import (
	"strings"
	"unicode/utf8"

	"github.com/urilabs/rfc3986/uri"
)

// A Mailto is what a mailto URI holds (RFC 6068 section 2): the addresses
// of its path and the header fields of its query, in their order, decoded.
// Mailto{} is the URI "mailto:".
type Mailto struct {
	// To holds the addresses before the query, each an addr-spec: "a@x"
	// for "mailto:a@x", nil when there are none. Addresses given in a
	// "to" header field stay in Headers, as the RFC treats them alike.
	To []string
	// Headers holds the header fields of the query, "body" among them
	// (section 2), names as written: hfname is case-insensitive, so
	// compare names with strings.EqualFold. A name may be repeated.
	Headers []Header
}

// A Header is a header field of a mailto URI, decoded.
type Header struct {
	Name, Value string
}

// ParseMailto returns the addresses and header fields of the mailto URI u,
// decoded. u must be a mailto URI (ErrWrongScheme) that Check accepts. Its
// fragment, which section 2 says is meaningless and should be ignored, is
// left out. Errors are *uri.Error values with Op "parse mailto".
func ParseMailto(u uri.URI) (Mailto, error) {
	if !strings.EqualFold(u.Scheme(), "mailto") {
		return Mailto{}, withOp(errorAt(u, 0, uri.Scheme, ErrWrongScheme), "parse mailto")
	}
	if err := checkMailto(u); err != nil {
		return Mailto{}, withOp(err, "parse mailto")
	}
	var m Mailto
	if to := u.Path(); to != "" {
		for _, a := range strings.Split(to, ",") {
			m.To = append(m.To, unescape(a))
		}
	}
	if u.HasQuery() {
		for _, f := range strings.Split(u.Query(), "&") {
			name, value, _ := strings.Cut(f, "=")
			m.Headers = append(m.Headers, Header{unescape(name), unescape(value)})
		}
	}
	return m, nil
}

// withOp sets the Op of err and returns it as an error.
func withOp(err *uri.Error, op string) error {
	err.Op = op
	return err
}

// The bytes an address or a header field may hold as they are, beyond
// what uri.Escape keeps in a segment: pchar less what RFC 6068 section 2
// reserves. The replacers encode those.
var (
	addressEncoder = strings.NewReplacer(",", "%2C", "&", "%26", ";", "%3B", "=", "%3D")
	headerEncoder  = strings.NewReplacer("&", "%26", "=", "%3D")
)

// BuildMailto returns the mailto URI of m, the inverse of ParseMailto:
// each address and each header name and value percent-encoded with
// uri.Escape, and with what section 2 reserves besides (",", "&", ";" and
// "=" in an address, "&" and "=" in a header field). Each address must be
// an addr-spec (ErrInvalidAddress, an *uri.Error with Op "build mailto"
// whose Input is the URI built); header fields can hold any bytes.
// ParseMailto(BuildMailto(m)) is m, but for a Headers or To that is empty
// and not nil, which comes back nil.
func BuildMailto(m Mailto) (uri.URI, error) {
	if len(m.To) == 1 && m.To[0] == "" {
		// would read as no address at all
		return uri.URI{}, &uri.Error{Op: "build mailto", Input: "mailto:", Offset: len("mailto:"), Component: uri.Path, Err: ErrInvalidAddress}
	}
	var b strings.Builder
	b.WriteString("mailto:")
	for i, a := range m.To {
		if i > 0 {
			b.WriteByte(',')
		}
		addressEncoder.WriteString(&b, escapedSegment(a))
	}
	for i, h := range m.Headers {
		if i == 0 {
			b.WriteByte('?')
		} else {
			b.WriteByte('&')
		}
		headerEncoder.WriteString(&b, escapedSegment(h.Name))
		b.WriteByte('=')
		headerEncoder.WriteString(&b, escapedSegment(h.Value))
	}
	u, err := uri.Parse(b.String())
	if err != nil {
		return uri.URI{}, withOp(err.(*uri.Error), "build mailto")
	}
	if err := checkMailto(u); err != nil {
		return uri.URI{}, withOp(err, "build mailto")
	}
	return u, nil
}

// checkMailto checks the syntax of section 2:
//
//	mailtoURI = "mailto:" [ to ] [ hfields ]
//	to        = addr-spec *("," addr-spec )
//	hfields   = "?" hfield *( "&" hfield )
//	hfield    = hfname "=" hfvalue
//	hfname    = *qchar
//	hfvalue   = *qchar
func checkMailto(u uri.URI) *uri.Error {
	o := u.Offsets()
	if u.HasAuthority() {
		// An addr-spec holds no "/" that is not percent-encoded.
		return errorAt(u, o.AuthorityStart-2, uri.Path, ErrInvalidAddress)
	}
	if to := u.Path(); to != "" {
		at := o.PathStart
		for {
			a, rest, more := strings.Cut(to, ",")
			if err := checkAddress(a); err != nil {
				err.Input, err.Offset = u.String(), at+err.Offset
				return err
			}
			if !more {
				break
			}
			at += len(a) + 1
			to = rest
		}
	}
	if !u.HasQuery() {
		return nil
	}
	q, at := u.Query(), o.PathEnd+1
	for {
		f, rest, more := strings.Cut(q, "&")
		eq := strings.IndexByte(f, '=')
		if eq < 0 {
			return errorAt(u, at+len(f), uri.Query, ErrInvalidHeader)
		}
		if i := strings.IndexAny(f[eq+1:], "/?="); i >= 0 {
			return errorAt(u, at+eq+1+i, uri.Query, ErrInvalidHeader)
		}
		if i := strings.IndexAny(f[:eq], "/?"); i >= 0 {
			return errorAt(u, at+i, uri.Query, ErrInvalidHeader)
		}
		if !more {
			return nil
		}
		at += len(f) + 1
		q = rest
	}
}

// checkAddress checks that a, one address of the path of a mailto URI as
// written, is an addr-spec once decoded (section 2):
//
//	addr-spec    = local-part "@" domain
//	local-part   = dot-atom-text / quoted-string
//	domain       = dot-atom-text / "[" *dtext-no-obs "]"
//	dtext-no-obs = %d33-90 / %d94-126
//
// with dot-atom-text and quoted-string from RFC 5322 section 3.2, without
// the folding white space and obsolete forms that section 2 forbids, and
// with the UTF-8 that it allows in both parts, percent-encoded. The error's
// offset is in a.
func checkAddress(a string) *uri.Error {
	// "/", "&", ";" and "=" must be percent-encoded in an addr-spec.
	if i := strings.IndexAny(a, "/&;="); i >= 0 {
		return &uri.Error{Offset: i, Component: uri.Path, Err: ErrInvalidAddress}
	}
	// Decoded on the stack when it fits: addresses are short.
	var buf [128]byte
	d, _ := uri.AppendUnescape(buf[:0], a)
	fail := func(k int) *uri.Error {
		return &uri.Error{Offset: rawOffset(a, k), Component: uri.Path, Err: ErrInvalidAddress}
	}
	if !utf8.Valid(d) {
		for k := 0; ; {
			r, n := utf8.DecodeRune(d[k:])
			if r == utf8.RuneError && n <= 1 {
				return fail(k)
			}
			k += n
		}
	}
	k := 0
	if len(d) > 0 && d[0] == '"' {
		k = 1
		for ; k < len(d) && d[k] != '"'; k++ {
			c := d[k]
			if c == '\\' {
				// quoted-pair = "\" ( VCHAR / WSP )
				if k+1 == len(d) || !isQuotable(d[k+1]) {
					return fail(k + 1)
				}
				k++
				continue
			}
			// qtext = %d33 / %d35-91 / %d93-126, and UTF-8
			if !isQtext(c) {
				return fail(k)
			}
		}
		if k == len(d) {
			return fail(k)
		}
		k++
	} else if k = dotAtomText(d); k == 0 || k == len(d) || d[k] != '@' {
		return fail(k)
	}
	if k == len(d) || d[k] != '@' {
		return fail(k)
	}
	k++
	domain := d[k:]
	if len(domain) > 0 && domain[0] == '[' {
		for j := 1; j < len(domain); j++ {
			c := domain[j]
			if c == ']' && j == len(domain)-1 {
				return nil
			}
			if c < 33 || c > 126 || c == '[' || c == ']' || c == '\\' {
				return fail(k + j)
			}
		}
		return fail(len(d))
	}
	if n := dotAtomText(domain); n == 0 || n < len(domain) {
		return fail(k + n)
	}
	return nil
}

// dotAtomText returns the length of the dot-atom-text at the start of s
// (RFC 5322 section 3.2.3), 1*atext *("." 1*atext), or 0 if there is
// none. Bytes of UTF-8 count as atext (RFC 6068 section 2, items 4 and 5).
func dotAtomText(s []byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case isAtext(c):
			n = i + 1
		case c == '.' && n == i && i > 0:
			// a dot after an atext; the atext after it must follow
		default:
			return n
		}
	}
	return n
}

// isAtext reports whether c is an atext of RFC 5322 section 3.2.3, or a
// byte of UTF-8.
func isAtext(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte("!#$%&'*+-/=?^_`{|}~", c) >= 0 || c >= 0x80
}

// isQtext reports whether c is a qtext of RFC 5322 section 3.2.4, a
// visible ASCII character other than "\" and DQUOTE, or a byte of UTF-8.
func isQtext(c byte) bool { return 33 <= c && c <= 126 && c != '"' && c != '\\' || c >= 0x80 }

// isQuotable reports whether c may follow "\" in a quoted-pair of RFC 5322
// section 3.2.1, VCHAR or WSP, or is a byte of UTF-8.
func isQuotable(c byte) bool { return 33 <= c && c <= 126 || c == ' ' || c == '\t' || c >= 0x80 }

// rawOffset returns the offset in s, a valid percent-encoded text, of the
// byte that decodes to byte k of its decoded form, or len(s) when k is
// past its end.
func rawOffset(s string, k int) int {
	i := 0
	for ; k > 0 && i < len(s); k-- {
		if s[i] == '%' {
			i += 3
		} else {
			i++
		}
	}
	return i
}

// escapedSegment returns s escaped for a path segment, which can hold any
// data: uri.Escape never fails for it.
func escapedSegment(s string) string {
	e, _ := uri.Escape(s, uri.Segment)
	return e
}
