package scheme

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

var errorComparer = cmp.Comparer(func(a, b error) bool { return a == b })

func TestFromFilePath(t *testing.T) {
	tests := []struct {
		path  string
		style PathStyle
		want  string
		err   *checkResult
	}{
		{"/etc/hosts", Unix, "file:///etc/hosts", nil},
		{"/", Unix, "file:///", nil},
		{"/a b/c%d", Unix, "file:///a%20b/c%25d", nil},
		{"/a/./b/../c", Unix, "file:///a/./b/../c", nil}, // kept: the path names that file
		{"//a", Unix, "file:////a", nil},
		{"/?#[]", Unix, "file:///%3F%23%5B%5D", nil},
		{"/a:b@c;d=e", Unix, "file:///a:b@c;d=e", nil},
		{"/\xff\\", Unix, "file:///%FF%5C", nil},
		{"/C:/x", Unix, "file:///C:/x", nil},
		{"", Unix, "", bad(0, uri.Path, ErrRelativePath)},
		{"a/b", Unix, "", bad(0, uri.Path, ErrRelativePath)},
		{"./a", Unix, "", bad(0, uri.Path, ErrRelativePath)},
		{"/a\x00b", Unix, "", bad(2, uri.Path, ErrNULInPath)},

		{`C:\Users\a b\f.txt`, Windows, "file:///C:/Users/a%20b/f.txt", nil},
		{`c:/path/to/file`, Windows, "file:///c:/path/to/file", nil},
		{`C:\`, Windows, "file:///C:/", nil},
		{`C:\a\\b\`, Windows, "file:///C:/a//b/", nil},
		{`\\server\share\p`, Windows, "file://server/share/p", nil},
		{`//server/share/p`, Windows, "file://server/share/p", nil},
		{`\\host.example.com\Share\path\to\file.txt`, Windows, "file://host.example.com/Share/path/to/file.txt", nil},
		{`\\server\`, Windows, "file://server/", nil},
		{`\\a b\c`, Windows, "file://a%20b/c", nil},
		{`\\localhost\share\p`, Windows, "file:////localhost/share/p", nil},
		// Win32 prefixes: dropped before a file's path, refused before a
		// device's.
		{`\\?\C:\x`, Windows, "file:///C:/x", nil},
		{`\\.\C:\a b`, Windows, "file:///C:/a%20b", nil},
		{`//?/c:/x`, Windows, "file:///c:/x", nil},
		{`\\?\UNC\server\share\x`, Windows, "file://server/share/x", nil},
		{`\\?\unc\localhost\share\x`, Windows, "file:////localhost/share/x", nil},
		{`\\?\UNC\server`, Windows, "", bad(14, uri.Path, ErrMissingPath)},
		{`\\?\UNC\\share`, Windows, "", bad(8, uri.Host, uri.ErrMissingHost)},
		{`\\.\COM1`, Windows, "", bad(4, uri.Path, ErrDevicePath)},
		{`\\.\pipe\name`, Windows, "", bad(4, uri.Path, ErrDevicePath)},
		{`\\?\Volume{b75e2c83-0000-0000-0000-602f00000000}\x`, Windows, "", bad(4, uri.Path, ErrDevicePath)},
		{`\\?\C:`, Windows, "", bad(4, uri.Path, ErrDevicePath)},
		{`\\?\UNCx\a\b`, Windows, "", bad(4, uri.Path, ErrDevicePath)},
		{`\\?\`, Windows, "", bad(4, uri.Path, ErrDevicePath)},
		{`\\?\C:\x`, Unix, "", bad(0, uri.Path, ErrRelativePath)},
		{`C:`, Windows, "", bad(2, uri.Path, ErrRelativePath)},
		{`C:dir\f`, Windows, "", bad(2, uri.Path, ErrRelativePath)},
		{`\dir\f`, Windows, "", bad(0, uri.Path, ErrRelativePath)},
		{`dir\f`, Windows, "", bad(0, uri.Path, ErrRelativePath)},
		{``, Windows, "", bad(0, uri.Path, ErrRelativePath)},
		{`\\`, Windows, "", bad(2, uri.Host, uri.ErrMissingHost)},
		{`\\\share`, Windows, "", bad(2, uri.Host, uri.ErrMissingHost)},
		{`\\server`, Windows, "", bad(8, uri.Path, ErrMissingPath)},
		{"C:\\a\x00", Windows, "", bad(4, uri.Path, ErrNULInPath)},
	}
	for _, tt := range tests {
		t.Run(tt.style.String()+"/"+tt.path, func(t *testing.T) {
			u, err := FromFilePath(tt.path, tt.style)
			got := resultOf(err)
			if diff := cmp.Diff(tt.err, got, errorComparer); diff != "" {
				t.Fatalf("FromFilePath(%q, %v) error mismatch (-want +got):\n%s", tt.path, tt.style, diff)
			}
			if err != nil {
				if e := err.(*uri.Error); e.Op != "from file path" || e.Input != tt.path {
					t.Errorf("FromFilePath(%q, %v) error %#v; want Op %q, Input the path", tt.path, tt.style, e, "from file path")
				}
				return
			}
			if u.String() != tt.want {
				t.Errorf("FromFilePath(%q, %v) = %q; want %q", tt.path, tt.style, u, tt.want)
			}
			if err := Check(u); err != nil {
				t.Errorf("Check(FromFilePath(%q, %v)) = %v", tt.path, tt.style, err)
			}
		})
	}
}

func TestFilePath(t *testing.T) {
	type result struct {
		path string
		err  *checkResult
	}
	tests := []struct {
		in            string
		unix, windows result
	}{
		// RFC 8089 section 2 and Appendix B.
		{"file:///path/to/file", result{"/path/to/file", nil}, result{"", bad(8, uri.Path, ErrRelativePath)}},
		{"file:/path/to/file", result{"/path/to/file", nil}, result{"", bad(6, uri.Path, ErrRelativePath)}},
		{"file://host.example.com/path/to/file", result{"", bad(7, uri.Host, ErrNotLocal)}, result{`\\host.example.com\path\to\file`, nil}},
		{"file://localhost/etc/fstab", result{"/etc/fstab", nil}, result{"", bad(17, uri.Path, ErrRelativePath)}},
		{"file://LocalHost/c:/x", result{"/c:/x", nil}, result{`c:\x`, nil}},
		// Appendix E.1: a userinfo, which no path can hold.
		{"file://user@host/p", result{"", bad(7, uri.UserInfo, uri.ErrUserInfoNotAllowed)}, result{"", bad(7, uri.UserInfo, uri.ErrUserInfoNotAllowed)}},
		// Appendix E.2 and E.2.1: drive letters.
		{"file:c:/path/to/file", result{"", bad(5, uri.Path, ErrRelativePath)}, result{`c:\path\to\file`, nil}},
		{"file:///c:/path/to/file.txt", result{"/c:/path/to/file.txt", nil}, result{`c:\path\to\file.txt`, nil}},
		{"file:///c:/foo.txt", result{"/c:/foo.txt", nil}, result{`c:\foo.txt`, nil}},
		{"file:/C:/a", result{"/C:/a", nil}, result{`C:\a`, nil}},
		{"file:///C:", result{"/C:", nil}, result{"", bad(8, uri.Path, ErrRelativePath)}},
		// Appendix E.3.1 and E.3.2: UNC strings.
		{"file://host.example.com/Share/path/to/file.txt", result{"", bad(7, uri.Host, ErrNotLocal)}, result{`\\host.example.com\Share\path\to\file.txt`, nil}},
		{"file:////host.example.com/path/to/file", result{"//host.example.com/path/to/file", nil}, result{`\\host.example.com\path\to\file`, nil}},
		{"file://///host.example.com/path/to/file", result{"///host.example.com/path/to/file", nil}, result{`\\host.example.com\path\to\file`, nil}},
		{"file:////host", result{"//host", nil}, result{"", bad(8, uri.Path, ErrRelativePath)}},
		{"file://server/", result{"", bad(7, uri.Host, ErrNotLocal)}, result{`\\server\`, nil}},
		// Decoding.
		{"file:///a%20b/%25/%E2%82%AC", result{"/a b/%/€", nil}, result{"", bad(8, uri.Path, ErrRelativePath)}},
		{"file:///a%5Cb", result{`/a\b`, nil}, result{"", bad(9, uri.Path, ErrEncodedSeparator)}},
		{"file:///C:/a%5cb", result{`/C:/a\b`, nil}, result{"", bad(12, uri.Path, ErrEncodedSeparator)}},
		{"file:///a%2Fb", result{"", bad(9, uri.Path, ErrEncodedSeparator)}, result{"", bad(9, uri.Path, ErrEncodedSeparator)}},
		{"file:///a%00", result{"", bad(9, uri.Path, ErrNULInPath)}, result{"", bad(9, uri.Path, ErrNULInPath)}},
		{"file://a%2Fb/c", result{"", bad(7, uri.Host, ErrNotLocal)}, result{"", bad(8, uri.Host, ErrEncodedSeparator)}},
		{"file:///a#frag", result{"/a", nil}, result{"", bad(8, uri.Path, ErrRelativePath)}},
		// Not file URIs, or not ones Check accepts.
		{"http://a/b", result{"", bad(0, uri.Scheme, ErrWrongScheme)}, result{"", bad(0, uri.Scheme, ErrWrongScheme)}},
		{"/a/b", result{"", bad(0, uri.Scheme, ErrWrongScheme)}, result{"", bad(0, uri.Scheme, ErrWrongScheme)}},
		{"file:///a?q", result{"", bad(9, uri.Query, ErrQueryNotAllowed)}, result{"", bad(9, uri.Query, ErrQueryNotAllowed)}},
		{"file:a", result{"", bad(5, uri.Path, ErrRelativePath)}, result{"", bad(5, uri.Path, ErrRelativePath)}},
	}
	for _, tt := range tests {
		for _, style := range []PathStyle{Unix, Windows} {
			want := tt.unix
			if style == Windows {
				want = tt.windows
			}
			t.Run(style.String()+"/"+tt.in, func(t *testing.T) {
				p, err := FilePath(uri.MustParse(tt.in), style)
				got := result{p, resultOf(err)}
				if diff := cmp.Diff(want, got, errorComparer, cmp.AllowUnexported(result{})); diff != "" {
					t.Errorf("FilePath(%q, %v) mismatch (-want +got):\n%s", tt.in, style, diff)
				}
				if e, ok := err.(*uri.Error); ok && (e.Op != "file path" || e.Input != tt.in) {
					t.Errorf("FilePath(%q, %v) error %#v; want Op %q, Input the URI", tt.in, style, e, "file path")
				}
			})
		}
	}
}

// TestFileNotURIs checks that the drive letters of RFC 8089 Appendix
// E.2.2, with "|", and the backslashes of Appendix E.4 are not URIs at
// all: RFC 3986 has neither "|" nor "\", so no file URI of this package
// holds them.
func TestFileNotURIs(t *testing.T) {
	for _, s := range []string{"file:///c|/path/to/file", "file:/c|/path/to/file", "file:c|/path/to/file", `file:///c:\path\to\file`, `file:c:\path\to\file`} {
		if _, err := uri.Parse(s); err == nil {
			t.Errorf("Parse(%q) succeeded; want an error", s)
		}
	}
}
