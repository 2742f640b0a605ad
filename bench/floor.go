package bench

// floorPass returns how many of lines hold a byte whose class is not 0,
// by ORing class[b] over every byte b of each line: what one pass that
// classifies each byte costs, with no state at all. It is the floor that
// the parsers are measured against.
//
// On amd64 it is written in assembly, the loop the compiler makes of
// floorPassGo, with its inner loop aligned to 64 bytes. Compiled from Go,
// that loop runs at one byte a cycle on a Zen 4 core or at two, depending
// only on whether the linker happens to place it across a 64-byte line:
// any change to the module could flip every figure measured against it.
func floorPass(lines []string, class *[256]uint8) int {
	return floorPassArch(lines, class)
}

// floorPassGo is floorPass in Go, the definition the assembly follows.
func floorPassGo(lines []string, class *[256]uint8) (n int) {
	for _, s := range lines {
		var acc uint8
		for i := 0; i < len(s); i++ {
			acc |= class[s[i]]
		}
		if acc != 0 {
			n++
		}
	}
	return n
}
