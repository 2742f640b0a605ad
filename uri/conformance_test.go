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
		t.Run(v.In, func(t *testing.T) {
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
				return
			}
			if diff := cmp.Diff(want, partsOf(u)); diff != "" {
				t.Errorf("Parse(%q) (from %s) mismatch (-want +got):\n%s", v.In, v.Source, diff)
			}
		})
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
		t.Run(v.In, func(t *testing.T) {
			_, err := uri.Parse(v.In)
			var e *uri.Error
			if !errors.As(err, &e) {
				t.Errorf("Parse(%q) (from %s) = %v, want an *uri.Error", v.In, v.Source, err)
				return
			}
			if e.Offset < 0 || e.Offset > len(v.In) || e.Input != v.In {
				t.Errorf("Parse(%q): error %+v does not point into the input", v.In, e)
			}
		})
	}
}

// TestConformanceResolve runs every resolve vector through Resolve, or
// ResolveNonStrict where the row says "strict": false. The rows marked
// "quirk" (a rootless base path that the literal 5.2.3 and 5.2.4 turn
// absolute, "foo:a/b" + "../c" = "foo:/c") are the RFC's answer, which
// Resolve gives.
func TestConformanceResolve(t *testing.T) {
	type vector struct {
		Base, Ref, Want, Source string
		Strict                  *bool
	}
	vectors := readJSONL[vector](t, "resolve.jsonl")
	if len(vectors) < 300 {
		t.Fatalf("read %d vectors, want the whole file", len(vectors))
	}
	for _, v := range vectors {
		t.Run(v.Base+" "+v.Ref, func(t *testing.T) {
			base, ref := uri.MustParse(v.Base), uri.MustParse(v.Ref)
			resolve, name := base.Resolve, "Resolve"
			if v.Strict != nil && !*v.Strict {
				resolve, name = base.ResolveNonStrict, "ResolveNonStrict"
			}
			got, err := resolve(ref)
			if err != nil {
				t.Fatalf("%s(%q, %q) (from %s): %v", name, v.Base, v.Ref, v.Source, err)
			}
			if diff := cmp.Diff(v.Want, got.String()); diff != "" {
				t.Errorf("%s(%q, %q) (from %s) mismatch (-want +got):\n%s", name, v.Base, v.Ref, v.Source, diff)
				return
			}
			checkWritten(t, name+"("+v.Base+", "+v.Ref+")", got)
		})
	}
}

// TestConformanceNormalize runs every normalize vector through the public
// API, by level:
//
//   - "6.2.2": NormalizeSyntax gives the row's answer, Normalize the same
//     as it gives on that answer, and Equivalent holds between input and
//     answer at both levels' worth of rules;
//   - "6.2.2 + drop empty port (3.2.3)": Normalize, which drops an empty
//     port for every scheme;
//   - "5.2.4 remove_dot_segments on path only": the components with the
//     path passed through RemoveDotSegments, rebuilt with Build;
//   - "6.2.2 + RFC 5952 IPv6 text": not implemented (IPv6 text is only
//     lowercased); each such row has a plain "6.2.2" twin that is run.
func TestConformanceNormalize(t *testing.T) {
	type vector struct {
		In, Want, Level, Source string
	}
	vectors := readJSONL[vector](t, "normalize.jsonl")
	if len(vectors) < 150 {
		t.Fatalf("read %d vectors, want the whole file", len(vectors))
	}
	skipped := 0
	for _, v := range vectors {
		if v.Level == "6.2.2 + RFC 5952 IPv6 text" {
			skipped++
			continue
		}
		t.Run(v.In, func(t *testing.T) {
			u := uri.MustParse(v.In)
			var got uri.URI
			switch v.Level {
			case "6.2.2":
				got = u.NormalizeSyntax()
				if full, want := u.Normalize(), uri.MustParse(v.Want).Normalize(); full != want {
					t.Errorf("Normalize(%q) (from %s) = %q, want Normalize(%q) = %q", v.In, v.Source, full, v.Want, want)
				}
				if !uri.Equivalent(u, uri.MustParse(v.Want)) {
					t.Errorf("Equivalent(%q, %q) (from %s) = false", v.In, v.Want, v.Source)
				}
			case "6.2.2 + drop empty port (3.2.3)":
				got = u.Normalize()
			case "5.2.4 remove_dot_segments on path only":
				c := u.Components()
				c.Path = uri.RemoveDotSegments(c.Path)
				var err error
				if got, err = uri.Build(c); err != nil {
					t.Errorf("Build(%+v) (from %s): %v", c, v.Source, err)
					return
				}
			default:
				t.Fatalf("unknown level %q (from %s)", v.Level, v.Source)
			}
			if diff := cmp.Diff(v.Want, got.String()); diff != "" {
				t.Errorf("level %s: normalizing %q (from %s) mismatch (-want +got):\n%s", v.Level, v.In, v.Source, diff)
			}
			checkWritten(t, "normalizing "+v.In, got)
		})
	}
	if skipped != 11 {
		t.Errorf("skipped %d RFC 5952 rows, want the 11 the file had", skipped)
	}
}

// TestConformanceRemoveDotSegments runs every remove_dot_segments vector
// through RemoveDotSegments.
func TestConformanceRemoveDotSegments(t *testing.T) {
	type vector struct{ In, Want, Source string }
	vectors := readJSONL[vector](t, "remove_dot_segments.jsonl")
	if len(vectors) < 12 {
		t.Fatalf("read %d vectors, want the whole file", len(vectors))
	}
	for _, v := range vectors {
		t.Run(v.In, func(t *testing.T) {
			if diff := cmp.Diff(v.Want, uri.RemoveDotSegments(v.In)); diff != "" {
				t.Errorf("RemoveDotSegments(%q) (from %s) mismatch (-want +got):\n%s", v.In, v.Source, diff)
			}
		})
	}
}

// TestConformanceEquivalence runs every equivalence pair through
// Equivalent, which applies 6.2.2 and 6.2.3, and the "6.2.2" pairs also
// through NormalizeSyntax.
func TestConformanceEquivalence(t *testing.T) {
	type vector struct {
		A, B, Level, Source string
		Equal               bool
	}
	vectors := readJSONL[vector](t, "equivalence.jsonl")
	if len(vectors) < 20 {
		t.Fatalf("read %d vectors, want the whole file", len(vectors))
	}
	for _, v := range vectors {
		t.Run(v.A+" "+v.B, func(t *testing.T) {
			a, b := uri.MustParse(v.A), uri.MustParse(v.B)
			if got := uri.Equivalent(a, b); got != v.Equal {
				t.Errorf("Equivalent(%q, %q) (from %s, level %s) = %v, want %v", v.A, v.B, v.Source, v.Level, got, v.Equal)
			}
			if v.Level == "6.2.2" {
				if got := a.NormalizeSyntax() == b.NormalizeSyntax(); got != v.Equal {
					t.Errorf("NormalizeSyntax(%q) == NormalizeSyntax(%q) (from %s) is %v, want %v", v.A, v.B, v.Source, got, v.Equal)
				}
			}
		})
	}
}
