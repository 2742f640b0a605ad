package main

import (
	"flag"

	"github.com/urilabs/rfc3986/uri"
)

var relativizeCmd = &command{
	name:    "relativize",
	summary: "the shortest references from a base URI to targets",
	usage:   "BASE [TARGET...]",
	details: `
Relativize prints, for each TARGET, or each line of standard input, the
shortest reference that resolves against BASE to it: the inverse of
resolve. Text is compared as it is, so "HTTP" is not "http" nor "%7e"
"~": normalize both first to share what only spelling sets apart. A
TARGET without a scheme, or with dot-segments, is resolved against BASE
first. An input that is not a URI-reference is reported as parse
reports it. BASE must have a scheme (section 5.1).

Examples:
  $ uri relativize https://a/docs/guide/ https://a/docs/guide/install \
      https://a/docs/api/ https://a/img/logo.png https://b/
  install
  ../api/
  /img/logo.png
  //b/
  $ uri relativize 'http://a/b/c/d;p?q' 'http://a/b/c/d;p?y' http://a/b/c/g:h
  ?y
  ./g:h`,
	flags: func(*flag.FlagSet) any { return nil },
	run:   relativizeCommand,
}

func relativizeCommand(e *env, _ any, args []string) int {
	base, status, ok := e.parseBase(args)
	if !ok {
		return status
	}
	return e.transformEach("relativize", args[1:], 2, func(t uri.URI) (uri.URI, error) {
		return base.Relativize(t), nil
	})
}
