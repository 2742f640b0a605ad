package main

import (
	"slices"
	"strings"
)

// The width, in columns, of the longest line a diagnostic shows whole; a
// longer one is shown around its caret, cut with "…".
const displayWidth = 100

// display returns line as a diagnostic shows it, and the column of the
// byte at off in that text. Printable ASCII is shown as it is; every other
// byte as a Go escape ("\t", "\x80"), so that the caret under it lines up
// whatever the terminal does with controls and broken UTF-8. A line wider
// than displayWidth is cut around off, between the texts of two bytes,
// never inside an escape.
func display(line []byte, off int) (text string, col int) {
	var b strings.Builder
	cols := make([]int, 0, len(line)+1) // the column where each byte's text begins
	for _, c := range line {
		cols = append(cols, b.Len())
		b.WriteString(escape(c))
	}
	cols = append(cols, b.Len())
	text, col = b.String(), cols[min(off, len(line))]
	if len(text) <= displayWidth {
		return text, col
	}
	// The window of displayWidth columns that has the caret in its middle,
	// or ends with the line, moved right to the start of a byte's text and
	// narrowed left to the end of one.
	want := max(min(col-displayWidth/2, len(text)-displayWidth), 0)
	i, _ := slices.BinarySearch(cols, want)
	j, found := slices.BinarySearch(cols, cols[i]+displayWidth)
	if !found {
		j--
	}
	from, to := cols[i], cols[j]
	cut := text[from:to]
	col -= from
	if from > 0 {
		cut = "…" + cut
		col++
	}
	if to < len(text) {
		cut += "…"
	}
	return cut, col
}

// escape shows one byte of a line.
func escape(c byte) string {
	switch {
	case c >= 0x20 && c < 0x7F:
		return string(rune(c))
	case c == '\t':
		return `\t`
	case c == '\r':
		return `\r`
	}
	const hex = "0123456789abcdef"
	return `\x` + string([]byte{hex[c>>4], hex[c&0xF]})
}

// caret returns the line that points at column col.
func caret(col int) string {
	return strings.Repeat(" ", col) + "^"
}
