package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/canon"
)

// The crawl commands are mappers for Hadoop Streaming, Spark's RDD.pipe()
// and SQL TRANSFORM: one output line for every input line, in order, so
// that a line's answer is found by its position. A line that is not a URL
// gets its error on that line, never a gap.

var canonCmd = &command{
	name:    "canon",
	summary: "print the canonical key of each URL of files or standard input",
	usage:   "[--profile NAME] [--lenient] [FILE...]",
	details: `
Canon prints the canonical form of each line of the files (plain or gzipped)
or of standard input, one line out for each line in, in order: the profile's
canonical URL, or "!" (which begins no URL) and the error, also reported on
standard error (status 1). With --lenient, a line RFC 3986 refuses is read
as browsers read it (WHATWG URL). Each profile is idempotent. The profiles:

  rfc3986       RFC 3986 sections 6.2.2 and 6.2.3 (what normalize prints)
  google        Google Safe Browsing's canonical form
  ia            the Internet Archive's (surt's DefaultIAURLCanonicalizer)
  nutch         Apache Nutch's BasicURLNormalizer
  stormcrawler  StormCrawler's BasicURLNormalizer

Examples:
  $ echo 'http://www.Example.com:80/a/../b/?b=2&a=1#x' | uri canon --profile ia
  http://example.com/b?a=1&b=2
  $ zcat urls.gz | uri canon | sort -u > keys.txt`,
	flags: func(fs *flag.FlagSet) any {
		var o canonOptions
		fs.StringVar(&o.profile, "profile", "ia", "the canonicalization profile")
		fs.BoolVar(&o.lenient, "lenient", false, "read a line RFC 3986 refuses as browsers do")
		return &o
	},
	run: func(e *env, opts any, args []string) int {
		o := opts.(*canonOptions)
		p, ok := canon.ProfileByName(o.profile)
		if !ok {
			fmt.Fprintf(e.stderr, "uri canon: unknown profile %q\n", o.profile)
			return exitUsage
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
	profile string
	lenient bool
}

var surtCmd = &command{
	name:    "surt",
	summary: "print the SURT key of each URL of files or standard input",
	usage:   "[--with-scheme] [--trailing-comma] [--keep-www] [FILE...]",
	details: `
Surt prints the SURT key of each line of the files (plain or gzipped) or of
standard input, as the Internet Archive's surt package writes it for CDX
indexes: canonicalized as its DefaultIAURLCanonicalizer does, the host
reversed ("org,archive)/goo?a=1&b=2"). One output line for each input line,
in order; a line that is not a URL gets "!" and its error, also reported on
standard error (status 1). Records without a host ("dns:", "filedesc:",
"warcinfo:", "mailto:") are written as surt writes them.

Examples:
  $ uri surt --with-scheme http://www.archive.org/goo/?b&a
  http://(org,archive)/goo?a&b`,
	flags: func(fs *flag.FlagSet) any {
		var o canon.SURTOptions
		fs.BoolVar(&o.WithScheme, "with-scheme", false, "write the scheme: \"http://(org,archive)/\"")
		fs.BoolVar(&o.TrailingComma, "trailing-comma", false, "end the host with a comma: \"org,archive,)\"")
		fs.BoolVar(&o.KeepWWW, "keep-www", false, "keep a leading \"www\" label")
		return &o
	},
	run: func(e *env, opts any, args []string) int {
		o := *opts.(*canon.SURTOptions)
		var buf []byte
		return e.mapLines("surt", args, func(w *bufio.Writer, s string) error {
			if s != "" {
				if _, err := uri.Parse(s); err != nil {
					return err
				}
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
	usage:   "[--tsv|--json] [--header] [FILE...]",
	details: `
Columns prints, for each line of the files (plain or gzipped) or of standard
input, the host columns of Common Crawl's URL index, one output line for
each input line, in order: url, url_host_name, url_host_tld,
url_host_2nd_last_part ... url_host_5th_last_part, url_host_registry_suffix,
url_host_registered_domain, url_host_private_suffix, url_host_private_domain,
url_host_name_reversed and error. With --tsv (the default) they are
separated by tabs, a null written \N as Hive and Spark SQL read it; with
--json each line is an object, a null a JSON null. A line that is not a URL
has its error in the last column and nulls elsewhere, and is also reported
on standard error (status 1).

Examples:
  $ uri columns --json http://www.example.co.uk/
  {"url":"http://www.example.co.uk/","url_host_name":"www.example.co.uk",...}`,
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
			var c canon.HostColumns
			u, err := uri.Parse(s)
			if err == nil {
				c = canon.Columns(u.Host())
			}
			buf = canon.AppendColumnsRow(buf[:0], s, c, err, o.json)
			w.Write(buf)
			return err
		})
	},
}

type columnsOptions struct{ tsv, json, header bool }

// mapLines reads every line of the files named in args, "-" or none for
// standard input, plain or gzipped, and calls f to write its output line.
// When f fails, the line gets "!" and the error (unless f wrote a line of
// its own), the error goes to standard error, and the status is 1.
func (e *env) mapLines(command string, args []string, f func(w *bufio.Writer, s string) error) int {
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	defer out.Flush()
	if len(args) == 0 {
		args = []string{"-"}
	}
	status := exitOK
	for _, name := range args {
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
		in, err := openInput(r)
		if err == nil {
			err = eachLine(in, int(e.maxLine), func(n int, line []byte, _ int) {
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
			}, func(n, _ int, first bool) {
				if first {
					out.WriteString("!" + lineTooLong{int(e.maxLine)}.Error() + "\n")
					diagnose(e.stderr, label, n, lineTooLong{int(e.maxLine)})
					status = exitInvalid
				}
			})
		}
		if err == nil {
			err = e.out.failed()
		}
		if err != nil {
			out.Flush()
			fmt.Fprintf(e.stderr, "uri %s: %v\n", command, inputError(label, err))
			return exitUsage
		}
	}
	return status
}

// oneLine keeps an error message on its line.
func oneLine(s string) string {
	return strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(s)
}
