// Command urlkeys reads text or gzip files of URLs, one a line, and writes
// their distinct canonical keys, the number of keys per registrable domain
// and the invalid lines with their errors. Its default runner is Prism,
// Beam's in-process runner:
//
//	go run ./cmd/urlkeys --input 'urls/*.gz' --output out/
//
// The integration's README shows the flags for Flink, Spark and Dataflow.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	rfcbeam "github.com/urilabs/rfc3986/integrations/beam"
)

var (
	input   = flag.String("input", "", "file pattern of the URL files, plain or gzip (by the .gz name)")
	output  = flag.String("output", "", "prefix of the output files: keys, domains and invalid are added")
	profile = flag.String("profile", "ia", "canonicalization profile: rfc3986, google, ia, nutch or stormcrawler")
)

func main() {
	flag.Parse()
	beam.Init()
	if *input == "" || *output == "" {
		log.Fatal("urlkeys: --input and --output are required")
	}
	p, s := beam.NewPipelineWithRoot()
	lines := textio.Read(s, *input, textio.ReadAutoCompression())
	keys, counts, invalid := rfcbeam.Keys(s, lines, *profile)
	textio.Write(s, *output+"keys", keys)
	textio.Write(s, *output+"domains", counts)
	textio.Write(s, *output+"invalid", invalid)
	if err := beamx.Run(context.Background(), p); err != nil {
		log.Fatalf("urlkeys: %v", err)
	}
}
