package uri_test

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/uri"
)

var update = flag.Bool("update", false, "rewrite the verdicts in testdata/adversarial.txt from Parse")

// sentinels names the errors the catalogue refers to.
var sentinels = map[string]error{
	"ErrInvalidCharacter":       uri.ErrInvalidCharacter,
	"ErrInvalidPercentEncoding": uri.ErrInvalidPercentEncoding,
	"ErrColonInFirstSegment":    uri.ErrColonInFirstSegment,
	"ErrMissingScheme":          uri.ErrMissingScheme,
	"ErrInvalidPort":            uri.ErrInvalidPort,
	"ErrInvalidIPv6":            uri.ErrInvalidIPv6,
	"ErrInvalidIPvFuture":       uri.ErrInvalidIPvFuture,
}

// An adversarialCase is a line of testdata/adversarial.txt:
//
//	"input" accept scheme=http host=example.com kind=RegName path=/
//	"input" reject 18 host ErrInvalidCharacter
//
// with the input Go-quoted, so that any byte can be written, and the
// components in the notation of uri_test.go. Lines beginning with
// "# category:" name the category of the cases below them.
type adversarialCase struct {
	line     int
	category string
	in       string
	verdict  string // the rest of the line
}

func readAdversarial(t *testing.T) (cases []adversarialCase, lines []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "adversarial.txt"))
	if err != nil {
		t.Fatal(err)
	}
	category := ""
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		lines = append(lines, line)
		switch {
		case strings.HasPrefix(line, "# category: "):
			category = strings.TrimPrefix(line, "# category: ")
			continue
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		}
		q, err := strconv.QuotedPrefix(line)
		if err != nil {
			t.Fatalf("adversarial.txt:%d: %v", n, err)
		}
		in, _ := strconv.Unquote(q)
		if category == "" {
			t.Fatalf("adversarial.txt:%d: a case before any category", n)
		}
		cases = append(cases, adversarialCase{n, category, in, strings.TrimSpace(line[len(q):])})
	}
	return cases, lines
}

// verdictOf writes what Parse says of s in the catalogue's notation.
func verdictOf(s string) string {
	u, err := uri.Parse(s)
	if err != nil {
		e := err.(*uri.Error)
		for name, v := range sentinels {
			if v == e.Err {
				return fmt.Sprintf("reject %d %v %s", e.Offset, e.Component, name)
			}
		}
		return "reject ?"
	}
	p := partsOf(u)
	var f []string
	add := func(k, v string, ok bool) {
		if ok {
			f = append(f, k+"="+v)
		}
	}
	add("scheme", p.Scheme, p.HasScheme)
	add("userinfo", p.UserInfo, p.HasUserInfo)
	add("host", p.Host, p.HasAuthority)
	add("kind", p.HostKind, p.HasAuthority)
	add("port", p.Port, p.HasPort)
	add("path", p.Path, true)
	add("query", p.Query, p.HasQuery)
	add("fragment", p.Fragment, p.HasFragment)
	return "accept " + strings.Join(f, " ")
}

// TestAdversarial checks the catalogue of inputs from the public research
// on URL parsing confusion: each has the verdict the file states, which is
// also the independent recognizer's for the components, and every
// rejection names its offset, component and reason.
func TestAdversarial(t *testing.T) {
	cases, lines := readAdversarial(t)
	if *update {
		for _, c := range cases {
			lines[c.line-1] = strconv.Quote(c.in) + " " + verdictOf(c.in)
		}
		if err := os.WriteFile(filepath.Join("..", "testdata", "adversarial.txt"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(cases) < 150 {
		t.Errorf("the catalogue has %d cases, want at least 150", len(cases))
	}
	categories := map[string]int{}
	for _, c := range cases {
		categories[c.category]++
		t.Run(fmt.Sprintf("line%d", c.line), func(t *testing.T) {
			got := verdictOf(c.in)
			if got != c.verdict {
				t.Errorf("adversarial.txt:%d: Parse(%q)\n got %s\nwant %s", c.line, c.in, got, c.verdict)
				return
			}
			kind, rest, _ := strings.Cut(c.verdict, " ")
			ref, ok := reference.Match(c.in)
			if ok != (kind == "accept") {
				t.Errorf("adversarial.txt:%d: %q is %s, but the reference recognizer says valid=%v", c.line, c.in, kind, ok)
				return
			}
			if ok {
				u, _ := uri.Parse(c.in)
				if diff := cmp.Diff(ref, partsOf(u)); diff != "" {
					t.Errorf("adversarial.txt:%d: Parse(%q) differs from the reference (-reference +Parse):\n%s", c.line, c.in, diff)
				}
				return
			}
			var off int
			var comp, name string
			if _, err := fmt.Sscanf(rest, "%d %s %s", &off, &comp, &name); err != nil {
				t.Errorf("adversarial.txt:%d: bad verdict %q: %v", c.line, c.verdict, err)
				return
			}
			_, err := uri.Parse(c.in)
			var e *uri.Error
			if !errors.As(err, &e) || !errors.Is(err, sentinels[name]) || e.Offset != off || e.Component.String() != comp {
				t.Errorf("adversarial.txt:%d: Parse(%q) = %v", c.line, c.in, err)
			}
		})
	}
	for name, n := range categories {
		if n < 5 {
			t.Errorf("category %q has only %d cases", name, n)
		}
	}
}
