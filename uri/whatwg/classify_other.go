//go:build !amd64 || purego

package whatwg

// hasClassify says that classify has vector code here: it has not, and
// the fast path checks with the word-at-a-time code.
var hasClassify = false

// classify is never called without vector code.
func classify(s string) (upperPct, dash, slash, dotPct, digit, quote uint64) {
	return classifyBytes(s)
}
