//go:build !purego

package scan

// hasVector says that the processor has SSSE3, whose byte shuffle runEnd
// needs. Every amd64 processor since 2006 has it; the portable code covers
// the rest.
var hasVector = cpuHasSSSE3()

// cpuHasSSSE3 asks the processor, with CPUID, whether it has SSSE3.
func cpuHasSSSE3() bool
