package scan

import (
	"testing"

	"github.com/urilabs/rfc3986/internal/grammar"
	"github.com/urilabs/rfc3986/internal/testenv"
	"github.com/urilabs/rfc3986/tables"
)

// The tests of the engine's tables: what the scanner takes for granted of
// the states, checked against Step.

// TestGeneratedIsFresh regenerates the tables in memory and compares them
// with the committed file.
func TestGeneratedIsFresh(t *testing.T) {
	f, err := grammar.Generate()
	if err != nil {
		t.Fatal(err)
	}
	testenv.CheckGenerated(t, grammar.File, f.Scan, "./internal/scan")
}

// TestStep reads inputs with Step alone, from BeforeReference, and checks
// that it stops where the scanner does: the input is cut short at the
// first byte that leads to Dead, which no byte leaves. The inputs have no
// IP-literal, which Step does not read.
func TestStep(t *testing.T) {
	for c := 0; c < tables.NumClasses; c++ {
		if next(Dead, uint8(c)) != Dead {
			t.Fatalf("class %d leaves Dead", c)
		}
	}
	for _, s := range []string{
		"", "http://example.com/a?b#c", "a:b", "//u@h:80/p", "http://a b/", "a:b#c#d",
		"%zz", "http://h:8o/", "ht^tp:", "/a/b/../c?%41", "http://h/\x80", "http://1.2.3.4:5/",
	} {
		t.Run(s, func(t *testing.T) {
			st, stop := BeforeReference, len(s)
			for i := 0; i < len(s); i++ {
				if st = next(st, tables.Class[s[i]]); st == Dead {
					stop = i
					break
				}
			}
			_, f := Scan(s, Options{})
			if f != 0 && f.Offset() < len(s) {
				if stop != f.Offset() {
					t.Errorf("Step stops at %d, the scanner at %d (%v)", stop, f.Offset(), f)
				}
			} else if stop != len(s) {
				t.Errorf("Step stops at %d, the scanner reads on to the end (%v)", stop, f)
			}
		})
	}
}

// hexdig is HEXDIG (RFC 5234 B.1, §2.1), written out.
const hexdig = "0123456789ABCDEFabcdef"

// next is the transition function, read from the pre-multiplied Step.
func next(s State, class uint8) State {
	return State(Step[int(s)*Stride+int(class)] / Stride)
}

// TestRunsAreLoops proves that skipping a run is the same as stepping the
// automaton: a byte is in Run[s] exactly when it leads from s back to s,
// and PctEncoded is set exactly when every "%" HEXDIG HEXDIG leads back to s
// through two ordinary states. Neither path passes a special state, so the
// scanner would have done nothing on the bytes it skips.
func TestRunsAreLoops(t *testing.T) {
	for s := State(0); s < Dead; s++ { // the scanner stops in Dead
		run := Run[s]
		for b := 0; b < 256; b++ {
			loops := next(s, tables.Class[b]) == s
			if got := tables.Sets[b]&run&^PctEncoded != 0; got != loops {
				t.Errorf("state %d: byte 0x%02X in Run is %v, but it loops: %v", s, b, got, loops)
			}
			if loops && s >= FirstSpecial {
				t.Errorf("special state %d loops to itself on 0x%02X", s, b)
			}
		}
		p1 := next(s, tables.Class['%'])
		pctLoops := p1 < FirstSpecial
		for _, h := range []byte(hexdig) {
			p2 := next(p1, tables.Class[h])
			if p2 >= FirstSpecial {
				pctLoops = false
				continue
			}
			for _, h2 := range []byte(hexdig) {
				if next(p2, tables.Class[h2]) != s {
					pctLoops = false
				}
			}
		}
		if got := run&PctEncoded != 0; got != pctLoops && run != 0 {
			t.Errorf("state %d: PctEncoded in Run is %v, but pct-encoded loops: %v", s, got, pctLoops)
		}
	}
}

// TestTwins checks that the scanner may go on from Twin[s] after entering
// the special state s: an ordinary state that every table treats as s.
func TestTwins(t *testing.T) {
	twins := 0
	for s := FirstSpecial; s < Dead; s++ {
		w := Twin[s]
		if w == 0 {
			continue
		}
		twins++
		if w >= FirstSpecial {
			t.Errorf("the twin %d of state %d is special", w, s)
		}
		for c := uint8(0); c < tables.NumClasses; c++ {
			if next(s, c) != next(w, c) || Fail[s][c] != Fail[w][c] {
				t.Errorf("state %d and its twin %d differ on class %d", s, w, c)
			}
		}
		if AtEnd[s] != AtEnd[w] || EndFailure[s] != EndFailure[w] || HostKindAt[s] != HostKindAt[w] {
			t.Errorf("state %d and its twin %d differ at the end of input", s, w)
		}
	}
	for s := State(0); s < FirstSpecial; s++ {
		if Twin[s] != 0 {
			t.Errorf("ordinary state %d has a twin", s)
		}
	}
	// The twins after "/", "?" and "#" are what lets the scanner skip a
	// path, a query and a fragment without stepping their first byte.
	for _, s := range []State{PathAfterAuthority, BeforeQuery, BeforeFragment} {
		if Twin[s] == 0 {
			t.Errorf("state %d has lost its twin", s)
		}
	}
}

// TestDeadIsFinal checks that the dead state is last and absorbing, and the
// IP-literal automaton's dead and closed states too.
func TestDeadIsFinal(t *testing.T) {
	if Dead != NumStates-1 {
		t.Errorf("Dead = %d, want the last state %d", Dead, NumStates-1)
	}
	for c := 0; c < tables.NumClasses; c++ {
		if next(Dead, uint8(c)) != Dead {
			t.Errorf("Dead leaves to %d on class %d", next(Dead, uint8(c)), c)
		}
		if IPLiteralNext[IPLiteralDead][c] != IPLiteralDead {
			t.Errorf("IPLiteralDead leaves on class %d", c)
		}
		if IPLiteralNext[IPLiteralClosed][c] != IPLiteralDead {
			t.Errorf("IPLiteralClosed goes on after \"]\" on class %d", c)
		}
	}
}

// TestFastStart checks the path the scanner's fast start takes without
// stepping: ALPHA *scheme-char "://" ALPHA leads from BeforeReference
// through these states, and only the ones the scanner records are special.
func TestFastStart(t *testing.T) {
	path := []struct {
		from State
		on   byte
		to   State
	}{
		{BeforeReference, 'a', WithinSchemeOrSegment},
		{WithinSchemeOrSegment, ':', AfterScheme},
		{AfterScheme, '/', AfterFirstSlash},
		{AfterFirstSlash, '/', BeforeAuthority},
		{BeforeAuthority, 'a', AuthorityRegName},
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
	if Run[WithinSchemeOrSegment] != tables.Scheme {
		t.Errorf("WithinSchemeOrSegment loops on %b, not the scheme set", Run[WithinSchemeOrSegment])
	}
	for _, s := range []State{WithinSchemeOrSegment, AfterFirstSlash, AuthorityRegName} {
		if s >= FirstSpecial {
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
		from State
		on   byte
		to   State
		twin State
	}{
		{AuthorityRegName, '/', PathAfterAuthority, WithinPath},
		{WithinPath, '?', BeforeQuery, WithinQuery},
		{WithinPath, '#', BeforeFragment, WithinFragment},
		{WithinQuery, '#', BeforeFragment, WithinFragment},
	}
	for _, p := range path {
		if got := next(p.from, tables.Class[p.on]); got != p.to {
			t.Errorf("state %d on %q goes to %d, not %d", p.from, p.on, got, p.to)
		}
		if Twin[p.to] != p.twin {
			t.Errorf("the twin of state %d is %d, not %d", p.to, Twin[p.to], p.twin)
		}
	}
	if HostKindAt[AuthorityRegName] != tables.HostRegName {
		t.Errorf("an authority ending in AuthorityRegName has host kind %d", HostKindAt[AuthorityRegName])
	}
	for _, s := range []State{AuthorityRegName, WithinPath, WithinQuery, WithinFragment} {
		if Run[s]&PctEncoded == 0 {
			t.Errorf("the run of state %d does not admit pct-encoded triplets", s)
		}
	}
}
