package whatwg

import (
	"strings"
	"testing"
)

// TestFastChecks holds the word-at-a-time checks of the fast path to their
// byte-at-a-time definitions, at every alignment.
func TestFastChecks(t *testing.T) {
	hosts := []string{"example.com", "Example.com", "exa%41mple.com", "a-b.xn--c.com", "www.google.co.uk", "abcdefghijklmnoZ", "abcdefghijklmno%", "abcdefgh-", "@[`{", "xn--a", "a.xn--", "a.b.c.d.e.f.g.h-"}
	for _, h := range hosts {
		for pad := 0; pad < 9; pad++ {
			s := strings.Repeat("a", pad) + h
			wantU := strings.ContainsAny(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ%")
			wantD := strings.Contains(s, "-")
			if u, d := scanHost(s); u != wantU || d != wantD {
				t.Errorf("scanHost(%q) = %v, %v; want %v, %v", s, u, d, wantU, wantD)
			}
		}
	}
	paths := []string{"/a/b/c", "/a/./b", "/a/../b", "/a/%2e/b", "/a/.%2E/b", "/aaaaaaa/..", "/aaaaaa/..", "/aaaaaaaa/.", "/.a/%41/b..", "/a/b/c/d/e/f/g/h/i/j/%2e%2e", "/a/b/c/d/e/f/g/h/i/j/%2e%2", "/.", "/", "/%2e", "/aaaaaaa/%2e/", "/abc.def/"}
	for _, p := range paths {
		for pad := 0; pad < 9; pad++ {
			s := "/" + strings.Repeat("a", pad) + p
			want := false
			for _, seg := range strings.Split(s, "/")[1:] {
				switch strings.ToLower(seg) {
				case ".", "..", "%2e", ".%2e", "%2e.", "%2e%2e":
					want = true
				}
			}
			if got := hasDotSegment(s); got != want {
				t.Errorf("hasDotSegment(%q) = %v, want %v", s, got, want)
			}
		}
	}
}
