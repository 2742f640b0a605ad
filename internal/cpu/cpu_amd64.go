//go:build !purego

package cpu

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
}

// cpuid executes CPUID with leaf eax and subleaf ecx.
func cpuid(eax, ecx uint32) (a, b, c, d uint32)

// xgetbv returns the low half of XCR0, the state the system saves.
func xgetbv() uint32
