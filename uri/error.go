package uri

import (
	"errors"
	"strconv"
	"strings"

	"github.com/urilabs/rfc3986/scanner"
)

// The reasons Parse rejects its input. Each is wrapped within an [Error]
// when produced; test for one with errors.Is.
var (
	// ErrInvalidCharacter: a byte the component cannot hold at that place,
	// such as "[" in a path or a second "@", or a byte RFC 3986 allows
	// nowhere: controls, space, '"', '<', '>', '\', '^', '`', '{', '|',
	// '}', DEL and every byte >= 0x80 (section 2).
	ErrInvalidCharacter = errors.New("invalid character")
	// ErrInvalidPercentEncoding: a "%" not followed by two hexadecimal
	// digits (section 2.1).
	ErrInvalidPercentEncoding = errors.New("invalid percent-encoding")
	// ErrColonInFirstSegment: a ":" in the first segment of a
	// relative-path reference, which would read as a scheme (section 4.2).
	// Write "./" before such a segment.
	ErrColonInFirstSegment = errors.New("colon in first path segment of a relative reference")
	// ErrMissingScheme: the reference begins with ":".
	ErrMissingScheme = errors.New("missing scheme")
	// ErrInvalidPort: a port that is not all digits (section 3.2.3). In
	// an authority without "@", what follows the first ":" is the port,
	// but until the authority ends an "@" could still make it userinfo:
	// "http://host:8o/" fails at the "/", not at the "o".
	ErrInvalidPort = errors.New("invalid port")
	// ErrInvalidIPv6: an IP-literal that is not an IPv6address (section
	// 3.2.2). RFC 3986 has no zone identifiers ("[fe80::1%25eth0]").
	ErrInvalidIPv6 = errors.New("invalid IPv6 address")
	// ErrInvalidIPvFuture: an IP-literal beginning with "v" that is not an
	// IPvFuture ("v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )).
	ErrInvalidIPvFuture = errors.New("invalid IPvFuture address")
	// ErrTooLong: an input longer than 4 GiB - 1 bytes, the most the
	// offsets of a URI can hold.
	ErrTooLong = errors.New("input too long")

	// ErrFragmentNotAllowed: a "#" in a request target, whose forms have
	// no fragment (RFC 9112 section 3.2).
	ErrFragmentNotAllowed = errors.New("fragment not allowed")
	// ErrUserInfoNotAllowed: an "@" in an authority-form request target,
	// which is host ":" port (RFC 9112 section 3.2.3).
	ErrUserInfoNotAllowed = errors.New("userinfo not allowed")
	// ErrMissingHost: an authority-form request target with an empty
	// host, or an http or https target without a host (RFC 9110 sections
	// 4.2.1 and 4.2.2).
	ErrMissingHost = errors.New("missing host")
	// ErrMissingPort: an authority-form request target without a port.
	ErrMissingPort = errors.New("missing port")
)

var reasonErrors = [...]error{
	scanner.InvalidCharacter:       ErrInvalidCharacter,
	scanner.InvalidPercentEncoding: ErrInvalidPercentEncoding,
	scanner.ColonInFirstSegment:    ErrColonInFirstSegment,
	scanner.MissingScheme:          ErrMissingScheme,
	scanner.InvalidPort:            ErrInvalidPort,
	scanner.InvalidIPv6:            ErrInvalidIPv6,
	scanner.InvalidIPvFuture:       ErrInvalidIPvFuture,
	scanner.TooLong:                ErrTooLong,
	scanner.FragmentNotAllowed:     ErrFragmentNotAllowed,
	scanner.UserInfoNotAllowed:     ErrUserInfoNotAllowed,
	scanner.MissingHost:            ErrMissingHost,
	scanner.MissingPort:            ErrMissingPort,
}

// An Error says where and why an input is not a URI-reference, or, from
// Build, not the component it was given as, or, from Unescape, not
// percent-encoded text.
type Error struct {
	// Op names what failed: "" or "parse" for Parse, its variants and
	// ParseRequestTarget, "build" for Build, "unescape" for Unescape and
	// AppendUnescape, "from url" for FromURL.
	Op string
	// Input is the whole input, never shortened.
	Input string
	// Offset is the length of the longest prefix of Input that is the
	// beginning of some URI-reference: the index of the first byte that
	// cannot follow it, or len(Input) when the input ends too early.
	// Input[:Offset] itself either parses or fails at Offset.
	Offset int
	// Component is the component being read at Offset, or zero when the
	// input is not a whole URI-reference (Unescape).
	Component Component
	// Err is one of the Err... values above.
	Err error
}

// newError builds the error for a failure of the scanner on s.
func newError(s string, f scanner.Failure) error {
	return &Error{Input: s, Offset: f.Offset(), Component: Component(f.Component()), Err: reasonErrors[f.Reason()]}
}

// Error returns a message such as
//
//	uri: parse "http://a b/": invalid character ' ' at offset 8 in host
//
// with the input shortened around Offset when it is long, and "parse"
// replaced by Op when it is set.
func (e *Error) Error() string {
	op := e.Op
	if op == "" {
		op = "parse"
	}
	return "uri: " + op + " " + excerpt(e.Input, e.Offset) + ": " + e.Message()
}

// withOp sets the Op of err, an *Error or nil, and returns it.
func withOp(err error, op string) error {
	if e, ok := err.(*Error); ok {
		e.Op = op
	}
	return err
}

// Message returns the message of Error without its prefix and input:
// "invalid character ' ' at offset 8 in host", for tools that show the input
// their own way.
func (e *Error) Message() string {
	var b strings.Builder
	if e.Err == ErrTooLong {
		b.WriteString(e.Err.Error())
		b.WriteString(" (")
		b.WriteString(strconv.Itoa(len(e.Input)))
		b.WriteString(" bytes)")
		return b.String()
	}
	if e.Err != ErrInvalidCharacter {
		b.WriteString(e.Err.Error())
		b.WriteString(": unexpected ")
	} else {
		b.WriteString("invalid character ")
	}
	if e.Offset < len(e.Input) {
		b.WriteString(quoteByte(e.Input[e.Offset]))
	} else {
		b.WriteString("end of input")
	}
	b.WriteString(" at offset ")
	b.WriteString(strconv.Itoa(e.Offset))
	if e.Component != 0 {
		b.WriteString(" in ")
		b.WriteString(e.Component.String())
	}
	return b.String()
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
