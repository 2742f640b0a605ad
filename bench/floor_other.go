//go:build !amd64

package bench

func floorPassArch(lines []string, class *[256]uint8) int {
	return floorPassGo(lines, class)
}
