package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/urilabs/rfc3986/uri"
)

var parseCmd = &command{
	name:    "parse",
	summary: "print the components of URIs",
	usage:   "[-j] [-i] [--whatwg] [URI...]",
	details: `
Parse prints the components of each URI given, or of each line of stdin
("-"): scheme, userinfo, host and its kind, port, path, query and fragment,
as written. An absent component is shown as (undefined), an empty one as
"": "http://a/?" has an empty query, "http://a/" none. An input that is not
a URI-reference is reported on stderr with the byte where it stops being
one. --iri reads IRIs (RFC 3987); --whatwg reads as a browser does, and
prints what the URL API's getters return. With --json, each input is one
JSON object on a line of stdout, absent components null, or its error:

  {"uri":"http://a/?","scheme":"http","userinfo":null,"host":"a",...}

Examples:
  $ uri parse 'foo://example.com:8042/over/there?name=ferret#nose'
  $ uri parse --json < urls.txt | jq -r .host`,
	flags: func(fs *flag.FlagSet) any {
		var o parseOptions
		fs.BoolVar(&o.json, "json", false, "print one JSON object a line")
		fs.BoolVar(&o.iri, "iri", false, "read IRIs (RFC 3987) rather than URIs")
		alias(fs, "j", "json")
		alias(fs, "i", "iri")
		return &o
	},
	run: parseCommand,
}

type parseOptions struct{ json, iri bool }

// reference is what parse prints of a URI or an IRI: each component and
// whether it is defined.
type reference interface {
	String() string
	Scheme() string
	HasScheme() bool
	UserInfo() string
	HasUserInfo() bool
	Host() string
	HostKind() uri.HostKind
	HasAuthority() bool
	Port() string
	HasPort() bool
	Path() string
	Query() string
	HasQuery() bool
	Fragment() string
	HasFragment() bool
}

// parseReference parses s as a URI-reference, or with iri as an
// IRI-reference.
func parseReference(s string, iri bool) (reference, error) {
	if iri {
		return uri.ParseIRI(s)
	}
	return uri.Parse(s)
}

func parseCommand(e *env, opts any, args []string) int {
	o := *opts.(*parseOptions)
	asJSON := o.json
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	status := exitOK
	each := func(name string, line int, s string, err error) {
		var u reference
		if err == nil {
			u, err = parseReference(s, o.iri)
		}
		if asJSON {
			var v any = errorObject(name, line, err)
			if err == nil {
				v = components(u)
			}
			enc.Encode(v)
		} else if err == nil {
			printComponents(out, u)
		} else {
			out.Flush()
			diagnose(e.stderr, name, line, err)
		}
		if err != nil {
			status = exitInvalid
		}
	}
	if err := e.eachInput(args, 1, out, each); err != nil {
		out.Flush()
		fmt.Fprintln(e.stderr, "uri parse:", err)
		return exitUsage
	}
	return status
}

// printComponents writes one block per URI: each component on its line,
// "" for an empty one and (undefined) for one that is absent.
func printComponents(w io.Writer, u reference) {
	show := func(v string, defined bool) string {
		switch {
		case !defined:
			return "(undefined)"
		case v == "":
			return `""`
		}
		return v
	}
	host := show(u.Host(), u.HasAuthority())
	if u.HasAuthority() {
		host += " (" + u.HostKind().String() + ")"
	}
	if u.String() == "" {
		fmt.Fprintln(w, `""`) // the empty reference
	} else {
		fmt.Fprintln(w, u)
	}
	fmt.Fprintf(w, "  scheme:   %s\n", show(u.Scheme(), u.HasScheme()))
	fmt.Fprintf(w, "  userinfo: %s\n", show(u.UserInfo(), u.HasUserInfo()))
	fmt.Fprintf(w, "  host:     %s\n", host)
	fmt.Fprintf(w, "  port:     %s\n", show(u.Port(), u.HasPort()))
	fmt.Fprintf(w, "  path:     %s\n", show(u.Path(), true))
	fmt.Fprintf(w, "  query:    %s\n", show(u.Query(), u.HasQuery()))
	fmt.Fprintf(w, "  fragment: %s\n", show(u.Fragment(), u.HasFragment()))
}

// componentsJSON is what parse --json writes for a URI.
type componentsJSON struct {
	URI      string  `json:"uri"`
	Scheme   *string `json:"scheme"`
	UserInfo *string `json:"userinfo"`
	Host     *string `json:"host"`
	HostKind *string `json:"host_kind"`
	Port     *string `json:"port"`
	Path     string  `json:"path"`
	Query    *string `json:"query"`
	Fragment *string `json:"fragment"`
}

func components(u reference) componentsJSON {
	opt := func(v string, defined bool) *string {
		if !defined {
			return nil
		}
		return &v
	}
	return componentsJSON{
		URI:      u.String(),
		Scheme:   opt(u.Scheme(), u.HasScheme()),
		UserInfo: opt(u.UserInfo(), u.HasUserInfo()),
		Host:     opt(u.Host(), u.HasAuthority()),
		HostKind: opt(u.HostKind().String(), u.HasAuthority()),
		Port:     opt(u.Port(), u.HasPort()),
		Path:     u.Path(),
		Query:    opt(u.Query(), u.HasQuery()),
		Fragment: opt(u.Fragment(), u.HasFragment()),
	}
}

// errorJSON is what parse --json and check --json write for an invalid
// input. Offset counts bytes from 0, Column from 1, in bytes, or for an
// IRI in characters; Input is the whole line, never cut (JSON shows a
// byte that is not UTF-8 as U+FFFD).
type errorJSON struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	Offset    int    `json:"offset"`
	Component string `json:"component"`
	Error     string `json:"error"`
	Input     string `json:"input"`
}

func errorObject(name string, line int, err error) errorJSON {
	if err == nil {
		return errorJSON{}
	}
	var long lineTooLong
	if errors.As(err, &long) {
		return errorJSON{File: name, Line: line, Column: long.column(), Offset: long.column() - 1, Error: err.Error()}
	}
	var e *uri.Error
	if !errors.As(err, &e) {
		return errorJSON{File: name, Line: line, Error: err.Error()}
	}
	return errorJSON{File: name, Line: line, Column: column(e), Offset: e.Offset,
		Component: e.Component.String(), Error: e.Message(), Input: e.Input}
}

// diagnose writes a compiler-style report of an invalid input: where, why,
// the input and a caret under the byte, or in an IRI the character, at
// fault.
func diagnose(w io.Writer, name string, line int, err error) {
	fmt.Fprintf(w, "%s:%d%s", name, line, appendDiagnosis(nil, err))
}

// appendDiagnosis appends to b the report diagnose writes after the name
// and line number: the column, the message, and the lines that show the
// input and the caret. It is safe to call from any goroutine.
func appendDiagnosis(b []byte, err error) []byte {
	var long lineTooLong
	if errors.As(err, &long) {
		return fmt.Appendf(b, ":%d: %v\n", long.column(), err)
	}
	var e *uri.Error
	if !errors.As(err, &e) {
		return fmt.Appendf(b, ": %v\n", err)
	}
	text, col := display(e.Input, e.Offset, isIRIError(e))
	b = fmt.Appendf(b, ":%d: %s\n\t%s\n\t%s\n", column(e), e.Message(), text, caret(col))
	if mayBeIRI(e) {
		b = append(b, "\t(a URI is ASCII: for an IRI, parse and check take --iri, and to-uri maps it to a URI)\n"...)
	}
	return b
}

// mayBeIRI reports whether e is a URI's error at a character beyond
// US-ASCII written in UTF-8, as in an IRI the user may have meant.
func mayBeIRI(e *uri.Error) bool {
	if isIRIError(e) || e.Offset >= len(e.Input) || e.Input[e.Offset] < utf8.RuneSelf {
		return false
	}
	_, size := utf8.DecodeRuneInString(e.Input[e.Offset:])
	return size > 1
}

// isIRIError reports whether e is an error of ParseIRI, whose input is
// text in UTF-8 rather than bytes.
func isIRIError(e *uri.Error) bool { return e.Op == "parse iri" }

// column is the column of e.Offset, from 1: the byte's, or in an IRI the
// character's.
func column(e *uri.Error) int {
	if isIRIError(e) && e.Offset <= len(e.Input) {
		return utf8.RuneCountInString(e.Input[:e.Offset]) + 1
	}
	return e.Offset + 1
}
