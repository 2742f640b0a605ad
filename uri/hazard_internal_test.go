package uri

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/internal/numhost"
	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/internal/testenv"
)

// TestMayHoldWords compares mayHoldWords with strings.Contains on strings
// of every length up to 40 made of few bytes, so that the bytes and the
// pairs fall at every offset, across words and in the last, overlapping
// one.
func TestMayHoldWords(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "/.%;a-"
	for n := 0; n <= 40; n++ {
		for k := 0; k < 2000; k++ {
			b := make([]byte, n)
			for i := range b {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
			s := string(b)
			want := strings.ContainsAny(s, "%;") || strings.Contains(s, "/.") || strings.Contains(s, "--")
			if got := mayHoldWords(s); got != want {
				t.Fatalf("mayHoldWords(%q) = %t, want %t", s, got, want)
			}
		}
	}
}

// TestHoldsVector compares holdsVector, which reads sixty-four bytes at a
// time, with its Go twin mayHoldWords and with strings.Contains, on
// strings of every length up to 200 that are mostly plain bytes with a few
// that matter, so that windows and blocks come out clean and each byte or
// pair falls at every offset of a window or a block and across blocks.
func TestHoldsVector(t *testing.T) {
	vectorModes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(3, 4))
		for n := 0; n <= 200; n++ {
			// Past 80 bytes, fewer strings, and sparser, so that many
			// hold nothing at all.
			count, oneIn := 3000, 24
			if n > 80 {
				count, oneIn = 500, 2*n
			}
			for k := 0; k < count; k++ {
				s := sparseHazards(r, n, oneIn)
				want := strings.ContainsAny(s, "%;") || strings.Contains(s, "/.") || strings.Contains(s, "--")
				if got, words := holdsVector(s), mayHoldWords(s); got != want || words != want {
					t.Fatalf("holdsVector(%q) = %t, mayHoldWords = %t; want %t", s, got, words, want)
				}
			}
		}
		// Each byte and pair alone at every offset, the pairs split across
		// every boundary of a block and of a window.
		for n := 1; n <= 140; n++ {
			for _, p := range []string{"%", ";", "/.", "--"} {
				for at := 0; at+len(p) <= n; at++ {
					s := strings.Repeat("a", at) + p + strings.Repeat("a", n-at-len(p))
					if !holdsVector(s) || !mayHoldWords(s) {
						t.Fatalf("holdsVector(%q) = %t, mayHoldWords = %t; want true", s, holdsVector(s), mayHoldWords(s))
					}
					// A pair cut in two by another byte holds nothing.
					if len(p) == 2 && at+3 <= n {
						s := strings.Repeat("a", at) + p[:1] + "a" + p[1:] + strings.Repeat("a", n-at-3)
						if holdsVector(s) || mayHoldWords(s) {
							t.Fatalf("holdsVector(%q) = %t, mayHoldWords = %t; want false", s, holdsVector(s), mayHoldWords(s))
						}
					}
				}
			}
		}
	})
}

// sparseHazards returns n bytes chosen at random, each an "a" but for
// one in oneIn on average, which is one of the bytes that mayHoldWords
// looks for alone or in pairs.
func sparseHazards(r *rand.Rand, n, oneIn int) string {
	const alphabet = "/.%;-"
	b := make([]byte, n)
	for i := range b {
		b[i] = 'a'
		if r.IntN(oneIn) == 0 {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
	}
	return string(b)
}

// TestHostPathVector compares hostPathVector with its Go twin
// hostPathWords on the reg-name URIs of the web corpus and on generated
// ones whose host and path are made of the bytes that matter, at every
// length from 0 to 100.
func TestHostPathVector(t *testing.T) {
	vectorModes(t, func(t *testing.T) {
		corpus, err := os.ReadFile(filepath.Join("..", "testdata", "web_urls.txt"))
		if err != nil {
			t.Fatal(err)
		}
		for s := range strings.Lines(string(corpus)) {
			checkHostPath(t, strings.TrimSuffix(s, "\n"), "")
		}
		r := rand.New(rand.NewPCG(7, 8))
		for n := 0; n <= 100; n++ {
			for k := 0; k < 300; k++ {
				checkHostPath(t, hostPathURL(r, n), "")
			}
		}
	})
}

// hostPathURL returns "http://" and n bytes chosen at random, a host and
// a path made of the bytes that matter to hostPathWords: those a number
// ends with and those where a hazard begins.
func hostPathURL(r *rand.Rand, n int) string {
	const hostBytes, pathBytes = "ab0f9x.-%41", "ab/./-;%2F"
	var b strings.Builder
	b.WriteString("http://")
	h := r.IntN(n + 1)
	for range h {
		b.WriteByte(hostBytes[r.IntN(len(hostBytes))])
	}
	for range n - h {
		b.WriteByte(pathBytes[r.IntN(len(pathBytes))])
	}
	return b.String()
}

// checkHostPath compares hostPathVector with hostPathWords on s when it
// is a URI whose host is a reg-name, the only ones Hazards asks them
// about; where says where s is, for the message.
func checkHostPath(t *testing.T, s, where string) {
	t.Helper()
	u, err := Parse(s)
	if err != nil || u.HostKind() != RegName || !u.HasAuthority() {
		return
	}
	m := u.m
	hs, he, ps, pe := m.HostStart(), m.HostEnd(), m.PathStart(), m.PathEnd()
	if got, want := hostPathVector(&u), hostPathWords(s, hs, he, ps, pe); got != want {
		t.Fatalf("hostPathVector(%q)%s = %d, hostPathWords gives %d", s, where, got, want)
	}
}

// TestPropertyHazardsShortcut holds the shortcut of Hazards to the full
// check: on URIs whose host and path are made of the units that matter
// (the trigger bytes, the pairs, the bytes a number ends with, encoded
// ones), Hazards, with the plain facts the scanner recorded for URIs
// whose path ends within scan.MaxPlain bytes and the vector shortcut for
// the others where the machine has one,
// equals hazards, which has no shortcut; the Go twin hostPathWords, when
// it answers, answers as hazards does; and hostPathVector equals it.
// It checks 5,000,000 valid URIs with RFC3986_LONG=1, as CI runs it, 100,000
// by default and 20,000 with -short, a second or less.
func TestPropertyHazardsShortcut(t *testing.T) {
	n := 5_000_000
	if !testenv.Long() {
		n = testenv.Cases(1_000_000)
	}
	r := rand.New(rand.NewPCG(28, 5))
	var tried, checked, answered, plain int
	for ; checked < n && tried < 2*n; tried++ {
		s := shortcutURL(r)
		u, err := Parse(s)
		if err != nil {
			continue
		}
		checked++
		if u.m.Plain() {
			plain++
		}
		full := u.hazards()
		if got := u.Hazards(); got != full {
			t.Fatalf("Hazards(%q) = %v, the full check gives %v", s, got, full)
		}
		m := u.m
		if m.Flags()&(scan.HasAuthority|scan.HasUserInfo|scan.HasPort) != scan.HasAuthority || HostKind(m.HostKind()) != RegName {
			continue
		}
		quick := hostPathWords(u.s, m.HostStart(), m.HostEnd(), m.PathStart(), m.PathEnd())
		if hasHazardVector {
			if v := hostPathVector(&u); v != quick {
				t.Fatalf("hostPathVector(%q) = %d, hostPathWords gives %d", s, v, quick)
			}
		}
		switch quick {
		case 0:
			answered++
			if full != 0 {
				t.Fatalf("the shortcut says %q has no hazard; the full check gives %v", s, full)
			}
		case 1:
			answered++
			if full != DoubleSlashPath.bit() {
				t.Fatalf("the shortcut says %q has only DoubleSlashPath; the full check gives %v", s, full)
			}
		}
	}
	// The units are chosen so that both outcomes are common: a property
	// where the shortcut never answered would check nothing.
	if checked < n || answered < checked/10 || answered > checked*9/10 || plain < checked/20 || plain > checked*9/10 {
		t.Fatalf("of %d URIs, %d parsed, the shortcut answered for %d and %d were plain: the generator no longer exercises them", tried, checked, answered, plain)
	}
	t.Logf("%d URIs checked (of %d generated), the shortcut answered for %d, %d were plain", checked, tried, answered, plain)
}

// shortcutURL returns a URI for TestPropertyHazardsShortcut: mostly
// "http://" (or another scheme), a host and a path, sometimes with a
// userinfo, a port or a query, made of units with the bytes where a
// hazard begins, those a number ends with, and plain letters, up to about
// 150 bytes so that the vector code's windows of 64 are crossed.
func shortcutURL(r *rand.Rand) string {
	hostUnits := []string{"a", "b", "q", "z", "0", "9", "f", "x", ".", "-", "--", "xn--", "%41", "%2e", "%2E", "%25", "_", "~", "127", "0x7f", ";"}
	pathUnits := []string{"/", "/", "a", "b", "z", "9", ".", "..", "/.", "/..", "-", "--", ";", ";x=1", "%2F", "%2e", "%41", "%00", "//", "~", "x"}
	schemes := []string{"http://", "https://", "ws://", "file://", "foo://", "HTTP://", "//"}
	var b strings.Builder
	b.WriteString(schemes[r.IntN(len(schemes))])
	if r.IntN(20) == 0 {
		b.WriteString("u:p@")
	}
	// Letters most of the time, so that most hosts do not end like a
	// number and most paths hold no trigger: the shortcut answers.
	plain := r.IntN(4) != 0
	for range r.IntN(30) {
		if plain && r.IntN(24) != 0 {
			b.WriteByte("ghijklmnopqrstuvwyz"[r.IntN(19)])
			continue
		}
		b.WriteString(hostUnits[r.IntN(len(hostUnits))])
	}
	if plain {
		// Names whose last byte may end a number and whose last label
		// is none ("cafe", "de"), which the shortcut tells apart, and
		// one that is ("0xcafe").
		b.WriteString([]string{"com", "com", "cafe", "de", "0xcafe"}[r.IntN(5)])
	}
	if r.IntN(20) == 0 {
		b.WriteString(":8080")
	}
	for range r.IntN(60) {
		if plain && r.IntN(24) != 0 {
			b.WriteByte("abcdefghijklmnopqrstuvwyz/"[r.IntN(26)])
			continue
		}
		b.WriteString(pathUnits[r.IntN(len(pathUnits))])
	}
	if r.IntN(20) == 0 {
		b.WriteString("?q=%2e")
	}
	return b.String()
}

// TestNameMayEndNumber holds the plain facts' test of a name that may end
// in a number to numhost.WHATWGEndsInNumber, which otherHazards asks when the facts say
// it may: on names made of the bytes that matter, every name that ends in
// a number, or in a ".", must be one that may.
func TestNameMayEndNumber(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	const alphabet = "0x.aAdeF9X-"
	may := 0
	for n := 1; n <= 8; n++ {
		for range 20000 {
			b := make([]byte, n)
			for i := range b {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
			host := string(b)
			got := scan.NameMayEndNumber(host)
			if (numhost.WHATWGEndsInNumber(host) || host[n-1] == '.') && !got {
				t.Fatalf("NameMayEndNumber(%q) = false; it ends in a number", host)
			}
			if got {
				may++
			}
		}
	}
	if may == 0 {
		t.Fatal("no name may end in a number: the generator no longer makes them")
	}
}

// notPlain says whether a host and path hold what a plain URI does not: a
// "%", a ";", two of ",", "-", "." and "/" in a row, or a byte >= 0x80.
func notPlain(s string) bool {
	if strings.ContainsAny(s, "%;") || strings.IndexFunc(s, func(r rune) bool { return r >= 0x80 }) >= 0 {
		return true
	}
	for i := 0; i+1 < len(s); i++ {
		if strings.IndexByte(",-./", s[i]) >= 0 && strings.IndexByte(",-./", s[i+1]) >= 0 {
			return true
		}
	}
	return false
}

// TestPlainIsOfTheText holds the plain fact that the scanner records for
// Hazards to be a function of the text, as every mark is, so that == on
// URIs still means equal text: every way of making a URI other than
// parsing it (Resolve, Normalize, NormalizeSyntax, ToIRI and ToURI,
// Relativize's network-path references) gives the URI that Parse gives
// of its text, plain fact included, and the fact is the definition's.
// Inputs: the web corpus, as it is and not normal, cut to lengths around
// MaxPlain and around 64 bytes, where plainFacts reads a second window,
// so that the ends of paths fall on both sides of them, with and without
// the trigger bytes.
func TestPlainIsOfTheText(t *testing.T) {
	corpus, err := os.ReadFile(filepath.Join("..", "testdata", "web_urls.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(corpus)), "\n")
	lines = lines[:testenv.Cases(len(lines))]
	base := MustParse("http://a.example/b/c/d;p?q")
	refs := []string{"", "g", "./g", "../g", "g/.", "/x-y", "//h.example/p", "?y", "#s", "../../g.", "%2e/", "g;x"}
	var made, plain int
	check := func(how string, u URI) {
		t.Helper()
		made++
		if u.m.Plain() {
			plain++
		}
		p, err := (Parser{ZoneID: true}).Parse(u.String())
		if err != nil {
			t.Fatalf("%s gave %q, which does not parse: %v", how, u, err)
		}
		if p != u {
			t.Fatalf("%s gave %q with marks %v; Parse gives %v", how, u, u.m, p.m)
		}
		want := uint32(0)
		if u.Offsets().PathEnd <= scan.MaxPlain && u.HasAuthority() && !u.HasUserInfo() && !u.HasPort() &&
			u.HostKind() == RegName && u.Host() != "" && !(len(u.Scheme()) == 4 && u.Scheme()[0]|0x20 == 'f') &&
			!notPlain(u.s[u.m.HostStart():u.m.PathEnd()]) {
			want = 1
			// The last byte may end a number, and is not a hex
			// letter ending a label of one or two bytes ("de").
			host := u.Host()
			c := host[len(host)-1] | 0x20
			if mayEndNumber(c) && !('a' <= c && c <= 'f' && len(host)-strings.LastIndexByte(host, '.')-1 <= 2) {
				want = 3
			}
		}
		if got := u.m.PlainFacts(); got != want {
			t.Fatalf("%q has the plain facts %d, want %d", u, got, want)
		}
	}
	var inputs []string
	for _, line := range lines {
		// As it is; with the scheme and host in upper case, an encoded
		// letter, which Normalize writes anew, and an encoded "é",
		// which ToIRI decodes; cut.
		upper := line
		if i := strings.Index(line, "://"); i >= 0 {
			end := i + 3 + strings.IndexAny(line[i+3:]+"/", "/?#")
			upper = strings.ToUpper(line[:end]) + "/%7Ea%C3%A9" + line[end:]
		}
		for _, s := range []string{line, upper} {
			for _, n := range []int{len(s), scan.MaxPlain + 2, scan.MaxPlain, scan.MaxPlain - 3, 66, 64, 63} {
				inputs = append(inputs, s[:min(n, len(s))])
			}
		}
	}
	for _, s := range inputs {
		u, err := Parse(s)
		if err != nil {
			continue
		}
		check("Parse", u)
		check("Normalize", u.Normalize())
		check("NormalizeSyntax", u.NormalizeSyntax())
		i := u.ToIRI()
		if p, err := ParseIRI(i.String()); err != nil || p != i {
			t.Fatalf("ToIRI gave %q with marks %v; ParseIRI gives %v, %v", i, i.m, p.m, err)
		}
		check("ToURI", i.ToURI())
		if u.IsAbsolute() {
			for _, r := range refs {
				if got, err := u.Resolve(MustParse(r)); err == nil {
					check("Resolve("+r+")", got)
				}
			}
			if other, err := base.Resolve(u); err == nil {
				check("Resolve", other)
			}
			check("Relativize", u.Relativize(base))
			check("Relativize", base.Relativize(u))
		}
	}
	// Without both answers the comparisons prove little.
	if plain == 0 || plain == made {
		t.Fatalf("%d of %d URIs made are plain, want some and not all", plain, made)
	}
	t.Logf("%d URIs made, %d plain", made, plain)
}

// TestPlainOfIRIs holds ParseIRI to the plain facts of the text, which
// WithPlain gives of its marks, on IRIs whose characters outside ASCII
// fall in each component, so that the scanner reads them by each of its
// ways: the lane that goes on over characters to the end, and the
// general code.
func TestPlainOfIRIs(t *testing.T) {
	plain := 0
	for _, s := range []string{
		"http://a.example/p?é", "http://a.example/p#é", "http://a.example/p?q=é#f",
		"http://a.example/é", "http://é.example/p", "https://a.example/p/q?é=1",
		"ftp://a.example/p?é", "http://a.example/p/..?é", "http://a.example:8/p?é",
		"http://a.example/p?é" + strings.Repeat("a", 60), "http://a.example/-.?é",
	} {
		i, err := ParseIRI(s)
		if err != nil {
			t.Fatalf("ParseIRI(%q): %v", s, err)
		}
		m := i.m
		want := scan.WithPlain(s, scan.MakeMarks(m.SchemeEnd(), m.AuthorityStart(), m.HostStart(), m.HostEnd(), m.PathStart(), m.PathEnd(), m.QueryEnd(), m.Flags(), m.HostKind()))
		if m != want {
			t.Errorf("ParseIRI(%q) has the marks %v and the plain facts %d; the text's are %d", s, m, m.PlainFacts(), want.PlainFacts())
		}
		if m.Plain() {
			plain++
		}
	}
	if plain == 0 {
		t.Error("no IRI is plain: the inputs no longer test the facts' bits")
	}
}
