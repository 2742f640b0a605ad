package uri

import (
	"database/sql/driver"
	"errors"
	"fmt"
)

// ErrNull: Scan was given a NULL, and a URI has no NULL value, as the
// zero URI is the empty reference. Scan a column that may be NULL into a
// *URI, or a sql.Null[URI]. It is wrapped within an [Error] with Op
// "scan" and an empty Input.
var ErrNull = errors.New("NULL into a URI; scan into a *uri.URI or a sql.Null[uri.URI]")

// ErrScanType: Scan was given a value that is neither a string nor a
// []byte. It is wrapped within an [Error] with Op "scan" whose Input
// names the type.
var ErrScanType = errors.New("cannot scan into a URI")

// Scan implements database/sql's Scanner: it parses a text column, a
// string or a []byte, with Parse, and sets u, or returns Parse's *Error
// with Op "scan" and leaves u unchanged. A NULL is ErrNull, and any other
// type ErrScanType, each within an *Error. Scanned into
// a **URI, database/sql sets the *URI to nil instead of calling Scan, and
// sql.Null[URI] sets Valid to false.
func (u *URI) Scan(src any) error {
	var s string
	switch v := src.(type) {
	case string:
		s = v
	case []byte:
		s = string(v) // a copy: the driver may reuse v
	case nil:
		return &Error{Op: "scan", Err: ErrNull}
	default:
		return &Error{Op: "scan", Input: fmt.Sprintf("%T", src), Err: ErrScanType}
	}
	v, err := Parse(s)
	if err != nil {
		return withOp(err, "scan")
	}
	*u = v
	return nil
}

// Value implements database/sql/driver's Valuer: the URI as a string, as
// String returns it, to store in a text column. A nil *URI is stored as
// NULL by database/sql.
func (u URI) Value() (driver.Value, error) {
	return u.s, nil
}
