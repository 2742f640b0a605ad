package main

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The width, in columns, of the longest line a diagnostic shows whole; a
// longer one is shown around its caret, cut with "…".
const displayWidth = 100

// display returns line as a diagnostic shows it, and the column of the
// byte at off in that text. Printable ASCII is shown as it is; every other
// byte as a Go escape ("\t", "\x80"), so that the caret under it lines up
// whatever the terminal does with controls and broken UTF-8. With chars,
// the line is an IRI's and a character beyond US-ASCII is shown as
// itself, one column, or as a Go escape ("\u200e") when it is not
// printable: the caret counts characters, and lands under the character
// at off. A line wider than displayWidth is cut around
// off, between the texts of two bytes, never inside an escape; only the
// bytes near off are looked at.
func display(line string, off int, chars bool) (text string, col int) {
	if len(line) <= displayWidth && printableASCII(line) {
		// Nearly every line a check reports: shown as it is, the caret
		// at its offset.
		return line, min(off, len(line))
	}
	off = min(off, len(line))
	// Only the bytes around off can be shown: the tables below are built
	// for them alone, so that a report costs the same on a line of any
	// length. A byte is at least one column, and its text at most four,
	// as is a character's.
	lo, hi := max(off-window, 0), min(off+window, len(line))
	if chars {
		// Start and end on a character, not inside one.
		for lo > 0 && lo < off && !utf8.RuneStart(line[lo]) {
			lo++
		}
		for hi < len(line) && hi > off && !utf8.RuneStart(line[hi]) {
			hi--
		}
	}
	text, col = displayWindow([]byte(line[lo:hi]), off-lo, chars, lo > 0, hi < len(line))
	return text, col
}

// window is how many bytes either side of the caret display looks at:
// enough for displayWidth columns on either side, and a character more.
const window = 4*displayWidth + 4

// displayWindow is display for line, the bytes of a longer line around
// off; cutLeft and cutRight say whether the longer line goes on before
// and after it.
func displayWindow(line []byte, off int, chars, cutLeft, cutRight bool) (text string, col int) {
	var b strings.Builder
	// Where the text of each byte begins, in bytes of text and in
	// columns; the bytes of a character shown as itself share its place.
	pos := make([]int, 0, len(line)+1)
	cols := make([]int, 0, len(line)+1)
	width := 0
	for k := 0; k < len(line); {
		piece, n := escape(line[k]), 1
		if chars && line[k] >= utf8.RuneSelf {
			if r, size := utf8.DecodeRune(line[k:]); size > 1 {
				// One unit either way: the character, or its escape
				// ("\ue000") when it shows as nothing or moves the text.
				piece, n = string(line[k:k+size]), size
				if !unicode.IsPrint(r) {
					q := strconv.QuoteRuneToASCII(r)
					piece = q[1 : len(q)-1]
				}
			}
		}
		for range n {
			pos = append(pos, b.Len())
			cols = append(cols, width)
		}
		b.WriteString(piece)
		width += utf8.RuneCountInString(piece)
		k += n
	}
	pos = append(pos, b.Len())
	cols = append(cols, width)
	at := min(off, len(line))
	text, col = b.String(), cols[at]
	if width <= displayWidth && !cutLeft && !cutRight {
		return text, col
	}
	// The window of displayWidth columns that has the caret in its middle,
	// or ends with the line, moved right to the start of a byte's text and
	// narrowed left to the end of one.
	want := max(min(col-displayWidth/2, width-displayWidth), 0)
	i, _ := slices.BinarySearch(cols, want)
	j, found := slices.BinarySearch(cols, cols[i]+displayWidth)
	if !found {
		j--
	}
	cut := text[pos[i]:pos[j]]
	col -= cols[i]
	if pos[i] > 0 || cutLeft {
		cut = "…" + cut
		col++
	}
	if pos[j] < len(text) || cutRight {
		cut += "…"
	}
	return cut, col
}

// printableASCII reports whether every byte of line is printable
// US-ASCII, which display shows as it is.
func printableASCII(line string) bool {
	for _, c := range []byte(line) {
		if c < 0x20 || c >= 0x7F {
			return false
		}
	}
	return true
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
