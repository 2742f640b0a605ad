package jsonschema_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	urischema "github.com/urilabs/rfc3986/integrations/jsonschema"
	"github.com/urilabs/rfc3986/uri"
)

// readSuite reads a file of the JSON Schema Test Suite as the library
// reads JSON: a list of groups, each a schema and the values it must
// accept or reject.
func readSuite(t *testing.T, name string) []any {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	groups, ok := doc.([]any)
	if !ok || len(groups) == 0 {
		t.Fatalf("%s: no groups", name)
	}
	return groups
}

// compile compiles schema with the formats of the package registered and
// asserted.
func compile(t *testing.T, schema any) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	urischema.Register(c)
	c.AssertFormat()
	if err := c.AddResource("schema.json", schema); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// TestSuite runs the format cases of the JSON Schema Test Suite for
// "uri", "uri-reference", "iri" and "iri-reference" (testdata/README.md)
// through the library, with the formats of the package: every case agrees
// with RFC 3986 and RFC 3987, and every case passes.
func TestSuite(t *testing.T) {
	cases := 0
	defer func() {
		if want := 74 + 37; cases != want && !t.Failed() {
			t.Errorf("ran %d cases, want %d: testdata changed", cases, want)
		}
	}()
	for _, name := range []string{"uri.json", "uri-reference.json", "iri.json", "iri-reference.json"} {
		for _, g := range readSuite(t, name) {
			group := g.(map[string]any)
			sch := compile(t, group["schema"])
			for _, c := range group["tests"].([]any) {
				tc := c.(map[string]any)
				cases++
				t.Run(name+"/"+tc["description"].(string), func(t *testing.T) {
					err := sch.Validate(tc["data"])
					if want := tc["valid"].(bool); (err == nil) != want {
						t.Errorf("%s: Validate(%#v) = %v, want valid %v", group["description"], tc["data"], err, want)
					}
				})
			}
		}
	}
}

func TestFormats(t *testing.T) {
	tests := []struct {
		format, in string
		wantErr    error
	}{
		{"uri", "http://a/b?c#d", nil},
		{"uri", "x:", nil},
		{"uri", "http://[v1.x]/", nil},
		{"uri", "//a/b", urischema.ErrNoScheme},
		{"uri", "", urischema.ErrNoScheme},
		{"uri", "http://a/{b}", uri.ErrInvalidCharacter},
		{"uri", "http://a/?q=%", uri.ErrInvalidPercentEncoding},
		{"uri", "http://[fe80::1%25eth0]/", uri.ErrInvalidIPv6},
		{"uri-reference", "", nil},
		{"uri-reference", "../a?b#c", nil},
		{"uri-reference", "a:b/c", nil},
		{"uri-reference", "1:b", uri.ErrColonInFirstSegment},
		{"uri-reference", "http://a:8o/", uri.ErrInvalidPort},
		{"iri", "http://例え.jp/パス?q=ü#ƒ", nil},
		{"iri", "http://a/b", nil},
		{"iri", "/résumé", urischema.ErrNoScheme},
		{"iri", "http://a/\xff", uri.ErrInvalidUTF8},
		{"iri", "http://a/\u200e", uri.ErrInvalidCharacter}, // a bidi mark, RFC 3987 section 4.1
		{"iri-reference", "/résumé", nil},
		{"iri-reference", "#ƒräg\\mênt", uri.ErrInvalidCharacter},
		{"iri-reference", "http://[::1%25eth0]/", uri.ErrInvalidIPv6},
	}
	for _, tt := range tests {
		t.Run(tt.format+" "+tt.in, func(t *testing.T) {
			sch := compile(t, map[string]any{"format": tt.format})
			err := sch.Validate(tt.in)
			if (err == nil) != (tt.wantErr == nil) {
				t.Fatalf("%s: Validate(%q) = %v, want %v", tt.format, tt.in, err, tt.wantErr)
			}
			if tt.wantErr == nil {
				return
			}
			// The library keeps the format's error as the cause.
			var verr *jsonschema.ValidationError
			if !errors.As(err, &verr) || !strings.Contains(fmt.Sprint(err), tt.wantErr.Error()) {
				t.Errorf("%s: Validate(%q) = %v, want it to say %q", tt.format, tt.in, err, tt.wantErr)
			}
		})
	}
	// The formats themselves return the errors, for errors.Is.
	var e *uri.Error
	if err := urischema.URIReference.Validate("a b"); !errors.As(err, &e) || e.Offset != 1 {
		t.Errorf("URIReference.Validate(%q) = %v, want an *uri.Error at offset 1", "a b", err)
	}
	if err := urischema.URI.Validate("/a"); !errors.Is(err, urischema.ErrNoScheme) {
		t.Errorf("URI.Validate(%q) = %v, want ErrNoScheme", "/a", err)
	}
	if err := urischema.IRIReference.Validate("/ü b"); !errors.As(err, &e) || e.Offset != 3 || e.Op != "parse iri" {
		t.Errorf("IRIReference.Validate(%q) = %v, want an *uri.Error of ParseIRI at offset 3", "/ü b", err)
	}
	for _, v := range []any{nil, 1.5, true, []any{}, map[string]any{}} {
		if urischema.URI.Validate(v) != nil || urischema.URIReference.Validate(v) != nil ||
			urischema.IRI.Validate(v) != nil || urischema.IRIReference.Validate(v) != nil {
			t.Errorf("Validate(%#v) failed; formats ignore values other than strings", v)
		}
	}
}
