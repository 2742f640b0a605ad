package route_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri/route"
)

func TestLimitsAllows(t *testing.T) {
	host := map[string][]string{"Host": {"127.0.0.1"}, "Connection": {"close"}}
	for _, tt := range []struct {
		name   string
		limits route.Limits
		method string
		target string
		header map[string][]string
		want   bool
	}{
		{"no limit", route.Limits{}, "GET", "/" + strings.Repeat("a", 1<<20), nil, true},
		{"nginx: the longest line", route.Limits{Line: 8190}, "GET", "/" + strings.Repeat("a", 8176), host, true},
		{"nginx: one byte more", route.Limits{Line: 8190}, "GET", "/" + strings.Repeat("a", 8177), host, false},
		{"nginx: the method counts", route.Limits{Line: 8190}, "DELETE", "/" + strings.Repeat("a", 8176), host, false},
		{"HAProxy: the longest head", route.Limits{Head: 15300, Field: 8}, "GET", "/" + strings.Repeat("a", 15242), host, true},
		{"HAProxy: one byte more", route.Limits{Head: 15300, Field: 8}, "GET", "/" + strings.Repeat("a", 15243), host, false},
		{"HAProxy: a field more", route.Limits{Head: 15300, Field: 8}, "GET", "/" + strings.Repeat("a", 15242),
			map[string][]string{"Host": {"127.0.0.1"}, "Connection": {"close"}, "X": {""}}, false},
		{"Tomcat: the longest head", route.Limits{Head: 8188, Field: 4}, "GET", "/" + strings.Repeat("a", 8146),
			map[string][]string{"Host": {"x"}, "Connection": {"close"}}, true},
		{"Tomcat: one byte more", route.Limits{Head: 8188, Field: 4}, "GET", "/" + strings.Repeat("a", 8147),
			map[string][]string{"Host": {"x"}, "Connection": {"close"}}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.limits.Allows(tt.method, tt.target, "HTTP/1.1", tt.header); got != tt.want {
				t.Errorf("%+v.Allows(%q, %d bytes, HTTP/1.1, %v) = %v, want %v", tt.limits, tt.method, len(tt.target), tt.header, got, tt.want)
			}
		})
	}
}

func TestLimitsApply(t *testing.T) {
	p, _ := route.Lookup("nginx")
	long := "/" + strings.Repeat("a", 8177)
	r := p.Policy.Apply(long)
	if r.Verdict != route.Reject || r.Status() != 414 || !errors.Is(r.Err, route.ErrTooLong) {
		t.Fatalf("nginx Apply(%d bytes) = %v %d %v, want reject 414 ErrTooLong", len(long), r.Verdict, r.Status(), r.Err)
	}
	r = route.Policy{Limits: route.Limits{Line: 20}}.Apply("/abcdefg")
	if want := `uri: route "/abcdefg": request line too long at offset 8`; r.Err == nil || r.Err.Error() != want || r.Status() != 400 {
		t.Errorf("Apply(%q) = %d %v, want 400 %q", "/abcdefg", r.Status(), r.Err, want)
	}
	if r := p.Policy.Apply(long[:len(long)-1]); r.Verdict != route.Accept {
		t.Errorf("nginx Apply(%d bytes) = %v, want accept", len(long)-1, r.Verdict)
	}
}
