package route

import (
	"encoding/binary"
	"math"
	"strings"

	"github.com/urilabs/rfc3986/uri"
)

// Flags of the fast path beyond those of scanPath.
const (
	// fInvalid: a byte that the path (in pathTable) or the query (in
	// queryTable) of an origin-form target cannot hold.
	fInvalid = 1 << 14
	// fQueryPct: a "%" in the query.
	fQueryPct = 1 << 15
)

// fastFlags holds, for each byte, the flags of scanPath the byte may
// raise, seen alone: a "." may begin a dot-segment, so it raises both dot
// flags, which the fast path confirms when the policy cares. "/" raises
// nothing: the fast path looks for "//" and a trailing "/" itself.
var fastFlags = func() (t [256]uint16) {
	for c := range t {
		t[c] = byteFlags[c] &^ fSlash
	}
	t['.'] |= fDot | fDotDot
	return t
}()

// pathTable is fastFlags with fInvalid on every byte an absolute-path
// (RFC 3986 section 3.3) cannot hold: all but pchar, "/" and the "%" of
// an escape. queryTable has fInvalid on every byte a query cannot hold
// (all but pchar, "/", "?" and "%"), and fQueryPct on "%". The fast path
// reads a target with them, so that one lookup a byte both validates it
// as strictly as uri.ParseRequestTarget and gathers what the policy and
// the hazards depend on.
var pathTable, queryTable = func() (p, q [256]uint16) {
	for c := range 256 {
		b := byte(c)
		pchar := isUnreserved(b) || containsByte("!$&'()*+,;=:@", b)
		p[c] = fastFlags[c]
		if !pchar && b != '/' && b != '%' {
			p[c] |= fInvalid
		}
		if !pchar && b != '/' && b != '?' && b != '%' {
			q[c] |= fInvalid
		}
	}
	q['%'] |= fQueryPct
	return p, q
}()

// maxFast is the length of the longest target the fast path reads: the
// offsets of a Result are 32 bits.
const maxFast = math.MaxInt32

// scanOrigin reads s as an origin-form request-target (RFC 9112 section
// 3.2.1): ok is true when uri.ParseRequestTarget accepts s as one, with
// its path s[:pathEnd]; f is then the flags of pathTable of the path's
// bytes, with fQueryPct when the query holds a "%". One table lookup a
// byte, and a look at the escapes when there is a "%".
func scanOrigin(s string) (f uint16, pathEnd int, ok bool) {
	if len(s) == 0 || s[0] != '/' || len(s) > maxFast {
		return 0, 0, false
	}
	pathEnd = strings.IndexByte(s, '?')
	if pathEnd < 0 {
		pathEnd = len(s)
		f = orFlags(&pathTable, s)
	} else {
		f = orFlags(&pathTable, s[:pathEnd]) | orFlags(&queryTable, s[pathEnd+1:])
	}
	if f&fInvalid != 0 || f&(fPct|fQueryPct) != 0 && !validEscapes(s) {
		return f, pathEnd, false
	}
	return f, pathEnd, true
}

// orFlags returns the flags of table of the bytes of s, or'd: eight
// lookups a round, which the loop's overhead would otherwise double.
func orFlags(table *[256]uint16, s string) uint16 {
	var f uint16
	for len(s) >= 8 {
		f |= table[s[0]] | table[s[1]] | table[s[2]] | table[s[3]] |
			table[s[4]] | table[s[5]] | table[s[6]] | table[s[7]]
		s = s[8:]
	}
	for i := 0; i < len(s); i++ {
		f |= table[s[i]]
	}
	return f
}

// pathFlags returns the fastFlags of the bytes of path, or'd.
func pathFlags(path string) uint16 { return orFlags(&pathTable, path) }

// validEscapes says whether every "%" of s begins an escape: "%" and two
// hex digits.
func validEscapes(s string) bool {
	for i := strings.IndexByte(s, '%'); i >= 0; {
		if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			return false
		}
		j := strings.IndexByte(s[i+3:], '%')
		if j < 0 {
			break
		}
		i += 3 + j
	}
	return true
}

func isHex(c byte) bool { return isDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'f' }

// originHazards returns what uri.RequestTarget.Hazards gives for s, a
// valid origin-form target whose path s[:pathEnd] has the flags f of
// pathTable. Without an escape, the hazards of a path are its leading
// "//", its ";" and its dot-segments, which the flags and a look at the
// pairs of bytes find; with one, package uri reads the escapes.
func originHazards(s string, pathEnd int, f uint16) uri.Hazards {
	if f&fPct != 0 {
		t, _ := uri.ParseRequestTarget(s)
		return t.Hazards()
	}
	var h uri.Hazards
	if pathEnd > 1 && s[1] == '/' {
		h |= 1 << uri.DoubleSlashPath
	}
	if f&fSemi != 0 {
		h |= 1 << uri.PathParameter
	}
	if f&fDot != 0 && dotSegments(s[:pathEnd]) != 0 {
		h |= 1 << uri.DotSegment
	}
	return h
}

// dotSegments returns the dot flags of scanPath of path: none without a
// "/." in it, which pairs finds eight bytes at a time.
func dotSegments(path string) uint16 {
	if _, slashDot := pairs(path); !slashDot {
		return 0
	}
	return scanPath(path) & (fDot | fDotDot)
}

// pairs says whether s holds "//" and whether it holds "/.". It reads
// eight bytes at a time as a word, the windows overlapping by one byte so
// that every two adjacent bytes are within one: in a word x whose bytes
// equal to "/" are zero, and y whose "." are, the byte at i of x|x>>8 is
// zero when bytes i and i+1 are "//", of x|y>>8 when they are "/.".
func pairs(s string) (slashSlash, slashDot bool) {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
		last  = 0xFF << 56 // the byte whose pair is in the next window
	)
	if len(s) < 8 {
		for i := 1; i < len(s); i++ {
			if s[i-1] == '/' {
				slashSlash = slashSlash || s[i] == '/'
				slashDot = slashDot || s[i] == '.'
			}
		}
		return slashSlash, slashDot
	}
	var ss, sd uint64
	window := func(w uint64) {
		x, y := w^ones*'/', w^ones*'.'
		a, b := x|x>>8|last, x|y>>8|last
		ss |= (a - ones) &^ a
		sd |= (b - ones) &^ b
	}
	i := 0
	for ; i+8 <= len(s); i += 7 {
		window(binary.LittleEndian.Uint64([]byte(s[i : i+8])))
	}
	if i+1 < len(s) {
		window(binary.LittleEndian.Uint64([]byte(s[len(s)-8:])))
	}
	return ss&highs != 0, sd&highs != 0
}

// fastOrigin is the work of applySplit on a valid origin-form target
// (path s[:pathEnd], query after it when hasQuery) that the policy leaves
// as it is: one pass of table lookups over the path, and the result
// slices of s. It returns false when it cannot prove the target is left
// as it is; the caller then runs the whole engine, so that the results are
// those of applySplit in every case.
func (p *Policy) fastOrigin(r *Result, s string, pathEnd int, hasQuery bool) bool {
	f := pathFlags(s[:pathEnd])
	return p.fastOriginFlags(r, s, pathEnd, hasQuery, f, 0)
}

// fastOriginFlags is fastOrigin given the flags f of the path, as
// pathFlags or scanOrigin return them, and the hazards h of the target,
// which the result holds.
func (p *Policy) fastOriginFlags(r *Result, s string, pathEnd int, hasQuery bool, f uint16, h uri.Hazards) bool {
	if pathEnd == 0 {
		return false
	}
	path := s[:pathEnd]
	sensitive := p.sensitive()
	if hasQuery {
		q := s[pathEnd+1:]
		switch {
		case p.QueryEscapes == QueryEscapesLikePath && sensitive&fPct != 0 && strings.IndexByte(q, '%') >= 0,
			p.Query == QuerySort && needsSort(q),
			p.Query == QueryDropEmpty && p.Forward != ForwardRaw && q == "":
			return false
		}
	}
	if f&sensitive != 0 {
		if f&sensitive&^(fDot|fDotDot) != 0 || dotSegments(path)&sensitive != 0 {
			return false
		}
	}
	if sensitive&fTrailing != 0 && len(path) > 1 && path[len(path)-1] == '/' {
		return false
	}
	if sensitive&fEmpty != 0 {
		if slashSlash, _ := pairs(path); slashSlash {
			return false
		}
	}
	*r = Result{
		Verdict: Accept,
		valid:   true,
		hazards: h,
		Forward: s,
		Key:     path,
		fpath:   int32(pathEnd),
		aligned: true,
		escape:  p.Escape,
		strip:   p.Strip,
		decoded: p.KeyForm == KeyDecoded,
	}
	return true
}

// originSplit is the split of a valid origin-form target.
func originSplit(t uri.RequestTarget) split {
	return originSplitAt(len(t.Path()), t.HasQuery())
}

// originSplitAt is the split of a valid origin-form target whose path
// ends at pathEnd.
func originSplitAt(pathEnd int, hasQuery bool) split {
	sp := split{form: uri.OriginForm, pathEnd: pathEnd, query: -1, frag: -1}
	if hasQuery {
		sp.query = pathEnd
	}
	return sp
}
