module github.com/urilabs/rfc3986/integrations/jsonschema

go 1.26

require (
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/urilabs/rfc3986 v0.0.0-20261127154615-b1b1be24be67
)

require golang.org/x/text v0.14.0 // indirect
