package canon

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urilabs/rfc3986/internal/numhost"
	"github.com/urilabs/rfc3986/internal/pct"
	"github.com/urilabs/rfc3986/uri/canon/psl"
)

// A referenceRow is one assertion of a reference's test file, as
// testdata/*.tsv holds it.
type referenceRow struct {
	file, method, kind, opts, in, want string
}

// A divergence is a row whose reference answer a profile does not give,
// by a choice its documentation states: ours is what the package answers
// instead, which the test holds it to.
type divergence struct {
	ours, why string
}

// divergences are keyed by file, kind, options and input.
var divergences = map[[4]string]divergence{
	{"surt_test_surt.tsv", "canon.GoogleURLCanonicalizer", "google", `http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B`}: {
		`http://host%23.com/~a!b@c%23d$e%25f%5E00&11*22(33)44_55+`, `a profile's output is a URI: "^" is encoded`},
	{"surt_test_surt.tsv", "handyurl.parse", "-", "http:////////////////www.vikings.com"}: {
		"http://www.vikings.com", `the reader drops the slashes as URLParser does; handyurl writes the "/" its path then holds, which no canonical form tells apart`},
	{"surt_test_surt.tsv", "surt", "-", "http://example.com/script?type=a+b+%26+c&grape=wine"}: {
		"com,example)/script?+c&grape=wine&type=a+b+", "marked xfail in the reference: its canonicalizer, as this one, decodes the %26 before it sorts the pairs"},
	{"webarchive-commons_BasicURLCanonicalizerTest.tsv", "canon", "google", `http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B`}: {
		`http://host%23.com/~a!b@c%23d$e%25f%5E00&11*22(33)44_55+`, `a profile's output is a URI: "^" is encoded`},
	{"webarchive-commons_BasicURLCanonicalizerTest.tsv", "attemptIPFormats", "-", "10.0.258"}: {
		"10.0.1.2", "the google profile reads IPv4 hosts as inet_aton does, with surt and the Safe Browsing API"},
	{"safebrowsing_v4.tsv", "canon", "google", `http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B`}: {
		`http://host%23.com/~a!b@c%23d$e%25f%5E00&11*22(33)44_55+`, `a profile's output is a URI: "^" is encoded`},
	{"safebrowsing_v4.tsv", "canon", "google", "http://www.gotaport.com:1234/"}: {
		"http://www.gotaport.com:1234/", "the google profile keeps a port, with surt and webarchive-commons"},
}

// notApplicable lists the kinds of assertion that have no counterpart in
// Go, and why.
var notApplicable = map[string]string{
	"type": "Go has one string type: surt returns bytes for bytes and str for str",
	"url":  "WarcUri's protocol, port, path and query are no host columns",
}

// TestReferences runs every row of testdata/*.tsv, the assertions of the
// references' own tests, and reports for each file how many pass.
func TestReferences(t *testing.T) {
	files, err := filepath.Glob("testdata/*.tsv")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/*.tsv: %v", err)
	}
	var summary []string
	used := map[[4]string]bool{}
	for _, name := range files {
		rows := readReferenceRows(t, name)
		passed, differ, na := 0, 0, 0
		for i, r := range rows {
			key := [4]string{r.file, r.kind, r.opts, r.in}
			t.Run(fmt.Sprintf("%s/%d/%s", r.file, i+1, r.method), func(t *testing.T) {
				if why, ok := notApplicable[r.kind]; ok {
					na++
					t.Skip(why)
				}
				if r.in == "!null" {
					na++
					t.Skip("Go strings have no null")
				}
				if strings.Contains(r.opts, "canonicalizer=identity") {
					na++
					t.Skip("SURT has no pluggable canonicalizer")
				}
				got := runReferenceRow(t, r)
				if d, ok := divergences[key]; ok && d.why != "" {
					used[key] = true
					differ++
					if got != d.ours {
						t.Errorf("%s %s(%q) = %q; want our documented answer %q (the reference's: %q)", r.kind, r.opts, r.in, got, d.ours, r.want)
					}
					return
				}
				if got != r.want {
					t.Errorf("%s %s(%q) = %q, want %q", r.kind, r.opts, r.in, got, r.want)
					return
				}
				passed++
			})
		}
		summary = append(summary, fmt.Sprintf("%s: %d of %d pass, %d differ by design, %d have no counterpart",
			filepath.Base(name), passed, len(rows), differ, na))
	}
	for key, d := range divergences {
		if d.why != "" && !used[key] {
			t.Errorf("divergence %q is no row of the testdata", key)
		}
	}
	for _, s := range summary {
		t.Log(s)
	}
}

func readReferenceRows(t *testing.T, name string) []referenceRow {
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []referenceRow
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 5 {
			t.Fatalf("%s:%d: %d fields, want 5", name, line, len(fields))
		}
		unq := func(s string) string {
			if s == "!null" {
				return s
			}
			u, err := strconv.Unquote(`"` + s + `"`)
			if err != nil {
				t.Fatalf("%s:%d: %q: %v", name, line, s, err)
			}
			return u
		}
		rows = append(rows, referenceRow{filepath.Base(name), fields[0], fields[1], fields[2], unq(fields[3]), unq(fields[4])})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// runReferenceRow returns the package's answer to the row's assertion,
// written as the reference's test writes its want.
func runReferenceRow(t *testing.T, r referenceRow) string {
	t.Helper()
	opts := strings.Split(r.opts, ",")
	switch r.kind {
	case "canon", "canon.again", "canon.GoogleURLCanonicalizer", "canon.DefaultIAURLCanonicalizer", "canon.IAURLCanonicalizer":
		p, ok := ProfileByName(opts[0])
		if !ok {
			t.Fatalf("no profile %q", opts[0])
		}
		for _, o := range opts[1:] {
			switch o {
			case "query_lowercase=False":
				p = p.KeepQueryCase()
			default:
				t.Fatalf("unknown option %q", o)
			}
		}
		got, err := p.Canonicalize(r.in)
		if err != nil {
			return "!error " + err.Error()
		}
		return got
	case "surt", "makeKey", "hostToSURT":
		var o SURTOptions
		for _, opt := range opts {
			switch opt {
			case "-", "with_scheme=False", "trailing_comma=False", "host_massage=True", "reverse_ipaddr=True":
			case "with_scheme=True":
				o.WithScheme = true
			case "trailing_comma=True":
				o.TrailingComma = true
			case "host_massage=False":
				o.KeepWWW = true
			case "reverse_ipaddr=False":
				o.KeepIPAddress = true
			case "ReverseDNS":
				o.ReverseDNS = true
			default:
				t.Fatalf("unknown option %q", opt)
			}
		}
		if r.kind == "hostToSURT" {
			return string(appendHostSURT(nil, r.in, o))
		}
		return SURT(r.in, o)
	case "handyurl.parse", "handyurl.parse.scheme":
		var c parts
		line, ok, err := c.readLine(r.in, "test")
		if err != nil {
			return "!error " + err.Error()
		}
		if r.kind == "handyurl.parse.scheme" {
			return line[:schemeLen(line)]
		}
		if !ok {
			return line
		}
		return handyURL(&c, line)
	case "getPublicSuffix":
		return psl.RegistrableDomain(r.in)
	case "getPublicPrefix":
		return strings.TrimSuffix(r.in, "."+psl.RegistrableDomain(r.in))
	case "attemptIPFormats":
		if v, ok := numhost.Google(r.in); ok {
			return numhost.Addr(v).String()
		}
		return "!null"
	case "unescapeRepeatedly":
		return javaString(unescapeRepeatedly(r.in))
	case "decode":
		return javaString(pct.Decoded(r.in))
	case "getHex":
		if v, ok := pct.Unhex(r.in[0]); ok {
			return strconv.Itoa(int(v))
		}
		return "-1"
	case "alphaReorderQuery":
		return alphaReorderQuery(r.in)
	case "massageHost":
		return stripWWW(r.in)
	case "getDefaultPort":
		if p := defaultPortOf(r.in); p != "" {
			return p
		}
		return "0"
	case "stripPathSessionID":
		return stripPathSessionID(r.in)
	case "stripQuerySessionID":
		if q, ok := strings.CutPrefix(r.in, "?"); ok {
			return "?" + stripQuerySessionID(q)
		}
		return stripQuerySessionID(r.in)
	case "normalizeMalformedHttpSlashes":
		if n := schemeLen(r.in); n > 0 && (r.in[:n] == "http" || r.in[:n] == "https") {
			return r.in[:n+1] + normalizeHTTPSlashes(r.in[n+1:])
		}
		return r.in
	case "columns.host", "columns.url":
		var c HostColumns
		var err error
		if r.kind == "columns.host" {
			c = Columns(r.in)
		} else {
			c, err = LineColumns(r.in)
		}
		var row map[string]*string
		if err := json.Unmarshal(AppendColumnsRow(nil, r.in, c, err, true), &row); err != nil {
			t.Fatal(err)
		}
		v, ok := row[r.opts]
		if !ok {
			t.Fatalf("no column %q", r.opts)
		}
		if v == nil {
			return "!null"
		}
		return *v
	case "expressions":
		e, err := SafeBrowsingExpressions(r.in)
		if err != nil {
			return "!error " + err.Error()
		}
		return strings.Join(e, " ")
	}
	t.Fatalf("unknown kind %q", r.kind)
	return ""
}

// javaString writes a decoded string as the Java references hold it: the
// bytes that are no UTF-8 stay as their escapes ("%E2%9A"), where the
// package holds the bytes. Both are written back the same.
func javaString(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			fmt.Fprintf(&b, "%%%02X", s[i])
			i++
			continue
		}
		b.WriteString(s[i : i+n])
		i += n
	}
	return b.String()
}

// handyURL writes what the reader read as surt's handyurl.geturl writes a
// URL it parsed: the host lower case and without brackets, an empty query
// dropped but for a "?" that ended the line, "/" before a query or a
// fragment when the path is empty.
func handyURL(c *parts, line string) string {
	var b strings.Builder
	b.WriteString(c.scheme + "://")
	if c.hasUser {
		b.WriteString(c.userinfo + "@")
	}
	h := strings.ToLower(c.host)
	if len(h) > 2 && h[0] == '[' && h[len(h)-1] == ']' {
		h = h[1 : len(h)-1]
	}
	b.WriteString(h)
	if c.hasPort {
		b.WriteString(":" + c.port)
	}
	query := c.hasQuery && c.query != ""
	frag := c.hasFrag && c.fragment != ""
	b.WriteString(c.path)
	if c.path == "" && (query || frag) {
		b.WriteString("/")
	}
	if query {
		b.WriteString("?" + c.query)
	}
	if frag {
		b.WriteString("#" + c.fragment)
	}
	if strings.HasSuffix(line, "?") && !query {
		b.WriteString("?")
	}
	return b.String()
}
