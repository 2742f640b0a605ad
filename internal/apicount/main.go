// Command apicount prints how many exported names each package in the
// given directories declares, as go doc shows them: package-level
// constants, variables, functions and types, and the methods of exported
// types (promoted ones included), with their exported struct fields
// counted apart. With -v it lists them.
//
//	go run ./internal/apicount tables scanner uri uri/scheme
package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
)

func main() {
	verbose := len(os.Args) > 1 && os.Args[1] == "-v"
	args := os.Args[1:]
	if verbose {
		args = args[1:]
	}
	for _, dir := range args {
		fset := token.NewFileSet()
		// The files of the package as go build selects them for this
		// machine, build tags included, as go doc reads them.
		bp, err := build.Default.ImportDir(dir, 0)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		{
			var files []*ast.File
			for _, name := range bp.GoFiles {
				f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
				if err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(1)
				}
				files = append(files, f)
			}
			d, err := doc.NewFromFiles(fset, files, "x/"+filepath.Base(dir))
			if err != nil {
				panic(err)
			}
			var names, fields []string
			values := func(vs []*doc.Value) {
				for _, v := range vs {
					for _, n := range v.Names {
						if ast.IsExported(n) {
							names = append(names, n)
						}
					}
				}
			}
			values(d.Consts)
			values(d.Vars)
			for _, f := range d.Funcs {
				names = append(names, f.Name)
			}
			for _, t := range d.Types {
				names = append(names, t.Name)
				values(t.Consts)
				values(t.Vars)
				for _, f := range t.Funcs {
					names = append(names, f.Name)
				}
				for _, m := range t.Methods {
					names = append(names, t.Name+"."+m.Name)
				}
				if st, ok := t.Decl.Specs[0].(*ast.TypeSpec).Type.(*ast.StructType); ok {
					for _, fl := range st.Fields.List {
						for _, n := range fl.Names {
							if ast.IsExported(n.Name) {
								fields = append(fields, t.Name+"."+n.Name)
							}
						}
					}
				}
			}
			sort.Strings(names)
			fmt.Printf("%s: %d names (+%d struct fields)\n", dir, len(names), len(fields))
			if verbose {
				for _, n := range names {
					fmt.Println("  ", n)
				}
				for _, n := range fields {
					fmt.Println("   field", n)
				}
			}
		}
	}
}
