package idna

import (
	"testing"

	"github.com/urilabs/rfc3986/internal/idna/internal/idnagen"
	"github.com/urilabs/rfc3986/internal/testenv"
)

// TestTablesAreFresh regenerates tables.go in memory from the committed
// data and compares it with the committed file.
func TestTablesAreFresh(t *testing.T) {
	want, err := idnagen.Generate("internal/idnagen/data")
	if err != nil {
		t.Fatal(err)
	}
	testenv.CheckGenerated(t, "tables.go", want, "./internal/idna")
}
