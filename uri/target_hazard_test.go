package uri_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/uri"
)

func TestRequestTargetHazards(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/a/b?c", "none"},
		{"//evil.example/x", "double-slash-path"},
		{"/a/%2e%2e/b", "dot-segment"},
		{"/a/%2F/b?x=%2F", "encoded-delimiter"},
		{"/a?x=/../", "none"},
		{"/..;/admin", "path-parameter"},
		{"*", "none"},
		{"example.com:443", "none"},
		{"127.1:443", "numeric-host"},
		{"example.com:0443", "port-leading-zero"},
		{"http://127.1/a", "numeric-host"},
		{"http://a@b/", "credentials"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			rt, err := uri.ParseRequestTarget(tt.in)
			if err != nil {
				t.Fatalf("ParseRequestTarget(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, rt.Hazards().String()); diff != "" {
				t.Errorf("ParseRequestTarget(%q).Hazards() mismatch (-want +got):\n%s", tt.in, diff)
			}
			// Under a Host header without hazards, the target's are its
			// target URI's.
			u, err := rt.TargetURI("http", "example.com")
			if err != nil {
				t.Fatalf("TargetURI: %v", err)
			}
			if diff := cmp.Diff(u.Hazards().String(), rt.Hazards().String()); diff != "" {
				t.Errorf("Hazards of %q and of its target URI %q differ (-uri +target):\n%s", tt.in, u, diff)
			}
		})
	}
}

// checkTargetHazards compares the hazards of s as a request target with
// those uri.Parse gives for it, for an origin-form target Parse reads as
// the same path, and with those of its target URI for the others.
func checkTargetHazards(t *testing.T, s string) bool {
	t.Helper()
	rt, err := uri.ParseRequestTarget(s)
	if err != nil {
		return true
	}
	got := rt.Hazards()
	var want uri.Hazards
	if rt.Form() == uri.OriginForm && !strings.HasPrefix(s, "//") {
		u, err := uri.Parse(s)
		if err != nil {
			t.Errorf("ParseRequestTarget(%q) accepts what Parse refuses: %v", s, err)
			return false
		}
		want = u.Hazards()
	} else {
		u, err := rt.TargetURI("http", "example.com")
		if err != nil {
			t.Errorf("ParseRequestTarget(%q).TargetURI: %v", s, err)
			return false
		}
		want = u.Hazards()
		if rt.Form() == uri.AuthorityForm {
			want &^= uri.Hazards(1) << uri.DefaultPort
		}
	}
	if got != want {
		t.Errorf("ParseRequestTarget(%q).Hazards() = %v, want %v", s, got, want)
		return false
	}
	return true
}

// TestRequestTargetHazardsCorpus checks the origin-form targets of the
// web corpus (path and query of each URL) and the URLs as absolute-form
// targets.
func TestRequestTargetHazardsCorpus(t *testing.T) {
	n := 0
	for _, s := range append(readCorpus(t, "web_urls.txt"), readCorpus(t, "adversarial.txt")...) {
		checkTargetHazards(t, s)
		u, err := uri.Parse(s)
		if err != nil || u.Path() == "" {
			continue
		}
		target := u.Path()
		if u.HasQuery() {
			target += "?" + u.Query()
		}
		if checkTargetHazards(t, target) {
			n++
		}
	}
	if n == 0 {
		t.Fatal("no origin-form target checked")
	}
}

func TestPropertyRequestTargetHazards(t *testing.T) {
	seg := gen.OneConstOf("", "a", ".", "..", "%2e", "%2E%2e", ".%2e", "%2F", "%5c", "%00", "%3B", "a;b", ";", "%41", "%25", "C:", "%")
	target := gopter.CombineGens(gen.OneConstOf("/", "/", "//", "http://h/", "http://127.1/", "h:8", "0x7f.1:80", "*"),
		gen.SliceOfN(6, seg), gen.IntRange(0, 6), gen.OneConstOf("", "?", "?q=%2F", "?/../", "#f")).
		Map(func(vs []any) string {
			return vs[0].(string) + strings.Join(vs[1].([]string)[:vs[2].(int)], "/") + vs[3].(string)
		})
	p := properties(20000)
	p.Property("Hazards of a target are Parse's, or its target URI's", prop.ForAll(func(s string) bool {
		return checkTargetHazards(t, s)
	}, target))
	p.TestingRun(t)
}

func TestRequestTargetHazardsNoAllocs(t *testing.T) {
	for _, s := range []string{"/a/%2e%2e/b;c?d", "127.1:443", "http://a@127.1/%2F"} {
		rt, err := uri.ParseRequestTarget(s)
		if err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(100, func() { sinkHazards = rt.Hazards() }); n != 0 {
			t.Errorf("ParseRequestTarget(%q).Hazards() allocates %v times", s, n)
		}
	}
}

func ExampleRequestTarget_Hazards() {
	for _, s := range []string{"/api/v1/users?id=7", "/static/..%2f..%2fetc/passwd", "//evil.example/x"} {
		t, err := uri.ParseRequestTarget(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(s, t.Hazards())
	}
	// Output:
	// /api/v1/users?id=7 none
	// /static/..%2f..%2fetc/passwd encoded-delimiter
	// //evil.example/x double-slash-path
}
