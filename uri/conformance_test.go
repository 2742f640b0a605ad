package uri_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/uri"
)

// readJSONL decodes every line of testdata/conformance/name into a T.
func readJSONL[T any](t *testing.T, name string) []T {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "conformance", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s:%d: %v", name, line, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// partsOf reads every component of u through the public API.
var partsOf = reference.PartsOf

// TestConformanceValid runs every parse_valid vector (collected from seven
// peer suites and re-checked against the RFC) through Parse.
func TestConformanceValid(t *testing.T) {
	type vector struct {
		In       string  `json:"in"`
		Scheme   *string `json:"scheme"`
		UserInfo *string `json:"userinfo"`
		Host     *string `json:"host"`
		Port     *string `json:"port"`
		Path     string  `json:"path"`
		Query    *string `json:"query"`
		Fragment *string `json:"fragment"`
		HostType *string `json:"host_type"`
		Source   string  `json:"source"`
	}
	kinds := map[string]string{"reg-name": "RegName", "ipv4": "IPv4", "ipv6": "IPv6", "ipvfuture": "IPvFuture"}
	val := func(s *string) (string, bool) {
		if s == nil {
			return "", false
		}
		return *s, true
	}
	vectors := readJSONL[vector](t, "parse_valid.jsonl")
	if len(vectors) < 800 {
		t.Fatalf("read %d vectors, want the whole file", len(vectors))
	}
	for _, v := range vectors {
		var want reference.Parts
		want.Scheme, want.HasScheme = val(v.Scheme)
		want.UserInfo, want.HasUserInfo = val(v.UserInfo)
		want.Host, want.HasAuthority = val(v.Host)
		want.Port, want.HasPort = val(v.Port)
		want.Path = v.Path
		want.Query, want.HasQuery = val(v.Query)
		want.Fragment, want.HasFragment = val(v.Fragment)
		if v.HostType != nil {
			want.HostKind = kinds[*v.HostType]
		}
		u, err := uri.Parse(v.In)
		if err != nil {
			t.Errorf("Parse(%q) (from %s): %v", v.In, v.Source, err)
			continue
		}
		if diff := cmp.Diff(want, partsOf(u)); diff != "" {
			t.Errorf("Parse(%q) (from %s) mismatch (-want +got):\n%s", v.In, v.Source, diff)
		}
	}
}

// TestConformanceInvalid checks that every parse_invalid vector is rejected
// with an *Error whose offset lies within the input. The suites' own error
// positions follow other conventions and are not compared.
func TestConformanceInvalid(t *testing.T) {
	type vector struct {
		In     string `json:"in"`
		Source string `json:"source"`
	}
	vectors := readJSONL[vector](t, "parse_invalid.jsonl")
	if len(vectors) < 250 {
		t.Fatalf("read %d vectors, want the whole file", len(vectors))
	}
	for _, v := range vectors {
		_, err := uri.Parse(v.In)
		var e *uri.Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) (from %s) = %v, want an *uri.Error", v.In, v.Source, err)
			continue
		}
		if e.Offset < 0 || e.Offset > len(v.In) || e.Input != v.In {
			t.Errorf("Parse(%q): error %+v does not point into the input", v.In, e)
		}
	}
}
