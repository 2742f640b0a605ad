package uri

import (
	"iter"
	"net/url"
	"strings"

	"github.com/urilabs/rfc3986/internal/pct"
	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/tables"
)

// A query of key=value pairs joined by "&" is the convention of HTML forms
// (application/x-www-form-urlencoded), not a rule of RFC 3986, which gives
// the query no structure (section 3.4). The functions of this file follow
// the convention where they split, and the RFC where they encode and
// decode: "+" is a plus sign unless a function's name says Form.

// paramKeep holds the bytes that EscapeQueryParam keeps as they are: those
// a query holds (section 3.4) but the ones that would end a key or a
// value, "&" and "=", and "+" and ";", which form decoders read as a space
// and, in older ones and net/url before Go 1.17, as "&".
var paramKeep = pct.Query.Minus(pct.Bytes("&=+;"))

// formKeep holds the bytes that EscapeForm keeps as they are: ALPHA,
// DIGIT and "-", ".", "_", "~" (unreserved, section 2.3), as net/url's
// QueryEscape keeps them.
var formKeep = pct.Unreserved

// EscapeQueryParam returns s percent-encoded for use as a key or a value
// in a query of key=value pairs: "a&admin=1" becomes "a%26admin%3D1", one
// value still. It encodes what a query cannot hold (section 3.4), "%"
// included, and "&", "=", "+" and ";", which would end or change a key or
// a value; a space becomes "%20", read as a space by every decoder. Other
// characters a query allows stay, "/", "?", ":" and "@" among them, as
// section 3.4 invites.
//
// It returns s itself when nothing needs encoding; otherwise it allocates
// the result once. EscapeForm is the encoding of HTML forms instead.
func EscapeQueryParam(s string) string { return escapeParam(s, &paramKeep, false) }

// EscapeForm returns s encoded as application/x-www-form-urlencoded
// encodes a key or a value: a space becomes "+", and every byte but ALPHA,
// DIGIT, "-", ".", "_" and "~" is percent-encoded. It is what net/url's
// QueryEscape returns, byte for byte; UnescapeForm reads it back.
//
// It returns s itself when nothing needs encoding; otherwise it allocates
// the result once.
func EscapeForm(s string) string { return escapeParam(s, &formKeep, true) }

// escapeParam encodes s, keeping the bytes of keep, and writing a space as
// "+" when plus is set.
func escapeParam(s string, keep *pct.Set, plus bool) string {
	n := paramLen(s, keep, plus)
	if n == len(s) && !(plus && strings.IndexByte(s, ' ') >= 0) {
		return s
	}
	return bytesToString(appendParam(make([]byte, 0, n), s, keep, plus))
}

// paramLen returns the length of s encoded by appendParam.
func paramLen(s string, keep *pct.Set, plus bool) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		if c := s[i]; !keep.Has(c) && !(plus && c == ' ') {
			n += 2
		}
	}
	return n
}

// appendParam appends s to dst, percent-encoding the bytes that keep does
// not hold, and a space as "+" when plus is set.
func appendParam(dst []byte, s string, keep *pct.Set, plus bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case keep.Has(c):
			dst = append(dst, c)
		case c == ' ' && plus:
			dst = append(dst, '+')
		default:
			dst = pct.AppendTriplet(dst, c)
		}
	}
	return dst
}

// UnescapeForm returns s decoded as application/x-www-form-urlencoded
// decodes a key or a value: "+" is a space, and percent-encodings are
// decoded as Unescape decodes them ("%2B" is "+"). A "%" that does not
// begin a triplet is an *Error wrapping ErrInvalidPercentEncoding, as for
// Unescape, with Op "unescape form".
//
// It returns s itself, without allocating, when s holds no "%" and no
// "+"; otherwise it allocates the result once.
func UnescapeForm(s string) (string, error) {
	i := strings.IndexAny(s, "%+")
	if i < 0 {
		return s, nil
	}
	if err := checkEscapes(s, i); err != nil {
		return "", withOp(err, "unescape form")
	}
	return decodeParam(s, true), nil
}

// decodeParam returns the key or value s with its percent-encodings
// decoded, and "+" as a space when form is set, or s itself when there is
// nothing to decode. The triplets of s are valid, as in every query of a
// URI; a stray "%" is kept as it is.
func decodeParam(s string, form bool) string {
	i := strings.IndexByte(s, '%')
	if form {
		if j := strings.IndexByte(s, '+'); j >= 0 && (i < 0 || j < i) {
			i = j
		}
	}
	if i < 0 {
		return s
	}
	if checkEscapes(s, i) != nil {
		return s
	}
	b := make([]byte, 0, len(s)-2*strings.Count(s[i:], "%"))
	return bytesToString(appendParamDecoded(append(b, s[:i]...), s[i:], form))
}

// appendParamDecoded appends s to dst with its triplets decoded, by the
// module's one percent-decoder (internal/pct), and each "+" written as a
// space when form is set.
func appendParamDecoded(dst []byte, s string, form bool) []byte {
	if !form {
		return pct.AppendDecoded(dst, s)
	}
	for {
		j := strings.IndexByte(s, '+')
		if j < 0 {
			return pct.AppendDecoded(dst, s)
		}
		dst = append(pct.AppendDecoded(dst, s[:j]), ' ')
		s = s[j+1:]
	}
}

// equalDecoded reports whether the raw key k, percent-decoded (and with
// "+" as a space when form is set), is key, without writing the decoded
// form.
func equalDecoded(k, key string, form bool) bool {
	if strings.IndexByte(k, '%') < 0 && !(form && strings.IndexByte(k, '+') >= 0) {
		return k == key
	}
	j := 0
	for i := 0; i < len(k); i++ {
		c := k[i]
		switch {
		case c == '%' && i+2 < len(k) && tables.Sets[k[i+1]]&tables.Sets[k[i+2]]&tables.HEXDIG != 0:
			c = decodeTriplet(k[i+1], k[i+2])
			i += 2
		case c == '+' && form:
			c = ' '
		}
		if j == len(key) || key[j] != c {
			return false
		}
		j++
	}
	return j == len(key)
}

// pairs calls yield with each piece of query between "&", in order, and
// its key and value split at the first "=", until yield returns false;
// empty pieces are skipped, as QueryPairs skips them. start and end
// delimit the piece in query.
func pairs(query string, yield func(k, v string, start, end int) bool) {
	for start := 0; start <= len(query); {
		end := strings.IndexByte(query[start:], '&')
		if end < 0 {
			end = len(query)
		} else {
			end += start
		}
		if end > start {
			k, v, _ := strings.Cut(query[start:end], "=")
			if !yield(k, v, start, end) {
				return
			}
		}
		start = end + 1
	}
}

// QueryParams returns an iterator over the key=value pairs of u's query,
// split as QueryPairs splits them, with their percent-encodings decoded:
// "q=a%26b%20c" yields "q" and "a&b c". A "+" stays a plus sign, as RFC
// 3986 has it; FormParams reads it as a space.
//
// A key or value without a percent-encoding is a slice of u's text: the
// iteration allocates nothing unless a key or value has one to decode,
// which it then allocates once.
func (u URI) QueryParams() iter.Seq2[string, string] { return u.params(false) }

// FormParams returns an iterator over the key=value pairs of u's query
// decoded as application/x-www-form-urlencoded, as net/url's ParseQuery
// and HTML forms read them: QueryParams with "+" as a space, so that
// "q=a+b%2Bc" yields "q" and "a b+c". It allocates as QueryParams does,
// and nothing when no key or value holds "%" or "+".
func (u URI) FormParams() iter.Seq2[string, string] { return u.params(true) }

func (u URI) params(form bool) iter.Seq2[string, string] {
	query := u.Query()
	return func(yield func(string, string) bool) {
		pairs(query, func(k, v string, _, _ int) bool {
			return yield(decodeParam(k, form), decodeParam(v, form))
		})
	}
}

// QueryParam returns the value of the first pair of u's query whose key is
// key, both decoded as QueryParams decodes them, and whether there is
// one. A pair without "=" has the empty value: "?debug" gives "" and true.
// It allocates only to decode a value that holds a percent-encoding.
func (u URI) QueryParam(key string) (string, bool) { return u.param(key, false) }

// FormParam is QueryParam with the pairs decoded as FormParams decodes
// them, "+" as a space: the value an HTML form sent for key.
func (u URI) FormParam(key string) (string, bool) { return u.param(key, true) }

func (u URI) param(key string, form bool) (value string, found bool) {
	pairs(u.Query(), func(k, v string, _, _ int) bool {
		if equalDecoded(k, key, form) {
			value, found = decodeParam(v, form), true
			return false
		}
		return true
	})
	return value, found
}

// FormValues returns the pairs of u's query as a url.Values, decoded as
// FormParams decodes them: the map that net/url's URL.Query returns for
// the same URI, for code that takes one. Unlike net/url's ParseQuery it
// does not drop a pair that holds ";".
func (u URI) FormValues() url.Values {
	v := url.Values{}
	for k, val := range u.FormParams() {
		v[k] = append(v[k], val)
	}
	return v
}

// WithValues returns u with its query replaced by v, encoded by v.Encode
// (keys sorted, EscapeForm's encoding), or with no query when v is empty.
// The fragment stays. The error, an *Error with Op "with query", is
// ErrTooLong alone.
func (u URI) WithValues(v url.Values) (URI, error) {
	q := v.Encode()
	if q == "" {
		return u.WithoutQuery(), nil
	}
	r, err := u.WithQuery(q)
	return r, withOp(err, "with query")
}

// SetParam returns u with the value of key set to value: the first pair
// whose key, percent-decoded, is key keeps its place and its key as
// written and gets value, the later pairs with that key are deleted, and
// when there is none the pair goes at the end of the query. key and value
// are data, encoded by EscapeQueryParam, so that neither can reach beyond
// its pair.
//
// Every other pair keeps its bytes and its place, and so do the "&"
// between them: a signature computed over the other pairs still holds.
// The fragment stays. The result is written in one allocation; the error,
// an *Error with Op "set param", is ErrTooLong alone, for a result longer
// than a URI can be.
func (u URI) SetParam(key, value string) (URI, error) {
	return u.editParams(key, value, editSet, "set param")
}

// AddParam returns u with the pair key=value added at the end of its
// query, after any pair with the same key, as SetParam writes it. A URI
// without a query gets one. Every other byte stays, and the error is that
// of SetParam, with Op "add param".
func (u URI) AddParam(key, value string) (URI, error) {
	return u.editParams(key, value, editAdd, "add param")
}

// DeleteParam returns u without the pairs whose key, percent-decoded, is
// key, each deleted with one "&" beside it; every other pair keeps its
// bytes and its place. When no pair is left the "?" goes too, so that
// "https://a/p?sig=x" becomes "https://a/p". u comes back as it is,
// without allocating, when no pair has the key; otherwise the result is
// written in one allocation.
func (u URI) DeleteParam(key string) URI {
	r, err := u.editParams(key, "", editDelete, "delete param")
	if err != nil {
		return u // unreachable: deleting makes the text shorter
	}
	return r
}

type paramEdit uint8

const (
	editSet paramEdit = iota
	editAdd
	editDelete
)

// editParams writes u with its query edited, in one buffer sized first.
func (u URI) editParams(key, value string, edit paramEdit, op string) (URI, error) {
	query := u.Query()
	ev := paramLen(value, &paramKeep, false)
	size := len(u.s) + 1 // an upper bound: the "?" of a URI without a query
	setAt, matches := -1, 0
	if edit != editAdd {
		pairs(query, func(k, v string, start, end int) bool {
			if !equalDecoded(k, key, false) {
				return true
			}
			if matches++; matches == 1 && edit == editSet {
				setAt = start
				size += 1 + ev - len(v) // "=" and the new value
			} else {
				size -= end - start
			}
			return true
		})
		if matches == 0 && edit == editDelete {
			return u, nil
		}
	}
	if edit == editAdd || edit == editSet && setAt < 0 {
		size += 2 + paramLen(key, &paramKeep, false) + ev // "&", key, "=", value
	}

	b := make([]byte, 0, size)
	b = append(b, u.s[:u.m.PathEnd()]...)
	q := len(b) + 1 // where the query begins
	b = append(b, '?')
	if u.HasQuery() {
		// The pieces between "&" that stay, empty ones too, joined by
		// "&" as they were: only the pieces dropped lose their bytes.
		first := true
		for start := 0; start <= len(query); {
			end := strings.IndexByte(query[start:], '&')
			if end < 0 {
				end = len(query)
			} else {
				end += start
			}
			piece := query[start:end]
			k, _, _ := strings.Cut(piece, "=")
			match := edit != editAdd && piece != "" && equalDecoded(k, key, false)
			if !match || start == setAt {
				if !first {
					b = append(b, '&')
				}
				first = false
				if match {
					b = appendParam(append(append(b, k...), '='), value, &paramKeep, false)
				} else {
					b = append(b, piece...)
				}
			}
			start = end + 1
		}
	}
	if edit == editAdd || edit == editSet && setAt < 0 {
		if len(b) > q && b[len(b)-1] != '&' {
			b = append(b, '&')
		}
		b = appendParam(b, key, &paramKeep, false)
		b = appendParam(append(b, '='), value, &paramKeep, false)
	}
	if edit == editDelete && len(b) == q {
		b = b[:q-1] // no pair left: no query
	}
	b = append(b, u.s[u.m.QueryEnd():]...)
	return rescan(bytesToString(b), op)
}

// rescan returns the URI of the text s, which an edit has just written
// and will not write again (or sliced from a URI), reading it as it read
// the URI it edited: with zone identifiers, which only an unchanged host
// can hold. Only ErrTooLong can fail.
func rescan(s string, op string) (URI, error) {
	m, f := scan.Scan(s, scan.Options{ZoneID: true})
	if f != 0 {
		return URI{}, withOp(newError(s, f), op)
	}
	return URI{core{s, m}}, nil
}
