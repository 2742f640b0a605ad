package whatwg

import (
	"github.com/urilabs/rfc3986/internal/pct"
)

// The bytes that the path, authority and host states read one at a time:
// those that may end what they read, and in a path those it encodes.
// They copy runs of other bytes in one go.
var (
	pathStopSet      = pct.WHATWGPath.Plus("/\\?#")
	authorityStopSet = pct.Bytes("@/\\?#")
	hostStopSet      = pct.Bytes(":/\\?#[]")
)

// PercentEncode returns s with the bytes that the named percent-encode set
// of the Standard holds written as "%XX". The sets are "c0-control",
// "fragment", "query", "special-query", "path", "userinfo", "component"
// and "application/x-www-form-urlencoded" (which also writes a space as
// "+"). It reports false for another name.
func PercentEncode(s, set string) (string, bool) {
	var es *pct.Set
	switch set {
	case "c0-control":
		es = &pct.WHATWGC0Control
	case "fragment":
		es = &pct.WHATWGFragment
	case "query":
		es = &pct.WHATWGQuery
	case "special-query":
		es = &pct.WHATWGSpecialQuery
	case "path":
		es = &pct.WHATWGPath
	case "userinfo":
		es = &pct.WHATWGUserinfo
	case "component":
		es = &pct.WHATWGComponent
	case "application/x-www-form-urlencoded":
		return string(appendForm(nil, s)), true
	default:
		return "", false
	}
	if !pct.Contains(s, es) {
		return s, true
	}
	return string(pct.AppendEncoded(nil, s, es)), true
}

// PercentDecode returns s percent-decoded as the Standard does it: every
// "%XX" becomes its byte, and a "%" without two hexadecimal digits after
// it stays. The result may not be UTF-8.
func PercentDecode(s string) string { return pct.Decoded(s) }
