package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/urilabs/rfc3986/uri/whatwg"
)

// The --whatwg flag of parse and check, and the diff command, read URLs
// as browsers do (the WHATWG URL Standard, package uri/whatwg). They are
// added to the commands here rather than in their files, so that each
// command's own reading stays as it is.
func init() {
	withWHATWG(parseCmd, parseWHATWGCommand)
	withWHATWG(checkCmd, checkWHATWGCommand)
	commands = append(commands, diffCmd)
}

// whatwgOptions wraps a command's own options with --whatwg.
type whatwgOptions struct {
	inner  any
	whatwg bool
}

// withWHATWG adds --whatwg to c: with it, c runs alt with c's own options.
func withWHATWG(c *command, alt func(e *env, inner any, args []string) int) {
	flags, run := c.flags, c.run
	c.flags = func(fs *flag.FlagSet) any {
		o := &whatwgOptions{inner: flags(fs)}
		fs.BoolVar(&o.whatwg, "whatwg", false, "read as a browser does (WHATWG URL): see docs/whatwg.md")
		return o
	}
	c.run = func(e *env, opts any, args []string) int {
		o := opts.(*whatwgOptions)
		if o.whatwg {
			return alt(e, o.inner, args)
		}
		return run(e, o.inner, args)
	}
}

// eachWHATWGInput calls fn with each argument, or else with each line of
// stdin, named and numbered from 1, flushing out before each read; an
// argument "-" stands for stdin.
func eachWHATWGInput(e *env, args []string, out *bufio.Writer, fn func(name string, n int, s string)) error {
	if len(args) > 0 {
		for i, s := range args {
			if s == "-" {
				if err := eachWHATWGInput(e, nil, out, fn); err != nil {
					return err
				}
				continue
			}
			fn("argument", i+1, s)
		}
		return nil
	}
	r := bufio.NewReaderSize(e.stdin, 64<<10)
	for n := 1; ; n++ {
		if r.Buffered() == 0 {
			out.Flush()
		}
		line, err := r.ReadString('\n')
		if line != "" {
			line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
			fn("stdin", n, line)
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// whatwgJSON is what parse --whatwg --json and check --whatwg --json
// write for a line.
type whatwgJSON struct {
	Input    string  `json:"input"`
	Href     string  `json:"href,omitempty"`
	URI      string  `json:"uri,omitempty"`
	Protocol *string `json:"protocol,omitempty"`
	Username *string `json:"username,omitempty"`
	Password *string `json:"password,omitempty"`
	Host     *string `json:"host,omitempty"`
	Hostname *string `json:"hostname,omitempty"`
	Port     *string `json:"port,omitempty"`
	Pathname *string `json:"pathname,omitempty"`
	Search   *string `json:"search,omitempty"`
	Hash     *string `json:"hash,omitempty"`
	Origin   *string `json:"origin,omitempty"`
	Error    string  `json:"error,omitempty"`
	Offset   *int    `json:"offset,omitempty"`
}

func whatwgError(name string, n int, s string, err error) string {
	var e *whatwg.Error
	if errors.As(err, &e) {
		return fmt.Sprintf("%s:%d:%d: %s (at %q)", name, n, e.Offset+1, e.Reason, cut(s, e.Offset))
	}
	return fmt.Sprintf("%s:%d: %v", name, n, err)
}

// cut returns s from off on, at most 20 bytes of it.
func cut(s string, off int) string {
	s = s[min(off, len(s)):]
	if len(s) > 20 {
		s = s[:20] + "..."
	}
	return s
}

func parseWHATWGCommand(e *env, inner any, args []string) int {
	asJSON := false
	if o, ok := inner.(*parseOptions); ok {
		asJSON = o.json
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	status := exitOK
	err := eachWHATWGInput(e, args, out, func(name string, n int, s string) {
		u, err := whatwg.Parse(s)
		if err != nil {
			status = exitInvalid
			if asJSON {
				var off *int
				var pe *whatwg.Error
				if errors.As(err, &pe) {
					off = &pe.Offset
				}
				enc.Encode(whatwgJSON{Input: s, Error: err.Error(), Offset: off})
				return
			}
			out.Flush()
			fmt.Fprintln(e.stderr, whatwgError(name, n, s, err))
			return
		}
		if asJSON {
			p := func(v string) *string { return &v }
			enc.Encode(whatwgJSON{Input: s, Href: u.Href(), URI: u.URI().String(),
				Protocol: p(u.Protocol()), Username: p(u.Username()), Password: p(u.Password()),
				Host: p(u.Host()), Hostname: p(u.Hostname()), Port: p(u.Port()),
				Pathname: p(u.Pathname()), Search: p(u.Search()), Hash: p(u.Hash()), Origin: p(u.Origin())})
			return
		}
		q := func(v string) string {
			if v == "" {
				return `""`
			}
			return v
		}
		fmt.Fprintln(out, u.Href())
		fmt.Fprintf(out, "  protocol: %s\n", u.Protocol())
		fmt.Fprintf(out, "  username: %s\n", q(u.Username()))
		fmt.Fprintf(out, "  password: %s\n", q(u.Password()))
		host := q(u.Hostname())
		if u.HasHost() {
			host += " (" + u.HostKind().String() + ")"
		} else {
			host = "(null)"
		}
		fmt.Fprintf(out, "  hostname: %s\n", host)
		fmt.Fprintf(out, "  port:     %s\n", q(u.Port()))
		fmt.Fprintf(out, "  pathname: %s\n", q(u.Pathname()))
		fmt.Fprintf(out, "  search:   %s\n", q(u.Search()))
		fmt.Fprintf(out, "  hash:     %s\n", q(u.Hash()))
		fmt.Fprintf(out, "  origin:   %s\n", u.Origin())
		fmt.Fprintf(out, "  uri:      %s\n", u.URI())
	})
	if err != nil {
		out.Flush()
		fmt.Fprintln(e.stderr, "uri parse:", err)
		return exitUsage
	}
	return status
}

func checkWHATWGCommand(e *env, inner any, args []string) int {
	var quiet, asJSON bool
	if o, ok := inner.(*checkOptions); ok {
		quiet, asJSON = o.quiet, o.json
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	status := exitOK
	lines, refused := 0, 0
	err := eachWHATWGInput(e, args, out, func(name string, n int, s string) {
		lines++
		u, err := whatwg.Parse(s)
		if err != nil {
			status = exitInvalid
			refused++
			if asJSON {
				enc.Encode(whatwgJSON{Input: s, Error: err.Error()})
			} else {
				fmt.Fprintln(out, whatwgError(name, n, s, err))
			}
			return
		}
		if quiet {
			return
		}
		v := u.URI().String()
		switch {
		case asJSON:
			enc.Encode(whatwgJSON{Input: s, Href: u.Href(), URI: v})
		case v == s:
			fmt.Fprintf(out, "%s:%d: %s\n", name, n, v)
		default:
			fmt.Fprintf(out, "%s:%d: %s -> %s\n", name, n, s, v)
		}
	})
	if err != nil {
		out.Flush()
		fmt.Fprintln(e.stderr, "uri check:", err)
		return exitUsage
	}
	if !asJSON && !quiet || refused > 0 && quiet {
		fmt.Fprintf(out, "%d lines: %d read, %d refused by a browser\n", lines, lines-refused, refused)
	}
	return status
}

var diffCmd = &command{
	name:    "diff",
	summary: "compare the RFC 3986 and browser readings of URLs",
	usage:   "[URI...]",
	details: `
Diff reads each input twice, as RFC 3986 reads a URI-reference and as a
browser reads a URL (the WHATWG URL Standard), and prints both readings
side by side, a "*" before each component they disagree on: "http:a/b" has
no host to RFC 3986 and the host "a" to a browser; "http://0x7f.1/" has
the host 0x7f.1 to one and 127.0.0.1 to the other. The exit status is 1
when the readings of an input differ.

  uri diff 'http://EXAMPLE.com:80/a/%2e%2e/b' 'http:evil.example/x'`,
	flags: func(fs *flag.FlagSet) any { return nil },
	run:   diffCommand,
}

func diffCommand(e *env, _ any, args []string) int {
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	status := exitOK
	first := true
	err := eachWHATWGInput(e, args, out, func(name string, n int, s string) {
		if !first {
			fmt.Fprintln(out)
		}
		first = false
		d := whatwg.Diff(s)
		fmt.Fprintf(out, "%s\n%s", s, d)
		if len(d.Differ()) > 0 {
			status = exitInvalid
		}
	})
	if err != nil {
		out.Flush()
		fmt.Fprintln(e.stderr, "uri diff:", err)
		return exitUsage
	}
	return status
}
