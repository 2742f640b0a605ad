package tables_test

import (
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/internal/grammar"
	"github.com/urilabs/rfc3986/internal/testenv"
	"github.com/urilabs/rfc3986/tables"
)

// TestGeneratedIsFresh regenerates the tables in memory and compares them
// with the committed file.
func TestGeneratedIsFresh(t *testing.T) {
	f, err := grammar.Generate()
	if err != nil {
		t.Fatal(err)
	}
	testenv.CheckGenerated(t, grammar.File, f.Tables, "./tables")
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
