package scheme

import (
	"errors"

	"github.com/urilabs/rfc3986/internal/schemes"
	"github.com/urilabs/rfc3986/uri"
)

// The rules Check, the Parse functions and the file path conversions
// enforce beyond RFC 3986, one sentinel a rule. Each is wrapped within a
// *uri.Error when produced, whose Offset is that of the first byte that
// breaks the rule (len(Input) when the input ends too early) and whose
// Component is the URI component that byte is in; test for one with
// errors.Is. The rules that ParseRequestTarget also enforces use the
// sentinels of package uri: uri.ErrMissingHost for an http, https, ws or
// wss URI without a host, uri.ErrUserInfoNotAllowed for one with a
// userinfo, and uri.ErrFragmentNotAllowed for a ws or wss URI with a
// fragment.
var (
	// ErrWrongScheme: ParseMailto, ParseURN, ParseData or FilePath given
	// a URI of another scheme, or a relative reference.
	ErrWrongScheme = errors.New("wrong scheme")

	// ErrPortOutOfRange: an http, https, ws or wss URI whose port is
	// above 65535: the port of those schemes is a TCP port (RFC 9110
	// section 4.2.1, RFC 6455 section 3), which has 16 bits (RFC 9293
	// section 3.1), though RFC 3986 allows any number of digits.
	// It is uri.ErrPortOutOfRange, which DialAddress reports too.
	ErrPortOutOfRange = uri.ErrPortOutOfRange

	// ErrQueryNotAllowed: a file URI with a query (RFC 8089 section 2).
	ErrQueryNotAllowed = errors.New("query not allowed")
	// ErrPortNotAllowed: a file URI with a port (RFC 8089 section 2).
	ErrPortNotAllowed = errors.New("port not allowed")
	// ErrMissingPath: a file URI with an empty path (RFC 8089 section 2),
	// or a Windows UNC path without a share after the server.
	ErrMissingPath = errors.New("missing path")
	// ErrRelativePath: a file URI whose path is neither absolute nor a
	// drive letter and an absolute path (RFC 8089 section 2 and Appendix
	// E.2), or a file path that is not absolute in its style.
	ErrRelativePath = errors.New("relative path")
	// ErrNotLocal: FilePath of a file URI whose host is neither empty nor
	// "localhost", for the Unix style, which has no way to name another
	// machine (RFC 8089 section 2).
	ErrNotLocal = errors.New("host is not local")
	// ErrEncodedSeparator: FilePath of a file URI whose path holds a
	// percent-encoded "/" (or, for Windows, "\"), which would decode to a
	// separator where the URI has none.
	ErrEncodedSeparator = errors.New("encoded path separator")
	// ErrNULInPath: a NUL byte in a file path, or "%00" in a file URI's
	// path for FilePath: no file system takes it, and passed on it cuts a
	// path short in C.
	ErrNULInPath = errors.New("NUL in file path")
	// ErrDevicePath: a Windows path given to FromFilePath that names a
	// device, a volume or a pipe rather than a file: "\\.\" or "\\?\"
	// followed by neither a drive letter nor "UNC" ("\\.\COM1",
	// "\\.\pipe\name").
	ErrDevicePath = errors.New("path names a device")

	// ErrInvalidAddress: a mailto URI whose path is not a list of
	// addr-spec separated by "," (RFC 6068 section 2): a byte that must
	// be percent-encoded there ("/", "&", ";", "="), an empty address, or
	// a decoded address that is not an RFC 5322 addr-spec without
	// comments and folding white space.
	ErrInvalidAddress = errors.New("invalid address")
	// ErrInvalidHeader: a mailto URI whose query is not "hfname=hfvalue"
	// pairs separated by "&" (RFC 6068 section 2), each made of qchar: a
	// pair without "=", an empty pair, or a "/", "?" or second "=".
	ErrInvalidHeader = errors.New("invalid header field")

	// ErrInvalidNID: a urn URI whose namespace identifier is not 2 to 32
	// letters, digits and hyphens beginning and ending with a letter or
	// digit, followed by ":" (RFC 8141 section 2).
	ErrInvalidNID = errors.New("invalid namespace identifier")
	// ErrInvalidNSS: a urn URI whose namespace-specific string is empty
	// or begins with "/" (RFC 8141 section 2).
	ErrInvalidNSS = errors.New("invalid namespace-specific string")
	// ErrInvalidRQComponents: a urn URI whose query is not an optional
	// "+" r-component and an optional "?=" q-component after it, in that
	// order, each not empty and not beginning with "/" or "?" (RFC 8141
	// section 2): "?" alone, "?x", "?+" alone.
	ErrInvalidRQComponents = errors.New("invalid rq-components")

	// ErrInvalidMediaType: a data URI whose text before the "," is not an
	// optional type "/" subtype, then ";" attribute "=" value parameters,
	// then an optional ";base64" (RFC 2397 section 3, with the tokens of
	// RFC 2045 section 5.1).
	ErrInvalidMediaType = errors.New("invalid media type")
	// ErrMissingComma: a data URI without the "," that begins its data
	// (RFC 2397 section 3).
	ErrMissingComma = errors.New(`missing ","`)
	// ErrInvalidBase64: a data URI marked ";base64" whose data, once
	// percent-decoded, is not padded base64 (RFC 2397 section 3, RFC 4648
	// section 4).
	ErrInvalidBase64 = errors.New("invalid base64 data")
)

// Check reports whether u follows the rules of its scheme, for the schemes
// below, whose names match case-insensitively; for every other scheme, and
// for a relative reference, it returns nil. The error is a *uri.Error with
// Op "check", the offset of the first byte at fault, its component, and
// the sentinel of the rule:
//
//   - http, https (RFC 9110 section 4.2): an authority with a host that is
//     not empty (uri.ErrMissingHost), no userinfo, even an empty one
//     (section 4.2.4, uri.ErrUserInfoNotAllowed), and no port above 65535
//     (ErrPortOutOfRange);
//   - ws, wss (RFC 6455 section 3): the same, and no fragment, even an
//     empty one (uri.ErrFragmentNotAllowed);
//   - file (RFC 8089 section 2 and Appendix E): no query
//     (ErrQueryNotAllowed) and no port (ErrPortNotAllowed); after an
//     authority, which may be empty, "localhost", a host or, as E.1 allows,
//     a userinfo and a host, a path that is not empty (ErrMissingPath);
//     without one, an absolute path ("file:/p") or a drive letter and an
//     absolute path ("file:c:/p", E.2) (ErrRelativePath). A path
//     beginning with "//" after an empty authority is a UNC string (E.3.2)
//     or a Unix path that begins with "//": FromFilePath writes "//a" so.
//   - mailto (RFC 6068 section 2): addresses separated by "," that decode
//     to addr-specs, and header fields "name=value" separated by "&"
//     (ErrInvalidAddress, ErrInvalidHeader). A fragment is allowed, as a
//     "SHOULD NOT" of section 2;
//   - urn (RFC 8141 section 2): "urn:" NID ":" NSS with the
//     rq-components of its query (ErrInvalidNID, ErrInvalidNSS,
//     ErrInvalidRQComponents); any fragment is an f-component;
//   - data (RFC 2397 section 3): a media type, ";base64" or not, "," and
//     the data, padded base64 when ";base64" is given (ErrInvalidMediaType,
//     ErrMissingComma, ErrInvalidBase64). The query, if any, is part of
//     the data.
//
// Check allocates nothing but the error, and the decoded data of a
// ";base64" data URI, which it must decode to check (and a mailto address
// longer than 128 bytes once decoded).
func Check(u uri.URI) error {
	var err *uri.Error
	switch schemes.Lookup(u.Scheme()).Check {
	case schemes.CheckHTTP:
		err = checkHTTP(u, false)
	case schemes.CheckWS:
		err = checkHTTP(u, true)
	case schemes.CheckFile:
		err = checkFile(u)
	case schemes.CheckMailto:
		err = checkMailto(u)
	case schemes.CheckURN:
		_, err = readURN(u)
	case schemes.CheckData:
		_, err = readData(u, false)
	}
	if err != nil {
		err.Op = "check"
		return err
	}
	return nil
}

// portInRange reports whether u's port, which is not empty, is a TCP
// port: at most 65535.
func portInRange(u uri.URI) bool {
	_, ok := u.PortNumber()
	return ok
}

// errorAt returns the error for u at offset i of its text.
func errorAt(u uri.URI, i int, c uri.Component, err error) *uri.Error {
	return &uri.Error{Input: u.String(), Offset: i, Component: c, Err: err}
}

// checkHTTP checks the rules of http and https (RFC 9110 section 4.2),
// and with noFragment those of ws and wss (RFC 6455 section 3).
func checkHTTP(u uri.URI, noFragment bool) *uri.Error {
	// The offsets are computed only for the error: this is the common case
	// of Check, and it does nothing but look at the marks.
	afterScheme := len(u.Scheme()) + 1
	switch {
	case !u.HasAuthority():
		return errorAt(u, afterScheme, uri.Host, uri.ErrMissingHost)
	case u.HasUserInfo():
		return errorAt(u, afterScheme+2, uri.UserInfo, uri.ErrUserInfoNotAllowed)
	case u.Host() == "":
		return errorAt(u, afterScheme+2, uri.Host, uri.ErrMissingHost)
	case u.Port() != "" && !portInRange(u):
		return errorAt(u, afterScheme+len(u.Authority())-len(u.Port())+2, uri.Port, ErrPortOutOfRange)
	case noFragment && u.HasFragment():
		return errorAt(u, len(u.String())-len(u.Fragment())-1, uri.Fragment, uri.ErrFragmentNotAllowed)
	}
	return nil
}
