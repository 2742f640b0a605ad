package bench

import (
	"testing"

	nlnwa "github.com/nlnwa/whatwg-url/url"
	"github.com/urilabs/rfc3986/uri/whatwg"
)

// BenchmarkParseWHATWG reads the corpus as a browser does: rfc3986 is
// whatwg.Parse, the URL Standard's parser, beside uri.Parse
// (rfc3986-parse), which reads RFC 3986 only, and nlnwa/whatwg-url, the
// other WHATWG URL parser in pure Go.
func BenchmarkParseWHATWG(b *testing.B) {
	runWorkloads(b, []workload{{"web", webInput, []impl{
		{"rfc3986", parseWHATWG},
		{"rfc3986-parse", parseRFC3986},
		{"nlnwa-whatwg-url", parseNlnwa},
	}}})
}

// BenchmarkCanParseWHATWG times whatwg.CanParse, which must allocate
// nothing, beside uri.Parse.
func BenchmarkCanParseWHATWG(b *testing.B) {
	runWorkloads(b, []workload{{"web", webInput, []impl{
		{"rfc3986", canParseWHATWG},
		{"rfc3986-parse", parseRFC3986},
	}}})
}

func parseWHATWG(in *input) (n int) {
	for _, s := range in.lines {
		if _, err := whatwg.Parse(s); err == nil {
			n++
		}
	}
	return n
}

func canParseWHATWG(in *input) (n int) {
	for _, s := range in.lines {
		if whatwg.CanParse(s) {
			n++
		}
	}
	return n
}

// parseNlnwa uses nlnwa/whatwg-url's Parse, with its default options.
func parseNlnwa(in *input) (n int) {
	for _, s := range in.lines {
		if _, err := nlnwa.Parse(s); err == nil {
			n++
		}
	}
	return n
}
