// Package cpu says which vector instructions the processor and the
// operating system let the assembly of packages scan and uri use. It asks
// once, when the program starts; the tests of those packages turn the
// answers off to run the code of older machines too, and the options of
// GODEBUG that turn features off for the Go runtime (cpu.avx512f=off,
// cpu.avx2=off, cpu.ssse3=off, cpu.all=off) turn them off here too.
package cpu
