package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/report.golden")

// TestReport renders testdata/raw.txt, six rounds in which the machine
// halves its speed after the third, and compares it with
// testdata/report.golden.
func TestReport(t *testing.T) {
	out := filepath.Join(t.TempDir(), "RESULTS.md")
	m := meta{date: "2026-11-22 10:00 UTC", commit: "abc1234", goVersion: "go1.26.8 linux/amd64",
		cores: "2", command: "bench/run.sh", note: "A test."}
	if err := run(m, []string{filepath.Join("testdata", "raw.txt")}, out); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "report.golden")
	if *update {
		if err := os.WriteFile(golden, got, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("report differs from %s (go test -update rewrites it):\n%s", golden, got)
	}
}

// TestPairedRatios checks that ratios are taken within each round: the
// rounds where the machine was slow slow down every library alike, and the
// ratio stays what it was.
func TestPairedRatios(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "raw.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var m meta
	tables, err := read(nil, f, "raw.txt", &m)
	if err != nil {
		t.Fatal(err)
	}
	if m.cpu != "Test CPU @ 2.10GHz" {
		t.Errorf("cpu = %q", m.cpu)
	}
	if len(tables) != 2 || tables[0].name != "Parse/input=web" || tables[1].name != "Resolve/input=rfc5.4" {
		t.Fatalf("tables = %v", tables)
	}
	web := tables[0]
	base, lenient := web.row("rfc3986"), web.row("lenient")
	if got := ratio(paired(lenient.values[secPerOp], base.values[secPerOp]), "×", 1); !strings.HasPrefix(got, "6.00× [6.00–6.00]") {
		t.Errorf("lenient vs rfc3986 = %q, want 6.00× [6.00–6.00]", got)
	}
}

func TestNum(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{0, "0"}, {0.00711, "0.00711"}, {1.5, "1.5"}, {53.34, "53.34"}, {617.25, "617.2"},
		{1935.4, "1,935"}, {6939680, "6,939,680"}, {-1234, "-1,234"},
	} {
		if got := num(tc.in); got != tc.want {
			t.Errorf("num(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
