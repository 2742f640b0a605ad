//go:build linux

// Package guardpage gives the tests of assembly a page of memory between
// two that may not be read, so that a load past either end of an input
// placed against them faults and fails the test, where in ordinary memory
// it would read a neighbour's bytes unnoticed.
package guardpage

import (
	"syscall"
	"testing"

	"github.com/urilabs/rfc3986/internal/testenv"
)

// Page returns a readable and writable page whose neighbours on both
// sides fault when read. It skips t when the system will not map them,
// and unmaps them when t ends.
func Page(t testing.TB) []byte {
	t.Helper()
	size := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 3*size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		testenv.Skip(t, "mmap: "+err.Error())
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	for _, guard := range [][]byte{mem[:size], mem[2*size:]} {
		if err := syscall.Mprotect(guard, syscall.PROT_NONE); err != nil {
			t.Fatalf("mprotect: %v", err)
		}
	}
	return mem[size : 2*size : 2*size]
}
