package whatwg

import (
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/urilabs/rfc3986/internal/pct"
	"github.com/urilabs/rfc3986/internal/schemes"
)

// The states of the basic URL parser (section 4.4).
type state uint8

const (
	noState state = iota
	schemeStartState
	schemeState
	noSchemeState
	specialRelativeOrAuthorityState
	pathOrAuthorityState
	relativeState
	relativeSlashState
	specialAuthoritySlashesState
	specialAuthorityIgnoreSlashesState
	authorityState
	hostState
	hostnameState
	portState
	fileState
	fileSlashState
	fileHostState
	pathStartState
	pathState
	opaquePathState
	queryState
	fragmentState
)

// A record is a URL record of the Standard, under construction, with its
// path kept serialized: "/" before each segment of a list, or the opaque
// path itself. Popping a segment truncates at the last "/".
type record struct {
	scheme   []byte
	username []byte
	password []byte
	host     []byte
	hostTmp  []byte
	hostKind HostKind // NoHost: the host is null
	port     int32    // -1: null
	path     []byte
	opaque   bool
	query    []byte
	hasQuery bool
	fragment []byte
	hasFrag  bool
	special  bool
	buffer   []byte
	scratch  []byte
	failOff  int
}

type parser = record

func (r *record) reset() {
	r.scheme = r.scheme[:0]
	r.username = r.username[:0]
	r.password = r.password[:0]
	r.host = r.host[:0]
	r.hostKind = NoHost
	r.port = -1
	r.path = r.path[:0]
	r.opaque = false
	r.query = r.query[:0]
	r.hasQuery = false
	r.fragment = r.fragment[:0]
	r.hasFrag = false
	r.special = false
	r.buffer = r.buffer[:0]
	r.failOff = 0
}

// records holds records for reuse. Unlike a sync.Pool, which a garbage
// collection empties, it keeps them, so that CanParse allocates nothing
// in the steady state. lastRecord holds one more, taken and given back
// with one atomic swap where the channel takes a lock: the one record a
// single goroutine parsing URL after URL needs.
var (
	records    = make(chan *record, 64)
	lastRecord atomic.Pointer[record]
)

func getRecord() *record {
	r := lastRecord.Swap(nil)
	if r == nil {
		select {
		case r = <-records:
		default:
			r = new(record)
		}
	}
	r.reset()
	return r
}

func putRecord(r *record) {
	if cap(r.path) > 64<<10 || cap(r.query) > 64<<10 || cap(r.buffer) > 64<<10 || cap(r.fragment) > 64<<10 {
		return
	}
	if lastRecord.CompareAndSwap(nil, r) {
		return
	}
	select {
	case records <- r:
	default:
	}
}

// load sets r to the components of u.
func (r *record) load(u *URL) {
	r.reset()
	r.scheme = append(r.scheme, u.Scheme()...)
	r.special = isSpecialScheme(u.Scheme())
	r.username = append(r.username, u.Username()...)
	r.password = append(r.password, u.Password()...)
	r.hostKind = u.HostKind()
	r.host = append(r.host, u.Hostname()...)
	r.port = -1
	if u.flags()&hasPort != 0 {
		r.port = int32(u.port())
	}
	r.path = append(r.path, u.Pathname()...)
	r.opaque = u.flags()&opaquePath != 0
	r.hasQuery = u.flags()&hasQuery != 0
	r.query = append(r.query, u.query()...)
	r.hasFrag = u.flags()&hasFragment != 0
	r.fragment = append(r.fragment, u.fragment()...)
}

// isSpecialScheme reports whether s, lowercase, is a special scheme
// (section 4.1).
func isSpecialScheme(s string) bool {
	_, ok := schemes.WHATWG(s)
	return ok
}

// defaultPort returns the default port of the special scheme s, or -1 for
// another scheme and for file, which has none.
func defaultPort(s string) int32 {
	if sc, ok := schemes.WHATWG(s); ok && sc.Port != 0 {
		return int32(sc.Port)
	}
	return -1
}

func isASCIIAlpha(c int) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isWindowsDriveLetter(s []byte) bool {
	return len(s) == 2 && isASCIIAlpha(int(s[0])) && (s[1] == ':' || s[1] == '|')
}

// startsWithDriveLetter: the code points from i on start with a Windows
// drive letter.
func startsWithDriveLetter(s string, i int) bool {
	if len(s)-i < 2 || !isASCIIAlpha(int(s[i])) || (s[i+1] != ':' && s[i+1] != '|') {
		return false
	}
	if len(s)-i == 2 {
		return true
	}
	switch s[i+2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}

// isNormalizedDriveSegment: path (serialized) is exactly one segment, a
// normalized Windows drive letter.
func isNormalizedDriveSegment(path []byte) bool {
	return len(path) == 3 && path[0] == '/' && isASCIIAlpha(int(path[1])) && path[2] == ':'
}

func (r *record) shortenPath() {
	if string(r.scheme) == "file" && isNormalizedDriveSegment(r.path) {
		return
	}
	for i := len(r.path) - 1; i >= 0; i-- {
		if r.path[i] == '/' {
			r.path = r.path[:i]
			return
		}
	}
}

func isSingleDot(b []byte) bool {
	switch len(b) {
	case 1:
		return b[0] == '.'
	case 3:
		return b[0] == '%' && b[1] == '2' && b[2]|0x20 == 'e'
	}
	return false
}

func isDoubleDot(b []byte) bool {
	switch len(b) {
	case 2:
		return b[0] == '.' && b[1] == '.'
	case 4:
		return (b[0] == '.' && b[1] == '%' && b[2] == '2' && b[3]|0x20 == 'e') ||
			(b[0] == '%' && b[1] == '2' && b[2]|0x20 == 'e' && b[3] == '.')
	case 6:
		return b[0] == '%' && b[1] == '2' && b[2]|0x20 == 'e' && b[3] == '%' && b[4] == '2' && b[5]|0x20 == 'e'
	}
	return false
}

// clean strips leading and trailing C0 controls and spaces (when trim),
// removes ASCII tabs and newlines, and replaces bytes that are not UTF-8
// with U+FFFD, as a string of scalar values has none. It returns s itself
// when there is nothing to do.
func clean(s string, trim bool) string {
	if trim {
		i, j := 0, len(s)
		for i < j && s[i] <= ' ' {
			i++
		}
		for j > i && s[j-1] <= ' ' {
			j--
		}
		s = s[i:j]
	}
	dirty := false
	for i := 0; i < len(s); i++ {
		if b := s[i]; b == '\t' || b == '\n' || b == '\r' {
			dirty = true
			break
		} else if b >= 0x80 && !dirty {
			if !utf8.ValidString(s[i:]) {
				dirty = true
				break
			}
			// The rest is UTF-8: only tabs and newlines are left to find.
			dirty = strings.ContainsAny(s[i:], "\t\n\r")
			break
		}
	}
	if !dirty {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c == '\t' || c == '\n' || c == '\r' {
			i++
			continue
		}
		if c < 0x80 {
			b = append(b, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, "\uFFFD"...)
			n = maximalSubpart([]byte(s[i:min(i+4, len(s))]))
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return string(b)
}

// parse runs the basic URL parser over input (already cleaned) into r,
// with base (nil if none) and a state override (noState if none).
func (r *record) parse(input string, base *URL, override state) failure {
	st := override
	if st == noState {
		st = schemeStartState
	}
	buf := r.buffer[:0]
	atSignSeen, insideBrackets, passwordTokenSeen := false, false, false
	n := len(input)
	for p := 0; ; p++ {
		c := -1
		if p < n {
			c = int(input[p])
		} else if p > n {
			break
		}
		switch st {
		case schemeStartState:
			if isASCIIAlpha(c) {
				buf = append(buf, byte(c|0x20))
				st = schemeState
			} else if override == noState {
				st = noSchemeState
				p--
			} else {
				return failOverride
			}
		case schemeState:
			if isASCIIAlpha(c) || ('0' <= c && c <= '9') || c == '+' || c == '-' || c == '.' {
				if 'A' <= c && c <= 'Z' {
					c |= 0x20
				}
				buf = append(buf, byte(c))
			} else if c == ':' {
				special := isSpecialScheme(string(buf))
				if override != noState {
					if r.special != special {
						return failOverride
					}
					if (len(r.username) > 0 || len(r.password) > 0 || r.port >= 0) && string(buf) == "file" {
						return failOverride
					}
					if string(r.scheme) == "file" && r.hostKind == EmptyHost {
						return failOverride
					}
				}
				r.scheme = append(r.scheme[:0], buf...)
				r.special = special
				if override != noState {
					if r.port == defaultPort(unsafeString(r.scheme)) {
						r.port = -1
					}
					return 0
				}
				buf = buf[:0]
				switch {
				case string(r.scheme) == "file":
					st = fileState
				case special && base != nil && base.Scheme() == string(r.scheme):
					st = specialRelativeOrAuthorityState
				case special:
					st = specialAuthoritySlashesState
				case p+1 < n && input[p+1] == '/':
					st = pathOrAuthorityState
					p++
				default:
					r.path = r.path[:0]
					r.opaque = true
					st = opaquePathState
				}
			} else if override == noState {
				buf = buf[:0]
				st = noSchemeState
				p = -1
			} else {
				return failOverride
			}
		case noSchemeState:
			if base == nil {
				r.failOff = p
				return failMissingScheme
			}
			if base.flags()&opaquePath != 0 {
				if c != '#' {
					r.failOff = p
					return failMissingSchemeNonRelative
				}
				r.scheme = append(r.scheme[:0], base.Scheme()...)
				r.special = isSpecialScheme(base.Scheme())
				r.path = append(r.path[:0], base.Pathname()...)
				r.opaque = true
				r.hasQuery = base.flags()&hasQuery != 0
				r.query = append(r.query[:0], base.query()...)
				r.fragment = r.fragment[:0]
				r.hasFrag = true
				st = fragmentState
			} else if base.Scheme() != "file" {
				st = relativeState
				p--
			} else {
				st = fileState
				p--
			}
		case specialRelativeOrAuthorityState:
			if c == '/' && p+1 < n && input[p+1] == '/' {
				st = specialAuthorityIgnoreSlashesState
				p++
			} else {
				st = relativeState
				p--
			}
		case pathOrAuthorityState:
			if c == '/' {
				st = authorityState
			} else {
				st = pathState
				p--
			}
		case relativeState:
			r.scheme = append(r.scheme[:0], base.Scheme()...)
			r.special = isSpecialScheme(base.Scheme())
			if c == '/' || (r.special && c == '\\') {
				st = relativeSlashState
			} else {
				r.copyAuthority(base)
				r.path = append(r.path[:0], base.Pathname()...)
				r.hasQuery = base.flags()&hasQuery != 0
				r.query = append(r.query[:0], base.query()...)
				switch c {
				case '?':
					r.query = r.query[:0]
					r.hasQuery = true
					st = queryState
				case '#':
					r.fragment = r.fragment[:0]
					r.hasFrag = true
					st = fragmentState
				case -1:
				default:
					r.hasQuery = false
					r.query = r.query[:0]
					r.shortenPath()
					st = pathState
					p--
				}
			}
		case relativeSlashState:
			if r.special && (c == '/' || c == '\\') {
				st = specialAuthorityIgnoreSlashesState
			} else if c == '/' {
				st = authorityState
			} else {
				r.copyAuthority(base)
				st = pathState
				p--
			}
		case specialAuthoritySlashesState:
			if c == '/' && p+1 < n && input[p+1] == '/' {
				st = specialAuthorityIgnoreSlashesState
				p++
			} else {
				st = specialAuthorityIgnoreSlashesState
				p--
			}
		case specialAuthorityIgnoreSlashesState:
			if c != '/' && c != '\\' {
				st = authorityState
				p--
			}
		case authorityState:
			if c == '@' {
				if atSignSeen {
					r.appendUserinfo("%40", &passwordTokenSeen, false)
				}
				atSignSeen = true
				r.appendUserinfo(unsafeString(buf), &passwordTokenSeen, true)
				buf = buf[:0]
			} else if c == -1 || c == '/' || c == '?' || c == '#' || (r.special && c == '\\') {
				if atSignSeen && len(buf) == 0 {
					r.failOff = p
					return failHostMissing
				}
				p -= len(buf) + 1
				buf = buf[:0]
				st = hostState
			} else {
				// c and the bytes after it that end nothing.
				j := p + 1
				for j < n && !authorityStopSet.Has(input[j]) {
					j++
				}
				buf = append(buf, input[p:j]...)
				p = j - 1
			}
		case hostState, hostnameState:
			if override != noState && string(r.scheme) == "file" {
				p--
				st = fileHostState
			} else if c == ':' && !insideBrackets {
				if len(buf) == 0 {
					r.failOff = p
					return failHostMissing
				}
				if override == hostnameState {
					return failOverride
				}
				if f := r.setHost(unsafeString(buf), !r.special); f != 0 {
					r.failOff = p - len(buf)
					return f
				}
				buf = buf[:0]
				st = portState
			} else if c == -1 || c == '/' || c == '?' || c == '#' || (r.special && c == '\\') {
				p--
				if r.special && len(buf) == 0 {
					r.failOff = p + 1
					return failHostMissing
				}
				if override != noState && len(buf) == 0 && (len(r.username) > 0 || len(r.password) > 0 || r.port >= 0) {
					return failOverride
				}
				if f := r.setHost(unsafeString(buf), !r.special); f != 0 {
					r.failOff = p + 1 - len(buf)
					return f
				}
				buf = buf[:0]
				st = pathStartState
				if override != noState {
					return 0
				}
			} else {
				if c == '[' {
					insideBrackets = true
				} else if c == ']' {
					insideBrackets = false
				}
				// c and the bytes after it that end nothing and
				// open or close no brackets.
				j := p + 1
				for j < n && !hostStopSet.Has(input[j]) {
					j++
				}
				buf = append(buf, input[p:j]...)
				p = j - 1
			}
		case portState:
			if '0' <= c && c <= '9' {
				buf = append(buf, byte(c))
			} else if c == -1 || c == '/' || c == '?' || c == '#' || (r.special && c == '\\') || override != noState {
				if len(buf) != 0 {
					v := 0
					for _, d := range buf {
						v = v*10 + int(d-'0')
						if v > 65535 {
							r.failOff = p - len(buf)
							return failPortOutOfRange
						}
					}
					if int32(v) == defaultPort(unsafeString(r.scheme)) {
						r.port = -1
					} else {
						r.port = int32(v)
					}
					buf = buf[:0]
					if override != noState {
						return 0
					}
				}
				if override != noState {
					return failOverride
				}
				st = pathStartState
				p--
			} else {
				r.failOff = p
				return failPortInvalid
			}
		case fileState:
			r.scheme = append(r.scheme[:0], "file"...)
			r.special = true
			r.host = r.host[:0]
			r.hostKind = EmptyHost
			if c == '/' || c == '\\' {
				st = fileSlashState
			} else if base != nil && base.Scheme() == "file" {
				r.host = append(r.host[:0], base.Hostname()...)
				r.hostKind = base.HostKind()
				r.path = append(r.path[:0], base.Pathname()...)
				r.hasQuery = base.flags()&hasQuery != 0
				r.query = append(r.query[:0], base.query()...)
				switch c {
				case '?':
					r.query = r.query[:0]
					r.hasQuery = true
					st = queryState
				case '#':
					r.fragment = r.fragment[:0]
					r.hasFrag = true
					st = fragmentState
				case -1:
				default:
					r.hasQuery = false
					r.query = r.query[:0]
					if !startsWithDriveLetter(input, p) {
						r.shortenPath()
					} else {
						r.path = r.path[:0]
					}
					st = pathState
					p--
				}
			} else {
				st = pathState
				p--
			}
		case fileSlashState:
			if c == '/' || c == '\\' {
				st = fileHostState
			} else {
				if base != nil && base.Scheme() == "file" {
					r.host = append(r.host[:0], base.Hostname()...)
					r.hostKind = base.HostKind()
					if !startsWithDriveLetter(input, p) {
						bp := base.Pathname()
						if len(bp) >= 3 && bp[0] == '/' && isASCIIAlpha(int(bp[1])) && bp[2] == ':' && (len(bp) == 3 || bp[3] == '/') {
							r.path = append(r.path, bp[:3]...)
						}
					}
				}
				st = pathState
				p--
			}
		case fileHostState:
			if c == -1 || c == '/' || c == '\\' || c == '?' || c == '#' {
				p--
				if override == noState && isWindowsDriveLetter(buf) {
					st = pathState
				} else if len(buf) == 0 {
					r.host = r.host[:0]
					r.hostKind = EmptyHost
					if override != noState {
						return 0
					}
					st = pathStartState
				} else {
					if f := r.setHost(unsafeString(buf), false); f != 0 {
						r.failOff = p + 1 - len(buf)
						return f
					}
					if string(r.host) == "localhost" {
						r.host = r.host[:0]
						r.hostKind = EmptyHost
					}
					if override != noState {
						return 0
					}
					buf = buf[:0]
					st = pathStartState
				}
			} else {
				buf = append(buf, byte(c))
			}
		case pathStartState:
			if r.special {
				st = pathState
				if c != '/' && c != '\\' {
					p--
				}
			} else if override == noState && c == '?' {
				r.query = r.query[:0]
				r.hasQuery = true
				st = queryState
			} else if override == noState && c == '#' {
				r.fragment = r.fragment[:0]
				r.hasFrag = true
				st = fragmentState
			} else if c != -1 {
				st = pathState
				if c != '/' {
					p--
				}
			} else if override != noState && r.hostKind == NoHost {
				r.path = append(r.path, '/')
			}
		case pathState:
			slash := c == '/' || (r.special && c == '\\')
			if c == -1 || slash || (override == noState && (c == '?' || c == '#')) {
				if isDoubleDot(buf) {
					r.shortenPath()
					if !slash {
						r.path = append(r.path, '/')
					}
				} else if isSingleDot(buf) {
					if !slash {
						r.path = append(r.path, '/')
					}
				} else {
					if string(r.scheme) == "file" && len(r.path) == 0 && isWindowsDriveLetter(buf) {
						buf[1] = ':'
					}
					r.path = append(r.path, '/')
					r.path = append(r.path, buf...)
				}
				buf = buf[:0]
				if c == '?' {
					r.query = r.query[:0]
					r.hasQuery = true
					st = queryState
				} else if c == '#' {
					r.fragment = r.fragment[:0]
					r.hasFrag = true
					st = fragmentState
				}
			} else {
				// The bytes after c that end no segment and need no
				// encoding are copied in one go.
				j := p + 1
				for j < n && !pathStopSet.Has(input[j]) {
					j++
				}
				buf = pct.AppendEncodedByte(buf, byte(c), &pct.WHATWGPath)
				buf = append(buf, input[p+1:j]...)
				p = j - 1
			}
		case opaquePathState:
			switch {
			case c == '?':
				r.query = r.query[:0]
				r.hasQuery = true
				st = queryState
			case c == '#':
				r.fragment = r.fragment[:0]
				r.hasFrag = true
				st = fragmentState
			case c == ' ':
				if p+1 < n && (input[p+1] == '?' || input[p+1] == '#') {
					r.path = append(r.path, "%20"...)
				} else {
					r.path = append(r.path, ' ')
				}
			case c != -1:
				r.path = pct.AppendEncodedByte(r.path, byte(c), &pct.WHATWGC0Control)
			}
		case queryState:
			if (override == noState && c == '#') || c == -1 {
				set := &pct.WHATWGQuery
				if r.special {
					set = &pct.WHATWGSpecialQuery
				}
				r.query = pct.AppendEncoded(r.query, unsafeString(buf), set)
				buf = buf[:0]
				if c == '#' {
					r.fragment = r.fragment[:0]
					r.hasFrag = true
					st = fragmentState
				}
			} else {
				// The rest of the query up to "#" is encoded in one go.
				j := p
				for j < n && (input[j] != '#' || override != noState) {
					j++
				}
				buf = append(buf, input[p:j]...)
				p = j - 1
			}
		case fragmentState:
			if c != -1 {
				r.fragment = pct.AppendEncoded(r.fragment, input[p:], &pct.WHATWGFragment)
				p = n - 1
			}
		}
	}
	r.buffer = buf
	return 0
}

// setHost parses input as the host, and sets it unless that fails.
func (r *record) setHost(input string, opaque bool) failure {
	h, k, f := r.parseHost(r.hostTmp[:0], input, opaque)
	if f != 0 {
		r.hostTmp = h
		return f
	}
	r.host, r.hostTmp, r.hostKind = h, r.host, k
	return 0
}

func (r *record) copyAuthority(base *URL) {
	r.username = append(r.username[:0], base.Username()...)
	r.password = append(r.password[:0], base.Password()...)
	r.host = append(r.host[:0], base.Hostname()...)
	r.hostKind = base.HostKind()
	r.port = -1
	if base.flags()&hasPort != 0 {
		r.port = int32(base.port())
	}
}

// appendUserinfo adds the code points of s to the username, or to the
// password after the first ":", percent-encoded. colons says whether a
// ":" may start the password.
func (r *record) appendUserinfo(s string, passwordTokenSeen *bool, colons bool) {
	for i := 0; i < len(s); i++ {
		b := s[i]
		if colons && b == ':' && !*passwordTokenSeen {
			*passwordTokenSeen = true
			continue
		}
		if *passwordTokenSeen {
			r.password = pct.AppendEncodedByte(r.password, b, &pct.WHATWGUserinfo)
		} else {
			r.username = pct.AppendEncodedByte(r.username, b, &pct.WHATWGUserinfo)
		}
	}
}

// serialize writes r as a URL: its href and offsets, in one allocation.
func (r *record) serialize() URL {
	var se, ue, hs, he, ps, qs, fs uint32
	var port uint16
	var flags uint8
	size := len(r.scheme) + 1 + len(r.path) + 2
	if r.hostKind != NoHost {
		size += 2 + len(r.username) + len(r.password) + 2 + len(r.host) + 6
	}
	if r.hasQuery {
		size += 1 + len(r.query)
	}
	if r.hasFrag {
		size += 1 + len(r.fragment)
	}
	b := make([]byte, 0, size)
	b = append(b, r.scheme...)
	se = uint32(len(b))
	b = append(b, ':')
	if r.hostKind != NoHost {
		b = append(b, "//"...)
		flags |= hasAuthority
		if len(r.username) > 0 || len(r.password) > 0 {
			b = append(b, r.username...)
			ue = uint32(len(b))
			if len(r.password) > 0 {
				b = append(b, ':')
				b = append(b, r.password...)
			}
			b = append(b, '@')
		} else {
			ue = uint32(len(b))
		}
		hs = uint32(len(b))
		b = append(b, r.host...)
		he = uint32(len(b))
		if r.port >= 0 {
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(r.port), 10)
			flags |= hasPort
			port = uint16(r.port)
		}
	} else {
		ue = uint32(len(b))
		hs = ue
		he = ue
		if !r.opaque && len(r.path) > 1 && r.path[0] == '/' && r.path[1] == '/' {
			b = append(b, "/."...)
		}
	}
	ps = uint32(len(b))
	b = append(b, r.path...)
	qs = uint32(len(b))
	if r.hasQuery {
		b = append(b, '?')
		b = append(b, r.query...)
		flags |= hasQuery
	}
	fs = uint32(len(b))
	if r.hasFrag {
		b = append(b, '#')
		b = append(b, r.fragment...)
		flags |= hasFragment
	}
	if r.opaque {
		flags |= opaquePath
	}
	// b is the href's own: no one else holds it, and it is not written
	// again.
	return makeURL(unsafeString(b), se, ue, hs, he, ps, qs, fs, port, flags, r.hostKind)
}
