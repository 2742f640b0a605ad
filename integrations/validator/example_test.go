package validator_test

import (
	"fmt"

	"github.com/go-playground/validator/v10"
	urivalidator "github.com/urilabs/rfc3986/integrations/validator"
)

func Example() {
	type Webhook struct {
		Callback string `validate:"required,rfc3986_absolute_uri"`
		Docs     string `validate:"omitempty,rfc3986_uri_reference"`
	}
	v := validator.New(validator.WithRequiredStructEnabled())
	if err := urivalidator.Register(v); err != nil {
		panic(err)
	}
	err := v.Struct(Webhook{Callback: "https://example.com/hook#x", Docs: "/docs/{hooks}"})
	fmt.Println(err)
	fmt.Println(v.Struct(Webhook{Callback: "https://example.com/hook?id=1", Docs: "../docs/hooks"}))
	// Output:
	// Key: 'Webhook.Callback' Error:Field validation for 'Callback' failed on the 'rfc3986_absolute_uri' tag
	// Key: 'Webhook.Docs' Error:Field validation for 'Docs' failed on the 'rfc3986_uri_reference' tag
	// <nil>
}
