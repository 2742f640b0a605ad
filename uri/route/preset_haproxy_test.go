package route_test

import (
	"testing"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/route"
)

func TestHAProxyObserved(t *testing.T) { checkObserved(t, "haproxy") }

func TestHAProxyVectors(t *testing.T) { checkPresetVectors(t, "haproxy_normalize_uri.txt") }

// TestStepsChangedFirstStep checks that a copy of a preset in steps whose
// first step is changed reads a target with the change, on the fast path
// too: the steps after the first, and what they ask of a target, are
// shared, the first is not.
func TestStepsChangedFirstStep(t *testing.T) {
	p, ok := route.Lookup("haproxy-all")
	if !ok {
		t.Fatal("no preset haproxy-all")
	}
	q := p.Policy
	q.Query = route.QueryDropEmpty
	target, err := uri.ParseRequestTarget("/a/b?")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []route.Result{q.Apply("/a/b?"), q.ApplyTarget(target)} {
		if r.Verdict != route.Accept || r.Forward != "/a/b" {
			t.Errorf("haproxy-all dropping an empty query first: forward %q (%v), want \"/a/b\"", r.Forward, r.Verdict)
		}
	}
	if r := p.Policy.ApplyTarget(target); r.Forward != "/a/b?" {
		t.Errorf("haproxy-all: forward %q, want \"/a/b?\"", r.Forward)
	}
}
