package canon_test

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/canon"
)

// readTSV reads a testdata/canon file of three tab-separated, Go-escaped
// fields a line, skipping "#" comments.
func readTSV(t *testing.T, name string) [][3]string {
	f, err := os.Open("../../testdata/canon/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][3]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 3 {
			t.Fatalf("%s: line %q: want 3 fields", name, sc.Text())
		}
		rows = append(rows, [3]string{fields[0], unescape(t, fields[1]), unescape(t, fields[2])})
	}
	return rows
}

func TestCanonicalizerVectors(t *testing.T) {
	rows := readTSV(t, "canonicalizer.tsv")
	for _, r := range rows {
		p, ok := canon.ProfileByName(r[0])
		if !ok {
			t.Fatalf("no profile %q", r[0])
		}
		in, want := r[1], strings.TrimPrefix(r[2], "=")
		t.Run(r[0]+" "+in, func(t *testing.T) {
			got, err := p.Canonicalize(in)
			if want == "!invalid" {
				var e *uri.Error
				if !errors.As(err, &e) {
					t.Errorf("%s.Canonicalize(%q) = %q, %v; want an *uri.Error", p.Name, in, got, err)
				}
				return
			}
			if err != nil || got != want {
				t.Errorf("%s.Canonicalize(%q) = %q, %v; want %q", p.Name, in, got, err, want)
			}
		})
	}
	if len(rows) != 51 {
		t.Errorf("ran %d vectors, want 51", len(rows))
	}
}

func TestHelperVectors(t *testing.T) {
	rows := readTSV(t, "helpers.tsv")
	for _, r := range rows {
		fn := canon.Helpers[r[0]]
		if fn == nil {
			t.Fatalf("no helper %q", r[0])
		}
		t.Run(r[0]+" "+r[1], func(t *testing.T) {
			if got := fn(r[1]); got != r[2] {
				t.Errorf("%s(%q) = %q, want %q", r[0], r[1], got, r[2])
			}
		})
	}
	if len(rows) != 52 {
		t.Errorf("ran %d vectors, want 52", len(rows))
	}
}
