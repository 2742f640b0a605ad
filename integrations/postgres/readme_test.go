package postgres_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestREADME holds README.md to the module: every ```go block is either
// imports that the module's Example files import, or a run of lines of
// the body of an Example function, which go test compiles and runs; and
// the README names the version of the library that go.mod requires.
func TestREADME(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	imports, bodies := examples(t)
	for _, b := range goBlocks(string(readme)) {
		t.Run("README.md:"+strconv.Itoa(b.line), func(t *testing.T) {
			code := b.lines
			if strings.HasPrefix(code[0], "import") {
				// The imports, then the code, if any, after a blank line.
				n := 1
				if code[0] == "import (" {
					for n < len(code) && code[n-1] != ")" {
						n++
					}
				}
				for _, l := range code[:n] {
					l = strings.TrimPrefix(strings.TrimSpace(l), "import ")
					if l != "(" && l != ")" && !imports[l] {
						t.Errorf("README.md:%d: %s is not imported by an Example file", b.line, l)
					}
				}
				for n < len(code) && code[n] == "" {
					n++
				}
				if code = code[n:]; len(code) == 0 {
					return
				}
			}
			for _, body := range bodies {
				if containsRun(body, code) {
					return
				}
			}
			t.Errorf("README.md:%d: this Go block is not part of an Example function; copy it from one:\n%s", b.line, strings.Join(code, "\n"))
		})
	}

	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*(?:require\s+)?github\.com/urilabs/rfc3986 (v\S+)`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod does not require github.com/urilabs/rfc3986")
	}
	if !strings.Contains(string(readme), "`github.com/urilabs/rfc3986@"+string(m[1])+"`") {
		t.Errorf("README.md does not name the version go.mod requires, `github.com/urilabs/rfc3986@%s`", m[1])
	}
	if regexp.MustCompile(`(?m)^\s*replace\b`).Match(mod) {
		t.Error("go.mod has a replace directive; the workspace in integrations/go.work takes its place")
	}
}

type block struct {
	line  int
	lines []string
}

// goBlocks returns the ```go blocks of markdown, from their first line.
func goBlocks(markdown string) []block {
	var out []block
	lines := strings.Split(markdown, "\n")
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "```go" {
			continue
		}
		b := block{line: i + 1}
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			b.lines = append(b.lines, strings.TrimRight(lines[i], " \t"))
		}
		if len(b.lines) > 0 {
			out = append(out, b)
		}
	}
	return out
}

// examples returns the import specs of the module's test files that hold
// an Example function, as written ("fmt", name "path"), and the bodies of
// those functions, as lines with one tab of indentation removed.
func examples(t *testing.T) (map[string]bool, [][]string) {
	t.Helper()
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	imports := map[string]bool{}
	var bodies [][]string
	fset := token.NewFileSet()
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Example") {
				continue
			}
			found = true
			text := string(src[fset.Position(fn.Body.Lbrace).Offset+1 : fset.Position(fn.Body.Rbrace).Offset])
			var lines []string
			for _, l := range strings.Split(text, "\n") {
				lines = append(lines, strings.TrimRight(strings.TrimPrefix(l, "\t"), " \t"))
			}
			bodies = append(bodies, lines)
		}
		if !found {
			continue
		}
		for _, s := range f.Imports {
			spec := s.Path.Value
			if s.Name != nil {
				spec = s.Name.Name + " " + spec
			}
			imports[spec] = true
		}
	}
	return imports, bodies
}

// containsRun reports whether run stands in body as consecutive lines.
func containsRun(body, run []string) bool {
	for i := 0; i+len(run) <= len(body); i++ {
		match := true
		for j := range run {
			if body[i+j] != run[j] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}
