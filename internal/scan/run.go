package scan

import (
	"math/bits"

	"github.com/urilabs/rfc3986/tables"
)

// How scan skips the runs of bytes that keep the automaton in its state.
type skipMode uint8

const (
	// skipFastest skips runs with the fastest code the machine has: 16
	// to 64 bytes at a time with vector instructions where runEnd has
	// them, eight at a time otherwise. Every entry point uses it.
	skipFastest skipMode = iota
	// skipAfterShort is skipFastest for an input that Short refused:
	// scan does not call shortLane again.
	skipAfterShort
	// skipPortable skips runs eight bytes at a time in Go, as a machine
	// without vector instructions does. The tests compare it with the
	// other two.
	skipPortable
	// skipNone steps the automaton over every byte: the definition the
	// other two must agree with.
	skipNone
)

// skipRunWords returns the offset of the first byte at or after i that
// ends the run of r in s, or len(s): bytes of the set r and, when r holds
// PctEncoded, pct-encoded triplets. It tests eight bytes at a time while
// eight remain, then the last eight bytes of s at once when the run may go
// on to the end, then byte by byte.
func skipRunWords(s string, i uint, r tables.Set) uint {
	n := uint(len(s))
	for {
		j := int(i)
		for 0 <= j && j < len(s)-7 && tables.Sets[s[j]]&tables.Sets[s[j+1]]&tables.Sets[s[j+2]]&tables.Sets[s[j+3]]&
			tables.Sets[s[j+4]]&tables.Sets[s[j+5]]&tables.Sets[s[j+6]]&tables.Sets[s[j+7]]&r != 0 {
			j += 8
		}
		i = uint(j)
		if i+8 > n && n >= 8 && i < n && tables.Sets[s[n-8]]&tables.Sets[s[n-7]]&tables.Sets[s[n-6]]&tables.Sets[s[n-5]]&
			tables.Sets[s[n-4]]&tables.Sets[s[n-3]]&tables.Sets[s[n-2]]&tables.Sets[s[n-1]]&r != 0 {
			// The run goes on to the end of the input, as the last run
			// of most URLs does: the last eight bytes, from before i,
			// are all in it. One test, where the byte loop would exit
			// after a varying count.
			return n
		}
		for i < n && tables.Sets[s[i]]&r != 0 {
			i++
		}
		if i+2 >= n || s[i] != '%' || r&PctEncoded == 0 ||
			tables.Sets[s[i+1]]&tables.Sets[s[i+2]]&tables.HEXDIG == 0 {
			return i
		}
		i += 3
	}
}

// laneEndWords reads the runs of the lane (see lane) from offset
// i, in state AuthorityRegName: the host, and then, after a "/", the
// path, after a "?" the query and after a "#" the fragment. It returns
// the offset of the byte that does not fit, or len(s), and the offsets of
// the "/", "?" and "#" it went past, or 0 for each it did not.
func laneEndWords(s string, i uint) (stop, slash, question, hash uint) {
	n := uint(len(s))
	i = skipRunWords(s, i, Run[AuthorityRegName])
	if i == n || s[i] != '/' {
		return i, 0, 0, 0
	}
	slash = i
	i = skipRunWords(s, i+1, Run[WithinPath])
	if i < n && s[i] == '?' {
		question = i
		i = skipRunWords(s, i+1, Run[WithinQuery])
	}
	if i < n && s[i] == '#' {
		hash = i
		i = skipRunWords(s, i+1, Run[WithinFragment])
	}
	return i, slash, question, hash
}

// nibbleHi and nibbleLo classify bytes by their two halves, the way
// vector code can look up sixteen bytes at once (a byte shuffle is a
// lookup in a table of sixteen): byte b is in the set of bit k of
// tables.Set exactly when nibbleLo[k][b&15] & nibbleHi[b>>4] is not 0.
// nibbleHi gives each row of sixteen printable ASCII bytes, 0x20 to 0x7F,
// a bit of its own, and the other rows none, since no set of RFC 3986
// holds a control byte or a byte of 0x80 or more; nibbleLo[k][c] holds the
// bits of the rows whose byte c belongs to the set. A test checks this
// for every byte and every set a run can be made of.
var (
	nibbleHi = [16]byte{2: 1 << 0, 3: 1 << 1, 4: 1 << 2, 5: 1 << 3, 6: 1 << 4, 7: 1 << 5}
	nibbleLo = nibbleTables()
)

// hexNibbles is the nibbleLo table of HEXDIG, with which the vector code
// finds the digits of pct-encoded triplets.
//
//lint:ignore U1000 the assembly reads it.
var hexNibbles = nibbleLo[setBit(tables.HEXDIG)]

// setBit returns the bit of tables.Set that names the set of bytes of
// the run r: every run is one set of bytes, maybe with PctEncoded, the
// highest bit.
func setBit(r tables.Set) int { return bits.TrailingZeros16(uint16(r)) }

func nibbleTables() (lo [16][16]byte) {
	for k := range lo {
		for b := 0x20; b < 0x80; b++ {
			if tables.Sets[b]&(1<<k) != 0 {
				lo[k][b&15] |= nibbleHi[b>>4]
			}
		}
	}
	return lo
}
