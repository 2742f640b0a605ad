package bench

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/sys/cpu"
)

// TestMain prints, before the benchmarks, the configuration line "vector:
// PATH", the vector code rfc3986 reads runs with in this process, for
// cmd/report to name each table's path: avx512, avx2 or ssse3 on amd64,
// neon on arm64, portable elsewhere. On amd64 the path is the widest the
// processor has unless GODEBUG turns it off, as rfc3986 does (its package
// internal/cpu reads the same options): GODEBUG=cpu.avx512f=off runs the
// AVX2 code on a machine with AVX-512.
func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.bench"); f != nil && f.Value.String() != "" {
		fmt.Printf("vector: %s\n", vectorPath(runtime.GOARCH, os.Getenv("GODEBUG")))
	}
	os.Exit(m.Run())
}

// vectorPath says which vector code rfc3986 runs on goarch with the
// processor's features and the GODEBUG options godebug.
func vectorPath(goarch, godebug string) string {
	switch goarch {
	case "arm64":
		return "neon"
	case "amd64":
	default:
		return "portable"
	}
	ssse3 := cpu.X86.HasSSSE3
	avx2 := cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasBMI2
	avx512 := avx2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI2
	for _, kv := range strings.Split(godebug, ",") {
		switch kv {
		case "cpu.all=off", "cpu.ssse3=off":
			ssse3, avx2, avx512 = false, false, false
		case "cpu.avx2=off", "cpu.bmi1=off", "cpu.bmi2=off":
			avx2, avx512 = false, false
		case "cpu.avx512f=off", "cpu.avx512bw=off":
			avx512 = false
		}
	}
	switch {
	case avx512:
		return "avx512"
	case avx2:
		return "avx2"
	case ssse3:
		return "ssse3"
	}
	return "portable"
}

// TestVectorPath checks the paths that do not depend on the processor, and
// that GODEBUG narrows the one that does.
func TestVectorPath(t *testing.T) {
	for _, c := range []struct{ goarch, godebug, want string }{
		{"arm64", "", "neon"},
		{"riscv64", "", "portable"},
		{"amd64", "cpu.all=off", "portable"},
	} {
		if got := vectorPath(c.goarch, c.godebug); got != c.want {
			t.Errorf("vectorPath(%q, %q) = %q, want %q", c.goarch, c.godebug, got, c.want)
		}
	}
	if cpu.X86.HasAVX512F {
		if got := vectorPath("amd64", "x=1,cpu.avx512f=off"); got != "avx2" && got != "ssse3" {
			t.Errorf("vectorPath with cpu.avx512f=off = %q", got)
		}
	}
}
