package uri_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/uri"
)

// TestNormalizeRFC: the examples of section 6.2.
func TestNormalizeRFC(t *testing.T) {
	groups := []struct {
		normal string
		equal  []string
	}{
		// 6.2.2
		{"example://a/b/c/%7Bfoo%7D", []string{"example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"}},
		// 6.2.2.1
		{"http://www.example.com/", []string{"HTTP://www.EXAMPLE.com/", "http://www.example.com/"}},
		// 6.2.3: the four equivalent http URIs, the second the normal form.
		{"http://example.com/", []string{"http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"}},
		// 6.2.3: an empty query or fragment is not dropped.
		{"http://example.com/?", []string{"http://example.com/?", "http://example.com?"}},
		{"http://example.com/#", []string{"http://example.com/#"}},
	}
	for _, g := range groups {
		for _, s := range g.equal {
			t.Run(s, func(t *testing.T) {
				u := uri.MustParse(s)
				got := u.Normalize()
				if got.String() != g.normal {
					t.Errorf("Normalize(%q) = %q, want %q", s, got, g.normal)
				}
				checkWritten(t, "Normalize("+s+")", got)
				for _, s2 := range g.equal {
					if !uri.Equivalent(u, uri.MustParse(s2)) {
						t.Errorf("Equivalent(%q, %q) = false, want true", s, s2)
					}
				}
			})
		}
	}
	for i, g := range groups {
		t.Run("apart/"+g.normal, func(t *testing.T) {
			for _, h := range groups[i+1:] {
				if uri.Equivalent(uri.MustParse(g.equal[0]), uri.MustParse(h.equal[0])) {
					t.Errorf("Equivalent(%q, %q) = true, want false", g.equal[0], h.equal[0])
				}
			}
		})
	}
}

// normalizeTests give each input's syntax-based normal form (6.2.2) and
// its full one (6.2.2 and 6.2.3).
var normalizeTests = []struct{ in, syntax, full string }{
	// Case (6.2.2.1): scheme and host, IP-literals included.
	{"HTTP://User@Example.COM/Path?Q#F", "http://User@example.com/Path?Q#F", "http://User@example.com/Path?Q#F"},
	{"//[2001:DB8::A]/", "//[2001:db8::a]/", "//[2001:db8::a]/"},
	{"//[V1F.AbC:D]", "//[v1f.abc:d]", "//[v1f.abc:d]"},
	{"//[::FFFF:192.0.2.1]", "//[::ffff:192.0.2.1]", "//[::ffff:192.0.2.1]"},
	{"mailto:Joe@Example.COM", "mailto:Joe@Example.COM", "mailto:Joe@Example.COM"}, // scheme-specific: not done
	// Percent-encodings (6.2.2.2), in every component.
	{"x://%7e%41@h/%7e%41%2f?%7e%41%2f#%7e%41%2f", "x://~A@h/~A%2F?~A%2F#~A%2F", "x://~A@h/~A%2F?~A%2F#~A%2F"},
	{"x://%41%42c.COM%2a/", "x://abc.com%2A/", "x://abc.com%2A/"}, // decoded, then lowercased
	{"x://h/%c3%a9%25", "x://h/%C3%A9%25", "x://h/%C3%A9%25"},
	{"x://%2525/", "x://%2525/", "x://%2525/"}, // decoded once, never twice
	{"//127.0.0.%31/", "//127.0.0.1/", "//127.0.0.1/"},
	{"//%31%32%37.1/", "//127.1/", "//127.1/"},
	// Dot-segments (6.2.2.3), "%2E" counting as ".".
	{"x://h/a/./b/../c", "x://h/a/c", "x://h/a/c"},
	{"x://h/a/%2e/b/%2E%2e/c", "x://h/a/c", "x://h/a/c"},
	{"x://h/a/.%2E/..", "x://h/", "x://h/"},
	{"x://h/..", "x://h/", "x://h/"},
	{"x://h/a%2E/b", "x://h/a./b", "x://h/a./b"},
	{"/a/../b", "/b", "/b"},
	{"//h/a/../b", "//h/b", "//h/b"},
	{"foo:a/../b", "foo:/b", "foo:/b"}, // as remove_dot_segments does
	{"foo:%2E%2E/b", "foo:b", "foo:b"},
	// A relative-path reference keeps its dots, encoded ones included.
	{"../a/./b", "../a/./b", "../a/./b"},
	{"a/%2e%2E/b", "a/%2E%2E/b", "a/%2E%2E/b"},
	{"%2e", "%2E", "%2E"},
	{".%2e/x", ".%2E/x", ".%2E/x"},
	{"%2e%2e%2e/%7e", ".../~", ".../~"},
	{"a/%2E./%61", "a/%2E./a", "a/%2E./a"},
	// The "/." guard.
	{"foo:/a/..//x", "foo:/.//x", "foo:/.//x"},
	{"foo:/.//x", "foo:/.//x", "foo:/.//x"},
	{"foo:/./%2e//x", "foo:/.//x", "foo:/.//x"},
	{"/a/..//x?q", "/.//x?q", "/.//x?q"},
	{"foo:a/..//x", "foo:/.//x", "foo:/.//x"},
	{"foo:/.//x/../..", "foo:/", "foo:/"},
	{"foo://h/a/..//x", "foo://h//x", "foo://h//x"},
	// Ports (6.2.3): empty for every scheme, default by value.
	{"http://a:/", "http://a:/", "http://a/"},
	{"foo://a:/", "foo://a:/", "foo://a/"},
	{"HTTP://a:080/", "http://a:080/", "http://a/"},
	{"http://a:0000000000080/", "http://a:0000000000080/", "http://a/"},
	{"http://a:443/", "http://a:443/", "http://a:443/"},
	{"http://a:8080/", "http://a:8080/", "http://a:8080/"},
	{"http://a:0/", "http://a:0/", "http://a:0/"},
	{"https://a:443/", "https://a:443/", "https://a/"},
	{"ws://a:80/", "ws://a:80/", "ws://a/"},
	{"wss://a:443/", "wss://a:443/", "wss://a/"},
	{"ftp://a:21/", "ftp://a:21/", "ftp://a/"},
	{"foo://a:80/", "foo://a:80/", "foo://a:80/"},
	{"coap://h:5683/", "coap://h:5683/", "coap://h/"}, // the scheme table's, as scheme.DefaultPort
	{"COAPS+TCP://h:05684", "coaps+tcp://h:05684", "coaps+tcp://h"},
	{"rtsp://h:443/", "rtsp://h:443/", "rtsp://h:443/"},
	{"//a:80/", "//a:80/", "//a:80/"},
	{"http://[::1]:80", "http://[::1]:80", "http://[::1]/"},
	// Empty paths (6.2.3): "/" after an authority for http, https, ws, wss.
	{"http://a", "http://a", "http://a/"},
	{"https://a?q", "https://a?q", "https://a/?q"},
	{"ws://a#f", "ws://a#f", "ws://a/#f"},
	{"WSS://a:443", "wss://a:443", "wss://a/"},
	{"ftp://a", "ftp://a", "ftp://a"},
	{"foo://a", "foo://a", "foo://a"},
	{"http:", "http:", "http:"},
	{"http:?q", "http:?q", "http:?q"},
	// Empty delimiters stay (6.2.3).
	{"http://@a/?#", "http://@a/?#", "http://@a/?#"},
	{"http://:@a", "http://:@a", "http://:@a/"},
	// Already normal.
	{"", "", ""},
	{"http://example.com/a/b?c#d", "http://example.com/a/b?c#d", "http://example.com/a/b?c#d"},
	{"urn:example:animal:ferret:nose", "urn:example:animal:ferret:nose", "urn:example:animal:ferret:nose"},
	// Normal, though the quick look of Normalize cannot tell: a "." that
	// begins no dot-segment, a percent-encoding already normal.
	{"http://a/.well-known/x", "http://a/.well-known/x", "http://a/.well-known/x"},
	{".a/..b/c.", ".a/..b/c.", ".a/..b/c."},
	{"http://a/%2F?%C3%A9", "http://a/%2F?%C3%A9", "http://a/%2F?%C3%A9"},
	{"http://a:8080", "http://a:8080", "http://a:8080/"},
	{"x://A.b/", "x://a.b/", "x://a.b/"},
}

func TestNormalize(t *testing.T) {
	for _, tt := range normalizeTests {
		t.Run(tt.in, func(t *testing.T) {
			u := uri.MustParse(tt.in)
			syntax, full := u.NormalizeSyntax(), u.Normalize()
			type forms struct{ NormalizeSyntax, Normalize, AppendNormalize string }
			want := forms{tt.syntax, tt.full, "x" + tt.full}
			got := forms{syntax.String(), full.String(), string(uri.AppendNormalize([]byte("x"), u))}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Normalize(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			checkWritten(t, "NormalizeSyntax("+tt.in+")", syntax)
			checkWritten(t, "Normalize("+tt.in+")", full)
			if again := full.Normalize(); again != full {
				t.Errorf("Normalize(%q) = %q, not idempotent: then %q", tt.in, full, again)
			}
			if again := syntax.NormalizeSyntax(); again != syntax {
				t.Errorf("NormalizeSyntax(%q) = %q, not idempotent: then %q", tt.in, syntax, again)
			}
			if !uri.Equivalent(u, uri.MustParse(tt.full)) || !uri.Equivalent(uri.MustParse(tt.full), u) {
				t.Errorf("Equivalent(%q, %q) = false, want true", tt.in, tt.full)
			}
			if tt.in == tt.full && full != u {
				t.Errorf("Normalize(%q) is not u itself", tt.in)
			}
		})
	}
}

func TestEquivalent(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"http://a/b", "http://a/B", false},
		{"http://a/b", "HTTP://A/%62", true},
		{"http://a/?", "http://a/", false},
		{"http://a/#", "http://a/", false},
		{"http://a/?q", "http://a/#q", false},
		{"http://@a/", "http://a/", false},
		{"http://a", "http://a:/", true},
		{"http://a:80", "http://a:0080/", true},
		{"http://a:81", "http://a:081/", false}, // only default ports go by value
		{"foo://a:80", "foo://a", false},
		{"foo://a", "foo://a/", false},
		{"//a", "//a/", false},
		{"http:a", "a", false},
		{"../a", "a", false},
		{"%2E%2E/a", "../a", false},
		{"%2E%2E/a", "%2e%2e/a", true},
		{"/%2E%2E/a", "/../a", true},
		{"x:/a/b/../../c", "x:/c", true},
		{"x:/a/b/../../c", "x:c", false},
		{"x:a/../c", "x:/c", true},
		{"x:/a/..//c", "x:/.//c", true},
		{"x:/a/..//c", "x:/c", false},
		{"x://h/a/..//c", "x://h//c", true},
		{"x://h/a/b/..", "x://h/a/", true},
		{"x://h/a/b/..", "x://h/a", false},
		{"x://h/a/.", "x://h/a/", true},
		{"x://h/a/%2E", "x://h/a/", true},
		{"x://h/%2F", "x://h//", false},
		{"x://h/%3a", "x://h/:", false},
		{"x://h/%3a", "x://h/%3A", true},
		{"x://h/%41", "x://h/a", false},
		{"x://H%41/", "x://ha/", true},
		{"x://[::A]/", "x://[::a]/", true},
		{"x://h/%c3%a9", "x://h/%C3%A9", true},
		{"", "", true},
		{"", "#", false},
		{"#a", "#%61", true},
	}
	for _, tt := range tests {
		t.Run(tt.a+" "+tt.b, func(t *testing.T) {
			a, b := uri.MustParse(tt.a), uri.MustParse(tt.b)
			if got := uri.Equivalent(a, b); got != tt.want {
				t.Errorf("Equivalent(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
			}
			if got := uri.Equivalent(b, a); got != tt.want {
				t.Errorf("Equivalent(%q, %q) = %v, want %v", tt.b, tt.a, got, tt.want)
			}
			if same := a.Normalize() == b.Normalize(); same != tt.want {
				t.Errorf("Normalize(%q) = %q, Normalize(%q) = %q; Equivalent should be %v", tt.a, a.Normalize(), tt.b, b.Normalize(), same)
			}
		})
	}
}

// TestNormalizeZoneID: an RFC 6874 zone ID is case-sensitive, so Normalize
// and Equivalent lowercase the address before it and leave the zone's
// letters alone, but for its percent-encodings (section 6.2.2.2).
func TestNormalizeZoneID(t *testing.T) {
	p := uri.Parser{ZoneID: true}
	parse := func(t *testing.T, s string) uri.URI {
		t.Helper()
		u, err := p.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	normal := []struct{ in, want string }{
		{"HTTP://[FE80::A%25Eth0]:80/", "http://[fe80::a%25Eth0]/"},
		{"http://[fe80::a%25en%4a%2f]/", "http://[fe80::a%25enJ%2F]/"},
		{"http://[FE80::A]/", "http://[fe80::a]/"},
	}
	for _, tt := range normal {
		t.Run(tt.in, func(t *testing.T) {
			type normal struct{ String, Zone string }
			u, w := parse(t, tt.in), parse(t, tt.want)
			n := u.Normalize()
			if diff := cmp.Diff(normal{tt.want, w.Zone()}, normal{n.String(), n.Zone()}); diff != "" {
				t.Errorf("Normalize(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if !uri.Equivalent(u, w) {
				t.Errorf("Equivalent(%q, %q) = false, want true", tt.in, tt.want)
			}
		})
	}
	different := [][2]string{
		{"http://[fe80::a%25eth0]/", "http://[fe80::a%25ETH0]/"},
		{"http://[fe80::a%25eth0]/", "http://[fe80::a]/"},
		{"http://[fe80::a%25eth0]/", "http://[fe80::a%25eth]/"},
	}
	for _, d := range different {
		t.Run(d[0]+" "+d[1], func(t *testing.T) {
			if uri.Equivalent(parse(t, d[0]), parse(t, d[1])) {
				t.Errorf("Equivalent(%q, %q) = true, want false", d[0], d[1])
			}
		})
	}
}

// BenchmarkNormalizeCorpus normalizes every URL of the web corpus that
// parses, most of which are already normal, and then their normal forms,
// all of which are.
func BenchmarkNormalizeCorpus(b *testing.B) {
	var us, normal []uri.URI
	for _, s := range readCorpus(b, "web_urls.txt") {
		if u, err := uri.Parse(s); err == nil {
			us = append(us, u)
			normal = append(normal, u.Normalize())
		}
	}
	for _, set := range []struct {
		name string
		us   []uri.URI
	}{{"corpus", us}, {"normal", normal}} {
		b.Run(set.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, u := range set.us {
					sinkURI = u.Normalize()
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(set.us)), "ns/url")
		})
	}
}

// variant rewrites u into a URI with the same normal form, as choices
// direct: the scheme and host in other cases, unreserved characters
// percent-encoded with either case of hex, hex of triplets lowercased,
// "./" and "x/../" inserted into an absolute path, and an empty or default
// port added where the scheme has one.
func variant(u uri.URI, choices []uint8) uri.URI {
	next := func() uint8 {
		if len(choices) == 0 {
			return 0
		}
		c := choices[0]
		choices = choices[1:]
		return c
	}
	flipCase := func(s string) string {
		b := []byte(s)
		for i, c := range b {
			if next()%2 == 1 && ('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
				b[i] = c ^ 0x20
			}
		}
		return string(b)
	}
	const hex = "0123456789ABCDEF0123456789abcdef"
	encode := func(s string, encodable string) string {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch r := next(); {
			case c == '%' && r%3 == 0:
				b.WriteString(strings.ToLower(s[i : i+3])) // hex is case-insensitive
				i += 2
			case c == '%':
				b.WriteString(s[i : i+3])
				i += 2
			case strings.IndexByte(encodable, c) >= 0 && r%4 == 0:
				upper := int(r/4%2) * 16
				b.WriteByte('%')
				b.WriteByte(hex[upper+int(c>>4)])
				b.WriteByte(hex[upper+int(c&0xF)])
			default:
				b.WriteByte(c)
			}
		}
		return b.String()
	}
	const unreserved = "ABCXYZabcxyz019-._~"
	c := u.Components()
	c.Scheme = flipCase(c.Scheme)
	c.UserInfo = encode(c.UserInfo, unreserved)
	if u.HostKind() == uri.IPv6 || u.HostKind() == uri.IPvFuture {
		c.Host = flipCase(c.Host)
	} else {
		c.Host = flipCase(encode(c.Host, unreserved))
	}
	// In a relative-path reference an encoded dot is not a dot.
	path := encode(c.Path, unreserved)
	if u.IsRelativePath() {
		path = encode(c.Path, "ABCXYZabcxyz019-_~")
	}
	if strings.HasPrefix(path, "/") {
		var b strings.Builder
		for i := 0; i < len(path); i++ {
			b.WriteByte(path[i])
			if path[i] == '/' {
				switch next() % 8 {
				case 0:
					b.WriteString("./")
				case 1:
					b.WriteString("x/../")
				case 2:
					b.WriteString("%2e/")
				}
			}
		}
		path = b.String()
	}
	c.Path = path
	c.Query, c.Fragment = encode(c.Query, unreserved), encode(c.Fragment, unreserved)
	if u.HasAuthority() && !u.HasPort() {
		switch strings.ToLower(u.Scheme()) {
		case "http", "ws":
			c.Port, c.HasPort = []string{"", "80", "080"}[next()%3], true
		case "https", "wss":
			c.Port, c.HasPort = "443", true
		default:
			c.HasPort = next()%2 == 0
		}
	}
	v, err := uri.Build(c)
	if err != nil {
		panic(err)
	}
	return v
}

// webish generates references whose scheme is often one that Normalize
// has rules for.
func webish() gopter.Gen {
	return gopter.CombineGens(genOf(reference.URIReference()), gen.IntRange(0, 7)).Map(func(vs []any) reference.Parts {
		p := vs[0].(reference.Parts)
		if s := []string{"http", "HTTPS", "ws", "wss", "ftp"}; p.HasScheme && vs[1].(int) < len(s) {
			p.Scheme = s[vs[1].(int)]
		}
		return p
	})
}

// TestPropertyNormalize: Normalize is idempotent, agrees with the slow
// literal normalizer, writes valid URIs with the marks of their text,
// returns normal input as it is, and Equivalent holds exactly when the
// normal forms are the same, for variants (equivalent by construction) and
// for unrelated pairs.
func TestPropertyNormalize(t *testing.T) {
	p := properties(1000)
	p.Property("Normalize", prop.ForAll(func(parts reference.Parts) bool {
		u := uri.MustParse(parts.String())
		for _, level := range []bool{false, true} {
			n, name := u.NormalizeSyntax(), "NormalizeSyntax"
			if level {
				n, name = u.Normalize(), "Normalize"
			}
			want := reference.Normalize(parts, level).String()
			if n.String() != want {
				t.Errorf("%s(%q) = %q, want %q", name, u, n, want)
				return false
			}
			if !checkWritten(t, name+"("+u.String()+")", n) {
				return false
			}
			again := n.NormalizeSyntax()
			if level {
				again = n.Normalize()
			}
			if again != n {
				t.Errorf("%s(%q) = %q, then %q: not idempotent", name, u, n, again)
				return false
			}
		}
		n := u.Normalize()
		if !uri.Equivalent(u, n) || !uri.Equivalent(n, u) {
			t.Errorf("Equivalent(%q, its normal form %q) = false", u, n)
			return false
		}
		if b := uri.AppendNormalize(nil, u); string(b) != n.String() {
			t.Errorf("AppendNormalize(nil, %q) = %q, want %q", u, b, n)
			return false
		}
		return true
	}, webish()))
	p.Property("Equivalent is equality of normal forms", prop.ForAll(func(pa, pb reference.Parts, choices []uint8) bool {
		a := uri.MustParse(pa.String())
		for _, b := range []uri.URI{variant(a, choices), uri.MustParse(pb.String())} {
			same := a.Normalize() == b.Normalize()
			if eq := uri.Equivalent(a, b); eq != same || eq != uri.Equivalent(b, a) {
				t.Errorf("Equivalent(%q, %q) = %v, but the normal forms are %q and %q", a, b, eq, a.Normalize(), b.Normalize())
				return false
			}
		}
		if v := variant(a, choices); a.Normalize() != v.Normalize() {
			t.Errorf("Normalize(%q) = %q, but its variant %q gives %q", a, a.Normalize(), v, v.Normalize())
			return false
		}
		return true
	}, webish(), webish(), gen.SliceOfN(64, gen.UInt8())))
	p.TestingRun(t)
}
