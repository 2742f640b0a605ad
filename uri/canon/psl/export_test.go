package psl

import (
	"os"
	"strings"
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

// TableNames returns the suffixes the embedded list knows, its rules and
// their parents, with "*" and "!" as the rules write them.
func TableNames() []string {
	var names []string
	rest := tableNames
	for rest != "" {
		j := strings.IndexByte(rest, '\n')
		names = append(names, rest[:j])
		rest = rest[j+1:]
	}
	return names
}
