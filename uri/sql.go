package uri

import (
	"database/sql/driver"
	"errors"
	"fmt"
)

// ErrNull is returned, alone, by Scan for a NULL: a URI has no NULL
// value, as the zero URI is the empty reference. Scan a column that may
// be NULL into a *URI, or a sql.Null[URI].
var ErrNull = errors.New("uri: scan: NULL into a URI; scan into a *uri.URI or a sql.Null[uri.URI]")

// Scan implements database/sql's Scanner: it parses a text column, a
// string or a []byte, with Parse, and sets u, or returns Parse's *Error
// with Op "scan" and leaves u unchanged. A NULL is ErrNull: scanned into
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
		return ErrNull
	default:
		return fmt.Errorf("uri: scan: cannot scan a %T into a uri.URI", src)
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
