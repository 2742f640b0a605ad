//go:build unix

package main

import (
	"os"
	"syscall"
)

// mapFile maps the regular file f, of size bytes, into memory to be read,
// and returns its contents and the function that unmaps them. Should the
// file shrink while it is mapped, reading the lost pages would fault: a
// risk that check takes, as grep-like tools do, for large files only.
func mapFile(f *os.File, size int64) ([]byte, func(), error) {
	if size <= 0 || int64(int(size)) != size {
		return nil, nil, syscall.EINVAL
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return data, func() { syscall.Munmap(data) }, nil
}
