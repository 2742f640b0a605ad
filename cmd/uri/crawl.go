package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/urilabs/rfc3986/uri/canon"
)

// The crawl commands are mappers for Hadoop Streaming, Spark's RDD.pipe()
// and SQL TRANSFORM: one output line for every input line, in order, so
// that a line's answer is found by its position. A line that is not a URL
// gets its error on that line, never a gap.

// operandsHelp says how the crawl commands read their operands.
const operandsHelp = `An operand with a scheme ("http:") is a URL unless such a file exists,
others files (plain or gzipped), "-" or none standard input.`

var canonCmd = &command{
	name:    "canon",
	summary: "print the canonical key of each URL of files or standard input",
	usage:   "[--profile NAME] [--lenient] [URL|FILE...]",
	details: `
Canon prints the canonical form of each URL or line read, one line out for
each line in: the profile's canonical URL, or "!" and the error (status 1).
` + operandsHelp + ` Profiles:
  ia            the Internet Archive's (surt's DefaultIAURLCanonicalizer)
  google        Google Safe Browsing's (surt, webarchive-commons' Basic)
  ordinary      webarchive-commons' OrdinaryIAURLCanonicalizer
  rfc3986       RFC 3986 sections 6.2.2 and 6.2.3 (what normalize prints)
  nutch         Apache Nutch's BasicURLNormalizer
  stormcrawler  StormCrawler's BasicURLNormalizer
ia (the default), google and ordinary read lines as surt does (no scheme
is http:, spaces are encoded), the others as RFC 3986 (--lenient: as
browsers). Each profile is idempotent. Example:
  $ uri canon 'http://www.Example.com:80/a/../b/?b=2&a=1#x'
  http://example.com/b?a=1&b=2`,
	flags: func(fs *flag.FlagSet) any {
		var o canonOptions
		fs.StringVar(&o.profile, "profile", canon.DefaultProfile.Name, "the canonicalization profile (default "+canon.DefaultProfile.Name+")")
		fs.BoolVar(&o.queryLowercase, "query-lowercase", true, "lower-case the query (ia)")
		fs.BoolVar(&o.lenient, "lenient", false, "read a line RFC 3986 refuses as browsers do")
		return &o
	},
	run: func(e *env, opts any, args []string) int {
		o := opts.(*canonOptions)
		p, ok := canon.ProfileByName(o.profile)
		if !ok {
			fmt.Fprintf(e.stderr, "uri canon: unknown profile %q (the profiles: %s)\n", o.profile, strings.Join(canon.ProfileNames(), ", "))
			return exitUsage
		}
		if !o.queryLowercase {
			p = p.KeepQueryCase()
		}
		var buf []byte
		return e.mapLines("canon", args, func(w *bufio.Writer, s string) error {
			if o.lenient {
				c, err := p.CanonicalizeLenient(s)
				if err != nil {
					return err
				}
				w.WriteString(c)
				return nil
			}
			var err error
			buf, err = p.AppendCanonical(buf[:0], s)
			if err != nil {
				return err
			}
			w.Write(buf)
			return nil
		})
	},
}

// canonOptions are the flags of canon.
type canonOptions struct {
	profile        string
	queryLowercase bool
	lenient        bool
}

// surtOptions are the flags of surt: surt's own option names, which say
// what is on by default.
type surtOptions struct {
	canon.SURTOptions
	reverseIPAddr, queryLowercase bool
}

var surtCmd = &command{
	name:    "surt",
	summary: "print the SURT key of each URL of files or standard input",
	usage:   "[flags] [URL|FILE...]",
	details: `
Surt prints the SURT key of each URL or line read, one line out for each
line in, as surt 0.3.1 writes it: read as surt reads it (no scheme is
http:), canonicalized as its DefaultIAURLCanonicalizer does, the host
reversed, IPv6 without brackets. Lines with no host ("dns:", "mailto:")
stay as they are ("dns:a.org" is "org,a)" with --reverse-dns, as
WaybackURLKeyMaker has it). A bad port gets "!" and the error (status 1).
` + operandsHelp + `
Example:
  $ uri surt --with-scheme 'http://www.archive.org/goo/?b&a'
  http://(org,archive)/goo?a&b`,
	flags: func(fs *flag.FlagSet) any {
		var o surtOptions
		fs.BoolVar(&o.WithScheme, "with-scheme", false, "write the scheme: \"http://(org,archive)/\"")
		fs.BoolVar(&o.TrailingComma, "trailing-comma", false, "end the host with a comma: \"org,archive,)\"")
		fs.BoolVar(&o.KeepWWW, "keep-www", false, "keep a leading \"www\" label")
		fs.BoolVar(&o.reverseIPAddr, "reverse-ipaddr", true, "reverse an IPv4 address as a name: \"254,1,168,192)\"")
		fs.BoolVar(&o.queryLowercase, "query-lowercase", true, "lower-case the query")
		fs.BoolVar(&o.ReverseDNS, "reverse-dns", false, "key a dns: record by its host: \"org,archive)\"")
		return &o
	},
	run: func(e *env, opts any, args []string) int {
		so := opts.(*surtOptions)
		o := so.SURTOptions
		o.KeepIPAddress, o.KeepQueryCase = !so.reverseIPAddr, !so.queryLowercase
		var buf []byte
		return e.mapLines("surt", args, func(w *bufio.Writer, s string) error {
			if err := canon.SURTError(s); err != nil {
				return err
			}
			buf = canon.AppendSURT(buf[:0], s, o)
			w.Write(buf)
			return nil
		})
	},
}

var columnsCmd = &command{
	name:    "columns",
	summary: "print the host columns of Common Crawl's index for each URL",
	usage:   "[--tsv|--json] [--header] [URL|FILE...]",
	details: `
Columns prints the host columns of Common Crawl's URL index for each URL
or line read, one line out for each line in: url, url_host_name, _tld,
_2nd_last_part ... _5th_last_part, _registry_suffix, _registered_domain,
_private_suffix, _private_domain, _name_reversed, error; tab-separated,
null as \N (--tsv, the default), or as JSON (--json). Lines are read as
the index reads them: any byte in a host (null if IDNA refuses it), the
name of a "dns:" or "whois:" record, no host for "filedesc://a_b.arc.gz".
An IP address has url_host_name only, a name under no rule of the Public
Suffix List no suffix. A line without a scheme gets its error (status 1).
` + operandsHelp + ` Example:
  $ uri columns --json http://www.example.co.uk/
  {"url":"http://www.example.co.uk/","url_host_name":"www.example.co.uk",...`,
	flags: func(fs *flag.FlagSet) any {
		var o columnsOptions
		fs.BoolVar(&o.tsv, "tsv", false, "tab-separated values (the default)")
		fs.BoolVar(&o.json, "json", false, "one JSON object a line")
		fs.BoolVar(&o.header, "header", false, "begin TSV output with a line of column names")
		return &o
	},
	run: func(e *env, opts any, args []string) int {
		o := opts.(*columnsOptions)
		if o.tsv && o.json {
			fmt.Fprintln(e.stderr, "uri columns: --tsv and --json exclude each other")
			return exitUsage
		}
		if o.header && !o.json {
			fmt.Fprintln(e.stdout, strings.Join(canon.ColumnNames, "\t"))
		}
		var buf []byte
		return e.mapLines("columns", args, func(w *bufio.Writer, s string) error {
			c, err := canon.LineColumns(s)
			buf = canon.AppendColumnsRow(buf[:0], s, c, err, o.json)
			w.Write(buf)
			return err
		})
	},
}

type columnsOptions struct{ tsv, json, header bool }

// mapLines reads every line of the files named in args, "-" or none for
// standard input, plain or gzipped, and calls f to write its output line;
// an argument that begins with a scheme and ":" and names no file is a
// line itself (operandsHelp).
// When f fails, the line gets "!" and the error (unless f wrote a line of
// its own), the error goes to standard error, and the status is 1.
func (e *env) mapLines(command string, args []string, f func(w *bufio.Writer, s string) error) int {
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	defer out.Flush()
	if len(args) == 0 {
		args = []string{"-"}
	}
	status := exitOK
	for i, name := range args {
		if isURLOperand(name) {
			before := out.Buffered()
			if ferr := f(out, name); ferr != nil {
				if out.Buffered() == before {
					out.WriteByte('!')
					out.WriteString(oneLine(ferr.Error()))
				}
				out.Flush()
				diagnose(e.stderr, "argument", i+1, ferr)
				status = exitInvalid
			}
			out.WriteByte('\n')
			if err := e.out.failed(); err != nil {
				out.Flush()
				fmt.Fprintf(e.stderr, "uri %s: %v\n", command, err)
				return exitUsage
			}
			continue
		}
		r, label := e.stdin, "stdin"
		if name != "-" {
			file, err := os.Open(name)
			if err != nil {
				out.Flush()
				fmt.Fprintf(e.stderr, "uri %s: %v\n", command, err)
				return exitUsage
			}
			defer file.Close()
			r, label = file, name
		}
		err := e.streamLines(label, r, out, func(n int, line []byte) {
			before := out.Buffered()
			if ferr := f(out, string(line)); ferr != nil {
				if out.Buffered() == before {
					out.WriteByte('!')
					out.WriteString(oneLine(ferr.Error()))
				}
				diagnose(e.stderr, label, n, ferr)
				status = exitInvalid
			}
			out.WriteByte('\n')
		}, func(n int) {
			out.WriteString("!" + lineTooLong{int(e.maxLine)}.Error() + "\n")
			diagnose(e.stderr, label, n, lineTooLong{int(e.maxLine)})
			status = exitInvalid
		})
		if err == nil {
			err = e.out.failed()
		}
		if err != nil {
			out.Flush()
			fmt.Fprintf(e.stderr, "uri %s: %v\n", command, err)
			return exitUsage
		}
	}
	return status
}

// oneLine keeps an error message on its line.
func oneLine(s string) string {
	return strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(s)
}

// isURLOperand reports whether a crawl command's operand is a URL: it
// begins with a scheme and ":", and no file of that name exists.
func isURLOperand(s string) bool {
	i := strings.IndexByte(s, ':')
	if i <= 0 {
		return false
	}
	for j := 0; j < i; j++ {
		c := s[j]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || j > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	_, err := os.Stat(s)
	return err != nil
}
