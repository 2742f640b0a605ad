package route_test

import (
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri/route"
)

// A presetVector is one case of a ported vector file under
// testdata/vectors: what a product does with a target, as its own tests
// say.
type presetVector struct {
	line   int
	preset string
	target string
	// kind is "->" (Forward is want), "status" (the product answers
	// want), "key" (Key is want) or "match" (pattern matches the key
	// when want is "true").
	kind, want, pattern string
}

// readPresetVectors reads a file of testdata/vectors: "@ PRESET" lines
// select the preset of the lines after them, each a quoted target and
// "-> FORWARDED", a status, "key KEY" or "match PATTERN true|false".
func readPresetVectors(t *testing.T, name string) []presetVector {
	t.Helper()
	file := filepath.Join("testdata", "vectors", name)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var vs []presetVector
	preset := ""
	for i, line := range strings.Split(string(data), "\n") {
		n := i + 1
		switch {
		case line == "" || line[0] == '#':
			continue
		case strings.HasPrefix(line, "@ "):
			preset = line[2:]
			continue
		}
		target, rest, err := unquote(line)
		if err != nil || preset == "" {
			t.Fatalf("%s:%d: %q: %v (preset %q)", file, n, line, err, preset)
		}
		v := presetVector{line: n, preset: preset, target: target}
		switch {
		case strings.HasPrefix(rest, " -> "):
			v.kind = "->"
			v.want, rest, err = unquote(rest[4:])
		case strings.HasPrefix(rest, " key "):
			v.kind = "key"
			v.want, rest, err = unquote(rest[5:])
		case strings.HasPrefix(rest, " match "):
			v.kind = "match"
			v.pattern, rest, err = unquote(rest[7:])
			if err == nil {
				v.want, rest = strings.TrimPrefix(rest, " "), ""
				if v.want != "true" && v.want != "false" {
					err = strconv.ErrSyntax
				}
			}
		default:
			v.kind = "status"
			v.want, rest = strings.TrimPrefix(rest, " "), ""
			_, err = strconv.Atoi(v.want)
		}
		if err != nil || rest != "" {
			t.Fatalf("%s:%d: %q: cannot read it (%v)", file, n, line, err)
		}
		vs = append(vs, v)
	}
	if len(vs) == 0 {
		t.Fatalf("%s holds no case", file)
	}
	return vs
}

func unquote(s string) (string, string, error) {
	q, err := strconv.QuotedPrefix(s)
	if err != nil {
		return "", "", err
	}
	u, err := strconv.Unquote(q)
	return u, s[len(q):], err
}

// checkPresetVectors applies each case's preset to its target and
// compares the outcome with what the ported test expects.
func checkPresetVectors(t *testing.T, name string) {
	for _, v := range readPresetVectors(t, name) {
		t.Run(strconv.Itoa(v.line)+"/"+v.target, func(t *testing.T) {
			got, r := presetOutcome(t, v)
			if got != v.want {
				t.Errorf("%s:%d: preset %s on %q: %s %q, want %q (key %q, forward %q)",
					name, v.line, v.preset, v.target, v.kind, got, v.want, r.Key, r.Forward)
			}
		})
	}
}

// presetOutcome applies v's preset to its target and returns what v
// checks, written as v.want is, and the result.
func presetOutcome(t *testing.T, v presetVector) (string, route.Result) {
	t.Helper()
	p, ok := route.Lookup(v.preset)
	if !ok {
		t.Fatalf("no preset %q", v.preset)
	}
	r := p.Policy.Apply(v.target)
	got := ""
	switch v.kind {
	case "status":
		got = strconv.Itoa(r.Status())
	case "->":
		if r.Status() != 0 {
			got = "status " + strconv.Itoa(r.Status())
		} else {
			got = r.Forward
		}
	case "key":
		if r.Status() != 0 {
			got = "status " + strconv.Itoa(r.Status())
		} else {
			got = r.Key
		}
	case "match":
		got = strconv.FormatBool(r.Status() == 0 && caddyMatch(v.pattern, r.Key))
	}
	return got, r
}

// caddyMatch is Caddy 2.6's MatchPath for a pattern without "%" or "//",
// applied to a key that is already the cleaned, lower-cased r.URL.Path:
// "*" matches all, "*x*" a substring, "*x" a suffix, "x*" a prefix, and
// any other pattern is a path.Match glob.
func caddyMatch(pattern, key string) bool {
	pattern = strings.ToLower(pattern)
	switch {
	case pattern == "*":
		return true
	case len(pattern) > 1 && pattern[0] == '*' && pattern[len(pattern)-1] == '*':
		return strings.Contains(key, pattern[1:len(pattern)-1])
	case pattern[0] == '*':
		return strings.HasSuffix(key, pattern[1:])
	case pattern[len(pattern)-1] == '*':
		return strings.HasPrefix(key, pattern[:len(pattern)-1])
	}
	ok, _ := path.Match(pattern, key)
	return ok
}
