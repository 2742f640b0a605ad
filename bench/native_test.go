//go:build native

package bench

import (
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
