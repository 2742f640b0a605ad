// Command uri parses and checks URI references exactly as RFC 3986 defines
// them.
//
// Usage:
//
//	uri parse [URI...]
//
// parse prints the components of each URI given as an argument, or of each
// line of standard input when there is none.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/urilabs/rfc3986/uri"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command, with its streams passed in so that tests can
// drive it. It returns the exit status: 0 when every input parsed, 1 when
// one did not, 2 on a usage or I/O error.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "parse" {
		fmt.Fprintln(stderr, "usage: uri parse [URI...]")
		return 2
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := 0
	each := func(s string) {
		u, err := uri.Parse(s)
		if err != nil {
			fmt.Fprintln(stderr, err)
			status = 1
			return
		}
		printComponents(out, u)
	}
	if len(args) > 1 {
		for _, s := range args[1:] {
			each(s)
		}
		return status
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64*1024), 1<<30)
	for sc.Scan() {
		each(sc.Text())
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(stderr, "uri:", err)
		return 2
	}
	return status
}

// printComponents writes one block per URI: each component on its line,
// "" for an empty one and (undefined) for one that is absent.
func printComponents(w io.Writer, u uri.URI) {
	show := func(v string, defined bool) string {
		switch {
		case !defined:
			return "(undefined)"
		case v == "":
			return `""`
		}
		return v
	}
	host := show(u.Host(), u.HasAuthority())
	if u.HasAuthority() {
		host += " (" + u.HostKind().String() + ")"
	}
	fmt.Fprintf(w, "%s\n", u)
	fmt.Fprintf(w, "  scheme:   %s\n", show(u.Scheme(), u.HasScheme()))
	fmt.Fprintf(w, "  userinfo: %s\n", show(u.UserInfo(), u.HasUserInfo()))
	fmt.Fprintf(w, "  host:     %s\n", host)
	fmt.Fprintf(w, "  port:     %s\n", show(u.Port(), u.HasPort()))
	fmt.Fprintf(w, "  path:     %s\n", show(u.Path(), true))
	fmt.Fprintf(w, "  query:    %s\n", show(u.Query(), u.HasQuery()))
	fmt.Fprintf(w, "  fragment: %s\n", show(u.Fragment(), u.HasFragment()))
}
