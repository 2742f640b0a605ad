package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/urilabs/rfc3986/uri/route"
)

var routeCmd = &command{
	name:    "route",
	summary: "show what a proxy routes on and forwards",
	usage:   "--config FILE [--lint] | --as P | --front X --back X | --list",
	details: `
Route answers each target (raw, valid or not) as nginx, Apache httpd,
HAProxy or Caddy running --config FILE would: the status it answers, or the
target it forwards, the upstream, the key it matched and the block that
matched. --as reads by a preset instead (--list names them). --lint runs
hard targets through every server of the file and reports those whose key
and forwarded path lead to different blocks (exit 1). --front and --back (a
preset or a file) list the targets of files on which the two part.`,
	flags: func(fs *flag.FlagSet) any {
		var o routeOptions
		fs.StringVar(&o.config, "config", "", "the configuration file of the product")
		fs.StringVar(&o.product, "product", "", "nginx, apache, haproxy or caddy (default: from the file)")
		fs.StringVar(&o.listen, "listen", "", "the address the request comes in on")
		fs.StringVar(&o.host, "host", "", "the Host header (default: the target's authority)")
		fs.StringVar(&o.method, "method", "GET", "the request's method")
		fs.BoolVar(&o.lint, "lint", false, "report the targets the file routes apart")
		fs.StringVar(&o.as, "as", "", "read each target as the preset does")
		fs.StringVar(&o.front, "front", "", "the front proxy: a preset or a configuration file")
		fs.StringVar(&o.back, "back", "", "the back end: a preset or a configuration file")
		fs.BoolVar(&o.list, "list", false, "name the presets")
		fs.BoolVar(&o.json, "json", false, "print one JSON object a line")
		alias(fs, "j", "json")
		return &o
	},
	run: routeCommand,
}

type routeOptions struct {
	list, json, lint              bool
	as, front, back               string
	config, product, listen, host string
	method                        string
}

func routeCommand(e *env, opts any, args []string) int {
	o := opts.(*routeOptions)
	modes := 0
	for _, on := range []bool{o.list, o.as != "", o.config != "" && !o.lint, o.lint, o.front != ""} {
		if on {
			modes++
		}
	}
	switch {
	case modes != 1:
		return e.usageError("give one of --config FILE, --lint --config FILE, --as PRESET, --front and --back, or --list")
	case o.list:
		if len(args) > 0 || o.back != "" {
			return e.usageError("--list takes no target")
		}
		return e.routeList(o.json)
	case o.as != "":
		if o.back != "" {
			return e.usageError("--as reads alone; --front and --back compare two")
		}
		p, ok := route.Lookup(o.as)
		if !ok {
			return e.unknownPreset(o.as)
		}
		return e.routeAs(p, o.json, args)
	case o.lint:
		if o.config == "" {
			return e.usageError("--lint needs --config FILE")
		}
		if len(args) > 0 {
			return e.usageError("--lint makes its own targets; give none")
		}
		c, status := e.loadConfig(o.config, o.product)
		if c == nil {
			return status
		}
		var back *route.Config
		if o.back != "" {
			if back, status = e.loadEnd(o.back, ""); back == nil {
				return status
			}
		}
		return e.routeLint(c, back, o.json)
	case o.config != "":
		if o.back != "" {
			return e.usageError("--back goes with --front or --lint")
		}
		c, status := e.loadConfig(o.config, o.product)
		if c == nil {
			return status
		}
		if o.listen != "" && !listens(c, o.listen) {
			fmt.Fprintf(e.stderr, "uri route: no server of %s listens on %s; it listens on %s\n", o.config, o.listen, strings.Join(c.Listens(), ", "))
			return exitUsage
		}
		return e.routeConfig(c, o, args)
	}
	if o.back == "" {
		return e.usageError("--front needs --back")
	}
	front, fok := route.Lookup(o.front)
	back, bok := route.Lookup(o.back)
	if fok && bok {
		return e.routeSplits(front, back, o.json, args)
	}
	fc, status := e.loadEnd(o.front, o.product)
	if fc == nil {
		return status
	}
	bc, status := e.loadEnd(o.back, "")
	if bc == nil {
		return status
	}
	return e.routeConfigSplits(o.front, fc, o.back, bc, o.json, args)
}

// listens says whether a server of c listens on addr.
func listens(c *route.Config, addr string) bool {
	o := c.Serve(route.Request{Listen: addr, Target: "/"})
	return o.Status != 421 || o.Block != ""
}

func (e *env) unknownPreset(name string) int {
	fmt.Fprintf(e.stderr, "uri route: no preset %q; uri route --list names them\n", name)
	return exitUsage
}

// loadEnd is a preset of that name as a configuration, or the
// configuration file of that name.
func (e *env) loadEnd(name, product string) (*route.Config, int) {
	if c, ok := route.PresetConfig(name); ok {
		return c, exitOK
	}
	if _, err := os.Stat(name); err != nil {
		fmt.Fprintf(e.stderr, "uri route: %q is no preset (uri route --list names them) and no file\n", name)
		return nil, exitUsage
	}
	return e.loadConfig(name, product)
}

// loadConfig reads a configuration file of product, or of the product its
// name or contents say.
func (e *env) loadConfig(name, product string) (*route.Config, int) {
	src, err := os.ReadFile(name)
	if err != nil {
		fmt.Fprintf(e.stderr, "uri route: %v\n", err)
		return nil, exitUsage
	}
	if product == "" {
		product = inferProduct(name, src)
		if product == "" {
			fmt.Fprintf(e.stderr, "uri route: %s: give --product: nginx, apache, haproxy or caddy\n", name)
			return nil, exitUsage
		}
	}
	c, err := route.ParseConfig(product, name, src)
	if err != nil {
		fmt.Fprintf(e.stderr, "uri route: %v\n", err)
		return nil, exitUsage
	}
	return c, exitOK
}

// inferProduct guesses the product of a configuration file from its name,
// then from its contents.
func inferProduct(name string, src []byte) string {
	base := strings.ToLower(filepath.Base(name))
	for _, p := range []struct{ word, product string }{
		{"nginx", "nginx"}, {"haproxy", "haproxy"}, {"apache", "apache"}, {"httpd", "apache"}, {"caddy", "caddy"},
	} {
		if strings.Contains(base, p.word) {
			return p.product
		}
	}
	s := string(src)
	switch {
	case strings.Contains(s, "<VirtualHost") || strings.Contains(s, "ProxyPass"):
		return "apache"
	case strings.Contains(s, "\nfrontend ") || strings.Contains(s, "\nbackend ") || strings.HasPrefix(s, "frontend ") ||
		strings.Contains(s, "\nlisten "):
		return "haproxy"
	case strings.Contains(s, "proxy_pass") || strings.Contains(s, "server {") || strings.Contains(s, "http {"):
		return "nginx"
	case strings.Contains(s, "reverse_proxy"):
		return "caddy"
	}
	return ""
}

// routeList prints the presets, a line each, in columns; --json prints
// every field.
func (e *env) routeList(asJSON bool) int {
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	if asJSON {
		for _, p := range route.Presets() {
			b, _ := json.Marshal(struct {
				Name     string `json:"name"`
				Role     string `json:"role"`
				Product  string `json:"product"`
				Version  string `json:"version"`
				Settings string `json:"settings"`
				Sources  string `json:"sources"`
			}{p.Name, roleName(p.Role), p.Product, p.Version, p.Settings, p.Sources})
			out.Write(b)
			out.WriteByte('\n')
		}
		return exitOK
	}
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PRESET\tROLE\tPRODUCT\tSETTINGS (--json: all of them)")
	for _, p := range route.Presets() {
		product := p.Product
		if len(product) > 22 {
			product = product[:21] + "…"
		}
		settings := p.Settings
		if len(settings) > 30 {
			settings = settings[:29] + "…"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", p.Name, roleName(p.Role), product, settings)
	}
	tw.Flush()
	return exitOK
}

func roleName(r route.Role) string {
	switch r {
	case route.Front:
		return "front"
	case route.Back:
		return "back"
	}
	return "both"
}

// routeJSON is what --as --json prints of a target.
type routeJSON struct {
	Target    string `json:"target"`
	Status    int    `json:"status"`
	Forwarded string `json:"forwarded"`
	Key       string `json:"key"`
	Location  string `json:"location,omitempty"`
	Reason    string `json:"reason,omitempty"`
}

// routeAs prints what p makes of each target.
func (e *env) routeAs(p route.Preset, asJSON bool, args []string) int {
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	status := exitOK
	err := e.eachInput(args, 1, out, func(name string, n int, s string, err error) {
		if err != nil { // a line too long to read whole
			out.Flush()
			diagnose(e.stderr, name, n, err)
			status = exitInvalid
			return
		}
		res := p.Policy.Apply(s)
		reason := ""
		if res.Err != nil {
			reason = res.Err.Message()
		}
		if asJSON {
			b, _ := json.Marshal(routeJSON{s, res.Status(), res.Forward, res.Key, res.Location, reason})
			out.Write(b)
			out.WriteByte('\n')
			return
		}
		switch res.Verdict {
		case route.Accept:
			fmt.Fprintf(out, "%s -> forward %s, key %s\n", s, res.Forward, res.Key)
		case route.Redirect:
			fmt.Fprintf(out, "%s -> %d, Location: %s\n", s, res.Status(), res.Location)
		default:
			fmt.Fprintf(out, "%s -> %d: %s\n", s, res.Status(), reason)
		}
	})
	if err != nil {
		out.Flush()
		fmt.Fprintf(e.stderr, "uri route: %v\n", err)
		return exitUsage
	}
	return status
}

// configJSON is what --config --json prints of a target.
type configJSON struct {
	Target    string `json:"target"`
	Status    int    `json:"status"`
	Forwarded string `json:"forwarded"`
	Upstream  string `json:"upstream"`
	Key       string `json:"key"`
	Block     string `json:"block"`
	Location  string `json:"location,omitempty"`
	Reason    string `json:"reason,omitempty"`
}

// routeConfig prints what the configuration does with each target.
func (e *env) routeConfig(c *route.Config, o *routeOptions, args []string) int {
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	status := exitOK
	err := e.eachInput(args, 0, out, func(name string, n int, s string, err error) {
		if err != nil {
			out.Flush()
			diagnose(e.stderr, name, n, err)
			status = exitInvalid
			return
		}
		r := c.Serve(route.Request{Method: o.method, Host: o.host, Target: s, Listen: o.listen})
		if o.json {
			b, _ := json.Marshal(configJSON{s, r.Status, r.Forwarded, r.Upstream, r.Key, r.Block, r.Location, r.Reason})
			out.Write(b)
			out.WriteByte('\n')
			return
		}
		block := ""
		if r.Block != "" {
			block = " (" + r.Block + ")"
		}
		switch {
		case r.Status == 0:
			fmt.Fprintf(out, "%s -> forward %s to %s, key %s%s\n", s, r.Forwarded, r.Upstream, r.Key, block)
		case r.Location != "":
			fmt.Fprintf(out, "%s -> %d, Location: %s%s\n", s, r.Status, r.Location, block)
		default:
			fmt.Fprintf(out, "%s -> %d: %s%s\n", s, r.Status, r.Reason, block)
		}
	})
	if err != nil {
		out.Flush()
		fmt.Fprintf(e.stderr, "uri route: %v\n", err)
		return exitUsage
	}
	return status
}

// lintJSON is what --lint --json prints of a finding.
type lintJSON struct {
	Listen       string `json:"listen"`
	Target       string `json:"target"`
	Forwarded    string `json:"forwarded"`
	Upstream     string `json:"upstream"`
	Key          string `json:"key"`
	Block        string `json:"block"`
	Reader       string `json:"reader"`
	BackKey      string `json:"back_key"`
	ThenBlock    string `json:"then_block"`
	ThenStatus   int    `json:"then_status"`
	ThenUpstream string `json:"then_upstream"`
	ThenReason   string `json:"then_reason,omitempty"`
	Segment      int    `json:"segment"`
	FrontSegment string `json:"front_segment"`
	BackSegment  string `json:"back_segment"`
}

// routeLint prints the findings of c's lint, grouped by where the key led
// and where the forwarded path leads.
func (e *env) routeLint(c *route.Config, back *route.Config, asJSON bool) int {
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	fs := c.Lint(back)
	if asJSON {
		for _, f := range fs {
			b, _ := json.Marshal(lintJSON{f.Listen, f.Target, f.Front.Forwarded, f.Front.Upstream, f.Front.Key, f.Front.Block,
				f.Reader, f.BackKey, f.Then.Block, f.Then.Status, f.Then.Upstream, f.Then.Reason, f.Segment, f.FrontSegment, f.BackSegment})
			out.Write(b)
			out.WriteByte('\n')
		}
	} else {
		type group struct {
			head string
			fs   []route.Finding
		}
		var groups []*group
		index := map[string]*group{}
		for _, f := range fs {
			head := fmt.Sprintf("%s sends to %s what the back end reads as %s", f.Front.Block, f.Front.Upstream, where(f.Then))
			if f.Listen != "" {
				head = "listen " + f.Listen + ": " + head
			}
			g := index[head]
			if g == nil {
				g = &group{head: head}
				index[head] = g
				groups = append(groups, g)
			}
			g.fs = append(g.fs, f)
		}
		for _, g := range groups {
			fmt.Fprintf(out, "%s:\n", g.head)
			for i, f := range g.fs {
				if i == lintShown {
					fmt.Fprintf(out, "  and %d more (--json lists every one)\n", len(g.fs)-i)
					break
				}
				fmt.Fprintf(out, "  %s -> %s, key %q; %s reads %q", quoteOdd(f.Target), quoteOdd(f.Front.Forwarded), f.Front.Key, f.Reader, f.BackKey)
				if f.Segment >= 0 {
					fmt.Fprintf(out, " (segment %d: %q, %q)", f.Segment, f.FrontSegment, f.BackSegment)
				}
				out.WriteByte('\n')
			}
		}
		if len(fs) == 0 {
			fmt.Fprintln(out, "no target leads to another place")
		} else {
			fmt.Fprintf(out, "%d targets lead to another place\n", len(fs))
		}
	}
	if len(fs) > 0 {
		return exitInvalid
	}
	return exitOK
}

// quoteOdd quotes s when it holds a byte a terminal would not show as
// it is.
func quoteOdd(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] >= 0x7F || s[i] == '"' {
			return strconv.Quote(s)
		}
	}
	return s
}

// lintShown is how many targets of a group --lint shows.
const lintShown = 4

// where says where an outcome leads, for a report.
func where(o route.Outcome) string {
	switch {
	case o.Block == "":
		return "a path " + o.Reason
	case o.Status != 0:
		return "a path of " + o.Block + ", which answers " + strconv.Itoa(o.Status)
	case o.Upstream != "":
		return "a path of " + o.Block + ", sent to " + o.Upstream
	}
	return "a path of " + o.Block
}

// splitJSON is what --front --back --json prints of a target on which
// the two part.
type splitJSON struct {
	File         string `json:"file"`
	Line         int    `json:"line"`
	Target       string `json:"target"`
	FrontKey     string `json:"front_key"`
	BackKey      string `json:"back_key"`
	FrontBlock   string `json:"front_block,omitempty"`
	BackBlock    string `json:"back_block,omitempty"`
	Segment      int    `json:"segment"`
	FrontSegment string `json:"front_segment"`
	BackSegment  string `json:"back_segment"`
}

// eachTarget calls fn with each line of the files (or standard input),
// and reports lines too long.
func (e *env) eachTarget(files []string, out *bufio.Writer, fn func(label string, n int, target string)) (int, error) {
	if len(files) == 0 {
		files = []string{"-"}
	}
	status := exitOK
	for _, name := range files {
		var r io.Reader = e.stdin
		label := "stdin"
		if name != "-" {
			f, err := os.Open(name)
			if err != nil {
				return status, err
			}
			defer f.Close()
			r, label = f, name
		}
		in, err := openInput(beforeRead{r, func() error { out.Flush(); return e.out.failed() }})
		if err == nil {
			err = eachLine(in, int(e.maxLine), func(n int, line []byte, _ int) {
				fn(label, n, string(line))
			}, func(n, _ int, first bool) {
				if first {
					out.Flush()
					diagnose(e.stderr, label, n, lineTooLong{int(e.maxLine)})
					status = exitInvalid
				}
			})
		}
		if err != nil {
			return status, inputError(label, err)
		}
	}
	return status, nil
}

// routeSplits lists the targets of the files (or standard input) on which
// two presets part, and returns exitInvalid when there is one.
func (e *env) routeSplits(front, back route.Preset, asJSON bool, files []string) int {
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	split := false
	status, err := e.eachTarget(files, out, func(label string, n int, target string) {
		a := route.Agree(target, front.Policy, back.Policy)
		if a.Agree {
			return
		}
		split = true
		if asJSON {
			b, _ := json.Marshal(splitJSON{File: label, Line: n, Target: target, FrontKey: a.Front.Key, BackKey: a.Back.Key,
				Segment: a.Segment, FrontSegment: a.FrontSegment, BackSegment: a.BackSegment})
			out.Write(b)
			out.WriteByte('\n')
			return
		}
		fmt.Fprintf(out, "%s:%d: %s: %s routes on %s, %s reads %s", label, n, target,
			front.Name, strconv.Quote(a.Front.Key), back.Name, strconv.Quote(a.Back.Key))
		if a.Segment >= 0 {
			fmt.Fprintf(out, " (segment %d: %q, %q)", a.Segment, a.FrontSegment, a.BackSegment)
		}
		out.WriteByte('\n')
	})
	return e.splitStatus(out, status, err, split)
}

// routeConfigSplits is routeSplits for a front or a back end that is a
// configuration file.
func (e *env) routeConfigSplits(fname string, front *route.Config, bname string, back *route.Config, asJSON bool, files []string) int {
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	split := false
	status, err := e.eachTarget(files, out, func(label string, n int, target string) {
		for _, f := range front.Lint(back, target) {
			split = true
			if asJSON {
				b, _ := json.Marshal(splitJSON{File: label, Line: n, Target: target, FrontKey: f.Front.Key, BackKey: f.BackKey,
					FrontBlock: f.Front.Block, BackBlock: f.Then.Block, Segment: f.Segment, FrontSegment: f.FrontSegment, BackSegment: f.BackSegment})
				out.Write(b)
				out.WriteByte('\n')
				continue
			}
			fmt.Fprintf(out, "%s:%d: %s: %s routes on %s (%s), %s reads %s (%s)", label, n, target,
				fname, strconv.Quote(f.Front.Key), f.Front.Block, bname, strconv.Quote(f.BackKey), f.Then.Block)
			if f.Segment >= 0 {
				fmt.Fprintf(out, " (segment %d: %q, %q)", f.Segment, f.FrontSegment, f.BackSegment)
			}
			out.WriteByte('\n')
		}
	})
	return e.splitStatus(out, status, err, split)
}

func (e *env) splitStatus(out *bufio.Writer, status int, err error, split bool) int {
	if err != nil {
		out.Flush()
		fmt.Fprintf(e.stderr, "uri route: %v\n", err)
		return exitUsage
	}
	if split {
		return exitInvalid
	}
	return status
}
