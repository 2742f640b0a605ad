package reference

import "strings"

// ShorterReference looks for a reference shorter than n bytes that the
// literal Resolve (with Guard) turns into target against base, and
// returns the first it finds. It tries every reference written as one of
// the prefixes "", ".", "./", "/.", "..", "../", "../..", "../../", ...
// (as many "../" as base's path has segments, and one more) followed by a
// suffix of target's text: every form a shortest reference can take, for
// the slow check that a Relativize is shortest. Both are valid Parts;
// base has a scheme.
func ShorterReference(base, target Parts, n int) (string, bool) {
	t := target.String()
	prefixes := []string{"", ".", "./", "/."}
	for up := "../"; len(prefixes) < 6+2*strings.Count(base.Path, "/"); up += "../" {
		prefixes = append(prefixes, up[:len(up)-1], up)
	}
	for _, p := range prefixes {
		for i := 0; i <= len(t) && len(p)+len(t)-i < n; i++ {
			r := p + t[i:]
			ref, ok := Match(r)
			if !ok {
				continue
			}
			if Guard(Resolve(base, ref, true)).String() == t {
				return r, true
			}
		}
	}
	return "", false
}
