package grammar

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// RFC 3987 (IRIs) widens the grammar with characters beyond US-ASCII. Its
// terminals are characters, not bytes, and an IRI is read here as UTF-8
// (RFC 3629). The main automaton sees each such character as one symbol,
// ucsSymbol or privateSymbol (sets.go); which symbol a sequence of bytes
// is, or whether it is none, is decided by a second automaton over bytes
// that this file builds from the code point ranges below: it accepts
// exactly the shortest-form UTF-8 of the scalar values (no surrogates) and
// tells the characters apart by rule.

// A cpRange is a range of code points, as in ABNF's %xA0-D7FF.
type cpRange struct{ lo, hi rune }

// ucscharRanges is ucschar (RFC 3987 section 2.2):
//
//	ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
//	        / %x10000-1FFFD / %x20000-2FFFD / ... / %xD0000-DFFFD
//	        / %xE1000-EFFFD
var ucscharRanges = func() []cpRange {
	r := []cpRange{{0xA0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF}}
	for plane := rune(1); plane <= 0xD; plane++ {
		r = append(r, cpRange{plane << 16, plane<<16 | 0xFFFD})
	}
	return append(r, cpRange{0xE1000, 0xEFFFD})
}()

// iprivateRanges is iprivate (RFC 3987 section 2.2):
//
//	iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
var iprivateRanges = []cpRange{{0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}}

// bidiFormatting are the bidirectional formatting characters that RFC 3987
// section 4.1 says an IRI must not contain, though ucschar holds them:
// LRM and RLM (U+200E, U+200F), and LRE, RLE, PDF, LRO, RLO (U+202A to
// U+202E).
var bidiFormatting = []cpRange{{0x200E, 0x200F}, {0x202A, 0x202E}}

// A charKind is what the UTF-8 automaton makes of a character.
type charKind int

const (
	kindInvalid    charKind = iota // not UTF-8: the byte read cannot continue
	kindUCS                        // ucschar, but for section 4.1's characters
	kindPrivate                    // iprivate
	kindDisallowed                 // a character of neither rule, or a bidi formatting character
)

// numKinds is the number of kinds, and the number of the UTF-8 automaton's
// start state.
const numKinds = int(kindDisallowed) + 1

var kindNames = []string{"Invalid", "UCS", "Private", "Disallowed"}

var kindDocs = []string{
	"a byte that cannot continue (or begin) the UTF-8 of a character: the input is not UTF-8 there",
	"the UTF-8 of a ucschar (RFC 3987 §2.2), not one of the bidi formatting characters of §4.1",
	"the UTF-8 of an iprivate (RFC 3987 §2.2), which only a query may hold",
	"the UTF-8 of a character that no IRI holds: outside ucschar and iprivate (a C1 control, a noncharacter), or a bidi formatting character (§4.1)",
}

func inRanges(r rune, rs []cpRange) bool {
	for _, x := range rs {
		if x.lo <= r && r <= x.hi {
			return true
		}
	}
	return false
}

// kindOf classifies the scalar value r >= 0x80.
func kindOf(r rune) charKind {
	switch {
	case inRanges(r, bidiFormatting):
		return kindDisallowed
	case inRanges(r, ucscharRanges):
		return kindUCS
	case inRanges(r, iprivateRanges):
		return kindPrivate
	}
	return kindDisallowed
}

// utf8Automaton is the minimal DFA that reads one character of UTF-8
// beginning with a byte >= 0x80. State values below numKinds are final:
// the kinds; the start is numKinds, and the states after it read the
// continuation bytes. It is built as the trie of the encodings of every
// scalar value from U+0080 to U+10FFFF, which utf8.EncodeRune writes in
// shortest form, with equal subtrees merged, which for a tree is
// minimization.
type utf8Automaton struct {
	next    [][256]int // [state - numKinds][byte]
	classes []byteSet
	classOf [256]uint8
}

func buildUTF8() *utf8Automaton {
	// rows[prefix] is the trie node after the bytes of prefix: each
	// entry a kind, or -1 for a child node, the prefix one byte longer.
	rows := map[string]*[256]int{}
	row := func(prefix string) *[256]int {
		r := rows[prefix]
		if r == nil {
			r = new([256]int) // kindInvalid everywhere
			rows[prefix] = r
		}
		return r
	}
	var buf [utf8.UTFMax]byte
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if 0xD800 <= r && r <= 0xDFFF {
			continue // surrogates are not scalar values (RFC 3629 section 3)
		}
		n := utf8.EncodeRune(buf[:], r)
		for k := 0; k < n-1; k++ {
			row(string(buf[:k]))[buf[k]] = -1
		}
		row(string(buf[:n-1]))[buf[n-1]] = int(kindOf(r))
	}
	// Merge equal subtrees, the deepest first, and number the states:
	// the start gets numKinds.
	prefixes := make([]string, 0, len(rows))
	for p := range rows {
		prefixes = append(prefixes, p)
	}
	sort.Slice(prefixes, func(i, j int) bool {
		if len(prefixes[i]) != len(prefixes[j]) {
			return len(prefixes[i]) > len(prefixes[j])
		}
		return prefixes[i] < prefixes[j]
	})
	id := map[string]int{}
	interned := map[[256]int]int{}
	var states [][256]int
	intern := func(r [256]int) int {
		if s, ok := interned[r]; ok {
			return s
		}
		states = append(states, r)
		interned[r] = len(states) - 1
		return len(states) - 1
	}
	for _, p := range prefixes {
		r := *rows[p]
		for b, to := range r {
			if to < 0 {
				r[b] = numKinds + id[p+string([]byte{byte(b)})]
			}
		}
		id[p] = intern(r)
	}
	// Renumber so that the start comes first, then breadth-first.
	order := map[int]int{id[""]: 0}
	queue := []int{id[""]}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, to := range states[s] {
			if to >= numKinds {
				if _, ok := order[to-numKinds]; !ok {
					order[to-numKinds] = len(order)
					queue = append(queue, to-numKinds)
				}
			}
		}
	}
	u := &utf8Automaton{next: make([][256]int, len(order))}
	for old, nw := range order {
		for b, to := range states[old] {
			if to >= numKinds {
				to = numKinds + order[to-numKinds]
			}
			u.next[nw][b] = to
		}
	}
	// Byte classes: bytes that no state tells apart share one.
	index := map[string]uint8{}
	for b := 0; b < 256; b++ {
		var sig strings.Builder
		for _, r := range u.next {
			fmt.Fprintf(&sig, "%d,", r[b])
		}
		c, ok := index[sig.String()]
		if !ok {
			c = uint8(len(u.classes))
			index[sig.String()] = c
			u.classes = append(u.classes, byteSet{})
		}
		u.classes[c][b] = true
		u.classOf[b] = c
	}
	return u
}

// symbolMoves returns, for every state of the main automaton, where the
// symbol sym leads and the failure when it leads nowhere. It checks what
// the scanner takes for granted: a character never enters a special state,
// so the scanner has nothing to record on reading one, and a special state
// and its twin agree on the character, so the scanner may go on in the
// twin.
func symbolMoves(order []*state, next [][]int, fails [][]failure, dead *state, sym int) ([]int, []failure, error) {
	to := make([]int, len(order))
	fail := make([]failure, len(order))
	for i, s := range order {
		t := dead
		for _, e := range s.edges {
			if e.on[sym] {
				t = e.to
				break
			}
		}
		to[i] = t.id
		if t == dead {
			fail[i] = s.dflt
		} else if t.special {
			return nil, nil, fmt.Errorf("grammar: %s enters special state %s on a character", s.name, t.name)
		}
	}
	for i := range order {
		if w := twin(order, next, fails, i); w >= 0 && (to[w] != to[i] || fail[w] != fail[i]) {
			return nil, nil, fmt.Errorf("grammar: %s and its twin %s read a character differently", order[i].name, order[w].name)
		}
	}
	return to, fail, nil
}

// writeIRI writes the tables the scanner reads IRIs with.
func writeIRI(p func(string, ...any), order []*state, next [][]int, fails [][]failure, dead *state) error {
	ucsTo, ucsFail, err := symbolMoves(order, next, fails, dead, ucsSymbol)
	if err != nil {
		return err
	}
	privTo, privFail, err := symbolMoves(order, next, fails, dead, privateSymbol)
	if err != nil {
		return err
	}
	u := buildUTF8()
	if numKinds+len(u.next) > classStride || len(u.classes) > classStride {
		return fmt.Errorf("grammar: the UTF-8 automaton's %d states and %d classes do not fit rows of %d", numKinds+len(u.next), len(u.classes), classStride)
	}

	p("// The tables below read IRIs (RFC 3987 section 2.2), whose\n")
	p("// iunreserved adds ucschar to unreserved, and whose iquery also holds\n")
	p("// iprivate. A character beyond US-ASCII is read as UTF-8 by the UTF-8\n")
	p("// automaton, from its first byte, and the main automaton then reads it\n")
	p("// as one symbol: UCSNext and PrivateNext are its transitions on them.\n")
	p("// The URI tables do not change: Step leads every byte >= 0x80\n")
	p("// to Dead, where a scanner reading an IRI turns to these.\n\n")
	for _, x := range []struct {
		name, rule, only string
		to               []int
		fail             []failure
	}{
		{"UCS", "a ucschar", "", ucsTo, ucsFail},
		{"Private", "an iprivate", " Only the states of a query have one.", privTo, privFail},
	} {
		p("// %sNext[s] is the state after %s in state s, or Dead.%s\n", x.name, x.rule, x.only)
		p("// Every state is listed: the zero State is not Dead.\n")
		p("var %sNext = [NumStates]State{\n", x.name)
		for i, s := range order {
			p("\t%s: %s,\n", s.name, order[x.to[i]].name)
		}
		p("}\n\n")
		p("// %sFail[s] is the failure of %s in a state s whose %sNext\n", x.name, x.rule, x.name)
		p("// is Dead.\n")
		p("var %sFail = [NumStates]FailCode{\n", x.name)
		for i, s := range order {
			if x.to[i] == dead.id {
				p("\t%s: %s,\n", s.name, failureExpr(x.fail[i]))
			}
		}
		p("}\n\n")
	}
	writeUTF8(p, u)
	return nil
}

// writeUTF8 writes the UTF-8 automaton: its states, classes and
// transitions.
func writeUTF8(p func(string, ...any), u *utf8Automaton) {
	p("// A UTF8State is a state of the UTF-8 automaton. The states below\n")
	p("// UTF8Start are final: each says what the bytes read were.\n")
	p("type UTF8State uint8\n\n")
	p("// The final states and the start of the UTF-8 automaton.\n")
	p("const (\n")
	for k := charKind(0); int(k) < numKinds; k++ {
		p("\t// UTF8%s: %s.\n", kindNames[k], kindDocs[k])
		p("\tUTF8%s UTF8State = %d\n", kindNames[k], k)
	}
	p("\t// UTF8Start: the automaton reads the first byte of a character,\n")
	p("\t// one >= 0x80, from here.\n")
	p("\tUTF8Start UTF8State = %d\n", numKinds)
	p(")\n\n")
	p("// UTF8NumStates is the number of states of the UTF-8 automaton.\n")
	p("const UTF8NumStates = %d\n\n", numKinds+len(u.next))
	p("// UTF8Class maps each byte to its class in the UTF-8 automaton: the\n")
	p("// bytes that no state of it tells apart share one.\n")
	p("//\n")
	for c, cls := range u.classes {
		p("//\t0x%02X: %s\n", c, describe(cls))
	}
	p("var UTF8Class = [256]uint8{\n")
	writeByteTable(p, u.classOf)
	p("}\n\n")
	p("// UTF8NumClasses is the number of byte classes of the UTF-8 automaton.\n")
	p("const UTF8NumClasses = %d\n\n", len(u.classes))
	p("// UTF8Next is the transition function of the UTF-8 automaton: the\n")
	p("// minimal DFA that accepts the shortest-form UTF-8 (RFC 3629) of each\n")
	p("// scalar value from U+0080 to U+10FFFF, surrogates excluded, and ends\n")
	p("// in the final state of its kind. The final states have rows of\n")
	p("// UTF8Invalid; nothing reads on from them. It has Stride rows of\n")
	p("// as many entries, so that a state and a class masked with Stride-1\n")
	p("// index it without a bounds check; the rows past UTF8NumStates and\n")
	p("// the columns past UTF8NumClasses are never used.\n")
	p("var UTF8Next = [Stride][Stride]UTF8State{\n")
	for k := charKind(0); int(k) < numKinds; k++ {
		p("\tUTF8%s: {},\n", kindNames[k])
	}
	for s, r := range u.next {
		p("\t%d: {", numKinds+s)
		for c, cls := range u.classes {
			if c > 0 {
				p(", ")
			}
			p("%d", r[representative(cls)])
		}
		p("},\n")
	}
	p("}\n\n")
}
