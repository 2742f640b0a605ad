package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// root is the module's root, from this package's folder.
const root = "../.."

// TestBlocksAreExamples holds every ```go block of README.md, docs/*.md and
// the integrations' READMEs to a run of lines of the body of an Example
// function somewhere in the repository's tests, which go test compiles and
// runs (and checks against its Output comment), so that no page shows code
// that does not build. A block of imports alone must name packages that an
// Example file imports.
func TestBlocksAreExamples(t *testing.T) {
	imports, bodies := exampleBodies(t)
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	integrations, err := filepath.Glob(filepath.Join(root, "integrations", "*", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	pages = append(append([]string{filepath.Join(root, "README.md")}, pages...), integrations...)
	blocks := 0
	for _, page := range pages {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		name, _ := filepath.Rel(root, page)
		for _, b := range goBlocks(string(text)) {
			blocks++
			t.Run(name+":"+itoa(b.line), func(t *testing.T) {
				code := b.lines
				if len(code) > 0 && strings.HasPrefix(code[0], "import") {
					n := 1
					if code[0] == "import (" {
						for n < len(code) && code[n-1] != ")" {
							n++
						}
					}
					for _, l := range code[:n] {
						l = strings.TrimPrefix(strings.TrimSpace(l), "import ")
						if l != "(" && l != ")" && l != "" && !imports[l] {
							t.Errorf("%s:%d: %s is not imported by a file with an Example", name, b.line, l)
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
				t.Errorf("%s:%d: this Go block is not part of any Example function; put it in one (internal/docs/examples_test.go) and copy it from there:\n%s",
					name, b.line, strings.Join(code, "\n"))
			})
		}
	}
	if blocks == 0 {
		t.Fatal("no Go block found in README.md and docs/: the test reads the wrong files")
	}
}

// TestIntegrationVersions holds each integration's README to the version of
// the library its go.mod requires, and its go.mod to no replace directive:
// integrations/go.work builds them against this checkout, and a replace in
// a go.mod would break its users' builds.
func TestIntegrationVersions(t *testing.T) {
	mods, err := filepath.Glob(filepath.Join(root, "integrations", "*", "go.mod"))
	if err != nil || len(mods) == 0 {
		t.Fatalf("no integration module found (%v)", err)
	}
	for _, mod := range mods {
		dir := filepath.Dir(mod)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			m, err := os.ReadFile(mod)
			if err != nil {
				t.Fatal(err)
			}
			readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
			if err != nil {
				t.Fatal(err)
			}
			v := regexp.MustCompile(`(?m)^\s*(?:require\s+)?github\.com/urilabs/rfc3986 (v\S+)`).FindSubmatch(m)
			if v == nil {
				t.Fatal("go.mod does not require github.com/urilabs/rfc3986")
			}
			if !strings.Contains(string(readme), "`github.com/urilabs/rfc3986@"+string(v[1])+"`") {
				t.Errorf("README.md does not name the version go.mod requires, `github.com/urilabs/rfc3986@%s`", v[1])
			}
			if regexp.MustCompile(`(?m)^\s*replace\b`).Match(m) {
				t.Error("go.mod has a replace directive; integrations/go.work takes its place")
			}
		})
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

// exampleBodies returns the import paths of the test files that hold an
// Example function (quoted, with their names: "x" or name "x"), and the
// bodies of every Example function of the repository's test files, as lines
// with one level of indentation removed.
func exampleBodies(t *testing.T) (map[string]bool, [][]string) {
	t.Helper()
	imports := map[string]bool{}
	var bodies [][]string
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
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
		found := false
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Example") || fn.Body == nil {
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
		if found {
			for _, im := range f.Imports {
				name := im.Path.Value
				if im.Name != nil {
					name = im.Name.Name + " " + name
				}
				imports[name] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(bodies) == 0 {
		t.Fatal("no Example function found in the module")
	}
	return imports, bodies
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

// TestLayoutNamesEveryPackage holds the layout of docs/development.md to
// the tree: every package of the module (a folder with Go files, outside
// testdata and the modules of their own below it) has a row "| `dir/` |"
// that says its job, and every row names a folder that exists.
func TestLayoutNamesEveryPackage(t *testing.T) {
	text, err := os.ReadFile(filepath.Join(root, "docs", "development.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z0-9/._-]+)/` \\| \\S").FindAllStringSubmatch(string(text), -1) {
		rows[m[1]] = true
	}
	packages := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if rel != "." {
			name := d.Name()
			if name == "testdata" || strings.HasPrefix(name, ".") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // a module of its own
			}
		}
		goFiles, _ := filepath.Glob(filepath.Join(path, "*.go"))
		if len(goFiles) == 0 || rel == "." {
			return nil
		}
		packages++
		if !rows[rel] {
			t.Errorf("docs/development.md: the layout has no row for the package %s/", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if packages < 20 {
		t.Errorf("found %d packages; the module has more", packages)
	}
	for dir := range rows {
		if fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(dir))); err != nil || !fi.IsDir() {
			t.Errorf("docs/development.md: the layout has a row for %s/, which is no folder", dir)
		}
	}
}

// TestProxyFlagsDocumented checks that the package doc of examples/proxy,
// what go doc shows of it, names each flag its main defines, with its
// default.
func TestProxyFlagsDocumented(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join(root, "examples", "proxy", "main.go"), nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	doc := f.Doc.Text()
	flags := 0
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) < 2 {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "flag" {
			return true
		}
		name, ok := call.Args[0].(*ast.BasicLit)
		if !ok || name.Kind != token.STRING {
			return true
		}
		flags++
		n1 := strings.Trim(name.Value, `"`)
		if !regexp.MustCompile(`(?m)^\s*-` + regexp.QuoteMeta(n1) + `\s`).MatchString(doc) {
			t.Errorf("examples/proxy: the package doc does not list the flag -%s", n1)
		}
		if def, ok := call.Args[1].(*ast.BasicLit); ok && def.Kind == token.STRING {
			if v := strings.Trim(def.Value, `"`); !strings.Contains(doc, "("+v) {
				t.Errorf("examples/proxy: the package doc does not give -%s's default, %s", n1, v)
			}
		}
		return true
	})
	if flags == 0 {
		t.Errorf("examples/proxy: found no flag definitions in main.go")
	}
}
