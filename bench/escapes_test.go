package bench

import (
	"fmt"
	"sync"
)

// The escape workloads are long URLs in which a set share of the positions
// start a percent-encoded octet, the shape of tracking links and encoded
// redirect targets: they measure what a "%XX" costs a parser, from none
// at all to nearly every byte. Each set holds escapedCount URLs of 1 to 8
// KB whose lengths are the same in every set, so that the sets differ only
// in their escapes.
const escapedCount = 256

// Each escape set is a density, in percent of the positions of a URL that
// start a "%XX", and the case of the hexadecimal digits.
var escapeSets = []struct {
	percent int
	mixed   bool // upper- and lower-case hex digits, else upper case only
}{
	{0, false},
	{3, false}, {10, false}, {30, false},
	{3, true}, {10, true}, {30, true},
}

// escapeSetName names an escape set as an input of the benchmarks:
// esc10 for 10% with upper-case digits, esc10-mixed with both cases.
func escapeSetName(percent int, mixed bool) string {
	if mixed {
		return fmt.Sprintf("esc%d-mixed", percent)
	}
	return fmt.Sprintf("esc%d", percent)
}

// escapeWorkloads returns one workload per escape set, for the parsers.
func escapeWorkloads() []workload {
	var ws []workload
	for _, set := range escapeSets {
		load := sync.OnceValues(func() (*input, error) {
			return newInput(escapedURLs(escapedCount, set.percent, set.mixed)), nil
		})
		ws = append(ws, workload{escapeSetName(set.percent, set.mixed), load, parsers()})
	}
	return ws
}

// escapeHosts are registered names that every parser accepts for http and
// https (no "_", no IP address, no trailing dot).
var escapeHosts = []string{
	"t.example.net", "click.mail.example.com", "links.news.example.org", "r.shop.example", "go.example.io",
}

// escapedURLs returns n valid URLs of 1 to 8 KB, in which round(percent ×
// length / 100) positions start a "%XX". The escapes are spread at random
// over the path and query, in runs of one to three that encode a UTF-8
// character (see encodedChar); between them are unreserved characters and
// the delimiters of a path ("/") and a query ("?", "&", "="). The result
// depends only on its arguments, and URL i has the same length for every
// percent and case.
func escapedURLs(n, percent int, mixed bool) []string {
	lengths := splitmix(0x1e57)
	r := splitmix(0xe5c + uint64(percent)<<1 + uint64(b2i(mixed)))
	urls := make([]string, n)
	for i := range urls {
		size := minQuery + lengths.intn(maxQuery-minQuery+1)
		urls[i] = escapedURL(&r, size, percent, mixed)
	}
	return urls
}

// escapedURL returns one URL of size bytes of which round(percent × size /
// 100) start an escape.
func escapedURL(r *splitmix, size, percent int, mixed bool) string {
	b := make([]byte, 0, size)
	b = append(b, "https://"...)
	b = append(b, pick(r, escapeHosts)...)
	b = append(b, '/')
	escapes := (percent*size + 50) / 100
	literals := size - len(b) - 3*escapes
	queryAt := size / 8 // the path takes about the first eighth
	inQuery := false
	for escapes+literals > 0 {
		if r.intn(escapes+literals) < escapes {
			for _, c := range encodedChar(r, escapes) {
				escapes--
				b = append(b, '%', hexDigit(r, c>>4, mixed), hexDigit(r, c&15, mixed))
			}
			continue
		}
		literals--
		c := (alnum + "-._~")[r.intn(len(alnum)+4)]
		switch {
		case !inQuery && len(b) >= queryAt:
			c, inQuery = '?', true
		case inQuery && r.intn(16) == 0:
			c = "&="[r.intn(2)]
		case !inQuery && r.intn(12) == 0 && b[len(b)-1] != '/':
			c = '/'
		}
		b = append(b, c)
	}
	return string(b)
}

// encodedChar returns the UTF-8 encoding of a random character of one to
// three bytes, at most max, for that many escapes in a row: half of them
// printable ASCII, as the ":", "/", "&" and spaces of an encoded URL, the
// others from the rest of the Basic Multilingual Plane. Some parsers
// (fredbi/uri) reject escapes that decode to invalid UTF-8.
func encodedChar(r *splitmix, max int) []byte {
	n := min(max, []int{1, 1, 2, 3}[r.intn(4)])
	cont := func() byte { return byte(0x80 + r.intn(0x40)) }
	switch n {
	case 2:
		return []byte{byte(0xc2 + r.intn(0xe0-0xc2)), cont()}
	case 3: // E1 to EC take any continuation bytes: no overlong form, no surrogate
		return []byte{byte(0xe1 + r.intn(0xed-0xe1)), cont(), cont()}
	}
	return []byte{byte(0x20 + r.intn(0x7f-0x20))}
}

// hexDigit returns the hexadecimal digit of d, a letter in upper case or,
// when mixed, in either case at random.
func hexDigit(r *splitmix, d byte, mixed bool) byte {
	const upper, lower = "0123456789ABCDEF", "0123456789abcdef"
	if mixed && d >= 10 && r.intn(2) == 0 {
		return lower[d]
	}
	return upper[d]
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
