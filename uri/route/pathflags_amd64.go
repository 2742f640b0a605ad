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
// bytes gives the classes s holds, and combine their flags. The bytes
// with fDotSlash are class 7, so that the mask of the "." and "/" of s,
// for the pairs of them, is that of the top bits of its classes; and a
// byte is invalid when invalidLo[low nibble] & rowHi[high nibble] is not
// zero.
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
	// invalidLo has bit h for the low nibbles of the invalid bytes whose
	// high nibble h is below 8, and rowHi bit h for each such h; for the
	// high nibbles from 8 on, whose bytes are all invalid, it has the bit
	// of a row whose bytes are all invalid too.
	invalidLo, rowHi [16]byte
	// lenMask is 32 zero bytes, 32 of 0xff and 32 zero bytes: the 32 at
	// 64-n select the first n bytes of a window, those at n its last n.
	lenMask [96]byte
	// nibble is 0x0f; filler a byte with no flags, which takes the place
	// of the bytes of a window that s does not hold.
	nibble, filler byte
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

// vecClass is a class of pathFlags's vector code: the bytes whose low
// nibble has its bit in lo and high nibble in hi, all of them with the
// flags flags.
type vecClass struct {
	flags  uint32
	lo, hi uint16
}

// makeVecTables makes the tables of pathFlags from pathTable, and says
// false if pathTable cannot be read so: the bytes with fDotSlash are not
// one class, the other flags of the valid bytes need more than seven
// classes, a byte from 0x80 on is valid, no row of sixteen bytes below
// 0x80 is all invalid, or no byte is without flags.
func makeVecTables() (v pathVecTables, ok bool) {
	// own is the flags of c that its classes other than class 7 give.
	own := func(c int) uint32 { return pathTable[c] &^ fDotSlash }
	dot := vecClass{flags: fDotSlash}
	for c := range 256 {
		if pathTable[c]&fDotSlash != 0 {
			dot.lo |= 1 << (c & 15)
			dot.hi |= 1 << (c >> 4)
		}
	}
	var classes []vecClass
	v.filler = 0xff
	for c := range 256 {
		f := pathTable[c]
		if dot.lo&(1<<(c&15)) != 0 && dot.hi&(1<<(c>>4)) != 0 && f&(fDotSlash|fInvalid) != fDotSlash {
			// Class 7 would hold c.
			return v, false
		}
		if f&fInvalid != 0 {
			if c < 0x80 {
				v.invalidLo[c&15] |= 1 << (c >> 4)
			}
			continue
		}
		if c >= 0x80 {
			return v, false
		}
		if f == 0 {
			v.filler = min(v.filler, byte(c))
			continue
		}
		// A class holds the bytes of one value of own whose high nibbles
		// have the same set of low nibbles: a row of a value is added
		// when its first byte of the value is seen.
		g := own(c)
		if g == 0 || firstInRow(g, c&^15) != c&15 {
			continue
		}
		var lo uint16
		for l := range 16 {
			if own(c&^15|l) == g {
				lo |= 1 << l
			}
		}
		merged := false
		for i := range classes {
			if classes[i].flags == g && classes[i].lo == lo {
				classes[i].hi |= 1 << (c >> 4)
				merged = true
				break
			}
		}
		if !merged {
			classes = append(classes, vecClass{g, lo, 1 << (c >> 4)})
		}
	}
	if len(classes) > 7 || v.filler == 0xff {
		return v, false
	}
	classes = append(classes, make([]vecClass, 7-len(classes))...)
	classes = append(classes, dot)
	for k, cl := range classes {
		for i := range 16 {
			if cl.lo&(1<<i) != 0 {
				v.classLo[i] |= 1 << k
			}
			if cl.hi&(1<<i) != 0 {
				v.classHi[i] |= 1 << k
			}
		}
	}
	for m := range 256 {
		for k, cl := range classes {
			if m&(1<<k) != 0 {
				v.combine[m] |= cl.flags
			}
		}
	}
	allInvalid := -1
	for h := range 8 {
		v.rowHi[h] = 1 << h
		full := true
		for l := range 16 {
			full = full && v.invalidLo[l]&(1<<h) != 0
		}
		if full && allInvalid < 0 {
			allInvalid = h
		}
	}
	if allInvalid < 0 {
		return v, false
	}
	for h := 8; h < 16; h++ {
		v.rowHi[h] = 1 << allInvalid
	}
	for i := 32; i < 64; i++ {
		v.lenMask[i] = 0xff
	}
	v.nibble = 0x0f
	return v, true
}

// firstInRow returns the low nibble of the first byte of the row that
// begins with the byte row whose flags other than fDotSlash are f, or 16.
func firstInRow(f uint32, row int) int {
	for l := range 16 {
		if pathTable[row|l]&^fDotSlash == f {
			return l
		}
	}
	return 16
}
