module github.com/urilabs/rfc3986/integrations/jsonschema

go 1.26

require (
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/urilabs/rfc3986 v0.0.0
)

require golang.org/x/text v0.14.0 // indirect

replace github.com/urilabs/rfc3986 => ../..
