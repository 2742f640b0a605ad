package route

import (
	"strings"

	"github.com/urilabs/rfc3986/uri"
)

// fastFlags holds, for each byte, the flags of scanPath the byte may
// raise, seen alone: a "." may begin a dot-segment, so it raises both dot
// flags, which fastOrigin confirms with scanPath when the policy cares.
// "/" raises nothing: fastOrigin looks for "//" and a trailing "/" itself.
var fastFlags = func() (t [256]uint16) {
	for c := range t {
		t[c] = byteFlags[c] &^ fSlash
	}
	t['.'] |= fDot | fDotDot
	return t
}()

// fastOrigin is the work of applySplit on a valid origin-form target
// (path s[:pathEnd], query after it when hasQuery) that the policy leaves
// as it is: one pass of table lookups over the path, and the result
// slices of s. It returns false when it cannot prove the target is left
// as it is; the caller then runs the whole engine, so that the results are
// those of applySplit in every case.
func (p *Policy) fastOrigin(r *Result, s string, pathEnd int, hasQuery bool) bool {
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
	f := pathFlags(path)
	if f&sensitive != 0 {
		if f&sensitive&^(fDot|fDotDot) != 0 || scanPath(path)&sensitive != 0 {
			return false
		}
	}
	if sensitive&fTrailing != 0 && len(path) > 1 && path[len(path)-1] == '/' {
		return false
	}
	if sensitive&fEmpty != 0 && strings.Contains(path, "//") {
		return false
	}
	*r = Result{
		Verdict: Accept,
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

// pathFlags returns the fastFlags of the bytes of path, or'd: eight
// lookups a round, which the loop's overhead would otherwise double.
func pathFlags(path string) uint16 {
	var f uint16
	for len(path) >= 8 {
		f |= fastFlags[path[0]] | fastFlags[path[1]] | fastFlags[path[2]] | fastFlags[path[3]] |
			fastFlags[path[4]] | fastFlags[path[5]] | fastFlags[path[6]] | fastFlags[path[7]]
		path = path[8:]
	}
	for i := 0; i < len(path); i++ {
		f |= fastFlags[path[i]]
	}
	return f
}

// originSplit is the split of a valid origin-form target.
func originSplit(t uri.RequestTarget) split {
	sp := split{form: uri.OriginForm, pathEnd: len(t.Path()), query: -1, frag: -1}
	if t.HasQuery() {
		sp.query = sp.pathEnd
	}
	return sp
}
