// Command gentables writes tables_gen.go, the character sets, byte
// classes and enums of package tables, from the grammar description in
// internal/grammar. Run it with go generate in package tables.
package main

import (
	"log"
	"os"

	"github.com/urilabs/rfc3986/internal/grammar"
)

func main() {
	f, err := grammar.Generate()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(grammar.File, f.Tables, 0o644); err != nil {
		log.Fatal(err)
	}
}
