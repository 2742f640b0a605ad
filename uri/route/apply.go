package route

import (
	"unsafe"

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
func (p Policy) Apply(target string) Result {
	var r Result
	p.apply(&r, target, nil)
	return r
}

// AppendApply is Apply writing what it has to write (a changed key, a
// changed forwarded target, a redirect's location) into dst, and returning
// the extended buffer. It allocates nothing when dst has room enough:
// 24*len(target)+32 bytes of spare capacity always suffice. The buffer
// grows by what the result holds and the scratch space of the pass.
//
// The strings of the result may point into the returned buffer: they stay
// valid as long as the buffer's bytes from len(dst) on are not modified.
func (p Policy) AppendApply(dst []byte, target string) (Result, []byte) {
	var r Result
	dst = p.apply(&r, target, dst)
	return r, dst
}

// ApplyTarget applies the policy to a target already parsed: it skips the
// reading (Read, InvalidPercent and Fragment have nothing to do on a valid
// request-target) and does the rest as Apply does.
func (p Policy) ApplyTarget(t uri.RequestTarget) Result {
	var r Result
	s := t.String()
	var sp split
	switch t.Form() {
	case uri.OriginForm:
		sp = split{form: uri.OriginForm, pathEnd: len(t.Path()), query: -1, frag: -1}
		if t.HasQuery() {
			sp.query = sp.pathEnd
		}
	case uri.AbsoluteForm:
		sp = absoluteSplit(s, t)
	case uri.AuthorityForm, uri.AsteriskForm:
		sp = split{form: t.Form()}
	default:
		r.reject(p.Status.Invalid, &uri.Error{Op: opRoute, Input: s, Err: ErrForm})
		return r
	}
	p.applySplit(&r, s, sp, nil, false)
	return r
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
			sp = split{form: uri.OriginForm, pathEnd: len(t.Path()), query: -1, frag: -1}
			if t.HasQuery() {
				sp.query = sp.pathEnd
			}
		case uri.AbsoluteForm:
			sp = absoluteSplit(target, t)
		default:
			sp = split{form: t.Form()}
		}
		return p.applySplit(r, target, sp, dst, false)
	}
	var err *uri.Error
	sp, err = p.lenientSplit(target)
	if err != nil {
		r.reject(p.Status.Invalid, err)
		return dst
	}
	return p.applySplit(r, target, sp, dst, true)
}

// lenientSplit reads target as ReadLenient or ReadLenientASCII does.
func (p Policy) lenientSplit(s string) (split, *uri.Error) {
	sp := split{query: -1, frag: -1}
	refused := &readRefuses[p.Read&7]
	for i := 0; i < len(s); i++ {
		if refused[s[i]] {
			return sp, &uri.Error{Op: opRoute, Input: s, Offset: i, Component: uri.Path, Err: uri.ErrInvalidCharacter}
		}
	}
	switch {
	case s == "":
		return sp, &uri.Error{Op: opRoute, Input: s, Err: ErrForm}
	case s == "*":
		sp.form = uri.AsteriskForm
		return sp, nil
	case s[0] == '/':
		sp.form = uri.OriginForm
	default:
		// absolute-form: scheme "://" authority path, or scheme ":" path.
		i := 0
		for i < len(s) && (isAlpha(s[i]) || i > 0 && (isDigit(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.')) {
			i++
		}
		if i == 0 || i == len(s) || s[i] != ':' || i+1 < len(s) && isDigit(s[i+1]) || i+1 == len(s) {
			// host ":" port, or nothing we know.
			if i > 0 && i < len(s) && s[i] == ':' {
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

// readRefuses holds, for each lenient Read, the bytes it refuses.
var readRefuses = func() (t [8][256]bool) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		ctl := b <= 0x20 || b == 0x7F
		t[ReadLenient][c] = ctl
		t[ReadLenientASCII][c] = ctl || b >= 0x80
		t[ReadRFC][c] = !rfcChar(b)
		t[ReadRFCNonASCII][c] = !rfcChar(b) && b < 0x80
	}
	return t
}()

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
		if c != '/' {
			f |= byteFlags[c]
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
func (p Policy) sensitive() uint16 {
	var m uint16
	if p.InvalidPercent != 0 || p.PercentCase != 0 || p.Unreserved != 0 || p.EncodedDot != 0 ||
		p.EncodedSlash != 0 || p.EncodedBackslash != 0 || p.EncodedNul != 0 || p.EncodedSemicolon != 0 ||
		p.EncodedPercent != 0 || p.EncodedQuestion != 0 || p.EncodedHash != 0 || p.KeyForm != 0 {
		m |= fPct
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
		if p.AbsoluteForm == AbsoluteReject || p.AbsoluteForm == AbsoluteToOriginHost && !hasHost(s, sp) {
			r.reject(p.Status.Invalid, &uri.Error{Op: opRoute, Input: s, Err: ErrForm})
			return dst
		}
	}
	if sp.frag >= 0 {
		switch p.Fragment {
		case FragmentReject:
			r.reject(p.Status.Invalid, &uri.Error{Op: opRoute, Input: s, Offset: sp.frag, Component: uri.Fragment, Err: uri.ErrFragmentNotAllowed})
			return dst
		case FragmentEncode:
			return p.slow(r, s, sp, dst)
		}
	}
	path := s[sp.pathStart:sp.pathEnd]
	// fwdStart is where the forwarded target begins in s.
	fwdStart := 0
	if sp.form == uri.AbsoluteForm && p.toOrigin() {
		if path == "" || path[0] != '/' {
			// "http://h" and "urn:a" have no absolute path to send:
			// write one.
			return p.slow(r, s, sp, dst)
		}
		fwdStart = sp.pathStart
	}
	f := scanPath(path)
	if lenient && f&fPct != 0 && p.InvalidPercent == InvalidPercentReject {
		// The escapes of a lenient reading have to be checked.
		return p.slow(r, s, sp, dst)
	}
	if f&p.sensitive() != 0 || p.Query == QuerySort && sp.query >= 0 && needsSort(s[sp.query+1:queryEnd(s, sp)]) ||
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
		decoded: p.KeyForm == KeyDecoded,
	}
	if path == "" {
		r.Key = "/"
	}
	return dst
}

// toOrigin says an absolute-form target is forwarded in origin-form.
func (p Policy) toOrigin() bool {
	return p.AbsoluteForm == AbsoluteToOrigin || p.AbsoluteForm == AbsoluteToOriginHost
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
	return auth != "" && auth[0] != ':' && !containsByte(auth, '@')
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

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c|0x20 >= 'a' && c|0x20 <= 'f':
		return c | 0x20 - 'a' + 10, true
	}
	return 0, false
}

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
		wantDec: p.KeyForm != KeyEncoded,
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
	dots, other, params := 0, false, false
	endSegment := func(final bool) *uri.Error {
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
					return &uri.Error{Op: opRoute, Input: s, Component: uri.Path, Err: ErrAboveRoot}
				case DotDotKeepAbove:
					b.norm = append(b.norm, ".."...)
					if b.wantDec {
						b.dec = append(b.dec, ".."...)
					}
					if b.wantEsc {
						b.esc = append(b.esc, ".."...)
					}
					if !final {
						b.slash()
					}
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
	segStart = b.mark()
	for i < len(path) {
		c := path[i]
		// decoded is the byte the product reads; enc says it came as an
		// escape it keeps; sep says it separates segments.
		var decoded byte
		enc, sep := false, false
		width := 1
		switch {
		case c == '/':
			sep = true
		case c == '#' && fragEnc:
			decoded, enc = '#', true
		case c == '%':
			h, ok1 := byte(0), false
			l, ok2 := byte(0), false
			if i+2 < len(path)+0 && i+2 <= len(path)-1 {
				h, ok1 = unhex(path[i+1])
				l, ok2 = unhex(path[i+2])
			}
			if !ok1 || !ok2 {
				if p.InvalidPercent == InvalidPercentReject {
					r.reject(p.Status.Invalid, &uri.Error{Op: opRoute, Input: s, Offset: off(i), Component: uri.Path, Err: uri.ErrInvalidPercentEncoding})
					return dst
				}
				decoded = '%'
				break
			}
			width = 3
			v := h<<4 | l
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
				case EncodedDotReject:
					r.reject(p.Status.AboveRoot, &uri.Error{Op: opRoute, Input: s, Offset: off(i), Component: uri.Path, Err: ErrEncodedDelimiter})
					return dst
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
			if p.Slashes == SlashesMerge && !other && dots == 0 && b.mark().norm == segStart.norm && !params {
				// An empty segment: merge it into the one before.
				changed = true
				segStart = b.mark()
				continue
			}
			if err := endSegment(false); err != nil {
				r.reject(p.Status.AboveRoot, err)
				return dst
			}
			segStart = b.mark()
			dots, other, params = 0, false, false
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
			}
		}
		if !enc && decoded == '.' {
			dots++
		} else {
			other = true
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

	// The query.
	query := ""
	if sp.query >= 0 {
		if fragEnc {
			query = s[sp.query:]
		} else {
			query = s[sp.query:queryEnd(s, sp)]
		}
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
	*r = Result{Verdict: verdict, escape: p.Escape, decoded: p.KeyForm == KeyDecoded}
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
		out = append(out, fwdPath...)
		out = p.appendQuery(out, query)
		out = append(out, frag...)
		r.fpath = int32(len(fwdPath))
		r.aligned = true
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
			// No absolute path to send: "/" before the path and query.
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
	prev := ""
	for q != "" {
		var pair string
		pair, q, _ = cutByte(q, '&')
		name, _, _ := cutByte(pair, '=')
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
