package validator_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-playground/validator/v10"
	urivalidator "github.com/urilabs/rfc3986/integrations/validator"
	"github.com/urilabs/rfc3986/uri"
)

func newValidate(t *testing.T) *validator.Validate {
	t.Helper()
	v := validator.New(validator.WithRequiredStructEnabled())
	if err := urivalidator.Register(v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestTags(t *testing.T) {
	tests := []struct {
		in                       string
		uri, reference, absolute bool
	}{
		{"https://example.com/a?b", true, true, true},
		{"https://example.com/a?b#c", true, true, false},
		{"mailto:a@example.com", true, true, true},
		{"x:", true, true, true},
		{"http://[v1.x]/", true, true, true}, // an IPvFuture literal
		{"//example.com/a", false, true, false},
		{"../a", false, true, false},
		{"#c", false, true, false},
		{"", false, true, false},
		{"a:b/c", true, true, true},
		{"1:b", false, false, false},                      // a ":" in the first segment (section 4.2)
		{"http://a/b c", false, false, false},             // a space
		{"http://a/{b}", false, false, false},             // "{" nowhere in the grammar
		{"http://a/?q=%", false, false, false},            // a "%" without two digits
		{"http://[fe80::1%25eth0]/", false, false, false}, // no zone in RFC 3986
		{"http://a:8o/", false, false, false},
	}
	v := newValidate(t)
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			for _, c := range []struct {
				tag  string
				want bool
			}{
				{urivalidator.TagURI, tt.uri},
				{urivalidator.TagURIReference, tt.reference},
				{urivalidator.TagAbsoluteURI, tt.absolute},
			} {
				if err := v.Var(tt.in, c.tag); (err == nil) != c.want {
					t.Errorf("Var(%q, %q) = %v, want valid %v", tt.in, c.tag, err, c.want)
				}
			}
		})
	}
}

// TestFields checks the tags on the fields of a struct: strings, a
// pointer to one, a uri.URI, and a type the tags do not apply to.
func TestFields(t *testing.T) {
	type Link struct {
		Href   string   `validate:"required,rfc3986_uri_reference"`
		Base   *string  `validate:"omitempty,rfc3986_absolute_uri"`
		Target uri.URI  `validate:"rfc3986_uri"`
		Other  int      `validate:"omitempty,rfc3986_uri"`
		Tags   []string `validate:"dive,rfc3986_uri"`
	}
	base, fragment := "https://a/", "https://a/#f"
	v := newValidate(t)
	ok := Link{Href: "../a", Base: &base, Target: uri.MustParse("https://a/b"), Tags: []string{"urn:a"}}
	if err := v.Struct(ok); err != nil {
		t.Errorf("Struct(%+v) = %v, want valid", ok, err)
	}
	for _, bad := range []Link{
		{Href: "a b", Target: ok.Target},
		{Href: "a", Base: &fragment, Target: ok.Target},
		{Href: "a", Target: uri.MustParse("/b")},
		{Href: "a", Target: ok.Target, Other: 1},
		{Href: "a", Target: ok.Target, Tags: []string{"urn:a", "b"}},
	} {
		if err := v.Struct(bad); err == nil {
			t.Errorf("Struct(%+v) is valid, want an error", bad)
		}
	}
}

// TestSuite runs the format cases of the JSON Schema Test Suite for "uri"
// and "uri-reference" (testdata/README.md) through the tags rfc3986_uri
// and rfc3986_uri_reference: every case agrees with RFC 3986. Values
// other than strings, which JSON Schema's formats ignore, are left out.
func TestSuite(t *testing.T) {
	v := newValidate(t)
	for name, tag := range map[string]string{"uri.json": urivalidator.TagURI, "uri-reference.json": urivalidator.TagURIReference} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		var groups []struct {
			Tests []struct {
				Description string
				Data        any
				Valid       bool
			}
		}
		if err := json.Unmarshal(data, &groups); err != nil || len(groups) == 0 {
			t.Fatalf("%s: %v, %d groups", name, err, len(groups))
		}
		n := 0
		for _, g := range groups {
			for _, tc := range g.Tests {
				s, ok := tc.Data.(string)
				if !ok {
					continue
				}
				n++
				t.Run(name+"/"+tc.Description, func(t *testing.T) {
					if err := v.Var(s, tag); (err == nil) != tc.Valid {
						t.Errorf("Var(%q, %q) = %v, want valid %v", s, tag, err, tc.Valid)
					}
				})
			}
		}
		if n == 0 {
			t.Fatalf("%s: no string cases", name)
		}
	}
}
