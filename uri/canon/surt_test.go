package canon_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/urilabs/rfc3986/uri/canon"
)

// TestSURTVectors runs testdata/canon/surt.tsv, internetarchive/surt's
// test_surt, byte for byte.
func TestSURTVectors(t *testing.T) {
	f, err := os.Open("../../testdata/canon/surt.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 3 {
			t.Fatalf("line %q: want 3 fields", sc.Text())
		}
		var o canon.SURTOptions
		for _, opt := range strings.Split(fields[0], ",") {
			switch opt {
			case "scheme":
				o.WithScheme = true
			case "comma":
				o.TrailingComma = true
			case "keepwww":
				o.KeepWWW = true
			case "-":
			default:
				t.Fatalf("unknown option %q", opt)
			}
		}
		in, want := fields[1], fields[2]
		n++
		t.Run(fields[0]+" "+in, func(t *testing.T) {
			if got := canon.SURT(in, o); got != want {
				t.Errorf("SURT(%q, %+v) = %q, want %q", in, o, got, want)
			}
		})
	}
	if n != 30 {
		t.Errorf("ran %d vectors, want 30", n)
	}
}

// TestStripQuerySessionIDCase pins the key matching to strings.ToLower's
// rules: ASCII keys fold as ASCII, and only what lowers to a session key
// matches ("ſ" folds to "s" but does not lower to it).
func TestStripQuerySessionIDCase(t *testing.T) {
	id32 := strings.Repeat("a1", 16)
	id24 := strings.Repeat("ab", 12)
	for _, tc := range []struct{ in, want string }{
		{"a=1&JSESSIONID=" + id32 + "&b=2", "a=1&b=2"},
		{"SID=" + id32, ""},
		{"ſid=" + id32, "ſid=" + id32},
		{"ASPSESSIONIDQQQQQQQQ=" + id24 + "&x", "x"},
		{"ASPSESSIONIDQQQQQQQQQ=" + id24, "ASPSESSIONIDQQQQQQQQQ=" + id24}, // 21 letters
		{"CFID=1&CFTOKEN=2&z", "z"},
		{"cfid=1&cftokex=2", "cfid=1&cftokex=2"},
		{"q=1&r=2", "q=1&r=2"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, canon.Helpers["stripQuerySessionID"](tc.in)); diff != "" {
				t.Errorf("stripQuerySessionID(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}
