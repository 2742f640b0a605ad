package uri_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

// TestTooLongMessage checks the message of ErrTooLong, which no test can
// reach through Parse without 4 GiB of input.
func TestTooLongMessage(t *testing.T) {
	e := &uri.Error{Input: "http://a/", Offset: 0, Err: uri.ErrTooLong}
	if got, want := e.Error(), `uri: parse "http://a/": input too long (9 bytes)`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestErrorMessages(t *testing.T) {
	long := "http://example.com/" + strings.Repeat("a", 200) + " " + strings.Repeat("b", 200)
	tests := []struct{ in, want string }{
		{"http://a b/", `uri: parse "http://a b/": invalid character ' ' at offset 8 in host`},
		{"http://a/%4G", `uri: parse "http://a/%4G": invalid percent-encoding: unexpected 'G' at offset 11 in path`},
		{"http://a/%4", `uri: parse "http://a/%4": invalid percent-encoding: unexpected end of input at offset 11 in path`},
		{"http://h:8o/", `uri: parse "http://h:8o/": invalid port: unexpected 'o' at offset 10 in port`},
		{"http://h:8o", `uri: parse "http://h:8o": invalid port: unexpected 'o' at offset 10 in port`},
		{"http://u@h:8o", `uri: parse "http://u@h:8o": invalid port: unexpected 'o' at offset 12 in port`},
		{"https://example.com:8o/", `uri: parse "https://example.com:8o/": invalid port: unexpected 'o' at offset 21 in port`},
		{"http://h:1:2/", `uri: parse "http://h:1:2/": invalid port: unexpected ':' at offset 10 in port`},
		{"1a:b", `uri: parse "1a:b": colon in first path segment of a relative reference at offset 2`},
		{":x", `uri: parse ":x": missing scheme at offset 0`},
		{"//[::g]", `uri: parse "//[::g]": invalid IPv6 address: unexpected 'g' at offset 5 in host`},
		{"//[v1]", `uri: parse "//[v1]": invalid IPvFuture address: unexpected ']' at offset 5 in host`},
		{"a\x80", `uri: parse "a\x80": invalid character '\x80' at offset 1 in path`},
		{"a\t", `uri: parse "a\t": invalid character '\t' at offset 1 in path`},
		{"a'\\", `uri: parse "a'\\": invalid character '\\' at offset 2 in path`},
		{long, `uri: parse "http://example.com/aaaaa…aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb…": invalid character ' ' at offset 219 in path`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := uri.Parse(tt.in)
			if err == nil {
				t.Errorf("Parse(%q) succeeded", tt.in)
				return
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("Parse(%q) error text mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	// The message is shortened, the Input field never.
	_, err := uri.Parse(long)
	if e := err.(*uri.Error); e.Input != long {
		t.Errorf("Error.Input was shortened to %d bytes", len(e.Input))
	}
}

// TestErrorLiteralsKeyed checks that every uri.Error this module makes is
// written with field names, as Error's doc asks of its users, so that a
// field added to Error breaks nothing here. go vet checks this for other
// packages' types only; this test covers package uri itself, and the rest
// of the module (the integrations' modules included) for good measure.
func TestErrorLiteralsKeyed(t *testing.T) {
	fset := token.NewFileSet()
	n := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(x ast.Node) bool {
			lit, ok := x.(*ast.CompositeLit)
			if !ok {
				return true
			}
			isError := false
			switch typ := lit.Type.(type) {
			case *ast.Ident:
				isError = typ.Name == "Error" && f.Name.Name == "uri"
			case *ast.SelectorExpr:
				pkg, ok := typ.X.(*ast.Ident)
				isError = ok && pkg.Name == "uri" && typ.Sel.Name == "Error"
			}
			if !isError {
				return true
			}
			n++
			for _, e := range lit.Elts {
				if _, ok := e.(*ast.KeyValueExpr); !ok {
					t.Errorf("%s: an Error literal without field names", fset.Position(lit.Pos()))
					break
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("found no Error literal: the walk missed the module")
	}
}

// TestErrorMessageRules checks the two forms of Message: a byte the
// grammar does not allow is named, a rule broken reads as a sentence,
// with the component unless the rule names it; a sentinel of another
// package is read by the same rule.
func TestErrorMessageRules(t *testing.T) {
	tests := []struct {
		err  *uri.Error
		want string
	}{
		{&uri.Error{Input: "http://u@h/", Offset: 7, Component: uri.UserInfo, Err: uri.ErrUserInfoNotAllowed}, "userinfo not allowed at offset 7"},
		{&uri.Error{Input: "ws://h/#f", Offset: 7, Component: uri.Fragment, Err: uri.ErrFragmentNotAllowed}, "fragment not allowed at offset 7"},
		{&uri.Error{Input: "h:", Offset: 2, Component: uri.Port, Err: uri.ErrMissingHost}, "missing host at offset 2 in port"},
		{&uri.Error{Input: "a?q", Offset: 1, Component: uri.Query, Err: errors.New("not here")}, "not here at offset 1 in query"},
		{&uri.Error{Input: "a?q", Offset: 1, Component: uri.Query, Err: errors.New("invalid thing")}, "invalid thing: unexpected '?' at offset 1 in query"},
		{&uri.Error{Input: "a", Offset: 1, Component: uri.Path, Err: errors.New("invalid thing")}, "invalid thing: unexpected end of input at offset 1 in path"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.err.Message()); diff != "" {
				t.Errorf("Message() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
