package route_test

import (
	"strconv"
	"testing"

	"github.com/urilabs/rfc3986/uri/route"
)

// TestTomcatObserved holds the Tomcat presets to what Tomcat 10.1 did with
// each target of testdata/targets.txt: the status, getRequestURI and the
// query, and the Servlet path.
func TestTomcatObserved(t *testing.T) { checkObserved(t, "tomcat") }

// jettyKnown are the cases of jetty_httpuri.txt that the Jetty presets do
// not reproduce, by preset and target, with the reason. Each must still
// differ: one that comes to agree is taken off the list.
var jettyKnown = map[string]string{
	// LEGACY allows AMBIGUOUS_PATH_SEPARATOR: Jetty removes dot-segments
	// with "%2F" as data, then decodes it into the Servlet path, so that a
	// "/" of the key separates no segment the canonical path had. A
	// KeyDecoded key keeps such an escape as "%2F", which StripPrefix and
	// Agree need to tell the segments apart.
	"jetty-legacy /path/%2f/info":   "the key keeps %2F",
	"jetty-legacy /path/%2f../info": "the key keeps %2F",
	"jetty-legacy /foo%2fbar":       "the key keeps %2F",
	// LEGACY allows USER_INFO; the policy of an absolute-form target
	// (AbsoluteToOriginPath) refuses userinfo as DEFAULT does.
	"jetty-legacy http://user@host:8080/path/info;param?query#fragment": "userinfo refused",
}

// TestJettyVectors requires the Jetty presets to give the status or the
// Servlet path that Jetty's own tests give on every ported case, but the
// known differences, which must differ.
func TestJettyVectors(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range readPresetVectors(t, "jetty_httpuri.txt") {
		t.Run(strconv.Itoa(v.line)+"/"+v.preset+v.target, func(t *testing.T) {
			got, r := presetOutcome(t, v)
			id := v.preset + " " + v.target
			if reason, ok := jettyKnown[id]; ok {
				seen[id] = true
				if got == v.want {
					t.Errorf("jetty_httpuri.txt:%d: %s now gives %q as Jetty does: take it off jettyKnown (%s)", v.line, id, got, reason)
				}
				t.Logf("known difference: %s: %s %q, Jetty %q (%s)", id, v.kind, got, v.want, reason)
				return
			}
			if got != v.want {
				t.Errorf("jetty_httpuri.txt:%d: preset %s on %q: %s %q, want %q (key %q, forward %q, %v)",
					v.line, v.preset, v.target, v.kind, got, v.want, r.Key, r.Forward, r.Err)
			}
		})
	}
	for id := range jettyKnown {
		if !seen[id] {
			t.Errorf("jettyKnown names %q, which jetty_httpuri.txt does not hold", id)
		}
	}
}

// TestJettyParameters holds the jetty presets to what HttpURI's PARAM
// state does: it reads no character of a segment's parameters, so that
// an escape or a byte it refuses elsewhere in the path passes there, and
// canonicalPath drops them. (Jetty's tests have no such case.)
func TestJettyParameters(t *testing.T) {
	for _, name := range []string{"jetty", "jetty-legacy"} {
		p, ok := route.Lookup(name)
		if !ok {
			t.Fatalf("no preset %q", name)
		}
		for _, c := range []struct{ target, key string }{
			{"/a;%00/b", "/a/b"},
			{"/a;%zz/b", "/a/b"},
			{"/a;%2F%2e%2e/b", "/a/b"},
			{`/a;x"y\z/b`, "/a/b"},
			{"/a;x/%2e%2e%2e", "/a/..."},
		} {
			t.Run(name+c.target, func(t *testing.T) {
				r := p.Policy.Apply(c.target)
				if r.Verdict != route.Accept || r.Key != c.key || r.Forward != c.target {
					t.Errorf("%s on %q: %v %d key %q forward %q (%v), want key %q forward the target",
						name, c.target, r.Verdict, r.Status(), r.Key, r.Forward, r.Err, c.key)
				}
			})
		}
		// Outside the parameters, the same bytes are refused.
		for _, target := range []string{"/a%00/b", "/a%zz/b", `/a"/b`} {
			if r := p.Policy.Apply(target); r.Status() != 400 {
				t.Errorf("%s on %q: %v %d key %q, want 400", name, target, r.Verdict, r.Status(), r.Key)
			}
		}
	}
}
