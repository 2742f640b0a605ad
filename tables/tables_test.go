package tables_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/tables"
	"github.com/urilabs/rfc3986/tables/internal/grammar"
)

// TestGeneratedIsFresh regenerates the tables in memory and compares them
// with the committed file.
func TestGeneratedIsFresh(t *testing.T) {
	want, err := grammar.Generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("tables_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("tables_gen.go is out of date; run go generate ./tables")
	}
	if !bytes.HasPrefix(got, []byte("// Code generated ")) || !bytes.Contains(got, []byte("DO NOT EDIT.")) {
		t.Error("tables_gen.go lacks the Code generated ... DO NOT EDIT. header")
	}
}

// The sets of RFC 3986, written out here a second time straight from the
// text, character by character, to check the generated table against.
const (
	alpha      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" // RFC 5234 B.1
	digit      = "0123456789"                                           // RFC 5234 B.1
	hexdig     = "0123456789ABCDEFabcdef"                               // RFC 5234 B.1, §2.1
	unreserved = alpha + digit + "-._~"                                 // §2.3
	genDelims  = ":/?#[]@"                                              // §2.2
	subDelims  = "!$&'()*+,;="                                          // §2.2
	pchar      = unreserved + subDelims + ":@"                          // §3.3
)

func TestSets(t *testing.T) {
	sets := []struct {
		name  string
		bit   tables.Set
		chars string
	}{
		{"ALPHA", tables.ALPHA, alpha},
		{"DIGIT", tables.DIGIT, digit},
		{"HEXDIG", tables.HEXDIG, hexdig},
		{"unreserved", tables.Unreserved, unreserved},
		{"sub-delims", tables.SubDelims, subDelims},
		{"gen-delims", tables.GenDelims, genDelims},
		{"pchar", tables.PChar, pchar},
		{"scheme", tables.Scheme, alpha + digit + "+-."},                  // §3.1
		{"userinfo", tables.UserInfo, unreserved + subDelims + ":"},       // §3.2.1
		{"reg-name", tables.RegName, unreserved + subDelims},              // §3.2.2
		{"segment-nz-nc", tables.SegmentNC, unreserved + subDelims + "@"}, // §3.3
		{"path", tables.Path, pchar + "/"},                                // §3.3
		{"query", tables.Query, pchar + "/?"},                             // §3.4
		{"fragment", tables.Fragment, pchar + "/?"},                       // §3.5
	}
	for _, s := range sets {
		for b := 0; b < 256; b++ {
			want := strings.IndexByte(s.chars, byte(b)) >= 0
			if got := tables.Sets[b]&s.bit != 0; got != want {
				t.Errorf("%s holds byte 0x%02X: got %v, want %v", s.name, b, got, want)
			}
		}
	}
}

// TestClassOutsideGrammar checks that class 0 is exactly the bytes that no
// rule of RFC 3986 allows: what is neither reserved, unreserved nor "%".
func TestClassOutsideGrammar(t *testing.T) {
	allowed := unreserved + genDelims + subDelims + "%"
	for b := 0; b < 256; b++ {
		outside := strings.IndexByte(allowed, byte(b)) < 0
		if got := tables.Class[b] == 0; got != outside {
			t.Errorf("Class[0x%02X] == 0 is %v, want %v", b, got, outside)
		}
		if int(tables.Class[b]) >= tables.NumClasses {
			t.Errorf("Class[0x%02X] = %d, not below NumClasses", b, tables.Class[b])
		}
	}
}

// next is the transition function, read from the pre-multiplied Step.
func next(s tables.State, class uint8) tables.State {
	return tables.State(tables.Step[int(s)*tables.Stride+int(class)] / tables.Stride)
}

// TestRunsAreLoops proves that skipping a run is the same as stepping the
// automaton: a byte is in Run[s] exactly when it leads from s back to s,
// and PctEncoded is set exactly when every "%" HEXDIG HEXDIG leads back to s
// through two ordinary states. Neither path passes a special state, so the
// scanner would have done nothing on the bytes it skips.
func TestRunsAreLoops(t *testing.T) {
	for s := tables.State(0); s < tables.Dead; s++ { // the scanner stops in Dead
		run := tables.Run[s]
		for b := 0; b < 256; b++ {
			loops := next(s, tables.Class[b]) == s
			if got := tables.Sets[b]&run&^tables.PctEncoded != 0; got != loops {
				t.Errorf("state %d: byte 0x%02X in Run is %v, but it loops: %v", s, b, got, loops)
			}
			if loops && s >= tables.FirstSpecial {
				t.Errorf("special state %d loops to itself on 0x%02X", s, b)
			}
		}
		p1 := next(s, tables.Class['%'])
		pctLoops := p1 < tables.FirstSpecial
		for _, h := range []byte(hexdig) {
			p2 := next(p1, tables.Class[h])
			if p2 >= tables.FirstSpecial {
				pctLoops = false
				continue
			}
			for _, h2 := range []byte(hexdig) {
				if next(p2, tables.Class[h2]) != s {
					pctLoops = false
				}
			}
		}
		if got := run&tables.PctEncoded != 0; got != pctLoops && run != 0 {
			t.Errorf("state %d: PctEncoded in Run is %v, but pct-encoded loops: %v", s, got, pctLoops)
		}
	}
}

// TestTwins checks that the scanner may go on from Twin[s] after entering
// the special state s: an ordinary state that every table treats as s.
func TestTwins(t *testing.T) {
	twins := 0
	for s := tables.FirstSpecial; s < tables.Dead; s++ {
		w := tables.Twin[s]
		if w == 0 {
			continue
		}
		twins++
		if w >= tables.FirstSpecial {
			t.Errorf("the twin %d of state %d is special", w, s)
		}
		for c := uint8(0); c < tables.NumClasses; c++ {
			if next(s, c) != next(w, c) || tables.Fail[s][c] != tables.Fail[w][c] {
				t.Errorf("state %d and its twin %d differ on class %d", s, w, c)
			}
		}
		if tables.AtEnd[s] != tables.AtEnd[w] || tables.EndFailure[s] != tables.EndFailure[w] || tables.HostKindAt[s] != tables.HostKindAt[w] {
			t.Errorf("state %d and its twin %d differ at the end of input", s, w)
		}
	}
	for s := tables.State(0); s < tables.FirstSpecial; s++ {
		if tables.Twin[s] != 0 {
			t.Errorf("ordinary state %d has a twin", s)
		}
	}
	// The twins after "/", "?" and "#" are what lets the scanner skip a
	// path, a query and a fragment without stepping their first byte.
	for _, s := range []tables.State{tables.PathAfterAuthority, tables.BeforeQuery, tables.BeforeFragment} {
		if tables.Twin[s] == 0 {
			t.Errorf("state %d has lost its twin", s)
		}
	}
}

// TestDeadIsFinal checks that the dead state is last and absorbing, and the
// IP-literal automaton's dead and closed states too.
func TestDeadIsFinal(t *testing.T) {
	if tables.Dead != tables.NumStates-1 {
		t.Errorf("Dead = %d, want the last state %d", tables.Dead, tables.NumStates-1)
	}
	for c := 0; c < tables.NumClasses; c++ {
		if next(tables.Dead, uint8(c)) != tables.Dead {
			t.Errorf("Dead leaves to %d on class %d", next(tables.Dead, uint8(c)), c)
		}
		if tables.IPLiteralNext[tables.IPLiteralDead][c] != tables.IPLiteralDead {
			t.Errorf("IPLiteralDead leaves on class %d", c)
		}
		if tables.IPLiteralNext[tables.IPLiteralClosed][c] != tables.IPLiteralDead {
			t.Errorf("IPLiteralClosed goes on after \"]\" on class %d", c)
		}
	}
}

// TestFastStart checks the path the scanner's fast start takes without
// stepping: ALPHA *scheme-char "://" ALPHA leads from BeforeReference
// through these states, and only the ones the scanner records are special.
func TestFastStart(t *testing.T) {
	path := []struct {
		from tables.State
		on   byte
		to   tables.State
	}{
		{tables.BeforeReference, 'a', tables.WithinSchemeOrSegment},
		{tables.WithinSchemeOrSegment, ':', tables.AfterScheme},
		{tables.AfterScheme, '/', tables.AfterFirstSlash},
		{tables.AfterFirstSlash, '/', tables.BeforeAuthority},
		{tables.BeforeAuthority, 'a', tables.AuthorityRegName},
	}
	for _, p := range path {
		for b := 0; b < 256; b++ {
			same := tables.Class[b] == tables.Class[p.on]
			if p.on == 'a' {
				same = tables.Sets[b]&tables.ALPHA != 0
			}
			if same && next(p.from, tables.Class[b]) != p.to {
				t.Errorf("state %d on 0x%02X goes to %d, not %d", p.from, b, next(p.from, tables.Class[b]), p.to)
			}
		}
	}
	if tables.Run[tables.WithinSchemeOrSegment] != tables.Scheme {
		t.Errorf("WithinSchemeOrSegment loops on %b, not the scheme set", tables.Run[tables.WithinSchemeOrSegment])
	}
	for _, s := range []tables.State{tables.WithinSchemeOrSegment, tables.AfterFirstSlash, tables.AuthorityRegName} {
		if s >= tables.FirstSpecial {
			t.Errorf("state %d is special; the fast start would skip its action", s)
		}
	}
}

// TestLane checks what the scanner's lane (type lane in internal/scan)
// takes for granted: after the host of a URL, "/" enters
// PathAfterAuthority, then "?" and "#" enter BeforeQuery and
// BeforeFragment, whose twins read the rest; and every run it reads admits
// pct-encoded triplets.
func TestLane(t *testing.T) {
	path := []struct {
		from tables.State
		on   byte
		to   tables.State
		twin tables.State
	}{
		{tables.AuthorityRegName, '/', tables.PathAfterAuthority, tables.WithinPath},
		{tables.WithinPath, '?', tables.BeforeQuery, tables.WithinQuery},
		{tables.WithinPath, '#', tables.BeforeFragment, tables.WithinFragment},
		{tables.WithinQuery, '#', tables.BeforeFragment, tables.WithinFragment},
	}
	for _, p := range path {
		if got := next(p.from, tables.Class[p.on]); got != p.to {
			t.Errorf("state %d on %q goes to %d, not %d", p.from, p.on, got, p.to)
		}
		if tables.Twin[p.to] != p.twin {
			t.Errorf("the twin of state %d is %d, not %d", p.to, tables.Twin[p.to], p.twin)
		}
	}
	if tables.HostKindAt[tables.AuthorityRegName] != tables.HostRegName {
		t.Errorf("an authority ending in AuthorityRegName has host kind %d", tables.HostKindAt[tables.AuthorityRegName])
	}
	for _, s := range []tables.State{tables.AuthorityRegName, tables.WithinPath, tables.WithinQuery, tables.WithinFragment} {
		if tables.Run[s]&tables.PctEncoded == 0 {
			t.Errorf("the run of state %d does not admit pct-encoded triplets", s)
		}
	}
}
