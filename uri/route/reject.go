package route

import "errors"

// The errors of the rejections that only some products make, beside those
// of Result (ErrEncodedDelimiter and the others), with Op "route".
var (
	// ErrDotSegment: a "." or ".." segment spelled with "%2E", under
	// EncodedDotRejectSegment, or with parameters ("..;x"), under
	// ParamsStripRejectDots.
	ErrDotSegment = errors.New("ambiguous dot-segment")
	// ErrEmptySegment: an empty segment another segment follows, under
	// SlashesReject.
	ErrEmptySegment = errors.New("empty segment")
	// ErrInvalidUTF8: escapes that decode to bytes that are not UTF-8,
	// under InvalidUTF8Reject.
	ErrInvalidUTF8 = errors.New("escapes are not UTF-8")
	// ErrTooLong: a request line longer than the policy's Limits allow.
	ErrTooLong = errors.New("request line too long")
)
