// Command uri parses, checks, resolves and normalizes URI references
// exactly as RFC 3986 defines them, over arguments or over files of
// millions of lines.
//
// Usage:
//
//	uri parse [--json] [URI...]        the components of each URI
//	uri check [--quiet] [--json] [FILE...]
//	                                   validate every line, report the bad ones
//	uri help [COMMAND]                 usage
//	uri version                        the version of the tool
//
// Without URI or FILE arguments a command reads standard input, one URI a
// line. Exit status: 0 when every input is valid, 1 when one is not, 2 on a
// usage or I/O error. Run "uri help COMMAND" for a command's flags and
// examples.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK      = 0 // every input valid
	exitInvalid = 1 // some input invalid
	exitUsage   = 2 // a usage or I/O error
)

// A command is a subcommand of uri.
type command struct {
	name    string
	summary string
	usage   string // the synopsis after "uri NAME"
	details string // paragraphs and examples, shown by "uri help NAME"
	flags   func(*flag.FlagSet) any
	run     func(env *env, opts any, args []string) int
}

// env holds a run's streams.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// terminal says whether stderr is a terminal, where check shows its
	// progress; tests set it.
	terminal bool
}

// commands are listed in the order help shows them.
var commands = []*command{parseCmd, checkCmd}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// run is the whole tool, with its streams passed in so that tests can drive
// it. It returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, terminal: isTerminal(stderr)}
	return e.run(args)
}

func (e *env) run(args []string) int {
	if len(args) == 0 {
		e.topUsage(e.stderr)
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		return e.help(args[1:])
	case "version", "--version":
		fmt.Fprintln(e.stdout, "uri", version())
		return exitOK
	}
	c := lookup(args[0])
	if c == nil {
		fmt.Fprintf(e.stderr, "uri: unknown command %q\n", args[0])
		e.topUsage(e.stderr)
		return exitUsage
	}
	fs := flag.NewFlagSet("uri "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	opts := c.flags(fs)
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			e.commandUsage(e.stdout, c)
			return exitOK
		}
		fmt.Fprintf(e.stderr, "uri %s: %v\n", c.name, err)
		fmt.Fprintf(e.stderr, "usage: uri %s %s\nRun \"uri help %s\" for more.\n", c.name, c.usage, c.name)
		return exitUsage
	}
	return c.run(e, opts, fs.Args())
}

func (e *env) help(args []string) int {
	if len(args) == 0 {
		e.topUsage(e.stdout)
		return exitOK
	}
	c := lookup(args[0])
	if c == nil {
		fmt.Fprintf(e.stderr, "uri help: unknown command %q\n", args[0])
		return exitUsage
	}
	e.commandUsage(e.stdout, c)
	return exitOK
}

func (e *env) topUsage(w io.Writer) {
	fmt.Fprintln(w, "uri parses, checks, resolves and normalizes URI references exactly as RFC 3986 defines them.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage:")
	fmt.Fprintln(w)
	for _, c := range commands {
		fmt.Fprintf(w, "  uri %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "  uri %-10s %s\n", "help", "show this, or a command's usage: uri help COMMAND")
	fmt.Fprintf(w, "  uri %-10s %s\n", "version", "print the version")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands read standard input, one URI a line, when given no arguments.")
	fmt.Fprintln(w, "Exit status: 0 when every input is valid, 1 when one is not, 2 on a usage or I/O error.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Examples:")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "  uri parse 'http://user@example.com:8080/a?b#c'")
	fmt.Fprintln(w, "  uri check urls.txt")
	fmt.Fprintln(w, "  grep -o 'https\\?://[^ ]*' access.log | uri check --quiet")
}

func (e *env) commandUsage(w io.Writer, c *command) {
	fmt.Fprintf(w, "usage: uri %s %s\n\n", c.name, c.usage)
	fmt.Fprintln(w, strings.TrimSpace(c.details))
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	c.flags(fs)
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if len(names) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Flags:")
		fs.VisitAll(func(f *flag.Flag) {
			fmt.Fprintf(w, "  --%-12s %s\n", f.Name, f.Usage)
		})
	}
}

// version returns the module version the binary was built from, or
// "(devel)" for a build from a checkout.
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
