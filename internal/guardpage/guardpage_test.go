//go:build linux

package guardpage

import (
	"syscall"
	"testing"
	"unsafe"
)

// TestPage checks that the page is the size of a page, that all of it can
// be written and read back, and that it is aligned to a page, so that its
// ends are where the guards begin.
func TestPage(t *testing.T) {
	p := Page(t)
	if len(p) != syscall.Getpagesize() || cap(p) != len(p) {
		t.Fatalf("len %d, cap %d; want both %d", len(p), cap(p), syscall.Getpagesize())
	}
	if at := uintptr(unsafe.Pointer(&p[0])); at%uintptr(len(p)) != 0 {
		t.Errorf("page at %#x is not aligned to %d", at, len(p))
	}
	for i := range p {
		p[i] = byte(i)
	}
	for i := range p {
		if p[i] != byte(i) {
			t.Fatalf("byte %d reads %d, want %d", i, p[i], byte(i))
		}
	}
}
