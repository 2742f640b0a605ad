// Command uri parses, checks, resolves and normalizes URI references
// exactly as RFC 3986 defines them, over arguments or over files of
// millions of lines, maps IRIs (RFC 3987) to URIs and back, and converts
// file paths to file URIs and back.
//
// Usage:
//
//	uri parse [-j] [-i] [URI...]
//	                                   the components of each URI, or IRI
//	uri check [-q] [-j] [-s] [--hazards] [-i] [FILE...]
//	                                   validate every line, report the bad ones
//	uri resolve [--non-strict] BASE [REF...]
//	                                   the target URI of each reference
//	uri relativize BASE [TARGET...]    the shortest reference to each target
//	uri normalize [--syntax-only] [URI...]
//	                                   the normal form of each URI
//	uri to-uri [IRI...]                the URI each IRI maps to
//	uri to-iri [URI...]                the IRI each URI maps to
//	uri file-path [--style unix|windows] [PATH|URI...]
//	                                   file URIs of paths, paths of file URIs
//	uri diff [URI...]                  the RFC 3986 and browser readings
//	uri canon [--profile P] [FILE...]  the canonical key of each line (ia, google...)
//	uri surt [--with-scheme] [FILE...] the SURT key of each line
//	uri columns [--tsv|--json] [FILE...]
//	                                   Common Crawl's host columns of each line
//	uri serve [--addr HOST:PORT]       a page that shows every reading of a URL
//	uri help [COMMAND|input]           usage, or how input is read
//	uri version                        the version of the tool
//
// Without URI, REF, TARGET or FILE arguments, and for an argument "-", a
// command reads standard input, one URI a line; "uri help input" says how
// input is read (gzip, byte order marks, binary data, the longest line,
// --max-line) and where reports go. Flags may come before or after the arguments;
// "--" ends them, for a URI that begins with "-". Exit status: 0 when every
// input is valid, 1 when one is not, 2 on a usage or I/O error. Run "uri
// help COMMAND" for a command's flags and examples. parse --whatwg and
// check --whatwg read URLs as a browser does (the WHATWG URL Standard).
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/urilabs/rfc3986/uri"
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
	// out and errs are stdout and stderr as run has wrapped them, to
	// learn of a failed write.
	out, errs *stickyWriter
	maxLine   byteSize // the longest line read
	// progress says whether check shows its progress on stderr, and shared
	// whether stdout goes to the same terminal; see outputs. Tests set them.
	progress, shared bool
	clock            clock    // check's time; nil is the real clock
	cmd              *command // the command being run
}

// commands are listed in the order help shows them. A command is a file
// of its own, which declares its *command, and its entry here; the
// helpers it reads input with give it "-", gzip, binary data refused, the
// line limit and the stop at a failed write: eachInput and transformLines
// for arguments or lines of stdin, eachFileLine for files, and below them
// withFile, which opens a file or stdin, and streamLines, which reads one.
// TestCLITable runs every command listed here on every kind of input.
var commands = []*command{parseCmd, checkCmd, resolveCmd, relativizeCmd, normalizeCmd, toURICmd, toIRICmd, filePathCmd, routeCmd, canonCmd, surtCmd, columnsCmd}

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
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	e.progress, e.shared = outputs(stdout, stderr)
	return e.run(args)
}

// isHelp reports whether arg asks for help.
func isHelp(arg string) bool {
	switch arg {
	case "help", "-h", "-help", "--help":
		return true
	}
	return false
}

// run runs the command args ask for. Every write to stdout and stderr
// goes through a stickyWriter: once one fails, the commands stop reading
// (see beforeRead), and the run ends with a message and exitUsage, as
// nothing that follows can be written either.
func (e *env) run(args []string) int {
	e.out, e.errs = &stickyWriter{w: e.stdout}, &stickyWriter{w: e.stderr}
	e.stdout, e.stderr = e.out, e.errs
	e.maxLine = defaultMaxLine
	status := e.dispatch(args)
	if err := e.out.failed(); err != nil && status != exitUsage {
		// A command reports a failed write as the error that ended its
		// reading, with exitUsage; this is for one that had no more to
		// read, the usual case with /dev/full, where only the last
		// flush fails.
		name := "uri"
		if e.cmd != nil {
			name += " " + e.cmd.name
		}
		fmt.Fprintf(e.stderr, "%s: %v\n", name, err)
		status = exitUsage
	}
	if e.errs.failed() != nil {
		status = exitUsage
	}
	return status
}

func (e *env) dispatch(args []string) int {
	if len(args) == 0 {
		e.topUsage(e.stderr)
		return exitUsage
	}
	if isHelp(args[0]) {
		return e.help(args[1:])
	}
	if args[0] == "version" || args[0] == "--version" {
		fmt.Fprintln(e.stdout, "uri", version())
		return exitOK
	}
	c := lookup(args[0])
	if c == nil {
		fmt.Fprintf(e.stderr, "uri: unknown command %q\n", args[0])
		e.topUsage(e.stderr)
		return exitUsage
	}
	e.cmd = c
	fs := flag.NewFlagSet("uri "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	opts := c.flags(fs)
	e.commonFlags(fs)
	operands, err := parseFlags(fs, args[1:])
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			e.commandUsage(e.stdout, c)
			return exitOK
		}
		return e.usageError(err.Error())
	}
	return c.run(e, opts, operands)
}

// usageError reports a usage error of the command being run and returns
// exitUsage.
func (e *env) usageError(msg string) int {
	c := e.cmd
	fmt.Fprintf(e.stderr, "uri %s: %s\n", c.name, msg)
	fmt.Fprintf(e.stderr, "usage: uri %s %s\nRun \"uri help %s\" for more.\n", c.name, c.usage, c.name)
	return exitUsage
}

// parseFlags parses the flags of fs wherever they are among args, before
// or after the operands, and returns the operands in their order. The
// package flag stops at the first operand, so that "uri parse http://a/
// --json" would parse "--json", itself a valid relative reference, as a
// URI, and "uri check urls.txt --quiet" would open a file named
// "--quiet". Here every argument that begins with "-", bar "-" alone,
// is a flag, until a "--", after which every argument is an operand: "uri
// parse -- -a" parses the reference "-a".
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var flags, operands []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			operands = append(operands, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			operands = append(operands, a)
			continue
		}
		flags = append(flags, a)
		// A flag that is not a bool takes the next argument as its
		// value, unless it is written "-name=value".
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if f := fs.Lookup(name); f != nil && !hasValue && !isBoolFlag(f) && i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	if err := fs.Parse(flags); err != nil {
		return nil, asTyped(err, flags)
	}
	return operands, nil
}

// asTyped returns err, the error of package flag about one of flags, with
// the flag written as it was typed: package flag writes "-bogus" for a
// "--bogus" it does not know.
func asTyped(err error, flags []string) error {
	msg := err.Error()
	for _, a := range flags {
		dashes := len(a) - len(strings.TrimLeft(a, "-"))
		if dashes != 2 || len(a) == 2 {
			continue
		}
		name, _, _ := strings.Cut(a[2:], "=")
		for _, end := range []string{":", ""} {
			if one := " -" + name + end; strings.Contains(msg, one) && (end != "" || strings.HasSuffix(msg, one)) {
				return errors.New(strings.Replace(msg, one, " --"+name+end, 1))
			}
		}
	}
	return err
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

func (e *env) help(args []string) int {
	if len(args) == 0 || isHelp(args[0]) {
		e.topUsage(e.stdout)
		return exitOK
	}
	if args[0] == "input" {
		fmt.Fprint(e.stdout, strings.TrimPrefix(inputHelp, "\n"))
		return exitOK
	}
	if args[0] == "version" {
		fmt.Fprintln(e.stdout, "usage: uri version\n\nVersion prints the module version uri was built from, or (devel).")
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

// topUsage writes the overview of the tool. It fits in 80 columns and
// leaves room on a 24-line screen for the command above it and the prompt
// below (TestHelpFits).
func (e *env) topUsage(w io.Writer) {
	fmt.Fprint(w, `uri works on URI references exactly as RFC 3986 defines them, and IRIs.

`)
	for _, c := range commands {
		fmt.Fprintf(w, "  uri %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "  uri %-10s %s\n", "help", "show this, or a command's usage: uri help COMMAND")
	fmt.Fprintf(w, "  uri %-10s %s\n", "version", "print the version")
	fmt.Fprint(w, `
Without arguments, or for "-", commands read standard input ("uri help input").
Status: 0 when all input is valid, 1 when some is not, 2 on other errors. E.g.:
  $ zgrep -o 'https\?://[^ ]*' access.log.gz | uri check -q
`)
}

func (e *env) commandUsage(w io.Writer, c *command) {
	fmt.Fprintf(w, "usage: uri %s %s\n\n", c.name, c.usage)
	fmt.Fprintln(w, strings.TrimSpace(c.details))
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	c.flags(fs)
	// A short name is shown beside its long one: "-q, --quiet".
	short := map[string]string{}
	width, flags := 12, 0 // the column of the usages, unless a name is longer
	fs.VisitAll(func(f *flag.Flag) {
		if long, ok := strings.CutPrefix(f.Usage, aliasOf); ok {
			short[long] = f.Name
			return
		}
		width = max(width, len(f.Name))
		flags++
	})
	if flags == 0 {
		return
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Flags:")
	fs.VisitAll(func(f *flag.Flag) {
		if strings.HasPrefix(f.Usage, aliasOf) {
			return
		}
		name := "    --" + f.Name
		if s, ok := short[f.Name]; ok {
			name = "-" + s + ", --" + f.Name
		}
		fmt.Fprintf(w, "  %-*s %s\n", width+6, name, f.Usage)
	})
}

// aliasOf begins the usage of a flag that is the short name of another,
// whose name follows.
const aliasOf = "\x00alias of "

// alias gives the flag long of fs the short name short: both set the
// same value.
func alias(fs *flag.FlagSet, short, long string) {
	fs.Var(fs.Lookup(long).Value, short, aliasOf+long)
}

// commonFlags adds to fs the flags of every command.
func (e *env) commonFlags(fs *flag.FlagSet) {
	if e.maxLine == 0 {
		e.maxLine = defaultMaxLine
	}
	fs.Var(&e.maxLine, "max-line", "skip and report lines longer than this (bytes; k, M, G)")
}

// eachInput calls fn with each of args, named "argument" and numbered from
// first, their position among the command's operands, or with each line
// of stdin, named "stdin" and numbered from 1: when there are no args,
// and in place of an argument "-". A line longer than --max-line comes
// with a lineTooLong error and an empty s, and fn reports it as it does
// an input that does not parse. Stdin is read as openInput says (gzip,
// byte order mark, binary data) and streamed: out is flushed before each
// read, so that whatever feeds uri a line at a time, a person at a
// terminal or a program, gets the answer to one line before it sends the
// next, while a file, read in big chunks, costs a flush a chunk. It stops
// at the first failed write, and returns its error.
func (e *env) eachInput(args []string, first int, out *bufio.Writer, fn func(name string, n int, s string, err error)) error {
	if len(args) == 0 {
		args = []string{"-"}
		first = 0
	}
	for i, s := range args {
		if s != "-" {
			fn("argument", first+i, s, nil)
			if err := e.out.failed(); err != nil {
				return err
			}
			continue
		}
		err := e.streamLines("stdin", e.stdin, out, func(n int, line []byte) {
			fn("stdin", n, string(line), nil)
		}, func(n int) {
			fn("stdin", n, "", lineTooLong{int(e.maxLine)})
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// streamLines reads the input r, named name, a line at a time: fn is
// called with each line, numbered from 1, which it must not keep, and
// long with the number of each line longer than --max-line, which is
// skipped, never held whole. r is read as openInput says (gzip, byte
// order mark, binary data) and streamed: out is flushed before each
// read, so that whatever feeds uri a line at a time gets the answer to
// one line before it sends the next, and the reading stops at the first
// failed write, with its error. An error about r's contents names it.
func (e *env) streamLines(name string, r io.Reader, out *bufio.Writer, fn func(n int, line []byte), long func(n int)) error {
	in, err := openInput(beforeRead{r, func() error { out.Flush(); return e.out.failed() }})
	if err == nil {
		err = eachLine(in, int(e.maxLine), func(n int, line []byte, _ int) {
			fn(n, line)
		}, func(n, _ int, first bool) {
			if first {
				long(n)
			}
		})
	}
	if err != nil {
		return inputError(name, err)
	}
	return nil
}

// eachFileLine calls fn with each line of each file named in names, "-"
// or none for standard input, read by streamLines: name is the file's name,
// or "stdin", n the line's number from 1, and err a lineTooLong for a
// line longer than --max-line, which comes with an empty s. A file that
// cannot be opened or read is reported with report, and the next one is
// read; it stops at the first failed write. It returns whether every file
// was read.
func (e *env) eachFileLine(names []string, out *bufio.Writer, fn func(name string, n int, s string, err error), report func(err error)) bool {
	if len(names) == 0 {
		names = []string{"-"}
	}
	ok := true
	for _, name := range names {
		err := e.withFile(name, func(label string, r io.Reader) error {
			return e.streamLines(label, r, out, func(n int, line []byte) {
				fn(label, n, string(line), nil)
			}, func(n int) {
				fn(label, n, "", lineTooLong{int(e.maxLine)})
			})
		})
		if err != nil {
			ok = false
			out.Flush()
			report(err)
		}
		if e.out.failed() != nil {
			return false
		}
	}
	return ok
}

// withFile calls read with the file name, open, or with standard input
// for "-", and the name reports give it ("stdin" for "-"). The error of a
// file that does not exist, when its name is a URI, says that the command
// reads files, and how to give it a URI.
func (e *env) withFile(name string, read func(label string, r io.Reader) error) error {
	if name == "-" {
		return read("stdin", e.stdin)
	}
	f, err := os.Open(name)
	if err != nil {
		return e.openError(name, err)
	}
	defer f.Close()
	return read(name, f)
}

// openError is err, the error of opening the file name, with a hint when
// the file does not exist and name is a URI: "uri check http://a/" reads
// a file named "http://a/".
func (e *env) openError(name string, err error) error {
	if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if u, perr := uri.Parse(name); perr != nil || len(u.Scheme()) < 2 {
		// Not a URI, or a drive letter: "C:/urls.txt".
		return err
	}
	if e.cmd.name == "check" {
		return fmt.Errorf("%w; check reads files: to check a URI, run: uri parse %s", err, shellQuote(name))
	}
	return fmt.Errorf("%w; %s reads files: for a URI, run: echo %s | uri %s", err, e.cmd.name, shellQuote(name), e.cmd.name)
}

// shellQuote quotes s for a POSIX shell, unless it needs no quotes.
func shellQuote(s string) string {
	safe := s != ""
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("/:._-,+=@%", c) >= 0) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// inputError names the input in err, when err is about its contents:
// binary data, with its line and column, or gzip data that is broken.
// The errors of the os package name the file already.
func inputError(name string, err error) error {
	var bin binaryInput
	if errors.As(err, &bin) {
		return fmt.Errorf("%s:%d:%d: %v", name, bin.line, bin.col, err)
	}
	var gz gzipError
	if errors.As(err, &gz) {
		return fmt.Errorf("%s: %w", name, err)
	}
	return err
}

// beforeRead is a reader that calls hook before each read of r, that is
// whenever uri is about to wait for more input; an error from hook, a
// failed write, ends the reading with it.
type beforeRead struct {
	r    io.Reader
	hook func() error
}

func (b beforeRead) Read(p []byte) (int, error) {
	if err := b.hook(); err != nil {
		return 0, err
	}
	return b.r.Read(p)
}

// A stickyWriter passes writes on to w until one fails, and fails every
// write after it with the same error, which failed returns. Writes to
// stdout and stderr go through one, so that a full disk or a closed
// output ends the command, rather than going unnoticed.
type stickyWriter struct {
	w   io.Writer
	mu  sync.Mutex // check writes to stderr from its progress goroutine
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	s.err = err
	return n, err
}

// failed returns the error of the write that failed, or nil.
func (s *stickyWriter) failed() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// version returns the module version the binary was built from, or
// "(devel)" for a build from a checkout.
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}

// outputs says where stdout and stderr go, for check's progress line.
//
// The progress line is for a person watching a long check, so it needs
// stderr to be a terminal. It is not shown when stdout is a pipe: then
// another program reads the reports, and that program (less, jq, a
// pager) may well be drawing on the same terminal, where the progress
// line would scribble over its output. When stdout is a file, or the
// terminal, the progress line is shown; shared says it is the same
// terminal as stderr's, where reports and progress must take turns (see
// console).
//
// A terminal is taken to be a character device, as without a system call
// per platform we cannot tell one from /dev/null; progress written to
// /dev/null does no harm.
func outputs(stdout, stderr io.Writer) (progress, shared bool) {
	errInfo, ok := stat(stderr)
	if !ok || errInfo.Mode()&os.ModeCharDevice == 0 {
		return false, false
	}
	outInfo, ok := stat(stdout)
	if !ok || outInfo.Mode()&(os.ModeNamedPipe|os.ModeSocket) != 0 {
		return false, false
	}
	return true, outInfo.Mode()&os.ModeCharDevice != 0 && os.SameFile(outInfo, errInfo)
}

func stat(w io.Writer) (os.FileInfo, bool) {
	f, ok := w.(*os.File)
	if !ok {
		return nil, false
	}
	fi, err := f.Stat()
	return fi, err == nil
}
