//go:build amd64 && !purego

package cpu

import (
	"os"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/internal/testenv"
)

// TestMain reports the tests that skipped, which go test ./... would
// otherwise show as a plain "ok".
func TestMain(m *testing.M) { testenv.Main(m) }

// TestAgreesWithLinux compares the answers with the flags Linux lists in
// /proc/cpuinfo, which it also takes from CPUID and XCR0.
func TestAgreesWithLinux(t *testing.T) {
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		testenv.Skip(t, "no /proc/cpuinfo to compare with: "+err.Error())
	}
	var flags map[string]bool
	for _, line := range strings.Split(string(info), "\n") {
		if name, value, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(name) == "flags" {
			flags = map[string]bool{}
			for _, f := range strings.Fields(value) {
				flags[f] = true
			}
			break
		}
	}
	if flags == nil {
		testenv.Skip(t, "/proc/cpuinfo lists no x86 flags")
	}
	all := func(names ...string) bool {
		for _, n := range names {
			if !flags[n] {
				return false
			}
		}
		return true
	}
	for _, c := range []struct {
		name string
		got  bool
		want bool
	}{
		{"HasSSSE3", HasSSSE3, all("ssse3")},
		{"HasAVX2", HasAVX2, all("avx2", "bmi1", "bmi2")},
		{"HasAVX512", HasAVX512, all("avx2", "bmi1", "bmi2", "avx512f", "avx512bw", "avx512_vbmi2")},
	} {
		if c.got != c.want && os.Getenv("GODEBUG") == "" {
			t.Errorf("%s = %v, /proc/cpuinfo says %v", c.name, c.got, c.want)
		}
	}
	t.Logf("SSSE3 %v, AVX2 %v, AVX-512 %v", HasSSSE3, HasAVX2, HasAVX512)
}

// TestTurnOff checks the GODEBUG options that turn features off.
func TestTurnOff(t *testing.T) {
	for _, c := range []struct {
		godebug string
		want    [3]bool
	}{
		{"", [3]bool{true, true, true}},
		{"cpu.avx512f=off", [3]bool{true, true, false}},
		{"madvdontneed=1,cpu.avx2=off", [3]bool{true, false, false}},
		{"cpu.all=off", [3]bool{false, false, false}},
		{"cpu.avx512f=on", [3]bool{true, true, true}},
	} {
		t.Run(c.godebug, func(t *testing.T) {
			var got [3]bool
			got[0], got[1], got[2] = turnOff(c.godebug, true, true, true)
			if got != c.want {
				t.Errorf("turnOff(%q) = %v, want %v", c.godebug, got, c.want)
			}
		})
	}
}
