// Package scheme narrows the generic syntax of package uri to the rules of
// particular schemes, as RFC 3986 section 3.1 expects each scheme's
// specification to do, and reads the structure some schemes give their
// components.
//
// The generic parser stays exactly RFC 3986: a URI that uri.Parse accepts
// is a URI whatever this package says of it. [Check] says whether it also
// follows its scheme's rules: http and https (RFC 9110), ws and wss (RFC
// 6455), file (RFC 8089), mailto (RFC 6068), urn (RFC 8141) and data (RFC
// 2397). Its errors are *uri.Error values, with the offset, the component
// and a sentinel for the rule broken, so that they print as parse errors
// do.
//
// [FromFilePath] and [FilePath] convert between file URIs and the paths of
// Unix and Windows, [ParseMailto], [ParseURN] and [ParseData] take apart
// the URIs of those schemes, and [DefaultPort] knows the default ports of
// the schemes whose RFCs give one. Scheme names match case-insensitively
// throughout, as section 3.1 says.
//
// Percent-encodings are decoded with uri.Unescape and written with
// uri.Escape: the package has no decoder or encoder of its own.
package scheme
