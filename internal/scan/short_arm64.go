//go:build !purego

package scan

import "github.com/urilabs/rfc3986/tables"

// hasShortLane says that shortLane can run: NEON, with which it classifies
// the bytes, is part of every arm64 processor.
const hasShortLane = true

// laneInfo is the info word of the marks of every input shortLane reads,
// but for the flags of a query and a fragment, as in short_amd64.go.
//
//lint:ignore U1000 the assembly reads it.
const laneInfo = uint64(HasScheme|HasAuthority) | uint64(tables.HostRegName)<<8

// laneQuery and laneFragment are the flags of a query and a fragment, for
// the assembly. (A lint:ignore above a const group covers none of its
// names, hence one declaration each.)
//
//lint:ignore U1000 the assembly reads it.
const laneQuery = HasQuery

//lint:ignore U1000 the assembly reads it.
const laneFragment = HasFragment

// shortLane is the NEON twin of shortLane in short_amd64.go, which says
// what it reads and returns. It loads the 64 bytes from s, or the 64 that
// end with s when those would cross into the next page, de-interleaved by
// four (LD4), classifies them with the nibble tables, and packs each mask
// of 0x00 or 0xFF bytes into a word with four shift-and-inserts (SRI), a
// shift and an unzip, which LD4's order makes possible.
//
//go:noescape
func shortLane(s string) (schemeHost, hostPath, pathQuery, info uint64, ok bool)
