package route

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// vector is one line of a ported vector file.
type vector struct {
	line          int
	config, input string
	check, want   string
}

// readVectors reads a vector file of testdata: tab-separated
// configuration, request-target, check and expected value, "#" comments.
func readVectors(t *testing.T, name string) []vector {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vs []vector
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 4 {
			t.Fatalf("%s:%d: %d fields, want 4", name, n, len(fields))
		}
		vs = append(vs, vector{n, fields[0], fields[1], fields[2], fields[3]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return vs
}

// vectorConfigs are the configurations of the vector files that are not
// presets: a preset and the options the ported test sets, after a "+".
var vectorConfigs = map[string]func(Policy) Policy{
	"skip_merging_slashes":            func(p Policy) Policy { p.Slashes = SlashesKeep; return p },
	"UNESCAPE_AND_FORWARD":            func(p Policy) Policy { return withEscapedSlashes(p, EncodedDecode) },
	"UNESCAPE_AND_REDIRECT":           func(p Policy) Policy { return withEscapedSlashes(p, EncodedDecodeRedirect) },
	"REJECT_REQUEST":                  func(p Policy) Policy { return withEscapedSlashes(p, EncodedReject) },
	"KEEP_UNCHANGED":                  func(p Policy) Policy { return withEscapedSlashes(p, EncodedKeep) },
	"IMPLEMENTATION_SPECIFIC_DEFAULT": func(p Policy) Policy { return withEscapedSlashes(p, EncodedKeep) },
	"disallow_malformed_url_encoding": func(p Policy) Policy { p.InvalidPercent = InvalidPercentReject; return p },
	"no_backslash_translation":        func(p Policy) Policy { p.Backslash = BackslashKeep; return p },
	"preserve_url_encoded_case":       func(p Policy) Policy { p.PercentCase = PercentCaseKeep; return p },
	"allowEncodedSlash":               func(p Policy) Policy { p.EncodedSlash = EncodedKeep; return p },
	"allowEncodedPercent":             func(p Policy) Policy { p.EncodedPercent = EncodedKeep; return p },
}

// vectorPolicy returns the policy a configuration of a vector file names.
func vectorPolicy(t *testing.T, config string) Policy {
	t.Helper()
	parts := strings.Split(config, "+")
	preset, ok := Lookup(parts[0])
	if !ok {
		t.Fatalf("no preset %q", parts[0])
	}
	p := preset.Policy
	for _, opt := range parts[1:] {
		f, ok := vectorConfigs[opt]
		if !ok {
			t.Fatalf("no option %q", opt)
		}
		p = f(p)
	}
	return p
}

// runVectors checks every vector of a file against Apply.
func runVectors(t *testing.T, name string) {
	vs := readVectors(t, name)
	for _, v := range vs {
		t.Run(strconv.Itoa(v.line)+"/"+v.config+"/"+v.input, func(t *testing.T) {
			p := vectorPolicy(t, v.config)
			r := p.Apply(v.input)
			var got string
			switch v.check {
			case "forward":
				got = r.Verdict.String() + " " + r.Forward
				v.want = "accept " + v.want
			case "key":
				got = r.Verdict.String() + " " + r.Key
				v.want = "accept " + v.want
			case "reject":
				got = r.Verdict.String() + " " + strconv.Itoa(r.Status())
				v.want = "reject " + v.want
			case "redirect":
				if strings.Contains(v.want, " ") {
					got = r.Verdict.String() + " " + strconv.Itoa(r.Status()) + " " + r.Location
				} else {
					got = r.Verdict.String() + " " + r.Location
				}
				v.want = "redirect " + v.want
			default:
				t.Fatalf("%s:%d: unknown check %q", name, v.line, v.check)
			}
			if got != v.want {
				t.Errorf("%s:%d: %s.Apply(%q) = %q (key %q, forward %q, err %v), want %q",
					name, v.line, v.config, v.input, got, r.Key, r.Forward, r.Err, v.want)
			}
		})
	}
}

func TestEnvoyPathUtilityVectors(t *testing.T)    { runVectors(t, "envoy_path_utility.txt") }
func TestEnvoyPathNormalizerVectors(t *testing.T) { runVectors(t, "envoy_path_normalizer.txt") }
func TestTraefikEntrypointVectors(t *testing.T)   { runVectors(t, "traefik_entrypoint.txt") }
func TestGoServeMuxVectors(t *testing.T)          { runVectors(t, "go_servemux.txt") }
