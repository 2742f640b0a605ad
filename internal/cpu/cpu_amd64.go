//go:build !purego

package cpu

import (
	"os"
	"strings"
)

// The x86-64 features the assembly uses.
var (
	// HasSSSE3: PSHUFB, the byte shuffle of every nibble lookup. Every
	// amd64 processor since 2006 has it.
	HasSSSE3 bool
	// HasAVX2: AVX2 with BMI1 and BMI2 (TZCNT, ANDN, BZHI, SHLX), as
	// every processor of x86-64-v3 (2013 on) has them, and an operating
	// system that saves the YMM registers.
	HasAVX2 bool
	// HasAVX512: HasAVX2 and AVX512F, AVX512BW and AVX512_VBMI2, with an
	// operating system that saves the opmask and ZMM registers. VBMI2 is
	// not used: asking for it leaves out the first Intel processors with
	// AVX-512, which lower their clock for 512-bit instructions (Ice Lake,
	// Zen 4 and later have it).
	HasAVX512 bool
)

func init() {
	_, _, ecx1, _ := cpuid(1, 0)
	HasSSSE3 = ecx1&(1<<9) != 0
	if ecx1&(1<<27) == 0 { // OSXSAVE: XGETBV is there to ask the system
		return
	}
	xcr0 := xgetbv()
	_, ebx7, ecx7, _ := cpuid(7, 0)
	const avx2, bmi1, bmi2 = 1 << 5, 1 << 3, 1 << 8
	HasAVX2 = xcr0&0x6 == 0x6 && ebx7&(avx2|bmi1|bmi2) == avx2|bmi1|bmi2
	const avx512f, avx512bw, vbmi2 = 1 << 16, 1 << 30, 1 << 6
	HasAVX512 = HasAVX2 && xcr0&0xE6 == 0xE6 && ebx7&(avx512f|avx512bw) == avx512f|avx512bw && ecx7&vbmi2 != 0
	HasSSSE3, HasAVX2, HasAVX512 = turnOff(os.Getenv("GODEBUG"), HasSSSE3, HasAVX2, HasAVX512)
}

// turnOff applies the options of GODEBUG that turn off the processor's
// features for the Go runtime itself (cpu.ssse3=off, cpu.avx2=off,
// cpu.avx512f=off, cpu.all=off), so that one setting runs the code of a
// narrower machine everywhere: GODEBUG=cpu.avx512f=off measures the AVX2
// code on a machine with AVX-512. A feature off turns off those that need
// it.
func turnOff(godebug string, ssse3, avx2, avx512 bool) (bool, bool, bool) {
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
	return ssse3, avx2, avx512
}

// cpuid executes CPUID with leaf eax and subleaf ecx.
func cpuid(eax, ecx uint32) (a, b, c, d uint32)

// xgetbv returns the low half of XCR0, the state the system saves.
func xgetbv() uint32
