package whatwg_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/urilabs/rfc3986/internal/idna"
	"github.com/urilabs/rfc3986/uri/whatwg"
	"golang.org/x/text/unicode/bidi"
)

// nodeURL is one node process running testdata/whatwg/href.js, fed over
// a pipe: Node.js's URL, which is ada, as a second reader.
type nodeURL struct {
	mu  sync.Mutex
	in  io.WriteCloser
	out *bufio.Scanner
}

var (
	nodeOnce sync.Once
	nodeProc *nodeURL
	nodeErr  error
)

// startNode starts the node process, once per test process, or skips t
// when there is no node.
func startNode(t testing.TB) *nodeURL {
	t.Helper()
	nodeOnce.Do(func() {
		node, err := exec.LookPath("node")
		if err != nil {
			nodeErr = err
			return
		}
		cmd := exec.Command(node, filepath.Join("..", "..", "testdata", "whatwg", "href.js"))
		in, err := cmd.StdinPipe()
		if err != nil {
			nodeErr = err
			return
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			nodeErr = err
			return
		}
		if err := cmd.Start(); err != nil {
			nodeErr = err
			return
		}
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		nodeProc = &nodeURL{in: in, out: sc}
	})
	if nodeErr != nil {
		t.Skipf("node is not available (%v): the comparison with Node.js's URL needs it", nodeErr)
	}
	return nodeProc
}

// parse returns Node's href for input against base ("" for none), or
// false when Node refuses it.
func (n *nodeURL) parse(t testing.TB, input, base string) (string, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	var v any = input
	if base != "" {
		v = []string{input, base}
	}
	b, _ := json.Marshal(v)
	if _, err := n.in.Write(append(b, '\n')); err != nil {
		t.Fatal(err)
	}
	if !n.out.Scan() {
		t.Fatalf("node stopped: %v", n.out.Err())
	}
	var r struct {
		Href string `json:"href"`
		Fail bool   `json:"fail"`
	}
	if err := json.Unmarshal(n.out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	return r.Href, !r.Fail
}

// knownNodeDifference explains a difference between this package (the
// Standard as WPT's files of 2026 test it) and Node.js 20, whose ada 2.9.2
// predates changes of the Standard, or says "" when none explains it.
func knownNodeDifference(input, base, ours string, oursOK bool, theirs string, theirsOK bool) string {
	if !utf8.ValidString(input) || !utf8.ValidString(base) {
		return "input or base not UTF-8: encoding/json hands node one U+FFFD for each bad byte, where this package, as the Encoding Standard, writes one for each maximal ill-formed subsequence"
	}
	if b, err := whatwg.Parse(base); base != "" && err == nil && b.Scheme() == "file" && oursOK && theirsOK && longDriveSegment(b.Pathname()) {
		return "a file base whose first segment begins with a drive letter but is longer (\"/A:0\"): the Standard keeps only a segment that is exactly a drive letter when it resolves \"/\"; ada 2.9.2 keeps \"A:0\""
	}
	if b, err := whatwg.Parse(base); base != "" && err == nil && b.HasOpaquePath() && !oursOK && theirsOK {
		return "a base with an opaque path (\"a:\", \"a:0\"): the Standard resolves only a fragment against it and fails on anything else; ada 2.9.2 resolves a relative reference against it"
	}
	if !oursOK && theirsOK && strings.Contains(theirs, "xn--") && hasRTL(input) {
		return "a domain with a right-to-left label (a character of bidi class R, AL or AN) that UTS #46 CheckBidi refuses (RFC 5893; \"1א\", a label that begins with a digit, and \"٩\", an Arabic-Indic digit, are IdnaTestV2's B1): ada 2.9.2 accepts it"
	}
	if oursOK && !theirsOK && strings.Contains(ours, "xn--") {
		return "an ASCII label beginning \"xn--\" that is no valid Punycode: the Standard now lowercases an ASCII domain whatever UTS #46 makes of it; ada 2.9.2 refuses it"
	}
	if oursOK && theirsOK {
		return explainByClasses(base, ours, theirs)
	}
	return ""
}

// nodeClass is one known difference between the Standard and ada 2.9.2
// where both accept the input: applies says whether the class can be
// at play (from the input's base and the two original hrefs), and
// normalise rewrites both hrefs so that the difference it explains, and
// only it, disappears.
type nodeClass struct {
	why       string
	applies   func(base, ours, theirs string) bool
	normalise func(ours, theirs string) (string, string)
}

var nodeClasses = []nodeClass{
	{
		why: "a non-special URL whose dot-segments climb to the root (\"a:/..\", \"a:///..\"): the Standard's path is [\"\"], \"/\"; ada 2.9.2 leaves it empty",
		applies: func(_, ours, _ string) bool {
			v, err := whatwg.Parse(ours)
			return err == nil && !v.IsSpecial() && v.Pathname() == "/"
		},
		normalise: func(ours, theirs string) (string, string) {
			v, _ := whatwg.Parse(ours)
			return withoutPath(v), theirs
		},
	},
	{
		why: "a reference that takes its base's empty query (\"\" or \"#\" against \"a:/?\"): the Standard keeps the empty query, \"a:/?\"; ada 2.9.2 drops it",
		applies: func(base, _, _ string) bool {
			b, err := whatwg.Parse(base)
			return base != "" && err == nil && b.Search() == "" && hasQuery(b)
		},
		normalise: func(ours, theirs string) (string, string) {
			if strings.HasSuffix(ours, "?") {
				return strings.TrimSuffix(ours, "?"), theirs
			}
			return strings.Replace(ours, "?#", "#", 1), theirs
		},
	},
	{
		why: "a dot-segment that ada 2.9.2 leaves in a path after a segment that begins with \".\" (\"a:/x/.0/.\", \"http://h//.0/.\"); the Standard removes it, and Node's own href reads back as ours",
		applies: func(_, _, theirs string) bool {
			_, err := whatwg.Parse(theirs)
			return err == nil && strings.Contains(theirs, "/.")
		},
		normalise: func(ours, theirs string) (string, string) {
			v, _ := whatwg.Parse(theirs)
			return ours, v.Href()
		},
	},
	{
		why: "a file path whose first segment begins with a drive letter but is longer (\"file:A:0/..\"): the Standard keeps only a segment that is exactly a drive letter when \"..\" climbs past it; ada 2.9.2 keeps \"A:0\"",
		applies: func(_, ours, theirs string) bool {
			o, err1 := whatwg.Parse(ours)
			v, err2 := whatwg.Parse(theirs)
			return err1 == nil && err2 == nil && o.Scheme() == "file" && v.Scheme() == "file" && strings.HasPrefix(theirs, "file://"+v.Host()+"/") &&
				longDriveSegment(v.Pathname()) && !longDriveSegment(o.Pathname())
		},
		normalise: func(ours, theirs string) (string, string) {
			v, _ := whatwg.Parse(theirs)
			at := len("file://") + len(v.Host())
			_, rest, _ := strings.Cut(theirs[at+1:], "/")
			return ours, theirs[:at] + "/" + rest
		},
	},
	{
		why: "\"^\" in a path: the Standard added it to the path percent-encode set (2024); ada 2.9.2 leaves it raw",
		applies: func(_, ours, _ string) bool {
			return strings.Contains(ours, "%5E")
		},
		normalise: func(ours, theirs string) (string, string) {
			return strings.ReplaceAll(ours, "%5E", "^"), strings.ReplaceAll(theirs, "%5E", "^")
		},
	},
	{
		why: "a space before \"?\" or \"#\" in an opaque path: the Standard writes %20 since 2025; ada 2.9.2 strips trailing spaces",
		applies: func(_, ours, _ string) bool {
			u, err := whatwg.Parse(ours)
			return err == nil && u.HasOpaquePath() && strings.Contains(ours, "%20")
		},
		normalise: func(ours, theirs string) (string, string) {
			return strings.ReplaceAll(ours, "%20", " "), strings.ReplaceAll(theirs, "%20", " ")
		},
	},
}

// explainByClasses explains a difference between two accepted hrefs by
// a combination of nodeClasses: it tries every subset of the classes
// that apply, each normalising both sides in turn, and answers with the
// reasons of the first subset after which the two agree, or "". One
// input can meet several classes at once ("" against "a:/^?": a "^" in
// the path and the base's empty query).
func explainByClasses(base, ours, theirs string) string {
	var at []nodeClass
	for _, c := range nodeClasses {
		if c.applies(base, ours, theirs) {
			at = append(at, c)
		}
	}
	for set := 1; set < 1<<len(at); set++ {
		o, th := ours, theirs
		var why []string
		for i, c := range at {
			if set&(1<<i) != 0 {
				o, th = c.normalise(o, th)
				why = append(why, c.why)
			}
		}
		if o == th {
			return strings.Join(why, "; and ")
		}
	}
	return ""
}

func hasQuery(u whatwg.URL) bool {
	_, ok := u.Query()
	return ok
}

// longDriveSegment reports whether path's first segment begins with a
// drive letter and has more after it ("/A:0").
func longDriveSegment(path string) bool {
	seg, _, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	return len(seg) > 2 && ('a' <= seg[0]|0x20 && seg[0]|0x20 <= 'z') && (seg[1] == ':' || seg[1] == '|')
}

// hasRTL reports whether s has a character of bidi class R, AL or AN,
// which make a label right-to-left in RFC 5893's sense.
func hasRTL(s string) bool {
	for _, r := range s {
		if p, _ := bidi.LookupRune(r); p.Class() == bidi.R || p.Class() == bidi.AL || p.Class() == bidi.AN {
			return true
		}
	}
	return false
}

// withoutPath returns the href of u, whose path is "/", without it.
func withoutPath(u whatwg.URL) string {
	tail := ""
	if q, ok := u.Query(); ok {
		tail += "?" + q
	}
	if f, ok := u.Fragment(); ok {
		tail += "#" + f
	}
	h := u.Href()
	return h[:len(h)-len(tail)-1] + tail
}

// TestNodeWPT compares Parse with Node's URL over WPT's inputs and lists
// the differences, each of which must have an explanation.
func TestNodeWPT(t *testing.T) {
	n := startNode(t)
	explained := map[string]int{}
	for _, c := range readURLCases(t) {
		base := ""
		if c.Base != nil {
			base = *c.Base
		}
		theirs, theirsOK := n.parse(t, c.Input, base)
		u, err := parseWithBase(c.Input, c.Base)
		ours, oursOK := u.Href(), err == nil
		if ours == theirs && oursOK == theirsOK {
			continue
		}
		if why := knownNodeDifference(c.Input, base, ours, oursOK, theirs, theirsOK); why != "" {
			explained[why]++
			continue
		}
		t.Errorf("%q against %q: ours %q (%v), node %q (%v), unexplained", c.Input, base, ours, oursOK, theirs, theirsOK)
	}
	for why, k := range explained {
		t.Logf("%d: %s", k, why)
	}
}

// FuzzWHATWG compares Parse, with and without a base, with Node.js's
// URL on the fuzzer's inputs: the same href, or both refusing, or a
// difference that knownNodeDifference explains. It skips without node.
func FuzzWHATWG(f *testing.F) {
	for _, c := range readURLCases(f) {
		base := ""
		if c.Base != nil {
			base = *c.Base
		}
		f.Add(c.Input, base)
	}
	for _, s := range []string{"http://example.com/a b?c d#e f", "HTTP://EXAMPLE.com:080/./a/../b", "http://0x7f.1/", "file:///C:/a/../..", "foo://h/%zz", "http://[::ffff:1.2.3.4]/"} {
		f.Add(s, "")
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		n := startNode(t)
		var ours string
		var oursOK bool
		if base == "" {
			u, err := whatwg.Parse(input)
			ours, oursOK = u.Href(), err == nil
		} else {
			b, err := whatwg.Parse(base)
			if err != nil {
				return
			}
			if _, ok := n.parse(t, base, ""); !ok {
				return
			}
			u, err := b.Parse(input)
			ours, oursOK = u.Href(), err == nil
		}
		theirs, theirsOK := n.parse(t, input, base)
		if ours == theirs && oursOK == theirsOK {
			return
		}
		if why := knownNodeDifference(input, base, ours, oursOK, theirs, theirsOK); why != "" {
			t.Log(why)
			return
		}
		if why := ignoredDifference(t, n, input, base, ours, oursOK); why != "" {
			t.Log(why)
			return
		}
		t.Errorf("%q against %q: ours %q (%v), node %q (%v)", input, base, ours, oursOK, theirs, theirsOK)
	})
}

// ignoredByUTS46 reports whether the UTS #46 table this package follows
// maps r to nothing ("ignored"): U+00AD SOFT HYPHEN, U+200B ZERO WIDTH
// SPACE, U+2060 to U+2064, U+206A to U+206F and the variation selectors,
// among others.
func ignoredByUTS46(r rune) bool {
	if r < 0x80 {
		return false
	}
	ascii, err := idna.DomainToASCII("a"+string(r)+"b", false)
	return err == nil && ascii == "ab"
}

// ignoredDifference excuses a URL that this package reads and Node refuses
// because a host holds a code point that UTS #46 ignores in the table this
// package follows (Unicode 17) and that the older table of ada 2.9.2, in
// Node 20, disallows (U+2061 FUNCTION APPLICATION, U+206D ACTIVATE ARABIC
// FORM). It removes the ignored code points from input and base, and
// excuses the difference only when Node and this package then read the
// same href, and that href is this package's reading of the original with
// the percent-encodings of those code points (in a path, a query or a
// fragment) taken out: what is left between the two readings is then
// those code points in the host, which Node refuses.
func ignoredDifference(t *testing.T, n *nodeURL, input, base, ours string, oursOK bool) string {
	if !oursOK || !strings.ContainsFunc(input+base, ignoredByUTS46) {
		return ""
	}
	var encoded []string
	drop := func(s string) string {
		return strings.Map(func(r rune) rune {
			if ignoredByUTS46(r) {
				var b strings.Builder
				for _, c := range []byte(string(r)) {
					fmt.Fprintf(&b, "%%%02X", c)
				}
				encoded = append(encoded, b.String())
				return -1
			}
			return r
		}, s)
	}
	in, b := drop(input), drop(base)
	theirs, ok := n.parse(t, in, b)
	if !ok {
		return ""
	}
	u, err := whatwg.Parse(in)
	if b != "" {
		var bu whatwg.URL
		if bu, err = whatwg.Parse(b); err == nil {
			u, err = bu.Parse(in)
		}
	}
	if err != nil || u.Href() != theirs {
		return ""
	}
	for _, e := range encoded {
		ours = strings.ReplaceAll(ours, e, "")
	}
	if ours != theirs {
		return ""
	}
	return "a host with a code point that UTS #46 (Unicode 17) ignores and ada 2.9.2's older table disallows (U+2061, U+206D): without it, Node and this package read the same URL"
}

// TestIgnoredDifference holds ignoredDifference to excusing only a host
// that Node refuses for a code point UTS #46 ignores.
func TestIgnoredDifference(t *testing.T) {
	n := startNode(t)
	cases := []struct {
		name, input, base, ours string
		excused                 bool
	}{
		{"in a host", "http://a\u2061b/", "", "http://ab/", true},
		{"in a relative host", "//0\u206D", "http:0", "http://0.0.0.0/", true},
		{"in a host, another href", "http://a\u2061b/", "", "http://a-b/", false},
		{"in a host and a fragment", "//\u206D0#\u206D", "http:0", "http://0.0.0.0/#%E2%81%AD", true},
		{"in a host and a path", "http://a\u2061b/\u2062", "", "http://ab/%E2%81%A2", true},
		{"in a host and a path, another path", "http://a\u2061b/\u2062", "", "http://ab/x%E2%81%A2", false},
		{"in a scheme", "h\u2061ttp://a/", "http://b/", "http://b/h%E2%81%A1ttp://a/", false},
		{"none", "http://ab/", "", "http://ac/", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			why := ignoredDifference(t, n, c.input, c.base, c.ours, true)
			if got := why != ""; got != c.excused {
				t.Errorf("excused = %v (%q), want %v", got, why, c.excused)
			}
		})
	}
}

// TestKnownNodeDifference holds each class of knownNodeDifference to
// what it explains: a difference of its kind, alone or with another
// class, is excused; one that only looks like it is not.
func TestKnownNodeDifference(t *testing.T) {
	cases := []struct {
		name, input, base, ours, theirs string
		excused                         bool
	}{
		{"root of a non-special path", "a:/..", "", "a:/", "a:", true},
		{"root of a non-special path, another scheme", "a:/..", "", "a:/", "b:", false},
		{"base's empty query", "", "a:/?", "a:/?", "a:/", true},
		{"base's empty query before a fragment", "#f", "a:/?", "a:/?#f", "a:/#f", true},
		{"base's empty query, another path", "", "a:/?", "a:/?", "a:/x", false},
		{"empty query without a base that has one", "", "a:/", "a:/?", "a:/", false},
		{"dot-segment left by ada", "a:/x/.0/.", "", "a:/x/.0/", "a:/x/.0/.", true},
		{"dot-segment, another path", "a:/x/.0/.", "", "a:/x/.0/", "a:/y/.0/.", false},
		{"caret in a path", "a:/^", "", "a:/%5E", "a:/^", true},
		{"caret, and another byte", "a:/^", "", "a:/%5E", "a:/^x", false},
		{"caret, lower-case escape", "a:/^", "", "a:/%5E", "a:/%5e", false},
		{"space before ? in an opaque path", "a:b ?q", "", "a:b%20?q", "a:b ?q", true},
		{"space in a hierarchical path", "a:/b ?q", "", "a:/b%20?q", "a:/b ?q", false},
		{"caret and the base's empty query", "", "a:/^?", "a:/%5E?", "a:/^", true},
		{"caret and the base's empty query, another path", "", "a:/^?", "a:/%5E?", "a:/^x", false},
		{"long drive segment climbed past", "file:A:0/..", "", "file:///", "file:///A:0/", true},
		{"long drive segment climbed past, with a caret", "file:A:0/../^", "", "file:///%5E", "file:///A:0/^", true},
		{"long drive segment, another remainder", "file:A:0/..", "", "file:///", "file:///A:0/x", false},
		{"drive letter segment", "file:A:/..", "", "file:///", "file:///A:/", false},
		{"caret and a dot-segment", "a:/^/.0/.", "", "a:/%5E/.0/", "a:/^/.0/.", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			why := knownNodeDifference(c.input, c.base, c.ours, true, c.theirs, true)
			if got := why != ""; got != c.excused {
				t.Errorf("excused = %v (%q), want %v", got, why, c.excused)
			}
		})
	}
	// Differences where this package refuses what Node accepts.
	refused := []struct {
		name, input, theirs string
		excused             bool
	}{
		{"bidi: a Hebrew label beginning with a digit", "http://1\u05D0/", "http://xn--1-zhc/", true},
		{"bidi: an Arabic-Indic digit alone", "http:\u0669", "http://xn--iib/", true},
		{"bidi: no right-to-left character", "http://\u00E9\u0301/", "http://xn--9ca/", false},
	}
	for _, c := range refused {
		t.Run(c.name, func(t *testing.T) {
			why := knownNodeDifference(c.input, "", "", false, c.theirs, true)
			if got := why != ""; got != c.excused {
				t.Errorf("excused = %v (%q), want %v", got, why, c.excused)
			}
		})
	}
}
