// Command genscan writes tables_gen.go of package scan, the states of the
// automaton, its transition table and the tables indexed by its states,
// from the grammar description in internal/grammar. Run it with go
// generate in package scan.
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
	if err := os.WriteFile(grammar.File, f.Scan, 0o644); err != nil {
		log.Fatal(err)
	}
}
