package route

import (
	"math"
	"strings"
	"unsafe"

	"github.com/urilabs/rfc3986/uri"
)

// Flags of the fast path beyond those of scanPath, which are uint16.
const (
	// fInvalid: a byte that no origin-form target holds.
	fInvalid = 1 << 16
	// fQuestion: a "?", which ends the path.
	fQuestion = 1 << 17
	// fDotSlash: a "." or a "/".
	fDotSlash = 1 << 18
	// fAdjacent: two adjacent bytes that are each "." or "/".
	fAdjacent = fDotSlash << 1
)

// pathTable holds, for each byte, the flags of scanPath the byte may
// raise, seen alone: a "." may begin a dot-segment, so it raises both dot
// flags, which settle confirms; "/" raises fDotSlash alone, and settle
// looks for "//" and the fast path for a trailing "/". Every byte an
// origin-form target (RFC 9112 section 3.2.1: an absolute-path and a
// query, RFC 3986 sections 3.3 and 3.4) cannot hold has fInvalid: all
// but pchar, "/", "?" and the "%" of an escape; and "?" has fQuestion.
// The bytes of a query are those of a path and "?", so that one lookup a
// byte over the whole target validates it as strictly as
// uri.ParseRequestTarget does, and gathers what the policy and the
// hazards depend on.
var pathTable = func() (t [256]uint32) {
	for c := range 256 {
		b := byte(c)
		t[c] = uint32(byteFlags[c] &^ fSlash)
		if !isUnreserved(b) && !containsByte("!$&'()*+,;=:@/?%", b) {
			t[c] |= fInvalid
		}
	}
	t['.'] |= fDot | fDotDot | fDotSlash
	t['/'] |= fDotSlash
	t['?'] |= fQuestion
	return t
}()

// maxFast is the length of the longest target the fast path reads: the
// offsets of a Result are 32 bits.
const maxFast = math.MaxInt32

// pathFlagsGo returns the flags of pathTable of the bytes of s, or'd,
// and fAdjacent when two adjacent bytes have fDotSlash: pathFlags where
// no vector code runs, and its twin in the tests. It looks up eight
// bytes a round, which the loop's overhead would otherwise double, and
// and's the values pairwise for fAdjacent. The last round reads the last
// eight bytes, which may overlap the round before (a byte's flags or'd
// twice change nothing, and the pair across is still a pair of adjacent
// bytes), so that no loop of one byte at a time ends on a length the
// branch predictor cannot guess; a shorter s is read as its first and
// last four bytes. The rounds read eight bytes through a pointer, as
// reslicing s costs more instructions than the lookups of a round.
func pathFlagsGo(s string) uint32 {
	var f, g uint32
	n := len(s)
	switch {
	case n >= 8:
		p := unsafe.Pointer(unsafe.StringData(s))
		var prev uint32
		// An index rather than an end pointer: a pointer just past the
		// string is not one into its allocation (checkptr refuses it).
		for i := 0; ; i += 8 {
			if i > n-8 {
				// The last round: the eight bytes before the end, after
				// the byte before them.
				i = n - 8
				if i > 0 {
					prev = pathTable[s[i-1]]
				}
			}
			b := (*[8]byte)(unsafe.Add(p, i))
			a0, a1, a2, a3 := pathTable[b[0]], pathTable[b[1]], pathTable[b[2]], pathTable[b[3]]
			g |= prev&a0 | a0&a1 | a1&a2 | a2&a3
			f |= a0 | a1 | a2 | a3
			a4, a5, a6, a7 := pathTable[b[4]], pathTable[b[5]], pathTable[b[6]], pathTable[b[7]]
			g |= a3&a4 | a4&a5 | a5&a6 | a6&a7
			f |= a4 | a5 | a6 | a7
			if i == n-8 {
				break
			}
			prev = a7
		}
	case n >= 4:
		// The first and the last four bytes, which cover every pair of
		// adjacent bytes; the last of the first and the first of the last
		// are adjacent only when n is 8, which the case above has.
		a0, a1, a2, a3 := pathTable[s[0]], pathTable[s[1]], pathTable[s[2]], pathTable[s[3]]
		b0, b1, b2, b3 := pathTable[s[n-4]], pathTable[s[n-3]], pathTable[s[n-2]], pathTable[s[n-1]]
		f = a0 | a1 | a2 | a3 | b0 | b1 | b2 | b3
		g = a0&a1 | a1&a2 | a2&a3 | b0&b1 | b1&b2 | b2&b3
	default:
		var prev uint32
		for i := 0; i < n; i++ {
			a := pathTable[s[i]]
			f |= a
			g |= prev & a
			prev = a
		}
	}
	return f | (g&fDotSlash)<<1
}

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

// settle makes the dot flags of f, the pathFlags of path, say whether
// path has a "." or ".." segment, and fEmpty whether it has an empty one,
// as scanPath's do. Both need a "/" followed by "." or "/": without two
// adjacent bytes that are "." or "/", the case of nearly every path,
// neither is there; with them, scanPath says.
func settle(path string, f uint32) uint32 {
	if f&fAdjacent == 0 {
		return f &^ (fDot | fDotDot)
	}
	return f&^(fDot|fDotDot|fEmpty) | uint32(scanPath(path)&(fDot|fDotDot|fEmpty))
}

// originHazards returns what uri.RequestTarget.Hazards gives for s, a
// valid origin-form target whose path s[:pathEnd] has the flags f of
// pathTable, settled. Without an escape, the hazards of a path are its
// leading "//", its ";" and its dot-segments, which f says; with one,
// package uri reads the escapes.
func originHazards(s string, pathEnd int, f uint32) uri.Hazards {
	var h uri.Hazards
	if f&(fPct|fSemi|fDot|fDotDot) == 0 && (pathEnd < 2 || s[1] != '/') {
		return 0
	}
	if f&fPct != 0 {
		t, _ := uri.ParseRequestTarget(s)
		return t.Hazards()
	}
	if pathEnd > 1 && s[1] == '/' {
		h |= 1 << uri.DoubleSlashPath
	}
	if f&fSemi != 0 {
		h |= 1 << uri.PathParameter
	}
	if f&(fDot|fDotDot) != 0 {
		h |= 1 << uri.DotSegment
	}
	return h
}

// fastOrigin is the work of applySplit on a valid origin-form target
// (path s[:pathEnd], query after it when hasQuery) that the policy leaves
// as it is: one pass of table lookups over the path, and the result
// slices of s. It returns false when it cannot prove the target is left
// as it is; the caller then runs the whole engine, so that the results are
// those of applySplit in every case.
func (p *Policy) fastOrigin(r *Result, s string, pathEnd int, hasQuery bool) bool {
	return p.fastOriginFlags(r, s, pathEnd, hasQuery, settle(s[:pathEnd], pathFlags(s[:pathEnd])), 0)
}

// fastOriginFlags is fastOrigin given the flags f of the path, as
// pathFlags returns them and settle makes them exact, and the
// hazards h of the target, which the result holds.
func (p *Policy) fastOriginFlags(r *Result, s string, pathEnd int, hasQuery bool, f uint32, h uri.Hazards) bool {
	if !p.leaves(s, pathEnd, hasQuery, f) {
		return false
	}
	*r = Result{
		Verdict: Accept,
		valid:   true,
		hazards: h,
		Forward: s,
		Key:     s[:pathEnd],
		fpath:   int32(pathEnd),
		aligned: true,
		escape:  p.Escape,
		strip:   p.Strip,
		decoded: p.KeyForm == KeyDecoded,
	}
	return true
}

// leaves says that p leaves the valid origin-form target s, whose path
// s[:pathEnd] has the settled flags f, as it is, when it can prove it: it
// asks the policy what it is sensitive to only when the path holds
// something a policy may act on, which most do not.
func (p *Policy) leaves(s string, pathEnd int, hasQuery bool, f uint32) bool {
	if pathEnd == 0 || p.trimsDot(s, pathEnd) {
		return false
	}
	if trailing := pathEnd > 1 && s[pathEnd-1] == '/'; uint16(f) != 0 || trailing {
		sensitive := p.validSensitive()
		if f&uint32(sensitive) != 0 || trailing && sensitive&fTrailing != 0 {
			return false
		}
	}
	if hasQuery {
		q := s[pathEnd+1:]
		switch {
		case p.QueryEscapes == QueryEscapesLikePath && strings.IndexByte(q, '%') >= 0 && p.validSensitive()&fPct != 0,
			p.Query == QuerySort && needsSort(q),
			p.Query == QueryDropEmpty && p.Forward != ForwardRaw && q == "":
			return false
		}
	}
	return true
}

// validSensitive is sensitive for a path that uri.ParseRequestTarget
// accepts. RawPathGo rewrites only a path that holds a byte net/url
// escapes and does not keep in a raw path (needsGoEscape), which no such
// path holds: "(" or "!" are data that Go proxies forward as they came.
// (Under KeyDecodedClean the engine makes a key apart from the forwarded
// path whenever it runs, which the fast path must not short-cut, unless
// the policy strips prefixes as StripCleanedEscaped, which never looks at
// that.)
func (p *Policy) validSensitive() uint16 {
	if p.RawPath != RawPathGo || p.KeyForm == KeyDecodedClean && p.Strip != StripCleanedEscaped {
		return p.sensitive()
	}
	q := *p
	q.RawPath = RawPathKeep
	return q.sensitive()
}

// plain says that p leaves the valid origin-form target s, whose path
// s[:pathEnd] has the settled flags f, as it is, for the plainest reason:
// the path holds nothing a policy acts on but upper-case letters where
// the policy keeps their case, and a trailing "/" where it keeps that, and
// the policy keeps the query, if any, as it is. It is the common case of
// leaves, asked of the knobs themselves rather than of sensitive, and
// small enough to be inlined. The knobs are asked first, and upper case
// without a branch: the same policy gives the same answers, which the
// branch predictor learns, where the bytes of the targets do not.
func (p *Policy) plain(s string, pathEnd int, f uint32) bool {
	var kept uint16
	if p.KeyCase == KeyCaseKeep {
		kept = fUpper
	}
	return uint16(f)&^kept == 0 && !p.trimsDot(s, pathEnd) &&
		(p.TrailingSlash == TrailingSlashKeep || s[pathEnd-1] != '/') &&
		(p.Query == QueryKeep && p.QueryEscapes == QueryEscapesKeep || pathEnd == len(s))
}

// trimsDot says the key of a path s[:pathEnd] that ends in "." is not
// the path itself: KeyDecodedClean trims it, as Caddy's path matcher does
// (a space, the other byte it trims, is no byte of a valid path).
func (p *Policy) trimsDot(s string, pathEnd int) bool {
	return p.KeyForm == KeyDecodedClean && s[pathEnd-1] == '.'
}

// leftAsIs sets r, the zero Result, to what fastOriginFlags sets it to.
func (r *Result) leftAsIs(p *Policy, s string, pathEnd int, h uri.Hazards) {
	r.valid, r.hazards = true, h
	r.Forward, r.Key = s, s[:pathEnd]
	r.fpath, r.aligned = int32(pathEnd), true
	r.escape, r.strip, r.decoded = p.Escape, p.Strip, p.KeyForm == KeyDecoded
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
