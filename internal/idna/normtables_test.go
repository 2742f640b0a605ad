package idna

import (
	"bytes"
	"os"
	"slices"
	"testing"

	"github.com/urilabs/rfc3986/internal/idna/internal/idnagen"
)

// TestNormTablesAreFresh regenerates normtables.go in memory from the
// committed UCD files and compares it with the committed file.
func TestNormTablesAreFresh(t *testing.T) {
	want, err := idnagen.GenerateNorm("internal/idnagen/data")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("normtables.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("normtables.go is out of date; run go generate ./internal/idna")
	}
	if !bytes.HasPrefix(got, []byte("// Code generated ")) || !bytes.Contains(got, []byte("DO NOT EDIT.")) {
		t.Error("normtables.go lacks the Code generated ... DO NOT EDIT. header")
	}
}

// TestNormTablesMatchSource looks every code point up in the generated
// normalization tables and compares its combining class, quick check,
// decomposition and compositions with what the generator reads in the
// UCD; and checks that one Unicode version makes both table sets.
func TestNormTablesMatchSource(t *testing.T) {
	if normUnicodeVersion != UnicodeVersion {
		t.Fatalf("normalization tables of Unicode %s, IDNA tables of %s", normUnicodeVersion, UnicodeVersion)
	}
	n, err := idnagen.ReadNorm("internal/idnagen/data")
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf(format, args...)
		if bad++; bad == 10 {
			t.FailNow()
		}
	}
	for r := rune(0); r <= 0x10FFFF; r++ {
		w := normWord(r)
		if got := uint8(w & normCCC); got != n.CCC[r] {
			fail("%U: combining class %d; the UCD says %d", r, got, n.CCC[r])
		}
		qc := byte('Y')
		switch {
		case w&normNo != 0:
			qc = 'N'
		case w&normMaybe != 0:
			qc = 'M'
		}
		if qc != n.QC[r] {
			fail("%U: NFC_Quick_Check %c; the UCD says %c", r, qc, n.QC[r])
		}
		want, ok := n.Decomp[r]
		if !ok {
			want = []rune{r}
		}
		if got := decompose(nil, r); !slices.Equal(got, want) {
			fail("%U: decomposes to %U; the UCD says %U", r, got, want)
		}
	}
	for pair, want := range n.Compose {
		if got, ok := composePair(pair[0], pair[1]); !ok || got != want {
			fail("%U %U: composes to %U, %v; the UCD says %U", pair[0], pair[1], got, ok, want)
		}
	}
	// No pair composes that the UCD does not list: the table holds as
	// many pairs as the UCD has, but for the 11,172 Hangul syllables.
	if got, want := len(compKey)+hangulSCount, len(n.Compose); got != want {
		t.Errorf("%d composition pairs, the UCD has %d", got, want)
	}
}
