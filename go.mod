module github.com/urilabs/rfc3986

go 1.26

require (
	github.com/google/go-cmp v0.7.0
	github.com/leanovate/gopter v0.2.11
)

require golang.org/x/text v0.40.0
