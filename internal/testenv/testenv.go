// Package testenv is what the module's tests share about the run they are
// part of: how many cases the long properties and sweeps check, and a
// report of the tests that skipped.
//
// By default the long tests check a tenth of their cases, so that
// go test ./... stays quick; with RFC3986_LONG=1 in the environment they
// check all of them, as .ci/run does; with -short, a fiftieth.
//
// go test ./... shows nothing but "ok" for a package whose tests passed or
// skipped: it keeps the output of a passing test binary to itself unless
// -v is given. A package that can skip runs its tests through Main, which
// then writes one line per skipped test, with the reason, to the go
// command's own standard output, next to the "ok" lines.
package testenv

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// LongEnv is the environment variable that runs the long tests at full
// size when it is "1".
const LongEnv = "RFC3986_LONG"

// Long reports whether the long tests run at full size: RFC3986_LONG=1,
// and not -short.
func Long() bool { return os.Getenv(LongEnv) == "1" && !testing.Short() }

// Cases returns how many cases a long test checks out of full: all of
// them when Long, a tenth by default, a fiftieth with -short; never fewer
// than one.
func Cases(full int) int {
	n := full / 10
	switch {
	case Long():
		n = full
	case testing.Short():
		n = full / 50
	}
	return max(n, 1)
}

var (
	mu      sync.Mutex
	skipped []string
)

// Skip records that t skips, and why, for Main to report, and skips it.
func Skip(t testing.TB, why string) {
	t.Helper()
	mu.Lock()
	skipped = append(skipped, t.Name()+": "+why)
	mu.Unlock()
	t.Skip(why)
}

// Main runs the tests of m, and then, when they ran without -v (which
// shows the skips itself), writes a line for each test that skipped
// through Skip to the standard output of the go command that started the
// test binary, or to the test binary's own when it was not started by go
// or not on Linux. It exits with m's code.
func Main(m *testing.M) {
	code := m.Run()
	if !testing.Verbose() && len(skipped) > 0 {
		w := parentStdout()
		for _, s := range skipped {
			fmt.Fprintf(w, "SKIP\t%s\t%s\n", packagePath(), s)
		}
		if w != os.Stdout {
			w.Close()
		}
	}
	os.Exit(code)
}

// parentStdout opens the standard output of the go command that runs this
// test binary, for appending; or returns os.Stdout.
func parentStdout() *os.File {
	if runtime.GOOS != "linux" {
		return os.Stdout
	}
	ppid := strconv.Itoa(os.Getppid())
	exe, err := os.Readlink("/proc/" + ppid + "/exe")
	if err != nil || filepath.Base(exe) != "go" {
		return os.Stdout
	}
	f, err := os.OpenFile("/proc/"+ppid+"/fd/1", os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return os.Stdout
	}
	return f
}

// packagePath is the import path of the package under test, from the
// name of the test binary's directory; go test runs a binary in the
// directory of its package.
func packagePath() string {
	wd, err := os.Getwd()
	if err != nil {
		return "?"
	}
	// Up to the module root, the directory with go.mod.
	for dir := wd; ; dir = filepath.Dir(dir) {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil {
			for _, line := range strings.Split(string(b), "\n") {
				if mod, ok := strings.CutPrefix(line, "module "); ok {
					rel, _ := filepath.Rel(dir, wd)
					return strings.TrimSuffix(strings.TrimSpace(mod)+"/"+filepath.ToSlash(rel), "/.")
				}
			}
			return wd
		}
		if filepath.Dir(dir) == dir {
			return wd
		}
	}
}

// CheckGenerated fails t unless the file at path, generated, is want byte
// for byte and carries the "Code generated ... DO NOT EDIT." header; pkg
// is the package whose go generate writes it, for the message.
func CheckGenerated(t testing.TB, path string, want []byte, pkg string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("%s is out of date; run go generate %s", path, pkg)
	}
	if !strings.HasPrefix(string(got), "// Code generated ") || !strings.Contains(string(got), "DO NOT EDIT.") {
		t.Errorf("%s lacks the Code generated ... DO NOT EDIT. header", path)
	}
}
