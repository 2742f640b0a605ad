package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"text/tabwriter"

	"github.com/urilabs/rfc3986/uri/route"
)

var routeCmd = &command{
	name:    "route",
	summary: "show what a proxy routes on and forwards",
	usage:   "--list | --as P [-j] [TARGET...] | --front P --back P [FILE...]",
	details: `
Route reads request-targets (raw, valid or not) as a proxy or server does,
by a preset of a product and its settings: nginx, Apache httpd, HAProxy,
Caddy, Envoy, Traefik, Tomcat, Jetty, Go's ServeMux. --list names them.
--as prints the path each target is forwarded as and the key it is routed
on, or the status the product answers with and why (--json: an object a
line with target, status, 0 when forwarded, forwarded, key, location,
reason). --front and --back list the targets of files on which the front's
key and the back end's reading part; the exit status is then 1.

Examples:
  $ uri route --as nginx-uri '/a/%2e%2e/b'
  /a/%2e%2e/b -> forward /b, key /b
  $ uri route --front servemux --back go-fileserver targets.txt`,
	flags: func(fs *flag.FlagSet) any {
		var o routeOptions
		fs.BoolVar(&o.list, "list", false, "name the presets")
		fs.StringVar(&o.as, "as", "", "read each target as the preset does")
		fs.BoolVar(&o.json, "json", false, "with --as, print one JSON object a line")
		fs.StringVar(&o.front, "front", "", "the preset of the front proxy")
		fs.StringVar(&o.back, "back", "", "the preset of the back end")
		alias(fs, "j", "json")
		return &o
	},
	run: routeCommand,
}

type routeOptions struct {
	list, json      bool
	as, front, back string
}

func routeCommand(e *env, opts any, args []string) int {
	o := opts.(*routeOptions)
	switch {
	case o.list && o.as == "" && o.front == "" && o.back == "" && len(args) == 0:
		return e.routeList()
	case o.as != "" && !o.list && o.front == "" && o.back == "":
		p, ok := route.Lookup(o.as)
		if !ok {
			return e.unknownPreset(o.as)
		}
		return e.routeAs(p, o.json, args)
	case o.front != "" && o.back != "" && !o.list && o.as == "" && !o.json:
		front, ok := route.Lookup(o.front)
		if !ok {
			return e.unknownPreset(o.front)
		}
		back, ok := route.Lookup(o.back)
		if !ok {
			return e.unknownPreset(o.back)
		}
		return e.routeSplits(front, back, args)
	}
	return e.usageError("give --list, --as PRESET, or --front PRESET and --back PRESET")
}

func (e *env) unknownPreset(name string) int {
	fmt.Fprintf(e.stderr, "uri route: no preset %q; uri route --list names them\n", name)
	return exitUsage
}

// routeList prints the presets, a line each, in columns.
func (e *env) routeList() int {
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PRESET\tPRODUCT\tVERSION\tSETTINGS")
	for _, p := range route.Presets() {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", p.Name, p.Product, p.Version, p.Settings)
	}
	tw.Flush()
	return exitOK
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
	err := e.eachInput(args, 1, out, func(name string, n int, s string, err error) {
		if err != nil { // a line too long to read whole
			out.Flush()
			diagnose(e.stderr, name, n, err)
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
	return exitOK
}

// routeSplits lists the targets of the files (or standard input) on which
// front and back part, and returns exitInvalid when there is one.
func (e *env) routeSplits(front, back route.Preset, files []string) int {
	if len(files) == 0 {
		files = []string{"-"}
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	status := exitOK
	for _, name := range files {
		var r io.Reader = e.stdin
		label := "stdin"
		if name != "-" {
			f, err := os.Open(name)
			if err != nil {
				out.Flush()
				fmt.Fprintf(e.stderr, "uri route: %v\n", err)
				return exitUsage
			}
			defer f.Close()
			r, label = f, name
		}
		in, err := openInput(beforeRead{r, func() error { out.Flush(); return e.out.failed() }})
		if err == nil {
			err = eachLine(in, int(e.maxLine), func(n int, line []byte, _ int) {
				a := route.Agree(string(line), front.Policy, back.Policy)
				if a.Agree {
					return
				}
				status = exitInvalid
				fmt.Fprintf(out, "%s:%d: %s: %s routes on %s, %s reads %s", label, n, line,
					front.Name, strconv.Quote(a.Front.Key), back.Name, strconv.Quote(a.Back.Key))
				if a.Segment >= 0 {
					fmt.Fprintf(out, " (segment %d: %q, %q)", a.Segment, a.FrontSegment, a.BackSegment)
				}
				out.WriteByte('\n')
			}, func(n, _ int, first bool) {
				if first {
					out.Flush()
					diagnose(e.stderr, label, n, lineTooLong{int(e.maxLine)})
				}
			})
		}
		if err != nil {
			out.Flush()
			fmt.Fprintf(e.stderr, "uri route: %v\n", inputError(label, err))
			return exitUsage
		}
	}
	return status
}
