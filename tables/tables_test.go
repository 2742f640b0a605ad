package tables_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/scanner"
	"github.com/urilabs/rfc3986/tables"
	"github.com/urilabs/rfc3986/tables/internal/grammar"
)

// TestGeneratedIsFresh regenerates the tables in memory and compares them
// with the committed file.
func TestGeneratedIsFresh(t *testing.T) {
	f, err := grammar.Generate()
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range []struct {
		path string
		want []byte
	}{
		{grammar.TablesFile, f.Tables},
		{grammar.ScanFile, f.Scan},
	} {
		got, err := os.ReadFile(file.path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, file.want) {
			t.Errorf("%s is out of date; run go generate ./tables", file.path)
		}
		if !bytes.HasPrefix(got, []byte("// Code generated ")) || !bytes.Contains(got, []byte("DO NOT EDIT.")) {
			t.Errorf("%s lacks the Code generated ... DO NOT EDIT. header", file.path)
		}
	}
}

// The sets of RFC 3986, written out here a second time straight from the
// text, character by character, to check the generated table against.
const (
	alpha      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" // RFC 5234 B.1
	digit      = "0123456789"                                           // RFC 5234 B.1
	hexdig     = "0123456789ABCDEFabcdef"                               // RFC 5234 B.1, §2.1
	unreserved = alpha + digit + "-._~"                                 // §2.3
	genDelims  = ":/?#[]@"                                              // §2.2
	subDelims  = "!$&'()*+,;="                                          // §2.2
	pchar      = unreserved + subDelims + ":@"                          // §3.3
)

func TestSets(t *testing.T) {
	sets := []struct {
		name  string
		bit   tables.Set
		chars string
	}{
		{"ALPHA", tables.ALPHA, alpha},
		{"DIGIT", tables.DIGIT, digit},
		{"HEXDIG", tables.HEXDIG, hexdig},
		{"unreserved", tables.Unreserved, unreserved},
		{"sub-delims", tables.SubDelims, subDelims},
		{"gen-delims", tables.GenDelims, genDelims},
		{"pchar", tables.PChar, pchar},
		{"scheme", tables.Scheme, alpha + digit + "+-."},                  // §3.1
		{"userinfo", tables.UserInfo, unreserved + subDelims + ":"},       // §3.2.1
		{"reg-name", tables.RegName, unreserved + subDelims},              // §3.2.2
		{"segment-nz-nc", tables.SegmentNC, unreserved + subDelims + "@"}, // §3.3
		{"path", tables.Path, pchar + "/"},                                // §3.3
		{"query", tables.Query, pchar + "/?"},                             // §3.4
	}
	for _, s := range sets {
		for b := 0; b < 256; b++ {
			want := strings.IndexByte(s.chars, byte(b)) >= 0
			if got := tables.Sets[b]&s.bit != 0; got != want {
				t.Errorf("%s holds byte 0x%02X: got %v, want %v", s.name, b, got, want)
			}
		}
	}
}

// TestClassOutsideGrammar checks that class 0 is exactly the bytes that no
// rule of RFC 3986 allows: what is neither reserved, unreserved nor "%".
func TestClassOutsideGrammar(t *testing.T) {
	allowed := unreserved + genDelims + subDelims + "%"
	for b := 0; b < 256; b++ {
		outside := strings.IndexByte(allowed, byte(b)) < 0
		if got := tables.Class[b] == 0; got != outside {
			t.Errorf("Class[0x%02X] == 0 is %v, want %v", b, got, outside)
		}
		if int(tables.Class[b]) >= tables.NumClasses {
			t.Errorf("Class[0x%02X] = %d, not below NumClasses", b, tables.Class[b])
		}
	}
}

// TestStep reads inputs with Step alone, from Start, as a program using
// package tables would, and checks that it stops where the scanner does:
// the input is cut short at the first byte that leads to the state no byte
// leaves. The inputs have no IP-literal, which Step does not read.
func TestStep(t *testing.T) {
	dead := -1
	for s := 0; s < 256*tables.Stride; s += tables.Stride {
		absorbing := true
		for c := 0; c < tables.NumClasses; c++ {
			if int(tables.Step[s+c]) != s {
				absorbing = false
			}
		}
		if absorbing && s > 0 && tables.Step[s] != 0 {
			dead = s
			break
		}
	}
	if dead < 0 {
		t.Fatal("no state that no byte leaves")
	}
	for _, s := range []string{
		"", "http://example.com/a?b#c", "a:b", "//u@h:80/p", "http://a b/", "a:b#c#d",
		"%zz", "http://h:8o/", "ht^tp:", "/a/b/../c?%41", "http://h/\x80", "http://1.2.3.4:5/",
	} {
		t.Run(s, func(t *testing.T) {
			st, stop := tables.Start, len(s)
			for i := 0; i < len(s); i++ {
				st = int(tables.Step[st+int(tables.Class[s[i]])])
				if st == dead {
					stop = i
					break
				}
			}
			_, f := scanner.Scan(s)
			if f != 0 && f.Offset() < len(s) {
				if stop != f.Offset() {
					t.Errorf("Step stops at %d, the scanner at %d (%v)", stop, f.Offset(), f)
				}
			} else if stop != len(s) {
				t.Errorf("Step stops at %d, the scanner reads on to the end (%v)", stop, f)
			}
		})
	}
}
