package proxytest

import (
	"bufio"
	"net"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestObservationRoundTrip(t *testing.T) {
	for _, o := range []Observation{
		{Target: "/a/../b", Forwarded: "/b"},
		{Target: "/a\\b \"x\"", Forwarded: ""},
		{Target: "/a\xff\x00", Status: 400},
		{Target: "*", Status: -1},
		{Target: "/", Status: 301},
	} {
		t.Run(o.String(), func(t *testing.T) {
			got, err := ParseObservation(o.String())
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(o, got); diff != "" {
				t.Errorf("ParseObservation(%q) mismatch (-want +got):\n%s", o.String(), diff)
			}
		})
	}
}

func TestParseObservationErrors(t *testing.T) {
	for _, line := range []string{
		`/a -> "/a"`,
		`"/a" -> /a`,
		`"/a" -> "/a" x`,
		`"/a" 99`,
		`"/a" 600`,
		`"/a"400`,
		`"/a"`,
	} {
		t.Run(line, func(t *testing.T) {
			if o, err := ParseObservation(line); err == nil {
				t.Errorf("ParseObservation(%q) = %+v, want an error", line, o)
			}
		})
	}
}

func TestHostFor(t *testing.T) {
	for _, tc := range []struct{ target, want string }{
		{"/a", "127.0.0.1:8080"},
		{"*", "127.0.0.1:8080"},
		{"localhost", "127.0.0.1:8080"},
		{"http://example.com/a", "example.com"},
		{"http://user@localhost:80/a?b", "localhost:80"},
		{"http://localhost?x", "localhost"},
		{"http:///a", ""},
		{"http:/a", "127.0.0.1:8080"},
		{"urn:x:y", "127.0.0.1:8080"},
		{"example.com:443", "example.com:443"},
		{"/a://b", "127.0.0.1:8080"},
	} {
		t.Run(tc.target, func(t *testing.T) {
			if got := HostFor(tc.target, "127.0.0.1:8080"); got != tc.want {
				t.Errorf("HostFor(%q, \"127.0.0.1:8080\") = %q, want %q", tc.target, got, tc.want)
			}
		})
	}
}

func TestReadRequest(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"GET /a HTTP/1.1\r\nHost: x\r\n\r\n", "/a"},
		{"GET /a b HTTP/1.0\r\n\r\n", "/a b"},
		{"GET http://x/a?b HTTP/1.1\nHost: x\n\n", "http://x/a?b"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, ok := readRequest(bufio.NewReader(strings.NewReader(tc.in)))
			if !ok || got != tc.want {
				t.Errorf("readRequest(%q) = %q, %v, want %q", tc.in, got, ok, tc.want)
			}
		})
	}
	for _, in := range []string{"GET\r\n\r\n", "GET /a HTTP/1.1\r\n", ""} {
		if got, ok := readRequest(bufio.NewReader(strings.NewReader(in))); ok {
			t.Errorf("readRequest(%q) = %q, want no request", in, got)
		}
	}
}

func TestReadTargets(t *testing.T) {
	targets, err := ReadTargets("../../testdata/targets.txt")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, target := range targets {
		if seen[target] {
			t.Errorf("%q is listed twice", target)
		}
		seen[target] = true
		if target == "" || strings.ContainsAny(target, " \r\n") {
			t.Errorf("%q cannot be sent as a request-target", target)
		}
	}
	if len(targets) < 300 {
		t.Errorf("%d targets, want a few hundred", len(targets))
	}
}

// TestFreePortsDistinct takes ports the way parallel products do: no port
// may be given twice, or two listeners would share it and each answer part
// of the other's targets.
func TestFreePortsDistinct(t *testing.T) {
	const callers, each = 8, 100
	got := make([][]string, callers)
	errs := make([]error, callers)
	var wg sync.WaitGroup
	for i := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = freePorts(each)
		}()
	}
	wg.Wait()
	seen := map[string]int{}
	for i, ports := range got {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if len(ports) != each {
			t.Fatalf("freePorts(%d) returned %d ports", each, len(ports))
		}
		for _, p := range ports {
			if j, ok := seen[p]; ok {
				t.Errorf("port %s given to caller %d and to caller %d", p, j, i)
			}
			seen[p] = i
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:"+got[0][0])
	if err != nil {
		t.Fatalf("a port freePorts returned cannot be bound: %v", err)
	}
	ln.Close()
}
