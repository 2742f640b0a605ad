package uri

import (
	"database/sql/driver"
	"errors"
	"fmt"

	"github.com/urilabs/rfc3986/internal/scan"
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
// string or a []byte, as UnmarshalText does (Parse, and a zone identifier
// of RFC 6874, so that every URI's Value scans back), and sets u, or
// returns an *Error with Op "scan" and leaves u unchanged. A NULL is
// ErrNull, and any other type ErrScanType, each within an *Error. Scanned
// into a **URI, database/sql sets the *URI to nil instead of calling
// Scan, and sql.Null[URI] sets Valid to false.
func (u *URI) Scan(src any) error {
	s, err := scanText(src)
	if err != nil {
		return err
	}
	v, err := readBack.Parse(s)
	if err != nil {
		return withOp(err, "scan")
	}
	*u = v
	return nil
}

// Scan implements database/sql's Scanner for an IRI as URI.Scan does for
// a URI, parsing as IRI.UnmarshalText does, with the same errors.
func (i *IRI) Scan(src any) error {
	s, err := scanText(src)
	if err != nil {
		return err
	}
	v, err := parseIRI(s, scan.Options{IRI: true, ZoneID: true})
	if err != nil {
		return withOp(err, "scan")
	}
	*i = v
	return nil
}

// scanText returns the text of a column that Scan was given, or the error
// for a value that is not text.
func scanText(src any) (string, error) {
	switch v := src.(type) {
	case string:
		return v, nil
	case []byte:
		return string(v), nil // a copy: the driver may reuse v
	case nil:
		return "", &Error{Op: "scan", Err: ErrNull}
	}
	return "", &Error{Op: "scan", Input: fmt.Sprintf("%T", src), Err: ErrScanType}
}

// Value implements database/sql/driver's Valuer: the URI (or IRI) as a
// string, as String returns it, to store in a text column. A nil pointer
// is stored as NULL by database/sql.
func (u core) Value() (driver.Value, error) {
	return u.s, nil
}
