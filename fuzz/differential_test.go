package fuzz

import (
	"net/url"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

// differences are the intentional ways net/url reads a reference that both
// parsers accept differently from RFC 3986, and how the comparison in
// FuzzDifferential allows for each. Anything else is a disagreement the
// fuzzer reports.
var differences = []struct{ name, what string }{
	{"scheme case", "net/url lowercases the scheme; RFC 3986 keeps it as written (section 3.1 makes it case-insensitive): compared case-insensitively"},
	{"opaque", "net/url keeps the path of a URI without authority whose path does not begin with \"/\" (\"mailto:a@b\") in Opaque: compared with our path"},
	{"decoded components", "net/url decodes the host, userinfo, path and fragment; the raw forms are compared through EscapedPath and EscapedFragment, and the host and userinfo after decoding ours"},
	{"IPv6 brackets", "url.URL.Hostname drops the brackets of an IP-literal; our Host keeps them (section 3.2.2): compared without them"},
	{"empty query", "net/url records an empty query in ForceQuery: HasQuery is compared with RawQuery != \"\" || ForceQuery"},
	{"triple slash", "net/url reads a reference without scheme that begins with \"///\" as a path; RFC 3986 reads an empty authority and a path: our \"//\" and path are compared with their path, and the rest as usual"},
	{"asterisk path", "net/url's EscapedPath writes the path \"*\" as \"*\" however it was written (Go issue 11202), so \"%2A\" comes back as \"*\": our path is compared decoded when theirs is \"*\""},
}

// allow returns true, after checking that name is one of the differences
// above, so that the comparison cannot allow for one the table does not
// list.
func allow(t *testing.T, name string) bool {
	for _, d := range differences {
		if d.name == name {
			return true
		}
	}
	t.Fatalf("the comparison allows for %q, which the table of differences does not list", name)
	return false
}

// FuzzDifferential compares Parse with net/url.Parse on inputs both accept.
func FuzzDifferential(f *testing.F) {
	f.Add("http://user:pw@example.com:8042/over/there?name=ferret#nose") // every component
	f.Add("mailto:John.Doe@example.com")                                 // opaque in net/url
	f.Add("HTTP://[2001:db8::7]:80/c=GB?objectClass?one")                // scheme case, IPv6
	f.Add("//example.com/a%20b?#")                                       // empty query and fragment
	f.Add("/a/%2F/b")                                                    // an encoded slash in the path
	addCorpusSample(f, "web_urls.txt", 499)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.Parse(s)
		if err != nil {
			return
		}
		n, err := url.Parse(s)
		if err != nil {
			return
		}
		fail := func(what, ours, theirs string) {
			t.Fatalf("%q: %s: rfc3986 %q, net/url %q", s, what, ours, theirs)
		}
		scheme := u.Scheme()
		if allow(t, "scheme case") {
			scheme = strings.ToLower(scheme)
		}
		if scheme != n.Scheme {
			fail("scheme", u.Scheme(), n.Scheme)
		}
		path, fragment := n.Path, n.Fragment
		if allow(t, "decoded components") {
			path, fragment = n.EscapedPath(), n.EscapedFragment()
		}
		if n.Opaque != "" && allow(t, "opaque") {
			path = n.Opaque
		}
		ourPath := u.Path()
		if !u.HasScheme() && strings.HasPrefix(s, "///") && allow(t, "triple slash") {
			ourPath = "//" + ourPath // the empty authority's "//"
		}
		if n.Path == "*" && path == "*" && allow(t, "asterisk path") {
			if p, err := url.PathUnescape(ourPath); err == nil && p == "*" {
				path = ourPath
			}
		}
		if ourPath != path {
			fail("path", ourPath, path)
		}
		if u.HasQuery() != (n.RawQuery != "" || n.ForceQuery && allow(t, "empty query")) || u.Query() != n.RawQuery {
			fail("query", u.Query(), n.RawQuery)
		}
		if u.Fragment() != fragment {
			fail("fragment", u.Fragment(), fragment)
		}
		if u.HasAuthority() {
			host := u.Host()
			if strings.HasPrefix(host, "[") && allow(t, "IPv6 brackets") {
				host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
			}
			h, err := url.PathUnescape(host)
			if err != nil {
				t.Fatalf("%q: our host %q does not decode: %v", s, host, err)
			}
			if h != n.Hostname() {
				fail("host", h, n.Hostname())
			}
			if u.Port() != n.Port() {
				fail("port", u.Port(), n.Port())
			}
			if u.HasUserInfo() != (n.User != nil) {
				fail("userinfo defined", u.UserInfo(), n.User.String())
			}
			ui, err := url.PathUnescape(u.UserInfo())
			if err != nil {
				t.Fatalf("%q: our userinfo %q does not decode: %v", s, u.UserInfo(), err)
			}
			if n.User != nil {
				theirs := n.User.Username()
				if p, ok := n.User.Password(); ok {
					theirs += ":" + p
				}
				if ui != theirs {
					fail("userinfo", ui, theirs)
				}
			}
		} else if n.Host != "" || n.User != nil {
			fail("authority", "", n.Host)
		}
	})
}
