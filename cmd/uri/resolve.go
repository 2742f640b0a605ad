package main

import (
	"flag"
	"fmt"

	"github.com/urilabs/rfc3986/uri"
)

var resolveCmd = &command{
	name:    "resolve",
	summary: "resolve references against a base URI",
	usage:   "[--non-strict] BASE [REF...]",
	details: `
Resolve prints the target URI of each reference REF, or of each line of
standard input, against BASE, as RFC 3986 section 5.2 says: what REF
lacks comes from BASE, and dot-segments are removed. A reference with a
scheme is its own target, unless --non-strict is given and the scheme is
BASE's: then it is read as relative, as section 5.2.2 allows old parsers
to do. An input that is not a URI-reference is reported as parse reports
it. BASE must have a scheme (section 5.1).

Examples:
  $ uri resolve 'http://a/b/c/d;p?q' ../g g:h http:g
  http://a/b/g
  g:h
  http:g
  $ uri resolve --non-strict 'http://a/b/c/d;p?q' http:g
  http://a/b/c/g
  $ grep -o 'href="[^"]*"' page.html | cut -d'"' -f2 |
      uri resolve https://example.com/docs/`,
	flags: func(fs *flag.FlagSet) any {
		return fs.Bool("non-strict", false, `read a reference with BASE's scheme as relative`)
	},
	run: resolveCommand,
}

func resolveCommand(e *env, opts any, args []string) int {
	nonStrict := *opts.(*bool)
	base, status, ok := e.parseBase(args)
	if !ok {
		return status
	}
	resolve := base.Resolve
	if nonStrict {
		resolve = base.ResolveNonStrict
	}
	return e.transformEach("resolve", args[1:], 2, resolve)
}

// parseBase parses the BASE of resolve and relativize, the first of args.
// When it is missing, is not a URI-reference or has no scheme, it reports
// that and returns false with the exit status. A base without a scheme
// is a usage error: every Resolve would fail with uri.ErrRelativeBase, and
// Relativize would give every target back as it is.
func (e *env) parseBase(args []string) (base uri.URI, status int, ok bool) {
	if len(args) == 0 {
		return base, e.usageError("no BASE"), false
	}
	base, err := uri.Parse(args[0])
	if err != nil {
		diagnose(e.stderr, "argument", 1, err)
		return base, exitInvalid, false
	}
	if !base.HasScheme() {
		return base, e.usageError(fmt.Sprintf("BASE %q has no scheme; a base URI must be absolute", args[0])), false
	}
	return base, exitOK, true
}
