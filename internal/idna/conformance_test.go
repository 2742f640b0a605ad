package idna

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/internal/testenv"
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

// A uts46Row is a test row of UTS #46's IdnaTestV2.txt, the defaults of
// its blank columns filled in: the source, toUnicode's result and status
// codes, and ToASCII's, nontransitional and transitional. A status list
// empty means success.
type uts46Row struct {
	line              int
	source, toUnicode string
	toUnicodeStatus   []string
	toASCIIN          string
	toASCIINStatus    []string
	toASCIIT          string
	toASCIITStatus    []string
	raw               string
}

// uts46Env names the environment variable that gives the path of UTS #46's
// conformance file, IdnaTestV2.txt of the tables' Unicode version
// (https://www.unicode.org/Public/idna/<version>/IdnaTestV2.txt), for
// TestUTS46, which reads shared/conformance/unicode/<version>/ beside the
// checkout without it. The module does not carry the file: WPT's
// IdnaTestV2.json, which TestIdnaTestV2 runs, is made from it.
const uts46Env = "RFC3986_IDNATESTV2"

// readUTS46 reads the IdnaTestV2.txt that uts46Env names, skipping t when
// it names none, and returns its rows, and the number of rows skipped
// because they hold an unpaired surrogate, which no Go string can (the
// file says such implementations skip them).
func readUTS46(t *testing.T) (rows []uts46Row, skipped int) {
	t.Helper()
	path := os.Getenv(uts46Env)
	if path == "" {
		// The shared conformance data beside the checkout, as CI lays it.
		path = filepath.Join("..", "..", "..", "shared", "conformance", "unicode", UnicodeVersion, "IdnaTestV2.txt")
		if _, err := os.Stat(path); err != nil {
			testenv.Skip(t, uts46Env+" does not give the path of UTS #46's IdnaTestV2.txt of Unicode "+UnicodeVersion+", and shared/conformance/unicode/"+UnicodeVersion+" beside the checkout has none")
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	if !strings.Contains(text, "\n# Version: "+UnicodeVersion+"\n") {
		t.Fatalf("IdnaTestV2.txt is not the file of Unicode %s, the tables' version", UnicodeVersion)
	}
	for i, line := range strings.Split(text, "\n") {
		data, _, _ := strings.Cut(line, "#")
		if strings.TrimSpace(data) == "" {
			continue
		}
		f := strings.Split(data, ";")
		if len(f) != 7 {
			t.Fatalf("IdnaTestV2.txt:%d: %d columns, want 7", i+1, len(f))
		}
		var col [7]string
		ok := true
		for k := range f {
			col[k], ok = unescapeUTS46(strings.TrimSpace(f[k]))
			if !ok {
				break
			}
		}
		if !ok {
			skipped++
			continue
		}
		r := uts46Row{line: i + 1, raw: line, source: orDefault(col[0], f[0], "")}
		r.toUnicode = orDefault(col[1], f[1], r.source)
		r.toUnicodeStatus = statusCodes(col[2])
		r.toASCIIN = orDefault(col[3], f[3], r.toUnicode)
		r.toASCIINStatus = r.toUnicodeStatus
		if col[4] != "" {
			r.toASCIINStatus = statusCodes(col[4])
		}
		r.toASCIIT = orDefault(col[5], f[5], r.toASCIIN)
		r.toASCIITStatus = r.toASCIINStatus
		if col[6] != "" {
			r.toASCIITStatus = statusCodes(col[6])
		}
		rows = append(rows, r)
	}
	return rows, skipped
}

// orDefault returns the value of a column: def when it is blank, "" when
// it is written "".
func orDefault(v, raw, def string) string {
	switch strings.TrimSpace(raw) {
	case "":
		return def
	case `""`:
		return ""
	}
	return v
}

// statusCodes reads "[B5, B6]" (or "[]", or blank).
func statusCodes(s string) []string {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	var out []string
	for _, c := range strings.Split(s, ",") {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// unescapeUTS46 undoes the file's escapes, \uXXXX and \x{X...}; false for
// an unpaired surrogate.
func unescapeUTS46(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			i++
			continue
		}
		var hex string
		switch {
		case s[i+1] == 'u' && i+6 <= len(s):
			hex, i = s[i+2:i+6], i+6
		case s[i+1] == 'x' && i+2 < len(s) && s[i+2] == '{':
			end := strings.IndexByte(s[i:], '}')
			hex, i = s[i+3:i+end], i+end+1
		default:
			b.WriteByte(s[i])
			i++
			continue
		}
		v, err := strconv.ParseUint(hex, 16, 32)
		if err != nil || v >= 0xD800 && v <= 0xDFFF || v > 0x10FFFF {
			return "", false
		}
		b.WriteRune(rune(v))
	}
	return b.String(), true
}

// TestUTS46 runs every row of UTS #46's own conformance file of the
// tables' Unicode version (the IdnaTestV2.txt that uts46Env names) through
// ToUnicode and through ToASCII, nontransitional and transitional, as the
// file says: with every check (CheckHyphens, CheckBidi, CheckJoiners,
// UseSTD3ASCIIRules, and VerifyDnsLength for ToASCII); and again with the
// URL Standard's options, which ignore the codes of the checks they turn
// off (V2, V3, U1, A4_1, A4_2). ToUnicode's result must be the row's,
// error or not; ToASCII's, when it succeeds. An error must be expected,
// and its rule one of the codes the row lists. X4_2, the code the file
// gives ToUnicode for an empty label, stands for A4_2 (it was A4_2 before
// Unicode 15.1): ToUnicode has no VerifyDnsLength, so no row's success
// hangs on it.
func TestUTS46(t *testing.T) {
	rows, skipped := readUTS46(t)
	if len(rows)+skipped != 6391 || skipped != 2 {
		t.Errorf("IdnaTestV2.txt has %d rows and %d skipped, want 6,389 and 2", len(rows), skipped)
	}
	all := Options{CheckHyphens: true, CheckBidi: true, CheckJoiners: true, UseSTD3ASCIIRules: true, VerifyDNSLength: true}
	configs := []struct {
		name    string
		opts    Options
		ignored string
	}{
		{"all", all, "X4_2"},
		{"url", URLOptions(false), "X4_2 V2 V3 U1 A4_1 A4_2"},
	}
	passed := 0
	for _, cf := range configs {
		t.Run(cf.name, func(t *testing.T) {
			for _, r := range rows {
				ok := t.Run(strconv.Itoa(r.line), func(t *testing.T) {
					expect := func(op string, got string, err error, wantText string, codes []string, textAlways bool) {
						t.Helper()
						var live []string
						for _, c := range codes {
							if !slices.Contains(strings.Fields(cf.ignored), c) {
								live = append(live, c)
							}
						}
						switch {
						case err != nil && len(live) == 0:
							t.Errorf("%s(%+q) = %+q, %v; want %+q\n%s", op, r.source, got, err, wantText, r.raw)
						case err == nil && len(live) > 0:
							t.Errorf("%s(%+q) = %+q, want an error of %v\n%s", op, r.source, got, live, r.raw)
						case err != nil:
							var e *Error
							if !errors.As(err, &e) || !slices.Contains(live, e.Rule.String()) {
								t.Errorf("%s(%+q) error %v, want one of %v\n%s", op, r.source, err, live, r.raw)
							}
						}
						if (err == nil || textAlways) && got != wantText {
							t.Errorf("%s(%+q) = %+q, want %+q\n%s", op, r.source, got, wantText, r.raw)
						}
					}
					u, err := ToUnicode(r.source, cf.opts)
					expect("ToUnicode", u, err, r.toUnicode, r.toUnicodeStatus, true)
					n, err := ToASCII(r.source, cf.opts)
					expect("ToASCII", n, err, r.toASCIIN, r.toASCIINStatus, false)
					topts := cf.opts
					topts.Transitional = true
					tr, err := ToASCII(r.source, topts)
					expect("ToASCII transitional", tr, err, r.toASCIIT, r.toASCIITStatus, false)
				})
				if ok && cf.name == "all" {
					passed++
				}
			}
		})
	}
	t.Logf("IdnaTestV2.txt %s: %d of %d rows pass with every check (%d rows skipped: unpaired surrogates)", UnicodeVersion, passed, len(rows), skipped)
}
