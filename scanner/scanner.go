// Package scanner reads a URI-reference (RFC 3986, section 4.1) in one pass
// from left to right, without backtracking, recursion or allocation, and
// records where each component begins and ends.
//
// It is the engine of package uri, which most programs should use instead.
// The scanner accepts exactly the ABNF of RFC 3986 Appendix A: every byte is
// read once by the automaton in package tables, except that runs of bytes
// that keep the automaton in the same state (a path segment, a query) are
// skipped with a tighter loop that gives the identical result.
package scanner

import (
	"math"
	"unsafe"

	"github.com/urilabs/rfc3986/tables"
)

// MaxLength is the length of the longest input the scanner reads: offsets
// are held in 32 bits. A longer input fails with [TooLong].
const MaxLength = math.MaxUint32

// A Component names a part of a URI-reference. The zero value names none.
type Component uint8

// The components, as section 3 names them.
const (
	NoComponent Component = tables.ComponentNone
	Scheme      Component = tables.ComponentScheme
	UserInfo    Component = tables.ComponentUserInfo
	Host        Component = tables.ComponentHost
	Port        Component = tables.ComponentPort
	Path        Component = tables.ComponentPath
	Query       Component = tables.ComponentQuery
	Fragment    Component = tables.ComponentFragment
)

// A Reason says why the scanner rejected its input.
type Reason uint8

// The reasons for a rejection. The zero value means the input was accepted.
const (
	Accepted Reason = tables.ReasonNone
	// InvalidCharacter: a byte the component cannot hold here, or a byte
	// RFC 3986 allows nowhere.
	InvalidCharacter Reason = tables.ReasonInvalidCharacter
	// InvalidPercentEncoding: a "%" not followed by two HEXDIG (section 2.1).
	InvalidPercentEncoding Reason = tables.ReasonInvalidPercentEncoding
	// ColonInFirstSegment: a ":" in the first segment of a relative-path
	// reference (section 4.2), whose first segment cannot be a scheme.
	ColonInFirstSegment Reason = tables.ReasonColonInFirstSegment
	// MissingScheme: the reference begins with ":".
	MissingScheme Reason = tables.ReasonMissingScheme
	// InvalidPort: a byte that is not a DIGIT in a port (section 3.2.3).
	InvalidPort Reason = tables.ReasonInvalidPort
	// InvalidIPv6: an IP-literal that is not an IPv6address (section 3.2.2).
	InvalidIPv6 Reason = tables.ReasonInvalidIPv6
	// InvalidIPvFuture: an IP-literal beginning with "v" that is not an
	// IPvFuture (section 3.2.2).
	InvalidIPvFuture Reason = tables.ReasonInvalidIPvFuture
	// TooLong: the input is longer than MaxLength.
	TooLong Reason = tables.ReasonTooLong

	// The reasons below come from the rules of HTTP request targets
	// (RFC 9112 section 3.2), not from the RFC 3986 automaton.

	// FragmentNotAllowed: a "#" in an absolute-URI (RFC 3986 section
	// 4.3) or an origin-form target.
	FragmentNotAllowed Reason = tables.ReasonTooLong + 1 + iota
	// UserInfoNotAllowed: an "@" in an authority-form target, which is
	// uri-host ":" port.
	UserInfoNotAllowed
	// MissingHost: an authority-form target with an empty host.
	MissingHost
	// MissingPort: an authority-form target without a port, or with an
	// empty one.
	MissingPort
)

// A HostKind says which alternative of host (section 3.2.2) a host matched.
type HostKind uint8

// The kinds of host. A host that matches IPv4address is an IPv4 address,
// not a reg-name ("first-match-wins"): 1.2.3.4 is IPv4, 1.2.3.256 and 127.1
// are reg-names.
const (
	NoHost    HostKind = tables.HostNoHost // no authority
	RegName   HostKind = tables.HostRegName
	IPv4      HostKind = tables.HostIPv4
	IPv6      HostKind = tables.HostIPv6
	IPvFuture HostKind = tables.HostIPvFuture
)

// Flags record which components are defined (section 5.3): an undefined
// query differs from an empty one ("a" and "a?").
type Flags uint8

// The flags; the path is always defined.
const (
	HasScheme Flags = 1 << iota
	HasAuthority
	HasUserInfo
	HasPort
	HasQuery
	HasFragment
)

// Marks are the offsets of the components of a URI-reference s:
//
//	foo://user:pw@example.com:8042/over/there?name=ferret#nose
//	   |          |          |    |          |           |
//	   SchemeEnd  HostStart  |    PathStart  PathEnd     QueryEnd
//	                         HostEnd
//
//	scheme    s[:SchemeEnd]                 when HasScheme (s[SchemeEnd] is ':')
//	authority s[SchemeEnd+1+2:PathStart]    when HasAuthority, "//" skipped
//	userinfo  s[authority start:HostStart-1] when HasUserInfo (s[HostStart-1] is '@')
//	host      s[HostStart:HostEnd]          when HasAuthority
//	port      s[HostEnd+1:PathStart]        when HasPort (s[HostEnd] is ':')
//	path      s[PathStart:PathEnd]          always
//	query     s[PathEnd+1:QueryEnd]         when HasQuery (s[PathEnd] is '?')
//	fragment  s[QueryEnd+1:]                when HasFragment (s[QueryEnd] is '#')
//
// Without a scheme the authority starts at 2. Without an authority,
// HostStart, HostEnd and PathStart are all the path's start. The Marks of
// the empty reference are the zero value.
type Marks struct {
	SchemeEnd uint32
	HostStart uint32
	HostEnd   uint32
	PathStart uint32
	PathEnd   uint32
	QueryEnd  uint32
	Flags     Flags
	Host      HostKind
}

// A Failure says where and why the scanner rejected its input. Offset is
// the length of the longest prefix of the input that is the beginning of
// some URI-reference: the index of the first byte that cannot follow, or
// the length of the input if it ends too early. Component is the component
// being read there.
type Failure struct {
	Offset    int
	Reason    Reason
	Component Component
}

// Scan reads s as a URI-reference. When it is one, it returns its Marks and
// a Failure whose Reason is Accepted; otherwise the Failure says where and
// why not, and the Marks are zero.
func Scan(s string) (Marks, Failure) {
	var m Marks
	f := scan(s, &m, &tables.Run, Options{})
	return m, f
}

// ScanBytes is Scan for a byte slice; it reads b in place, with the same
// code as Scan, and keeps no reference to it.
func ScanBytes(b []byte) (Marks, Failure) {
	var m Marks
	// The scanner only reads its input during the call and records
	// offsets, never the bytes, so viewing b as a string for that long is
	// safe and saves a copy.
	f := scan(unsafe.String(unsafe.SliceData(b), len(b)), &m, &tables.Run, Options{})
	return m, f
}

// Scan is the function Scan writing the marks to m, which it leaves zero
// when s is not a URI-reference. It saves copying the marks where they are
// kept inside a larger value, as package uri keeps them.
func (m *Marks) Scan(s string) Failure {
	return scan(s, m, &tables.Run, Options{})
}

// Options select variants of the grammar. The zero Options are RFC 3986's
// URI-reference.
type Options struct {
	// Rule is the rule the input must match.
	Rule Rule
	// ZoneID accepts the IPv6 zone identifiers of RFC 6874 in an
	// IP-literal: "[fe80::1%25eth0]", the "%" itself percent-encoded.
	ZoneID bool
}

// A Rule is a grammar rule the scanner can read a whole input as.
type Rule uint8

// The rules. The last three are forms of an HTTP request target (RFC
// 9112 section 3.2); the fourth, asterisk-form, is the string "*".
const (
	// URIReference = URI / relative-ref (RFC 3986 section 4.1).
	URIReference Rule = iota
	// AbsoluteURI = scheme ":" hier-part [ "?" query ] (RFC 3986
	// section 4.3), also RFC 9112's absolute-form.
	AbsoluteURI
	// OriginForm = absolute-path [ "?" query ], where absolute-path =
	// 1*( "/" segment ) (RFC 9112 section 3.2.1, RFC 9110 section 4.1).
	// Unlike a relative reference, its path may begin with "//".
	OriginForm
	// AuthorityForm = uri-host ":" port (RFC 9112 section 3.2.3), with
	// host and port both non-empty.
	AuthorityForm
)

// ScanWith is Marks.Scan with options.
func (m *Marks) ScanWith(s string, o Options) Failure {
	return scan(s, m, &tables.Run, o)
}

// scan is the one core behind every entry point: it reads s once from left
// to right and, when s is a URI-reference, writes its marks to out. runs is
// tables.Run; the tests pass a table of zeros, which makes the scanner step
// the automaton over every byte and take no shortcut, and check that
// nothing changes.
//
// The loop keeps the state, pre-multiplied by tables.Stride as tables.Step
// holds it, and the offset in registers; the marks, written a few times per
// input, live in a recorder in memory. The offset is a uint so that the
// compiler can drop the bounds checks on s[i].
func scan(s string, out *Marks, runs *[256]tables.Set, o Options) Failure {
	if uint64(len(s)) > MaxLength {
		return Failure{Offset: 0, Reason: TooLong, Component: NoComponent}
	}
	var rec recorder
	rec.m.PathEnd, rec.m.QueryEnd = uint32(len(s)), uint32(len(s))
	n := uint(len(s))
	st, i := uint(tables.BeforeReference)*tables.Stride, uint(0)
	switch o.Rule {
	case URIReference:
		if runs[tables.WithinSchemeOrSegment] != 0 {
			st, i = fastStart(s, &rec)
		}
	case AbsoluteURI:
		// The fast start reads the scheme; without one there is nothing
		// more to read.
		st, i = fastStart(s, &rec)
		if rec.m.Flags&HasScheme == 0 && (st != uint(tables.WithinSchemeOrSegment)*tables.Stride || i == n || s[i] != ':') {
			return Failure{Offset: int(i), Reason: MissingScheme, Component: Scheme}
		}
	case OriginForm:
		if n == 0 || s[0] != '/' {
			return Failure{Offset: 0, Reason: InvalidCharacter, Component: Path}
		}
		st, i = uint(tables.WithinPath)*tables.Stride, 1
	case AuthorityForm:
		rec.m.Flags = HasAuthority
		st = uint(tables.BeforeAuthority) * tables.Stride
	}
	for {
		// Skip the run of bytes that keep the automaton in st, eight at a
		// time while it can: bytes of the set r and, when r holds
		// PctEncoded, pct-encoded triplets. The tables tests prove that
		// this is the same as stepping.
		if r := runs[uint8(st/tables.Stride)]; r != 0 {
			for {
				j := int(i)
				for 0 <= j && j < len(s)-7 && tables.Sets[s[j]]&tables.Sets[s[j+1]]&tables.Sets[s[j+2]]&tables.Sets[s[j+3]]&
					tables.Sets[s[j+4]]&tables.Sets[s[j+5]]&tables.Sets[s[j+6]]&tables.Sets[s[j+7]]&r != 0 {
					j += 8
				}
				i = uint(j)
				for i < n && tables.Sets[s[i]]&r != 0 {
					i++
				}
				if i+2 >= n || s[i] != '%' || r&tables.PctEncoded == 0 ||
					tables.Sets[s[i+1]]&tables.Sets[s[i+2]]&tables.HEXDIG == 0 {
					break
				}
				i += 3
			}
		}
		if i >= n {
			break
		}
		prev := st
		st = uint(tables.Step[(st+uint(tables.Class[s[i]]))%(256*tables.Stride)])
		i++
		if st >= uint(tables.FirstSpecial)*tables.Stride {
			at := uint32(i - 1) // the offset of the byte that entered st
			p := tables.State(prev / tables.Stride)
			switch tables.State(st / tables.Stride) {
			case tables.AfterScheme:
				rec.m.Flags |= HasScheme
				rec.m.SchemeEnd = at
			case tables.BeforeAuthority:
				rec.m.Flags |= HasAuthority
				rec.m.HostStart = at + 1
			case tables.PathAfterAuthority:
				if o.Rule == AuthorityForm {
					return rec.authorityFormEnds(at)
				}
				rec.closeAuthority(at, p)
			case tables.BeforeQuery:
				rec.m.Flags |= HasQuery
				rec.m.PathEnd = at
			case tables.BeforeFragment:
				if o.Rule != URIReference { // AuthorityForm never gets here
					return Failure{Offset: int(at), Reason: FragmentNotAllowed, Component: Fragment}
				}
				rec.beginFragment(at)
			case tables.QueryAfterAuthority:
				if o.Rule == AuthorityForm {
					return rec.authorityFormEnds(at)
				}
				rec.closeAuthority(at, p)
				rec.m.Flags |= HasQuery
				rec.m.PathEnd = at
			case tables.FragmentAfterAuthority:
				switch o.Rule {
				case AuthorityForm:
					return rec.authorityFormEnds(at)
				case AbsoluteURI, OriginForm:
					return Failure{Offset: int(at), Reason: FragmentNotAllowed, Component: Fragment}
				}
				rec.closeAuthority(at, p)
				rec.beginFragment(at)
			case tables.AfterAuthorityColon, tables.AfterPortColon:
				if o.Rule == AuthorityForm && at == rec.m.HostStart {
					// No byte can give an empty host a name now.
					return Failure{Offset: int(at), Reason: MissingHost, Component: Host}
				}
				rec.portStart, rec.colonKind = at+1, tables.HostKindAt[p]
			case tables.AfterUserInfo:
				if o.Rule == AuthorityForm {
					return Failure{Offset: int(at), Reason: UserInfoNotAllowed, Component: UserInfo}
				}
				rec.m.Flags |= HasUserInfo
				rec.m.HostStart = at + 1
				rec.portStart = 0
			case tables.WithinIPLiteral:
				length, ok := scanIPLiteral(s[i:], o.ZoneID)
				future := i < n && s[i]|0x20 == 'v'
				if !ok {
					r := InvalidIPv6
					if future {
						r = InvalidIPvFuture
					}
					return Failure{Offset: int(i) + length, Reason: r, Component: Host}
				}
				i += uint(length)
				st = uint(tables.AfterIPv6Literal) * tables.Stride
				if future {
					st = uint(tables.AfterIPvFutureLiteral) * tables.Stride
				}
			case tables.Dead:
				return failure(tables.Fail[p][tables.Class[s[at]]%tables.NumClasses], int(at))
			}
		}
	}
	last := tables.State(st / tables.Stride)
	switch tables.AtEnd[last] {
	case tables.EndAccept:
	case tables.EndCloseAuthority:
		rec.closeAuthority(uint32(n), last)
	default:
		return failure(tables.EndFailure[last], int(n))
	}
	if o.Rule == AuthorityForm {
		switch {
		case n == 0:
			return Failure{Offset: 0, Reason: MissingHost, Component: Host}
		case rec.m.Flags&HasPort == 0 || rec.m.HostEnd+1 == uint32(n):
			return Failure{Offset: int(n), Reason: MissingPort, Component: Port}
		}
	}
	*out = rec.finish()
	return Failure{}
}

// fastStart reads what nearly every absolute URI begins with,
//
//	ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) "://" ALPHA
//
// without stepping: from BeforeReference those bytes can only lead through
// WithinSchemeOrSegment, AfterScheme, AfterFirstSlash and BeforeAuthority
// to AuthorityRegName, as a test checks against the tables. It records
// what those states record and returns the state and offset to go on from,
// which may be within a run. When the input does not have that form it
// stops where the automaton would be, so that nothing is read twice.
func fastStart(s string, rec *recorder) (st, i uint) {
	n := uint(len(s))
	if n == 0 || tables.Sets[s[0]]&tables.ALPHA == 0 {
		return uint(tables.BeforeReference) * tables.Stride, 0
	}
	i = 1
	for i < n && tables.Sets[s[i]]&tables.Scheme != 0 {
		i++
	}
	if i+2 >= n || s[i] != ':' || s[i+1] != '/' || s[i+2] != '/' {
		return uint(tables.WithinSchemeOrSegment) * tables.Stride, i
	}
	rec.m.Flags = HasScheme | HasAuthority
	rec.m.SchemeEnd = uint32(i)
	rec.m.HostStart = uint32(i + 3)
	i += 3
	if i == n || tables.Sets[s[i]]&tables.ALPHA == 0 {
		return uint(tables.BeforeAuthority) * tables.Stride, i
	}
	return uint(tables.AuthorityRegName) * tables.Stride, i + 1
}

// A recorder keeps the marks while the scanner reads.
type recorder struct {
	m         Marks
	portStart uint32 // after the ":" before a port, or the first ":" of an authority that may be userinfo; 0 if none
	colonKind uint8  // the host kind when that ":" was read
}

// closeAuthority records the end of the authority at offset at, where the
// automaton left state st: the host ends at the recorded ":" if there is
// one, or at the end of the authority.
func (r *recorder) closeAuthority(at uint32, st tables.State) {
	r.m.PathStart = at
	if r.portStart != 0 {
		r.m.Flags |= HasPort
		r.m.HostEnd = r.portStart - 1
		r.m.Host = HostKind(r.colonKind)
		return
	}
	r.m.HostEnd = at
	r.m.Host = HostKind(tables.HostKindAt[st])
}

// authorityFormEnds is the failure where an authority-form target, which
// is uri-host ":" port and nothing more, goes on with a "/", "?" or "#" at
// offset at.
func (r *recorder) authorityFormEnds(at uint32) Failure {
	c := Host
	if r.portStart != 0 {
		c = Port
	}
	return Failure{Offset: int(at), Reason: InvalidCharacter, Component: c}
}

// beginFragment records the "#" at offset at, which also ends the path when
// there is no query.
func (r *recorder) beginFragment(at uint32) {
	if r.m.Flags&HasQuery == 0 {
		r.m.PathEnd = at
	}
	r.m.Flags |= HasFragment
	r.m.QueryEnd = at
}

// finish returns the marks, placing the empty host of a reference without
// authority at the start of its path.
func (r *recorder) finish() Marks {
	if r.m.Flags&HasAuthority == 0 {
		if r.m.Flags&HasScheme != 0 {
			r.m.PathStart = r.m.SchemeEnd + 1
		}
		r.m.HostStart, r.m.HostEnd = r.m.PathStart, r.m.PathStart
	}
	return r.m
}

// failure unpacks a failure code found at offset at.
func failure(code tables.Failure, at int) Failure {
	return Failure{Offset: at, Reason: Reason(code.Reason()), Component: Component(code.Component())}
}

// scanIPLiteral runs an IP-literal automaton over rest, what follows "[":
// RFC 3986's, or RFC 6874's with zoneID. It returns the length of the
// literal up to and including the "]", or the length of the part that was
// still the beginning of one.
func scanIPLiteral(rest string, zoneID bool) (length int, ok bool) {
	if zoneID {
		return runLiteral(rest, tables.IPLiteralZoneNext[:], tables.IPLiteralZoneClosed)
	}
	return runLiteral(rest, tables.IPLiteralNext[:], tables.IPLiteralClosed)
}

// runLiteral runs the IP-literal automaton next, whose accepting state is
// closed, as scanIPLiteral describes.
func runLiteral(rest string, next [][tables.Stride]tables.State, closed tables.State) (length int, ok bool) {
	st := tables.IPLiteralStart
	for i := 0; i < len(rest); i++ {
		st = next[st][tables.Class[rest[i]]%tables.Stride]
		switch st {
		case tables.IPLiteralDead:
			return i, false
		case closed:
			return i + 1, true
		}
	}
	return len(rest), false
}
