package uri_test

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/uri"
)

// checkWritten checks that u, written by Resolve, Normalize or Build, is
// a valid URI-reference whose marks are those Parse gives its text.
func checkWritten(t *testing.T, what string, u uri.URI) bool {
	t.Helper()
	m, f := scan.Scan(u.String(), scan.Options{})
	if f != 0 {
		t.Errorf("%s = %q, which does not parse: %+v", what, u, f)
		return false
	}
	if got := uri.MarksOf(u); got != m {
		t.Errorf("%s = %q: marks %v, Parse gives %v", what, u, got, m)
		return false
	}
	return true
}

// rfcBase is the base URI of the examples of section 5.4.
const rfcBase = "http://a/b/c/d;p?q"

// rfcResolve are the examples of sections 5.4.1 and 5.4.2, resolved
// strictly, from testdata/rfc3986-5.4.tsv (which the benchmarks read too).
var rfcResolve = func() (ex []struct{ ref, want string }) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "rfc3986-5.4.tsv"))
	if err != nil {
		panic(err)
	}
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if ref, want, ok := strings.Cut(line, "\t"); ok {
			ex = append(ex, struct{ ref, want string }{ref, want})
		}
	}
	if len(ex) != 42 {
		panic(fmt.Sprintf("testdata/rfc3986-5.4.tsv: %d examples, want the 42 of section 5.4", len(ex)))
	}
	return ex
}()

// A resolveTest is a reference, the base it is resolved against, and
// the target it must give.
type resolveTest struct{ base, ref, want string }

// testResolve checks each test in a subtest: ResolveString gives the
// target, which reads back through Parse as written.
func testResolve(t *testing.T, tests []resolveTest) {
	for _, tt := range tests {
		t.Run(tt.base+" "+tt.ref, func(t *testing.T) {
			got, err := uri.MustParse(tt.base).ResolveString(tt.ref)
			if err != nil {
				t.Fatalf("Resolve(%q, %q): %v", tt.base, tt.ref, err)
			}
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("Resolve(%q, %q) mismatch (-want +got):\n%s", tt.base, tt.ref, diff)
			}
			checkWritten(t, "Resolve("+tt.base+", "+tt.ref+")", got)
		})
	}
}

func TestResolveRFC(t *testing.T) {
	base := uri.MustParse(rfcBase)
	for _, tt := range rfcResolve {
		t.Run(tt.ref, func(t *testing.T) {
			got, err := base.ResolveString(tt.ref)
			if err != nil {
				t.Errorf("ResolveString(%q): %v", tt.ref, err)
				return
			}
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("Resolve(%q) mismatch (-want +got):\n%s", tt.ref, diff)
			}
			checkWritten(t, "Resolve("+tt.ref+")", got)
			b, err := uri.AppendResolve([]byte("x"), base, uri.MustParse(tt.ref))
			if err != nil {
				t.Errorf("AppendResolve(%q, %q): %v", "x", tt.ref, err)
			}
			if diff := cmp.Diff("x"+tt.want, string(b)); diff != "" {
				t.Errorf("AppendResolve(%q, %q) mismatch (-want +got):\n%s", "x", tt.ref, diff)
			}
		})
	}
}

// TestResolveNonStrict: section 5.4.2's "http:g" "for backward
// compatibility", and the other references, which no variant changes.
func TestResolveNonStrict(t *testing.T) {
	base := uri.MustParse(rfcBase)
	tests := []struct{ ref, want string }{
		{"http:g", "http://a/b/c/g"},
		{"HTTP:g", "http://a/b/c/g"}, // schemes compare without regard to case
		{"http:g?y#s", "http://a/b/c/g?y#s"},
		{"http:", "http://a/b/c/d;p?q"},
		{"http:/g", "http://a/g"},
		{"http://x/../g", "http://x/g"},
		{"https:g", "https:g"},
	}
	// The RFC's examples but the last, "http:g", resolve as Resolve does.
	for _, tt := range append(tests, rfcResolve[:len(rfcResolve)-1]...) {
		t.Run(tt.ref, func(t *testing.T) {
			got, err := base.ResolveNonStrict(uri.MustParse(tt.ref))
			if err != nil {
				t.Fatalf("ResolveNonStrict(%q): %v", tt.ref, err)
			}
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("ResolveNonStrict(%q) mismatch (-want +got):\n%s", tt.ref, diff)
			}
			checkWritten(t, "ResolveNonStrict("+tt.ref+")", got)
		})
	}
	// "http:" read as relative has neither authority nor path: section
	// 5.2.2 takes the base's path as it is, dot-segments and all, as it
	// does for the empty reference (found by FuzzResolve).
	dotty := uri.MustParse("http:.")
	if got, err := dotty.ResolveNonStrict(uri.MustParse("http:")); err != nil || got.String() != "http:." {
		t.Errorf("ResolveNonStrict(%q) against %q = %q, %v; want %q", "http:", dotty, got, err, "http:.")
	}
}

// TestResolveGuard covers the gap of section 5.3 that the issue closes: a
// target path that begins with "//" without an authority gets "/." before
// it, and only then.
func TestResolveGuard(t *testing.T) {
	tests := []resolveTest{
		{"foo:/a/b", "..//x", "foo:/.//x"}, // the example
		{"f:/a", ".//g", "f:/.//g"},        // 4Suite via uriparser
		{"foo:/", ".//@@", "foo:/.//@@"},   // fluent-uri
		{"a:/", "/.//.", "a:/.//"},         // iri-string issue 36
		{"a:/", ".//.", "a:/.//"},
		{"foo:a/b", "..//x", "foo:/.//x"},             // a rootless base
		{"foo:/a/b", "foo:a/..//x", "foo:/.//x"},      // an absolute reference
		{"foo:/a/b", "/.//x?q#f", "foo:/.//x?q#f"},    // already guarded
		{"foo:/a/b", "..//x/../../y", "foo:/y"},       // guarded, then no longer needed
		{"foo:/a/b", "..//x/..", "foo:/.//"},          // still needed
		{"foo:/a/b", "..//../x", "foo:/x"},            // popped at once
		{"http://h/a/b", "..//x", "http://h//x"},      // an authority: no guard
		{"foo:/a/b", "//h/..//x", "foo://h//x"},       // the reference's authority
		{"foo:/a/b", ".././/x", "foo:/.//x"},          // "." before the empty segment
		{"foo:/a/b", "..///x", "foo:/.///x"},          // two empty segments
		{"foo:/a/b/c", "../..//", "foo:/.//"},         // only empty segments left
		{"foo:", "a/..//b", "foo:/.//b"},              // no base path at all
		{"foo:/a/b", "%2E%2E//x", "foo:/a/%2E%2E//x"}, // "%2E" is data to Resolve
	}
	testResolve(t, tests)
}

// TestResolveEdges covers the edges of each way to a target: merges with
// the base's directory or its root, with dot-segments leading, within,
// trailing or none, and ".." beyond the root; targets that are a prefix of
// the base; empty paths, which take the base's; network-path references;
// bases with an empty path, without authority, or with dot-segments or
// empty segments in their directory. ResolveNonStrict gives the same, and
// AppendResolve writes the same after other bytes, which ".." must not
// cut into.
func TestResolveEdges(t *testing.T) {
	tests := []struct{ base, ref, want string }{
		// Merges with the RFC's base, dot-segments leading or not.
		{rfcBase, "../../..", "http://a/"},
		{rfcBase, "g/..", "http://a/b/c/"},
		{rfcBase, "g/.", "http://a/b/c/g/"},
		{rfcBase, "g/../..", "http://a/b/"},
		{rfcBase, "g/../../../../h", "http://a/h"},
		{rfcBase, "./g/..", "http://a/b/c/"},
		{rfcBase, "g/", "http://a/b/c/g/"},
		{rfcBase, "g/./", "http://a/b/c/g/"},
		{rfcBase, "g/../", "http://a/b/c/"},
		{rfcBase, "./?y", "http://a/b/c/?y"},
		{rfcBase, ".#s", "http://a/b/c/#s"},
		{rfcBase, "..?y#s", "http://a/b/?y#s"},
		{rfcBase, "../g?y/../x#s/../x", "http://a/b/g?y/../x#s/../x"},
		// Empty segments: kept, and dropped by ".." like any other.
		{rfcBase, "g//h", "http://a/b/c/g//h"},
		{rfcBase, "g//../h", "http://a/b/c/g/h"},
		{rfcBase, "..//g", "http://a/b//g"},
		{rfcBase, ".//g", "http://a/b/c//g"},
		// Absolute paths, merged with the root.
		{rfcBase, "/", "http://a/"},
		{rfcBase, "/.", "http://a/"},
		{rfcBase, "/..", "http://a/"},
		{rfcBase, "/./", "http://a/"},
		{rfcBase, "/../", "http://a/"},
		{rfcBase, "/../..", "http://a/"},
		{rfcBase, "/a/./b/../c", "http://a/a/c"},
		{rfcBase, "/a/b/../../../c", "http://a/c"},
		{rfcBase, "/..?y", "http://a/?y"},
		{rfcBase, "/a/.?y", "http://a/a/?y"},
		// Network-path references and empty paths.
		{rfcBase, "//g/./x", "http://g/x"},
		{rfcBase, "//g?y#s", "http://g?y#s"},
		{rfcBase, "//u@[::1]:80/p", "http://u@[::1]:80/p"},
		{rfcBase, "//", "http://"},
		{rfcBase, "?", "http://a/b/c/d;p?"},
		{rfcBase, "#", "http://a/b/c/d;p?q#"},
		// A base with an authority and an empty path: merged after "/".
		{"http://a", "g", "http://a/g"},
		{"http://a", ".", "http://a/"},
		{"http://a", "..", "http://a/"},
		{"http://a", "../g", "http://a/g"},
		{"http://a", "./g/..", "http://a/"},
		{"http://a", "/", "http://a/"},
		{"http://a", "/.", "http://a/"},
		{"http://a", "/..", "http://a/"},
		{"http://a", "/g", "http://a/g"},
		{"http://a", "", "http://a"},
		{"http://a", "?y", "http://a?y"},
		{"http://a", "#s", "http://a#s"},
		{"http://a?q#f", "", "http://a?q"},
		{"http://a?q#f", "#s", "http://a?q#s"},
		{"http://a/", "g", "http://a/g"},
		{"http://a/", "..", "http://a/"},
		{"http://a/", "../g", "http://a/g"},
		// Bases with dot-segments: in the directory, they take the long
		// way; in the last segment, the merge drops them.
		{"http://a/b/./c/d", "g", "http://a/b/c/g"},
		{"http://a/b/../c/d", "g", "http://a/c/g"},
		{"http://a/b/../c/d", "..", "http://a/"},
		{"http://a/./", "g", "http://a/g"},
		{"http://a/b/c.d", "g", "http://a/b/g"},
		{"http://a/b/..", "g", "http://a/b/g"},
		{"http://a/b/.", ".", "http://a/b/"},
		{"http://a/b/c/.d/e", "../g", "http://a/b/c/g"},
		{"http://a/b//c/d", "../g", "http://a/b//g"},
		{"http://a/b//c/d", "../../g", "http://a/b/g"},
		{"http://a/b//c/d", "../../../g", "http://a/g"},
		{"http://a/b/c/d/e/f/g/h/i/j/k/l/m", "../../x", "http://a/b/c/d/e/f/g/h/i/j/x"},
		// Authorities of all kinds, and the base's query and fragment.
		{"http://u@a:8/b/c?q#f", "../g", "http://u@a:8/g"},
		{"http://u@a:8/b/c?q#f", ".", "http://u@a:8/b/"},
		{"http://u@a:8/b/c?q#f", "", "http://u@a:8/b/c?q"},
		{"http://u@a:8/b/c?q#f", "//h/x", "http://h/x"},
		{"http://[::1]/a/b", "c", "http://[::1]/a/c"},
		{"http://192.0.2.1/a/b", "./c?d#e", "http://192.0.2.1/a/c?d#e"},
		{"file:///etc/hosts", "passwd", "file:///etc/passwd"},
		{"file:///etc/hosts", "../..", "file:///"},
		{"file:///", "a/../b", "file:///b"},
		// Bases without authority, and the "/." guard.
		{"foo:/a/b", "g", "foo:/a/g"},
		{"foo:/a/b", "..", "foo:/"},
		{"foo:/a/b", "../../g", "foo:/g"},
		{"foo:a/b", "../c", "foo:/c"},
		{"foo:a/b", "g", "foo:a/g"},
		{"foo:", "g", "foo:g"},
		{"foo:", ".", "foo:"},
		{"foo:/", "..//g", "foo:/.//g"},
		{"mailto:a@b", "?subject=x", "mailto:a@b?subject=x"},
		{"urn:a:b", "", "urn:a:b"},
	}
	type result struct{ Resolve, ResolveNonStrict, AppendResolve string }
	for _, tt := range tests {
		t.Run(tt.base+" "+tt.ref, func(t *testing.T) {
			base, ref := uri.MustParse(tt.base), uri.MustParse(tt.ref)
			var got result
			r, err := base.Resolve(ref)
			if err != nil {
				t.Errorf("Resolve(%q, %q): %v", tt.base, tt.ref, err)
				return
			}
			checkWritten(t, "Resolve("+tt.base+", "+tt.ref+")", r)
			got.Resolve = r.String()
			r, _ = base.ResolveNonStrict(ref)
			checkWritten(t, "ResolveNonStrict("+tt.base+", "+tt.ref+")", r)
			got.ResolveNonStrict = r.String()
			b, _ := uri.AppendResolve([]byte("x/"), base, ref)
			got.AppendResolve = string(b)
			want := result{tt.want, tt.want, "x/" + tt.want}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Resolve(%q, %q) mismatch (-want +got):\n%s", tt.base, tt.ref, diff)
			}
		})
	}
}

// TestResolveNonStrictMerge: a reference whose scheme ResolveNonStrict
// ignores is merged like one without.
func TestResolveNonStrictMerge(t *testing.T) {
	base := uri.MustParse(rfcBase)
	tests := []struct{ ref, want string }{
		{"http:../g", "http://a/b/g"},
		{"http:.", "http://a/b/c/"},
		{"http:./g/../h?y#s", "http://a/b/c/h?y#s"},
		{"http:/../g", "http://a/g"},
		{"http:?y", "http://a/b/c/d;p?y"},
		{"http://g/./x", "http://g/x"},
		{"http://g/x", "http://g/x"},
	}
	for _, tt := range tests {
		t.Run(tt.ref, func(t *testing.T) {
			r, err := base.ResolveNonStrict(uri.MustParse(tt.ref))
			if err != nil {
				t.Errorf("ResolveNonStrict(%q): %v", tt.ref, err)
			}
			checkWritten(t, "ResolveNonStrict("+tt.ref+")", r)
			if diff := cmp.Diff(tt.want, r.String()); diff != "" {
				t.Errorf("ResolveNonStrict(%q) mismatch (-want +got):\n%s", tt.ref, diff)
			}
		})
	}
}

func TestResolveErrors(t *testing.T) {
	for _, b := range []string{"", "//a/b", "/a", "a/b?q#f"} {
		t.Run(b, func(t *testing.T) {
			base := uri.MustParse(b)
			want := `uri: resolve "` + b + `": base URI has no scheme`
			check := func(what string, err error) {
				t.Helper()
				var e *uri.Error
				if !errors.Is(err, uri.ErrRelativeBase) || !errors.As(err, &e) || e.Op != "resolve" || e.Input != b || err.Error() != want {
					t.Errorf("%s against %q: %v, want %s", what, b, err, want)
				}
			}
			_, err := base.Resolve(uri.MustParse("g"))
			check("Resolve", err)
			_, err = base.ResolveNonStrict(uri.MustParse("g"))
			check("ResolveNonStrict", err)
			got, err := uri.AppendResolve([]byte("keep"), base, uri.MustParse("http://a/"))
			check("AppendResolve", err)
			if string(got) != "keep" {
				t.Errorf("AppendResolve against %q = %q, want %q", b, got, "keep")
			}
		})
	}
	_, err := uri.MustParse(rfcBase).ResolveString("a b")
	var e *uri.Error
	if !errors.As(err, &e) || e.Offset != 1 || !errors.Is(err, uri.ErrInvalidCharacter) {
		t.Errorf("ResolveString(%q) = %v, want an *Error at offset 1", "a b", err)
	}
}

// TestResolveBaseFragment: a base's fragment is ignored (section 5.1).
func TestResolveBaseFragment(t *testing.T) {
	tests := []resolveTest{
		{"foo:a/b?c#d", "", "foo:a/b?c"},
		{"http://example.com/#title1", "foo", "http://example.com/foo"},
		{"http://a/b#f", "#g", "http://a/b#g"},
		{"http://a/b?q#f", "?r", "http://a/b?r"},
	}
	testResolve(t, tests)
}

// BenchmarkResolveRFC resolves the 42 references of section 5.4, parsing
// each, against the RFC's base: this package, and net/url's Parse and
// ResolveReference for comparison. One op is all 42.
func BenchmarkResolveRFC(b *testing.B) {
	refs := make([]string, len(rfcResolve))
	for i, tt := range rfcResolve {
		refs[i] = tt.ref
	}
	each := func(b *testing.B, resolve func(ref string) error) {
		b.ReportAllocs()
		for b.Loop() {
			for _, r := range refs {
				if err := resolve(r); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	base := uri.MustParse(rfcBase)
	b.Run("rfc3986", func(b *testing.B) {
		each(b, func(r string) error {
			ref, err := uri.Parse(r)
			sinkURI, sinkErr = base.Resolve(ref)
			return err
		})
	})
	b.Run("rfc3986-append", func(b *testing.B) {
		buf := make([]byte, 0, 256)
		each(b, func(r string) error {
			ref, err := uri.Parse(r)
			buf, sinkErr = uri.AppendResolve(buf[:0], base, ref)
			return err
		})
	})
	urlBase, _ := url.Parse(rfcBase)
	b.Run("net-url", func(b *testing.B) {
		each(b, func(r string) error {
			ref, err := url.Parse(r)
			if err == nil {
				sinkString = urlBase.ResolveReference(ref).String()
			}
			return err
		})
	})
	// net/url without the String that Resolve's result needs no more of.
	b.Run("net-url-struct", func(b *testing.B) {
		each(b, func(r string) error {
			ref, err := url.Parse(r)
			if err == nil {
				sinkURL = urlBase.ResolveReference(ref)
			}
			return err
		})
	})
}

var sinkURL *url.URL

// BenchmarkResolveCorpus resolves every URL of the web corpus that both
// parsers accept against a base, as BenchmarkResolveRFC does. net/url's
// result is turned into a string, as Resolve's is one.
func BenchmarkResolveCorpus(b *testing.B) {
	const baseText = "http://example.com/a/b/c?q"
	var lines []string
	for _, s := range readCorpus(b, "web_urls.txt") {
		if _, err := uri.Parse(s); err != nil {
			continue
		}
		if _, err := url.Parse(s); err != nil {
			continue
		}
		lines = append(lines, s)
	}
	perURL := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(lines)), "ns/url")
	}
	b.Run("rfc3986", func(b *testing.B) {
		base := uri.MustParse(baseText)
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range lines {
				ref, _ := uri.Parse(s)
				sinkURI, sinkErr = base.Resolve(ref)
			}
		}
		perURL(b)
	})
	b.Run("net-url", func(b *testing.B) {
		base, _ := url.Parse(baseText)
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range lines {
				ref, _ := url.Parse(s)
				sinkString = base.ResolveReference(ref).String()
			}
		}
		perURL(b)
	})
}

// absolute generates the Parts of a URI with a scheme, for bases.
func absolute() gopter.Gen {
	return gopter.CombineGens(genOf(reference.URIReference()), genOf(reference.Scheme())).Map(func(vs []any) reference.Parts {
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
	p := properties(1000)
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
	}, absolute(), genOf(reference.URIReference()), gen.Bool()))
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
