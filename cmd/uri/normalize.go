package main

import (
	"bufio"
	"flag"
	"fmt"
	"strings"

	"github.com/urilabs/rfc3986/internal/schemes"
	"github.com/urilabs/rfc3986/uri"
)

var normalizeCmd = &command{
	name:    "normalize",
	summary: "print the normal form of URIs",
	usage:   "[--syntax-only] [URI...]",
	// details is made by init, which names the schemes whose default
	// port normalize drops.
	details: `
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

// normalizeText is the description of normalize, before its examples;
// %s is the schemes whose default port it drops.
const normalizeText = `Normalize prints the normal form of each URI, or of each line of stdin, by
RFC 3986 sections 6.2.2 and 6.2.3: the scheme and host in lower case;
percent-encoded unreserved characters decoded, other percent-encodings in
upper case; dot-segments removed, but in a relative path ("../a"), which
takes its meaning from a base; an empty port dropped, and the default port
of %s; "/" for an empty path after a host in http, https, ws and wss.
--syntax-only applies 6.2.2 alone. URIs with the same normal form are
equivalent. An input that is not a URI-reference is reported as parse
reports it.`

func init() {
	var names []string
	for _, s := range schemes.All() {
		if s.Port != 0 {
			names = append(names, s.Name)
		}
	}
	list := strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	normalizeCmd.details = wrap(fmt.Sprintf(normalizeText, list), 76) + "\n" + normalizeCmd.details
}

// wrap fills the words of text into lines of at most width bytes.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		switch {
		case n == 0:
		case n+1+len(w) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
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
