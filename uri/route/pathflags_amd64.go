//go:build !purego

package route

import "github.com/urilabs/rfc3986/internal/cpu"

// pathFlags returns the flags of pathTable of the bytes of s, or'd, and
// fAdjacent when two adjacent bytes have fDotSlash. A string of 1 to 64
// bytes, the length of nearly every request-target, is read with AVX2;
// any other, and one that holds a byte with fInvalid (which the callers
// refuse, and of which the vector code does not gather the other flags),
// by pathFlagsGo, to which the assembly jumps. A Go function that called
// one or the other would not be inlined, and would cost a call more.
//
// The vector code classifies all the bytes of s at once by their nibbles,
// into eight classes each of the bytes whose low nibble is in one set and
// high nibble in another (pathVecTables): a byte's classes are the bits
// of classLo[low nibble] & classHi[high nibble]. Or'ing those of all the
// bytes gives the classes s holds, and combine their flags. Validity is a
// second lookup (validLo), and "." and "/" next to each other come from a
// mask of the bytes whose classes have fDotSlash.
//
//go:noescape
func pathFlags(s string) uint32

// pathVecTables holds the tables of pathFlags, which makeVecTables
// makes from pathTable, so that the flags it gathers are those of
// pathTable whatever that holds.
type pathVecTables struct {
	// classLo has bit k for the low nibbles of class k, classHi for its
	// high nibbles.
	classLo, classHi [16]byte
	// validLo has bit h for the low nibbles of the valid bytes whose high
	// nibble is h, and rowHi bit h for h; no byte from 0x80 is valid.
	validLo, rowHi [16]byte
	// lenMask is 32 zero bytes, 32 of 0xff and 32 zero bytes: the 32 at
	// 64-n select the first n bytes of a window, those at n its last n.
	lenMask [96]byte
	// nibble is 0x0f; filler a byte with no flags, which takes the place
	// of the bytes of a window that s does not hold; dotSlash has the
	// bits of the classes with fDotSlash.
	nibble, filler, dotSlash byte
	// combine holds, for each set of classes, the flags of pathTable of
	// their bytes.
	combine [256]uint32
}

var (
	//lint:ignore U1000 the assembly reads it.
	pathVec, pathVecFits = makeVecTables()
	// pathVecOK says that pathFlags may read with AVX2.
	//lint:ignore U1000 the assembly reads it.
	pathVecOK = pathVecFits && cpu.HasAVX2
)

// makeVecTables makes the tables of pathFlags from pathTable, and says
// false if pathTable cannot be read so: more than eight classes, a valid
// byte from 0x80 on, or no byte without flags.
func makeVecTables() (v pathVecTables, ok bool) {
	var classes []struct {
		flags  uint32
		lo, hi uint16 // bit i for the nibble i
	}
	for h := range 8 {
		v.rowHi[h] = 1 << h
	}
	v.filler = 0xff
	for c := range 256 {
		f := pathTable[c]
		if f&fInvalid != 0 {
			continue
		}
		if c >= 0x80 {
			return v, false
		}
		v.validLo[c&15] |= 1 << (c >> 4)
		if f == 0 {
			v.filler = min(v.filler, byte(c))
			continue
		}
		// A class holds the bytes of one value of pathTable whose high
		// nibbles have the same set of low nibbles: a row of a value is
		// added when its first byte of the value is seen.
		if firstInRow(f, c&^15) != c&15 {
			continue
		}
		var lo uint16
		for l := range 16 {
			if b := c&^15 | l; pathTable[b] == f {
				lo |= 1 << l
			}
		}
		merged := false
		for i := range classes {
			if classes[i].flags == f && classes[i].lo == lo {
				classes[i].hi |= 1 << (c >> 4)
				merged = true
				break
			}
		}
		if !merged {
			classes = append(classes, struct {
				flags  uint32
				lo, hi uint16
			}{f, lo, 1 << (c >> 4)})
		}
	}
	if len(classes) > 8 || v.filler == 0xff {
		return v, false
	}
	for k, cl := range classes {
		for i := range 16 {
			if cl.lo&(1<<i) != 0 {
				v.classLo[i] |= 1 << k
			}
			if cl.hi&(1<<i) != 0 {
				v.classHi[i] |= 1 << k
			}
		}
		if cl.flags&fDotSlash != 0 {
			v.dotSlash |= 1 << k
		}
	}
	for m := range 256 {
		for k, cl := range classes {
			if m&(1<<k) != 0 {
				v.combine[m] |= cl.flags
			}
		}
	}
	for i := 32; i < 64; i++ {
		v.lenMask[i] = 0xff
	}
	v.nibble = 0x0f
	return v, true
}

// firstInRow returns the low nibble of the first byte of the row that
// begins with the byte row whose flags are f, or 16.
func firstInRow(f uint32, row int) int {
	for l := range 16 {
		if pathTable[row|l] == f {
			return l
		}
	}
	return 16
}
