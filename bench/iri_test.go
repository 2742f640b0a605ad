package bench

import (
	"net/url"
	"strings"
	"sync"
	"testing"

	contomap "github.com/contomap/iri"
	"github.com/urilabs/rfc3986/uri"
)

// BenchmarkParseIRI parses every line as an IRI (RFC 3987): the web corpus,
// which is ASCII, against Parse on the same lines, so that the cost of
// reading IRIs rather than URIs shows (web-common, where every line is
// valid, shows that neither allocates); and IRIs with non-ASCII paths,
// against the Go parsers that take them: net/url, which lets any byte >=
// 0x80 through, and contomap/iri, the one Go IRI parser on the module
// proxy. rfc3986-parse-uri is Parse on the same lines mapped to URIs with
// IRI.ToURI, the work of reading them that is not Unicode's.
func BenchmarkParseIRI(b *testing.B) {
	iriParsers := []impl{
		{"rfc3986", parseIRIRFC3986},
		{"rfc3986-parse", parseRFC3986},
		{"rfc3986-parse-uri", parseAsURIRFC3986},
		{"net-url", parseNetURL},
		{"contomap-iri", parseContomap},
	}
	runWorkloads(b, []workload{
		{"web", webInput, iriParsers},
		{"web-common", commonInput, iriParsers},
		{"iri-path", iriPathInput, iriParsers},
	})
}

func parseIRIRFC3986(in *input) (n int) {
	for _, s := range in.lines {
		if _, err := uri.ParseIRI(s); err == nil {
			n++
		}
	}
	return n
}

// asURIs holds, for each input, its lines mapped to URIs by IRI.ToURI, or
// as they are where they are no IRI.
var asURIs sync.Map // *input to []string

// parseAsURIRFC3986 parses the lines of in mapped to URIs (asURIs), each
// mapped once, before the first call measures.
func parseAsURIRFC3986(in *input) (n int) {
	v, ok := asURIs.Load(in)
	if !ok {
		lines := make([]string, len(in.lines))
		for k, s := range in.lines {
			lines[k] = s
			if i, err := uri.ParseIRI(s); err == nil {
				lines[k] = i.ToURI().String()
			}
		}
		v, _ = asURIs.LoadOrStore(in, lines)
	}
	for _, s := range v.([]string) {
		if _, err := uri.Parse(s); err == nil {
			n++
		}
	}
	return n
}

// parseContomap uses contomap/iri's Parse, which takes an IRI-reference.
func parseContomap(in *input) (n int) {
	for _, s := range in.lines {
		if _, err := contomap.Parse(s); err == nil {
			n++
		}
	}
	return n
}

// iriPathInput holds the lines of web-common with the ASCII letters of
// their paths written in another script, a character a letter: hiragana
// (three bytes in UTF-8) in even lines, Latin letters with diacritics (two
// bytes) in odd ones, so that a path reads as one of a Japanese or a
// European site does. Lines that one of the IRI parsers rejects are left
// out, so that each does the work of a successful parse on every line.
var iriPathInput = sync.OnceValues(func() (*input, error) {
	common, err := commonInput()
	if err != nil {
		return nil, err
	}
	var lines []string
	for k, s := range common.lines {
		u := uri.MustParse(s)
		base := rune(0x3041) // ぁ
		if k%2 == 1 {
			base = 0xE0 // à
		}
		path := strings.Map(func(r rune) rune {
			if 'a' <= r && r <= 'z' {
				return base + r - 'a'
			}
			return r
		}, u.Path())
		start := strings.Index(s, u.Path())
		if u.Path() == path || start < 0 {
			continue
		}
		line := s[:start] + path + s[start+len(u.Path()):]
		_, err1 := uri.ParseIRI(line)
		_, err2 := url.Parse(line)
		_, err3 := contomap.Parse(line)
		if err1 == nil && err2 == nil && err3 == nil {
			lines = append(lines, line)
		}
	}
	return newInput(lines), nil
})
