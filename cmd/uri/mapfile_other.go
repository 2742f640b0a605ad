//go:build !unix

package main

import (
	"errors"
	"os"
)

// mapFile is not available here: check reads the file instead.
func mapFile(f *os.File, size int64) ([]byte, func(), error) {
	return nil, nil, errors.ErrUnsupported
}
