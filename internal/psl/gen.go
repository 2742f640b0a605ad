//go:build ignore

// gen writes uri/canon/psl/table.go from internal/psl/data/public_suffix_list.dat.
// Run it with go generate ./... from the module root.
package main

import (
	"log"
	"os"

	"github.com/urilabs/rfc3986/internal/psl"
)

func main() {
	f, err := os.Open("data/public_suffix_list.dat")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	m, err := psl.Parse(f)
	if err != nil {
		log.Fatal(err)
	}
	src := psl.Render(m, "psl", "internal/psl/data/public_suffix_list.dat")
	if err := os.WriteFile("../../uri/canon/psl/table.go", src, 0o644); err != nil {
		log.Fatal(err)
	}
}
