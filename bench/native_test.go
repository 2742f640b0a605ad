//go:build native

package bench

import (
	"strings"
	"sync"
	"testing"

	"github.com/urilabs/rfc3986/bench/native"
	"github.com/urilabs/rfc3986/uri"
)

// With the build tag native, the C and C++ parsers join every Parse
// workload. Each pass is one cgo call that loops over the whole input set
// in C or C++ (see package native).
func init() {
	nativeParsers = []impl{
		{"uriparser", func(in *input) int { return nativeSet(in).Uriparser() }},
		{"boost-url", func(in *input) int { return nativeSet(in).BoostURL() }},
	}
	nativeResolvers = []impl{
		{"uriparser", nativePass((*native.Set).UriparserResolve, (*native.Set).UriparserResolveResults)},
		{"boost-url", nativePass((*native.Set).BoostURLResolve, (*native.Set).BoostURLResolveResults)},
	}
	nativeNormalizers = []impl{
		{"uriparser", nativePass((*native.Set).UriparserNormalize, (*native.Set).UriparserNormalizeResults)},
		{"boost-url", nativePass((*native.Set).BoostURLNormalize, (*native.Set).BoostURLNormalizeResults)},
	}
}

// nativePass is a pass of a C or C++ loop over the input set: one cgo call.
// For the untimed pass that checks the results (in.out set), it also asks
// for the results, in a call of their own.
func nativePass(pass func(*native.Set) int, results func(*native.Set) []string) func(*input) int {
	return func(in *input) int {
		s := nativeSet(in)
		if in.out != nil {
			copy(in.out, results(s))
		}
		return pass(s)
	}
}

// nativeSets holds the lines of each input set copied into C memory, made
// on the first pass over the set (the untimed one) and kept for the life
// of the test binary, as the input sets are.
var nativeSets struct {
	sync.Mutex
	m map[*input]*native.Set
}

func nativeSet(in *input) *native.Set {
	nativeSets.Lock()
	defer nativeSets.Unlock()
	s := nativeSets.m[in]
	if s == nil {
		if nativeSets.m == nil {
			nativeSets.m = map[*input]*native.Set{}
		}
		s = native.NewSet(in.lines)
		if in.base != "" {
			s.SetBase(in.base)
		}
		nativeSets.m[in] = s
	}
	return s
}

// TestNativeAgreesOnCorpora checks that uriparser and Boost.URL accept
// exactly the lines of the corpora that uri.Parse accepts, one line at a
// time: their accepted counts then mean the same lines, and their rows do
// the same work as rfc3986's.
func TestNativeAgreesOnCorpora(t *testing.T) {
	for _, tc := range []struct {
		name string
		load func() (*input, error)
	}{{"web", webInput}, {"file", fileInput}, {"long", longInput}} {
		in, err := tc.load()
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range in.lines {
			_, err := uri.Parse(s)
			set := native.NewSet([]string{s})
			got := map[string]bool{"uriparser": set.Uriparser() == 1, "boost-url": set.BoostURL() == 1}
			set.Free()
			for name, ok := range got {
				if ok != (err == nil) {
					t.Errorf("%s: %s accepts %q: %v, uri.Parse: %v", tc.name, name, s, ok, err)
				}
			}
		}
	}
}

// TestNativeResolveAgrees compares the targets that uriparser and Boost.URL
// write with rfc3986's, on every reference of the resolution workloads:
// they then do the same work as rfc3986's row. Boost.URL 1.81 keeps a ".."
// that would climb above the root ("http://a/../g" for "../../../g"
// against section 5.4's base, where section 5.4.2 gives "http://a/g"):
// that difference is counted, and any other fails the test.
func TestNativeResolveAgrees(t *testing.T) {
	for _, tc := range []struct {
		name string
		load func() (*input, error)
	}{{"rfc5.4", rfcInput}, {"web-common", webRefInput}, {"web-relative", relativeRefInput}} {
		in, err := tc.load()
		if err != nil {
			t.Fatal(err)
		}
		base := uri.MustParse(in.base)
		want := make([]string, len(in.lines))
		for i, s := range in.lines {
			if r, err := uri.Parse(s); err == nil {
				if target, err := base.Resolve(r); err == nil {
					want[i] = target.String()
				}
			}
		}
		set := native.NewSet(in.lines)
		set.SetBase(in.base)
		for name, got := range map[string][]string{
			"uriparser": set.UriparserResolveResults(),
			"boost-url": set.BoostURLResolveResults(),
		} {
			differ, aboveRoot := 0, 0
			for i := range want {
				if got[i] == want[i] {
					continue
				}
				if name == "boost-url" && keepsAboveRoot(got[i], want[i]) {
					aboveRoot++
					continue
				}
				if differ < 5 {
					t.Errorf("%s: %s resolves %q against %q to %q, rfc3986 to %q", tc.name, name, in.lines[i], in.base, got[i], want[i])
				}
				differ++
			}
			t.Logf("%s: %s: %d of %d targets differ, and %d keep a \"..\" above the root", tc.name, name, differ, len(want), aboveRoot)
		}
		set.Free()
	}
}

// TestNativeNormalizeAgrees compares the normal forms that uriparser and
// Boost.URL write with rfc3986's NormalizeSyntax (section 6.2.2, which is
// what both do) on the normalization workloads. Boost.URL 1.81 decodes
// every percent-encoded octet that its component may hold raw ("%40" to
// "@" in a path), where section 6.2.2.2 decodes unreserved characters
// alone: that difference is counted, and any other fails the test.
func TestNativeNormalizeAgrees(t *testing.T) {
	for _, tc := range []struct {
		name string
		load func() (*input, error)
	}{{"web-common", commonInput}, {"file", fileInput}} {
		in, err := tc.load()
		if err != nil {
			t.Fatal(err)
		}
		want := make([]string, len(in.lines))
		for i, s := range in.lines {
			if u, err := uri.Parse(s); err == nil {
				want[i] = u.NormalizeSyntax().String()
			}
		}
		set := native.NewSet(in.lines)
		for name, got := range map[string][]string{
			"uriparser": set.UriparserNormalizeResults(),
			"boost-url": set.BoostURLNormalizeResults(),
		} {
			differ, decoded := 0, 0
			for i := range want {
				if got[i] == want[i] {
					continue
				}
				if name == "boost-url" && sameOctets(got[i], want[i]) {
					decoded++
					continue
				}
				if differ < 5 {
					t.Errorf("%s: %s normalizes %q to %q, rfc3986 to %q", tc.name, name, in.lines[i], got[i], want[i])
				}
				differ++
			}
			t.Logf("%s: %s: %d of %d normal forms differ, and %d decode reserved octets", tc.name, name, differ, len(want), decoded)
		}
		set.Free()
	}
}

// keepsAboveRoot reports whether got is want but for a ".." that climbs
// above the root of its path, which section 5.2.4 removes.
func keepsAboveRoot(got, want string) bool {
	u, err := uri.Parse(got)
	if err != nil || !strings.HasPrefix(u.Path(), "/../") {
		return false
	}
	c := u.Components()
	c.Path = uri.RemoveDotSegments(c.Path)
	fixed, err := uri.Build(c)
	return err == nil && fixed.String() == want
}

// sameOctets reports whether got and want are valid URIs that decode to the
// same octets: they differ only in which octets are percent-encoded.
func sameOctets(got, want string) bool {
	if _, err := uri.Parse(got); err != nil {
		return false
	}
	g, err1 := uri.Unescape(got)
	w, err2 := uri.Unescape(want)
	return err1 == nil && err2 == nil && g == w
}
