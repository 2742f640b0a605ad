package scan

import "github.com/urilabs/rfc3986/tables"

// IRIs (RFC 3987). The URI automaton leads every byte >= 0x80 to Dead.
// With Options.IRI, the scanner turns there to readCharacters, which reads
// the character that byte begins with the UTF-8 automaton of package
// tables and then moves the main automaton on the symbol the character
// is: UCSNext or PrivateNext. Both were generated from the
// grammar description, and they are the definition.
//
// The runs the scanner skips stay runs of ASCII bytes: a run ends at the
// first byte >= 0x80, and readCharacters reads on over the characters
// that follow one another in the same component before it returns to the
// loop. Where the characters keep the automaton in its state, as in a
// path, a query or a fragment, it reads them and the run between them a
// block at a time with ucsRunEnd (ucs.go), which passes only characters
// it can vouch for and leaves every other to the UTF-8 automaton. An IRI
// whose lane (see lane) stops at a character goes on in the lane the
// same way, so that the usual IRI never enters the scan loop. A URI, which
// holds no byte >= 0x80, is read exactly as before.

// readCharacters reads the characters beyond US-ASCII from offset at, the
// first of which made the automaton leave state p for Dead, and what
// follows them for as long as the automaton stays in one component: the
// characters, and between them the bytes of the state's run, which keep
// it where it is. It returns the state, pre-multiplied by Stride,
// and the offset to go on from, at a byte the scan loop must step, or the
// failure: ReasonInvalidUTF8 at the first byte that cannot continue a
// character, or the failure of the state for a character it cannot hold,
// at the character's first byte.
//
// Where p keeps its state over ucschar, the characters and the run are
// read by ucsRunEnd, with vector code when vector says so, and only the
// characters it leaves are read one at a time here.
//
// It is kept out of the scan loop, which reaches it only through Dead.
func readCharacters(s string, at uint, p State, runs *[256]tables.Set, vector bool) (st, i uint, f Failure) {
	n := uint(len(s))
	i = at
	for i < n {
		if c := s[i]; c < 0x80 {
			// A byte of the run of p keeps the automaton in p (Run's
			// promise); any other, a "%" too, is the loop's to step.
			// runs is the scan loop's: stepping, it has no runs.
			if tables.Sets[c]&runs[p] == 0 {
				break
			}
			i++
			continue
		}
		if runs[p] != 0 && UCSNext[p] == p {
			// Characters of ucschar keep the automaton in p: read on
			// over them and the run of p a block at a time, up to a
			// byte the block check leaves to the code below.
			if j := ucsRunEnd(s, i, runs[p], vector); j != i {
				i = j
				continue
			}
		}
		k, end := ReadCharacter(s, i)
		var next State
		switch k {
		case UTF8UCS:
			next = UCSNext[p]
			if next == Dead {
				return 0, 0, codeFailure(UCSFail[p], int(i))
			}
		case UTF8Private:
			next = PrivateNext[p]
			if next == Dead {
				return 0, 0, codeFailure(PrivateFail[p], int(i))
			}
		case UTF8Disallowed:
			// What the state says of a byte outside the grammar.
			return 0, 0, codeFailure(Fail[p][0], int(i))
		default:
			c := Fail[p][0].Component()
			return 0, 0, failAt(int(end), tables.ReasonInvalidUTF8, c)
		}
		p, i = next, end
	}
	return uint(p) * Stride, i, 0
}

// ReadCharacter runs the UTF-8 automaton over s from offset i < len(s),
// where a byte >= 0x80 begins a character, and returns the final state it ends
// in and the offset after the character. When the state is
// UTF8Invalid, the offset is that of the first byte that cannot
// continue the character, len(s) if s ends within it.
func ReadCharacter(s string, i uint) (UTF8State, uint) {
	n := uint(len(s))
	const mask = Stride - 1
	q := UTF8Next[UTF8Start][UTF8Class[s[i]]&mask]
	for q >= UTF8Start {
		i++
		if i >= n {
			return UTF8Invalid, n
		}
		q = UTF8Next[q&mask][UTF8Class[s[i]]&mask]
	}
	if q == UTF8Invalid {
		return q, i
	}
	return q, i + 1
}

// readCharacters reads an IRI's lane on from l.stop, where the lane of
// ASCII bytes stopped at a byte >= 0x80 in the path, query or fragment, or
// in the host: the characters of ucschar (and of iprivate in the query)
// belong to each run of the lane as its bytes do, since they keep the
// automaton in the state of the run. It moves l.stop, and the delimiters
// it goes past, up to the first byte that does not fit the lane's shape,
// the end of s or a byte the scan loop must read, that the loop then
// reads from, with its tables, as it does the stop of laneEnd.
func (l *lane) readCharacters(s string, vector bool) {
	n := uint(len(s))
	for i := l.stop; i < n; i = l.stop {
		st := AuthorityRegName
		switch {
		case l.hash != 0:
			st = WithinFragment
		case l.question != 0:
			st = WithinQuery
		case l.slash != 0:
			st = WithinPath
		}
		j := ucsRunEnd(s, i, Run[st], vector)
		l.stop = j
		if j == n {
			return
		}
		switch c := s[j]; {
		case c >= 0x80:
			// A character the block check left: it belongs to the run
			// when the tables say so.
			k, end := ReadCharacter(s, j)
			if !(k == UTF8UCS && UCSNext[st] == st || k == UTF8Private && PrivateNext[st] == st) {
				return
			}
			l.stop = end
		case c == '%':
			if j+2 >= n || tables.Sets[s[j+1]]&tables.Sets[s[j+2]]&tables.HEXDIG == 0 {
				return
			}
			l.stop = j + 3
		case c == '/' && st == AuthorityRegName:
			l.slash, l.stop = j, j+1
		case c == '?' && st == WithinPath:
			l.question, l.stop = j, j+1
		case c == '#' && (st == WithinPath || st == WithinQuery):
			l.hash, l.stop = j, j+1
		default:
			return
		}
	}
}
