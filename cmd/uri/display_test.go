package main

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDisplay(t *testing.T) {
	tests := []struct {
		line  string
		off   int
		chars bool // the line is an IRI's
		text  string
		col   int
	}{
		{"http://a b/", 8, false, "http://a b/", 8},
		{"\thttp://\xff", 8, false, `\thttp://\xff`, 9},
		{"a\x00b", 2, false, `a\x00b`, 5},
		{"ab", 2, false, "ab", 2}, // the end of the line
		{strings.Repeat("x", 300) + " " + strings.Repeat("y", 300), 300, false,
			"…" + strings.Repeat("x", 50) + " " + strings.Repeat("y", 49) + "…", 51},
		{strings.Repeat("x", 300), 300, false, "…" + strings.Repeat("x", 100), 101}, // the end of a long line
		{strings.Repeat("x", 300), 0, false, strings.Repeat("x", 100) + "…", 0},
		// The window cuts between escapes, never inside one: its ideal
		// start, column 550, is in the middle of the 138th "\x01".
		{strings.Repeat("\x01", 300), 150, false, "…" + strings.Repeat(`\x01`, 25) + "…", 49},
		{"http://a/" + strings.Repeat("\x80", 100), 9, false, "http://a/" + strings.Repeat(`\x80`, 22) + "…", 9},
		// An IRI's line: a character is one column, the caret under its
		// first byte, and one that does not print is an escape.
		{"https://例え.jp/パス/\ue000", 24, true, `https://例え.jp/パス/\ue000`, 16},
		{"https://例え.jp/パス/\ue000", 25, true, `https://例え.jp/パス/\ue000`, 17},
		{"https://例え.jp/パス/\ue000", 26, true, `https://例え.jp/パス/\ue000`, 17}, // within the character
		{"http://例え.jp/\xffx", 17, true, `http://例え.jp/\xffx`, 13},
		{"a\u200eb", 4, true, `a\u200eb`, 7},
		{"é", 2, true, "é", 1}, // the end of the line
		{strings.Repeat("é", 300), 300, true, "…" + strings.Repeat("é", 100) + "…", 51},
		{strings.Repeat("é", 300), 600, true, "…" + strings.Repeat("é", 100), 101},
	}
	type shown struct {
		Text string
		Col  int
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%.20q/%d/%v", tt.line, tt.off, tt.chars), func(t *testing.T) {
			text, col := display(tt.line, tt.off, tt.chars)
			if diff := cmp.Diff(shown{tt.text, tt.col}, shown{text, col}); diff != "" {
				t.Errorf("display(%q, %d, %v) mismatch (-want +got):\n%s", tt.line, tt.off, tt.chars, diff)
			}
		})
	}
}

// TestDisplayLongLine checks that showing a fault in a long line costs
// what showing it in a short one does: display looks only at the bytes
// around the fault.
func TestDisplayLongLine(t *testing.T) {
	line := strings.Repeat("\x01", 10<<20)
	for _, chars := range []bool{false, true} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		text, col := display(line, 5<<20, chars)
		runtime.ReadMemStats(&after)
		if n := after.TotalAlloc - before.TotalAlloc; n > 64<<10 {
			t.Errorf("display of a 10 MB line (chars %v) allocated %d bytes; want under 64 kB", chars, n)
		}
		if want := "…" + strings.Repeat(`\x01`, 25) + "…"; text != want || col != 49 {
			t.Errorf("display of a 10 MB line (chars %v) = %q, %d; want %q, 49", chars, text, col, want)
		}
	}
}
