package uri

import (
	"errors"
	"strconv"
	"strings"

	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/tables"
)

// The reasons Parse, ParseRequestTarget and the functions that read a
// component reject their input. Each is wrapped within an [Error] when
// produced; test for one with errors.Is. Other sentinels are declared
// beside the function that produces them: ErrPathNotAbsolute and
// ErrPathDoubleSlash (Build, FromURL), ErrURLMismatch and ErrNilURL
// (FromURL), ErrRelativeBase (Resolve), ErrNotEscapable (Escape),
// ErrDotSegment (JoinPath), ErrNull and ErrScanType (URI.Scan),
// ErrInvalidUTF8 (ParseIRI), ErrNotDialable and ErrPortOutOfRange
// (DialAddress).
var (
	// ErrInvalidCharacter: a byte the component cannot hold at that place,
	// such as "[" in a path or a second "@", or a byte RFC 3986 allows
	// nowhere: controls, space, '"', '<', '>', '\', '^', '`', '{', '|',
	// '}', DEL and every byte >= 0x80 (section 2).
	ErrInvalidCharacter = errors.New("invalid character")
	// ErrInvalidPercentEncoding: a "%" not followed by two hexadecimal
	// digits (section 2.1), from Parse and Unescape.
	ErrInvalidPercentEncoding = errors.New("invalid percent-encoding")
	// ErrColonInFirstSegment: a ":" in the first segment of a
	// relative-path reference, which would read as a scheme (section 4.2).
	// Write "./" before such a segment.
	ErrColonInFirstSegment = errors.New("colon in first path segment of a relative reference")
	// ErrMissingScheme: the reference begins with ":", or a scheme given
	// alone (Build, TargetURI) is empty.
	ErrMissingScheme = errors.New("missing scheme")
	// ErrInvalidPort: a port that is not all digits (section 3.2.3). The
	// offset is that of the port's first byte that is not a digit: the
	// "o" of "http://host:8o/" (offset 13).
	ErrInvalidPort = errors.New("invalid port")
	// ErrInvalidIPv6: an IP-literal that is not an IPv6address (section
	// 3.2.2). RFC 3986 has no zone identifiers ("[fe80::1%25eth0]").
	ErrInvalidIPv6 = errors.New("invalid IPv6 address")
	// ErrInvalidIPvFuture: an IP-literal beginning with "v" that is not an
	// IPvFuture ("v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )).
	ErrInvalidIPvFuture = errors.New("invalid IPvFuture address")
	// ErrTooLong: an input longer than 4 GiB - 1 bytes, the most the
	// offsets of a URI can hold, or a result of Resolve that would be.
	ErrTooLong = errors.New("too long")

	// ErrFragmentNotAllowed: a "#" in a request target, whose forms have
	// no fragment (RFC 9112 section 3.2), from ParseRequestTarget; and in
	// a ws or wss URI, from scheme.Check.
	ErrFragmentNotAllowed = errors.New("fragment not allowed")
	// ErrUserInfoNotAllowed: an "@" in an authority-form request target,
	// which is host ":" port (RFC 9112 section 3.2.3), or in the Host
	// header given to TargetURI; and in an http, https, ws or wss URI,
	// from scheme.Check (RFC 9110 section 4.2.4).
	ErrUserInfoNotAllowed = errors.New("userinfo not allowed")
	// ErrMissingHost: an authority-form request target with an empty
	// host, or an http or https target without a host (RFC 9110 sections
	// 4.2.1 and 4.2.2), from ParseRequestTarget, TargetURI and
	// scheme.Check; and a URI without a host, from DialAddress.
	ErrMissingHost = errors.New("missing host")
	// ErrMissingPort: an authority-form request target without a port,
	// from ParseRequestTarget; and a URI without a port whose scheme has
	// no default port, from DialAddress.
	ErrMissingPort = errors.New("missing port")
)

// reasonErrors are the sentinels of the scanner's reasons.
var reasonErrors = [...]error{
	tables.ReasonInvalidCharacter:       ErrInvalidCharacter,
	tables.ReasonInvalidPercentEncoding: ErrInvalidPercentEncoding,
	tables.ReasonColonInFirstSegment:    ErrColonInFirstSegment,
	tables.ReasonMissingScheme:          ErrMissingScheme,
	tables.ReasonInvalidPort:            ErrInvalidPort,
	tables.ReasonInvalidIPv6:            ErrInvalidIPv6,
	tables.ReasonInvalidIPvFuture:       ErrInvalidIPvFuture,
	tables.ReasonTooLong:                ErrTooLong,
	tables.ReasonInvalidUTF8:            ErrInvalidUTF8,
}

// An Error says where and why an input is not what a function of this
// package takes: not a URI-reference (Parse), not a request target
// (ParseRequestTarget), not the component it was given as (Build, Escape),
// not percent-encoded text (Unescape). Every error the package returns is
// an *Error, and its Err is one of the package's sentinels.
//
// Error may gain fields in later versions: a program that makes one must
// name the fields it sets (uri.Error{Op: "parse", Err: uri.ErrTooLong}),
// never list them by position.
type Error struct {
	// Op names the function that failed: "parse" (Parse, Parser.Parse,
	// UnmarshalText), "parse iri" (ParseIRI), "parse request target",
	// "target uri", "resolve", "build", "escape", "unescape", "from url",
	// "join path", "scan" (URI.Scan, for database/sql), "unescape form",
	// "with path", "with query", "with fragment", "set param", "add param"
	// or "dial address".
	Op string
	// Input is the whole input, never shortened: the reference for
	// Parse, the base for ErrRelativeBase, the reference for an ErrTooLong
	// of Resolve, the component for Build and Escape, the text of the URI
	// for FromURL and DialAddress, the path for WithPath.
	Input string
	// Offset is the length of the longest prefix of Input that is the
	// beginning of some valid input: the index of the first byte that
	// cannot follow it, or len(Input) when the input ends too early.
	// Input[:Offset] itself either parses or fails at Offset. One
	// exception points where a person looks: in an authority without
	// "@", an "@" further on could still make "host:8o" userinfo, so the
	// longest such prefix of "http://host:8o/" ends before the "/"; but
	// the offset of ErrInvalidPort is that of the port's first byte that
	// is not a digit, the "o".
	Offset int
	// Component is the component being read at Offset, or zero when the
	// error is not about one (Unescape).
	Component Component
	// Err is one of the Err... sentinels.
	Err error
}

// newError builds the error for a failure of the scanner on s, with Op
// "parse". It is kept out of line: inlined, it made Parse spill the input
// and build its result through memory on the path that succeeds.
//
//go:noinline
func newError(s string, f scan.Failure) *Error {
	e := &Error{Op: "parse", Input: s, Offset: f.Offset(), Component: Component(f.Component()), Err: reasonErrors[f.Reason()]}
	if e.Err == ErrInvalidPort {
		e.Offset = portFault(s, e.Offset)
	}
	return e
}

// portFault returns the offset of the fault in the port of s that the
// scanner found invalid at offset: the port's first byte that is not a
// digit. In an authority without "@" the scanner stops later, where the
// authority ends or at a byte userinfo cannot hold either, as until then
// an "@" could make the port userinfo. When the port is all digits up to
// offset, it returns offset.
func portFault(s string, offset int) int {
	// The authority: after "//", or from the start of an authority-form
	// request target; the host after its userinfo, if any. Before offset,
	// the scanner read only bytes an authority holds.
	start := strings.LastIndexAny(s[:offset], "/?#@") + 1
	colon := strings.IndexByte(s[start:offset], ':')
	if start < offset && s[start] == '[' {
		colon = strings.Index(s[start:offset], "]:")
		if colon >= 0 {
			colon++
		}
	}
	if colon < 0 {
		return offset
	}
	for i := start + colon + 1; i < offset; i++ {
		if s[i] < '0' || s[i] > '9' {
			return i
		}
	}
	return offset
}

// Error returns a message such as
//
//	uri: parse "http://a b/": invalid character ' ' at offset 8 in host
//
// with the input shortened around Offset when it is long, and "parse"
// replaced by Op. An Error made by hand with no Op reads as "parse".
func (e *Error) Error() string {
	op := e.Op
	if op == "" {
		op = "parse"
	}
	switch e.Err {
	case ErrNilURL, ErrNull:
		return "uri: " + op + ": " + e.Message()
	case ErrScanType:
		return "uri: " + op + ": " + e.Message() + " from a " + e.Input
	}
	return "uri: " + op + " " + excerpt(e.Input, e.Offset) + ": " + e.Message()
}

// Message returns the message of Error without its prefix and input,
// for tools that show the input their own way: for a byte the grammar
// does not allow there, "invalid character ' ' at offset 8 in host" or
// "invalid port: unexpected 'o' at offset 13 in port"; for a rule
// broken, "userinfo not allowed at offset 7" or "missing scheme at offset
// 0".
func (e *Error) Message() string {
	switch e.Err {
	case ErrTooLong:
		if e.Op == "resolve" {
			return "result too long (over " + strconv.FormatUint(scan.MaxLength, 10) + " bytes)"
		}
		return "input too long (" + strconv.Itoa(len(e.Input)) + " bytes)"
	case ErrRelativeBase, ErrNilURL, ErrNull, ErrScanType:
		return e.Err.Error()
	case ErrNotEscapable:
		return e.Err.Error() + " " + e.Component.String()
	}
	var b strings.Builder
	text := e.errText()
	// A rule broken ("userinfo not allowed", "missing host") reads as a
	// sentence with where it is broken; a byte that is not what the
	// grammar wants ("invalid port") names the byte.
	rule := !strings.HasPrefix(text, "invalid ")
	switch {
	case e.Err == ErrInvalidCharacter:
		b.WriteString("invalid character ")
	case rule:
		b.WriteString(text)
	default:
		b.WriteString(text)
		b.WriteString(": unexpected ")
	}
	if !rule {
		if e.Offset >= 0 && e.Offset < len(e.Input) {
			b.WriteString(e.offending())
		} else {
			b.WriteString("end of input")
		}
	}
	b.WriteString(" at offset ")
	b.WriteString(strconv.Itoa(e.Offset))
	if c := e.Component.String(); e.Component != 0 && !(rule && strings.Contains(text, c)) {
		b.WriteString(" in ")
		b.WriteString(c)
	}
	return b.String()
}

// errText is the text of e.Err, or "error" when an Error made by hand has
// none.
func (e *Error) errText() string {
	if e.Err == nil {
		return "error"
	}
	return e.Err.Error()
}

// Unwrap returns e.Err, so that errors.Is(err, ErrInvalidPort) works.
func (e *Error) Unwrap() error { return e.Err }

// quoteByte returns b as a Go character literal: 'a', ' ', '\t', '\x80'.
// Messages show a byte of the input this way, since the input need not be
// UTF-8.
func quoteByte(b byte) string {
	switch {
	case b == '\'' || b == '\\':
		return `'\` + string(rune(b)) + `'`
	case b >= 0x20 && b < 0x7F:
		return "'" + string(rune(b)) + "'"
	case b == '\t':
		return `'\t'`
	case b == '\n':
		return `'\n'`
	case b == '\r':
		return `'\r'`
	}
	const hex = "0123456789abcdef"
	return `'\x` + string([]byte{hex[b>>4], hex[b&0xF]}) + `'`
}

// Inputs longer than excerptMax are shown in messages as their first
// excerptHead bytes and excerptAround bytes either side of the offset.
const (
	excerptMax    = 96
	excerptHead   = 24
	excerptAround = 32
)

// excerpt quotes s for a message, shortened with "…" when it is long.
func excerpt(s string, offset int) string {
	if len(s) <= excerptMax {
		return strconv.Quote(s)
	}
	from := max(offset-excerptAround, 0)
	to := min(offset+excerptAround, len(s))
	var b strings.Builder
	if from <= excerptHead {
		b.WriteString(strconv.Quote(s[:to]))
	} else {
		b.WriteString(strconv.Quote(s[:excerptHead] + "…" + s[from:to]))
	}
	q := b.String()
	if to < len(s) {
		q = q[:len(q)-1] + "…\""
	}
	return q
}

// withOp sets the Op of err, an *Error or nil, and returns it.
func withOp(err error, op string) error {
	if e, ok := err.(*Error); ok {
		e.Op = op
	}
	return err
}
