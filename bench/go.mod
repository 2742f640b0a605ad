module github.com/urilabs/rfc3986/bench

go 1.26.0

require (
	github.com/contomap/iri v0.2.1
	github.com/fredbi/uri v1.1.1
	github.com/google/go-cmp v0.7.0
	github.com/nlnwa/whatwg-url v0.6.2
	github.com/urilabs/rfc3986 v0.0.0
	github.com/valyala/fasthttp v1.51.0
	golang.org/x/net v0.59.0
	golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da
	golang.org/x/sys v0.48.0
)

require (
	github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794 // indirect
	github.com/andybalholm/brotli v1.0.5 // indirect
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	github.com/klauspost/compress v1.17.0 // indirect
	github.com/valyala/bytebufferpool v1.0.0 // indirect
	golang.org/x/text v0.42.0 // indirect
)

replace github.com/urilabs/rfc3986 => ../

tool golang.org/x/perf/cmd/benchstat
