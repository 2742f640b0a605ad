package idna

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// wptCase is a row of WPT's IdnaTestV2.json and toascii.json: the URL
// Standard's domain to ASCII of input (beStrict false), output null for
// failure. In IdnaTestV2.json the comment lists the rules UTS #46 says the
// input breaks (a rule marked "(ignored)" does not apply with the URL
// Standard's options).
type wptCase struct {
	Comment string  `json:"comment"`
	Input   string  `json:"input"`
	Output  *string `json:"output"`
}

// readWPT reads a WPT IDNA file, skipping the comment strings it holds
// between the cases.
func readWPT(t *testing.T, name string) []wptCase {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "wpt", name))
	if err != nil {
		t.Fatal(err)
	}
	var rows []json.RawMessage
	if err := json.Unmarshal(b, &rows); err != nil {
		t.Fatal(err)
	}
	var cases []wptCase
	for _, r := range rows {
		if len(r) > 0 && r[0] == '"' {
			continue
		}
		var c wptCase
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// TestIdnaTestV2 runs WPT's IdnaTestV2.json, every row through
// DomainToASCII. For a failure, the rule reported must be one of those
// the row's comment lists.
//
// The tables are of the Unicode version WPT's file was made from (17.0.0):
// a later one makes some of its disallowed rows valid (Unicode 18 assigns
// CJK Unified Ideographs Extension K).
func TestIdnaTestV2(t *testing.T) {
	if UnicodeVersion != "17.0.0" {
		t.Errorf("the tables are Unicode %s; IdnaTestV2.json is of Unicode 17.0.0", UnicodeVersion)
	}
	cases := readWPT(t, "IdnaTestV2.json")
	if len(cases) != 2671 {
		t.Errorf("IdnaTestV2.json has %d cases, want 2671", len(cases))
	}
	for i, c := range cases {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			if c.Input == "" {
				// WPT's harness skips this row ("cannot test empty string
				// input through new URL()"): the output is UTS #46's
				// ToASCII, and the URL Standard's domain to ASCII fails
				// on the empty domain.
				got, err := ToASCII(c.Input, URLOptions(false))
				if err != nil || c.Output == nil || got != *c.Output {
					t.Fatalf("ToASCII(%+q) = %q, %v; want %v", c.Input, got, err, c.Output)
				}
				if _, err := DomainToASCII(c.Input, false); !errors.Is(err, RuleEmpty) {
					t.Fatalf("DomainToASCII(%+q) error %v, want %v", c.Input, err, RuleEmpty)
				}
				return
			}
			got, err := DomainToASCII(c.Input, false)
			if c.Output == nil {
				if err == nil {
					t.Fatalf("DomainToASCII(%+q) = %q, want failure (%s)", c.Input, got, c.Comment)
				}
				var e *Error
				if errors.As(err, &e) && !brokenRules(c.Comment)[e.Rule.String()] {
					t.Errorf("DomainToASCII(%+q) broke %s, IdnaTestV2 lists %q", c.Input, e.Rule, c.Comment)
				}
				return
			}
			if err != nil || got != *c.Output {
				t.Fatalf("DomainToASCII(%+q) = %q, %v; want %q (%s)", c.Input, got, err, *c.Output, c.Comment)
			}
		})
	}
}

// brokenRules returns the codes of a comment such as "C1; V6; V3 (ignored)"
// without the ignored ones.
func brokenRules(comment string) map[string]bool {
	m := map[string]bool{}
	for _, f := range strings.Split(comment, ";") {
		f = strings.TrimSpace(f)
		if f != "" && !strings.HasSuffix(f, "(ignored)") {
			m[f] = true
		}
	}
	// The URL Standard's own rules are not UTS #46's.
	m["URL-forbidden"] = true
	m["URL-empty"] = true
	return m
}

// TestToASCIIJSON runs WPT's toascii.json through DomainToASCII. The
// harness reads each row as the host of https://{input}/x, so the host
// parser runs first: percent-decoding, and the IPv4 parser for a domain
// that ends in a number. None of the 87 rows holds a "%" or ends in a
// number, and none holds a code point that ends the host ("/", "?", "#",
// "\\", ":"), so domain to ASCII alone decides each; the test checks that
// this stays so.
func TestToASCIIJSON(t *testing.T) {
	cases := readWPT(t, "toascii.json")
	if len(cases) != 87 {
		t.Errorf("toascii.json has %d cases, want 87", len(cases))
	}
	for i, c := range cases {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			if strings.ContainsAny(c.Input, "%/?#\\:@") || endsInNumber(c.Input) {
				t.Fatalf("%+q needs the URL host parser, not domain to ASCII alone", c.Input)
			}
			got, err := DomainToASCII(c.Input, false)
			if c.Output == nil {
				if err == nil {
					t.Fatalf("DomainToASCII(%+q) = %q, want failure (%s)", c.Input, got, c.Comment)
				}
				return
			}
			if err != nil || got != *c.Output {
				t.Fatalf("DomainToASCII(%+q) = %q, %v; want %q (%s)", c.Input, got, err, *c.Output, c.Comment)
			}
		})
	}
}

// endsInNumber is a rough form of the URL Standard's "ends in a number":
// the last label (a trailing dot aside) is all digits, or starts with 0x.
func endsInNumber(s string) bool {
	s = strings.TrimSuffix(s, ".")
	last := s[strings.LastIndexByte(s, '.')+1:]
	if strings.HasPrefix(last, "0x") || strings.HasPrefix(last, "0X") {
		return true
	}
	return last != "" && strings.Trim(last, "0123456789") == ""
}
