package fuzz

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/scheme"
)

// FuzzFilePathUnix checks that every absolute Unix path without NUL comes
// back byte for byte from its file URI, which Check accepts, and that
// every other path is refused with the reason.
func FuzzFilePathUnix(f *testing.F) {
	for _, p := range []string{
		"/", "/etc/hosts", "//a", "///a/b", "/a/./b/../c", "/a b/%41/%", "/?#[]@!$&'()*+,;=:", // delimiters
		"/\xff\xfe\\", "/C:/x", "/a//b/", "", "a", "./a", "/a\x00b",
	} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		u, err := scheme.FromFilePath(p, scheme.Unix)
		switch {
		case strings.IndexByte(p, 0) >= 0:
			if !errors.Is(err, scheme.ErrNULInPath) {
				t.Fatalf("FromFilePath(%q, Unix) = %q, %v; want ErrNULInPath", p, u, err)
			}
			return
		case !strings.HasPrefix(p, "/"):
			if !errors.Is(err, scheme.ErrRelativePath) {
				t.Fatalf("FromFilePath(%q, Unix) = %q, %v; want ErrRelativePath", p, u, err)
			}
			return
		case err != nil:
			t.Fatalf("FromFilePath(%q, Unix): %v", p, err)
		}
		if err := scheme.Check(u); err != nil {
			t.Fatalf("Check(FromFilePath(%q, Unix)) = %v", p, err)
		}
		back, err := scheme.FilePath(u, scheme.Unix)
		if err != nil || back != p {
			t.Fatalf("FilePath(%q, Unix) = %q, %v; want %q", u, back, err, p)
		}
	})
}

// windowsLocal returns the path that a Windows path names, and whether p
// is of a form FromFilePath takes, written here from its documentation:
// the Win32 prefixes "\\?\" and "\\.\" before a drive letter name the
// path after them, and before "UNC\" the UNC path "\\" and what follows;
// other paths name themselves.
func windowsLocal(p string) (string, bool) {
	sep := func(c byte) bool { return c == '\\' || c == '/' }
	if len(p) < 4 || !sep(p[0]) || !sep(p[1]) || (p[2] != '?' && p[2] != '.') || !sep(p[3]) {
		return p, windowsForm(p)
	}
	local := p[4:]
	if len(local) >= 4 && strings.EqualFold(local[:3], "UNC") && sep(local[3]) {
		unc := `\\` + local[4:]
		return unc, windowsForm(unc)
	}
	drive := len(local) >= 3 && ('a' <= local[0] && local[0] <= 'z' || 'A' <= local[0] && local[0] <= 'Z') && local[1] == ':' && sep(local[2])
	return local, drive && windowsForm(local)
}

// windowsForm reports whether p is a Windows path of a form FromFilePath
// takes, written here from its documentation: a drive letter, ":" and a
// separator, or two separators, a server, a separator and anything; and no
// NUL anywhere.
func windowsForm(p string) bool {
	sep := func(c byte) bool { return c == '\\' || c == '/' }
	if strings.IndexByte(p, 0) >= 0 {
		return false
	}
	if len(p) >= 3 && ('a' <= p[0] && p[0] <= 'z' || 'A' <= p[0] && p[0] <= 'Z') && p[1] == ':' && sep(p[2]) {
		return true
	}
	if len(p) < 2 || !sep(p[0]) || !sep(p[1]) {
		return false
	}
	i := 2
	for i < len(p) && !sep(p[i]) {
		i++
	}
	return i > 2 && i < len(p)
}

// FuzzFilePathWindows checks that every Windows path of the forms of
// FromFilePath, drive letters and UNC shares, comes back from its file
// URI, which Check accepts, with "\" for every separator, and that
// FromFilePath refuses every other path.
func FuzzFilePathWindows(f *testing.F) {
	for _, p := range []string{
		`C:\`, `c:/path/to/file`, `C:\Users\a b\%41.txt`, `C:\a\\b\`, `z:\?#[]`, `C:\a/b`,
		`\\server\share\p`, `//server/share`, `\\server\`, `\\localhost\share\p`, `\\LOCALHOST\x`,
		`\\?\C:\x`, `\\.\c:/x`, `//?/UNC/server/share/x`, `\\?\UNC\s`, `\\?\x`, `\\a b\c`, `\\[::1]\s`, `\\%41\s`, `\\1.2.3.4\s`,
		`C:`, `C:x`, `\x`, `x`, ``, `\\`, `\\\s`, `\\server`, "C:\\a\x00",
	} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		u, err := scheme.FromFilePath(p, scheme.Windows)
		local, ok := windowsLocal(p)
		if !ok {
			if err == nil {
				t.Fatalf("FromFilePath(%q, Windows) = %q; want an error", p, u)
			}
			return
		}
		if err != nil {
			t.Fatalf("FromFilePath(%q, Windows): %v", p, err)
		}
		if err := scheme.Check(u); err != nil {
			t.Fatalf("Check(FromFilePath(%q, Windows)) = %v", p, err)
		}
		want := strings.ReplaceAll(local, "/", `\`)
		back, err := scheme.FilePath(u, scheme.Windows)
		if err != nil || back != want {
			t.Fatalf("FilePath(%q, Windows) = %q, %v; want %q", u, back, err, want)
		}
	})
}

// schemeSentinels are the reasons Check may give.
var schemeSentinels = []error{
	uri.ErrMissingHost, uri.ErrUserInfoNotAllowed, uri.ErrFragmentNotAllowed,
	scheme.ErrQueryNotAllowed, scheme.ErrPortNotAllowed, scheme.ErrMissingPath, scheme.ErrRelativePath,
	scheme.ErrInvalidAddress, scheme.ErrInvalidHeader,
	scheme.ErrInvalidNID, scheme.ErrInvalidNSS, scheme.ErrInvalidRQComponents,
	scheme.ErrInvalidMediaType, scheme.ErrMissingComma, scheme.ErrInvalidBase64,
}

// FuzzCheck checks that Check never panics and that its errors say where
// and why; that it agrees with the Parse function of each scheme; and
// properties of what those return: a Mailto built back parses to itself, a
// URN is equivalent to itself with "urn" and its NID in upper case, base64
// data encodes back to what the URI held, a file URI's Unix path gives a
// URI with the same path. DropDefaultPort removes the port and nothing
// else.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		"http://a/", "http://@a/", "http:///", "HTTPS://u@:1", "ws://h/#", "wss://h?q",
		"file:///a", "file:c:/a", "file:a", "file://h:1/a?q", "file:////h/s/p", "file:///a%2Fb%00",
		"mailto:a@b,%22x%40y%22@z?subject=hi&body=a%20b", "mailto:a@b?x", "mailto:%5C@x", "mailto:a@%5B1.2.3.4%5D",
		"urn:example:a123,z456?+r?=q#f", "URN:EX:%2c", "urn:a:b", "urn:ex:a?+",
		"data:,A%20brief%20note", "data:text/plain;charset=%22a%22;base64,SGk=", "data:;base64,SG", "data:x",
		"coap://h:5683/", "foo://h:/", "//h:80",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.Parse(s)
		if err != nil {
			return
		}
		checkErr := scheme.Check(u)
		if checkErr != nil {
			var e *uri.Error
			if !errors.As(checkErr, &e) || e.Op != "check" || e.Input != s || e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("Check(%q) = %#v; want an *uri.Error with Op check, the input and an offset in it", s, checkErr)
			}
			known := false
			for _, k := range schemeSentinels {
				known = known || e.Err == k
			}
			if !known {
				t.Fatalf("Check(%q) = %v, with an unknown reason", s, checkErr)
			}
			_ = e.Error()
		}
		switch name := strings.ToLower(u.Scheme()); name {
		case "mailto":
			m, err := scheme.ParseMailto(u)
			agree(t, "ParseMailto", s, checkErr, err)
			if err != nil {
				return
			}
			b, err := scheme.BuildMailto(m)
			if err != nil {
				t.Fatalf("BuildMailto(ParseMailto(%q)): %v", s, err)
			}
			back, err := scheme.ParseMailto(b)
			if err != nil {
				t.Fatalf("ParseMailto(%q) of BuildMailto(ParseMailto(%q)): %v", b, s, err)
			}
			if diff := cmp.Diff(m, back); diff != "" {
				t.Fatalf("ParseMailto(BuildMailto(ParseMailto(%q))) mismatch (-want +got):\n%s", s, diff)
			}
		case "urn":
			n, err := scheme.ParseURN(u)
			agree(t, "ParseURN", s, checkErr, err)
			if err != nil {
				return
			}
			shout := uri.MustParse("URN:" + strings.ToUpper(n.NID) + ":" + n.NSS)
			if !scheme.EquivalentURN(u, u) || !scheme.EquivalentURN(u, shout) || !scheme.EquivalentURN(shout, u) {
				t.Fatalf("EquivalentURN(%q, %q) = false", s, shout)
			}
		case "data":
			d, err := scheme.ParseData(u)
			agree(t, "ParseData", s, checkErr, err)
			if err != nil || !d.Base64 {
				return
			}
			raw := s[strings.IndexByte(s, ',')+1:]
			if u.HasFragment() {
				raw = raw[:len(raw)-len(u.Fragment())-1]
			}
			if text, _ := uri.Unescape(raw); base64.StdEncoding.EncodeToString(d.Data) != text {
				t.Fatalf("ParseData(%q) decoded %q, which encodes to another text", s, d.Data)
			}
		case "file":
			p, err := scheme.FilePath(u, scheme.Unix)
			if checkErr != nil && err == nil {
				t.Fatalf("FilePath(%q) = %q, but Check fails: %v", s, p, checkErr)
			}
			if err != nil {
				return
			}
			v, err := scheme.FromFilePath(p, scheme.Unix)
			if err != nil {
				t.Fatalf("FromFilePath(FilePath(%q)) = %v", s, err)
			}
			if q, err := scheme.FilePath(v, scheme.Unix); err != nil || q != p {
				t.Fatalf("FilePath(FromFilePath(%q)) = %q, %v; want %q", p, q, err, p)
			}
		}

		v := scheme.DropDefaultPort(u, scheme.DefaultPort)
		if v == u {
			return
		}
		want := u.Components()
		want.Port, want.HasPort = "", false
		if v.HasPort() || v.Components() != want {
			t.Fatalf("DropDefaultPort(%q) = %q; want it without its port and otherwise the same", s, v)
		}
	})
}

// agree fails t unless the Parse function named fn failed exactly when
// Check did, with the same reason at the same offset.
func agree(t *testing.T, fn, s string, checkErr, err error) {
	t.Helper()
	if (checkErr == nil) != (err == nil) {
		t.Fatalf("Check(%q) = %v but %s gives %v", s, checkErr, fn, err)
	}
	if err == nil {
		return
	}
	a, b := checkErr.(*uri.Error), err.(*uri.Error)
	if a.Offset != b.Offset || a.Err != b.Err || a.Component != b.Component {
		t.Fatalf("Check(%q) = %v but %s gives %v", s, checkErr, fn, err)
	}
}
