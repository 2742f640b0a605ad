// Command gentables writes tables.go (the IDNA mapping table and
// properties) of package idna from the data in internal/idnagen/data,
// and normtables.go (NFC) from Node's normalization and npm's
// @unicode/unicode-X package of the same Unicode version (it needs node
// and npm; see idnagen.GenerateNorm). Run it with go generate
// ./internal/idna.
package main

import (
	"log"
	"os"

	"github.com/urilabs/rfc3986/internal/idna/internal/idnagen"
)

func main() {
	src, err := idnagen.Generate("internal/idnagen/data")
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("tables.go", src, 0o644); err != nil {
		log.Fatal(err)
	}
	src, err = idnagen.GenerateNorm("internal/idnagen/data")
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("normtables.go", src, 0o644); err != nil {
		log.Fatal(err)
	}
}
