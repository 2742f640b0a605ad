package whatwg

import (
	"errors"
	"strconv"

	"github.com/urilabs/rfc3986/uri"
)

// A failure is why the basic URL parser returned failure, 0 when it did
// not. It carries no offset, so that CanParse allocates nothing; Parse
// turns it into an *Error.
type failure uint8

const (
	_ failure = iota
	failMissingScheme
	failMissingSchemeNonRelative
	failHostMissing
	failPortInvalid
	failPortOutOfRange
	failIPv6Unclosed
	failIPv6
	failIPv4TooManyParts
	failIPv4NonNumeric
	failIPv4OutOfRange
	failForbiddenHost
	failForbiddenDomain
	failDomainEmpty
	failDomainUTF8
	failDomainIDNA
	failTooLong
	failOverride // a setter's value that the state override refuses
)

// The sentinel errors of the failures that RFC 3986 has no word for;
// errors.Is finds them in an *Error. A failure that the RFC names as well
// wraps package uri's sentinel: uri.ErrMissingScheme (a relative URL
// without a base), uri.ErrMissingHost (a special URL, or one with
// credentials or a port, with an empty host), uri.ErrInvalidPort (a port
// that is not a number), uri.ErrInvalidIPv6 and uri.ErrTooLong (a URL
// longer than 4 GiB).
var (
	ErrOpaqueBase    = errors.New("relative URL against a base with an opaque path")
	ErrPortRange     = errors.New("port is above 65535")
	ErrIPv4          = errors.New("invalid IPv4 address")
	ErrForbiddenHost = errors.New("host has a forbidden code point")
	ErrDomain        = errors.New("invalid domain")
)

var failures = [...]struct {
	err    error
	reason string
}{
	failMissingScheme:            {uri.ErrMissingScheme, "relative URL without a base"},
	failMissingSchemeNonRelative: {ErrOpaqueBase, "the base URL has an opaque path; only a fragment resolves against it"},
	failHostMissing:              {uri.ErrMissingHost, "empty host"},
	failPortInvalid:              {uri.ErrInvalidPort, "port has a byte that is not a digit"},
	failPortOutOfRange:           {ErrPortRange, "port out of range"},
	failIPv6Unclosed:             {uri.ErrInvalidIPv6, "IPv6 address without its closing \"]\""},
	failIPv6:                     {uri.ErrInvalidIPv6, "invalid IPv6 address"},
	failIPv4TooManyParts:         {ErrIPv4, "host ends in a number but has more than four parts"},
	failIPv4NonNumeric:           {ErrIPv4, "host ends in a number but has a part that is not one"},
	failIPv4OutOfRange:           {ErrIPv4, "IPv4 address part out of range"},
	failForbiddenHost:            {ErrForbiddenHost, "forbidden host code point"},
	failForbiddenDomain:          {ErrForbiddenHost, "forbidden domain code point"},
	failDomainEmpty:              {ErrDomain, "empty domain"},
	failDomainUTF8:               {ErrDomain, "percent-decoded domain is not UTF-8"},
	failDomainIDNA:               {ErrDomain, "domain to ASCII (UTS #46) failed"},
	failTooLong:                  {uri.ErrTooLong, "URL too long"},
	failOverride:                 {uri.ErrInvalidPort, "value refused"},
}

// An Error is a failure of the basic URL parser: the input, the byte
// offset in it where the parser gave up (at the component it was
// reading), and why.
type Error struct {
	Input  string // the input, as given
	Offset int    // the byte offset in Input at which the failure was found
	Reason string // a phrase that says why
	Err    error  // a sentinel of this package or of package uri, for errors.Is
}

func (e *Error) Error() string {
	return "whatwg: parse " + strconv.Quote(e.Input) + ": " + e.Reason + " at offset " + strconv.Itoa(e.Offset)
}

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Err }

func newError(input string, off int, f failure) *Error {
	e := failures[f]
	if e.err == nil {
		e.err, e.reason = ErrDomain, "invalid URL"
	}
	return &Error{Input: input, Offset: off, Reason: e.reason, Err: e.err}
}
