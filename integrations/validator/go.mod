module github.com/urilabs/rfc3986/integrations/validator

go 1.26.0

require (
	github.com/go-playground/validator/v10 v10.30.6
	github.com/urilabs/rfc3986 v0.0.0-20261127154615-b1b1be24be67
)

require (
	github.com/gabriel-vasile/mimetype v1.4.16 // indirect
	github.com/go-playground/locales v0.14.2 // indirect
	github.com/go-playground/universal-translator v0.18.2 // indirect
	github.com/leodido/go-urn v1.5.0 // indirect
	golang.org/x/crypto v0.58.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
