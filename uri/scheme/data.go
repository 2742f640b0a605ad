package scheme

import (
	"encoding/base64"
	"errors"
	"strings"

	"github.com/urilabs/rfc3986/uri"
)

// Data is what a data URI holds (RFC 2397).
type Data struct {
	// MediaType is the media type as written, percent-encodings decoded,
	// with its parameters and without ";base64": "image/gif",
	// "text/plain;charset=iso-8859-7". When the URI gives none it is the
	// RFC's default, "text/plain;charset=US-ASCII", and when it gives
	// parameters alone, "text/plain" and them (section 2).
	MediaType string
	// Base64 reports whether the data was marked ";base64".
	Base64 bool
	// Data is the data, percent-decoded and, with Base64, base64-decoded.
	Data []byte
}

// defaultMediaType is the media type of a data URI that gives none (RFC
// 2397 section 2).
const defaultMediaType = "text/plain;charset=US-ASCII"

// ParseData returns the media type and the decoded data of the data URI
// u:
//
//	dataurl   = "data:" [ mediatype ] [ ";base64" ] "," data
//	mediatype = [ type "/" subtype ] *( ";" parameter )
//	parameter = attribute "=" value
//
// where type, subtype, attribute and value are tokens of RFC 2045 section
// 5.1, percent-encoded as the URI needs, and a value may also be a
// quoted-string. The data is the rest of the path and the query, if any,
// with its "?": the query is part of the data (section 3); the fragment is
// not. With ";base64" the data, once percent-decoded, must be padded
// base64 (RFC 4648 section 4).
//
// u must be a data URI (ErrWrongScheme) that Check accepts. Errors are
// *uri.Error values with Op "parse data".
func ParseData(u uri.URI) (Data, error) {
	if !strings.EqualFold(u.Scheme(), "data") {
		return Data{}, withOp(errorAt(u, 0, uri.Scheme, ErrWrongScheme), "parse data")
	}
	d, err := readData(u, true)
	if err != nil {
		return Data{}, withOp(err, "parse data")
	}
	return d, nil
}

// readData reads the data URI u, whose scheme is data. Unless full is set
// it fills in only Base64: the rest is work Check does not need, but for
// the base64 decoding that checks base64 data.
func readData(u uri.URI, full bool) (Data, *uri.Error) {
	o := u.Offsets()
	if u.HasAuthority() {
		return Data{}, errorAt(u, o.AuthorityStart-2, uri.Path, ErrInvalidMediaType)
	}
	path := u.Path()
	comma := strings.IndexByte(path, ',')
	if comma < 0 {
		return Data{}, errorAt(u, o.PathEnd, uri.Path, ErrMissingComma)
	}
	var d Data
	mt := path[:comma]
	if len(mt) >= len(";base64") && strings.EqualFold(mt[len(mt)-len(";base64"):], ";base64") {
		d.Base64 = true
		mt = mt[:len(mt)-len(";base64")]
	}
	if i := checkMediaType(mt); i >= 0 {
		return Data{}, errorAt(u, o.PathStart+i, uri.Path, ErrInvalidMediaType)
	}
	// The data: the path after the comma, and the query with its "?".
	raw := u.String()[o.PathStart+comma+1 : o.QueryEnd]
	if !full && !d.Base64 {
		return d, nil
	}
	data := []byte(unescape(raw))
	if d.Base64 {
		k := base64Fault(data)
		n, err := base64.StdEncoding.Strict().Decode(data, data)
		if err != nil || k >= 0 {
			var corrupt base64.CorruptInputError
			if k < 0 && errors.As(err, &corrupt) {
				k = int(corrupt)
			}
			c := uri.Path
			at := o.PathStart + comma + 1 + rawOffset(raw, k)
			if u.HasQuery() && at >= o.PathEnd {
				c = uri.Query
			}
			return Data{}, errorAt(u, at, c, ErrInvalidBase64)
		}
		data = data[:n]
	}
	d.Data = data
	switch {
	case mt == "":
		d.MediaType = defaultMediaType
	case mt[0] == ';':
		d.MediaType = "text/plain" + unescape(mt)
	default:
		d.MediaType = unescape(mt)
	}
	return d, nil
}

// base64Fault returns the offset of the first byte of data that is not of
// the base64 alphabet or "=" (RFC 4648 section 4), len(data) if there is
// none but data is not a whole number of 4-byte groups, and -1 otherwise.
// The decoder itself skips line breaks, which RFC 4648 section 3.3 does
// not allow, and reports where a group begins, not where it ends too
// early.
func base64Fault(data []byte) int {
	for i, c := range data {
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '/' || c == '=') {
			return i
		}
	}
	if len(data)%4 != 0 {
		return len(data)
	}
	return -1
}

// checkMediaType returns the offset in mt, a media type as a data URI
// writes it, of the first byte that does not fit the rule mediatype, or
// -1 if it fits.
func checkMediaType(mt string) int {
	if mt == "" {
		return -1
	}
	i := 0
	if mt[0] != ';' {
		// type "/" subtype
		t := tokenLen(mt)
		if t == 0 || t == len(mt) || mt[t] != '/' {
			return t
		}
		s := tokenLen(mt[t+1:])
		if s == 0 {
			return t + 1
		}
		i = t + 1 + s
	}
	for i < len(mt) {
		if mt[i] != ';' {
			return i
		}
		i++
		a := tokenLen(mt[i:])
		if a == 0 || i+a == len(mt) || mt[i+a] != '=' {
			return i + a
		}
		i += a + 1
		v := tokenLen(mt[i:])
		if v == 0 {
			v = quotedStringLen(mt[i:])
		}
		if v == 0 {
			return i
		}
		i += v
	}
	return -1
}

// tokenLen returns the length of the token of RFC 2045 section 5.1 at the
// start of s, percent-encoded as a URI path writes it: bytes that are not
// controls, space or tspecials, which a URI path holds as they are or
// percent-encoded.
func tokenLen(s string) int {
	i := 0
	for i < len(s) {
		c := s[i]
		n := 1
		if c == '%' {
			c, n = decodeTriplet(s[i:i+3]), 3
		}
		if c <= ' ' || c >= 0x7F || strings.IndexByte(`()<>@,;:\"/[]?=`, c) >= 0 {
			return i
		}
		i += n
	}
	return i
}

// quotedStringLen returns the length of the quoted-string of RFC 822
// section 3.3 at the start of s, percent-encoded as tokenLen reads it, or
// 0 if there is none: DQUOTE, any ASCII but DQUOTE, "\" and CR or a
// quoted-pair, DQUOTE.
func quotedStringLen(s string) int {
	quotes := 0
	escaped := false
	for i := 0; i < len(s); {
		c := s[i]
		n := 1
		if c == '%' {
			c, n = decodeTriplet(s[i:i+3]), 3
		}
		switch {
		case c >= 0x80:
			return 0
		case i == 0:
			if c != '"' {
				return 0
			}
			quotes++
		case escaped:
			escaped = false
		case c == '\\':
			escaped = true
		case c == '"':
			return i + n
		case c == '\r':
			return 0
		}
		i += n
	}
	return 0
}

// decodeTriplet returns the byte that the triplet "%" HEXDIG HEXDIG
// encodes; it comes from a valid URI, where every "%" begins one.
func decodeTriplet(triplet string) byte {
	var buf [1]byte
	b, _ := uri.AppendUnescape(buf[:0], triplet)
	return b[0]
}
