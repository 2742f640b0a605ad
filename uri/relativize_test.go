package uri_test

import (
	"fmt"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/uri"
)

var relativizeTests = []struct {
	base, target, want string
}{
	// Against the base of section 5.4, the targets of its examples come
	// back as the shortest of the references that give them.
	{rfcBase, "http://a/b/c/g", "g"},
	{rfcBase, "http://a/b/c/g/", "g/"},
	{rfcBase, "http://a/g", "/g"},
	{rfcBase, "http://g", "//g"},
	{rfcBase, "http://a/b/c/d;p?y", "?y"},
	{rfcBase, "http://a/b/c/g?y", "g?y"},
	{rfcBase, "http://a/b/c/d;p?q#s", "#s"},
	{rfcBase, "http://a/b/c/g#s", "g#s"},
	{rfcBase, "http://a/b/c/;x", ";x"},
	{rfcBase, "http://a/b/c/d;p?q", ""},
	{rfcBase, "http://a/b/c/", "."},
	{rfcBase, "http://a/b/", ".."},
	{rfcBase, "http://a/b/g", "../g"},
	{rfcBase, "http://a/", "/"},
	{rfcBase, "g:h", "g:h"},

	// Scheme and authority are compared as text: another case is another
	// text, which only the target itself, or its network path, gives.
	{rfcBase, "HTTP://a/b/c/g", "HTTP://a/b/c/g"},
	{rfcBase, "http://A/b/c/g", "//A/b/c/g"},
	{rfcBase, "https://a/b/c/g", "https://a/b/c/g"},
	{rfcBase, "http://a:80/b/c/g", "//a:80/b/c/g"},
	{rfcBase, "http://u@a/b/c/g", "//u@a/b/c/g"},
	// So are percent-encodings: "%7e" is not "%7E", nor "~".
	{"http://a/%7e/x", "http://a/%7E/y", "/%7E/y"},
	{"http://a/%7e/x", "http://a/%7e/y", "y"},
	{"http://a/~/x", "http://a/%7E/y", "/%7E/y"},

	// A target with an empty path after an authority: no relative path
	// merges into one, so the network path is the shortest.
	{rfcBase, "http://a", "//a"},
	{rfcBase, "http://a?q", "//a?q"},
	{"http://a?q", "http://a", "//a"},
	{"http://a?q", "http://a?r", "?r"},
	{"http://a", "http://a/", "."},
	{"http://a", "http://a/x", "x"},

	// A query or a fragment alone; a base without a query keeps the
	// target's path when the target has none either.
	{"http://a/b?q", "http://a/b", "b"},
	{"http://a/b/?q", "http://a/b/", "."},
	{"http://a/b?q", "http://a/b?", "?"},
	{"http://a/b?q", "http://a/b?q#", "#"},
	{"http://a/b", "http://a/b#f", "#f"},
	{"http://a/b?q", "http://a/c?q#f", "c?q#f"},

	// A base's fragment is ignored, as Resolve ignores it.
	{"http://a/b#f", "http://a/b", ""},
	{"http://a/b#f", "http://a/b#f", "#f"},
	{"http://a/b#f", "http://a/b#g", "#g"},

	// A first segment with ":" would read as a scheme: "./" before it.
	{rfcBase, "http://a/b/c/g:h", "./g:h"},
	{rfcBase, "http://a/b/g:h", "../g:h"},
	{"urn:isbn:0", "urn:isbn:1", "./isbn:1"},
	{"mailto:a@example.com", "mailto:b@example.com", "b@example.com"},

	// A path with an empty segment after the shared directory: "./"
	// keeps it from reading as an absolute path, "/." as an authority.
	{rfcBase, "http://a/b/c//g", ".//g"},
	{rfcBase, "http://a//g", "/.//g"},
	{rfcBase, "http://a/b//g", "..//g"},
	{"http://a//b/c", "http://a//b/d", "d"},

	// Bases without an authority: a path beginning with "//" there is
	// written with "/." before it, which is no dot-segment to Relativize.
	{"foo:/a/b", "foo:/a/c", "c"},
	{"foo:/a/b", "foo:/c", "/c"},
	{"foo:/a/b", "foo:/.//x", "..//x"},
	{"foo:/.//a/b", "foo:/.//a/c", "c"},
	{"foo:/a/b", "foo://h/x", "//h/x"},
	{"foo://h/x", "foo:/a", "foo:/a"},
	{"foo:a/b/c", "foo:a/x", "../x"},
	{"foo:a/b/c", "foo:a/", ".."},
	{"foo:a/b/c", "foo:x", "foo:x"},
	{"foo:a/b/c", "foo:", "foo:"},
	{"foo:a", "foo:b", "b"},
	{"foo:a", "foo:", "."},
	{"foo:/a", "foo:", "foo:"},

	// A base with dot-segments in its directory merges as it would
	// without them; its path is not a target's, which has none.
	{"http://a/b/../c/d", "http://a/c/e", "e"},
	{"http://a/b/../c/d", "http://a/b/../c/d", "d"},
	{"http://a/./b", "http://a/./b?q", "b?q"},

	// Targets that Resolve changes are resolved first.
	{rfcBase, "g", "g"},
	{rfcBase, "../../x", "/x"},
	{rfcBase, "http://a/b/c/./g", "g"},
	{rfcBase, "", ""},
	{rfcBase, "#s", "#s"},
	{rfcBase, "//a/b/c/g", "g"},

	// A base without a scheme resolves nothing: the target comes back.
	{"//a/b/c", "http://a/b/c/d", "http://a/b/c/d"},
	{"/b/c", "../x", "../x"},
}

func TestRelativize(t *testing.T) {
	for _, tt := range relativizeTests {
		t.Run(tt.base+" "+tt.target, func(t *testing.T) {
			base, target := uri.MustParse(tt.base), uri.MustParse(tt.target)
			got := base.Relativize(target)
			what := "Relativize(" + tt.base + ", " + tt.target + ")"
			if got.String() != tt.want {
				t.Errorf("%s = %q, want %q", what, got, tt.want)
			}
			checkWritten(t, what, got)
			if !base.HasScheme() {
				return
			}
			back, err := base.Resolve(got)
			want, _ := base.Resolve(target)
			if err != nil || back != want {
				t.Errorf("Resolve(%q, %q) = %q, %v; want %q", tt.base, got, back, err, want)
			}
			if r, ok := reference.ShorterReference(partsOf(base), partsOf(want), len(got.String())); ok {
				t.Errorf("%s = %q, but %q is shorter", what, got, r)
			}
		})
	}
}

// TestRelativizeAllocs checks that a reference sliced from the target
// costs no allocation, one written with "../" or "./" costs one, and so
// does resolving a target first.
func TestRelativizeAllocs(t *testing.T) {
	for _, tt := range []struct {
		base, target string
		allocs       float64
	}{
		{rfcBase, "http://a/b/c/d;p?y", 0},
		{rfcBase, "http://a/b/c/g?y#s", 0},
		{rfcBase, "http://a/g", 0},
		{rfcBase, "http://x/y", 0},
		{rfcBase, "https://a/", 0},
		{rfcBase, "http://a/b/g", 1},
		{rfcBase, "http://a/b/c/g:h", 1},
		{rfcBase, "http://a/b/", 1},
		{"http://a/bbbbbbbb/cc/dd/ee/f", "http://a/bbbbbbbb/cc/x", 1}, // "../../x"
		{rfcBase, "g", 1},                                             // resolved first
	} {
		base, target := uri.MustParse(tt.base), uri.MustParse(tt.target)
		if got := testing.AllocsPerRun(100, func() { base.Relativize(target) }); got != tt.allocs {
			t.Errorf("Relativize(%q, %q) made %v allocations, want %v", tt.base, tt.target, got, tt.allocs)
		}
	}
}

// pairsPerCase is how many targets a case of the properties below
// relativizes against a base: generating URIs costs far more than
// relativizing them, so each case makes many pairs of a few.
const pairsPerCase = 16

// A relatedCase is a base, the Parts of a URI with a scheme, and targets
// near it, each made by near from base and another reference.
type relatedCase struct {
	base    reference.Parts
	targets []reference.Parts
}

// related generates a base and pairsPerCase targets near it.
func related() gopter.Gen {
	return gopter.CombineGens(absolute(), gen.SliceOfN(2, genOf(reference.URIReference())),
		gen.SliceOfN(pairsPerCase, gen.UInt8()), gen.SliceOfN(pairsPerCase, gen.IntRange(0, 8))).Map(func(vs []any) relatedCase {
		c := relatedCase{base: vs[0].(reference.Parts)}
		others, masks, cuts := vs[1].([]reference.Parts), vs[2].([]uint8), vs[3].([]int)
		for i := range pairsPerCase {
			c.targets = append(c.targets, near(c.base, others[i%len(others)], masks[i], cuts[i]))
		}
		return c
	})
}

// anyPairs generates pairsPerCase pairs of a base and any reference: four
// references, each a target and, with a scheme if it has none, a base.
func anyPairs() gopter.Gen {
	return gopter.CombineGens(gen.SliceOfN(4, genOf(reference.URIReference())), genOf(reference.Scheme())).Map(func(vs []any) [][2]reference.Parts {
		refs, scheme := vs[0].([]reference.Parts), vs[1].(string)
		var pairs [][2]reference.Parts
		for _, b := range refs {
			if !b.HasScheme {
				b.Scheme, b.HasScheme = scheme, true
			}
			for _, t := range refs {
				pairs = append(pairs, [2]reference.Parts{b, t})
			}
		}
		return pairs
	})
}

// near returns a target near base: each of its scheme, authority, path,
// query and fragment is base's or other's, as mask says, and its path is
// often up to cut segments of base's followed by other's path, so that
// the references between them climb and share.
func near(base, other reference.Parts, mask uint8, cut int) reference.Parts {
	t := base
	if mask&1 != 0 && other.HasScheme {
		t.Scheme = other.Scheme
	}
	if mask&2 != 0 {
		t.HasAuthority, t.UserInfo, t.HasUserInfo = other.HasAuthority, other.UserInfo, other.HasUserInfo
		t.Host, t.HostKind, t.Port, t.HasPort = other.Host, other.HostKind, other.Port, other.HasPort
	}
	switch (mask >> 2) & 3 {
	case 1:
		t.Path = other.Path
	case 2, 3:
		p := base.Path
		for i, n := 0, 0; i < len(p); i++ {
			if p[i] == '/' {
				if n == cut {
					p = p[:i+1]
					break
				}
				n++
			}
		}
		if other.Path != "" && other.Path[0] != '/' && p != "" && p[len(p)-1] != '/' {
			p += "/"
		}
		t.Path = p + other.Path
	}
	if mask&16 != 0 {
		t.Query, t.HasQuery = other.Query, other.HasQuery
	}
	if mask&32 != 0 {
		t.Fragment, t.HasFragment = other.Fragment, other.HasFragment
	}
	// Keep t a URI-reference: a path after an authority is empty or
	// absolute, and one without cannot begin with "//".
	if t.HasAuthority && t.Path != "" && t.Path[0] != '/' {
		t.Path = "/" + t.Path
	}
	if !t.HasAuthority && len(t.Path) > 1 && t.Path[:2] == "//" {
		t.Path = "/." + t.Path
	}
	return t
}

// TestPropertyRelativize: Relativize inverts Resolve, over 100,000 pairs
// of a base and a target near it, and 100,000 of a base and any
// reference; and over 24,000 pairs, the slow search for a shorter
// reference of every form a shortest one can take finds none.
func TestPropertyRelativize(t *testing.T) {
	p := properties(100_000 / pairsPerCase)
	inverse := func(base, target uri.URI) bool {
		got := base.Relativize(target)
		what := "Relativize(" + base.String() + ", " + target.String() + ")"
		if !checkWritten(t, what, got) {
			return false
		}
		back, err := base.Resolve(got)
		want, _ := base.Resolve(target)
		if err != nil || back != want {
			t.Errorf("%s = %q, which resolves to %q, %v; want %q", what, got, back, err, want)
			return false
		}
		if len(got.String()) > len(want.String()) {
			t.Errorf("%s = %q, longer than the target %q", what, got, want)
			return false
		}
		return true
	}
	p.Property("Resolve(Relativize(t)) == t, t near base", prop.ForAll(func(c relatedCase) bool {
		base := uri.MustParse(c.base.String())
		for _, tp := range c.targets {
			if !inverse(base, uri.MustParse(tp.String())) {
				return false
			}
		}
		return true
	}, related()))
	p.Property("Resolve(Relativize(t)) == Resolve(t), any t", prop.ForAll(func(pairs [][2]reference.Parts) bool {
		for _, pair := range pairs {
			if !inverse(uri.MustParse(pair[0].String()), uri.MustParse(pair[1].String())) {
				return false
			}
		}
		return true
	}, anyPairs()))
	p.TestingRun(t)

	q := properties(24_000 / pairsPerCase)
	q.Property("no shorter reference resolves to t", prop.ForAll(func(c relatedCase) bool {
		base := uri.MustParse(c.base.String())
		for _, tp := range c.targets {
			target := uri.MustParse(tp.String())
			got := base.Relativize(target).String()
			if r, ok := reference.ShorterReference(c.base, partsOf(target), len(got)); ok {
				t.Errorf("Relativize(%q, %q) = %q, but %q is shorter", base, target, got, r)
				return false
			}
		}
		return true
	}, related()))
	q.TestingRun(t)
}

func ExampleURI_Relativize() {
	base := uri.MustParse("https://example.com/docs/guide/install.html")
	for _, s := range []string{
		"https://example.com/docs/guide/usage.html",
		"https://example.com/docs/api/index.html#top",
		"https://example.com/docs/guide/install.html?os=linux",
		"https://example.com/img/logo.png",
		"https://cdn.example.com/x.js",
		"http://example.com/docs/",
	} {
		fmt.Println(base.Relativize(uri.MustParse(s)))
	}
	// Output:
	// usage.html
	// ../api/index.html#top
	// ?os=linux
	// /img/logo.png
	// //cdn.example.com/x.js
	// http://example.com/docs/
}

// A first segment with ":" would read as a scheme, and a path beginning
// with "//" as an authority: the reference says "./" or "/." before them.
func ExampleURI_Relativize_edges() {
	base := uri.MustParse("http://a/b/c/d")
	for _, s := range []string{"http://a/b/c/e:f", "http://a/b/c//e", "http://a//e", "HTTP://a/b/c/e"} {
		fmt.Println(base.Relativize(uri.MustParse(s)))
	}
	// Output:
	// ./e:f
	// .//e
	// /.//e
	// HTTP://a/b/c/e
}

// BenchmarkRelativize relativizes the targets of the examples of section
// 5.4 against their base, beside the resolution of the references that
// Relativize returns, the work it inverts, in the same run.
func BenchmarkRelativize(b *testing.B) {
	base := uri.MustParse(rfcBase)
	var targets, refs []uri.URI
	n := 0
	for _, tt := range rfcResolve {
		target := uri.MustParse(tt.want)
		targets = append(targets, target)
		refs = append(refs, base.Relativize(target))
		n += len(tt.want)
	}
	b.Run("Relativize", func(b *testing.B) {
		b.SetBytes(int64(n))
		b.ReportAllocs()
		for b.Loop() {
			for _, t := range targets {
				sinkURI = base.Relativize(t)
			}
		}
	})
	b.Run("Resolve", func(b *testing.B) {
		b.SetBytes(int64(n))
		b.ReportAllocs()
		for b.Loop() {
			for _, r := range refs {
				sinkURI, sinkErr = base.Resolve(r)
			}
		}
	})
}
