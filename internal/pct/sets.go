package pct

import "github.com/urilabs/rfc3986/tables"

// The sets of RFC 3986, Appendix A, that a component holds raw ("%" aside,
// which begins a triplet), from the generated tables.
var (
	// Unreserved is unreserved (section 2.3).
	Unreserved = Class(tables.Unreserved)
	// RegName is reg-name without pct-encoded: unreserved / sub-delims
	// (section 3.2.2).
	RegName = Class(tables.RegName)
	// UserInfo is userinfo without pct-encoded: reg-name and ":" (section
	// 3.2.1).
	UserInfo = Class(tables.UserInfo)
	// Path is a path's bytes without pct-encoded: pchar and "/" (section
	// 3.3).
	Path = Class(tables.Path)
	// Query is query and fragment without pct-encoded: the path's and "?"
	// (sections 3.4 and 3.5).
	Query = Class(tables.Query)
)

// The percent-encode sets of the URL Standard (section 1.3), each built
// on the one before it as the Standard defines them. Every byte above
// "~" is in every set, so a code point beyond ASCII is encoded whole.
var (
	// WHATWGC0Control is the C0 control percent-encode set: the C0
	// controls and every byte above "~", DEL included.
	WHATWGC0Control = Range(0, 0x1F).Union(Range(0x7F, 0xFF))
	// WHATWGFragment is the fragment percent-encode set.
	WHATWGFragment = WHATWGC0Control.Plus(" \"<>`")
	// WHATWGQuery is the query percent-encode set.
	WHATWGQuery = WHATWGC0Control.Plus(" \"#<>")
	// WHATWGSpecialQuery is the special-query percent-encode set.
	WHATWGSpecialQuery = WHATWGQuery.Plus("'")
	// WHATWGPath is the path percent-encode set.
	WHATWGPath = WHATWGQuery.Plus("?^`{}")
	// WHATWGUserinfo is the userinfo percent-encode set.
	WHATWGUserinfo = WHATWGPath.Plus("/:;=@[\\]|")
	// WHATWGComponent is the component percent-encode set.
	WHATWGComponent = WHATWGUserinfo.Plus("$%&+,")
	// WHATWGForm is the application/x-www-form-urlencoded percent-encode
	// set.
	WHATWGForm = WHATWGComponent.Plus("!'()~")
)
