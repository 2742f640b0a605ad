package bench

//go:noescape
func floorPassArch(lines []string, class *[256]uint8) int
