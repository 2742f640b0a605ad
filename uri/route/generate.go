package route

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// hardPieces are the pieces hard targets are made of: the segments and
// escapes on which products read a path differently.
var hardPieces = []string{
	"a", "x", "admin", "Admin", "v1", "..", ".", "%2e%2e", "%2E%2e", ".%2e", "%2e", "%2E", "", "%2f", "%2F",
	"a%2fb", "..%2f", "%2e%2e%2f", "%5c", "%5C..%5C", "\\", "..\\", ";x", "..;", ";jsessionid=1", "%3b", "%00",
	"%25", "%252e", "%252f", "%3f", "%3F", "%23", "\xc3\xa9", "%c3%a9", "\xff", "%ff", "%zz", "%", "%2", "~u", "%7eu",
	"%41", "A", "%61dmin", "a.b", "a..", "...", "%20", "+", "a|b", "{", "^", "`", "\"", "<", "[", "]", "@", ":", "=",
	"$", "!", "'", "(", "*", ",", "&",
}

var hardQueries = []string{"", "", "", "?", "?a=1", "?a=%2F&b=..", "?x=/../y", "?%zz", "#f", "?q#f", "?b=2&a=1"}

// generateTargets makes n hard request-targets from seed, around the
// paths the configuration's blocks match (each as written, without its
// trailing "/", in another case, escaped, with its slashes doubled), and
// around limit, the length of a target past which the product refuses
// it (0: none).
func generateTargets(seed uint64, paths []string, limit, n int) []string {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var prefixes []string
	add := func(p string) {
		if !slices.Contains(prefixes, p) {
			prefixes = append(prefixes, p)
		}
	}
	add("/")
	for _, p := range paths {
		if p == "" || p[0] != '/' {
			continue
		}
		add(p)
		add(strings.TrimSuffix(p, "/"))
		add(strings.ToUpper(p))
		add(strings.ReplaceAll(p, "/", "//"))
		add(strings.Replace(p, "/", "/./", 1))
		if len(p) > 1 {
			// The first letter escaped, as "/%61pi/".
			add(p[:1] + "%" + strings.ToLower(string(hexUpper[p[1]>>4])+string(hexUpper[p[1]&15])) + p[2:])
			add(p + "../")
			add(p + "..%2f")
			add(p + "%2e%2e/")
			add(strings.TrimSuffix(p, "/") + "%2f")
			add(strings.TrimSuffix(p, "/") + ";x/")
		}
	}
	out := make([]string, 0, n)
	seen := map[string]bool{}
	for _, p := range prefixes {
		out = append(out, p)
		seen[p] = true
	}
	for tries := 0; len(out) < n && tries < 20*n; tries++ {
		var b strings.Builder
		switch rng.IntN(20) {
		case 0:
			b.WriteString("http://example.test")
		case 1:
			b.WriteString("HTTP://example.test:80")
		}
		b.WriteString(prefixes[rng.IntN(len(prefixes))])
		for k := rng.IntN(4); k > 0; k-- {
			if s := b.String(); s != "" && s[len(s)-1] != '/' {
				b.WriteByte('/')
			}
			b.WriteString(hardPieces[rng.IntN(len(hardPieces))])
		}
		if rng.IntN(4) == 0 {
			b.WriteString(hardPieces[rng.IntN(len(hardPieces))])
		}
		b.WriteString(hardQueries[rng.IntN(len(hardQueries))])
		t := b.String()
		if limit > 0 && rng.IntN(40) == 0 {
			// Around the limit.
			pad := limit - len(t) + rng.IntN(41) - 20
			if pad > 0 {
				t = "/" + strings.Repeat("a", pad) + t
			}
		}
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}
