package idna

import (
	"errors"
	"os/exec"
	"slices"
	"sync"
	"testing"

	"github.com/urilabs/rfc3986/internal/idna/internal/idnagen"
	"github.com/urilabs/rfc3986/internal/testenv"
)

// normSource reads the data of normalization once for the tests that
// need it: from node and npm, which it takes a second or two to run.
var normSource = sync.OnceValues(func() (*idnagen.Norm, error) {
	return idnagen.ReadNorm("internal/idnagen/data")
})

// skipIfMissing skips t when err says that node or npm (or the package
// npm fetches) is not to be had, and fails it on any other error. In the
// long run (.ci/run) only a missing node or npm skips: a registry out of
// reach fails.
func skipIfMissing(t *testing.T, err error) {
	t.Helper()
	var missing *idnagen.MissingError
	switch {
	case err == nil:
		return
	case errors.As(err, &missing) && (!testenv.Long() || errors.Is(err, exec.ErrNotFound)):
		testenv.Skip(t, "the normalization tables are generated with node and npm: "+err.Error())
	}
	t.Fatal(err)
}

// TestNormTablesAreFresh regenerates normtables.go in memory from Node's
// normalization and npm's @unicode package and compares it with the
// committed file.
func TestNormTablesAreFresh(t *testing.T) {
	want, err := idnagen.GenerateNorm("internal/idnagen/data")
	skipIfMissing(t, err)
	testenv.CheckGenerated(t, "normtables.go", want, "./internal/idna")
}

// TestNormTablesMatchSource looks every code point up in the generated
// normalization tables and compares the rank of its combining class, its
// quick check, decomposition and compositions with what the generator
// reads from its sources; and checks that one Unicode version makes both
// table sets.
func TestNormTablesMatchSource(t *testing.T) {
	if normUnicodeVersion != UnicodeVersion {
		t.Fatalf("normalization tables of Unicode %s, IDNA tables of %s", normUnicodeVersion, UnicodeVersion)
	}
	n, err := normSource()
	skipIfMissing(t, err)
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
		if got := uint8(w & normCCC); got != n.Class[r] {
			fail("%U: class rank %d; the sources say %d", r, got, n.Class[r])
		}
		qc := byte('Y')
		switch {
		case w&normNo != 0:
			qc = 'N'
		case w&normMaybe != 0:
			qc = 'M'
		}
		if qc != n.QC[r] {
			fail("%U: NFC_Quick_Check %c; the sources say %c", r, qc, n.QC[r])
		}
		want, ok := n.Decomp[r]
		if !ok {
			want = []rune{r}
		}
		if got := decompose(nil, r); !slices.Equal(got, want) {
			fail("%U: decomposes to %U; the sources say %U", r, got, want)
		}
	}
	for pair, want := range n.Compose {
		if got, ok := composePair(pair[0], pair[1]); !ok || got != want {
			fail("%U %U: composes to %U, %v; the sources say %U", pair[0], pair[1], got, ok, want)
		}
	}
	// No pair composes that the sources do not list: the table holds as
	// many pairs as they have, but for the 11,172 Hangul syllables.
	if got, want := len(compKey)+hangulSCount, len(n.Compose); got != want {
		t.Errorf("%d composition pairs, the sources have %d", got, want)
	}
}
