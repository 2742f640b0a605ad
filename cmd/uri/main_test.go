package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/urilabs/rfc3986/internal/testenv"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/cli from the tool's output")

// A golden case is a file of testdata/cli: sections headed "-- name --",
// for the arguments (one a line), standard input, and the standard output,
// standard error and exit status the tool must give. Lines before the
// first section are a comment. Timings and rates in check's summary are
// masked, as "<time>" and "<rate>". A "terminal" section, of any content,
// runs the tool as if both stdout and stderr went to one terminal.
type golden struct {
	comment                                 string
	args                                    []string
	stdin, stdout, stderr, status, terminal string
}

func readGolden(t *testing.T, path string) golden {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var g golden
	parts := regexp.MustCompile(`(?m)^-- (\w+) --\n`).Split(string(data), -1)
	names := regexp.MustCompile(`(?m)^-- (\w+) --\n`).FindAllStringSubmatch(string(data), -1)
	g.comment = parts[0]
	for i, m := range names {
		body := parts[i+1]
		switch m[1] {
		case "args":
			if body != "" {
				g.args = strings.Split(strings.TrimSuffix(body, "\n"), "\n")
			}
		case "stdin":
			g.stdin = body
		case "terminal":
			g.terminal = body
		case "stdout":
			g.stdout = body
		case "stderr":
			g.stderr = body
		case "status":
			g.status = body
		default:
			t.Fatalf("%s: unknown section %q", path, m[1])
		}
	}
	return g
}

func (g golden) write(path string) error {
	var b strings.Builder
	b.WriteString(g.comment)
	b.WriteString("-- args --\n")
	for _, a := range g.args {
		b.WriteString(a + "\n")
	}
	if g.stdin != "" {
		b.WriteString("-- stdin --\n" + g.stdin)
	}
	if g.terminal != "" {
		b.WriteString("-- terminal --\n" + g.terminal)
	}
	b.WriteString("-- stdout --\n" + g.stdout)
	b.WriteString("-- stderr --\n" + g.stderr)
	b.WriteString("-- status --\n" + g.status)
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// timing matches the time and rate of check's summary line.
var timing = regexp.MustCompile(`(?m)^([0-9]+ lines?: .*) in [0-9.]+m?s, [0-9.]+ MB/s$`)

func mask(s string) string { return timing.ReplaceAllString(s, "$1 in <time>, <rate> MB/s") }

// TestGolden runs the tool through run, as main does, on every case of
// testdata/cli, from the repository root so that file names in the output
// are the ones a user types.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "cli", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	for _, path := range files {
		abs, _ := filepath.Abs(path)
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			g := readGolden(t, abs)
			var stdout, stderr bytes.Buffer
			t.Chdir(root)
			e := &env{stdin: strings.NewReader(g.stdin), stdout: &stdout, stderr: &stderr, progress: g.terminal != "", shared: g.terminal != ""}
			status := e.run(g.args)
			got := g
			got.stdout, got.stderr, got.status = mask(stdout.String()), mask(stderr.String()), strconv.Itoa(status)+"\n"
			if *update {
				if err := got.write(abs); err != nil {
					t.Fatal(err)
				}
				return
			}
			if diff := cmp.Diff(g, got, cmp.AllowUnexported(golden{})); diff != "" {
				t.Errorf("uri %s mismatch (-want +got):\n%s", strings.Join(g.args, " "), diff)
			}
		})
	}
}

// TestHelpFits checks that each help fits on a terminal of 80 columns and
// 24 lines, with room for the command above it and the prompt below.
func TestHelpFits(t *testing.T) {
	topics := [][]string{{"help"}, {"help", "input"}}
	for _, c := range commands {
		topics = append(topics, []string{"help", c.name})
	}
	for _, args := range topics {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var stdout bytes.Buffer
			e := &env{stdout: &stdout, stderr: io.Discard}
			if status := e.run(args); status != exitOK {
				t.Errorf("uri %s: status %d", strings.Join(args, " "), status)
			}
			lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
			if len(lines) > 22 {
				t.Errorf("uri %s: %d lines, more than 22", strings.Join(args, " "), len(lines))
			}
			for _, l := range lines {
				if w := utf8.RuneCountInString(strings.ReplaceAll(l, "\t", "        ")); w > 80 {
					t.Errorf("uri %s: line of %d columns: %q", strings.Join(args, " "), w, l)
				}
			}
		})
	}
}

func TestParseFlags(t *testing.T) {
	tests := []struct {
		args     []string
		json     bool
		name     string
		operands []string
		err      string
	}{
		{args: []string{"a", "b"}, operands: []string{"a", "b"}},
		{args: []string{"--json", "a"}, json: true, operands: []string{"a"}},
		{args: []string{"a", "--json", "b"}, json: true, operands: []string{"a", "b"}},
		{args: []string{"a", "-json"}, json: true, operands: []string{"a"}},
		{args: []string{"--name", "x", "a", "--name=y"}, name: "y", operands: []string{"a"}},
		{args: []string{"a", "--name", "--", "b"}, name: "--", operands: []string{"a", "b"}}, // a value, not the end of flags
		{args: []string{"a", "--", "--json", "-"}, operands: []string{"a", "--json", "-"}},
		{args: []string{"-", "a"}, operands: []string{"-", "a"}},
		{args: []string{"a", "-b"}, err: "flag provided but not defined: -b"},
		{args: []string{"a", "--name"}, err: "flag needs an argument: --name"},
		{args: []string{"a", "--bogus"}, err: "flag provided but not defined: --bogus"},
		{args: []string{"--bogus=1"}, err: "flag provided but not defined: --bogus"},
		{args: []string{"--json=x"}, err: `invalid boolean value "x" for --json: parse error`},
		{args: []string{"-json=x"}, err: `invalid boolean value "x" for -json: parse error`},
	}
	type parsed struct {
		JSON     bool
		Name     string
		Operands []string
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			fs := flag.NewFlagSet("test", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			json := fs.Bool("json", false, "")
			name := fs.String("name", "", "")
			operands, err := parseFlags(fs, tt.args)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Errorf("parseFlags(%q) error = %v; want %s", tt.args, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("parseFlags(%q): %v", tt.args, err)
			}
			want, got := parsed{tt.json, tt.name, tt.operands}, parsed{*json, *name, operands}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("parseFlags(%q) mismatch (-want +got):\n%s", tt.args, diff)
			}
		})
	}
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n += k
	return k, err
}

// TestWriteError checks that a failed write to stdout ends every command
// with a message and status 2, and that a command reading a long input
// stops reading soon after.
func TestWriteError(t *testing.T) {
	in := strings.Repeat("http://a/\nhttp://a b/\n", 200_000) // 4.2 MB
	tests := [][]string{
		{"parse", "http://a/"},
		{"parse"},
		{"parse", "--json"},
		{"check"},
		{"check", "--json"},
		{"check", "--hazards"},
		{"check", "testdata/cli/data/urls.txt"},
		{"normalize"},
		{"resolve", "http://a/b"},
		{"file-path", "/a"},
		{"to-uri"},
		{"version"},
		{"help"},
		{"help", "check"},
	}
	t.Chdir(filepath.Join("..", ".."))
	for _, args := range tests {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var stderr bytes.Buffer
			r := &countingReader{r: strings.NewReader(in)}
			e := &env{stdin: r, stdout: failingWriter{}, stderr: &stderr}
			status := e.run(args)
			if status != exitUsage || !strings.Contains(stderr.String(), ": disk full\n") {
				t.Errorf("uri %s with a failing stdout: status %d, stderr %q; want %d and the error", strings.Join(args, " "), status, stderr.String(), exitUsage)
			}
			if r.n > len(in)/2 {
				t.Errorf("uri %s with a failing stdout read %d bytes of %d", strings.Join(args, " "), r.n, len(in))
			}
		})
	}
}

// TestDevFull writes to /dev/full, where every write fails with ENOSPC,
// as a shell's "> /dev/full" makes stdout.
func TestDevFull(t *testing.T) {
	f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full on this system:", err)
	}
	defer f.Close()
	var stderr bytes.Buffer
	status := run([]string{"parse", "http://a/"}, strings.NewReader(""), f, &stderr)
	if want := "uri parse: write /dev/full: no space left on device\n"; status != exitUsage || stderr.String() != want {
		t.Errorf("uri parse http://a/ > /dev/full: status %d, stderr %q; want %d, %q", status, stderr.String(), exitUsage, want)
	}
}

// TestStderrError checks that a failed write to stderr, where no message
// can go, still gives status 2.
func TestStderrError(t *testing.T) {
	var stdout bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: failingWriter{}}
	if status := e.run([]string{"parse", "http://a b/"}); status != exitUsage {
		t.Errorf("uri parse of a bad URI with a failing stderr: status %d, want %d", status, exitUsage)
	}
}

// An example is a command of a help text or of a page of docs/, written
// after "$ " (with its continuation lines, after a "\" or a "|"), and the
// output shown below it, if any; a line "..." in the output stands for
// the rest.
type example struct {
	where   string // "uri help parse", "docs/cli.md:58"
	command string
	output  []string
}

// helpExamples returns the examples of the help text of topic, as run
// gives it.
func helpExamples(t *testing.T, topic []string) []example {
	t.Helper()
	var stdout bytes.Buffer
	e := &env{stdout: &stdout, stderr: io.Discard}
	if status := e.run(topic); status != exitOK {
		t.Fatalf("uri %s: status %d", strings.Join(topic, " "), status)
	}
	return examplesIn("uri "+strings.Join(topic, " "), strings.Split(stdout.String(), "\n"), false)
}

// examplesIn finds the examples of lines: in the whole text, or with
// fenced, in its ``` blocks alone.
func examplesIn(where string, lines []string, fenced bool) []example {
	var out []example
	in := !fenced
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if fenced && strings.HasPrefix(strings.TrimSpace(l), "```") {
			in = !in
			continue
		}
		indent := len(l) - len(strings.TrimLeft(l, " \t"))
		cmd, ok := strings.CutPrefix(l[indent:], "$ ")
		if !in || !ok {
			continue
		}
		ex := example{where: where, command: cmd}
		if fenced {
			ex.where = fmt.Sprintf("%s:%d", where, i+1)
		}
		for (strings.HasSuffix(ex.command, "\\") || strings.HasSuffix(ex.command, "|")) && i+1 < len(lines) {
			i++
			ex.command += "\n" + lines[i]
		}
		for i+1 < len(lines) {
			next := lines[i+1]
			if fenced && strings.HasPrefix(strings.TrimSpace(next), "```") ||
				strings.TrimSpace(next) == "" || strings.HasPrefix(next[indent:], "$ ") ||
				len(next)-len(strings.TrimLeft(next, " \t")) < indent {
				break
			}
			ex.output = append(ex.output, next[indent:])
			i++
		}
		out = append(out, ex)
	}
	return out
}

// brokenExamples are examples known not to run as written, each with why;
// they are skipped, saying so, until the command they show is fixed.
var brokenExamples = map[string]string{}

// TestExamples runs every example of every help text (marked "$ ") and of
// the ``` blocks of README.md and docs/*.md as a shell runs it, with this
// test binary as uri, in a directory of the files the examples name; and
// checks its output, where the example shows one (timings masked), or
// else that its status is 0 or 1: every example runs as written.
func TestExamples(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		testenv.Skip(t, "no sh to run the examples: "+err.Error())
	}
	exe := selfExecutable(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir, bin := t.TempDir(), t.TempDir()
	if err := os.Symlink(exe, filepath.Join(bin, "uri")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "testdata"), filepath.Join(dir, "testdata")); err != nil {
		t.Fatal(err)
	}
	urls, err := os.ReadFile(filepath.Join(root, "testdata", "cli", "data", "urls.txt"))
	if err != nil {
		t.Fatal(err)
	}
	targets, err := os.ReadFile(filepath.Join(root, "testdata", "cli", "data", "route-targets.txt"))
	if err != nil {
		t.Fatal(err)
	}
	nginxConf, err := os.ReadFile(filepath.Join(root, "testdata", "cli", "data", "nginx.conf"))
	if err != nil {
		t.Fatal(err)
	}
	// The files the examples name, as a user would have them.
	fixtures := map[string][]byte{
		"urls.txt":      urls,
		"urls.gz":       gzipped(string(urls)),
		"crawl.log.gz":  gzipped(string(urls)),
		"targets.txt":   targets,
		"nginx.conf":    nginxConf,
		"page.html":     []byte(`<p><a href="../install">Install</a> <a href="api/">API</a> <a href="https://b/">b</a></p>` + "\n"),
		"access.log.gz": gzipped("192.0.2.1 - - [08/Dec/2026:01:00:00 +0000] \"GET / HTTP/1.1\" 200 512 \"https://example.com/a b\" \"curl\"\n192.0.2.2 - - [08/Dec/2026:01:00:01 +0000] \"GET / HTTP/1.1\" 200 512 \"http://example.com/\" \"curl\"\n"),
	}
	for name, data := range fixtures {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	var examples []example
	topics := [][]string{{"help"}, {"help", "input"}}
	for _, c := range commands {
		topics = append(topics, []string{"help", c.name})
	}
	for _, topic := range topics {
		examples = append(examples, helpExamples(t, topic)...)
	}
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range append([]string{filepath.Join(root, "README.md")}, pages...) {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, page)
		examples = append(examples, examplesIn(filepath.ToSlash(rel), strings.Split(string(text), "\n"), true)...)
	}
	if len(examples) < 20 {
		t.Fatalf("found %d examples; the help texts alone hold more", len(examples))
	}
	for _, ex := range examples {
		t.Run(ex.where+": "+ex.command, func(t *testing.T) {
			if why, ok := brokenExamples[ex.command]; ok {
				testenv.Skip(t, ex.where+": "+why)
			}
			env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), runMainEnv+"=1")
			if strings.HasPrefix(ex.command, "uri serve") {
				checkServerExample(t, sh, dir, env, ex)
				return
			}
			command := ex.command
			if strings.Contains(command, servedAt) {
				// An example of the API of uri serve, at the address the
				// docs show: the server runs for it, where it can.
				command = strings.ReplaceAll(command, servedAt, startServe(t, exe, env))
			}
			p := exec.Command(sh, "-c", command+" 2>&1")
			p.Dir = dir
			p.Env = env
			out, err := p.Output()
			var exit *exec.ExitError
			if err != nil && !errors.As(err, &exit) {
				t.Fatalf("%s: %v", ex.where, err)
			}
			status := p.ProcessState.ExitCode()
			if status == 127 {
				testenv.Skip(t, fmt.Sprintf("%s: a program it runs is missing: %s", ex.where, bytes.TrimSpace(out)))
			}
			if len(ex.output) == 0 {
				if status > exitInvalid {
					t.Errorf("%s: %s\nexits with %d:\n%s", ex.where, ex.command, status, out)
				}
				return
			}
			want := ex.output
			got := strings.Split(strings.TrimSuffix(mask(string(out)), "\n"), "\n")
			for i, w := range want {
				if w == "..." {
					want, got = want[:i], got[:min(i, len(got))]
					break
				}
				// A line that ends in "..." shows the beginning of one.
				if prefix, ok := strings.CutSuffix(w, "..."); ok && i < len(got) && strings.HasPrefix(got[i], prefix) {
					got[i] = w
				}
			}
			if diff := cmp.Diff(mask(strings.Join(want, "\n")), mask(strings.Join(got, "\n"))); diff != "" {
				t.Errorf("%s: %s\nmismatch (-shown +got):\n%s", ex.where, ex.command, diff)
			}
		})
	}
}

// servedAt is the address at which the docs show uri serve answering.
const servedAt = "localhost:41234"

// startServe starts uri serve on a port of its own until the test ends, and
// returns its host and port.
func startServe(t *testing.T, exe string, env []string) string {
	t.Helper()
	p := exec.Command(exe, "serve", "--addr", "127.0.0.1:0")
	p.Env = env
	out, err := p.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Process.Kill(); p.Wait() })
	line, _ := bufio.NewReader(out).ReadString('\n')
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "uri serve: listening on http://")
	if !ok {
		t.Fatalf("uri serve said %q", line)
	}
	return strings.TrimSuffix(addr, "/")
}

// checkServerExample runs the example of a command that serves until it
// is stopped (uri serve): its first line must be the one shown, its port
// aside, within 30 seconds; then the command is stopped.
func checkServerExample(t *testing.T, sh, dir string, env []string, ex example) {
	t.Helper()
	p := exec.Command(sh, "-c", "exec "+ex.command+" 2>&1")
	p.Dir, p.Env = dir, env
	out, err := p.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { p.Process.Kill(); p.Wait() }()
	line := make(chan string, 1)
	go func() {
		l, _ := bufio.NewReader(out).ReadString('\n')
		line <- strings.TrimSuffix(l, "\n")
	}()
	port := regexp.MustCompile(`:[0-9]+/`)
	select {
	case got := <-line:
		if len(ex.output) == 0 || port.ReplaceAllString(got, ":PORT/") != port.ReplaceAllString(ex.output[0], ":PORT/") {
			t.Errorf("%s: %s\nfirst line %q, want one like %q", ex.where, ex.command, got, ex.output)
		}
	case <-time.After(30 * time.Second):
		t.Errorf("%s: %s\nwrote no line in 30 s", ex.where, ex.command)
	}
}

// flagWord is a flag as help texts write one: "--json", "-j".
var flagWord = regexp.MustCompile(`(?:^|[\s("'\[,|])(--?[a-zA-Z][a-zA-Z0-9-]*)`)

// commandWord is a command as help texts write one: "uri check".
var commandWord = regexp.MustCompile(`\buri ([a-z][a-z0-9-]*)`)

// TestHelpFlags checks that every flag a help text names is a flag of
// the command it is about: the topic's, or the one named before it on its
// line ("uri check -q"); in an example, only what follows a "uri COMMAND"
// up to a "|" is read, the rest being other programs' flags.
func TestHelpFlags(t *testing.T) {
	flagsOf := func(name string) map[string]bool {
		fs := flag.NewFlagSet(name, flag.ContinueOnError)
		if c := lookup(name); c != nil {
			c.flags(fs)
		} else {
			// uri help and uri help input speak of every command.
			for _, c := range commands {
				all := flag.NewFlagSet(c.name, flag.ContinueOnError)
				c.flags(all)
				all.VisitAll(func(f *flag.Flag) {
					if fs.Lookup(f.Name) == nil {
						fs.Var(f.Value, f.Name, f.Usage)
					}
				})
			}
		}
		(&env{}).commonFlags(fs)
		names := map[string]bool{}
		fs.VisitAll(func(f *flag.Flag) {
			if len(f.Name) == 1 {
				names["-"+f.Name] = true
			} else {
				names["--"+f.Name] = true
			}
		})
		return names
	}
	topics := [][]string{{"help"}, {"help", "input"}}
	for _, c := range commands {
		topics = append(topics, []string{"help", c.name})
	}
	checked := 0
	for _, topic := range topics {
		t.Run(strings.Join(topic, " "), func(t *testing.T) {
			var stdout bytes.Buffer
			e := &env{stdout: &stdout, stderr: io.Discard}
			e.run(topic)
			owner := ""
			if len(topic) == 2 && topic[1] != "input" {
				owner = topic[1]
			}
			inFlags := false
			for _, line := range strings.Split(stdout.String(), "\n") {
				if line == "Flags:" {
					inFlags = true // the list package flag made of them
				}
				if inFlags {
					continue
				}
				text := strings.TrimSpace(line)
				example := strings.HasPrefix(text, "$ ")
				// Segments of the line and the command each is about.
				type segment struct{ cmd, text string }
				var segs []segment
				at := commandWord.FindAllStringSubmatchIndex(line, -1)
				if !example {
					segs = append(segs, segment{owner, line[:firstOr(at, len(line))]})
				}
				for i, m := range at {
					end := len(line)
					if i+1 < len(at) {
						end = at[i+1][0]
					}
					seg := line[m[1]:end]
					if example {
						seg, _, _ = strings.Cut(seg, "|")
					}
					segs = append(segs, segment{line[m[2]:m[3]], seg})
				}
				for _, sg := range segs {
					if sg.cmd != owner && lookup(sg.cmd) == nil {
						continue // "uri help", "uri version"
					}
					known := flagsOf(sg.cmd)
					for _, m := range flagWord.FindAllStringSubmatch(sg.text, -1) {
						checked++
						if !known[m[1]] {
							t.Errorf("uri %s: %q names %s, which is no flag of uri %s", strings.Join(topic, " "), strings.TrimSpace(line), m[1], sg.cmd)
						}
					}
				}
			}
		})
	}
	if checked < 20 {
		t.Errorf("checked %d flags; the help texts name more", checked)
	}
}

// firstOr returns the start of the first match of at, or else n.
func firstOr(at [][]int, n int) int {
	if len(at) > 0 {
		return at[0][0]
	}
	return n
}

// TestCommandsListed checks that uri help and the table of docs/cli.md
// name every command of the tool, and that the table names no other.
func TestCommandsListed(t *testing.T) {
	var stdout bytes.Buffer
	(&env{stdout: &stdout, stderr: io.Discard}).run([]string{"help"})
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `uri ([a-z-]+)` \\|").FindAllStringSubmatch(string(doc), -1) {
		listed[m[1]] = true
	}
	for _, c := range commands {
		if !regexp.MustCompile(`(?m)^  uri ` + regexp.QuoteMeta(c.name) + ` `).MatchString(stdout.String()) {
			t.Errorf("uri help does not list %s", c.name)
		}
		if !listed[c.name] {
			t.Errorf("the table of commands of docs/cli.md does not list %s", c.name)
		}
		delete(listed, c.name)
	}
	for name := range listed {
		t.Errorf("the table of commands of docs/cli.md lists %s, which is no command of the tool", name)
	}
}
