package psl

import (
	"os"
	"testing"

	"github.com/urilabs/rfc3986/internal/psl"
)

func RenderDefaultForTest(t *testing.T) []byte {
	f, err := os.Open("../../../internal/psl/data/public_suffix_list.dat")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := psl.Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	return psl.Render(m, "psl", "internal/psl/data/public_suffix_list.dat")
}
