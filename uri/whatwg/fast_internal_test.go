package whatwg

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFastChecks holds the word-at-a-time checks of the fast path to their
// byte-at-a-time definitions, at every alignment.
func TestFastChecks(t *testing.T) {
	hosts := []string{"example.com", "Example.com", "exa%41mple.com", "a-b.xn--c.com", "www.google.co.uk", "abcdefghijklmnoZ", "abcdefghijklmno%", "abcdefgh-", "@[`{", "xn--a", "a.xn--", "a.b.c.d.e.f.g.h-", "abcdefg--", "abcdefg-.-", "a-b-c-d-e-f-g-h-i-j--k", "aaaaaaa-", "aaaaaaaa--"}
	for _, h := range hosts {
		for pad := 0; pad < 9; pad++ {
			s := strings.Repeat("a", pad) + h
			wantU := strings.ContainsAny(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ%")
			wantD := strings.Contains(s, "--")
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

// TestFastPathAgrees holds the fast path to the state machine: on every
// line of both corpora and on URIs built to meet each of its conditions,
// a URL it returns is the one the state machine makes of the input.
func TestFastPathAgrees(t *testing.T) {
	var inputs []string
	for _, name := range []string{"web_urls.txt", "file_urls.txt"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, strings.Split(string(data), "\n")...)
	}
	schemes := []string{"http", "https", "ws", "wss", "ftp", "file", "foo", "HTTP", "a+b"}
	hosts := []string{"", "example.com", "Example.com", "a-b.c", "xn--a.com", "a.xn--b", "1.2.3.4", "1.2.3.04", "a.1", "a.0x1", "a.b1", "ex%41mple.com", "a!b", "a_b~", "[::1]", "[v1.x]", "a.", ".", "..", "u@h", "h:80", "h:0080", "h:", "h:443", "h:65535", "h:65536", "h:8080"}
	paths := []string{"", "/", "/a", "/a/./b", "/a/../b", "/a/%2e/b", "/a/.%2E", "/.a/b.", "/a;b", "/%41", "a", "a/b", "/a/b/c/d/e/f/g/h/.."}
	rests := []string{"", "?", "?q", "?a'b", "#", "#f", "?q#f"}
	for _, s := range schemes {
		for _, h := range hosts {
			for _, p := range paths {
				for _, r := range rests {
					inputs = append(inputs, s+"://"+h+p+r, s+":"+p+r)
				}
			}
		}
	}
	// Long URIs whose dot-segment or "'" falls on either side of the
	// 64th byte, or across it, and hosts that end past it.
	for pad := 36; pad <= 72; pad++ {
		a := strings.Repeat("a", pad)
		for _, tail := range []string{"/./b", "/../b", "/%2e/b", "/.%2E", "/.a/b", "/%41/b", "?a'b", "/b?c'd", "?q#'", "/..", "/."} {
			inputs = append(inputs, "http://example.com/"+a+tail, "https://"+a+".com/p"+tail, "foo://"+a+tail, "http://example.com/"+a+tail+strings.Repeat("b", 70))
		}
		for _, q := range []string{"'", "x'", "", "#'"} {
			inputs = append(inputs, "http://example.com/p?"+a+q, "http://example.com/p?"+a+q+a, "http://example.com/"+a+"?"+q+a)
		}
		for _, host := range []string{"Example.com", "xn--a.com", "a.b.1", "a--b.com", "a.b.", "a.0x1."} {
			inputs = append(inputs, "http://"+a+"."+host+"/p", "http://"+host+"/"+a+a)
		}
	}
	fastModes(t, func(t *testing.T, mode string) {
		fast := 0
		for _, s := range inputs {
			if checkFastPath(t, s) {
				fast++
			}
		}
		t.Logf("%s: %d inputs, %d on the fast path", mode, len(inputs), fast)
	})
}

// fastModes runs f with each code the fast path checks with here: the
// vector code, AVX-512 and AVX2, and the word-at-a-time code.
func fastModes(t *testing.T, f func(t *testing.T, mode string)) {
	vector, avx512 := hasCheckPlain, useAVX512
	defer func() { hasCheckPlain, useAVX512 = vector, avx512 }()
	if vector && avx512 {
		f(t, "AVX-512")
	}
	if vector {
		useAVX512 = false
		f(t, "AVX2")
	}
	hasCheckPlain = false
	f(t, "words")
}

// checkFastPath holds parseFast to the state machine on s: a URL it gives
// is the one the state machine makes of s. It reports whether s took the
// fast path.
func checkFastPath(t *testing.T, s string) bool {
	t.Helper()
	var u URL
	if !parseFast(s, &u) {
		return false
	}
	if want, err := parse(s, nil); err != nil || u != want {
		t.Errorf("parseFast(%q) = %#v\nthe state machine: %#v, %v", s, u, want, err)
	}
	return true
}

// FuzzFastPath holds the fast path, with each code it has here, to the
// state machine on generated and mutated URIs.
func FuzzFastPath(f *testing.F) {
	for _, s := range []string{"https://example.com/a/b?c#d", "http://a.b.c/./d", "https://x.y:8080/%2e%2E/z", "foo://h/p?q'r", "ws://xn--a.b/", "http://1.2.3.4/", "http://a.1/", "http://a-b--c.d/e", "HTTPS://A.B/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fastModes(t, func(t *testing.T, mode string) {
			checkFastPath(t, s)
		})
	})
}
