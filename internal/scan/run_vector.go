//go:build (amd64 || arm64) && !purego

package scan

import "github.com/urilabs/rfc3986/tables"

// pctEncoded is PctEncoded, for the assembly (go_asm.h).
//
//lint:ignore U1000 the assembly reads it.
const pctEncoded = PctEncoded

// laneNibbles are the nibbleLo tables of the runs of the host, path,
// query and fragment, in that order, for laneEnd.
//
//lint:ignore U1000 the assembly reads it.
var laneNibbles = [4][16]byte{
	nibbleLo[setBit(Run[AuthorityRegName])],
	nibbleLo[setBit(Run[WithinPath])],
	nibbleLo[setBit(Run[WithinQuery])],
	nibbleLo[setBit(Run[WithinFragment])],
}

// runEnd returns the offset of the first byte at or after i that ends the
// run of r in s, or len(s), as skipRunWords does, but 16 to 64 bytes at a
// time. It is written in assembly: run_amd64.s with AVX-512, AVX2 or
// SSSE3 (runWidth), run_arm64.s with NEON. It needs hasVector and
// len(s) >= 16, and r must be one set of bytes, maybe with PctEncoded, as
// every set of Run is: its lowest bit names the set's nibbleLo table.
//
//go:noescape
func runEnd(s string, i uint, r tables.Set) uint

// laneEnd is laneEndWords with vector code. It needs hasVector and
// len(s) >= 16, and that every run of the lane admits pct-encoded
// triplets.
//
//go:noescape
func laneEnd(s string, i uint) (stop, slash, question, hash uint)
