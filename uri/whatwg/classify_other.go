//go:build !amd64 || purego

package whatwg

// hasCheckPlain says that checkPlain has vector code here: it has not,
// and the fast path checks with the word-at-a-time code.
var hasCheckPlain = false

// checkPlain is never called without vector code.
func checkPlain(s string, upper, host, label, path, query uint64) uint8 {
	return checkPlainBytes(s, upper, host, label, path, query)
}
