package uri_test

import (
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/uri"
)

// transformProperties is properties with n cases (a fifth with -short),
// fewer than there where generating a case costs more; the fuzz targets
// explore further.
func transformProperties(t *testing.T, n int) *gopter.Properties {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = n
	if testing.Short() {
		params.MinSuccessfulTests = n / 5
	}
	params.Rng.Seed(1)
	return gopter.NewProperties(params)
}

// absolute generates the Parts of a URI with a scheme, for bases.
func absolute() gopter.Gen {
	return gopter.CombineGens(reference.URIReference(), reference.Scheme()).Map(func(vs []any) reference.Parts {
		p := vs[0].(reference.Parts)
		if !p.HasScheme {
			p.Scheme, p.HasScheme = vs[1].(string), true
		}
		return p
	})
}

// TestPropertyResolve: a resolved URI is valid, has a scheme and the marks
// of its text, has no dot-segment but the "/." guard (unless it took the
// base's path as it is), and is the result of the literal pseudocode of
// section 5.2.2 with that guard, strict or not.
func TestPropertyResolve(t *testing.T) {
	p := transformProperties(t, 1000)
	p.Property("Resolve is the literal 5.2.2, guarded", prop.ForAll(func(bp, rp reference.Parts, strict bool) bool {
		base, ref := uri.MustParse(bp.String()), uri.MustParse(rp.String())
		resolve := base.Resolve
		if !strict {
			resolve = base.ResolveNonStrict
		}
		got, err := resolve(ref)
		if err != nil {
			t.Errorf("Resolve(%q, %q): %v", base, ref, err)
			return false
		}
		what := "Resolve(" + base.String() + ", " + ref.String() + ")"
		if !checkWritten(t, what, got) {
			return false
		}
		want := reference.Guard(reference.Resolve(bp, rp, strict)).String()
		if got.String() != want {
			t.Errorf("%s (strict %v) = %q, want %q", what, strict, got, want)
			return false
		}
		tookBasePath := reference.TakesBasePath(bp, rp, strict)
		if !got.HasScheme() || !tookBasePath && reference.HasDotSegment(got.Path()) {
			t.Errorf("%s = %q: no scheme, or dot-segments in its path", what, got)
			return false
		}
		if b, err := uri.AppendResolve(nil, base, ref); strict && (err != nil || string(b) != want) {
			t.Errorf("AppendResolve(nil, %q, %q) = %q, %v; want %q", base, ref, b, err, want)
			return false
		}
		return true
	}, absolute(), reference.URIReference(), gen.Bool()))
	p.Property("resolving an absolute reference removes its dot-segments", prop.ForAll(func(bp, rp reference.Parts) bool {
		base, ref := uri.MustParse(bp.String()), uri.MustParse(rp.String())
		got, err := base.Resolve(ref)
		c := ref.Components()
		c.Path = uri.RemoveDotSegments(c.Path)
		if !c.HasAuthority && strings.HasPrefix(c.Path, "//") {
			c.Path = "/." + c.Path
		}
		want, berr := uri.Build(c)
		if err != nil || berr != nil || got != want {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q, %v", base, ref, got, err, want, berr)
			return false
		}
		if got.Normalize() != ref.Normalize() {
			t.Errorf("Normalize(Resolve(%q, %q)) = %q, Normalize(%q) = %q", base, ref, got.Normalize(), ref, ref.Normalize())
			return false
		}
		return true
	}, absolute(), absolute()))
	p.TestingRun(t)
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
	return gopter.CombineGens(reference.URIReference(), gen.IntRange(0, 7)).Map(func(vs []any) reference.Parts {
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
	p := transformProperties(t, 1000)
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
		if b := uri.AppendNormalized(nil, u); string(b) != n.String() {
			t.Errorf("AppendNormalized(nil, %q) = %q, want %q", u, b, n)
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

// TestPropertyEscape: Unescape(Escape(s, c)) is s for any bytes and
// component that can hold percent-encodings, and Escape's result holds
// only what c admits, which Build then leaves alone. For a scheme and a
// port, Escape gives s back when it is valid there and fails otherwise.
func TestPropertyEscape(t *testing.T) {
	components := []uri.Component{uri.Scheme, uri.UserInfo, uri.Host, uri.Port, uri.Path, uri.Segment, uri.Query, uri.Fragment}
	bytesGen := gen.SliceOf(gen.UInt8()).Map(func(b []uint8) string { return string(b) })
	p := transformProperties(t, 1000)
	p.Property("Unescape(Escape(s, c)) == s", prop.ForAll(func(s string, which int) bool {
		c := components[which%len(components)]
		e, err := uri.Escape(s, c)
		if c == uri.Scheme || c == uri.Port {
			_, berr := uri.Build(uri.Components{Scheme: "x", HasAuthority: true, Port: s})
			if c == uri.Scheme {
				_, berr = uri.Build(uri.Components{Scheme: s, HasScheme: true})
			}
			if (err == nil) != (berr == nil) || err == nil && e != s {
				t.Errorf("Escape(%q, %v) = %q, %v; Build takes it: %v", s, c, e, err, berr)
				return false
			}
			return true
		}
		if err != nil {
			t.Errorf("Escape(%q, %v): %v", s, c, err)
			return false
		}
		got, err := uri.Unescape(e)
		if err != nil || got != s {
			t.Errorf("Unescape(Escape(%q, %v) = %q) = %q, %v", s, c, e, got, err)
			return false
		}
		if c == uri.Query || c == uri.Path {
			u, err := uri.Build(uri.Components{Path: "/", Query: e})
			if c == uri.Path {
				u, err = uri.Build(uri.Components{Path: "/x/" + e})
			}
			if err != nil || !strings.HasSuffix(u.String(), e) {
				t.Errorf("Build with Escape(%q, %v) = %q: %q, %v", s, c, e, u, err)
				return false
			}
		}
		return true
	}, bytesGen, gen.IntRange(0, 100)))
	p.TestingRun(t)
}

// TestPropertyBuild: Build(u.Components()) is u, and Addr finds an
// address exactly in the hosts of kind IPv4 and IPv6.
func TestPropertyBuild(t *testing.T) {
	p := transformProperties(t, 1000)
	p.Property("Build(u.Components()) == u", prop.ForAll(func(parts reference.Parts) bool {
		u := uri.MustParse(parts.String())
		got, err := uri.Build(u.Components())
		if err != nil || got != u {
			t.Errorf("Build(Parse(%q).Components()) = %q, %v", u, got, err)
			return false
		}
		// And Addr agrees with the host kind.
		_, ok := u.Addr()
		if want := u.HostKind() == uri.IPv4 || u.HostKind() == uri.IPv6; ok != want {
			t.Errorf("Addr(%q) reports %v for a host of kind %v", u, ok, u.HostKind())
			return false
		}
		return true
	}, reference.URIReference()))
	p.TestingRun(t)
}

// dotty generates references whose paths are made of few distinct
// segments, dots and empty ones among them, often enough that paths
// collapse, underflow, and begin with "//" once their dots are gone.
func dotty() gopter.Gen {
	seg := gen.OneConstOf("", "", ".", ".", "..", "..", "a", "b", "%2E", "%2e%2E", ".%2E", ".a")
	return gopter.CombineGens(gen.OneConstOf("", "", "s:", "HTTP:"), gen.OneConstOf("", "", "//h", "//H:80"),
		gen.OneConstOf("", "/"), gen.SliceOfN(7, seg), gen.IntRange(0, 7), gen.OneConstOf("", "?q", "#f")).
		Map(func(vs []any) string {
			segs := vs[3].([]string)[:vs[4].(int)]
			return vs[0].(string) + vs[1].(string) + vs[2].(string) + strings.Join(segs, "/") + vs[5].(string)
		}).
		SuchThat(func(s string) bool { _, err := uri.Parse(s); return err == nil })
}

// TestPropertyDotty runs the resolution and normalization properties on
// dotty references, where removing dot-segments and guarding "//" do the
// most work.
func TestPropertyDotty(t *testing.T) {
	partsOf := func(s string) reference.Parts { return reference.PartsOf(uri.MustParse(s)) }
	p := transformProperties(t, 20000)
	p.Property("Resolve", prop.ForAll(func(b, r string) bool {
		base, ref := uri.MustParse("s:"+b), uri.MustParse(r)
		got, err := base.Resolve(ref)
		want := reference.Guard(reference.Resolve(partsOf("s:"+b), partsOf(r), true)).String()
		if err != nil || got.String() != want {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q", base, ref, got, err, want)
			return false
		}
		return checkWritten(t, "Resolve("+base.String()+", "+r+")", got)
	}, dotty(), dotty()))
	p.Property("Normalize and Equivalent", prop.ForAll(func(a, b string) bool {
		ua, ub := uri.MustParse(a), uri.MustParse(b)
		for _, u := range []uri.URI{ua, ub} {
			n := u.Normalize()
			if want := reference.Normalize(reference.PartsOf(u), true).String(); n.String() != want {
				t.Errorf("Normalize(%q) = %q, want %q", u, n, want)
				return false
			}
			if !checkWritten(t, "Normalize("+u.String()+")", n) || n.Normalize() != n || !uri.Equivalent(u, n) {
				t.Errorf("Normalize(%q) = %q: not idempotent, or not equivalent", u, n)
				return false
			}
		}
		if eq, same := uri.Equivalent(ua, ub), ua.Normalize() == ub.Normalize(); eq != same {
			t.Errorf("Equivalent(%q, %q) = %v, but the normal forms are %q and %q", a, b, eq, ua.Normalize(), ub.Normalize())
			return false
		}
		return true
	}, dotty(), dotty()))
	p.TestingRun(t)
}
