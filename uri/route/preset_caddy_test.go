package route_test

import (
	"testing"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/route"
)

func TestCaddyObserved(t *testing.T) { checkObserved(t, "caddy") }

func TestCaddyVectors(t *testing.T) { checkPresetVectors(t, "caddy_matchers.txt") }

// TestCaddyKeyTrims checks that the key is what Caddy 2.6's path matcher
// matches: it trims trailing dots and spaces before it cleans the path, so
// that "/admin/%2e" matches "/admin/*" (seen on the real Caddy), through
// Apply and ApplyTarget alike.
func TestCaddyKeyTrims(t *testing.T) {
	p, _ := route.Lookup("caddy")
	tests := []struct{ in, key string }{
		{"/admin/%2e", "/admin/"},
		{"/admin/.", "/admin/"},
		{"/admin/..", "/admin/"},
		{"/admin.", "/admin"},
		{"/Admin..?q", "/admin"},
		{"/admin%20", "/admin"},
		{"/admin/%2e%20.", "/admin/"},
		{"/a/b/../c.", "/a/c"},
		{"/.", "/"},
		{"/admin", "/admin"},
		{"/a.b", "/a.b"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := p.Policy.Apply(tt.in).Key; got != tt.key {
				t.Errorf("Apply(%q).Key = %q, want %q", tt.in, got, tt.key)
			}
			target, err := uri.ParseRequestTarget(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Policy.ApplyTarget(target).Key; got != tt.key {
				t.Errorf("ApplyTarget(%q).Key = %q, want %q", tt.in, got, tt.key)
			}
		})
	}
}
