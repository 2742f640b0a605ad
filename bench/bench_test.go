// Package bench measures rfc3986 against the parsers Go programs would
// otherwise use, on the same inputs in the same run. It is a module of its
// own so that the library's go.mod never lists the peers.
//
// Every benchmark is named Benchmark<Op>/input=<set>/impl=<library>, one
// sub-benchmark per library, so that benchstat can put the libraries side by
// side (go tool benchstat -col /impl) and cmd/report can build one table per
// workload. Each reports, besides ns/op, B/op and allocs/op for one pass over
// the whole input set:
//
//	MB/s      input bytes per second (b.SetBytes)
//	ns/url    time per input
//	inputs    how many inputs a pass reads
//	accepted  how many of them the library accepted
//	correct   how many results equal the expected ones, where they are known
package bench

import (
	"runtime"
	"testing"
)

// An input is a set of strings that a workload runs over, read or generated
// once per test binary.
type input struct {
	lines []string
	bytes [][]byte // the same lines, for the libraries that read []byte
	size  int64    // the total length of the lines

	// For resolution: the lines are references, resolved against base.
	base      string
	baseBytes []byte

	// want, when not nil, holds the expected result of each line.
	want []string
	// out, when not nil, is where a pass writes its result for each line.
	// It is set only for the untimed pass that counts correct results, so
	// that the timed passes keep nothing.
	out []string
}

// newInput builds an input over lines.
func newInput(lines []string) *input {
	in := &input{lines: lines, bytes: make([][]byte, len(lines))}
	for i, s := range lines {
		in.bytes[i] = []byte(s)
		in.size += int64(len(s))
	}
	return in
}

// An impl is one library doing a workload's job: pass goes once over every
// line of the input and returns how many lines it accepted.
type impl struct {
	name string
	pass func(*input) int
}

// A workload is one job over one input set, done by each impl in turn.
type workload struct {
	input string // the name of the input set, as in input=web
	load  func() (*input, error)
	impls []impl
}

// sink keeps the compiler from discarding the results of a pass.
var sink int

// runWorkloads runs each workload as a sub-benchmark input=NAME, with one
// sub-benchmark impl=NAME per library inside it.
func runWorkloads(b *testing.B, workloads []workload) {
	for _, w := range workloads {
		b.Run("input="+w.input, func(b *testing.B) {
			in, err := w.load()
			if err != nil {
				b.Fatal(err)
			}
			for _, im := range w.impls {
				b.Run("impl="+im.name, func(b *testing.B) { runPass(b, in, im.pass) })
			}
		})
	}
}

// runPass times pass over in. An untimed pass first counts the accepted
// lines and, when in.want is set, the correct results.
func runPass(b *testing.B, in *input, pass func(*input) int) {
	if in.want != nil {
		in.out = make([]string, len(in.lines))
	}
	accepted := pass(in)
	correct := 0
	for i, s := range in.out {
		if s == in.want[i] {
			correct++
		}
	}
	in.out = nil
	runtime.GC() // the garbage of other passes is not this one's to collect

	b.SetBytes(in.size)
	b.ReportAllocs()
	for b.Loop() {
		sink += pass(in)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in.lines)), "ns/url")
	b.ReportMetric(float64(len(in.lines)), "inputs")
	b.ReportMetric(float64(accepted), "accepted")
	if in.want != nil {
		b.ReportMetric(float64(correct), "correct")
	}
}

// The parsers, in the order of the columns of benchstat -col /impl: the
// first is the baseline that the others are compared with. The C and C++
// parsers come last, with the build tag native.
func parsers() []impl {
	return append(goParsers(), nativeParsers...)
}

// goParsers returns the parsers written in Go.
func goParsers() []impl {
	return []impl{
		{"rfc3986", parseRFC3986},
		{"floor", parseFloor},
		{"net-url", parseNetURL},
		{"fredbi-uri", parseFredbi},
		{"fasthttp", new(fasthttpPeer).parse},
	}
}

// nativeParsers, nativeResolvers and nativeNormalizers hold uriparser and
// Boost.URL when the test binary is built with the build tag native
// (native_test.go), and nothing otherwise.
var nativeParsers, nativeResolvers, nativeNormalizers []impl

// BenchmarkParse parses every line of each input set: the corpora, the
// long tracking links, and long URLs with 0 to 30% of their positions
// starting an escape (esc0 to esc30-mixed).
func BenchmarkParse(b *testing.B) {
	runWorkloads(b, append([]workload{
		{"web", webInput, parsers()},
		{"web-common", commonInput, parsers()},
		{"file", fileInput, parsers()},
		{"long", longInput, parsers()},
	}, escapeWorkloads()...))
}

// BenchmarkResolve parses each reference and resolves it against a base,
// which each pass parses once, writing every target as a string: the 42
// references of RFC 3986 section 5.4 against its base, and the web URLs
// that every parser accepts, as they are (absolute) and cut to relative
// paths.
func BenchmarkResolve(b *testing.B) {
	resolvers := []impl{
		{"rfc3986", resolveRFC3986},
		{"net-url", resolveNetURL},
		{"fasthttp", new(fasthttpPeer).resolve},
	}
	resolvers = append(resolvers, nativeResolvers...)
	runWorkloads(b, []workload{
		{"rfc5.4", rfcInput, resolvers},
		{"web-common", webRefInput, resolvers},
		{"web-relative", relativeRefInput, resolvers},
	})
}

// BenchmarkNormalize writes each URL of the corpora in a normal form. Only
// rfc3986 does all of RFC 3986 section 6.2.2 and 6.2.3; net/url has no
// normalization, and its row is the parse and String of a proxy that
// passes a URL on; fasthttp's URI.Parse lowercases the host and cleans the
// path, and its row adds FullURI to write the result.
func BenchmarkNormalize(b *testing.B) {
	normalizers := []impl{
		{"rfc3986", normalizeRFC3986},
		{"net-url", normalizeNetURL},
		{"fasthttp", new(fasthttpPeer).normalize},
	}
	normalizers = append(normalizers, nativeNormalizers...)
	runWorkloads(b, []workload{
		{"web-common", commonInput, normalizers},
		{"file", fileInput, normalizers},
	})
}

// BenchmarkHazards parses each web URL and asks for its hazards (rfc3986),
// beside Parse alone (rfc3986-parse): issue 16 wants the two together to
// take at most 1.5 times as long as Parse. Parse alone keeps each URI, as
// a caller that goes on to use it does: the Go compiler stores the 48
// bytes of a URI kept from a call and copies them through memory, which
// stalls on the stores (store-to-load forwarding fails), and that cost
// is the caller's, not Hazards'. rfc3986-validate is Parse with the URI
// thrown away, as a caller that only validates does.
func BenchmarkHazards(b *testing.B) {
	runWorkloads(b, []workload{
		{"web", webInput, []impl{
			{"rfc3986", hazardsRFC3986},
			{"rfc3986-parse", parseKeptRFC3986},
			{"rfc3986-validate", parseRFC3986},
		}},
	})
}

// BenchmarkRequestTarget parses request targets as an HTTP server or
// proxy reads them from the request line: the paths and queries of the web
// URLs (origin-form) and the web URLs without a fragment (absolute-form).
// rfc3986's ParseRequestTarget runs beside its Parse, which it should
// match in speed, and net/url's ParseRequestURI, which net/http uses.
func BenchmarkRequestTarget(b *testing.B) {
	targets := []impl{
		{"rfc3986", targetRFC3986},
		{"rfc3986-parse", parseRFC3986},
		{"net-url", targetNetURL},
	}
	runWorkloads(b, []workload{
		{"origin", originInput, targets},
		{"absolute", absoluteTargetInput, targets},
	})
}
