package jsonschema_test

import (
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	urischema "github.com/urilabs/rfc3986/integrations/jsonschema"
)

func Example() {
	schema, _ := jsonschema.UnmarshalJSON(strings.NewReader(`{
		"type": "object",
		"properties": {
			"homepage": {"type": "string", "format": "uri"},
			"logo": {"type": "string", "format": "uri-reference"},
			"feed": {"type": "string", "format": "iri"}
		}
	}`))
	instance, _ := jsonschema.UnmarshalJSON(strings.NewReader(`{
		"homepage": "https://example.com/",
		"logo": "/img/{logo}.png",
		"feed": "https://例え.jp/フィード"
	}`))

	c := jsonschema.NewCompiler()
	urischema.Register(c)
	c.AssertFormat() // formats are annotations unless asserted
	c.AddResource("https://example.com/profile.json", schema)
	sch, _ := c.Compile("https://example.com/profile.json")
	err := sch.Validate(instance)

	fmt.Println(err)
	// Output:
	// jsonschema validation failed with 'https://example.com/profile.json#'
	// - at '/logo': '/img/{logo}.png' is not valid uri-reference: uri: parse "/img/{logo}.png": invalid character '{' at offset 5 in path
}

func Example_formats() {
	schema, _ := jsonschema.UnmarshalJSON(strings.NewReader(`{
		"type": "object",
		"properties": {
			"homepage": {"type": "string", "format": "uri"},
			"logo": {"type": "string", "format": "uri-reference"},
			"feed": {"type": "string", "format": "iri"},
			"next": {"type": "string", "format": "iri-reference"}
		}
	}`))
	c := jsonschema.NewCompiler()
	urischema.Register(c)
	c.AssertFormat()
	c.AddResource("https://example.com/profile.json", schema)
	sch, _ := c.Compile("https://example.com/profile.json")

	for _, doc := range []string{
		`{"homepage": "https://example.com/", "logo": "/img/logo.png", "feed": "https://例え.jp/フィード", "next": "../ページ/2"}`,
		// One bad field a document: the library reports the errors of
		// several fields in no fixed order.
		`{"homepage": "/about"}`,
		`{"feed": "https://例え.jp/\u202eフィード"}`,
		`{"next": "../ページ 2"}`,
	} {
		instance, _ := jsonschema.UnmarshalJSON(strings.NewReader(doc))
		fmt.Println(sch.Validate(instance))
	}
	// Output:
	// <nil>
	// jsonschema validation failed with 'https://example.com/profile.json#'
	// - at '/homepage': '/about' is not valid uri: relative reference: a URI must have a scheme
	// jsonschema validation failed with 'https://example.com/profile.json#'
	// - at '/feed': 'https://例え.jp/\u202eフィード' is not valid iri: uri: parse iri "https://例え.jp/\u202eフィード": invalid character U+202E at offset 18 in path
	// jsonschema validation failed with 'https://example.com/profile.json#'
	// - at '/next': '../ページ 2' is not valid iri-reference: uri: parse iri "../ページ 2": invalid character ' ' at offset 12 in path
}
