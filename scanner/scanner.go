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
	return scan(s, &tables.Run)
}

// ScanBytes is Scan for a byte slice; it reads b in place.
func ScanBytes(b []byte) (Marks, Failure) {
	return scan(b, &tables.Run)
}

// scan is the one core behind Scan and ScanBytes. runs is tables.Run; the
// tests pass a table of zeros to step the automaton over every byte, and
// check that nothing changes.
func scan[In string | []byte](s In, runs *[tables.NumStates]tables.Set) (Marks, Failure) {
	var m Marks
	n := len(s)
	if uint64(n) > MaxLength {
		return Marks{}, Failure{Offset: 0, Reason: TooLong, Component: NoComponent}
	}
	m.PathEnd, m.QueryEnd = uint32(n), uint32(n)
	var (
		st        = tables.BeforeReference
		colon     = -1  // the ":" before a port, or the first ":" of an authority that may be userinfo
		colonKind uint8 // the host kind when that ":" was read
	)
	i := 0
	for i < n {
		prev := st
		st = tables.Next[st][tables.Class[s[i]]]
		i++
		if st >= tables.FirstSpecial {
			at := uint32(i - 1) // the byte that entered st
			switch st {
			case tables.AfterScheme:
				m.Flags |= HasScheme
				m.SchemeEnd = at
				m.HostStart, m.HostEnd, m.PathStart = at+1, at+1, at+1
			case tables.BeforeAuthority:
				m.Flags |= HasAuthority
				m.HostStart = at + 1
			case tables.AfterAuthorityColon, tables.AfterPortColon:
				colon, colonKind = int(at), tables.HostKindAt[prev]
			case tables.AfterUserInfo:
				m.Flags |= HasUserInfo
				m.HostStart = at + 1
				colon = -1
			case tables.WithinIPLiteral:
				end, ok := scanIPLiteral(s, i)
				future := i < n && s[i]|0x20 == 'v'
				if !ok {
					r := InvalidIPv6
					if future {
						r = InvalidIPvFuture
					}
					return Marks{}, Failure{Offset: end, Reason: r, Component: Host}
				}
				i = end
				st = tables.AfterIPv6Literal
				if future {
					st = tables.AfterIPvFutureLiteral
				}
			case tables.PathAfterAuthority:
				m.closeAuthority(at, prev, colon, colonKind)
			case tables.QueryAfterAuthority:
				m.closeAuthority(at, prev, colon, colonKind)
				fallthrough
			case tables.BeforeQuery:
				m.Flags |= HasQuery
				m.PathEnd = at
			case tables.FragmentAfterAuthority:
				m.closeAuthority(at, prev, colon, colonKind)
				fallthrough
			case tables.BeforeFragment:
				if m.Flags&HasQuery == 0 {
					m.PathEnd = at
				}
				m.Flags |= HasFragment
				m.QueryEnd = at
			case tables.Dead:
				return Marks{}, failure(tables.Fail[prev][tables.Class[s[at]]], int(at))
			}
		}
		if r := runs[st]; r != 0 {
			for i < n {
				if tables.Sets[s[i]]&r != 0 {
					i++
					continue
				}
				if s[i] != '%' || r&tables.PctEncoded == 0 || i+2 >= n ||
					tables.Sets[s[i+1]]&tables.Sets[s[i+2]]&tables.HEXDIG == 0 {
					break
				}
				i += 3
			}
		}
	}
	switch tables.AtEnd[st] {
	case tables.EndAccept:
	case tables.EndCloseAuthority:
		m.closeAuthority(uint32(n), st, colon, colonKind)
	default:
		return Marks{}, failure(tables.EndFailure[st], n)
	}
	return m, Failure{}
}

// closeAuthority records the end of the authority at offset at, where the
// automaton left state st.
func (m *Marks) closeAuthority(at uint32, st tables.State, colon int, colonKind uint8) {
	m.PathStart = at
	if colon >= 0 {
		m.Flags |= HasPort
		m.HostEnd = uint32(colon)
		m.Host = HostKind(colonKind)
		return
	}
	m.HostEnd = at
	m.Host = HostKind(tables.HostKindAt[st])
}

// failure unpacks a failure code found at offset at.
func failure(code tables.Failure, at int) Failure {
	return Failure{Offset: at, Reason: Reason(code.Reason()), Component: Component(code.Component())}
}

// scanIPLiteral runs the IP-literal automaton from s[i], just after "[".
// It returns the offset after the "]", or the offset where the literal
// stopped being one.
func scanIPLiteral[In string | []byte](s In, i int) (end int, ok bool) {
	st := tables.IPLiteralStart
	for ; i < len(s); i++ {
		st = tables.IPLiteralNext[st][tables.Class[s[i]]]
		switch st {
		case tables.IPLiteralDead:
			return i, false
		case tables.IPLiteralClosed:
			return i + 1, true
		}
	}
	return i, false
}
