//go:build !purego

package scan

// hasVector says that runEnd has vector code: NEON (Advanced SIMD), whose
// TBL does the nibble lookups, is part of every arm64 processor.
const hasVector = true
