package bench

import (
	"strings"
)

// longCount is how many URLs the long input holds: about 1.2 MB in all.
const longCount = 256

// Query strings of the long URLs are this long, in bytes.
const (
	minQuery = 1 << 10
	maxQuery = 8 << 10
)

// longURLs returns n URLs with query strings of 1 to 8 KB, shaped like the
// tracking and redirect links an HTTP proxy sees: many key=value pairs,
// percent-encoded URLs (some encoded twice) and JSON inside values, and long
// base64 tokens. Every one is a valid URI. The result depends on nothing but
// n, and the first URLs are the same for every n, so that figures measured on
// different machines and commits compare.
func longURLs(n int) []string {
	r := splitmix(0x5eed)
	urls := make([]string, n)
	for i := range urls {
		urls[i] = longURL(&r)
	}
	return urls
}

var (
	longHosts = []string{
		"click.mail.example.com", "t.example.net", "www.googleadservices.example",
		"ad.doubleclick.example", "l.facebook.example", "links.news.example.org",
		"r.email.shop.example", "track.example.io", "10.20.30.40", "eu-west-1.clicks.example.co.uk",
	}
	longPaths = []string{
		"/ls/click", "/pagead/aclk", "/ddm/trackclk/N1234.5678SITE/B9012345.67;dc_trk_aid=456789;dc_trk_cid=890123",
		"/l.php", "/wf/click", "/r/", "/CL0/https:%2F%2Fwww.shop.example%2Fsale/1/0100018f2c3d4e5f-6a7b8c9d-0e1f-2a3b/abc=123",
		"/v1/redirect", "/", "/c/v2/eyJhbGciOiJIUzI1NiJ9",
	}
	longKeys = []string{
		"utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term", "gclid", "fbclid",
		"msclkid", "mc_eid", "ref", "lang", "v", "id", "t", "_hsenc", "_hsmi", "cid", "sid",
	}
	longRedirectKeys = []string{"u", "url", "redirect", "dest", "adurl", "q", "continue"}
	longTokenKeys    = []string{"upn", "token", "sig", "data", "s", "p", "ved", "ei", "jwt"}
	longWords        = []string{
		"spring-sale", "newsletter", "email", "cpc", "retargeting", "summer_2026", "Zoë",
		"日本", "a b&c=d", "100%", "shoes/running", "q?x", "déjà vu",
	}
)

const (
	alnum     = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	base64Std = alnum + "+/"
	base64URL = alnum + "-_"
)

// longURL returns one tracking link.
func longURL(r *splitmix) string {
	var b strings.Builder
	b.WriteString("https://")
	b.WriteString(pick(r, longHosts))
	b.WriteString(pick(r, longPaths))
	b.WriteByte('?')
	start := b.Len()
	target := minQuery + r.intn(maxQuery-minQuery+1)
	for b.Len()-start < target {
		p := longPair(r)
		room := maxQuery - (b.Len() - start)
		if b.Len() > start {
			room-- // for the "&"
		}
		if len(p) > room {
			if room < 64 {
				break
			}
			continue
		}
		if b.Len() > start {
			b.WriteByte('&')
		}
		b.WriteString(p)
	}
	if r.intn(8) == 0 {
		b.WriteString("#section-")
		b.WriteString(pick(r, longKeys))
	}
	return b.String()
}

// longPair returns one key=value pair of a query.
func longPair(r *splitmix) string {
	switch r.intn(8) {
	case 0, 1: // a redirect target, percent-encoded once or twice
		inner := "https://www." + pick(r, []string{"shop", "news", "travel", "bank"}) + ".example/" +
			pick(r, longWords) + "/" + token(r, alnum, 4, 12) + "?" +
			pick(r, longKeys) + "=" + pick(r, longWords) + "&" + pick(r, longKeys) + "=" + token(r, alnum, 8, 24)
		v := pctEncode(inner)
		if r.intn(3) == 0 {
			v = pctEncode(v)
		}
		return pick(r, longRedirectKeys) + "=" + v
	case 2, 3: // a base64 or base64url token
		alphabet, pad := base64Std, "=="
		if r.intn(2) == 0 {
			alphabet, pad = base64URL, ""
		}
		return pick(r, longTokenKeys) + "=" + token(r, alphabet, 16, 1200) + pad[:r.intn(len(pad)+1)]
	case 4: // JSON, percent-encoded
		return "payload=" + pctEncode(`{"id":`+token(r, "0123456789", 3, 9)+`,"name":"`+pick(r, longWords)+
			`","tags":["`+pick(r, longWords)+`","`+pick(r, longWords)+`"]}`)
	default: // a campaign parameter
		v := pick(r, longWords)
		if r.intn(2) == 0 {
			v = token(r, alnum+"-_.", 4, 40)
		}
		return pick(r, longKeys) + "=" + pctEncode(v)
	}
}

// token returns between lo and hi bytes drawn from alphabet.
func token(r *splitmix, alphabet string, lo, hi int) string {
	b := make([]byte, lo+r.intn(hi-lo+1))
	for i := range b {
		b[i] = alphabet[r.intn(len(alphabet))]
	}
	return string(b)
}

// pctEncode percent-encodes every byte of s that is not unreserved
// (RFC 3986, section 2.3), with upper-case hexadecimal digits.
func pctEncode(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if strings.IndexByte(alnum+"-._~", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

func pick(r *splitmix, from []string) string { return from[r.intn(len(from))] }

// splitmix is the SplitMix64 generator: a few lines fully defined here, so
// that the long URLs never change with the Go release.
type splitmix uint64

func (s *splitmix) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// intn returns a number in [0, n); its slight bias does not matter here.
func (s *splitmix) intn(n int) int { return int(s.next() % uint64(n)) }
