module github.com/urilabs/rfc3986/integrations/browser

go 1.26.0

// The binary under test: the test builds it with go build, from this
// checkout through ../go.work.
tool github.com/urilabs/rfc3986/cmd/uri

require (
	github.com/chromedp/chromedp v0.24.0
	github.com/google/go-cmp v0.7.0
	github.com/urilabs/rfc3986 v0.0.0-20261127154615-b1b1be24be67
)

require (
	github.com/chromedp/cdproto v0.160.1 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
)
