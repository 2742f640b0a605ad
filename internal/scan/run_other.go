//go:build (!amd64 && !arm64) || purego

package scan

import "github.com/urilabs/rfc3986/tables"

// hasVector says whether runEnd has vector code here: it has not.
const hasVector = false

// runEnd is never called without vector code.
func runEnd(s string, i uint, r tables.Set) uint { return skipRunWords(s, i, r) }

// laneEnd is never called without vector code.
func laneEnd(s string, i uint) (stop, slash, question, hash uint) { return laneEndWords(s, i) }
