package uri_test

import (
	"bufio"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/netip"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/internal/testenv"
	"github.com/urilabs/rfc3986/uri"
)

// whatwgReading is what Node.js's URL, a WHATWG URL parser, reads in a
// URL: a line of testdata/whatwg/url.js's output.
type whatwgReading struct {
	Host string `json:"host"`
	Port string `json:"port"`
	Path string `json:"path"`
	Fail bool   `json:"fail"`
}

// readWHATWG runs testdata/whatwg/url.js in one node process over lines
// and returns its readings, in the same order.
func readWHATWG(t *testing.T, node string, lines []string) []whatwgReading {
	t.Helper()
	cmd := exec.Command(node, filepath.Join("..", "testdata", "whatwg", "url.js"))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		w := bufio.NewWriterSize(stdin, 64<<10)
		for _, s := range lines {
			w.WriteString(s)
			w.WriteByte('\n')
		}
		w.Flush()
		stdin.Close()
	}()
	var readings []whatwgReading
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		var r whatwgReading
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("url.js wrote %q: %v", sc.Text(), err)
		}
		readings = append(readings, r)
	}
	io.Copy(io.Discard, stdout)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("node url.js: %v\n%s", err, stderr.String())
	}
	if len(readings) != len(lines) {
		t.Fatalf("url.js read %d lines of %d", len(readings), len(lines))
	}
	return readings
}

// whatwgDifference returns which of u's host, port and path WHATWG URL
// reads otherwise, after the allowances for spellings that name the same
// thing:
//
//   - hosts are compared in lowercase, since WHATWG URL lowercases special
//     hosts and DNS names are case-insensitive (RFC 3986 section 3.2.2);
//   - IPv6 literals are compared as addresses: WHATWG URL writes them in
//     the form of RFC 5952, "[::ffff:7f00:1]" for "[::ffff:127.0.0.1]";
//   - a file URI's host "localhost" is its empty host (RFC 8089 section
//     2), which WHATWG URL writes;
//   - ports are compared as numbers, with the scheme's default for an
//     absent or empty port: WHATWG URL drops a default port and leading
//     zeros, and both name the same port (the classes DefaultPort and
//     PortLeadingZero are there for readers that compare the text);
//   - the empty path of a special scheme is "/" (RFC 9110 section 4.2.3
//     says the same of http and https).
//
// WHATWG URL percent-encodes no byte of an RFC 3986 host or path: the
// bytes it encodes there (controls, space, '"', "<", ">", "`", "{", "}",
// "^", non-ASCII) are not in the grammar. So no allowance is needed for
// its encoding.
func whatwgDifference(u uri.URI, w whatwgReading) (d difference) {
	special := isSpecial(u.Scheme())
	host := strings.ToLower(u.Host())
	if strings.EqualFold(u.Scheme(), "file") && host == "localhost" {
		host = ""
	}
	d.host = !sameHost(host, strings.ToLower(w.Host))
	ours, _ := u.PortNumber()
	if u.Port() == "" {
		ours = defaultPort(u.Scheme())
	}
	theirs := defaultPort(u.Scheme())
	if w.Port != "" {
		theirs, _ = strconv.Atoi(w.Port)
	}
	d.port = ours != theirs
	path := u.Path()
	if special && path == "" {
		path = "/"
	}
	d.path = path != w.Path
	return d
}

// A difference says which components WHATWG URL reads otherwise.
type difference struct{ host, port, path bool }

// covered reports whether h explains d: a hazard of the host for a host
// read otherwise, of the path for a path, and of the port or the host for
// a port, since a host found elsewhere (MissingAuthority, EmptyHost)
// brings its port.
func (d difference) covered(h uri.Hazards) bool {
	return (!d.host || h&uri.HostHazards != 0) &&
		(!d.port || h&(uri.PortHazards|uri.HostHazards) != 0) &&
		(!d.path || h&uri.PathHazards != 0)
}

func sameHost(a, b string) bool {
	if a == b {
		return true
	}
	if strings.HasPrefix(a, "[") && strings.HasPrefix(b, "[") {
		x, err1 := netip.ParseAddr(a[1 : len(a)-1])
		y, err2 := netip.ParseAddr(b[1 : len(b)-1])
		return err1 == nil && err2 == nil && x == y
	}
	return false
}

func isSpecial(scheme string) bool {
	switch strings.ToLower(scheme) {
	case "http", "https", "ws", "wss", "ftp", "file":
		return true
	}
	return false
}

func defaultPort(scheme string) int {
	switch strings.ToLower(scheme) {
	case "http", "ws":
		return 80
	case "https", "wss":
		return 443
	case "ftp":
		return 21
	}
	return 0
}

// TestHazardsWHATWG feeds URIs to Node.js's URL, which follows the WHATWG
// URL Standard, and requires that every URI whose host, port or path it
// reads otherwise than RFC 3986 (see whatwgDifference for the
// allowances) has a hazard of that component's class, and that every URI
// it refuses has a hazard of the host, port or path: over both corpora,
// the accepted inputs of the adversarial catalogue and 100,000 generated
// URIs with special schemes.
func TestHazardsWHATWG(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		testenv.Skip(t, "node is not on PATH: the WHATWG differential needs Node.js (its URL class); .ci/run installs it")
	}
	type input struct {
		source string
		u      uri.URI
	}
	var inputs []input
	add := func(source string, lines []string) {
		for _, s := range lines {
			if u, err := uri.Parse(s); err == nil && u.HasScheme() {
				inputs = append(inputs, input{source, u})
			}
		}
	}
	// A tenth of the corpora and of the generated URIs by default, all of
	// them with RFC3986_LONG=1.
	generated := testenv.Cases(100_000)
	step := 100_000 / generated
	for _, name := range []string{"web_urls.txt", "file_urls.txt"} {
		lines := readCorpus(t, name)
		var sample []string
		for i := 0; i < len(lines); i += step {
			sample = append(sample, lines[i])
		}
		add(strings.TrimSuffix(name, ".txt"), sample)
	}
	cases, _ := readAdversarial(t)
	for _, c := range cases {
		add("adversarial", []string{c.in})
	}
	add("generated", generateSpecialURIs(generated))

	lines := make([]string, len(inputs))
	for i, in := range inputs {
		lines[i] = in.u.String()
	}
	readings := readWHATWG(t, node, lines)

	type tally struct{ fed, differ, refused, missed int }
	tallies := map[string]*tally{}
	var order []string
	missed := 0
	for i, in := range inputs {
		c := tallies[in.source]
		if c == nil {
			c = new(tally)
			tallies[in.source] = c
			order = append(order, in.source)
		}
		c.fed++
		w := readings[i]
		h := in.u.Hazards()
		var ok bool
		if w.Fail {
			c.refused++
			ok = h&(uri.HostHazards|uri.PortHazards|uri.PathHazards) != 0
		} else {
			d := whatwgDifference(in.u, w)
			if d == (difference{}) {
				continue
			}
			c.differ++
			ok = d.covered(h)
		}
		if !ok {
			c.missed++
			if missed++; missed <= 30 {
				t.Errorf("%s: %q has hazards %v, but WHATWG URL reads %+v", in.source, in.u.String(), h, w)
			}
		}
	}
	for _, name := range order {
		c := tallies[name]
		t.Logf("%-12s %7d URIs fed, %6d read otherwise, %6d refused, %d without a hazard", name, c.fed, c.differ, c.refused, c.missed)
	}
	if missed > 30 {
		t.Errorf("... and %d more URIs without a hazard", missed-30)
	}
}

// generateSpecialURIs returns n URIs, the same on every run, with special
// schemes mostly, built from parts where readers disagree: numeric and
// percent-encoded hosts, empty hosts, missing slashes, userinfo, odd
// ports, drive letters, dot-segments raw and encoded, with plain parts
// between them so that the hazards meet in every combination.
func generateSpecialURIs(n int) []string {
	r := rand.New(rand.NewPCG(3986, 16))
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	schemes := []string{"http", "https", "ws", "wss", "ftp", "file", "HTTP", "File", "foo", "git+ssh"}
	names := []string{"example.com", "EXAMPLE.com", "a", "localhost", "LocalHost", "C", "z", "a.b.c", "x-y.example",
		"xn--pple-43d.com", "xn--a", "XN--bcher-kva.example", "ab--cd", "a_b", "a!b", "a$b", "a&b", "a'b", "a(b)", "a*b", "a+b", "a,b", "a;b", "a=b", "~", ".", "..", "a..b", ".a", "a.", "a..", "-a"}
	out := make([]string, 0, n)
	for len(out) < n {
		var b strings.Builder
		scheme := pick(schemes)
		b.WriteString(scheme + ":")
		switch r.IntN(10) {
		case 0: // no authority
			if r.IntN(2) == 0 {
				b.WriteString("/")
			}
		case 1: // an empty authority, and a host in the path perhaps
			b.WriteString("//")
		default:
			b.WriteString("//")
			if r.IntN(6) == 0 {
				b.WriteString(pick([]string{"", "u", "user:pass", "trusted.example", "a%40b", ":", "u:"}) + "@")
			}
			b.WriteString(genHost(r, pick, names))
			if r.IntN(4) == 0 {
				b.WriteString(":" + pick([]string{"", "80", "443", "21", "080", "0", "00443", "8080", "65535", "65536", "99999", "0000000000080", "123456789012345678901"}))
			}
		}
		segs := r.IntN(5)
		for i := 0; i < segs; i++ {
			if i > 0 || r.IntN(8) != 0 {
				b.WriteString("/")
			}
			b.WriteString(pick([]string{"a", "b", "index.html", "", ".", "..", "%2e", "%2E", ".%2e", "%2e.", "%2E%2e", "...", ".a", "a;b", ";x", "..;", "%2F", "%2f", "%5C", "%3F", "%23", "%00", "%3B", "%41", "C:", "c:", "C%3A", "evil.com", "127.1", "u@h", "h:81", "~", "!$&'()*+,=", "@", ":"}))
		}
		if r.IntN(5) == 0 {
			b.WriteString("?" + pick([]string{"", "q", "a=b", "/..", "%2e"}))
		}
		if r.IntN(8) == 0 {
			b.WriteString("#" + pick([]string{"", "f", "/x"}))
		}
		s := b.String()
		if _, err := uri.Parse(s); err == nil {
			out = append(out, s)
		}
	}
	return out
}

// genHost returns a host for generateSpecialURIs.
func genHost(r *rand.Rand, pick func([]string) string, names []string) string {
	switch r.IntN(10) {
	case 0, 1, 2: // numbers, which IPv4 parsers read
		parts := 1 + r.IntN(5)
		var p []string
		for i := 0; i < parts; i++ {
			p = append(p, genNumber(r))
		}
		h := strings.Join(p, ".")
		if r.IntN(4) == 0 {
			h += "."
		}
		if r.IntN(5) == 0 {
			h = pick(names) + "." + h
		}
		return h
	case 3: // percent-encoded
		return pick([]string{"%6c%6fcalhost", "%31%32%37.0.0.1", "%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1", "ex%61mple.com", "%2e", "a%2eb", "a%25b", "a%2Fb", "a%20b", "%ff", "%E2%91%A0.com", "%C3%A9.fr", "%00", "a%3Ab", "%5B::1%5D", "%30x7f.1", "EX%41MPLE.COM", "%e3%80%82a", "a%EF%BC%8Eb"})
	case 4: // IP literals and dotted IPv4
		return pick([]string{"[::1]", "[::ffff:127.0.0.1]", "[::FFFF:7f00:1]", "[64:ff9b::7f00:1]", "[::ffff:0:7f00:1]", "[2001:db8::1]", "[::]", "[1:2:3:4:5:6:7:8]", "[::127.0.0.1]", "[v1.x]", "[vF.a:b]", "127.0.0.1", "0.0.0.0", "255.255.255.255", "192.168.0.1"})
	case 5:
		return ""
	}
	h := pick(names)
	if r.IntN(8) == 0 {
		h += "."
	}
	return h
}

// genNumber returns a part of a numeric host: decimal, octal, hexadecimal,
// empty or not quite a number.
func genNumber(r *rand.Rand) string {
	v := r.Uint32() >> (r.IntN(4) * 8)
	switch r.IntN(9) {
	case 0:
		return "0" + strconv.FormatUint(uint64(v), 8)
	case 1:
		return "0x" + strconv.FormatUint(uint64(v), 16)
	case 2:
		return "0X" + strings.ToUpper(strconv.FormatUint(uint64(v), 16))
	case 3:
		return []string{"", "0x", "0", "00", "09", "0xg", "1e5", "4294967296", "99999999999999999999"}[r.IntN(9)]
	}
	return strconv.FormatUint(uint64(v), 10)
}
