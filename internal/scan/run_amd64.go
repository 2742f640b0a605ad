//go:build !purego

package scan

import "github.com/urilabs/rfc3986/internal/cpu"

// hasVector says that the processor has SSSE3, whose byte shuffle runEnd
// needs. Every amd64 processor since 2006 has it; the portable code covers
// the rest.
var hasVector = cpu.HasSSSE3

// lowNibbles and percents hold 0x0F and "%" in each of sixteen bytes, for
// the assembly (run_amd64.s, short_amd64.s) to load or broadcast.
//
//lint:ignore U1000 the assembly reads it.
var lowNibbles = [16]byte{0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F}

// percents: see lowNibbles.
//
//lint:ignore U1000 the assembly reads it.
var percents = [16]byte{'%', '%', '%', '%', '%', '%', '%', '%', '%', '%', '%', '%', '%', '%', '%', '%'}

// runWidth selects the loop runEnd and laneEnd read runs with: 0 the
// 16-byte loop of SSSE3, 1 the 32-byte loop of AVX2, 2 the 64-byte loop of
// AVX-512, the widest the processor has. The assembly reads it; the tests
// set it, to test each loop the processor can run.
//
//lint:ignore U1000 the assembly reads it.
var runWidth = widest()

func widest() uint8 {
	switch {
	case cpu.HasAVX512:
		return 2
	case cpu.HasAVX2:
		return 1
	}
	return 0
}
