package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri/canon"
)

// TestCrawlCommandsAgree runs canon, surt and columns over the web corpus on
// standard input and checks that each output line is, byte for byte, what
// the package's functions make of the input line.
func TestCrawlCommandsAgree(t *testing.T) {
	data, err := os.ReadFile("../../testdata/web_urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	plain := map[string]func(s string) string{
		"canon": func(s string) string {
			out, err := canon.IA.Canonicalize(s)
			if err != nil {
				return "!" + err.Error()
			}
			return out
		},
		"surt": func(s string) string {
			if err := canon.SURTError(s); err != nil {
				return "!" + err.Error()
			}
			return canon.SURT(s, canon.SURTOptions{})
		},
		"columns": func(s string) string {
			c, err := canon.LineColumns(s)
			return string(canon.AppendColumnsRow(nil, s, c, err, false))
		},
	}
	for name, f := range plain {
		t.Run(name, func(t *testing.T) {
			var stdout bytes.Buffer
			e := &env{stdin: bytes.NewReader(data), stdout: &stdout, stderr: io.Discard}
			e.run([]string{name})
			got := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
			if len(got) != len(lines) {
				t.Fatalf("uri %s wrote %d lines for %d", name, len(got), len(lines))
			}
			bad := 0
			for i, s := range lines {
				if want := f(s); got[i] != want {
					if bad++; bad <= 5 {
						t.Errorf("line %d %q: uri %s wrote %q, the function gives %q", i+1, s, name, got[i], want)
					}
				}
			}
		})
	}
}

// TestIsURLOperand: an operand with a scheme is a URL, unless a file of
// that name exists; anything else names a file.
func TestIsURLOperand(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("urls:2024.txt", []byte("http://a.example/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in   string
		want bool
	}{
		{"http://a.example/", true},
		{"dns:a.example", true},
		{"x-y.z+1:rest", true},
		{"urls:2024.txt", false},
		{"urls.txt", false},
		{"-", false},
		{"1http://a/", false},
		{":a", false},
		{"C:\\urls.txt", true},
	}
	for _, tt := range tests {
		if got := isURLOperand(tt.in); got != tt.want {
			t.Errorf("isURLOperand(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	var stdout bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: io.Discard}
	if status := e.run([]string{"surt", "urls:2024.txt", "http://b.example/"}); status != exitOK {
		t.Errorf("uri surt: status %d", status)
	}
	if got, want := stdout.String(), "example,a)/\nexample,b)/\n"; got != want {
		t.Errorf("uri surt urls:2024.txt http://b.example/ wrote %q, want %q", got, want)
	}
}
