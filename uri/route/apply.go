package route

import (
	"net/netip"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/urilabs/rfc3986/internal/ascii"
	"github.com/urilabs/rfc3986/internal/pct"
	"github.com/urilabs/rfc3986/uri"
)

// opRoute is the Op of the errors of Apply.
const opRoute = "route"

// Apply reads target, the request-target of a request line as the product
// received it (raw bytes, not necessarily a valid one), as the policy's
// product does, and returns its verdict, key and forwarded target.
//
// Key and Forward are slices of target when the policy leaves the target
// as it is, and then Apply allocates nothing; otherwise they share one
// allocation.
//
// It is the whole of a proxy's work on the URL of a request in one call:
// an origin-form target is validated as strictly as uri.ParseRequestTarget
// does in the pass that reads it, which finds its hazards too
// (Result.Hazards), so that a proxy parses the target once.
func (p Policy) Apply(target string) Result {
	var r Result
	p.applyRaw(&r, target, nil)
	return r
}

// AppendApply is Apply writing what it has to write (a changed key, a
// changed forwarded target, a redirect's location) into dst, and returning
// the extended buffer. It allocates nothing when dst has room enough:
// 24*len(target)+32 bytes of spare capacity always suffice (for each
// step of a policy with Then). The buffer
// grows by what the result holds and the scratch space of the pass.
//
// The strings of the result may point into the returned buffer: they stay
// valid as long as the buffer's bytes from len(dst) on are not modified.
func (p Policy) AppendApply(dst []byte, target string) (Result, []byte) {
	var r Result
	dst = p.applyRaw(&r, target, dst)
	return r, dst
}

// applyRaw is Apply and AppendApply; r is the zero Result. An
// origin-form target that uri.ParseRequestTarget accepts, the target of
// nearly every request, is read in one pass of table lookups (pathFlags
// over the whole target: a query holds the bytes of a path and "?") that
// validates it as strictly, and gathers what its hazards and the policy
// depend on; a target the policy leaves as it is is done then. Any other
// goes through the whole engine, as a valid target does when the policy
// changes it, with the hazards of the pass. Written out rather than
// split into calls, which cost a good part of the work on a short target.
func (p *Policy) applyRaw(r *Result, target string, dst []byte) []byte {
	if p.Then != nil || p.Limits.Line|p.Limits.Head != 0 {
		if !p.Limits.allowsGet(target) {
			r.reject(p.Limits.Status, &uri.Error{Op: opRoute, Input: target, Offset: len(target), Err: ErrTooLong})
			return dst
		}
		if p.Then != nil {
			return p.applySteps(r, target, dst)
		}
	}
	if p.Forward != ForwardApache && p.Forward != ForwardApacheNoCanon {
		// Every reading takes a strictly valid origin-form target as the
		// strict one does.
		if len(target) > 0 && target[0] == '/' && len(target) <= maxFast {
			// The result of a target left as it is, without a query or
			// a hazard, written before the pass rather than after it:
			// the caller copies the Result with wide loads, which wait
			// for narrower stores still in flight, and the pass gives
			// these stores the time to complete.
			r.leftAsIs(p, target, len(target), 0)
			f := pathFlags(target)
			if f&fInvalid != 0 || f&fPct != 0 && !validEscapes(target) {
				// Exactly what uri.ParseRequestTarget refuses of a target
				// that begins with "/". (The engine may read a rewrite
				// of it, "#" encoded, which is valid: its hazards are
				// not this target's.)
				*r = Result{}
				dst = p.applyFull(r, target, dst)
				r.hazards, r.valid = 0, false
				return dst
			}
			pathEnd := len(target)
			if f&fQuestion != 0 {
				pathEnd = strings.IndexByte(target, '?')
				f = pathFlags(target[:pathEnd])
				r.Key, r.fpath = target[:pathEnd], int32(pathEnd)
			}
			f = settle(target[:pathEnd], f)
			var h uri.Hazards
			if f&(fPct|fSemi|fDot|fDotDot) != 0 || pathEnd > 1 && target[1] == '/' {
				h = originHazards(target, pathEnd, f)
				r.hazards = h
			}
			hasQuery := pathEnd < len(target)
			if p.plain(target, pathEnd, f) || p.leaves(target, pathEnd, hasQuery, f) {
				return dst
			}
			*r = Result{}
			dst = p.applySplit(r, target, originSplitAt(pathEnd, hasQuery), dst, false)
			r.hazards, r.valid = h, true
			return dst
		}
	}
	dst = p.apply(r, target, dst)
	r.hazards, r.valid = 0, false
	if t, err := uri.ParseRequestTarget(target); err == nil {
		r.hazards, r.valid = t.Hazards(), true
	}
	return dst
}

// ApplyTarget applies the policy to a target already parsed: it skips the
// reading (Read, InvalidPercent and Fragment have nothing to do on a valid
// request-target) and does the rest as Apply does.
func (p Policy) ApplyTarget(t uri.RequestTarget) (r Result) {
	// A valid target that begins with "/" is origin-form: its path ends
	// at its "?" or its end (a valid target has no fragment).
	s := targetString(t)
	if p.Then != nil {
		p.applyTargetSteps(&r, &t, s)
		return r
	}
	if p.Limits.Line|p.Limits.Head != 0 && !p.Limits.allowsGet(s) {
		return p.Apply(s)
	}
	if s == "" || s[0] != '/' {
		return p.applyTargetSlow(t)
	}
	// The result of a target left as it is, without a query or a hazard,
	// written in the result's place before the pass rather than after it:
	// the caller copies the Result with wide loads, which wait for
	// narrower stores still in flight, and the pass gives these stores the
	// time to complete.
	r = Result{
		valid:   true,
		Forward: s,
		Key:     s,
		fpath:   int32(len(s)),
		aligned: true,
		escape:  p.Escape,
		strip:   p.Strip,
		decoded: p.KeyForm == KeyDecoded,
	}
	// One pass over the whole target, as the path of nearly every one is
	// the whole of it; a second over the path of one with a query.
	path := s
	f := pathFlags(s)
	if f&fQuestion != 0 {
		path = s[:strings.IndexByte(s, '?')]
		f = pathFlags(path)
		r.Key, r.fpath = path, int32(len(path))
	}
	f = settle(path, f)
	var h uri.Hazards
	if f&fPct != 0 {
		h = t.Hazards()
		r.hazards = h
	} else if f&(fSemi|fDot|fDotDot) != 0 || len(path) > 1 && path[1] == '/' {
		h = originHazards(s, len(path), f)
		r.hazards = h
	}
	if !p.plain(s, len(path), f) && !p.leaves(s, len(path), len(path) < len(s), f) {
		return p.applyTargetEngine(t, h)
	}
	return r
}

// applyTargetSteps is ApplyTarget for a policy with a next step (Then),
// s the target. A target that every step leaves as it is (each step then
// reads the same target) is read once, and left as it is; any other goes
// through Apply, step by step.
func (p *Policy) applyTargetSteps(r *Result, t *uri.RequestTarget, s string) {
	if s == "" || s[0] != '/' || p.Limits.Line|p.Limits.Head != 0 && !p.Limits.allowsGet(s) {
		*r = p.Apply(s)
		return
	}
	path := s
	f := pathFlags(s)
	if f&fQuestion != 0 {
		path = s[:strings.IndexByte(s, '?')]
		f = pathFlags(path)
	}
	f = settle(path, f)
	last, ok := p.stepsLeave(s, len(path), f)
	if !ok {
		*r = p.Apply(s)
		return
	}
	var h uri.Hazards
	if f&fPct != 0 {
		h = t.Hazards()
	} else if f&(fSemi|fDot|fDotDot) != 0 || len(path) > 1 && path[1] == '/' {
		h = originHazards(s, len(path), f)
	}
	r.leftAsIs(last, s, len(path), h)
}

// stepsLeave says every step of p leaves the valid origin-form target s,
// whose path s[:pathEnd] has the settled flags f, as it is, and returns
// the last step. It is leaves for each step, with what the query holds
// found once for them all.
func (p *Policy) stepsLeave(s string, pathEnd int, f uint32) (*Policy, bool) {
	if pathEnd == 0 {
		return nil, false
	}
	trailing := pathEnd > 1 && s[pathEnd-1] == '/'
	q := ""
	if pathEnd < len(s) {
		q = s[pathEnd+1:]
	}

	// 0: not known yet, 1: no, 2: yes.
	pct, unsorted := 0, 0
	last := p
	for step := p; step != nil; step = step.Then {
		if c := p.chain; step == p.Then && c != nil && c.rest == step {
			// The steps after the first, which every copy of p shares:
			// what they ask was found when they were made.
			return c.leaves(s, pathEnd, f, trailing, q)
		}
		last = step
		if step.trimsDot(s, pathEnd) {
			return nil, false
		}
		if step.plain(s, pathEnd, f) {
			continue
		}
		if uint16(f) != 0 || trailing {
			sensitive := step.validSensitive()
			if f&uint32(sensitive) != 0 || trailing && sensitive&fTrailing != 0 {
				return nil, false
			}
		}
		if pathEnd == len(s) {
			continue
		}
		if step.QueryEscapes == QueryEscapesLikePath {
			// What the query holds first: most have no "%", and then
			// what the step is sensitive to does not matter.
			if pct == 0 {
				pct = 1
				if strings.IndexByte(q, '%') >= 0 {
					pct = 2
				}
			}
			if pct == 2 && step.validSensitive()&fPct != 0 {
				return nil, false
			}
		}
		if step.Query == QuerySort {
			if unsorted == 0 {
				unsorted = 1
				if needsSort(q) {
					unsorted = 2
				}
			}
			if unsorted == 2 {
				return nil, false
			}
		}
		if step.Query == QueryDropEmpty && step.Forward != ForwardRaw && q == "" {
			return nil, false
		}
	}
	return last, true
}

// A chain is what stepsLeave asks of each step after the first of a
// policy in steps, asked once of them all when the steps are made
// (chainOf): a target's flags meet the steps' knobs in one test each,
// where a loop over the steps cost a preset of eight steps half again as
// much as one of one.
type chain struct {
	rest      *Policy // the steps it describes: Then of the first
	last      *Policy // the last step
	sensitive uint16  // the union of the steps' validSensitive
	trimsDot  bool    // a step trims a trailing "." from its key
	queryPct  bool    // a step rewrites the escapes of the query
	sort      bool    // a step sorts the query
	dropEmpty bool    // a step drops an empty query
}

// chainOf returns the chain of the steps after the first of p, which
// every copy of p shares; a copy whose first step is changed still reads
// it itself.
func chainOf(p *Policy) *chain {
	c := &chain{rest: p.Then}
	for step := p.Then; step != nil; step = step.Then {
		c.last = step
		v := step.validSensitive()
		c.sensitive |= v
		c.trimsDot = c.trimsDot || step.KeyForm == KeyDecodedClean
		c.queryPct = c.queryPct || step.QueryEscapes == QueryEscapesLikePath && v&fPct != 0
		c.sort = c.sort || step.Query == QuerySort
		c.dropEmpty = c.dropEmpty || step.Query == QueryDropEmpty && step.Forward != ForwardRaw
	}
	return c
}

// leaves is stepsLeave's answer from the chain: every step leaves the
// target as it is exactly when no step is sensitive to what its path
// holds (a step plain for it is sensitive to none of it), and no step
// acts on what its query q holds. A trailing "." a step trims is left to
// the engine.
func (c *chain) leaves(s string, pathEnd int, f uint32, trailing bool, q string) (*Policy, bool) {
	if uint16(f)&c.sensitive != 0 || trailing && c.sensitive&fTrailing != 0 || c.trimsDot && s[pathEnd-1] == '.' {
		return nil, false
	}
	if pathEnd < len(s) && (c.queryPct && strings.IndexByte(q, '%') >= 0 || c.sort && needsSort(q) || c.dropEmpty && q == "") {
		return nil, false
	}
	return c.last, true
}

// applySteps is applyRaw for a policy with a next step (Then): this
// step, then the next on what this one forwards, unless this one rejects
// or redirects. The result has the hazards of target.
func (p *Policy) applySteps(r *Result, target string, dst []byte) []byte {
	if target != "" && target[0] == '/' {
		// A valid target every step leaves as it is is read once.
		if f := pathFlags(target); f&fInvalid == 0 && (f&fPct == 0 || validEscapes(target)) {
			pathEnd := len(target)
			if f&fQuestion != 0 {
				pathEnd = strings.IndexByte(target, '?')
				f = pathFlags(target[:pathEnd])
			}
			f = settle(target[:pathEnd], f)
			if last, ok := p.stepsLeave(target, pathEnd, f); ok {
				var h uri.Hazards
				if f&(fPct|fSemi|fDot|fDotDot) != 0 || pathEnd > 1 && target[1] == '/' {
					h = originHazards(target, pathEnd, f)
				}
				r.leftAsIs(last, target, pathEnd, h)
				return dst
			}
		}
	}
	step := *p
	step.Then, step.Limits = nil, Limits{}
	dst = step.applyRaw(r, target, dst)
	if r.Verdict != Accept {
		return dst
	}
	hazards, valid, forward := r.hazards, r.valid, r.Forward
	next := *p.Then
	next.Read, next.Limits = readNone, Limits{}
	*r = Result{}
	if next.Then != nil {
		dst = next.applySteps(r, forward, dst)
	} else {
		dst = next.applyRaw(r, forward, dst)
	}
	r.hazards, r.valid = hazards, valid
	return dst
}

// targetString is RequestTarget.String called rather than inlined: the
// inlined method would copy the whole of t, which came in registers and
// was stored word by word, with wide loads that wait for those stores to
// complete. The call passes t in registers again.
var targetString = uri.RequestTarget.String

// applyTargetEngine is ApplyTarget on an origin-form target whose
// hazards are h, which the policy changes.
func (p *Policy) applyTargetEngine(t uri.RequestTarget, h uri.Hazards) Result {
	var r Result
	p.applyTarget(&r, t)
	r.hazards, r.valid = h, true
	return r
}

// applyTargetSlow is ApplyTarget on a target of another form than
// origin-form.
func (p *Policy) applyTargetSlow(t uri.RequestTarget) Result {
	var r Result
	p.applyTarget(&r, t)
	if t.Form() != 0 {
		r.hazards, r.valid = t.Hazards(), true
	}
	return r
}

// applyTarget is ApplyTarget without its fast path.
func (p *Policy) applyTarget(r *Result, t uri.RequestTarget) {
	s := t.String()
	var sp split
	switch t.Form() {
	case uri.OriginForm:
		sp = originSplit(t)
	case uri.AbsoluteForm:
		sp = absoluteSplit(s, t)
	case uri.AuthorityForm, uri.AsteriskForm:
		sp = split{form: t.Form()}
	default:
		r.reject(p.Status.Invalid, &uri.Error{Op: opRoute, Input: s, Err: ErrForm})
		return
	}
	p.applySplit(r, s, sp, nil, false)
}

// split is where the parts of a target are.
type split struct {
	form      uri.TargetForm
	pathStart int
	pathEnd   int
	query     int // index of "?", or -1
	frag      int // index of "#", or -1
}

// absoluteSplit finds the path and query of an absolute-form target.
func absoluteSplit(s string, t uri.RequestTarget) split {
	sp := split{form: uri.AbsoluteForm, query: -1, frag: -1}
	// An absolute-form target is a URI, whose accessors give its parts;
	// ParseRequestTarget refused a fragment.
	u, _ := t.URI()
	end := len(s)
	if u.HasQuery() {
		end -= len(u.Query()) + 1
		sp.query = end
	}
	sp.pathEnd = end
	sp.pathStart = end - len(u.Path())
	return sp
}

// reject sets r to a rejection with status s (400 when 0).
func (r *Result) reject(s uint16, err *uri.Error) {
	*r = Result{Verdict: Reject, Err: err, status: statusOr(s, 400)}
}

func (p Policy) apply(r *Result, target string, dst []byte) []byte {
	if p.Forward == ForwardApache || p.Forward == ForwardApacheNoCanon {
		return p.applyApache(r, target, dst)
	}
	if p.Read != ReadStrict && target != "" && target[0] == '/' {
		// Every reading takes a strictly valid origin-form target as the
		// strict one does; the strict scan is the cheaper.
		if t, err := uri.ParseRequestTarget(target); err == nil {
			if path := t.Path(); p.fastOrigin(r, target, len(path), len(path) < len(target)) {
				return dst
			}
		}
	}
	return p.applyFull(r, target, dst)
}

// applyFull is apply without its fast path for lenient readings.
func (p Policy) applyFull(r *Result, target string, dst []byte) []byte {
	var sp split
	if p.Read == ReadStrict {
		t, err := uri.ParseRequestTarget(target)
		if err != nil {
			e, _ := err.(*uri.Error)
			r.reject(p.Status.Invalid, e)
			return dst
		}
		switch t.Form() {
		case uri.OriginForm:
			if p.fastOrigin(r, target, len(t.Path()), t.HasQuery()) {
				return dst
			}
			sp = originSplit(t)
		case uri.AbsoluteForm:
			sp = absoluteSplit(target, t)
		default:
			sp = split{form: t.Form()}
		}
		return p.applySplit(r, target, sp, dst, false)
	}
	var err *uri.Error
	sp, err = p.lenientSplit(target)
	if err == nil && p.Read == ReadRFCPath {
		err = rfcPathChars(target, sp)
	}
	if err == nil && p.Read == ReadTomcat && (sp.form == uri.OriginForm || sp.form == uri.AbsoluteForm) {
		if i := strings.IndexAny(target[sp.pathStart:], "[]"); i >= 0 {
			err = &uri.Error{Op: opRoute, Input: target, Offset: sp.pathStart + i, Component: uri.Path, Err: uri.ErrInvalidCharacter}
		}
	}
	if err != nil {
		r.reject(p.Status.Invalid, err)
		return dst
	}
	if sp.form == uri.OriginForm && target != "" && target[0] == '?' {
		// QueryTargetRoot: the product reads "/?x".
		return p.apply(r, "/"+target, dst)
	}
	return p.applySplit(r, target, sp, dst, true)
}

// lenientSplit reads target as ReadLenient or ReadLenientASCII does.
func (p Policy) lenientSplit(s string) (split, *uri.Error) {
	sp := split{query: -1, frag: -1}
	if p.Read == ReadHAProxy || p.Read == ReadAny {
		if i := haproxyRefused(s, p.Read == ReadAny); i >= 0 {
			return sp, &uri.Error{Op: opRoute, Input: s, Offset: i, Component: uri.Path, Err: uri.ErrInvalidCharacter}
		}
	} else {
		refused := &readRefuses[p.Read&15]
		for i := 0; i < len(s); i++ {
			if refused[s[i]] {
				return sp, &uri.Error{Op: opRoute, Input: s, Offset: i, Component: uri.Path, Err: uri.ErrInvalidCharacter}
			}
		}
	}
	switch {
	case s == "":
		return sp, &uri.Error{Op: opRoute, Input: s, Err: ErrForm}
	case s == "*" || s[0] == '*' && p.AsteriskForm == OtherKeepAny:
		sp.form = uri.AsteriskForm
		return sp, nil
	case s[0] == '?' && p.QueryTarget == QueryTargetRoot:
		// Read as "/" and the query; apply rewrites the target.
		sp.form = uri.OriginForm
		sp.pathStart, sp.pathEnd, sp.query = 0, 0, 0
		for i := 0; i < len(s); i++ {
			if s[i] == '#' {
				sp.frag = i
				break
			}
		}
		return sp, nil
	case s[0] == '[':
		// An IP literal: host ":" port.
		if p.Read == ReadHAProxy {
			// HAProxy answers 400 for an authority that is not an IP
			// literal and a port, or that holds a byte from 0x80, as it
			// does for a name ("[:\x85:1]:80", "a\x85b:80").
			if i := strings.IndexByte(s, ']'); i < 0 || i+1 == len(s) || s[i+1] != ':' || !ascii.Valid(s) {
				return sp, &uri.Error{Op: opRoute, Input: s, Err: ErrForm}
			}
		}
		sp.form = uri.AuthorityForm
		return sp, nil
	case s[0] == '/':
		sp.form = uri.OriginForm
	case p.Read == ReadTomcat && len(s) >= 3 && s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'f':
		// Tomcat asks that the decoded path begin with "/": "%2Fa" is
		// the path "/a" where "%2F" is decoded (EncodedSlash).
		sp.form = uri.OriginForm
	default:
		// absolute-form: scheme "://" authority path, or scheme ":" path.
		i := 0
		for i < len(s) && (isAlpha(s[i]) || i > 0 && (isDigit(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.')) {
			i++
		}
		if i == 0 || i == len(s) || s[i] != ':' || i+1 < len(s) && isDigit(s[i+1]) || i+1 == len(s) {
			// host ":" port, or nothing we know.
			if i > 0 && i < len(s) && s[i] == ':' || p.anyShape() || p.Read == ReadHAProxy && haproxyAuthority(s) {
				sp.form = uri.AuthorityForm
				return sp, nil
			}
			return sp, &uri.Error{Op: opRoute, Input: s, Offset: i, Err: ErrForm}
		}
		sp.form = uri.AbsoluteForm
		j := i + 1
		if j+1 < len(s) && s[j] == '/' && s[j+1] == '/' {
			j += 2
			for j < len(s) && s[j] != '/' && s[j] != '?' && s[j] != '#' {
				j++
			}
		}
		sp.pathStart = j
	}
	if p.Fragment == FragmentEncode {
		// "#" is data: the path ends at "?" alone.
		i := sp.pathStart
		for i < len(s) && s[i] != '?' {
			i++
		}
		sp.pathEnd = i
		if i < len(s) {
			sp.query = i
		}
		for j := sp.pathStart; j < len(s); j++ {
			if s[j] == '#' {
				sp.frag = j // only to say there is one
				break
			}
		}
		return sp, nil
	}
	i := sp.pathStart
	for i < len(s) && s[i] != '?' && s[i] != '#' {
		i++
	}
	sp.pathEnd = i
	if i < len(s) && s[i] == '?' {
		sp.query = i
		for i < len(s) && s[i] != '#' {
			i++
		}
	}
	if i < len(s) {
		sp.frag = i
	}
	return sp, nil
}

// readNone is the Read of a step after the first (Policy.Then): ReadAny
// without refusing any byte.
const readNone Read = 15

// anyShape says p reads a target of any shape, as ReadAny does.
func (p *Policy) anyShape() bool { return p.Read == ReadAny || p.Read == readNone }

// haproxyRefused returns the offset of the first byte of the target s
// that HAProxy 2.6's request line parser refuses (h1_parse_msg_start), or
// -1; accept is "option accept-invalid-http-request". The parser steps
// over groups of four bytes that haproxySkips, from the target's first
// byte, and, with accept, again from the byte after each one from 0x80;
// it checks every other byte alone: a byte it steps over is never
// looked at. The group at the end may hold the space after the target,
// which ends the stepping.
func haproxyRefused(s string, accept bool) int {
	i := 0
groups:
	for i+4 <= len(s) && haproxySkips(s[i:i+4]) {
		i += 4
	}
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x21 && c <= 0x7E:
			// "#" is for Fragment to judge.
		case c >= 0x80 && accept:
			i++
			goto groups
		default:
			return i
		}
	}
	return -1
}

// haproxySkips says HAProxy's parser steps over the group of four bytes
// w: it subtracts 0x24 from each byte of the little-endian word w, stops
// when a byte went negative (a byte below 0x24 or above 0xA3), subtracts
// 0x5B more and steps over the group when any byte went negative then,
// that is when a byte of w is below 0x7F (a byte of 0x7F after such a
// byte goes negative by the borrow, which changes nothing).
func haproxySkips(w string) bool {
	low := false
	for i := 0; i < 4; i++ {
		if w[i] < 0x24 || w[i] > 0xA3 {
			return false
		}
		low = low || w[i] < 0x7F
	}
	return low
}

// readRefuses holds, for each lenient Read, the bytes it refuses.
var readRefuses = func() (t [16][256]bool) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		ctl := b <= 0x20 || b == 0x7F
		t[ReadLenient][c] = ctl
		t[ReadLenientASCII][c] = ctl || b >= 0x80
		t[ReadRFC][c] = !rfcChar(b)
		t[ReadRFCNonASCII][c] = !rfcChar(b) && b < 0x80
		t[ReadAny][c] = ctl
		t[ReadRFCPath][c] = ctl
		t[ReadTomcat][c] = !rfcChar(b)
	}
	return t
}()

// rfcPathChars returns the error of ReadRFCPath for the path of s, split
// as sp, that holds a byte other than a pchar, "/" or "%" outside the ";"
// parameters of its segments.
func rfcPathChars(s string, sp split) *uri.Error {
	if sp.form != uri.OriginForm && sp.form != uri.AbsoluteForm {
		return nil
	}
	params := false
	for i := sp.pathStart; i < sp.pathEnd; i++ {
		switch c := s[i]; {
		case c == '/':
			params = false
		case c == ';':
			// Jetty reads no character of the parameters.
			params = true
		case !params && !isUnreserved(c) && !containsByte("!$&'()*+,=:@%", c):
			return &uri.Error{Op: opRoute, Input: s, Offset: i, Component: uri.Path, Err: uri.ErrInvalidCharacter}
		}
	}
	return nil
}

// rfcChar says whether c is a character of RFC 3986: unreserved,
// reserved or "%".
func rfcChar(c byte) bool {
	return isUnreserved(c) || containsByte(":/?#[]@!$&'()*+,;=%", c)
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// Flags of scanPath: what a path holds that some knob acts on.
const (
	fPct   = 1 << iota // "%"
	fBack              // "\"
	fSemi              // ";"
	fUpper             // "A" to "Z"
	fEsc               // a byte EscapePath escapes; the next bits for the other sets
	_
	_
	_
	fDot      // a "." segment
	fDotDot   // a ".." segment
	fEmpty    // an empty segment
	fTrailing // a trailing "/" after a segment
	fHash     // "#" (a kept fragment)
	fSlash    // "/", which scanPath looks past: never in its result
)

// byteFlags holds, for each byte, the flags of scanPath that the byte
// alone raises.
var byteFlags = func() (t [256]uint16) {
	for c := 0; c < 256; c++ {
		var f uint16
		switch {
		case c == '%':
			f |= fPct
		case c == '\\':
			f |= fBack
		case c == ';':
			f |= fSemi
		case c >= 'A' && c <= 'Z':
			f |= fUpper
		case c == '#':
			f |= fHash
		case c == '/':
			f |= fSlash
		}
		for e := range escapeTables {
			if escapeTables[e][c] {
				f |= escBit(Escape(e))
			}
		}
		t[c] = f
	}
	return t
}()

// escBit returns the flag of the bytes e escapes.
func escBit(e Escape) uint16 { return fEsc << e }

// scanPath returns the flags of path; it is the whole of the work on a
// target that a policy leaves as it is.
func scanPath(path string) uint16 {
	var f uint16
	for i := 0; i < len(path); i++ {
		c := path[i]
		if b := byteFlags[c]; b&fSlash == 0 {
			f |= b
			continue
		}
		// A slash: look at the segment that follows.
		rest := path[i+1:]
		switch {
		case rest == "":
			if i > 0 {
				f |= fTrailing
			}
		case rest[0] == '/':
			f |= fEmpty
		case rest[0] == '.':
			if len(rest) == 1 || rest[1] == '/' {
				f |= fDot
			} else if rest[1] == '.' && (len(rest) == 2 || rest[2] == '/') {
				f |= fDotDot
			}
		}
	}
	return f
}

// sensitive returns the flags of scanPath on which p changes a path.
func (p *Policy) sensitive() uint16 {
	var m uint16
	if p.InvalidPercent != 0 || p.PercentCase != 0 || p.Unreserved != 0 || p.EncodedDot != 0 ||
		p.EncodedSlash != 0 || p.EncodedBackslash != 0 || p.EncodedNul != 0 || p.EncodedSemicolon != 0 ||
		p.EncodedPercent != 0 || p.EncodedQuestion != 0 || p.EncodedHash != 0 || p.EncodedControl != 0 ||
		p.KeyForm != 0 {
		m |= fPct
	}
	if p.InvalidUTF8 != 0 {
		// Escapes, and the bytes from 0x80 of a lenient reading.
		m |= fPct | escBit(EscapePath)
	}
	if p.Backslash != 0 {
		m |= fBack
	}
	if p.Params != 0 {
		m |= fSemi
	}
	if p.KeyCase != 0 {
		m |= fUpper
	}
	if p.KeyForm == KeyDecodedClean {
		m |= fPct | fDot | fDotDot | fEmpty
	}
	if p.Dot != 0 {
		m |= fDot
	}
	if p.DotDot != 0 {
		m |= fDotDot
	}
	if p.Slashes != 0 {
		m |= fEmpty
	}
	if p.TrailingSlash != 0 {
		m |= fTrailing
	}
	switch p.Forward {
	case ForwardEscaped:
		m |= escBit(p.Escape) | fPct
	case ForwardEscapedQuoted:
		m |= fPct
	}
	if p.RawPath == RawPathGo {
		m |= escBit(EscapeGo)
	}
	return m
}

// applySplit does the work of a policy on a target once its parts are
// known. lenient says the target was read by a lenient reading, so that
// the fragment and invalid escapes have to be looked at.
func (p Policy) applySplit(r *Result, s string, sp split, dst []byte, lenient bool) []byte {
	switch sp.form {
	case uri.AuthorityForm:
		if p.AuthorityForm == OtherAsAbsolute {
			colon := 0
			for colon < len(s) && s[colon] != ':' {
				colon++
			}
			if !isAlpha(s[0]) || colon == len(s) {
				r.reject(p.Status.Invalid, &uri.Error{Op: opRoute, Input: s, Err: ErrForm})
				return dst
			}
			// scheme ":" opaque path, no query.
			return p.applySplit(r, s, split{form: uri.AbsoluteForm, pathStart: colon + 1, pathEnd: len(s), query: -1, frag: -1}, dst, lenient)
		}
		if p.AuthorityForm == OtherReject {
			r.reject(p.Status.Invalid, &uri.Error{Op: opRoute, Input: s, Err: ErrForm})
			return dst
		}
		*r = Result{Verdict: Accept, Forward: s, fpath: int32(len(s)), escape: p.Escape}
		return dst
	case uri.AsteriskForm:
		if p.AsteriskForm == OtherReject {
			r.reject(p.Status.Invalid, &uri.Error{Op: opRoute, Input: s, Err: ErrForm})
			return dst
		}
		*r = Result{Verdict: Accept, Forward: s, fpath: int32(len(s)), escape: p.Escape}
		return dst
	case uri.AbsoluteForm:
		if p.AbsoluteForm == AbsoluteReject || p.AbsoluteForm == AbsoluteToOriginHost && !hasHost(s, sp) ||
			p.AbsoluteForm == AbsoluteKeepAuthority && !p.anyShape() && !hasAuthority(s, sp) ||
			p.AbsoluteForm == AbsoluteToOriginHTTP && !isHTTPAbsolute(s, sp) ||
			p.AbsoluteForm == AbsoluteToOriginHTTPAuthority && !isHTTPAuthority(s) ||
			p.AbsoluteForm == AbsoluteToOriginOpaque && sp.pathStart < len(s) && s[sp.pathStart] == '#' && strings.Contains(s[:sp.pathStart], "://") ||
			p.AbsoluteForm == AbsoluteToOriginPath && (sp.pathEnd == sp.pathStart || s[sp.pathStart] != '/' || containsByte(s[:sp.pathStart], '@')) ||
			p.RawPath == RawPathGo && !goIPLiteralOK(s[:sp.pathStart]) {
			r.reject(p.Status.Invalid, &uri.Error{Op: opRoute, Input: s, Err: ErrForm})
			return dst
		}
	}
	if sp.form == uri.AbsoluteForm && p.AbsoluteForm == AbsoluteKeepAuthority && sp.pathStart == sp.pathEnd &&
		(sp.pathStart == len(s) || s[sp.pathStart] != '/') && (sp.frag < 0 || p.Fragment != FragmentReject) {
		// "http://h" goes on without a path, less a default or empty
		// port: HAProxy 2.6 writes no "/". For HAProxy the authority
		// runs on to the first "/": in "http://h:80?q#f" it is all of
		// "h:80?q#f", with no port, and nothing for the normalizers.
		fwd := p.absolutePrefix(s, sp) + s[sp.pathEnd:]
		*r = Result{Verdict: Accept, Forward: fwd, Key: "/", fpath: int32(len(fwd) - (len(s) - sp.pathEnd)), escape: p.Escape}
		return dst
	}
	if sp.frag >= 0 {
		switch p.Fragment {
		case FragmentReject:
			r.reject(p.Status.Invalid, &uri.Error{Op: opRoute, Input: s, Offset: sp.frag, Component: uri.Fragment, Err: uri.ErrFragmentNotAllowed})
			return dst
		case FragmentEncode:
			return p.slow(r, s, sp, dst)
		case FragmentEncodeAll:
			// The product rewrites the target, then reads it.
			q := p
			q.Fragment = FragmentKeep
			return q.apply(r, encodeHashes(s), dst)
		}
	}
	if sp.form == uri.AbsoluteForm && sp.pathStart < sp.pathEnd && s[sp.pathStart] != '/' &&
		(p.AbsoluteForm == AbsoluteToOriginOpaque || p.AbsoluteForm == AbsoluteKeepAuthority) {
		// A path that does not begin with "/" ("urn:x:y", "a:b/../c")
		// goes on as it came: Go's URL keeps it as its opaque part, and
		// HAProxy's normalizers read no such path.
		fs, end := 0, len(s)
		if p.toOrigin() {
			fs = sp.pathStart
		}
		if sp.frag >= 0 && p.Fragment == FragmentStrip {
			end = sp.frag
		}
		*r = Result{Verdict: Accept, Forward: s[fs:end], Key: s[sp.pathStart:sp.pathEnd], fpath: int32(sp.pathEnd - fs), escape: p.Escape}
		return dst
	}
	path := s[sp.pathStart:sp.pathEnd]
	// fwdStart is where the forwarded target begins in s.
	fwdStart := 0
	if sp.form == uri.AbsoluteForm && p.toOrigin() {
		if path == "" || path[0] != '/' && p.AbsoluteForm != AbsoluteToOriginOpaque {
			// "http://h" and "urn:a" have no absolute path to send:
			// write one.
			return p.slow(r, s, sp, dst)
		}
		fwdStart = sp.pathStart
	}
	f := scanPath(path)
	sensitive := p.sensitive()
	if sp.form == uri.AbsoluteForm && !p.toOrigin() && len(p.absolutePrefix(s, sp)) != sp.pathStart {
		return p.slow(r, s, sp, dst)
	}
	if p.QueryEscapes == QueryEscapesLikePath && sp.query >= 0 && sensitive&fPct != 0 &&
		containsByte(s[sp.query:queryEnd(s, sp)], '%') {
		return p.slow(r, s, sp, dst)
	}
	if lenient && f&fPct != 0 && p.InvalidPercent != InvalidPercentPass {
		// The escapes of a lenient reading have to be checked.
		return p.slow(r, s, sp, dst)
	}
	if f&sensitive != 0 || path != "" && p.trimsDot(path, len(path)) ||
		p.Query == QuerySort && sp.query >= 0 && needsSort(s[sp.query+1:queryEnd(s, sp)]) ||
		p.Query == QueryDropEmpty && p.Forward != ForwardRaw && sp.query >= 0 && queryEnd(s, sp) == sp.query+1 {
		return p.slow(r, s, sp, dst)
	}
	end := len(s)
	if sp.frag >= 0 && p.Fragment == FragmentStrip && p.Forward != ForwardRaw {
		end = sp.frag
	}
	*r = Result{
		Verdict: Accept,
		Forward: s[fwdStart:end],
		Key:     path,
		fpath:   int32(sp.pathEnd - fwdStart),
		aligned: true,
		escape:  p.Escape,
		strip:   p.Strip,
		decoded: p.KeyForm == KeyDecoded,
	}
	if path == "" {
		r.Key = "/"
	}
	return dst
}

// encodeHashes returns s with every "#" written "%23".
func encodeHashes(s string) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '#' {
			n++
		}
	}
	b := make([]byte, 0, len(s)+2*n)
	for i := 0; i < len(s); i++ {
		if s[i] == '#' {
			b = append(b, "%23"...)
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

// toOrigin says an absolute-form target is forwarded in origin-form.
func (p Policy) toOrigin() bool {
	return p.AbsoluteForm == AbsoluteToOrigin || p.AbsoluteForm == AbsoluteToOriginHost || p.AbsoluteForm == AbsoluteToOriginHTTP ||
		p.AbsoluteForm == AbsoluteToOriginOpaque || p.AbsoluteForm == AbsoluteToOriginPath || p.AbsoluteForm == AbsoluteToOriginHTTPAuthority
}

// isHTTPAbsolute says the absolute-form target s has the scheme http or
// https, a "/" after the ":", and no userinfo.
func isHTTPAbsolute(s string, sp split) bool {
	scheme, rest, _ := cutByte(s, ':')
	if len(scheme) < 4 || len(scheme) > 5 || lowerByte(scheme[0]) != 'h' || lowerByte(scheme[1]) != 't' ||
		lowerByte(scheme[2]) != 't' || lowerByte(scheme[3]) != 'p' || len(scheme) == 5 && lowerByte(scheme[4]) != 's' {
		return false
	}
	if rest == "" || rest[0] != '/' {
		return false
	}
	if scheme == "https" && len(rest) >= 2 && rest[1] == '/' {
		// Apache httpd takes the host of an "http" target (in any case)
		// from the target, and that of an "https" one from the Host
		// field, which its strict check refuses empty or with an empty
		// port: the client sent the authority there.
		auth := s[len("https://"):sp.pathStart]
		if auth == "" || auth[len(auth)-1] == ':' {
			return false
		}
	}
	return !containsByte(s[:sp.pathStart], '@') && apAuthorityOK(s)
}

// apAuthorityOK says the authority of an absolute-form target is one
// Apache httpd takes for the request's host (fix_hostname): letters,
// digits, "-", "." and "_", or an IPv6 literal, and a port of digits.
func apAuthorityOK(t string) bool {
	if t == "" || t[0] == '/' {
		return true
	}
	i := strings.Index(t, "://")
	if i < 0 {
		return true
	}
	auth := t[i+3:]
	if j := strings.IndexAny(auth, "/?#"); j >= 0 {
		auth = auth[:j]
	}
	if j := strings.LastIndexByte(auth, '@'); j >= 0 {
		auth = auth[j+1:]
	}
	if strings.HasPrefix(auth, "[") {
		// An IPv6 literal of hexadecimal digits, ":" and "." alone
		// ("[:\x85:1]" gets 400).
		for i := 1; i < len(auth) && auth[i] != ']'; i++ {
			if c := auth[i]; !pct.IsHex(c) && c != ':' && c != '.' {
				return false
			}
		}
	}
	return hostPort(auth, "-._")
}

// isHTTPAuthority says the absolute-form target s begins with "http://"
// or "https://", in any case.
func isHTTPAuthority(s string) bool {
	scheme, rest, _ := cutByte(s, ':')
	return len(rest) >= 2 && rest[0] == '/' && rest[1] == '/' && (len(scheme) == 4 || len(scheme) == 5 && lowerByte(scheme[4]) == 's') &&
		lowerByte(scheme[0]) == 'h' && lowerByte(scheme[1]) == 't' && lowerByte(scheme[2]) == 't' && lowerByte(scheme[3]) == 'p'
}

// hasHost says the absolute-form target s is scheme "://" authority with
// a host that is not empty and no userinfo.
func hasHost(s string, sp split) bool {
	i := 0
	for i < len(s) && s[i] != ':' {
		i++
	}
	if i+3 > len(s) || s[i+1] != '/' || s[i+2] != '/' {
		return false
	}
	auth := s[i+3 : sp.pathStart]
	if auth == "" || auth[0] == ':' || sp.pathStart < len(s) && s[sp.pathStart] == '#' {
		return false
	}
	// nginx's host is an IP literal or letters, digits, "." and "-",
	// and its port digits alone.
	return hostPort(auth, "-.")
}

// hostPort reports whether auth is a host and perhaps ":" and a port as a
// product's own check reads them: an IP literal in brackets (of the bytes
// nginx takes there) or letters, digits and the bytes of extra, then only
// digits after a ":".
func hostPort(auth, extra string) bool {
	j := 0
	if strings.HasPrefix(auth, "[") {
		j = strings.IndexByte(auth, ']') + 1
		if j == 0 {
			return false
		}
		// nginx's sw_host_ip_literal: letters, digits, ":", unreserved
		// and sub-delims ("[:\x85:1]" gets 400).
		for i := 1; i < j-1; i++ {
			if c := auth[i]; !isAlpha(c) && !isDigit(c) && !strings.ContainsRune(":-._~!$&'()*+,;=", rune(c)) {
				return false
			}
		}
	}
	for j < len(auth) && (isAlpha(auth[j]) || isDigit(auth[j]) || strings.IndexByte(extra, auth[j]) >= 0) {
		j++
	}
	if j < len(auth) && auth[j] == ':' {
		j++
		for j < len(auth) && isDigit(auth[j]) {
			j++
		}
	}
	return j == len(auth)
}

// hasAuthority says the absolute-form target s is scheme "://" authority
// with the authority ending at a "/" or at the end.
func hasAuthority(s string, sp split) bool {
	i := 0
	for i < len(s) && s[i] != ':' {
		i++
	}
	if i+3 > len(s) || s[i+1] != '/' || s[i+2] != '/' {
		return false
	}
	return sp.pathStart == len(s) || s[sp.pathStart] == '/'
}

// absolutePrefix is what an absolute-form target kept as such (not
// AbsoluteToOrigin) sends before its path: the scheme and authority, less a
// default port or an empty one under AbsoluteKeepAuthority.
func (p Policy) absolutePrefix(s string, sp split) string {
	prefix := s[:sp.pathStart]
	if p.AbsoluteForm != AbsoluteKeepAuthority {
		return prefix
	}
	scheme, _, _ := cutByte(prefix, ':')
	if sp.pathStart < len(s) && s[sp.pathStart] != '/' {
		// HAProxy's authority runs on to the first "/": one followed by
		// a query ends with no port.
		return prefix
	}
	if len(prefix) > len(scheme)+3 && prefix[len(prefix)-1] == ':' {
		// An empty port is the default port of any scheme (RFC 3986
		// section 6.2.3).
		return prefix[:len(prefix)-1]
	}
	var port string
	switch {
	case len(scheme) == 4 && scheme[0]|0x20 == 'h' && scheme[1]|0x20 == 't' && scheme[2]|0x20 == 't' && scheme[3]|0x20 == 'p':
		port = ":80"
	case len(scheme) == 5 && scheme[0]|0x20 == 'h' && scheme[1]|0x20 == 't' && scheme[2]|0x20 == 't' && scheme[3]|0x20 == 'p' && scheme[4]|0x20 == 's':
		port = ":443"
	default:
		return prefix
	}
	if len(prefix) > len(port) && prefix[len(prefix)-len(port):] == port {
		return prefix[:len(prefix)-len(port)]
	}
	return prefix
}

// queryEnd returns where the query of s ends.
func queryEnd(s string, sp split) int {
	if sp.frag >= 0 && sp.frag > sp.query {
		return sp.frag
	}
	return len(s)
}

// buf is the scratch space of the slow path: the normalized path, the
// decoded path and the escaped path, written side by side.
type buf struct {
	norm, dec, esc []byte
	wantDec        bool
	wantEsc        bool
}

// seg writes the start of a segment, "/", to each output.
func (b *buf) slash() {
	b.norm = append(b.norm, '/')
	if b.wantDec {
		b.dec = append(b.dec, '/')
	}
	if b.wantEsc {
		b.esc = append(b.esc, '/')
	}
}

// marks are positions in each of the outputs of a buf.
type marks struct{ norm, dec, esc int }

func (b *buf) mark() marks { return marks{len(b.norm), len(b.dec), len(b.esc)} }

func (b *buf) truncate(m marks) {
	b.norm = b.norm[:m.norm]
	b.dec = b.dec[:m.dec]
	b.esc = b.esc[:m.esc]
}

// popSegment removes the last segment and the "/" after it: each output
// ends with "/" when it is called.
func (b *buf) popSegment() {
	b.norm = b.norm[:prevSegment(b.norm)]
	if b.wantDec {
		b.dec = b.dec[:prevSegment(b.dec)]
	}
	if b.wantEsc {
		b.esc = b.esc[:prevSegment(b.esc)]
	}
}

// prevSegment returns where the last segment of o begins: o ends with
// "/", and the segment is what follows the "/" before it. It returns an
// index rather than a slice so that the scratch arrays stay on the stack.
func prevSegment(o []byte) int {
	i := len(o) - 2
	for i >= 0 && o[i] != '/' {
		i--
	}
	return i + 1
}

const hexUpper = "0123456789ABCDEF"
const hexLower = "0123456789abcdef"

// isReserved says whether c is a gen-delim or a sub-delim (RFC 3986
// section 2.2).
func isReserved(c byte) bool { return containsByte(":/?#[]@!$&'()*+,;=", c) }

func isUnreserved(c byte) bool {
	return isAlpha(c) || isDigit(c) || c == '-' || c == '.' || c == '_' || c == '~'
}

// encodedKnob returns the knob of an escape of a delimiter, and whether c
// is one.
func (p Policy) encodedKnob(c byte) (Encoded, bool) {
	switch c {
	case '/':
		return p.EncodedSlash, true
	case '\\':
		return p.EncodedBackslash, true
	case 0:
		return p.EncodedNul, true
	case ';':
		return p.EncodedSemicolon, true
	case '%':
		return p.EncodedPercent, true
	case '?':
		return p.EncodedQuestion, true
	case '#':
		return p.EncodedHash, true
	}
	if c < 0x20 || c == 0x7F {
		return p.EncodedControl, true
	}
	return 0, false
}

// slow does the whole work of a policy on a path that it changes.
func (p Policy) slow(r *Result, s string, sp split, dst []byte) []byte {
	// The scratch space of the three outputs and the result are carved
	// from one buffer: dst's spare capacity, or one allocation.
	start := len(dst)
	per, need := slowSize(s)
	if cap(dst)-start < need {
		nd := make([]byte, start, start+need)
		copy(nd, dst)
		dst = nd
	}
	area := dst[start : start+need]
	b := buf{
		norm:    area[0:0:per],
		dec:     area[per : per : 2*per],
		esc:     area[2*per : 2*per : 3*per],
		wantDec: p.KeyForm != KeyEncoded || p.InvalidUTF8 == InvalidUTF8Reject,
		wantEsc: p.Forward == ForwardEscaped || p.Forward == ForwardEscapedQuoted || p.Location == LocationEscaped,
	}
	path := s[sp.pathStart:sp.pathEnd]
	rewritten := false
	if p.RawPath == RawPathGo && needsGoEscape(path) && !(p.InvalidPercent == InvalidPercentReject && hasInvalidPercent(path)) {
		// net/url drops the raw path and escapes the decoded one.
		path = string(appendEscapedGo(nil, path))
		rewritten = true
	}
	// off returns the offset in s of byte i of path.
	off := func(i int) int {
		if rewritten {
			return sp.pathStart
		}
		return sp.pathStart + i
	}
	fragEnc := sp.frag >= 0 && p.Fragment == FragmentEncode
	hex := hexUpper
	if p.PercentCase == PercentCaseLower {
		hex = hexLower
	}
	changed := false  // dot-segments or slashes changed the path
	moved := false    // a separator came from an escape or a backslash
	redirect := false // a redirecting escape was decoded
	if path == "" || path[0] != '/' {
		// "http://h" has the path "/" (RFC 9112 section 3.2.2).
		changed = true
		b.slash()
	}
	// segStart is where the current segment begins in each output (after
	// its "/"); dots counts its dots and other whether it holds anything
	// else; params says a ";" began its parameters (ParamsStrip).
	var segStart marks
	// segIn is where the current segment begins in path, which a
	// rejected ".." names.
	segIn := 0
	dots, other, params := 0, false, false
	// escDot says a dot of the segment came as "%2E".
	escDot := false
	endSegment := func(final bool) *uri.Error {
		if escDot && !other && (dots == 1 || dots == 2) && p.EncodedDot == EncodedDotRejectSegment {
			return &uri.Error{Op: opRoute, Input: s, Offset: off(segIn), Component: uri.Path, Err: ErrDotSegment}
		}
		isDot := !other && dots == 1 && p.Dot == DotRemove
		isDotDot := !other && dots == 2 && p.DotDot != DotDotKeep
		switch {
		case isDot:
			b.truncate(segStart)
			changed = true
			return nil
		case isDotDot:
			// The output is ".../prev/..": drop "..", then prev.
			b.truncate(segStart)
			atRoot := segStart.norm <= 1
			if !atRoot && p.DotDot == DotDotKeepAbove {
				// A kept ".." above the root is not a segment to pop.
				prev := b.norm[:segStart.norm-1]
				if len(prev) >= 3 && string(prev[len(prev)-3:]) == "/.." {
					atRoot = true
				}
			}
			if atRoot {
				switch p.DotDot {
				case DotDotRejectAbove:
					return &uri.Error{Op: opRoute, Input: s, Offset: off(segIn), Component: uri.Path, Err: ErrAboveRoot}
				case DotDotKeepAbove:
					// HAProxy keeps the segment with its "/", even
					// at the end: "/.." is "/../".
					b.norm = append(b.norm, ".."...)
					if b.wantDec {
						b.dec = append(b.dec, ".."...)
					}
					if b.wantEsc {
						b.esc = append(b.esc, ".."...)
					}
					b.slash()
					return nil
				}
				changed = true
				return nil
			}
			b.popSegment()
			changed = true
			return nil
		}
		if !final {
			b.slash()
		}
		return nil
	}
	i := 0
	if path != "" && path[0] == '/' {
		i = 1
		b.slash()
	}
	segStart, segIn = b.mark(), i
	for i < len(path) {
		c := path[i]
		if params && c != '/' {
			// The parameters go before anything reads them: an escape
			// in them is neither decoded nor judged.
			i++
			continue
		}
		// decoded is the byte the product reads; enc says it came as an
		// escape it keeps; sep says it separates segments.
		var decoded byte
		enc, sep, late := false, false, false
		width := 1
		// lead holds the bytes a "%u" escape (InvalidPercentUTF16) decodes
		// to before decoded, nlead how many.
		var lead [utf8.UTFMax]byte
		nlead := 0
		switch {
		case c == '/':
			sep = true
		case c == '#' && fragEnc:
			decoded, enc = '#', true
		case c == '%':
			h, ok1 := byte(0), false
			l, ok2 := byte(0), false
			if i+2 < len(path) {
				h, ok1 = pct.Unhex(path[i+1])
				l, ok2 = pct.Unhex(path[i+2])
			}
			v := h<<4 | l
			width = 3
			if !ok1 || !ok2 {
				u, ok := rune(0), false
				if p.InvalidPercent == InvalidPercentUTF16 {
					u, ok = utf16Escape(path[i:])
				}
				if !ok {
					if p.InvalidPercent != InvalidPercentPass {
						r.reject(p.Status.Invalid, &uri.Error{Op: opRoute, Input: s, Offset: off(i), Component: uri.Path, Err: uri.ErrInvalidPercentEncoding})
						return dst
					}
					decoded, width = '%', 1
					break
				}
				// The UTF-8 of the code unit: its last byte is read as
				// the escape of that byte, those before it are data.
				var u8 [utf8.UTFMax]byte
				n := utf8.EncodeRune(u8[:], u)
				lead, nlead = u8, n-1
				v, width = u8[n-1], 6
			}
			decoded, enc = v, true
			if knob, ok := p.encodedKnob(v); ok {
				switch knob {
				case EncodedReject:
					r.reject(p.Status.Encoded, &uri.Error{Op: opRoute, Input: s, Offset: off(i), Component: uri.Path, Err: ErrEncodedDelimiter})
					return dst
				case EncodedDecode, EncodedDecodeRedirect:
					enc = false
					redirect = redirect || knob == EncodedDecodeRedirect
					if v == '/' {
						sep, moved = true, true
					}
				}
			} else if v == '.' {
				switch p.EncodedDot {
				case EncodedDotUnreserved:
					enc = p.Unreserved == UnreservedKeep
				case EncodedDotDecode:
					enc = false
				case EncodedDotDecodeLate:
					enc, late = false, true
				case EncodedDotReject:
					r.reject(p.Status.AboveRoot, &uri.Error{Op: opRoute, Input: s, Offset: off(i), Component: uri.Path, Err: ErrEncodedDelimiter})
					return dst
				case EncodedDotRejectSegment:
					enc, escDot = false, true
				}
			} else if p.Unreserved == UnreservedDecode && isUnreserved(v) {
				enc = false
			}
		default:
			decoded = c
		}
		if !enc && decoded == '\\' {
			switch p.Backslash {
			case BackslashReject:
				r.reject(p.Status.Encoded, &uri.Error{Op: opRoute, Input: s, Offset: off(i), Component: uri.Path, Err: ErrBackslash})
				return dst
			case BackslashSlash:
				sep, moved = true, true
			case BackslashEncode:
				enc = true
			}
		}
		i += width
		if sep {
			if p.Slashes == SlashesMerge && !other && dots == 0 && b.mark().norm == segStart.norm {
				// An empty segment, or one its parameters emptied:
				// merge it into the one before.
				changed = true
				segStart, segIn = b.mark(), i
				params, escDot = false, false
				continue
			}
			if p.Slashes == SlashesReject && !other && dots == 0 && b.mark().norm == segStart.norm {
				r.reject(p.Status.Invalid, &uri.Error{Op: opRoute, Input: s, Offset: off(segIn), Component: uri.Path, Err: ErrEmptySegment})
				return dst
			}
			if err := endSegment(false); err != nil {
				r.reject(p.Status.AboveRoot, err)
				return dst
			}
			segStart, segIn = b.mark(), i
			dots, other, params, escDot = 0, false, false, false
			continue
		}
		if params {
			continue
		}
		if !enc && decoded == ';' && c == ';' {
			switch p.Params {
			case ParamsStrip:
				params = true
				continue
			case ParamsReject:
				r.reject(p.Status.Encoded, &uri.Error{Op: opRoute, Input: s, Offset: off(i - 1), Component: uri.Path, Err: ErrParams})
				return dst
			case ParamsStripRejectDots:
				if !other && (dots == 1 || dots == 2) {
					r.reject(p.Status.Encoded, &uri.Error{Op: opRoute, Input: s, Offset: off(segIn), Component: uri.Path, Err: ErrDotSegment})
					return dst
				}
				params = true
				continue
			}
		}
		if !enc && decoded == '.' && !late {
			dots++
		} else {
			other = true
		}
		for _, x := range lead[:nlead] {
			b.norm = append(b.norm, '%', hex[x>>4], hex[x&15])
			if b.wantDec {
				b.dec = append(b.dec, x)
			}
			if b.wantEsc {
				b.esc = appendEscapedByte(b.esc, x, p.Escape)
			}
		}
		// Write the byte to each output.
		if enc {
			b.norm = append(b.norm, '%', hex[decoded>>4], hex[decoded&15])
			if width == 3 && p.PercentCase == PercentCaseKeep {
				copy(b.norm[len(b.norm)-2:], path[i-2:i])
			}
		} else {
			b.norm = append(b.norm, decoded)
		}
		if b.wantDec {
			switch {
			case enc && decoded == '/':
				b.dec = append(b.dec, "%2F"...)
			case enc && p.KeyForm == KeyDecodedUnreserved && (decoded == '%' || isReserved(decoded)):
				b.dec = append(b.dec, '%', hexUpper[decoded>>4], hexUpper[decoded&15])
			default:
				b.dec = append(b.dec, decoded)
			}
		}
		if b.wantEsc {
			if enc && decoded == '/' {
				b.esc = append(b.esc, "%2F"...)
			} else {
				b.esc = appendEscapedByte(b.esc, decoded, p.Escape)
			}
		}
	}
	lastLen := len(b.norm)
	if err := endSegment(true); err != nil {
		r.reject(p.Status.AboveRoot, err)
		return dst
	}
	if p.InvalidUTF8 == InvalidUTF8Reject && !utf8.Valid(b.dec) {
		r.reject(p.Status.Invalid, &uri.Error{Op: opRoute, Input: s, Offset: sp.pathStart, Component: uri.Path, Err: ErrInvalidUTF8})
		return dst
	}
	if p.DotEnd == DotEndTrim && len(b.norm) < lastLen && len(b.norm) > 1 {
		// A final dot-segment went, and path.Clean takes its "/" too.
		b.norm = b.norm[:len(b.norm)-1]
		if b.wantDec {
			b.dec = b.dec[:len(b.dec)-1]
		}
		if b.wantEsc {
			b.esc = b.esc[:len(b.esc)-1]
		}
	}
	if len(b.norm) == 0 {
		b.slash()
	}
	if p.Slashes == SlashesMergeLate {
		b.norm = mergeSlashes(b.norm)
		b.dec = mergeSlashes(b.dec)
		b.esc = mergeSlashes(b.esc)
	}

	// The query.
	query := ""
	if sp.query >= 0 {
		if fragEnc {
			query = s[sp.query:]
		} else {
			query = s[sp.query:queryEnd(s, sp)]
		}
	}
	if p.QueryEscapes == QueryEscapesLikePath && p.InvalidPercent == InvalidPercentReject {
		if i := invalidEscape(query); i >= 0 {
			r.reject(p.Status.Invalid, &uri.Error{Op: opRoute, Input: s, Offset: sp.query + i, Component: uri.Query, Err: uri.ErrInvalidPercentEncoding})
			return dst
		}
	}
	// An absolute-form target kept as such keeps its scheme and
	// authority.
	absPrefix := ""
	if sp.form == uri.AbsoluteForm && !p.toOrigin() {
		absPrefix = p.absolutePrefix(s, sp)
	}
	frag := ""
	if sp.frag >= 0 && p.Fragment == FragmentKeep {
		frag = s[sp.frag:]
	}

	// The key.
	key := b.norm
	if p.KeyForm != KeyEncoded {
		key = b.dec
	}
	if p.KeyForm == KeyDecodedClean {
		// b.dec is not needed as such: the key is made from b.norm.
		key = cleanKey(b.dec[:0:cap(b.dec)], b.norm)
	}
	if p.TrailingSlash == TrailingSlashStrip && len(key) > 1 && key[len(key)-1] == '/' {
		key = key[:len(key)-1]
	}
	lower := p.KeyCase == KeyCaseLower && hasUpper(key)

	// What is forwarded, or where to redirect.
	var fwdPath []byte
	raw := false
	switch p.Forward {
	case ForwardNormalized:
		fwdPath = b.norm
	case ForwardEscaped:
		fwdPath = b.esc
	case ForwardEscapedQuoted:
		fwdPath = b.norm
		if containsByte(path, '%') {
			fwdPath = b.esc
		}
	case ForwardRaw:
		raw = true
	}
	verdict := Accept
	if redirect || changed && p.Normalized == NormalizedRedirect {
		verdict = Redirect
	}

	out := area[3*per : 3*per]
	*r = Result{Verdict: verdict, escape: p.Escape, decoded: p.KeyForm == KeyDecoded || p.KeyForm == KeyDecodedClean, strip: p.Strip}
	// Key.
	if lower {
		for _, c := range key {
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			out = append(out, c)
		}
	} else {
		out = append(out, key...)
	}
	keyEnd := len(out)
	if verdict == Redirect {
		switch p.Location {
		case LocationNormalized:
			out = append(out, b.norm...)
		case LocationEscaped:
			out = append(out, b.esc...)
		case LocationEscapedNormalized:
			for _, c := range b.norm {
				out = appendEscapedByte(out, c, p.Escape)
			}
		}
		out = p.appendQuery(out, query)
		r.status = statusOr(p.Status.Redirect, 301)
	} else if !raw {
		out = append(out, absPrefix...)
		out = append(out, fwdPath...)
		out = p.appendQuery(out, query)
		out = append(out, frag...)
		r.fpath = int32(len(absPrefix) + len(fwdPath))
		// A key cleaned apart from the forwarded path need not have
		// its segments.
		r.aligned = p.KeyForm != KeyDecodedClean
	}
	str := unsafe.String(unsafe.SliceData(out), len(out))
	if len(out) == 0 {
		str = ""
	}
	r.Key = str[:keyEnd]
	switch {
	case verdict == Redirect:
		r.Location = str[keyEnd:]
		r.Key = ""
	case raw:
		fs := 0
		if sp.form == uri.AbsoluteForm && p.toOrigin() {
			fs = sp.pathStart
		}
		// As received: a fragment the key ignores goes on too.
		e := len(s)
		r.Forward = s[fs:e]
		r.fpath = int32(sp.pathEnd - fs)
		if sp.form == uri.AbsoluteForm && p.toOrigin() && (sp.pathEnd == sp.pathStart || s[sp.pathStart] != '/') {
			// No absolute path to send: "/" before the path and query,
			// which nginx writes without a fragment.
			if sp.frag >= 0 && p.Fragment == FragmentStrip {
				e = sp.frag
			}
			if p.Query == QueryDropEmpty && sp.query >= 0 && e == sp.query+1 {
				e = sp.query
			}
			r.Forward = "/" + s[sp.pathStart:e]
			r.fpath = int32(1 + sp.pathEnd - sp.pathStart)
		}
		// The raw path has the key's segments only when nothing but
		// decoding changed it.
		r.aligned = !changed && !moved
	default:
		r.Forward = str[keyEnd:]
	}
	return dst[:start+3*per+len(out)]
}

// slowSize returns the room the slow path needs for a target s: per
// bytes for each of its three outputs (a byte of the path becomes at
// most three), and in all those and the room of the result (the key and
// the forwarded path, or a location that escapes the normalized path
// again, and the query and fragment).
func slowSize(s string) (per, need int) {
	per = 3*len(s) + 4
	return per, 3*per + 3*per + 3*len(s) + 8
}

func hasUpper(b []byte) bool {
	for _, c := range b {
		if c >= 'A' && c <= 'Z' {
			return true
		}
	}
	return false
}

// needsSort says whether the pairs of q are out of order by name.
func needsSort(q string) bool {
	if q != "" && q[len(q)-1] == '&' {
		// appendSorted drops it.
		return true
	}
	// Each pair and its name found with strings.IndexByte, which reads
	// several bytes at a time.
	prev := ""
	for q != "" {
		pair := q
		if i := strings.IndexByte(q, '&'); i >= 0 {
			pair, q = q[:i], q[i+1:]
		} else {
			q = ""
		}
		name := pair
		if i := strings.IndexByte(pair, '='); i >= 0 {
			name = pair[:i]
		}
		if name < prev {
			return true
		}
		prev = name
	}
	return false
}

func cutByte(s string, c byte) (before, after string, found bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// appendQuery appends query ("?" and the rest, or "") as the policy
// forwards it: sorted by name under QuerySort.
func (p Policy) appendQuery(b []byte, query string) []byte {
	if query == "" || query == "?" && p.Query == QueryDropEmpty {
		return b
	}
	if p.Query == QuerySort {
		b = append(b, '?')
		b = appendSorted(b, query[1:])
	} else {
		b = append(b, query...)
	}
	if p.QueryEscapes == QueryEscapesLikePath {
		start := len(b) - len(query)
		b = b[:start+len(p.normalizeEscapes(b[start:]))]
	}
	return b
}

// appendSorted appends the "&"-separated pairs of q ordered by name,
// pairs of the same name in the order they came.
func appendSorted(b []byte, q string) []byte {
	var small [32]string
	pairs := small[:0]
	for {
		pair, rest, found := cutByte(q, '&')
		pairs = append(pairs, pair)
		if !found {
			break
		}
		q = rest
	}
	if n := len(pairs); n > 1 && pairs[n-1] == "" {
		// HAProxy splits the query while any of it is left: a final
		// "&" ends the pair before it and starts none.
		pairs = pairs[:n-1]
	}
	// Insertion sort: stable, and the lists are short.
	for i := 1; i < len(pairs); i++ {
		for j := i; j > 0 && pairName(pairs[j]) < pairName(pairs[j-1]); j-- {
			pairs[j], pairs[j-1] = pairs[j-1], pairs[j]
		}
	}
	for i, pair := range pairs {
		if i > 0 {
			b = append(b, '&')
		}
		b = append(b, pair...)
	}
	return b
}

func pairName(pair string) string {
	name, _, _ := cutByte(pair, '=')
	return name
}

// invalidEscape returns the index of the first "%" of q not followed by
// two hex digits, or -1.
func invalidEscape(q string) int {
	for i := 0; i < len(q); i++ {
		if q[i] != '%' {
			continue
		}
		if i+2 >= len(q) {
			return i
		}
		if _, ok := pct.Unhex(q[i+1]); !ok {
			return i
		}
		if _, ok := pct.Unhex(q[i+2]); !ok {
			return i
		}
	}
	return -1
}

// normalizeEscapes changes the escapes of q in place as PercentCase and
// Unreserved change those of the path (QueryEscapesLikePath), and returns
// it, no longer than it was.
func (p Policy) normalizeEscapes(q []byte) []byte {
	w := 0
	for i := 0; i < len(q); i++ {
		c := q[i]
		if c != '%' || i+2 >= len(q) {
			q[w] = c
			w++
			continue
		}
		h, ok1 := pct.Unhex(q[i+1])
		l, ok2 := pct.Unhex(q[i+2])
		if !ok1 || !ok2 {
			q[w] = c
			w++
			continue
		}
		v := h<<4 | l
		switch {
		case p.Unreserved == UnreservedDecode && isUnreserved(v):
			q[w] = v
			w++
		case p.PercentCase == PercentCaseUpper:
			q[w], q[w+1], q[w+2] = '%', hexUpper[h], hexUpper[l]
			w += 3
		case p.PercentCase == PercentCaseLower:
			q[w], q[w+1], q[w+2] = '%', hexLower[h], hexLower[l]
			w += 3
		default:
			q[w], q[w+1], q[w+2] = q[i], q[i+1], q[i+2]
			w += 3
		}
		i += 2
	}
	return q[:w]
}

// mergeSlashes merges each run of "/" in o into one, in place.
func mergeSlashes(o []byte) []byte {
	w := 0
	for i, c := range o {
		if c == '/' && i > 0 && o[i-1] == '/' {
			continue
		}
		o[w] = c
		w++
	}
	return o[:w]
}

// cleanKey writes the escaped path p decoded and cleaned, as Caddy's
// CleanPath(r.URL.Path, true) does (path.Clean, with a trailing "/" put
// back), into dst, which has room for len(p)+1 bytes, and returns it.
func cleanKey(dst, p []byte) []byte {
	dec := dst[:0]
	if len(p) == 0 || p[0] != '/' {
		dec = append(dec, '/')
	}
	dec = pct.AppendDecoded(dec, unsafe.String(unsafe.SliceData(p), len(p)))
	// Caddy's path matcher trims trailing dots and spaces before it
	// cleans (Windows file systems ignore them): "/admin/%2e" and
	// "/admin." are "/admin/" and "/admin" to it.
	for len(dec) > 1 && (dec[len(dec)-1] == '.' || dec[len(dec)-1] == ' ') {
		dec = dec[:len(dec)-1]
	}
	return cleanInPlace(dec)
}

// cleanInPlace is path.Clean of a rooted path, with a trailing "/" kept,
// done in place: the output is never longer than the input.
func cleanInPlace(b []byte) []byte {
	trailing := len(b) > 1 && b[len(b)-1] == '/'
	w := 1 // b[0] is "/"
	for r := 1; r < len(b); {
		switch {
		case b[r] == '/':
			r++
		case b[r] == '.' && (r+1 == len(b) || b[r+1] == '/'):
			r++
		case b[r] == '.' && b[r+1] == '.' && (r+2 == len(b) || b[r+2] == '/'):
			r += 2
			// Back to the "/" before the last segment, not past the root.
			if w > 1 {
				w--
				for w > 1 && b[w-1] != '/' {
					w--
				}
				if w > 1 {
					w--
				}
			}
		default:
			if w > 1 {
				b[w] = '/'
				w++
			}
			for r < len(b) && b[r] != '/' {
				b[w] = b[r]
				w++
				r++
			}
		}
	}
	if trailing && w > 1 {
		b[w] = '/'
		w++
	}
	return b[:w]
}

// apacheDecode appends to dst the escapes of a normalized path decoded as
// Apache's ap_unescape_url makes r->uri, keeping an escaped "/" as it came
// when keepSlash (AllowEncodedSlashes NoDecode).
func apacheDecode(dst []byte, norm string, keepSlash bool) []byte {
	for i := 0; i < len(norm); i++ {
		if norm[i] == '%' && i+2 < len(norm) {
			h, ok1 := pct.Unhex(norm[i+1])
			l, ok2 := pct.Unhex(norm[i+2])
			if ok1 && ok2 {
				if v := h<<4 | l; v != '/' || !keepSlash {
					dst = append(dst, v)
				} else {
					dst = append(dst, norm[i:i+3]...)
				}
				i += 2
				continue
			}
		}
		dst = append(dst, norm[i])
	}
	return dst
}

func leadingSlashes[T string | []byte](p T) int {
	n := 0
	for n < len(p) && p[n] == '/' {
		n++
	}
	return n
}

// apacheCanon appends to dst r->uri (dec) as mod_proxy_http sends it for
// a ProxyPass to "http://backend/": "/", then r->uri past the slashes the
// alias "/" matched, through ap_proxy_canonenc_ex with enc_path and a
// reverse proxy request; noEncSlash is
// PROXY_CANONENC_NOENCODEDSLASHENCODING (AllowEncodedSlashes NoDecode). It
// fails where that function returns NULL: a "%" not followed by two hex
// digits under noEncSlash.
func apacheCanon(dst, dec []byte, noEncSlash bool) ([]byte, bool) {
	out, ok := apacheEncode(append(dst, '/'), dec[leadingSlashes(dec):], noEncSlash)
	if !ok {
		return dst, false
	}
	return out, true
}

// apacheEncode appends dec written by ap_proxy_canonenc_ex (enc_path, a
// reverse proxy request) to dst: "/" and the characters apacheCanonKeeps
// as they are, the others escaped; noEncSlash keeps a "%" before "2F",
// escapes one before other hex digits, and fails before anything else.
func apacheEncode(out, dec []byte, noEncSlash bool) ([]byte, bool) {
	for i := 0; i < len(dec); i++ {
		c := dec[i]
		if c == '/' {
			out = append(out, c)
			continue
		}
		if c == '%' && noEncSlash {
			if i+2 >= len(dec) {
				return out, false
			}
			h, ok1 := pct.Unhex(dec[i+1])
			l, ok2 := pct.Unhex(dec[i+2])
			if !ok1 || !ok2 {
				return out, false
			}
			if h<<4|l == '/' {
				out = append(out, dec[i:i+3]...)
				i += 2
				continue
			}
		}
		out = appendEscapedByte(out, c, EscapeApache)
	}
	return out, true
}

// applyApache is Apply for ForwardApache and ForwardApacheNoCanon, in
// Apache httpd's order: the extra leading slashes dropped, then
// ap_normalize_path on the path with only the escapes of unreserved
// characters decoded (the policy's other knobs, escaped delimiters kept);
// then ap_unescape_url into r->uri, refusing "%00", and "%2F" under
// EncodedReject, with 404 (Status.Encoded), in what normalization left;
// then, under EncodedDecode (AllowEncodedSlashes On), ap_getparents on
// the decoded path, which drops a ".." above the root. r->uri is the key;
// mod_proxy writes it out again, or sends the target as received under
// nocanon.
//
// What it writes goes where the first pass had its scratch space, so
// that it needs no more room than the slow path.
func (p Policy) applyApache(r *Result, target string, dst []byte) []byte {
	p1 := p
	p1.Forward, p1.KeyForm = ForwardNormalized, KeyEncoded
	p1.EncodedSlash, p1.EncodedNul = EncodedKeep, EncodedKeep
	// ap_parse_uri takes a leading "//" for a path, not an authority, by
	// dropping the extra slashes, MergeSlashes or not.
	t1 := target
	if n := leadingSlashes(target); n > 1 {
		t1 = target[n-1:]
	}
	start := len(dst)
	var r1 Result
	work := p1.apply(&r1, t1, dst)
	if r1.Verdict != Accept {
		*r = r1
		return work
	}
	npath, query := r1.Forward[:r1.fpath], r1.Forward[r1.fpath:]
	for i := 0; i+2 < len(npath); i++ {
		if npath[i] != '%' {
			continue
		}
		h, _ := pct.Unhex(npath[i+1])
		l, _ := pct.Unhex(npath[i+2])
		if v := h<<4 | l; v == 0 || v == '/' && p.EncodedSlash == EncodedReject {
			r.reject(statusOr(p.Status.Encoded, 400), &uri.Error{Op: opRoute, Input: target, Offset: escapeOffset(target, v), Component: uri.Path, Err: ErrEncodedDelimiter})
			return dst[:start]
		}
	}
	keep := p.EncodedSlash == EncodedKeep
	pct := containsByte(npath, '%')
	renormalized := false
	if p.EncodedSlash == EncodedDecode && pct {
		renormalized = true
		// Decode the slashes alone, then ap_getparents.
		b := make([]byte, 0, len(npath))
		for i := 0; i < len(npath); i++ {
			if npath[i] == '%' && i+2 < len(npath) && npath[i+1] == '2' && npath[i+2]|0x20 == 'f' {
				b = append(b, '/')
				i += 2
				continue
			}
			b = append(b, npath[i])
		}
		q := Policy{Read: ReadAny, Dot: DotRemove, DotDot: DotDotRemove, Slashes: p.Slashes}
		npath = q.Apply(string(b)).Forward
		pct = containsByte(npath, '%')
	}
	res := Result{Verdict: Accept, escape: p.Escape, decoded: true, strip: p.Strip}
	nocanonRaw := p.Forward == ForwardApacheNoCanon && target != "" && target[0] == '/'
	if !renormalized && !pct && apacheCanonKeeps(npath) && leadingSlashes(npath) == 1 &&
		(!nocanonRaw || leadingSlashes(target) == 1 && target[:len(target)-len(query)] == npath) {
		// r->uri is the path as it is, and goes on so.
		res.Key, res.Forward, res.fpath, res.aligned = npath, r1.Forward, r1.fpath, true
		*r = res
		return work
	}
	// Room: the first pass's scratch space when it took the slow path,
	// else what dst has spare, else one allocation.
	per, _ := slowSize(t1)
	var out []byte
	switch {
	case len(work)-start >= 3*per:
		out = work[start : start : start+3*per]
	case cap(work)-len(work) >= 5*len(npath)+len(query)+8:
		out = work[len(work):len(work):cap(work)]
		work = work[:cap(work)]
	default:
		out = make([]byte, 0, 5*len(npath)+len(query)+8)
	}
	out = apacheDecode(out, npath, keep)
	key := out
	out = out[len(out):]
	if nocanonRaw {
		raw, rawQuery := target, ""
		if i := indexByte(target, '?'); i >= 0 {
			raw, rawQuery = target[:i], target[i:]
		}
		if leadingSlashes(raw) == leadingSlashes(key) {
			res.Key = bytesString(key)
			res.fpath = int32(len(raw) - leadingSlashes(raw) + 1)
			if leadingSlashes(raw) == 1 {
				res.Forward = target
			} else {
				out = append(append(append(out, '/'), raw[leadingSlashes(raw):]...), rawQuery...)
				res.Forward = bytesString(out)
			}
			*r = res
			return work
		}
	}
	out, ok := apacheCanon(out, key, keep)
	if !ok {
		r.reject(p.Status.Invalid, &uri.Error{Op: opRoute, Input: target, Component: uri.Path, Err: uri.ErrInvalidPercentEncoding})
		// r->uri stays, for a reader that answers before mod_proxy
		// writes it out (a <Location> that denies, a ProxyPass "!").
		r.Key = bytesString(key)
		return work
	}
	res.fpath = int32(len(out))
	res.aligned = leadingSlashes(key) == 1
	out = append(out, query...)
	res.Key, res.Forward = bytesString(key), bytesString(out)
	*r = res
	return work
}

// bytesString is b as a string, sharing its bytes: the engine never
// writes them again.
func bytesString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// apacheCanonKeeps says whether apacheCanon writes the path p, which holds
// no "%", out as it is.
func apacheCanonKeeps(p string) bool {
	for i := 0; i < len(p); i++ {
		if escapeTables[EscapeApache][p[i]] && p[i] != '/' {
			return false
		}
	}
	return true
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// escapeOffset returns the offset of the first escape of v in target, the
// byte at fault of a rejection made on a path rewritten from it, or 0 when
// the rewriting made the escape.
func escapeOffset(target string, v byte) int {
	for i := 0; i+2 < len(target); i++ {
		if target[i] != '%' {
			continue
		}
		h, ok1 := pct.Unhex(target[i+1])
		l, ok2 := pct.Unhex(target[i+2])
		if ok1 && ok2 && h<<4|l == v {
			return i
		}
	}
	return 0
}

// haproxyAuthority says whether HAProxy takes s, a target neither
// origin-form nor absolute-form, as it is. It compares the authority of
// such a target, what precedes its first "/" less a userinfo, with Host:
// it takes one without any ("@", "@/x", "x@/y"), and an authority-form
// target, whose Host a client sends alike ("1:2", "[::1]:80"); "@a:80",
// "abc" and "a@?q" get 400.
func haproxyAuthority(s string) bool {
	auth := s
	if i := strings.IndexByte(s, '/'); i >= 0 {
		auth = s[:i]
	}
	if strings.HasSuffix(auth, "@") {
		return true
	}
	t, err := uri.ParseRequestTarget(s)
	return err == nil && t.Form() == uri.AuthorityForm
}

// goIPLiteralOK says whether Go's net/url, which reads the target of the
// Go servers (Caddy, Traefik, ServeMux), takes the IP literal of the
// authority of s, scheme "://" authority, if it has one: since Go 1.26 it
// must be an IPv6 address to netip.ParseAddr, with perhaps a zone after
// "%25" ("http://[:\x85:1]/" and "http://[v1.x]/" get 400).
func goIPLiteralOK(s string) bool {
	i := strings.Index(s, "://")
	if i < 0 {
		return true
	}
	auth := s[i+3:]
	if j := strings.LastIndexByte(auth, '@'); j >= 0 {
		auth = auth[j+1:]
	}
	if !strings.HasPrefix(auth, "[") {
		return true
	}
	end := strings.LastIndexByte(auth, ']')
	if end < 0 {
		return false
	}
	lit := auth[1:end]
	if z := strings.Index(lit, "%25"); z >= 0 {
		lit = lit[:z]
	}
	_, err := netip.ParseAddr(lit)
	return err == nil && !strings.Contains(lit, "%")
}
