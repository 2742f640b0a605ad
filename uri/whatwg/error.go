package whatwg

import (
	"errors"
	"strconv"
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

// The sentinel errors, one for each reason of failure; errors.Is finds
// them in an *Error.
var (
	ErrMissingScheme = errors.New("missing scheme, and no base URL to resolve against")
	ErrOpaqueBase    = errors.New("relative URL against a base with an opaque path")
	ErrHostMissing   = errors.New("a special URL, or one with credentials or a port, has an empty host")
	ErrInvalidPort   = errors.New("port is not a number")
	ErrPortRange     = errors.New("port is above 65535")
	ErrIPv6          = errors.New("invalid IPv6 address")
	ErrIPv4          = errors.New("invalid IPv4 address")
	ErrForbiddenHost = errors.New("host has a forbidden code point")
	ErrDomain        = errors.New("invalid domain")
	ErrTooLong       = errors.New("URL longer than 4 GiB")
)

var failures = [...]struct {
	err    error
	reason string
}{
	failMissingScheme:            {ErrMissingScheme, "relative URL without a base"},
	failMissingSchemeNonRelative: {ErrOpaqueBase, "the base URL has an opaque path; only a fragment resolves against it"},
	failHostMissing:              {ErrHostMissing, "empty host"},
	failPortInvalid:              {ErrInvalidPort, "port has a byte that is not a digit"},
	failPortOutOfRange:           {ErrPortRange, "port out of range"},
	failIPv6Unclosed:             {ErrIPv6, "IPv6 address without its closing \"]\""},
	failIPv6:                     {ErrIPv6, "invalid IPv6 address"},
	failIPv4TooManyParts:         {ErrIPv4, "host ends in a number but has more than four parts"},
	failIPv4NonNumeric:           {ErrIPv4, "host ends in a number but has a part that is not one"},
	failIPv4OutOfRange:           {ErrIPv4, "IPv4 address part out of range"},
	failForbiddenHost:            {ErrForbiddenHost, "forbidden host code point"},
	failForbiddenDomain:          {ErrForbiddenHost, "forbidden domain code point"},
	failDomainEmpty:              {ErrDomain, "empty domain"},
	failDomainUTF8:               {ErrDomain, "percent-decoded domain is not UTF-8"},
	failDomainIDNA:               {ErrDomain, "domain to ASCII (UTS #46) failed"},
	failTooLong:                  {ErrTooLong, "URL too long"},
	failOverride:                 {ErrInvalidPort, "value refused"},
}

// An Error is a failure of the basic URL parser: the input, the byte
// offset in it where the parser gave up (at the component it was
// reading), and why.
type Error struct {
	Input  string // the input, as given
	Offset int    // the byte offset in Input at which the failure was found
	Reason string // a phrase that says why
	Err    error  // one of the package's sentinels, for errors.Is
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
