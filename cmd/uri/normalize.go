package main

import (
	"bufio"
	"flag"
	"fmt"

	"github.com/urilabs/rfc3986/uri"
)

var normalizeCmd = &command{
	name:    "normalize",
	summary: "print the normal form of URIs",
	usage:   "[--syntax-only] [URI...]",
	details: `
Normalize prints the normal form of each URI, or of each line of standard
input, by RFC 3986 sections 6.2.2 and 6.2.3: the scheme and host in lower
case; percent-encoded unreserved characters decoded, the hexadecimal digits
of other percent-encodings in upper case; dot-segments removed, except in
a relative path such as "../a", which takes its meaning from a base; an empty
or default port dropped (http, https, ws, wss, ftp); and "/" for an empty
path after a host in http, https, ws and wss. With --syntax-only, only the
rules of 6.2.2 apply. URIs with the same normal form are equivalent. An
input that is not a URI-reference is reported as parse reports it.

Examples:
  $ uri normalize 'HTTP://Example.COM:80/%7euser/a/./b/../c'
  http://example.com/~user/a/c
  $ uri normalize --syntax-only 'HTTP://Example.COM:80'
  http://example.com:80
  $ sort -u urls.txt | uri normalize | sort | uniq -d`,
	flags: func(fs *flag.FlagSet) any {
		return fs.Bool("syntax-only", false, "apply section 6.2.2 alone, not 6.2.3")
	},
	run: normalizeCommand,
}

func normalizeCommand(e *env, opts any, args []string) int {
	normalize := uri.URI.Normalize
	if *opts.(*bool) {
		normalize = uri.URI.NormalizeSyntax
	}
	return e.transformEach("normalize", args, 1, func(u uri.URI) (uri.URI, error) { return normalize(u), nil })
}

// transformEach parses each input, from args (the first numbered first)
// or standard input, and prints what f makes of it, a line each; an input
// that does not parse, or that f fails on, is reported as parse reports
// it. It is the loop of the commands that turn URIs into URIs.
func (e *env) transformEach(command string, args []string, first int, f func(uri.URI) (uri.URI, error)) int {
	return e.transformLines(command, args, first, func(s string) (string, error) {
		u, err := uri.Parse(s)
		if err == nil {
			u, err = f(u)
		}
		return u.String(), err
	})
}

// transformLines is transformEach for any text: f parses s and returns
// what is printed, or the error to report.
func (e *env) transformLines(command string, args []string, first int, f func(s string) (string, error)) int {
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	status := exitOK
	err := e.eachInput(args, first, out, func(name string, n int, s string, err error) {
		var t string
		if err == nil {
			t, err = f(s)
		}
		if err != nil {
			out.Flush()
			diagnose(e.stderr, name, n, err)
			status = exitInvalid
			return
		}
		out.WriteString(t)
		out.WriteByte('\n')
	})
	if err != nil {
		out.Flush()
		fmt.Fprintf(e.stderr, "uri %s: %v\n", command, err)
		return exitUsage
	}
	return status
}
