package canon

import (
	"strings"

	"github.com/urilabs/rfc3986/internal/numhost"
	"github.com/urilabs/rfc3986/uri"
)

// SafeBrowsingExpressions returns the host-suffix/path-prefix expressions
// that Google Safe Browsing looks a URL up by (the Safe Browsing API's
// "Suffix/Prefix Expressions"), from its Google canonical form: up to five
// hosts (the exact host, then up to four formed from its last five labels,
// dropping leading labels, the top-level label alone excluded; an IPv4 host
// only itself) by up to six paths (the exact path with its query, without
// it, and the root with up to three more leading segments, each with a
// trailing slash), host-major, without duplicates.
func SafeBrowsingExpressions(rawURL string) ([]string, error) {
	c, err := Google.Canonicalize(rawURL)
	if err != nil {
		return nil, err
	}
	u, err := uri.Parse(c)
	if err != nil {
		return nil, err
	}
	host, path := u.Host(), u.Path()
	hosts := []string{host}
	if _, ok := numhost.Google(host); !ok && !strings.HasPrefix(host, "[") {
		labels := strings.Split(host, ".")
		start := max(1, len(labels)-5)
		for i := start; i < len(labels)-1; i++ {
			hosts = append(hosts, strings.Join(labels[i:], "."))
		}
	}
	var paths []string
	addPath := func(p string) {
		for _, q := range paths {
			if q == p {
				return
			}
		}
		paths = append(paths, p)
	}
	if u.HasQuery() {
		addPath(path + "?" + u.Query())
	}
	addPath(path)
	addPath("/")
	prefix := "/"
	segs := strings.Split(strings.TrimPrefix(path, "/"), "/")
	for i := 0; i < len(segs)-1 && i < 3; i++ {
		prefix += segs[i] + "/"
		addPath(prefix)
	}
	var out []string
	for _, h := range hosts {
		for _, p := range paths {
			out = append(out, h+p)
		}
	}
	return out, nil
}
