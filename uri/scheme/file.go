package scheme

import (
	"strings"

	"github.com/urilabs/rfc3986/uri"
)

// checkFile checks the forms of a file URI (RFC 8089 section 2 and
// Appendix E).
func checkFile(u uri.URI) *uri.Error {
	o := u.Offsets()
	path := u.Path()
	switch {
	case u.HasPort():
		return errorAt(u, o.HostEnd, uri.Port, ErrPortNotAllowed)
	case path == "":
		return errorAt(u, o.PathStart, uri.Path, ErrMissingPath)
	case !u.HasAuthority() && path[0] != '/':
		// local-path = [ drive-letter ] path-absolute (E.2)
		if n := driveLetter(path); n == 0 || n == len(path) || path[n] != '/' {
			return errorAt(u, o.PathStart+n, uri.Path, ErrRelativePath)
		}
	}
	if u.HasQuery() {
		return errorAt(u, o.PathEnd, uri.Query, ErrQueryNotAllowed)
	}
	return nil
}

// driveLetter returns 2 if s begins with a drive letter, ALPHA ":" (RFC
// 8089 Appendix E.2), and 0 if not. The form ALPHA "|" of E.2.2 cannot
// appear in a URI: RFC 3986 has no "|".
func driveLetter(s string) int {
	if len(s) >= 2 && s[1] == ':' && ('a' <= s[0]|0x20 && s[0]|0x20 <= 'z') {
		return 2
	}
	return 0
}

// A PathStyle is a way of writing file paths.
type PathStyle uint8

const (
	// Unix paths: absolute when they begin with "/", which separates
	// names; every other byte but NUL is part of a name.
	Unix PathStyle = iota
	// Windows paths: a drive letter, ":" and "\" ("C:\dir\file"), or a
	// UNC path, "\\", a server, "\", a share and more names
	// ("\\server\share\file"). "/" separates names as "\" does. A path
	// relative to a drive ("C:dir", "\dir") is not absolute.
	Windows
)

// String returns "Unix" or "Windows".
func (s PathStyle) String() string {
	if s == Windows {
		return "Windows"
	}
	return "Unix"
}

// FromFilePath returns the file URI of the absolute path p written in
// style (RFC 8089 section 2), percent-encoding every byte a path segment
// cannot hold, "%" included, with uri.Escape.
//
// A Unix path becomes "file://" and the path: "/etc/hosts" is
// "file:///etc/hosts" and "/a b" is "file:///a%20b". Nothing in p is
// resolved or cleaned: dot-segments stay, and "//a" is "file:////a", so
// that FilePath gives back every byte of every absolute Unix path.
//
// A Windows path with a drive letter becomes "file:///" and the path with
// "/" for "\" ("C:\a b" is "file:///C:/a%20b", Appendix E.2); a UNC path
// "\\server\share\p" becomes "file://server/share/p" (Appendix E.3.1),
// its server encoded as a host, but for a server named "localhost", which
// in the authority would name the local machine (section 2): it is
// written in the path, "file:////localhost/share/p" (Appendix E.3.2).
// FilePath gives back such a path with "\" for every "/".
//
// The Win32 prefixes "\\?\" and "\\.\", which pass a path to the
// system as it is, are dropped where what follows names a file: a drive
// letter ("\\?\C:\x" is "file:///C:/x", as "C:\x" is), or "UNC" and a
// UNC path ("\\?\UNC\server\share\x" is "file://server/share/x"). FilePath
// gives back the path without the prefix. Any other path after a prefix
// names a device, a volume or a pipe ("\\.\COM1", "\\.\pipe\name",
// "\\?\Volume{...}\x"), which no file URI names: an error
// (ErrDevicePath).
//
// A path that is not absolute in its style is an error (ErrRelativePath),
// as is a NUL byte (ErrNULInPath) and a UNC path without a share
// (ErrMissingPath). Errors are *uri.Error values with Op "from file path",
// whose Input is p.
func FromFilePath(p string, style PathStyle) (uri.URI, error) {
	u, err := fromFilePath(p, style)
	if err != nil {
		err.Op = "from file path"
		return uri.URI{}, err
	}
	return u, nil
}

func fromFilePath(p string, style PathStyle) (uri.URI, *uri.Error) {
	if i := strings.IndexByte(p, 0); i >= 0 {
		return uri.URI{}, &uri.Error{Input: p, Offset: i, Component: uri.Path, Err: ErrNULInPath}
	}
	b := make([]byte, 0, len("file:///")+len(p)+len(p)/4)
	b = append(b, "file://"...)
	if style == Unix {
		if p == "" || p[0] != '/' {
			return uri.URI{}, &uri.Error{Input: p, Offset: 0, Component: uri.Path, Err: ErrRelativePath}
		}
		b = appendEscaped(b, p, uri.Path)
		return parseBuilt(b)
	}
	local := p
	if n := devicePrefix(p); n > 0 {
		// "\\?\C:\x" and "\\.\C:\x" name the file "C:\x", and
		// "\\?\UNC\server\share\x" the file "\\server\share\x".
		local = p[n:]
		if len(local) >= 4 && strings.EqualFold(local[:3], "UNC") && isWindowsSeparator(local[3]) {
			return fromUNC(b, p, n+4)
		}
		if !(driveLetter(local) == 2 && len(local) > 2 && isWindowsSeparator(local[2])) {
			return uri.URI{}, &uri.Error{Input: p, Offset: n, Component: uri.Path, Err: ErrDevicePath}
		}
	}
	switch {
	case driveLetter(local) == 2 && len(local) > 2 && isWindowsSeparator(local[2]):
		b = append(b, '/')
		b = appendWindowsSegments(b, local)
	case len(p) >= 2 && isWindowsSeparator(p[0]) && isWindowsSeparator(p[1]):
		return fromUNC(b, p, 2)
	default:
		at := 0
		if driveLetter(p) == 2 {
			at = 2 // "C:dir" is relative to the current directory of C:
		}
		return uri.URI{}, &uri.Error{Input: p, Offset: at, Component: uri.Path, Err: ErrRelativePath}
	}
	return parseBuilt(b)
}

// devicePrefix returns the length of the Win32 prefix that p begins with,
// "\\?\" or "\\.\" (either separator), or 0 if it begins with neither.
func devicePrefix(p string) int {
	if len(p) >= 4 && isWindowsSeparator(p[0]) && isWindowsSeparator(p[1]) && (p[2] == '?' || p[2] == '.') && isWindowsSeparator(p[3]) {
		return 4
	}
	return 0
}

// fromUNC appends to b, "file://", the URI of the UNC path p whose
// server begins at offset at, after "\\" or "\\?\UNC\" (Appendix E.3).
func fromUNC(b []byte, p string, at int) (uri.URI, *uri.Error) {
	server, rest := cutWindowsSeparator(p[at:])
	switch {
	case server == "":
		return uri.URI{}, &uri.Error{Input: p, Offset: at, Component: uri.Host, Err: uri.ErrMissingHost}
	case len(server) == len(p)-at:
		return uri.URI{}, &uri.Error{Input: p, Offset: len(p), Component: uri.Path, Err: ErrMissingPath}
	case strings.EqualFold(server, "localhost"):
		b = append(b, "//"...)
		b = appendEscaped(b, server, uri.Segment)
	default:
		b = appendEscaped(b, server, uri.Host)
	}
	b = append(b, '/')
	b = appendWindowsSegments(b, rest)
	return parseBuilt(b)
}

// parseBuilt parses the URI FromFilePath built, which is always one: its
// parts are escaped for their components.
func parseBuilt(b []byte) (uri.URI, *uri.Error) {
	u, err := uri.Parse(string(b))
	if err != nil {
		return uri.URI{}, err.(*uri.Error)
	}
	return u, nil
}

func isWindowsSeparator(c byte) bool { return c == '\\' || c == '/' }

// cutWindowsSeparator cuts s around its first separator.
func cutWindowsSeparator(s string) (before, after string) {
	if i := strings.IndexAny(s, `\/`); i >= 0 {
		return s[:i], s[i+1:]
	}
	return s, ""
}

// appendWindowsSegments appends the names of the Windows path p, each
// escaped as a segment, with "/" between them.
func appendWindowsSegments(b []byte, p string) []byte {
	for {
		name, rest := cutWindowsSeparator(p)
		b = appendEscaped(b, name, uri.Segment)
		if len(name) == len(p) {
			return b
		}
		b = append(b, '/')
		p = rest
	}
}

// FilePath returns the file path that the file URI u names, written in
// style, its percent-encodings decoded with uri.Unescape. The fragment, if
// any, names a part of the file and is left out; the other forms of RFC
// 8089 section 2 and Appendix E give:
//
//	URI                              Unix         Windows
//	file:///a/b, file:/a/b           /a/b         (ErrRelativePath)
//	file://localhost/a/b             /a/b         (ErrRelativePath)
//	file:///C:/a, file:C:/a          (see below)  C:\a
//	file://server/share/a            (ErrNotLocal) \\server\share\a
//	file:////server/share/a          //server/share/a  \\server\share\a
//
// A Unix path is the URI's path decoded; a drive letter is only a name
// there, so "file:///C:/a" is "/C:/a", and "file:C:/a", without the "/"
// before it, is not absolute (ErrRelativePath). A Windows path needs a
// drive letter or a server.
//
// u must be a file URI (ErrWrongScheme) that Check accepts, without a
// userinfo (uri.ErrUserInfoNotAllowed, since a path cannot hold one); its
// path must not hold an encoded separator (ErrEncodedSeparator) or NUL
// (ErrNULInPath). Errors are *uri.Error values with Op "file path", whose
// Input is u.
func FilePath(u uri.URI, style PathStyle) (string, error) {
	p, err := filePath(u, style)
	if err != nil {
		err.Op = "file path"
		return "", err
	}
	return p, nil
}

func filePath(u uri.URI, style PathStyle) (string, *uri.Error) {
	if !strings.EqualFold(u.Scheme(), "file") {
		return "", errorAt(u, 0, uri.Scheme, ErrWrongScheme)
	}
	if err := checkFile(u); err != nil {
		return "", err
	}
	o := u.Offsets()
	if u.HasUserInfo() {
		return "", errorAt(u, o.AuthorityStart, uri.UserInfo, uri.ErrUserInfoNotAllowed)
	}
	path := u.Path()
	if err := checkDecodedPath(u, path, o.PathStart, style); err != nil {
		return "", err
	}
	host := u.Host()
	local := host == "" || strings.EqualFold(host, "localhost")
	if style == Unix {
		switch {
		case !local:
			return "", errorAt(u, o.HostStart, uri.Host, ErrNotLocal)
		case path[0] != '/':
			return "", errorAt(u, o.PathStart, uri.Path, ErrRelativePath)
		}
		return unescape(path), nil
	}

	if !local {
		// A UNC path with its server in the authority (E.3.1).
		if err := checkDecodedPath(u, host, o.HostStart, style); err != nil {
			err.Component = uri.Host
			return "", err
		}
		return windowsPath(`\\`+unescape(host), path), nil
	}
	rooted := path
	if rooted[0] == '/' {
		rooted = rooted[1:]
	}
	if n := driveLetter(rooted); n == 2 && len(rooted) > 2 && rooted[2] == '/' {
		return windowsPath("", rooted), nil
	}
	// A UNC string in the path after an empty authority (E.3.2): two or
	// three slashes, the server, a slash and more.
	if u.HasAuthority() && host == "" && strings.HasPrefix(path, "//") {
		unc := strings.TrimPrefix(path[2:], "/")
		if server, _, found := strings.Cut(unc, "/"); server != "" && found {
			return windowsPath(`\\`, unc), nil
		}
	}
	// No drive letter where one should be.
	return "", errorAt(u, o.PathStart+len(path)-len(rooted), uri.Path, ErrRelativePath)
}

// checkDecodedPath checks that the part of u at offset at, a path or a
// host, decodes to no NUL and no separator of the style. u is valid, so
// every "%" begins a triplet.
func checkDecodedPath(u uri.URI, part string, at int, style PathStyle) *uri.Error {
	for i := 0; i+2 < len(part); i++ {
		if part[i] != '%' {
			continue
		}
		switch hex := part[i+1 : i+3]; {
		case hex == "00":
			return errorAt(u, at+i, uri.Path, ErrNULInPath)
		case strings.EqualFold(hex, "2F"), style == Windows && strings.EqualFold(hex, "5C"):
			return errorAt(u, at+i, uri.Path, ErrEncodedSeparator)
		}
	}
	return nil
}

// unescape decodes a component of a valid URI, whose every "%" begins a
// triplet.
func unescape(s string) string {
	d, _ := uri.Unescape(s)
	return d
}

// windowsPath returns prefix and the decoded path, with "\" for "/".
func windowsPath(prefix, path string) string {
	return prefix + strings.ReplaceAll(unescape(path), "/", `\`)
}

// appendEscaped appends s escaped for c, which is Host, Path or Segment:
// those can hold any data, and uri.AppendEscape never fails for them.
func appendEscaped(b []byte, s string, c uri.Component) []byte {
	b, _ = uri.AppendEscape(b, s, c)
	return b
}
