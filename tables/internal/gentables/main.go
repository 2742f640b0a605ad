// Command gentables writes tables_gen.go, and the engine's states in
// internal/scan/tables_gen.go, from the grammar description in package
// grammar. Run it with go generate in package tables.
package main

import (
	"log"
	"os"

	"github.com/urilabs/rfc3986/tables/internal/grammar"
)

func main() {
	f, err := grammar.Generate()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(grammar.TablesFile, f.Tables, 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(grammar.ScanFile, f.Scan, 0o644); err != nil {
		log.Fatal(err)
	}
}
