package route

import (
	"path"
	"testing"
)

// TestCleanInPlace holds cleanInPlace to path.Clean with the trailing "/"
// put back, which is Caddy's CleanPath.
func TestCleanInPlace(t *testing.T) {
	for _, s := range []string{"/", "//", "/a/b", "/a/../b", "/../a", "/a/./b/", "/a//b//", "/a/b/..", "/a/b/../", "/..", "/.", "/./", "/a/..", "/a/../", "/x/../admin/x", "///a", "/a/b/c/../../..", "/.a/..b/...", "/a/.b/./c/..", "/abc/..d/"} {
		want := path.Clean(s)
		if s[len(s)-1] == '/' && want != "/" {
			want += "/"
		}
		if got := string(cleanInPlace([]byte(s))); got != want {
			t.Errorf("cleanInPlace(%q) = %q, want %q", s, got, want)
		}
	}
}
