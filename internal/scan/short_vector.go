//go:build (amd64 || arm64) && !purego

package scan

import "github.com/urilabs/rfc3986/tables"

// The constants both assemblies of shortLane read (go_asm.h). A
// lint:ignore above a const group covers none of its names, hence one
// declaration each.

// laneInfo is the info word of the marks of every input shortLane reads,
// but for the flags of a query and a fragment: a scheme, an authority,
// and a host that is a reg-name, as fastStart's state AuthorityRegName
// says (a test checks HostKindAt).
//
//lint:ignore U1000 the assembly reads it.
const laneInfo = uint64(HasScheme|HasAuthority) | uint64(tables.HostRegName)<<8

// laneQuery is the flag of a query.
//
//lint:ignore U1000 the assembly reads it.
const laneQuery = HasQuery

// laneFragment is the flag of a fragment.
//
//lint:ignore U1000 the assembly reads it.
const laneFragment = HasFragment
