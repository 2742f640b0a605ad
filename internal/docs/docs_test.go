package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// root is the module's root, from this package's folder.
const root = "../.."

// TestBlocksAreExamples holds every ```go block of README.md and docs/*.md
// to a run of lines of the body of an Example function somewhere in the
// module's tests, which go test compiles and runs (and checks against its
// Output comment), so that no page shows code that does not build.
func TestBlocksAreExamples(t *testing.T) {
	bodies := exampleBodies(t)
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	pages = append([]string{filepath.Join(root, "README.md")}, pages...)
	blocks := 0
	for _, page := range pages {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range goBlocks(string(text)) {
			blocks++
			t.Run(filepath.Base(page)+":"+itoa(b.line), func(t *testing.T) {
				for _, body := range bodies {
					if containsRun(body, b.lines) {
						return
					}
				}
				t.Errorf("%s:%d: this Go block is not part of any Example function; put it in one (internal/docs/examples_test.go) and copy it from there:\n%s",
					page, b.line, strings.Join(b.lines, "\n"))
			})
		}
	}
	if blocks == 0 {
		t.Fatal("no Go block found in README.md and docs/: the test reads the wrong files")
	}
}

type block struct {
	line  int // the line of the opening fence, from 1
	lines []string
}

// goBlocks returns the fenced blocks of markdown whose info string is "go",
// each line with the block's indentation (that of its fence) removed.
func goBlocks(markdown string) []block {
	var out []block
	lines := strings.Split(markdown, "\n")
	for i := 0; i < len(lines); i++ {
		fence := strings.TrimLeft(lines[i], " \t")
		if fence != "```go" {
			continue
		}
		indent := lines[i][:len(lines[i])-len(fence)]
		b := block{line: i + 1}
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			b.lines = append(b.lines, strings.TrimRight(strings.TrimPrefix(lines[i], indent), " \t"))
		}
		out = append(out, b)
	}
	return out
}

// exampleBodies returns the bodies of every Example function of the
// module's test files, as lines with one level of indentation removed.
func exampleBodies(t *testing.T) [][]string {
	t.Helper()
	var bodies [][]string
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Example") || fn.Body == nil {
				continue
			}
			text := string(src[fset.Position(fn.Body.Lbrace).Offset+1 : fset.Position(fn.Body.Rbrace).Offset])
			var lines []string
			for _, l := range strings.Split(text, "\n") {
				lines = append(lines, strings.TrimRight(strings.TrimPrefix(l, "\t"), " \t"))
			}
			bodies = append(bodies, lines)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(bodies) == 0 {
		t.Fatal("no Example function found in the module")
	}
	return bodies
}

// containsRun reports whether run stands in body as consecutive lines.
func containsRun(body, run []string) bool {
	if len(run) == 0 {
		return false
	}
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

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}
