package main

import (
	"bufio"
	"flag"
	"fmt"
	"runtime"
	"strings"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/scheme"
)

var filePathCmd = &command{
	name:    "file-path",
	summary: "convert file paths to file: URIs and back",
	usage:   "[--style unix|windows] [PATH|URI...]",
	details: `
File-path prints the file URI of each absolute PATH, and the path of each
URI that begins with "file:", by RFC 8089; without arguments it converts
each line of standard input. What a path segment cannot hold is
percent-encoded, and decoded back: every byte of a path comes back.
Windows paths have a drive letter ("C:\dir") or are UNC paths
("\\server\share\dir"), and "/" separates names there as "\" does. The
style is that of the system uri runs on unless --style says otherwise. A
relative path, or a URI that is not a file URI of the style, is reported
with a caret under the byte at fault.

Examples:
  $ uri file-path '/home/me/notes #1.txt'
  file:///home/me/notes%20%231.txt
  $ uri file-path --style windows 'file://server/share/a%20b.txt'
  \\server\share\a b.txt
  $ find "$PWD" -name '*.go' | uri file-path`,
	flags: func(fs *flag.FlagSet) any {
		style := "unix"
		if runtime.GOOS == "windows" {
			style = "windows"
		}
		return fs.String("style", style, `the paths' style, "unix" or "windows"`)
	},
	run: filePathCommand,
}

func filePathCommand(e *env, opts any, args []string) int {
	var style scheme.PathStyle
	switch s := *opts.(*string); strings.ToLower(s) {
	case "unix":
		style = scheme.Unix
	case "windows":
		style = scheme.Windows
	default:
		return e.usageError(fmt.Sprintf("unknown --style %q; want unix or windows", s))
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	status := exitOK
	err := e.eachInput(args, 1, out, func(name string, n int, s string, err error) {
		var result string
		if err == nil {
			result, err = convertFilePath(s, style)
		}
		if err != nil {
			out.Flush()
			diagnose(e.stderr, name, n, err)
			status = exitInvalid
			return
		}
		out.WriteString(result)
		out.WriteByte('\n')
	})
	if err != nil {
		out.Flush()
		fmt.Fprintf(e.stderr, "uri file-path: %v\n", err)
		return exitUsage
	}
	return status
}

// convertFilePath converts s, a file URI or an absolute path of the style,
// into the other. No absolute path of either style begins with "file:".
func convertFilePath(s string, style scheme.PathStyle) (string, error) {
	if len(s) >= len("file:") && strings.EqualFold(s[:len("file:")], "file:") {
		u, err := uri.Parse(s)
		if err != nil {
			return "", err
		}
		return scheme.FilePath(u, style)
	}
	u, err := scheme.FromFilePath(s, style)
	return u.String(), err
}
