package route

import (
	"errors"
	"strconv"
	"strings"
	"unsafe"

	"github.com/urilabs/rfc3986/internal/pct"
	"github.com/urilabs/rfc3986/uri"
)

// A Verdict is what a product does with a request before it routes it:
// Accept, Redirect or Reject.
type Verdict uint8

const (
	// Accept routes the request on the key and sends the forwarded
	// target on.
	Accept Verdict = iota
	// Redirect answers with a redirect to the result's Location.
	Redirect
	// Reject answers with an error status.
	Reject
)

var verdictNames = [...]string{Accept: "accept", Redirect: "redirect", Reject: "reject"}

// String returns "accept", "redirect" or "reject".
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return "Verdict(" + strconv.Itoa(int(v)) + ")"
}

// The reasons of a rejection by a policy, wrapped within a *uri.Error
// with Op "route" when produced. A target that uri.ParseRequestTarget
// refuses under ReadStrict gives that function's error as it is.
var (
	// ErrEncodedDelimiter: an escape of a delimiter the policy rejects
	// ("%2F", "%5C", "%00", "%3B", "%25", "%3F", "%23"), or an "%2E"
	// under EncodedDotReject.
	ErrEncodedDelimiter = errors.New("rejected escape")
	// ErrAboveRoot: a ".." segment that would climb above the root,
	// under DotDotRejectAbove.
	ErrAboveRoot = errors.New("dot-segment above the root")
	// ErrBackslash: a backslash under BackslashReject.
	ErrBackslash = errors.New("backslash")
	// ErrParams: a ";" in the path under ParamsReject.
	ErrParams = errors.New("path parameter")
	// ErrForm: a form of request-target the policy rejects, or one that
	// is none of the four forms.
	ErrForm = errors.New("request-target form not accepted")
)

// A Result is what a [Policy] made of a request-target: the verdict, and
// the two views of the path the product computes from it in the same
// pass.
//
// Key and Forward are slices of the target when the policy leaves it as
// it is; otherwise they share one allocation (or the caller's buffer,
// with [Policy.AppendApply]).
type Result struct {
	// Verdict says whether the product routes the request, redirects or
	// rejects it.
	Verdict Verdict

	// The small fields come first, so that they pack into one word with
	// Verdict: a Result is returned, and copied by StripPrefix, by value.

	// valid says uri.ParseRequestTarget accepts the target, whose
	// hazards are then hazards.
	valid   bool
	status  uint16
	hazards uri.Hazards
	// fpath is the length of the path of Forward; the rest is the query.
	fpath int32
	// aligned says Forward's path has the segments of Key, one for one,
	// so that StripPrefix can cut both at the same segment.
	aligned bool
	// escape is the policy's Escape, for a StripPrefix that has to write
	// the rest of the key out.
	escape Escape
	// decoded is true when Key is in KeyDecoded form.
	decoded bool
	// strip is the policy's Strip.
	strip Strip

	// Forward is the request-target the product sends on: the path and
	// query as it writes them. It is empty unless Verdict is Accept.
	Forward string
	// Key is the path the product matches its routes on: decoded where
	// the product decodes before matching (Policy.KeyForm), lower-cased
	// where it matches without case. It is empty for an authority-form
	// or asterisk-form target, a redirect and a rejection.
	Key string
	// Location is the target of a redirect.
	Location string
	// Err says where and why a rejected target was rejected: an
	// *uri.Error whose Err is one of this package's sentinels or, for a
	// target the strict reading refuses, one of package uri's.
	Err *uri.Error
}

// Status returns the status the product answers with itself: 400, 404,
// 301, 307..., or 0 when it forwards the request.
func (r Result) Status() int { return int(r.status) }

// Hazards returns the hazards of the target that Apply, AppendApply or
// ApplyTarget read, those [uri.RequestTarget.Hazards] gives, and true when
// [uri.ParseRequestTarget] accepts the target; 0 and false when it refuses
// it, whatever the policy made of it (a lenient Read takes targets the
// strict reading refuses). A proxy that refuses [uri.PathHazards] checks
// them so without a second parse: the pass that reads an origin-form
// target finds them. They are those of the target as received, and
// StripPrefix keeps them.
func (r Result) Hazards() (uri.Hazards, bool) { return r.hazards, r.valid }

// StripPrefix removes prefix from the key, as a proxy's prefix-stripping
// route does, and the same segments from the forwarded target. The prefix
// is a path ("/api" or "/api/") matched against the key at a segment
// boundary only: "/api" strips "/api" and "/api/x" but not "/apix" nor
// "/api./admin". The stripped key and path begin with "/".
//
// The cut is made on the key, where the routing decision was made, and
// carried over to Forward segment by segment, so that the back end gets
// the rest of the path the route matched, not a rest of the raw bytes
// that it reads another way. When Forward does not have the key's
// segments one for one (a product that forwards the raw target but
// routes on a normalized one), the rest of the key is written out with the
// policy's Escape instead.
//
// It returns false, and r unchanged, when the key does not begin with the
// prefix or r is not Accept.
func (r Result) StripPrefix(prefix string) (Result, bool) {
	// One call on r in place, which the caller inlines: the Result it
	// returns is then r itself, not a copy through the stack.
	ok := r.stripPrefix(prefix)
	return r, ok
}

// simple says that r accepts a target whose path is the key itself, and
// strips it as StripSegments does, so that StripPrefix cuts both at the
// same offset.
func (r *Result) simple() bool {
	return r.Verdict == Accept && r.aligned && r.strip != StripCleanedEscaped && len(r.Key) == int(r.fpath) &&
		unsafe.StringData(r.Key) == unsafe.StringData(r.Forward)
}

// stripPrefix is StripPrefix on r in place: it changes r only when it
// returns true.
func (r *Result) stripPrefix(prefix string) bool {
	// A prefix without a trailing "/" cut off a path left as it is: two
	// slices.
	if n := len(prefix); n > 0 && n <= len(r.Key) && prefix[n-1] != '/' && r.simple() &&
		(unsafe.StringData(prefix) == unsafe.StringData(r.Key) || r.Key[:n] == prefix) { // a prefix sliced from the key needs no comparing
		if n < len(r.Key) && r.Key[n] == '/' {
			r.Key, r.Forward, r.fpath = r.Key[n:], r.Forward[n:], r.fpath-int32(n)
			return true
		}
		if n == len(r.Key) && n == len(r.Forward) {
			// The whole path and no query: the root is left.
			r.Key, r.Forward, r.fpath = "/", "/", 1
			return true
		}
	}
	if r.Verdict != Accept || prefix == "" || prefix[0] != '/' {
		return false
	}
	trimmed := prefix
	if trimmed[len(trimmed)-1] == '/' {
		trimmed = trimmed[:len(trimmed)-1]
	}
	if r.strip == StripCleanedEscaped {
		out, ok := r.stripCleanedEscaped(trimmed)
		if ok {
			*r = out
		}
		return ok
	}
	key := r.Key
	if len(key) < len(trimmed) || key[:len(trimmed)] != trimmed || len(key) > len(trimmed) && key[len(trimmed)] != '/' {
		return false
	}
	r.strip1(trimmed)
	return true
}

// strip1 is StripPrefix of trimmed, the prefix without its trailing "/",
// once the key is known to begin with it at a segment boundary.
func (r *Result) strip1(trimmed string) {
	rest := r.Key[len(trimmed):]
	fpath, query := r.Forward[:r.fpath], r.Forward[r.fpath:]
	key := r.Key
	if rest == "" {
		r.Key = "/"
	} else {
		r.Key = rest
	}
	if r.aligned {
		var cut int
		if len(key) == len(fpath) && unsafe.StringData(key) == unsafe.StringData(fpath) {
			cut = len(trimmed)
		} else {
			// The n+1th "/" of the forwarded path, n the number of "/"
			// the prefix consumed in the key.
			cut = nthSlash(fpath, strings.Count(trimmed, "/"))
		}
		var frest string
		if cut >= 0 {
			frest = fpath[cut:]
		}
		if frest == "" {
			if query == "" {
				r.Forward = "/"
			} else {
				r.Forward = "/" + query
			}
			r.fpath = 1
			return
		}
		r.Forward = r.Forward[cut:]
		r.fpath = int32(len(frest))
		return
	}
	// Forward is the raw target: write the rest of the key out.
	b := make([]byte, 0, 3*len(r.Key)+len(query))
	if r.decoded {
		b = appendEscapedKey(b, r.Key, r.escape)
	} else {
		b = append(b, r.Key...)
	}
	n := len(b)
	b = append(b, query...)
	r.Forward = string(b)
	r.fpath = int32(n)
	r.aligned = true
}

// nthSlash returns the index of the n+1th "/" of s (n counted from 1: the
// index of the slash after n segments), or -1.
func nthSlash(s string, n int) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '/' {
			if n == 0 {
				return i
			}
			n--
		}
	}
	return -1
}

// statusOr returns s, or def when s is 0.
func statusOr(s, def uint16) uint16 {
	if s == 0 {
		return def
	}
	return s
}

// stripCleanedEscaped is StripPrefix under StripCleanedEscaped (Caddy's
// strip_prefix): the forwarded path cleaned, then prefix cut off it in
// lock-step, an escape matching the byte it encodes, without case. The
// key loses the prefix as StripSegments cuts it.
func (r Result) stripCleanedEscaped(prefix string) (Result, bool) {
	key := r.Key
	if !strings.HasPrefix(key, prefix) || len(key) > len(prefix) && key[len(prefix)] != '/' {
		return r, false
	}
	fpath, query := r.Forward[:r.fpath], r.Forward[r.fpath:]
	cleaned := cleanEscaped(fpath)
	out := r
	out.Key = key[len(prefix):]
	if out.Key == "" {
		out.Key = "/"
	}
	// trimPathPrefix: when the escaped path does not spell the prefix
	// (the key matched through a cleaning the escaped path does not
	// share), Caddy sends the cleaned path untrimmed.
	i, j := 0, 0
	for i < len(cleaned) && j < len(prefix) {
		c := cleaned[i]
		if c == '%' && prefix[j] != '%' && i+2 < len(cleaned) {
			h, ok1 := pct.Unhex(cleaned[i+1])
			l, ok2 := pct.Unhex(cleaned[i+2])
			if !ok1 || !ok2 {
				break
			}
			c = h<<4 | l
			i += 2
		}
		if lowerByte(c) != lowerByte(prefix[j]) {
			break
		}
		i++
		j++
	}
	if j < len(prefix) {
		i = 0
	}
	rest := cleaned[i:]
	if cleaned == fpath {
		out.Forward = r.Forward[i:]
	} else {
		out.Forward = rest + query
	}
	out.fpath = int32(len(rest))
	out.aligned = false
	return out, true
}

func lowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// cleanEscaped is Caddy's CleanPath(escapedPath, true): path.Clean, a
// trailing "/" put back. A path already clean is returned as it is.
func cleanEscaped(p string) string {
	if isClean(p) {
		return p
	}
	b := make([]byte, 0, len(p)+1)
	if p == "" || p[0] != '/' {
		b = append(b, '/')
	}
	b = append(b, p...)
	return string(cleanInPlace(b))
}

// isClean says whether cleanEscaped leaves the path p as it is: rooted,
// without empty, "." or ".." segments.
func isClean(p string) bool {
	if p == "" || p[0] != '/' {
		return false
	}
	for i := 0; i < len(p); i++ {
		if p[i] != '/' {
			continue
		}
		rest := p[i+1:]
		switch {
		case rest == "":
		case rest[0] == '/':
			return false
		case rest[0] == '.' && (len(rest) == 1 || rest[1] == '/'):
			return false
		case rest[0] == '.' && rest[1] == '.' && (len(rest) == 2 || rest[2] == '/'):
			return false
		}
	}
	return true
}
