package main

import (
	"flag"

	"github.com/urilabs/rfc3986/uri"
)

var toURICmd = &command{
	name:    "to-uri",
	summary: "map IRIs to URIs (RFC 3987 section 3.1)",
	usage:   "[IRI...]",
	details: `
To-uri prints the URI each IRI maps to, or each line of standard input: the
UTF-8 of every character beyond US-ASCII percent-encoded, in upper case,
and nothing else changed (RFC 3987 section 3.1). A host is not converted
to punycode. An input that is not an IRI-reference is reported with the
character where it stops being one.

Examples:
  $ uri to-uri 'https://例え.jp/パス'
  https://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9`,
	flags: func(*flag.FlagSet) any { return nil },
	run: func(e *env, _ any, args []string) int {
		return e.transformLines("to-uri", args, 1, func(s string) (string, error) {
			i, err := uri.ParseIRI(s)
			return i.ToURI().String(), err
		})
	},
}

var toIRICmd = &command{
	name:    "to-iri",
	summary: "map URIs to IRIs (RFC 3987 section 3.2)",
	usage:   "[URI...]",
	details: `
To-iri prints the IRI each URI maps to, or each line of standard input:
percent-encoded UTF-8 is decoded where the character may stand in the
component as it is (RFC 3987 section 3.2). What is not UTF-8, characters
an IRI cannot hold (bidi controls among them) and encoded ASCII stay
encoded, so that to-uri gives the URI back.

Examples:
  $ uri to-iri http://www.example.org/D%C3%BCrst http://a/D%FCrst
  http://www.example.org/Dürst
  http://a/D%FCrst`,
	flags: func(*flag.FlagSet) any { return nil },
	run: func(e *env, _ any, args []string) int {
		return e.transformLines("to-iri", args, 1, func(s string) (string, error) {
			u, err := uri.Parse(s)
			return u.ToIRI().String(), err
		})
	},
}
