package main

import (
	"bufio"
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/urilabs/rfc3986/uri"
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

// whatwgJSON is what parse --whatwg --json and check --whatwg --json
// write for a line.
type whatwgJSON struct {
	File     string  `json:"file,omitempty"`
	Line     int     `json:"line,omitempty"`
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
	var long lineTooLong
	if errors.As(err, &long) {
		return fmt.Sprintf("%s:%d:%d: %v", name, n, long.column(), err)
	}
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
	o := inner.(*parseOptions)
	if o.iri {
		return e.usageError("--whatwg reads as a browser does, and does not take --iri")
	}
	asJSON := o.json
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	status := exitOK
	err := e.eachInput(args, 1, out, func(name string, n int, s string, err error) {
		if err != nil { // a line too long
			status = exitInvalid
			if asJSON {
				enc.Encode(errorObject(name, n, err))
				return
			}
			out.Flush()
			diagnose(e.stderr, name, n, err)
			return
		}
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
	o := inner.(*checkOptions)
	var other []string
	for _, f := range []struct {
		set  bool
		name string
	}{{o.schemes, "--schemes"}, {o.hazards, "--hazards"}, {o.strictHazard, "--strict-hazards"}, {o.iri, "--iri"}} {
		if f.set {
			other = append(other, f.name)
		}
	}
	if len(other) > 0 {
		// They are readings by RFC 3986 and 3987, not by the URL Standard.
		return e.usageError("--whatwg reads as a browser does, and does not take " + strings.Join(other, ", "))
	}
	quiet, asJSON := o.quiet, o.json
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	status := exitOK
	var lines, refused int64
	ok := e.eachFileLine(args, out, func(name string, n int, s string, err error) {
		lines++
		var u whatwg.URL
		if err == nil {
			u, err = whatwg.Parse(s)
		}
		if err != nil {
			refused++
			switch {
			case quiet:
			case asJSON:
				var long lineTooLong
				if errors.As(err, &long) {
					enc.Encode(errorObject(name, n, err))
				} else {
					var off *int
					var pe *whatwg.Error
					if errors.As(err, &pe) {
						off = &pe.Offset
					}
					enc.Encode(whatwgJSON{File: name, Line: n, Input: s, Error: err.Error(), Offset: off})
				}
			default:
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
			enc.Encode(whatwgJSON{File: name, Line: n, Input: s, Href: u.Href(), URI: v})
		case v == s:
			fmt.Fprintf(out, "%s:%d: %s\n", name, n, v)
		default:
			fmt.Fprintf(out, "%s:%d: %s -> %s\n", name, n, s, v)
		}
	}, func(err error) {
		fmt.Fprintln(e.stderr, "uri check:", err)
	})
	if !ok {
		status = exitUsage
	} else if refused > 0 {
		status = exitInvalid
	}
	summary := fmt.Sprintf("%s: %d read, %d refused by a browser", plural(lines, "line"), lines-refused, refused)
	switch {
	case quiet && refused == 0:
	case quiet || asJSON:
		out.Flush()
		fmt.Fprintln(e.stderr, summary)
	default:
		fmt.Fprintln(out, summary)
	}
	return status
}

var diffCmd = &command{
	name:    "diff",
	summary: "compare the RFC 3986 and browser readings of URLs",
	usage:   "[-j] [URI...]",
	details: `
Diff reads each input twice, as RFC 3986 reads a URI-reference and as a
browser reads a URL (the WHATWG URL Standard), and prints both readings
side by side, a "*" before each component they disagree on: "http:a/b" has
no host to RFC 3986 and the host "a" to a browser; "http://0x7f.1/" has
the host 0x7f.1 to one and 127.0.0.1 to the other. A component a reading
does not define is (none); a reading that refuses the input has an error
row of its own. With --json, each input is an object on a line: input,
differ (the components), and rfc3986 and whatwg, each with its components,
null when undefined, or its error and offset. The exit status is 1 when
the readings of an input differ, or when both refuse it.

Example:
  $ uri diff 'http://EXAMPLE.com:80/a/%2e%2e/b' 'http:evil.example/x'`,
	flags: func(fs *flag.FlagSet) any {
		asJSON := fs.Bool("json", false, "print one JSON object a line")
		alias(fs, "j", "json")
		return asJSON
	},
	run: diffCommand,
}

// diffReading is what diff --json writes of a reading: its components,
// null when undefined.
type diffReading struct {
	Scheme   *string `json:"scheme"`
	UserInfo *string `json:"userinfo"`
	Host     *string `json:"host"`
	Port     *string `json:"port"`
	Path     *string `json:"path"`
	Query    *string `json:"query"`
	Fragment *string `json:"fragment"`
}

// diffError is what diff --json writes of a reading that refused the
// input: why, and the offset of the fault.
type diffError struct {
	Error  string `json:"error"`
	Offset int    `json:"offset"`
}

// diffJSON is what diff --json writes for an input; a reading is a
// diffReading or a diffError.
type diffJSON struct {
	Input   string   `json:"input"`
	Differ  []string `json:"differ"`
	RFC3986 any      `json:"rfc3986"`
	WHATWG  any      `json:"whatwg"`
}

// diffRow is one reading as diff shows it: each component, nil when the
// reading does not define it, or the error.
type diffRow struct {
	err                                                 error
	offset                                              int
	scheme, userinfo, host, port, path, query, fragment *string
}

// readings returns what RFC 3986 and the URL Standard make of s, and the
// components they disagree on. RFC 3986 defines a userinfo and a port only
// when their delimiters are written ("http://@h:/" has empty ones); the
// URL Standard has no credentials when the username and the password are
// empty, and a port that is null or a number.
func readings(s string) (rfc, web diffRow, differ []string) {
	d := whatwg.Diff(s)
	differ = d.Differ()
	if d.RFC3986.Err != nil && d.WHATWG.Err != nil {
		differ = []string{"error"}
	}
	p := func(v string, defined bool) *string {
		if !defined {
			return nil
		}
		return &v
	}
	if err := d.RFC3986.Err; err != nil {
		rfc.err = err
		var e *uri.Error
		if errors.As(err, &e) {
			rfc.offset = e.Offset
		}
	} else {
		u, _ := uri.Parse(s)
		rfc = diffRow{scheme: p(u.Scheme(), u.HasScheme()), userinfo: p(u.UserInfo(), u.HasUserInfo()),
			host: p(u.Host(), u.HasAuthority()), port: p(u.Port(), u.HasPort()), path: p(u.Path(), true),
			query: p(u.Query(), u.HasQuery()), fragment: p(u.Fragment(), u.HasFragment())}
	}
	if err := d.WHATWG.Err; err != nil {
		web.err = err
		var e *whatwg.Error
		if errors.As(err, &e) {
			web.offset = e.Offset
		}
	} else {
		w := d.WHATWG
		web = diffRow{scheme: p(w.Scheme, true), userinfo: p(w.UserInfo, w.UserInfo != ""),
			host: p(w.Host, w.HasHost), port: p(w.Port, w.Port != ""), path: p(w.Path, true),
			query: p(w.Query, w.HasQuery), fragment: p(w.Fragment, w.HasFragment)}
	}
	return rfc, web, differ
}

// message is a reading's error without the input, which diff shows above.
func (r diffRow) message() string {
	var ue *uri.Error
	if errors.As(r.err, &ue) {
		return ue.Message()
	}
	var we *whatwg.Error
	if errors.As(r.err, &we) {
		return fmt.Sprintf("%s at offset %d", we.Reason, we.Offset)
	}
	return r.err.Error()
}

func (r diffRow) json() any {
	if r.err != nil {
		return diffError{r.message(), r.offset}
	}
	return diffReading{Scheme: r.scheme, UserInfo: r.userinfo, Host: r.host, Port: r.port,
		Path: r.path, Query: r.query, Fragment: r.fragment}
}

// writeDiff writes the readings of s in two columns, a "*" before each
// component they disagree on, and each error on a row of its own.
func writeDiff(w *bufio.Writer, s string, rfc, web diffRow, differ []string) {
	mark := map[string]string{}
	for _, c := range differ {
		mark[c] = "*"
	}
	row := func(name, a, b string) {
		m := mark[name]
		if m == "" {
			m = " "
		}
		fmt.Fprintf(w, "%s %-9s%-30s %s\n", m, name, a, b)
	}
	fmt.Fprintln(w, s)
	fmt.Fprintf(w, "  %-9s%-30s %s\n", "", "RFC 3986", "WHATWG URL")
	if rfc.err != nil {
		fmt.Fprintf(w, "%s %-9s%s\n", cmp.Or(mark["error"], " "), "error", "RFC 3986: "+rfc.message())
	}
	if web.err != nil {
		fmt.Fprintf(w, "%s %-9s%s\n", cmp.Or(mark["error"], " "), "error", "WHATWG URL: "+web.message())
	}
	show := func(r diffRow, v *string) string {
		switch {
		case r.err != nil:
			return "-"
		case v == nil:
			return "(none)"
		}
		return strconv.Quote(*v)
	}
	row("scheme", show(rfc, rfc.scheme), show(web, web.scheme))
	row("userinfo", show(rfc, rfc.userinfo), show(web, web.userinfo))
	row("host", show(rfc, rfc.host), show(web, web.host))
	row("port", show(rfc, rfc.port), show(web, web.port))
	row("path", show(rfc, rfc.path), show(web, web.path))
	row("query", show(rfc, rfc.query), show(web, web.query))
	row("fragment", show(rfc, rfc.fragment), show(web, web.fragment))
}

func diffCommand(e *env, opts any, args []string) int {
	asJSON := *opts.(*bool)
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	status := exitOK
	first := true
	err := e.eachInput(args, 1, out, func(name string, n int, s string, err error) {
		if err != nil { // a line too long
			status = exitInvalid
			if asJSON {
				enc.Encode(errorObject(name, n, err))
				return
			}
			out.Flush()
			diagnose(e.stderr, name, n, err)
			return
		}
		rfc, web, differ := readings(s)
		if len(differ) > 0 {
			status = exitInvalid
		}
		if asJSON {
			if differ == nil {
				differ = []string{} // [], not null
			}
			enc.Encode(diffJSON{Input: s, Differ: differ, RFC3986: rfc.json(), WHATWG: web.json()})
			return
		}
		if !first {
			fmt.Fprintln(out)
		}
		first = false
		writeDiff(out, s, rfc, web, differ)
	})
	if err != nil {
		out.Flush()
		fmt.Fprintln(e.stderr, "uri diff:", err)
		return exitUsage
	}
	return status
}
