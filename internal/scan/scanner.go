// Package scan is the engine behind packages scanner and uri: it reads a
// URI-reference (RFC 3986, section 4.1) in one pass from left to right,
// without backtracking, recursion or allocation, and records where each
// component begins and ends.
//
// The scanner accepts exactly the ABNF of RFC 3986 Appendix A: every byte is
// read once by the automaton whose transitions are Step and whose states
// are named in tables_gen.go, generated from internal/grammar, except
// that runs of bytes that keep the automaton in the same state (a host, a
// path, a query) are skipped with a tighter loop that gives the identical
// result: 64 bytes at a time with AVX-512, 32 with AVX2 and sixteen with
// SSSE3 on amd64 (run_amd64.s), sixteen with NEON on arm64 (run_arm64.s),
// eight at a time in Go elsewhere, or with the build tag purego. The vector
// loops validate the pct-encoded triplets of a whole block with the same
// instructions whether it holds none or many. A URL of up to 64 bytes that is "http://" or "https://" and a
// lane (see lane) is read in one piece on amd64 (short_amd64.s) and arm64
// (short_arm64.s): every byte classified at once with AVX2, AVX-512 or NEON,
// its components found from the bit masks, the automaton's transitions at
// its delimiters taken for granted as the tables tests check. In IRIs,
// the characters beyond US-ASCII of a path, a query or a fragment are
// read with the run around them, 32 or 64 bytes at a time with AVX2 or
// AVX-512 (ucs_amd64.s), sixteen with NEON (ucs_arm64.s), their UTF-8
// checked a block at a time. The tests
// check all of them against stepping the automaton over every byte.
//
// It exports what package uri needs and package scanner does not offer its
// users: the constructor of Marks, for URIs that package uri writes itself,
// and the start states that HTTP request targets are read from.
package scan

//go:generate go run ./internal/genscan

import (
	"fmt"
	"math"
	"strconv"
	"unsafe"

	"github.com/urilabs/rfc3986/tables"
)

// MaxLength is the length of the longest input the scanner reads: offsets
// are held in 32 bits. A longer input fails with
// tables.ReasonTooLong.
const MaxLength = math.MaxUint32

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
//	authority s[AuthorityStart:PathStart]   when HasAuthority, after its "//"
//	userinfo  s[AuthorityStart:HostStart-1] when HasUserInfo (s[HostStart-1] is '@')
//	host      s[HostStart:HostEnd]          when HasAuthority
//	port      s[HostEnd+1:PathStart]        when HasPort (s[HostEnd] is ':')
//	path      s[PathStart:PathEnd]          always
//	query     s[PathEnd+1:QueryEnd]         when HasQuery (s[PathEnd] is '?')
//	fragment  s[QueryEnd+1:]                when HasFragment (s[QueryEnd] is '#')
//
// Without an authority, AuthorityStart, HostStart, HostEnd and PathStart
// are all the path's start. The Marks of the empty reference are the zero
// value.
//
// The offsets are packed two to a 64-bit word and read with methods: four
// words is what the compiler keeps in registers, so the scanner returns its
// Marks, and a caller stores them, without a block copy through memory. (A
// struct of eight fields is copied through memory, and the wide loads of
// that copy stall on the narrow stores that wrote it.)
type Marks struct {
	schemeHost uint64 // SchemeEnd, HostStart << 32
	hostPath   uint64 // HostEnd, PathStart << 32
	pathQuery  uint64 // PathEnd, QueryEnd << 32
	info       uint64 // Flags, Host << 8, AuthorityStart << 32
}

// Where, within a Marks, the assembly of package uri finds the offsets
// it reads, each a uint32 in a little-endian word (amd64 and arm64): the
// upper half of a word is 4 bytes after it. Package uri passes them on to
// its assembly through go_asm.h, so that no assembly spells the layout;
// TestMarksLayout reads them back through the methods.
const (
	HostStartAt = unsafe.Offsetof(Marks{}.schemeHost) + 4
	HostEndAt   = unsafe.Offsetof(Marks{}.hostPath)
	PathStartAt = unsafe.Offsetof(Marks{}.hostPath) + 4
	PathEndAt   = unsafe.Offsetof(Marks{}.pathQuery)
)

// MakeMarks returns the Marks with the given offsets, flags and host kind,
// for package uri, which writes URIs whose marks it knows, and for tests.
// Marks made by anyone else could disagree with the string they describe,
// which is why package scanner does not offer it.
func MakeMarks(schemeEnd, authorityStart, hostStart, hostEnd, pathStart, pathEnd, queryEnd uint32, flags Flags, host tables.HostKind) Marks {
	return Marks{
		schemeHost: uint64(schemeEnd) | uint64(hostStart)<<32,
		hostPath:   uint64(hostEnd) | uint64(pathStart)<<32,
		pathQuery:  uint64(pathEnd) | uint64(queryEnd)<<32,
		info:       uint64(flags) | uint64(host)<<8 | uint64(authorityStart)<<32,
	}
}

// SchemeEnd is the offset of the ":" after the scheme, or 0.
func (m Marks) SchemeEnd() uint32 { return uint32(m.schemeHost) }

// AuthorityStart is the offset of the authority, after its "//".
func (m Marks) AuthorityStart() uint32 { return uint32(m.info >> 32) }

// HostStart is the offset of the host.
func (m Marks) HostStart() uint32 { return uint32(m.schemeHost >> 32) }

// HostEnd is the offset after the host.
func (m Marks) HostEnd() uint32 { return uint32(m.hostPath) }

// PathStart is the offset of the path.
func (m Marks) PathStart() uint32 { return uint32(m.hostPath >> 32) }

// PathEnd is the offset after the path.
func (m Marks) PathEnd() uint32 { return uint32(m.pathQuery) }

// QueryEnd is the offset after the query.
func (m Marks) QueryEnd() uint32 { return uint32(m.pathQuery >> 32) }

// Flags say which components are defined.
func (m Marks) Flags() Flags { return Flags(m.info) }

// HostKind is the kind of the host, tables.HostNoHost without an authority.
func (m Marks) HostKind() tables.HostKind { return tables.HostKind(m.info >> 8 & 0xFF) }

// String lists the marks, for tests and debugging.
func (m Marks) String() string {
	return fmt.Sprintf("scheme %d authority %d host %d-%d path %d-%d query %d flags %06b host kind %d",
		m.SchemeEnd(), m.AuthorityStart(), m.HostStart(), m.HostEnd(), m.PathStart(), m.PathEnd(), m.QueryEnd(), m.Flags(), m.HostKind())
}

// A Failure says where and why the scanner rejected its input; the zero
// Failure says it accepted it. It is packed into one word, so that the
// scanner returns its result, the eight fields of Marks and a Failure, in
// registers.
type Failure uint64

// failAt is the Failure at offset with reason r in component c.
func failAt(offset int, r tables.Reason, c tables.Component) Failure {
	return Failure(uint32(offset)) | Failure(r)<<32 | Failure(c)<<40
}

// Offset is the length of the longest prefix of the input that is the
// beginning of some string of the rule read: the index of the first byte
// that cannot follow, or the length of the input if it ends too early.
func (f Failure) Offset() int { return int(uint32(f)) }

// Reason says why the input was rejected, or is tables.ReasonNone.
func (f Failure) Reason() tables.Reason { return tables.Reason(f >> 32 & 0xFF) }

// Component is the component being read at Offset.
func (f Failure) Component() tables.Component { return tables.Component(f >> 40 & 0xFF) }

// String describes f for tests and debugging: "Accepted", or the reason,
// offset and component, as in "InvalidCharacter at 8 in host".
func (f Failure) String() string {
	if f == 0 {
		return "Accepted"
	}
	return ReasonText(f.Reason()) + " at " + strconv.Itoa(f.Offset()) + " in " + ComponentText(f.Component())
}

// ComponentText is the name of c, or "Component(n)" for a value without
// one. Package uri's Component.String returns it.
func ComponentText(c tables.Component) string {
	return text(ComponentTexts[:], uint8(c), "Component")
}

// ReasonText is the name of r, or "Reason(n)".
func ReasonText(r tables.Reason) string { return text(ReasonTexts[:], uint8(r), "Reason") }

// HostKindText is the name of h, or "HostKind(n)".
func HostKindText(h tables.HostKind) string {
	return text(HostKindTexts[:], uint8(h), "HostKind")
}

func text(texts []string, v uint8, typ string) string {
	if int(v) < len(texts) {
		return texts[v]
	}
	return typ + "(" + strconv.Itoa(int(v)) + ")"
}

// Scan reads s as a URI-reference, or from the start o names. When it is
// one, it returns its Marks and the zero Failure; otherwise the Failure says
// where and why not, and the Marks are zero.
func Scan(s string, o Options) (Marks, Failure) {
	return scan(s, skipFastest, o)
}

// ScanBytes is Scan for a byte slice; it reads b in place, with the same
// code as Scan, and keeps no reference to it.
func ScanBytes(b []byte, o Options) (Marks, Failure) {
	// The scanner only reads its input during the call and records
	// offsets, never the bytes, so viewing b as a string for that long is
	// safe and saves a copy.
	return scan(unsafe.String(unsafe.SliceData(b), len(b)), skipFastest, o)
}

// Short returns the marks of s and true when shortLane reads the whole of
// it, the shape of most URLs (see shortLane), and zero marks and false
// otherwise: Scan's marks from the start Reference, with or without the
// options ZoneID and IRI, neither of which changes what shortLane reads.
// It is inlined, a call of shortLane, which looks at the length of s and
// at the processor itself: the callers that parse most often call it,
// when MayBeShort(s), before Scan, and so spare most URLs the call of
// scan, whose frame holds what its other paths need.
func Short(s string) (Marks, bool) { return shortLane(s) }

// ScanAfterShort is Scan from the start Reference, with the options o,
// for an input that Short was called with, or that MayBeShort kept from
// it: it does not call shortLane again, which would answer as it did.
// IRIs with characters outside ASCII in a short URL are common, and
// would pay for the second look.
func ScanAfterShort(s string, o Options) (Marks, Failure) {
	return scan(s, skipAfterShort, o)
}

// MayBeShort reports whether Short may read s: whether s has a length
// that shortLane reads and begins with the "h" of "http://" or
// "https://". It spares other inputs (relative references, file and
// mailto URIs, long URLs) the call; those and the few that Short refuses
// are for ScanAfterShort.
func MayBeShort(s string) bool {
	return uint(len(s))-minShortLane <= maxShortLane-minShortLane && s[0] == 'h'
}

// Options select where the scanner starts and a variant of the grammar.
// The zero Options read RFC 3986's URI-reference.
type Options struct {
	// Start is where in the grammar the input begins.
	Start Start
	// ZoneID accepts the IPv6 zone identifiers of RFC 6874 in an
	// IP-literal: "[fe80::1%25eth0]", the "%" itself percent-encoded.
	ZoneID bool
	// IRI reads an IRI-reference (RFC 3987 section 2.2), encoded in
	// UTF-8, rather than a URI-reference: see iri.go.
	IRI bool
}

// A Start is a state of the automaton that a whole input can be read
// from. Every start reads on with the one URI-reference automaton, so
// whatever follows it (a path, a query, a fragment) is read by the rules
// of RFC 3986; what a protocol forbids there is for the caller to check
// on the marks.
type Start uint8

// The starts.
const (
	// Reference reads URI-reference = URI / relative-ref (section 4.1).
	Reference Start = iota
	// AbsolutePath reads an input that begins with "/" as a path and
	// whatever follows it: 1*( "/" segment ) [ "?" query ] [ "#"
	// fragment ]. Unlike a relative reference, its path may begin with
	// "//". It is how the origin-form of an HTTP request target begins
	// (RFC 9112 section 3.2.1, RFC 9110 section 4.1).
	AbsolutePath
	// Authority reads the input as what follows "//" in a URI: authority
	// path-abempty [ "?" query ] [ "#" fragment ], so that the marks have
	// an authority. The authority-form of an HTTP request target, uri-host
	// ":" port (RFC 9112 section 3.2.3), is read from here.
	Authority
)

// noRuns and noTwins are Run and Twin for skipNone: no
// state has a run or a twin.
var (
	noRuns  [256]tables.Set
	noTwins [256]State
)

// scan is the one core behind every entry point: it reads s once from left
// to right and returns its marks, or where and why it is not one. mode is
// skipFastest; the tests pass the others, to check that skipping runs,
// however it is done, changes nothing.
//
// The loop keeps the state, pre-multiplied by Stride as Step
// holds it, and the offset in registers; the marks, written a few times per
// input, live in a recorder in memory. The offset is a uint so that the
// compiler can drop the bounds checks on s[i].
func scan(s string, mode skipMode, o Options) (Marks, Failure) {
	n := uint(len(s))
	// The "h" spares other inputs the call: relative references, file
	// and mailto URIs, all of whose prefixes shortLane would refuse.
	if n-minShortLane <= maxShortLane-minShortLane && hasShortLane && s[0] == 'h' && o.Start == Reference && mode == skipFastest {
		if m, ok := shortLane(s); ok {
			return m, 0
		}
	}
	st, i, schemeEnd := uint(BeforeReference)*Stride, uint(0), uint(0)
	if o.Start == Reference && mode != skipNone && n <= MaxLength {
		st, i, schemeEnd = fastStart(s)
		if st == uint(AuthorityRegName)*Stride {
			var l lane
			// The choice of code is written out here, as in the loop
			// of scanOn: a function making it would not be inlined.
			if hasVector && n >= 16 && mode <= skipAfterShort {
				l.stop, l.slash, l.question, l.hash = laneEnd(s, i)
			} else {
				l.stop, l.slash, l.question, l.hash = laneEndWords(s, i)
			}
			if l.stop == n {
				// Most URLs end here, and their marks follow from the
				// lane's delimiters alone: no recorder, no stepping.
				m := l.marks(uint32(schemeEnd), uint32(n))
				// WithPlain, whose test of the shape this lane
				// passes; a file URI ("file://host/") is not
				// plain, and costs no call.
				if m.PathEnd() <= MaxPlain && (schemeEnd != 4 || s[0]|0x20 != 'f') {
					m.info |= plainFacts(s, m)
				}
				return m, 0
			}
			// A copy, so that l itself, whose address is not taken,
			// stays in registers on the way to the return above.
			read := l
			if o.IRI && s[l.stop] >= 0x80 {
				// An IRI's lane goes on over characters (iri.go).
				read.readCharacters(s, mode <= skipAfterShort)
				if read.stop == n {
					m := read.marks(uint32(schemeEnd), uint32(n))
					// The plain facts, which a character before
					// the end of the path rules out (l.stop is
					// the first).
					if uint32(l.stop) >= m.PathEnd() {
						m = WithPlain(s, m)
					}
					return m, 0
				}
			}
			return scanOn(s, mode, o, st, i, schemeEnd, &read)
		}
	}
	return scanOn(s, mode, o, st, i, schemeEnd, nil)
}

// The lengths of the inputs shortLane reads: "http://" and a letter, up to
// the 64 bytes one vector register holds with AVX-512 (two with AVX2, four
// with NEON).
const minShortLane, maxShortLane = 8, 64

// scanOn reads s on from state st at offset i, as scan describes, for the
// inputs that are not all lane. schemeEnd is the offset of the ":" of a
// scheme followed by "//" that fastStart read, or 0, and l the lane read
// after it, or nil.
func scanOn(s string, mode skipMode, o Options, st, i, schemeEnd uint, l *lane) (Marks, Failure) {
	if uint64(len(s)) > MaxLength {
		return Marks{}, failAt(0, tables.ReasonTooLong, tables.ComponentNone)
	}
	runs, twins := &Run, &Twin
	if mode == skipNone {
		runs, twins = &noRuns, &noTwins
	}
	n := uint(len(s))
	vector := hasVector && n >= 16 && mode <= skipAfterShort
	var rec recorder
	rec.pathEnd, rec.queryEnd = uint32(n), uint32(n)
	switch o.Start {
	case Reference:
		if schemeEnd != 0 {
			rec.flags = HasScheme | HasAuthority
			rec.schemeEnd = uint32(schemeEnd)
			rec.authorityStart, rec.hostStart = uint32(schemeEnd+3), uint32(schemeEnd+3)
		}
		if l != nil {
			st, i = rec.enterLane(*l)
		}
	case AbsolutePath:
		if n == 0 || s[0] != '/' {
			return Marks{}, failAt(0, tables.ReasonInvalidCharacter, tables.ComponentPath)
		}
		st, i = uint(WithinPath)*Stride, 1
	case Authority:
		rec.flags = HasAuthority
		st = uint(BeforeAuthority) * Stride
	}
	for {
		// Skip the run of bytes that keep the automaton in st: bytes of
		// the set r and, when r holds PctEncoded, pct-encoded triplets.
		// The tests prove that this is the same as stepping.
		if r := runs[uint8(st/Stride)]; r != 0 && i < n {
			// The choice of code is written out here: a function
			// making it would not be inlined.
			if vector {
				i = runEnd(s, i, r)
			} else {
				i = skipRunWords(s, i, r)
			}
		}
		if i >= n {
			break
		}
		prev := st
		st = uint(Step[(st+uint(tables.Class[s[i]]))%(256*Stride)])
		i++
		if st >= uint(FirstSpecial)*Stride {
			at := uint32(i - 1) // the offset of the byte that entered st
			p := State(prev / Stride)
			switch State(st / Stride) {
			case AfterScheme:
				rec.flags |= HasScheme
				rec.schemeEnd = at
			case BeforeAuthority:
				rec.flags |= HasAuthority
				rec.authorityStart, rec.hostStart = at+1, at+1
			case PathAfterAuthority:
				rec.closeAuthority(at, p)
			case BeforeQuery:
				rec.flags |= HasQuery
				rec.pathEnd = at
			case BeforeFragment:
				rec.beginFragment(at)
			case QueryAfterAuthority:
				rec.closeAuthority(at, p)
				rec.flags |= HasQuery
				rec.pathEnd = at
			case FragmentAfterAuthority:
				rec.closeAuthority(at, p)
				rec.beginFragment(at)
			case AfterAuthorityColon, AfterPortColon:
				rec.portStart, rec.colonKind = at+1, HostKindAt[p]
			case AfterUserInfo:
				rec.flags |= HasUserInfo
				rec.hostStart = at + 1
				rec.portStart = 0
			case WithinIPLiteral:
				length, ok := scanIPLiteral(s[i:], o.ZoneID)
				future := i < n && s[i]|0x20 == 'v'
				if !ok {
					r := tables.ReasonInvalidIPv6
					if future {
						r = tables.ReasonInvalidIPvFuture
					}
					return Marks{}, failAt(int(i)+length, r, tables.ComponentHost)
				}
				i += uint(length)
				st = uint(AfterIPv6Literal) * Stride
				if future {
					st = uint(AfterIPvFutureLiteral) * Stride
				}
			case Dead:
				if o.IRI && s[at] >= 0x80 {
					var f Failure
					if st, i, f = readCharacters(s, uint(at), p, runs, mode <= skipAfterShort); f != 0 {
						return Marks{}, f
					}
					continue
				}
				return Marks{}, codeFailure(Fail[p][tables.Class[s[at]]%tables.NumClasses], int(at))
			}
			// Go on in the twin of the state, if it has one: the run of a
			// path, query or fragment can then be skipped from its first
			// byte rather than its second.
			if w := twins[uint8(st/Stride)]; w != 0 {
				st = uint(w) * Stride
			}
		}
	}
	last := State(st / Stride)
	switch AtEnd[last] {
	case EndAccept:
	case EndCloseAuthority:
		rec.closeAuthority(uint32(n), last)
	default:
		return Marks{}, codeFailure(EndFailure[last], int(n))
	}
	return WithPlain(s, rec.finish()), 0
}

// fastStart reads what nearly every absolute URI begins with,
//
//	ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) "://" ALPHA
//
// without stepping: from BeforeReference those bytes can only lead through
// WithinSchemeOrSegment, AfterScheme, AfterFirstSlash and BeforeAuthority
// to AuthorityRegName, as a test checks against the tables. It returns the
// state and offset to go on from, which may be within a run, and, when it
// read a scheme and "//", the offset of the ":" after the scheme, for the
// caller to record what those states record. When the input does not have
// that form it stops where the automaton would be, so that nothing is read
// twice.
func fastStart(s string) (st, i, schemeEnd uint) {
	n := uint(len(s))
	if n >= 8 {
		// Most URIs a proxy sees begin with "https://" or "http://": one
		// comparison of eight bytes instead of the scheme loop.
		w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		switch {
		case w == httpsPrefix:
			i = 5
		case w&(1<<56-1) == httpPrefix:
			i = 4
		}
	}
	if i == 0 {
		if n == 0 || tables.Sets[s[0]]&tables.ALPHA == 0 {
			return uint(BeforeReference) * Stride, 0, 0
		}
		i = 1
		for i < n && tables.Sets[s[i]]&tables.Scheme != 0 {
			i++
		}
		if i+2 >= n || s[i] != ':' || s[i+1] != '/' || s[i+2] != '/' {
			return uint(WithinSchemeOrSegment) * Stride, i, 0
		}
	}
	schemeEnd = i
	i += 3
	if i == n || tables.Sets[s[i]]&tables.ALPHA == 0 {
		return uint(BeforeAuthority) * Stride, i, schemeEnd
	}
	return uint(AuthorityRegName) * Stride, i + 1, schemeEnd
}

// A lane is what laneEnd and laneEndWords find: the shape nearly every
// URL has after fastStart, a host of letters, digits, dots and hyphens,
// then a path, a query and a fragment, each one run of bytes,
//
//	reg-name [ "/" run of path ] [ "?" run of query ] [ "#" run of fragment ]
//
// read without stepping the automaton. stop is the offset of the first
// byte that does not fit the shape (a ":" before a port, an "@" after
// userinfo, a "?" right after the host, a byte no component holds), or
// the length of the input; slash, question and hash are the offsets of
// the delimiters that begin the path, the query and the fragment, or 0.
// The tables tests check the transitions it takes for granted.
type lane struct{ stop, slash, question, hash uint }

// marks returns the marks of an input of length n that is all lane, after
// a scheme that ends at schemeEnd and "//": what scan would record on
// entering PathAfterAuthority, BeforeQuery and BeforeFragment and at the
// end of the input, where each of their twins accepts.
func (l lane) marks(schemeEnd, n uint32) Marks {
	hostEnd, pathEnd, queryEnd := n, n, n
	flags := HasScheme | HasAuthority
	if l.slash != 0 {
		hostEnd = uint32(l.slash)
	}
	if l.hash != 0 {
		flags |= HasFragment
		pathEnd, queryEnd = uint32(l.hash), uint32(l.hash)
	}
	if l.question != 0 {
		flags |= HasQuery
		pathEnd = uint32(l.question)
	}
	return MakeMarks(schemeEnd, schemeEnd+3, schemeEnd+3, hostEnd, hostEnd, pathEnd, queryEnd, flags, HostKindAt[AuthorityRegName])
}

// enterLane records what scan records on entering PathAfterAuthority,
// BeforeQuery and BeforeFragment at the delimiters of l, and returns the
// state scan would be in at l.stop, to go on from there.
func (rec *recorder) enterLane(l lane) (uint, uint) {
	if l.slash == 0 {
		return uint(AuthorityRegName) * Stride, l.stop
	}
	rec.closeAuthority(uint32(l.slash), AuthorityRegName)
	st := WithinPath // the twin of PathAfterAuthority
	if l.question != 0 {
		rec.flags |= HasQuery
		rec.pathEnd = uint32(l.question)
		st = WithinQuery // the twin of BeforeQuery
	}
	if l.hash != 0 {
		rec.beginFragment(uint32(l.hash))
		st = WithinFragment // the twin of BeforeFragment
	}
	return uint(st) * Stride, l.stop
}

// httpsPrefix and httpPrefix are "https://" and "http://" read as
// little-endian words.
const (
	httpsPrefix = 'h' | 't'<<8 | 't'<<16 | 'p'<<24 | 's'<<32 | ':'<<40 | '/'<<48 | '/'<<56
	httpPrefix  = 'h' | 't'<<8 | 't'<<16 | 'p'<<24 | ':'<<32 | '/'<<40 | '/'<<48
)

// A recorder keeps the marks while the scanner reads, one field for each.
type recorder struct {
	schemeEnd, authorityStart, hostStart, hostEnd, pathStart, pathEnd, queryEnd uint32

	flags     Flags
	host      tables.HostKind
	portStart uint32          // after the ":" before a port, or the first ":" of an authority that may be userinfo; 0 if none
	colonKind tables.HostKind // the host kind when that ":" was read
}

// closeAuthority records the end of the authority at offset at, where the
// automaton left state st: the host ends at the recorded ":" if there is
// one, or at the end of the authority.
func (r *recorder) closeAuthority(at uint32, st State) {
	r.pathStart = at
	if r.portStart != 0 {
		r.flags |= HasPort
		r.hostEnd = r.portStart - 1
		r.host = r.colonKind
		return
	}
	r.hostEnd = at
	r.host = HostKindAt[st]
}

// beginFragment records the "#" at offset at, which also ends the path when
// there is no query.
func (r *recorder) beginFragment(at uint32) {
	if r.flags&HasQuery == 0 {
		r.pathEnd = at
	}
	r.flags |= HasFragment
	r.queryEnd = at
}

// finish returns the marks, placing the empty host of a reference without
// authority at the start of its path.
func (r *recorder) finish() Marks {
	if r.flags&HasAuthority == 0 {
		if r.flags&HasScheme != 0 {
			r.pathStart = r.schemeEnd + 1
		}
		r.authorityStart, r.hostStart, r.hostEnd = r.pathStart, r.pathStart, r.pathStart
	}
	return MakeMarks(r.schemeEnd, r.authorityStart, r.hostStart, r.hostEnd, r.pathStart, r.pathEnd, r.queryEnd, r.flags, r.host)
}

// codeFailure unpacks a failure code of the tables found at offset at.
func codeFailure(code FailCode, at int) Failure {
	return failAt(at, code.Reason(), code.Component())
}

// scanIPLiteral runs an IP-literal automaton over rest, what follows "[":
// RFC 3986's, or RFC 6874's with zoneID. It returns the length of the
// literal up to and including the "]", or the length of the part that was
// still the beginning of one.
func scanIPLiteral(rest string, zoneID bool) (length int, ok bool) {
	if zoneID {
		return runLiteral(rest, IPLiteralZoneNext[:], IPLiteralZoneClosed)
	}
	return runLiteral(rest, IPLiteralNext[:], IPLiteralClosed)
}

// runLiteral runs the IP-literal automaton next, whose accepting state is
// closed, as scanIPLiteral describes.
func runLiteral(rest string, next [][Stride]State, closed State) (length int, ok bool) {
	st := IPLiteralStart
	for i := 0; i < len(rest); i++ {
		st = next[st][tables.Class[rest[i]]%Stride]
		switch st {
		case IPLiteralDead:
			return i, false
		case closed:
			return i + 1, true
		}
	}
	return len(rest), false
}
