package route_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri/route"
)

// seen is what the handler behind route.Handler saw of a request.
type seen struct {
	Forward, Path, RawPath, EscapedPath, RawQuery, Key string
	HasResult                                          bool
}

// recordNext returns a handler that writes what it saw into *s.
func recordNext(s *seen) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		res, ok := route.ResultOf(r)
		*s = seen{res.Forward, r.URL.Path, r.URL.RawPath, r.URL.EscapedPath(), r.URL.RawQuery, res.Key, ok}
		w.WriteHeader(http.StatusNoContent)
	})
}

func TestHandler(t *testing.T) {
	strict := route.Policy{
		Unreserved:   route.UnreservedDecode,
		PercentCase:  route.PercentCaseUpper,
		Dot:          route.DotRemove,
		DotDot:       route.DotDotRejectAbove,
		EncodedSlash: route.EncodedReject,
		Slashes:      route.SlashesMerge,
		KeyForm:      route.KeyDecoded,
		KeyCase:      route.KeyCaseLower,
		Normalized:   route.NormalizedRedirect,
		Status:       route.Statuses{Redirect: http.StatusPermanentRedirect},
	}
	tests := []struct {
		name, target string
		status       int
		seen         seen   // when next is called
		location     string // for a redirect
		body         string // for a rejection
	}{
		{
			name: "normal", target: "/a/b?x=1", status: http.StatusNoContent,
			seen: seen{Forward: "/a/b?x=1", Path: "/a/b", EscapedPath: "/a/b", RawQuery: "x=1", Key: "/a/b", HasResult: true},
		},
		{
			name: "unreserved decoded, case folded for the key", target: "/%41dmin/%7euser", status: http.StatusNoContent,
			seen: seen{Forward: "/Admin/~user", Path: "/Admin/~user", EscapedPath: "/Admin/~user", Key: "/admin/~user", HasResult: true},
		},
		{
			name: "escape kept as sent", target: "/a%20b/c%3Bd", status: http.StatusNoContent,
			seen: seen{Forward: "/a%20b/c%3Bd", Path: "/a b/c;d", RawPath: "/a%20b/c%3Bd", EscapedPath: "/a%20b/c%3Bd", Key: "/a b/c;d", HasResult: true},
		},
		{
			name: "dot-segments redirected", target: "/a/./b/../c", status: http.StatusPermanentRedirect, location: "/a/c",
		},
		{
			name: "above the root", target: "/a/../../etc/passwd", status: http.StatusBadRequest,
			body: "bad request target: dot-segment above the root",
		},
		{
			name: "encoded slash", target: "/a%2F..%2Fadmin", status: http.StatusBadRequest,
			body: "bad request target: rejected escape",
		},
		{
			name: "not a request target", target: "/a b", status: http.StatusBadRequest,
			body: "bad request target: invalid character ' ' at offset 2 in path",
		},
		{
			name: "a long target is not echoed", target: "/" + strings.Repeat("a", 100<<10) + "%zz", status: http.StatusBadRequest,
			body: "bad request target: invalid percent-encoding",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got seen
			h := route.Handler(strict, recordNext(&got))
			req := httptest.NewRequest(http.MethodGet, "http://example.com/", nil)
			req.RequestURI = tt.target // as the server read it from the request line
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d (body %q)", rec.Code, tt.status, rec.Body.String())
			}
			if diff := cmp.Diff(tt.seen, got); diff != "" {
				t.Errorf("what next saw mismatch (-want +got):\n%s", diff)
			}
			if loc := rec.Header().Get("Location"); loc != tt.location {
				t.Errorf("Location %q, want %q", loc, tt.location)
			}
			body, _ := io.ReadAll(rec.Body)
			if tt.body != "" && (!strings.HasPrefix(string(body), tt.body) || len(body) > 200) {
				t.Errorf("body %q (%d bytes), want a short one beginning %q", body[:min(len(body), 200)], len(body), tt.body)
			}
		})
	}
}

// TestHandlerAsterisk checks that "OPTIONS *" reaches next when the server
// lets it through (DisableGeneralOptionsHandler), on a real connection.
func TestHandlerAsterisk(t *testing.T) {
	var got seen
	srv := httptest.NewUnstartedServer(route.Handler(route.Policy{}, recordNext(&got)))
	srv.Config.DisableGeneralOptionsHandler = true
	srv.Start()
	defer srv.Close()
	req, err := http.NewRequest(http.MethodOptions, srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.URL.Opaque = "*"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent || got.Forward != "*" || !got.HasResult || got.Key != "" {
		t.Errorf("OPTIONS *: status %d, next saw %+v", resp.StatusCode, got)
	}
}

func TestResultOfWithoutHandler(t *testing.T) {
	if _, ok := route.ResultOf(httptest.NewRequest(http.MethodGet, "/", nil)); ok {
		t.Error("ResultOf found a Result in a request that no Handler saw")
	}
}

func ExampleHandler() {
	policy := route.Policy{
		Unreserved: route.UnreservedDecode,
		Dot:        route.DotRemove,
		DotDot:     route.DotDotRejectAbove,
		KeyForm:    route.KeyDecoded,
		KeyCase:    route.KeyCaseLower,
	}
	app := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		res, _ := route.ResultOf(r)
		if res.Key == "/admin" || strings.HasPrefix(res.Key, "/admin/") {
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		fmt.Fprintf(w, "routed on %s, forwarding %s", res.Key, r.URL.EscapedPath())
	})
	h := route.Handler(policy, app)
	for _, target := range []string{"/docs/./%7Eguide", "/ADMIN", "/docs/../%61dmin/x", "/../etc/passwd"} {
		req := httptest.NewRequest(http.MethodGet, "http://example.com/", nil)
		req.RequestURI = target
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		fmt.Printf("%-20s %d %s\n", target, rec.Code, strings.TrimSpace(rec.Body.String()))
	}
	// Output:
	// /docs/./%7Eguide     200 routed on /docs/~guide, forwarding /docs/~guide
	// /ADMIN               403 forbidden
	// /docs/../%61dmin/x   403 forbidden
	// /../etc/passwd       400 bad request target: dot-segment above the root at offset 1 in path
}
