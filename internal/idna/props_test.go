package idna

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/internal/idna/internal/idnagen"
)

// TestTablesMatchSource looks every code point up in the generated tables
// and compares its status and mapping with the source's row.
func TestTablesMatchSource(t *testing.T) {
	entries, err := idnagen.Table("internal/idnagen/data")
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for _, e := range entries {
		for r := rune(e.Lo); r <= rune(e.Hi); r++ {
			st := uint8(props(r) & statusMask)
			got := ""
			if st == statusMapped || st == statusDeviation {
				got = mapping(r)
			}
			if st != e.Status || got != e.Mapping {
				t.Errorf("%U: status %d, mapping %+q; the source says %d, %+q", r, st, got, e.Status, e.Mapping)
				if bad++; bad == 10 {
					t.FailNow()
				}
			}
		}
	}
}

// TestPropsMatchSource checks the flags, joining types and bidi groups of
// every code point against tr46's expressions.
func TestPropsMatchSource(t *testing.T) {
	c, err := idnagen.Classes("internal/idnagen/data")
	if err != nil {
		t.Fatal(err)
	}
	zwnj := c["validZWNJ"] // [L D][T]*ZWNJ[T]*[R D]
	bad := 0
	last := rune(0x10FFFF)
	if testing.Short() {
		last = 0x2FFFF // the planes with letters
	}
	for r := rune(0); r <= last; r++ {
		p := props(r)
		b := bidi(p)
		checks := []struct {
			what      string
			got, want bool
		}{
			{"mark", p&flagMark != 0, c["combiningMarks"][0](r)},
			{"virama", p&flagVirama != 0, c["combiningClassVirama"][0](r)},
			{"joining L or D", jt(p)&jtLD != 0, zwnj[0](r)},
			{"joining T", jt(p)&jtT != 0, zwnj[1](r)},
			{"joining R or D", jt(p)&jtRD != 0, zwnj[3](r)},
			{"bidi L", b == bidiL, c["bidiS1LTR"][0](r)},
			{"bidi R or AL", b == bidiRAL, c["bidiS1RTL"][0](r)},
			{"bidi EN", b == bidiEN, c["bidiS4EN"][0](r)},
			{"bidi AN", b == bidiAN, c["bidiS4AN"][0](r)},
			{"bidi NSM", b == bidiNSM, c["bidiS3"][1](r)},
			{"allowed in RTL", b != bidiL && b != bidiOther, c["bidiS2"][0](r)},
			{"allowed in LTR", b != bidiRAL && b != bidiAN && b != bidiOther, c["bidiS5"][0](r)},
			{"Bidi domain", b == bidiRAL || b == bidiAN, c["bidiDomain"][0](r)},
		}
		for _, ck := range checks {
			if ck.got != ck.want {
				t.Errorf("%U: %s is %v, the source says %v", r, ck.what, ck.got, ck.want)
				if bad++; bad == 10 {
					t.FailNow()
				}
			}
		}
	}
}

// BenchmarkProps measures the trie lookup over the BMP and the mapping
// lookup over every mapped code point of the BMP.
func BenchmarkProps(b *testing.B) {
	var mapped []rune
	for r := rune(0x80); r < 0x10000; r++ {
		if s := props(r) & statusMask; s == statusMapped {
			mapped = append(mapped, r)
		}
	}
	b.Run("trie", func(b *testing.B) {
		var sum uint16
		for b.Loop() {
			for r := rune(0); r < 0x10000; r++ {
				sum += props(r)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/0x10000, "ns/lookup")
		_ = sum
	})
	b.Run("mapping", func(b *testing.B) {
		n := 0
		for b.Loop() {
			for _, r := range mapped {
				n += len(mapping(r))
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(mapped)), "ns/lookup")
	})
}

// TestInlining checks that the lookups each code point goes through stay
// inlinable (as net/netip's TestInlining does).
func TestInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package with -gcflags=-m")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	out, err := exec.Command(goTool, "build", "-gcflags=-m", "github.com/urilabs/rfc3986/internal/idna").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	inlinable := map[string]bool{}
	for _, m := range regexp.MustCompile(`can inline (\S+)`).FindAllStringSubmatch(string(out), -1) {
		inlinable[m[1]] = true
	}
	for _, fn := range strings.Fields(`props mapRun jt bidi normWord ccc lower decodeDigit encodeDigit
		threshold adapt fenwick.add fenwick.sum fenwick.find fenwick.remove URLOptions`) {
		if !inlinable[fn] {
			t.Errorf("%s is no longer inlinable", fn)
		}
	}
}
