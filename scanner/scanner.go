// Package scanner reads a URI-reference (RFC 3986, section 4.1) in one pass
// from left to right, without backtracking, recursion or allocation, and
// records where each component begins and ends.
//
// It is the low-level layer of package uri, which most programs should use
// instead: for those that keep the offsets themselves, next to a buffer of
// their own. The scanner accepts exactly the ABNF of RFC 3986 Appendix A:
// every byte is read once by a deterministic automaton generated from the
// grammar, except that runs of bytes that keep the automaton in the same
// state (a host, a path, a query), pct-encoded triplets included, are
// skipped sixteen bytes at a time with SSSE3 on amd64 and NEON on arm64,
// eight at a time in Go elsewhere or with the build tag purego; and a URL
// of up to 64 bytes that is "http://" or "https://", a host, and one run
// each of path, query and fragment is classified whole, all its bytes at
// once (AVX2 or AVX-512, NEON), its components found from bit masks. The
// tests check every way of skipping against stepping the automaton over
// every byte.
//
// The components, reasons and host kinds it reports are the enums of
// package tables; package uri has types of its own for them, to which
// they convert.
package scanner

import (
	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/tables"
)

// MaxLength is the length of the longest input the scanner reads: offsets
// are held in 32 bits. A longer input fails with tables.ReasonTooLong.
const MaxLength = scan.MaxLength

// Scan reads s as a URI-reference. When it is one, it returns its Marks and
// the zero Failure; otherwise the Failure says where and why not, and the
// Marks are zero.
func Scan(s string) (Marks, Failure) {
	m, f := scan.Scan(s, scan.Options{})
	return Marks{m}, Failure(f)
}

// ScanBytes is Scan for a byte slice; it reads b in place, with the same
// code as Scan, and keeps no reference to it.
func ScanBytes(b []byte) (Marks, Failure) {
	m, f := scan.ScanBytes(b, scan.Options{})
	return Marks{m}, Failure(f)
}

// Options select variants of the grammar. The zero Options are RFC 3986's.
type Options struct {
	// ZoneID accepts the IPv6 zone identifiers of RFC 6874 in an
	// IP-literal: "[fe80::1%25eth0]", the "%" itself percent-encoded.
	ZoneID bool
}

// ScanWith is Scan with options.
func ScanWith(s string, o Options) (Marks, Failure) {
	m, f := scan.Scan(s, scan.Options{ZoneID: o.ZoneID})
	return Marks{m}, Failure(f)
}

// Marks are the offsets of the components of a URI-reference s:
//
//	foo://user:pw@example.com:8042/over/there?name=ferret#nose
//	   |          |          |    |          |           |
//	   SchemeEnd  HostStart  |    PathStart  PathEnd     QueryEnd
//	                         HostEnd
//
//	scheme    s[:SchemeEnd]                 when HasScheme (s[SchemeEnd] is ':')
//	authority s[AuthorityStart:PathStart]   when HasAuthority, after its "//"
//	userinfo  s[AuthorityStart:HostStart-1] when HasUserInfo (s[HostStart-1] is '@')
//	host      s[HostStart:HostEnd]          when HasAuthority
//	port      s[HostEnd+1:PathStart]        when HasPort (s[HostEnd] is ':')
//	path      s[PathStart:PathEnd]          always
//	query     s[PathEnd+1:QueryEnd]         when HasQuery (s[PathEnd] is '?')
//	fragment  s[QueryEnd+1:]                when HasFragment (s[QueryEnd] is '#')
//
// Without an authority, AuthorityStart, HostStart, HostEnd and PathStart
// are all the path's start. The zero Marks are those of the empty
// reference. Only Scan and its variants make Marks, so Marks always
// describe the string they were scanned from.
type Marks struct {
	m scan.Marks
}

// SchemeEnd is the offset of the ":" after the scheme, or 0.
func (m Marks) SchemeEnd() uint32 { return m.m.SchemeEnd() }

// AuthorityStart is the offset of the authority, after its "//".
func (m Marks) AuthorityStart() uint32 { return m.m.AuthorityStart() }

// HostStart is the offset of the host.
func (m Marks) HostStart() uint32 { return m.m.HostStart() }

// HostEnd is the offset after the host.
func (m Marks) HostEnd() uint32 { return m.m.HostEnd() }

// PathStart is the offset of the path.
func (m Marks) PathStart() uint32 { return m.m.PathStart() }

// PathEnd is the offset after the path.
func (m Marks) PathEnd() uint32 { return m.m.PathEnd() }

// QueryEnd is the offset after the query.
func (m Marks) QueryEnd() uint32 { return m.m.QueryEnd() }

// Flags say which components are defined.
func (m Marks) Flags() Flags { return m.m.Flags() }

// HostKind is the kind of the host, tables.HostNoHost without an
// authority.
func (m Marks) HostKind() tables.HostKind { return m.m.HostKind() }

// String lists the marks, for tests and debugging.
func (m Marks) String() string { return m.m.String() }

// Flags record which components are defined (section 5.3): an undefined
// query differs from an empty one ("a" and "a?").
type Flags = scan.Flags

// The flags; the path is always defined.
const (
	HasScheme    = scan.HasScheme
	HasAuthority = scan.HasAuthority
	HasUserInfo  = scan.HasUserInfo
	HasPort      = scan.HasPort
	HasQuery     = scan.HasQuery
	HasFragment  = scan.HasFragment
)

// A Failure says where and why the scanner rejected its input; the zero
// Failure says it accepted it. It is one word, so that the scanner returns
// its result in registers.
type Failure uint64

// Offset is the length of the longest prefix of the input that is the
// beginning of some URI-reference: the index of the first byte that cannot
// follow, or the length of the input if it ends too early. For
// tables.ReasonInvalidPort in an authority without "@", that is where the
// authority ends (an "@" could have made "host:8o" userinfo), and package
// uri's Error points at the port's first byte that is not a digit instead.
func (f Failure) Offset() int { return scan.Failure(f).Offset() }

// Reason says why the input was rejected, or is tables.ReasonNone.
func (f Failure) Reason() tables.Reason { return scan.Failure(f).Reason() }

// Component is the component being read at Offset.
func (f Failure) Component() tables.Component { return scan.Failure(f).Component() }

// String describes f for tests and debugging: "Accepted", or the reason,
// offset and component, as in "InvalidCharacter at 8 in host".
func (f Failure) String() string {
	return scan.Failure(f).String()
}
