package whatwg

import (
	"iter"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/urilabs/rfc3986/internal/pct"
)

// SearchParams is a list of name-value pairs in the
// application/x-www-form-urlencoded format (section 5), as URLSearchParams
// holds them: in order, names repeating.
type SearchParams struct {
	list []pair
}

type pair struct{ name, value string }

// ParseForm parses s as application/x-www-form-urlencoded (section 5.1): a
// leading "?" is dropped, as new URLSearchParams(s) does; "&" separates
// pairs, the first "=" a name from its value, "+" is a space, and
// percent-encodings are decoded, with U+FFFD for bytes that are not UTF-8.
func ParseForm(s string) SearchParams {
	s = strings.TrimPrefix(s, "?")
	return parseForm(s)
}

func parseForm(s string) SearchParams {
	var p SearchParams
	for s != "" {
		seq := s
		if i := strings.IndexByte(s, '&'); i >= 0 {
			seq, s = s[:i], s[i+1:]
		} else {
			s = ""
		}
		if seq == "" {
			continue
		}
		name, value, _ := strings.Cut(seq, "=")
		p.list = append(p.list, pair{formDecode(name), formDecode(value)})
	}
	return p
}

func formDecode(s string) string {
	if strings.IndexByte(s, '+') < 0 && strings.IndexByte(s, '%') < 0 && utf8.ValidString(s) {
		return s
	}
	return utf8Lossy(pct.AppendDecoded(nil, strings.ReplaceAll(s, "+", " ")))
}

// utf8Lossy decodes b as UTF-8, with U+FFFD for each maximal subpart of
// an ill-formed sequence, as the Encoding Standard's decoder does.
func utf8Lossy(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	out := make([]byte, 0, len(b)+8)
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || n > 1 {
			out = append(out, b[i:i+n]...)
			i += n
			continue
		}
		out = append(out, "\uFFFD"...)
		i += maximalSubpart(b[i:])
	}
	return string(out)
}

// maximalSubpart returns the length of the longest prefix of b, an
// ill-formed sequence, that begins a well-formed one (at least 1).
func maximalSubpart(b []byte) int {
	c := b[0]
	var need int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c >= 0xE0 && c <= 0xEF:
		need = 2
		if c == 0xE0 {
			lo = 0xA0
		} else if c == 0xED {
			hi = 0x9F
		}
	case c >= 0xF0 && c <= 0xF4:
		need = 3
		if c == 0xF0 {
			lo = 0x90
		} else if c == 0xF4 {
			hi = 0x8F
		}
	default:
		return 1
	}
	i := 1
	for ; i <= need && i < len(b); i++ {
		if b[i] < lo || b[i] > hi {
			return i
		}
		lo, hi = 0x80, 0xBF
	}
	return i
}

// appendForm appends s serialized as application/x-www-form-urlencoded: a
// space is "+", and the bytes of its percent-encode set are encoded.
func appendForm(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			dst = append(dst, '+')
		} else {
			dst = pct.AppendEncodedByte(dst, s[i], &pct.WHATWGForm)
		}
	}
	return dst
}

// String serializes the list (section 5.2).
func (p *SearchParams) String() string {
	var b []byte
	for i, kv := range p.list {
		if i > 0 {
			b = append(b, '&')
		}
		b = appendForm(b, kv.name)
		b = append(b, '=')
		b = appendForm(b, kv.value)
	}
	return string(b)
}

// Len returns the number of pairs.
func (p *SearchParams) Len() int { return len(p.list) }

// All iterates over the pairs in order.
func (p *SearchParams) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, kv := range p.list {
			if !yield(kv.name, kv.value) {
				return
			}
		}
	}
}

// Append adds a pair at the end.
func (p *SearchParams) Append(name, value string) {
	p.list = append(p.list, pair{toUSV(name), toUSV(value)})
}

// Delete removes every pair with name.
func (p *SearchParams) Delete(name string) {
	p.list = slices.DeleteFunc(p.list, func(kv pair) bool { return kv.name == name })
}

// DeleteValue removes every pair with name and value.
func (p *SearchParams) DeleteValue(name, value string) {
	p.list = slices.DeleteFunc(p.list, func(kv pair) bool { return kv.name == name && kv.value == value })
}

// Get returns the value of the first pair with name, and whether there is
// one.
func (p *SearchParams) Get(name string) (string, bool) {
	for _, kv := range p.list {
		if kv.name == name {
			return kv.value, true
		}
	}
	return "", false
}

// GetAll returns the values of every pair with name, in order.
func (p *SearchParams) GetAll(name string) []string {
	var vs []string
	for _, kv := range p.list {
		if kv.name == name {
			vs = append(vs, kv.value)
		}
	}
	return vs
}

// Has reports whether a pair has name.
func (p *SearchParams) Has(name string) bool {
	_, ok := p.Get(name)
	return ok
}

// Set sets the value of the first pair with name and removes the others,
// or appends a pair when there is none.
func (p *SearchParams) Set(name, value string) {
	name, value = toUSV(name), toUSV(value)
	for i, kv := range p.list {
		if kv.name == name {
			p.list[i].value = value
			j := i + 1
			p.list = append(p.list[:j], slices.DeleteFunc(p.list[j:], func(kv pair) bool { return kv.name == name })...)
			return
		}
	}
	p.list = append(p.list, pair{name, value})
}

// Sort sorts the pairs by name, stably, comparing names as sequences of
// UTF-16 code units as JavaScript does.
func (p *SearchParams) Sort() {
	slices.SortStableFunc(p.list, func(a, b pair) int { return compareUTF16(a.name, b.name) })
}

func compareUTF16(a, b string) int {
	ua, ub := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	return slices.Compare(ua, ub)
}

func toUSV(s string) string { return utf8Lossy([]byte(s)) }
