package uri_test

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

func TestScan(t *testing.T) {
	tests := []struct {
		src     any
		want    string
		wantErr string
	}{
		{"http://a/b?c#d", "http://a/b?c#d", ""},
		{[]byte("../g"), "../g", ""},
		{"", "", ""},
		{"http://a b/", "keep", `uri: scan "http://a b/": invalid character ' ' at offset 8 in host`},
		{[]byte("%zz"), "keep", `uri: scan "%zz": invalid percent-encoding: unexpected 'z' at offset 1 in path`},
		{nil, "keep", "uri: scan: NULL into a URI; scan into a *uri.URI or a sql.Null[uri.URI]"},
		{int64(1), "keep", "uri: scan: cannot scan into a URI from a int64"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%T %q", tt.src, tt.src), func(t *testing.T) {
			u := uri.MustParse("keep")
			err := u.Scan(tt.src)
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if diff := cmp.Diff(tt.wantErr, gotErr); diff != "" {
				t.Errorf("Scan(%q) error mismatch (-want +got):\n%s", tt.src, diff)
			}
			if diff := cmp.Diff(tt.want, u.String()); diff != "" {
				t.Errorf("Scan(%q) mismatch (-want +got):\n%s", tt.src, diff)
			}
		})
	}
	var u uri.URI
	var e *uri.Error
	if err := u.Scan(nil); !errors.Is(err, uri.ErrNull) || !errors.As(err, &e) || e.Op != "scan" {
		t.Errorf("Scan(nil) = %v, want ErrNull within an *Error", err)
	}
	if err := u.Scan(1.5); !errors.Is(err, uri.ErrScanType) {
		t.Errorf("Scan(1.5) = %v, want ErrScanType", err)
	}
	if err := u.Scan("a%"); !errors.Is(err, uri.ErrInvalidPercentEncoding) {
		t.Errorf("Scan(%q) = %v, want ErrInvalidPercentEncoding", "a%", err)
	}
}

// TestScanBytesCopied checks that Scan keeps no reference to a []byte,
// which a driver may reuse for the next row.
func TestScanBytesCopied(t *testing.T) {
	b := []byte("http://a/")
	var u uri.URI
	if err := u.Scan(b); err != nil {
		t.Fatal(err)
	}
	copy(b, "xxxxxxxxx")
	if u.String() != "http://a/" {
		t.Errorf("after the driver's buffer changed, u = %q", u)
	}
}

func TestValue(t *testing.T) {
	for _, s := range []string{"", "http://a/b?c#d", "../g"} {
		v, err := uri.MustParse(s).Value()
		if err != nil || v != driver.Value(s) {
			t.Errorf("Value(%q) = %#v, %v", s, v, err)
		}
		if !driver.IsValue(v) {
			t.Errorf("Value(%q) = %#v, not a driver.Value", s, v)
		}
	}
}

// TestScanNullable checks the ways database/sql scans a column that may
// be NULL, through its own conversion (convertAssign, reached by
// sql.Null's Scan): a **URI is set to nil or to a new URI, and a
// sql.Null[URI] is not Valid or holds the URI.
func TestScanNullable(t *testing.T) {
	for _, src := range []any{nil, "http://a/", []byte("g")} {
		var n sql.Null[*uri.URI]
		if err := n.Scan(src); err != nil {
			t.Fatalf("sql.Null[*URI].Scan(%v): %v", src, err)
		}
		var nu sql.Null[uri.URI]
		if err := nu.Scan(src); err != nil {
			t.Fatalf("sql.Null[URI].Scan(%v): %v", src, err)
		}
		switch src {
		case nil:
			if n.Valid || nu.Valid {
				t.Errorf("Scan(nil): Valid %v and %v, want false", n.Valid, nu.Valid)
			}
		default:
			want := fmt.Sprintf("%s", src)
			if !n.Valid || n.V == nil || n.V.String() != want || nu.V.String() != want {
				t.Errorf("Scan(%q) = %v and %v", src, n, nu)
			}
		}
	}
	// A nil *URI is stored as NULL.
	v, err := driver.DefaultParameterConverter.ConvertValue((*uri.URI)(nil))
	if err != nil || v != nil {
		t.Errorf("ConvertValue((*URI)(nil)) = %#v, %v; want nil", v, err)
	}
}

func ExampleURI_Scan() {
	// What a driver hands Scan for a text column, and for a NULL.
	var u uri.URI
	fmt.Println(u.Scan([]byte("https://example.com/a?b")), u)
	fmt.Println(u.Scan("http://a b/"))
	fmt.Println(u.Scan(nil))

	// A column that may be NULL: sql.Null, or a **URI in rows.Scan.
	var n sql.Null[uri.URI]
	fmt.Println(n.Scan(nil), n.Valid)
	// Output:
	// <nil> https://example.com/a?b
	// uri: scan "http://a b/": invalid character ' ' at offset 8 in host
	// uri: scan: NULL into a URI; scan into a *uri.URI or a sql.Null[uri.URI]
	// <nil> false
}

func ExampleURI_Value() {
	u := uri.MustParse("https://example.com/a?b")
	v, _ := u.Value() // what database/sql stores for an argument u
	fmt.Printf("%T %v\n", v, v)
	// Output:
	// string https://example.com/a?b
}
