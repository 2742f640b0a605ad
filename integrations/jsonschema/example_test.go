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
			"logo": {"type": "string", "format": "uri-reference"}
		}
	}`))
	c := jsonschema.NewCompiler()
	urischema.Register(c)
	c.AssertFormat()
	c.AddResource("https://example.com/profile.json", schema)
	sch, _ := c.Compile("https://example.com/profile.json")

	for _, doc := range []string{
		`{"homepage": "https://example.com/", "logo": "/img/logo.png"}`,
		// One bad field a document: the library reports the errors of
		// several fields in no fixed order.
		`{"homepage": "/about", "logo": "/img/logo.png"}`,
		`{"homepage": "https://example.com/", "logo": "/img/{logo}.png"}`,
	} {
		inst, _ := jsonschema.UnmarshalJSON(strings.NewReader(doc))
		if err := sch.Validate(inst); err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println("valid")
	}
	// Output:
	// valid
	// jsonschema validation failed with 'https://example.com/profile.json#'
	// - at '/homepage': '/about' is not valid uri: relative reference: a URI must have a scheme
	// jsonschema validation failed with 'https://example.com/profile.json#'
	// - at '/logo': '/img/{logo}.png' is not valid uri-reference: uri: parse "/img/{logo}.png": invalid character '{' at offset 5 in path
}
