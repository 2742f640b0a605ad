package idna

import (
	"bytes"
	"os"
	"testing"

	"github.com/urilabs/rfc3986/internal/idna/internal/idnagen"
)

// TestTablesAreFresh regenerates tables.go in memory from the committed
// data and compares it with the committed file.
func TestTablesAreFresh(t *testing.T) {
	want, err := idnagen.Generate("internal/idnagen/data")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("tables.go is out of date; run go generate ./internal/idna")
	}
	if !bytes.HasPrefix(got, []byte("// Code generated ")) || !bytes.Contains(got, []byte("DO NOT EDIT.")) {
		t.Error("tables.go lacks the Code generated ... DO NOT EDIT. header")
	}
}
