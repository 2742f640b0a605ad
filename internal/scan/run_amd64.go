//go:build !purego

package scan

import "github.com/urilabs/rfc3986/internal/cpu"

// hasVector says that the processor has SSSE3, whose byte shuffle runEnd
// needs. Every amd64 processor since 2006 has it; the portable code covers
// the rest.
var hasVector = cpu.HasSSSE3
