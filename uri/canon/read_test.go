package canon

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReadLine holds the reader to the references' reading of a line: the
// components it splits, the cleaning and the repairs before the split.
func TestReadLine(t *testing.T) {
	type read struct {
		Line                                  string
		Authority                             bool
		Scheme, User, Host, Port, Path, Query string
		HasQuery, HasFrag                     bool
		Fragment                              string
		Err                                   string
	}
	tests := []struct {
		in   string
		want read
	}{
		{"http://u@Example.com:080/p?q#f", read{Line: "http://u@Example.com:080/p?q#f", Authority: true,
			Scheme: "http", User: "u", Host: "Example.com", Port: "80", Path: "/p", Query: "q", HasQuery: true, HasFrag: true, Fragment: "f"}},
		{" \n\thttp://a\r.example/\u2028x\u2029\u0085 \x00", read{Line: "http://a.example/x", Authority: true,
			Scheme: "http", Host: "a.example", Path: "/x"}},
		{"www.google.com", read{Line: "http://www.google.com", Authority: true, Scheme: "http", Host: "www.google.com"}},
		{"B\u00fccher.ch:8080", read{Line: "http://B\u00fccher.ch:8080", Authority: true, Scheme: "http", Host: "B\u00fccher.ch", Port: "8080"}},
		{"http://https://a/", read{Line: "https://a/", Authority: true, Scheme: "https", Host: "a", Path: "/"}},
		{"http:////a/b", read{Line: "http://a/b", Authority: true, Scheme: "http", Host: "a", Path: "/b"}},
		{"http:///a/b", read{Line: "http:///a/b", Authority: true, Scheme: "http", Path: "/a/b"}},
		{"ftp:////a/b", read{Line: "ftp:////a/b", Authority: true, Scheme: "ftp", Path: "//a/b"}},
		{"http://a:/", read{Line: "http://a:/", Authority: true, Scheme: "http", Host: "a", Path: "/"}},
		{"http://[::1]:8/", read{Line: "http://[::1]:8/", Authority: true, Scheme: "http", Host: "[::1]", Port: "8", Path: "/"}},
		{"http://u s@a b/c d?e f#g h", read{Line: "http://u s@a b/c d?e f#g h", Authority: true,
			Scheme: "http", User: "u%20s", Host: "a b", Path: "/c d", Query: "e f", HasQuery: true, HasFrag: true, Fragment: "g%20h"}},
		{"http://a/#%zz%41", read{Line: "http://a/#%zz%41", Authority: true, Scheme: "http", Host: "a", Path: "/", HasFrag: true, Fragment: "%25zz%41"}},
		{"dns:archive.org", read{Line: "dns:archive.org"}},
		{"mailto:a@b", read{Line: "mailto:a@b"}},
		{"http://a:8x/", read{Line: "http://a:8x/", Authority: true, Scheme: "http", Host: "a",
			Err: `uri: canon.test "http://a:8x/": invalid port: unexpected 'x' at offset 10 in port`}},
		{"http://a:12345678901/", read{Line: "http://a:12345678901/", Authority: true, Scheme: "http", Host: "a",
			Err: `uri: canon.test "http://a:12345678901/": invalid port: unexpected '1' at offset 19 in port`}},
		{" \t ", read{Err: `uri: canon.test " \t ": canon: URL has no scheme at offset 0`}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var c parts
			line, ok, err := c.readLine(tt.in, "test")
			got := read{Line: line, Authority: ok, Scheme: c.scheme, User: c.userinfo, Host: c.host, Port: c.port,
				Path: c.path, Query: c.query, HasQuery: c.hasQuery, HasFrag: c.hasFrag, Fragment: c.fragment}
			if err != nil {
				got.Err = err.Error()
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("readLine(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestReadLineClean: a component is marked clean only when it holds
// nothing to encode, no "%" either; an IP literal's brackets are clean.
func TestReadLineClean(t *testing.T) {
	tests := []struct {
		in   string
		want uint8
	}{
		{"http://a.example/p?q", 1<<inHost | 1<<inPath | 1<<inQuery},
		{"http://[2001:db8::1]/p?q", 1<<inHost | 1<<inPath | 1<<inQuery},
		{"http://a%2e/p%20?q", 1 << inQuery},
		{"http://a b/p\u00e9?q^", 0},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var c parts
			if _, _, err := c.readLine(tt.in, "test"); err != nil {
				t.Fatal(err)
			}
			if c.clean != tt.want {
				t.Errorf("readLine(%q): clean %03b, want %03b", tt.in, c.clean, tt.want)
			}
		})
	}
}
