//go:build !amd64 || purego

package whatwg

// hasCheckPlain says that checkPlain has vector code here: it has not,
// and the fast path checks with the word-at-a-time code.
var hasCheckPlain = false

// useAVX512 has no code to select here.
var useAVX512 = false

// checkPlain is never called without vector code.
func checkPlain(s string, se, hs, he, ps, pe, qe uint32, parts uint8) uint8 {
	return checkPlainBytes(s, se, hs, he, ps, pe, qe, parts)
}
