//go:build native

package bench

import (
	"sync"

	"github.com/urilabs/rfc3986/bench/native"
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
