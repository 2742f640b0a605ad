package reference

import (
	"strconv"
	"strings"

	"github.com/urilabs/rfc3986/internal/schemes"
)

// Slow, literal transcriptions of sections 5.2 and 6.2 of RFC 3986, to
// check package uri's one-pass versions against. They work on Parts and
// strings, copy freely and take quadratic time on long paths.

// A Step is one line of the traces of section 5.2.4: the rule applied
// ("1", "2A" to "2E") and the two buffers after it.
type Step struct{ Rule, Output, Input string }

// RemoveDotSegments is remove_dot_segments of section 5.2.4 with its two
// string buffers, rule by rule, and the trace of its steps.
func RemoveDotSegments(path string) (string, []Step) {
	in, out := path, ""
	trace := []Step{{"1", out, in}}
	// lastSegment removes the last segment of out and its preceding "/"
	// (if any).
	lastSegment := func() {
		if i := strings.LastIndexByte(out, '/'); i >= 0 {
			out = out[:i]
		} else {
			out = ""
		}
	}
	for in != "" {
		var rule string
		switch {
		case strings.HasPrefix(in, "../"):
			in, rule = in[3:], "2A"
		case strings.HasPrefix(in, "./"):
			in, rule = in[2:], "2A"
		case strings.HasPrefix(in, "/./"):
			in, rule = "/"+in[3:], "2B"
		case in == "/.":
			in, rule = "/", "2B"
		case strings.HasPrefix(in, "/../"):
			in, rule = "/"+in[4:], "2C"
			lastSegment()
		case in == "/..":
			in, rule = "/", "2C"
			lastSegment()
		case in == "." || in == "..":
			in, rule = "", "2D"
		default:
			// 2E: the first segment, with its initial "/" if any, up to
			// the next "/".
			i := strings.IndexByte(in[1:], '/') + 1
			if i == 0 {
				i = len(in)
			}
			out, in, rule = out+in[:i], in[i:], "2E"
		}
		trace = append(trace, Step{rule, out, in})
	}
	return out, trace
}

// TakesBasePath reports whether resolving ref against base takes the
// base's path as it is (section 5.2.2: a reference read as relative, with
// neither authority nor path), which removes no dot-segments from it. A
// reference with a scheme is read as relative when a non-strict resolver
// finds it the base's.
func TakesBasePath(base, ref Parts, strict bool) bool {
	relative := !ref.HasScheme || !strict && strings.EqualFold(ref.Scheme, base.Scheme)
	return relative && !ref.HasAuthority && ref.Path == ""
}

// Resolve transforms ref against base as the pseudocode of section 5.2.2
// does, strictly or not, merging paths as section 5.2.3 says.
func Resolve(base, ref Parts, strict bool) Parts {
	rds := func(p string) string { s, _ := RemoveDotSegments(p); return s }
	if !strict && ref.HasScheme && strings.EqualFold(ref.Scheme, base.Scheme) {
		ref.HasScheme = false
	}
	var t Parts
	setAuthority := func(from Parts) {
		t.HasAuthority, t.UserInfo, t.HasUserInfo = from.HasAuthority, from.UserInfo, from.HasUserInfo
		t.Host, t.HostKind, t.Port, t.HasPort = from.Host, from.HostKind, from.Port, from.HasPort
	}
	setQuery := func(from Parts) { t.Query, t.HasQuery = from.Query, from.HasQuery }
	if ref.HasScheme {
		t.Scheme, t.HasScheme = ref.Scheme, true
		setAuthority(ref)
		t.Path = rds(ref.Path)
		setQuery(ref)
	} else {
		if ref.HasAuthority {
			setAuthority(ref)
			t.Path = rds(ref.Path)
			setQuery(ref)
		} else {
			if ref.Path == "" {
				t.Path = base.Path
				if ref.HasQuery {
					setQuery(ref)
				} else {
					setQuery(base)
				}
			} else {
				if strings.HasPrefix(ref.Path, "/") {
					t.Path = rds(ref.Path)
				} else {
					t.Path = rds(merge(base, ref.Path))
				}
				setQuery(ref)
			}
			setAuthority(base)
		}
		t.Scheme, t.HasScheme = base.Scheme, true
	}
	t.Fragment, t.HasFragment = ref.Fragment, ref.HasFragment
	return t
}

// merge is section 5.2.3.
func merge(base Parts, path string) string {
	if base.HasAuthority && base.Path == "" {
		return "/" + path
	}
	i := strings.LastIndexByte(base.Path, '/')
	return base.Path[:i+1] + path
}

// Guard writes "/." before a path that begins with "//" without an
// authority, which would otherwise read as one: the rule of Boost.URL and
// the WHATWG URL Standard that package uri follows where section 5.3
// leaves a gap.
func Guard(p Parts) Parts {
	if !p.HasAuthority && strings.HasPrefix(p.Path, "//") {
		p.Path = "/." + p.Path
	}
	return p
}

// HasDotSegment reports whether path has a complete segment "." or "..",
// leaving out the "/." of Guard: what no resolved or normalized path may
// have.
func HasDotSegment(path string) bool {
	if strings.HasPrefix(path, "/.//") {
		path = path[2:]
	}
	for _, seg := range strings.Split(path, "/") {
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}

// Normalize applies section 6.2.2 and, when schemeBased is set, section
// 6.2.3 as package uri reads them: see uri.URI.Normalize.
func Normalize(p Parts, schemeBased bool) Parts {
	p.Scheme = strings.ToLower(p.Scheme)
	p.UserInfo = normalizePct(p.UserInfo, true)
	p.Host = strings.ToLower(normalizePct(p.Host, true))
	// Lowercasing made the hex of the remaining triplets lowercase.
	p.Host = normalizePct(p.Host, false)
	if p.HostKind == "RegName" && IsIPv4(p.Host) {
		p.HostKind = "IPv4"
	}
	relativePath := !p.HasScheme && !p.HasAuthority && !strings.HasPrefix(p.Path, "/")
	segs := strings.Split(p.Path, "/")
	for i, s := range segs {
		// In a relative-path reference, which keeps its dots, a segment
		// that decodes to "." or ".." stays encoded.
		dots := strings.ReplaceAll(strings.ToUpper(s), "%2E", ".")
		keep := relativePath && (dots == "." || dots == "..")
		segs[i] = normalizePct(s, !keep)
	}
	p.Path = strings.Join(segs, "/")
	if !relativePath {
		p.Path, _ = RemoveDotSegments(p.Path)
	}
	p.Query = normalizePct(p.Query, true)
	p.Fragment = normalizePct(p.Fragment, true)
	if schemeBased {
		// The facts are the library's scheme table; the rules of section
		// 6.2.3 are written here again, plainly.
		s := schemes.Lookup(p.Scheme)
		if d := strconv.Itoa(int(s.Port)); p.HasPort && (p.Port == "" || s.Port != 0 && strings.TrimLeft(p.Port, "0") == d) {
			p.Port, p.HasPort = "", false
		}
		if s.Rules&schemes.SlashPath != 0 && p.HasAuthority && p.Path == "" {
			p.Path = "/"
		}
	}
	return Guard(p)
}

// normalizePct uppercases the hex of every triplet of s and, when decode
// is set, decodes those of unreserved characters (section 6.2.2.2).
func normalizePct(s string, decode bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		hex := strings.ToUpper(s[i+1 : i+3])
		c := fromHex(hex[0])<<4 | fromHex(hex[1])
		if decode && strings.IndexByte(unreservedChars, c) >= 0 {
			b.WriteByte(c)
		} else {
			b.WriteString("%" + hex)
		}
		i += 2
	}
	return b.String()
}

func fromHex(c byte) byte { return byte(strings.IndexByte("0123456789ABCDEF", c)) }
