package idna

// A property word, as the generator packs it (internal/idnagen): the
// status of the code point in the IDNA mapping table (UTS #46 §5), two
// flags, its Joining_Type and its bidi group.
const (
	statusMask       = 0x7
	statusValid      = 0
	statusMapped     = 1
	statusDeviation  = 2
	statusIgnored    = 3
	statusDisallowed = 4

	flagMark   = 1 << 3 // General_Category=Mark (UTS #46 §4.1 criterion 6)
	flagVirama = 1 << 4 // Canonical_Combining_Class=Virama (RFC 5892 A.1, A.2)

	jtShift = 5
	jtMask  = 0x7
	jtLD    = 1 // Joining_Type L or D: may stand left of ZWNJ (RFC 5892 A.1)
	jtRD    = 2 // Joining_Type R or D: may stand right of ZWNJ
	jtT     = 4 // Joining_Type T: transparent

	bidiShift   = 8
	bidiMask    = 0x7
	bidiOther   = 0 // B, S, WS and the explicit formatting classes
	bidiL       = 1
	bidiRAL     = 2 // R or AL
	bidiAN      = 3
	bidiEN      = 4
	bidiNSM     = 5
	bidiNeutral = 6 // ES, CS, ET, ON, BN
)

// props returns the property word of r, which must be a valid code point.
func props(r rune) uint16 {
	var block int
	switch {
	case r < trieLow:
		block = int(trieIndex[r>>trieShift])
	case r >= triePlane14 && r < trieHigh:
		block = int(trieIndex[(r-triePlane14+trieLow)>>trieShift])
	default:
		return propWords[trieRest]
	}
	return propWords[trieValues[block<<trieShift|int(r&(1<<trieShift-1))]]
}

// mapping returns the replacement of r, whose status must be mapped or
// deviation.
func mapping(r rune) string {
	// The run of r is the last one to start at or before it: among those
	// that start in r's block of 256, or else the one before them.
	lo, hi := 0, len(mapLo)
	if r < trieLow {
		lo, hi = int(mapBlock[r>>8]), int(mapBlock[r>>8+1])
		if lo == hi || mapLo[lo] > uint32(r) {
			return mapRun(lo - 1)
		}
	}
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if mapLo[m] <= uint32(r) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return mapRun(lo - 1)
}

// mapRun returns the replacement of the run i.
func mapRun(i int) string {
	v := mapVal[i]
	off := v >> 8
	return mapText[off : off+v&0xFF]
}

func jt(p uint16) uint16   { return p >> jtShift & jtMask }
func bidi(p uint16) uint16 { return p >> bidiShift & bidiMask }
