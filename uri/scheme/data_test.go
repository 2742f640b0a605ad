package scheme

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

// larry is the image of the example of RFC 2397 section 4, whose line
// breaks are not part of the URI.
const larry = "R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw" +
	"AAAC8IyPqcvt3wCcDkiLc7C0qwyGHhSWpjQu5yqmCYsapyuvUUlvONmOZtfzgFz" +
	"ByTB10QgxOR0TqBQejhRNzOfkVJ+5YiUqrXF5Y5lKh/DeuNcP5yLWGsEbtLiOSp" +
	"a/TPg7JpJHxyendzWTBfX0cxOnKPjgBzi4diinWGdkF8kjdfnycQZXZeYGejmJl" +
	"ZeGl9i2icVqaNVailT6F5iJ90m6mvuTS4OK05M0vDk0Q4XUtwvKOzrcd3iq9uis" +
	"F81M1OIcR7lEewwcLp7tuNNkM3uNna3F2JQFo97Vriy/Xl4/f1cf5VWzXyym7PH" +
	"hhx4dbgYKAAA7"

// TestParseData holds the examples of RFC 2397 section 4.
func TestParseData(t *testing.T) {
	tests := []struct {
		in   string
		want Data
	}{
		{"data:,A%20brief%20note", Data{MediaType: "text/plain;charset=US-ASCII", Data: []byte("A brief note")}},
		{"data:text/plain;charset=iso-8859-7,%be%d3%be", Data{MediaType: "text/plain;charset=iso-8859-7", Data: []byte{0xbe, 0xd3, 0xbe}}},
		{"data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local",
			Data{MediaType: "application/vnd-xxx-query", Data: []byte("select_vcount,fcol_from_fieldtable/local")}},
		// Section 2: parameters without a type.
		{"data:;charset=utf-8,%E2%82%AC", Data{MediaType: "text/plain;charset=utf-8", Data: []byte("€")}},
		{"data:;base64,SGk=", Data{MediaType: "text/plain;charset=US-ASCII", Base64: true, Data: []byte("Hi")}},
		{"data:text/plain;charset=%22utf-8%22;BASE64,SGk%3D", Data{MediaType: `text/plain;charset="utf-8"`, Base64: true, Data: []byte("Hi")}},
		{"DATA:,a?b=c#frag", Data{MediaType: "text/plain;charset=US-ASCII", Data: []byte("a?b=c")}},
		{"data:,", Data{MediaType: "text/plain;charset=US-ASCII", Data: []byte{}}},
		{"data:;base64,", Data{MediaType: "text/plain;charset=US-ASCII", Base64: true, Data: []byte{}}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseData(uri.MustParse(tt.in))
			if err != nil {
				t.Fatalf("ParseData(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseData(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestParseDataImage decodes the image of RFC 2397 section 4: a GIF87a
// of 48 by 48 pixels.
func TestParseDataImage(t *testing.T) {
	d, err := ParseData(uri.MustParse("data:image/gif;base64," + larry))
	if err != nil {
		t.Fatal(err)
	}
	if d.MediaType != "image/gif" || !d.Base64 {
		t.Errorf("ParseData of the image: media type %q, base64 %v; want image/gif, true", d.MediaType, d.Base64)
	}
	// The header: signature, width and height (little-endian); the
	// trailer ";".
	if !bytes.HasPrefix(d.Data, []byte("GIF87a\x30\x00\x30\x00")) || d.Data[len(d.Data)-1] != ';' || len(d.Data) != len(larry)/4*3 {
		t.Errorf("ParseData of the image: % x", d.Data)
	}
}

func TestParseDataErrors(t *testing.T) {
	testErrors(t, "ParseData", "parse data", func(u uri.URI) error {
		_, err := ParseData(u)
		return err
	}, []errorTest{
		{"http://a/", bad(0, uri.Scheme, ErrWrongScheme)},
		{"data", bad(0, uri.Scheme, ErrWrongScheme)},
		{"data:text/plain", bad(15, uri.Path, ErrMissingComma)},
		{"data:;base64,SGk", bad(16, uri.Path, ErrInvalidBase64)},
		{"data:x;base64,SGk=", bad(6, uri.Path, ErrInvalidMediaType)},
	})
}
