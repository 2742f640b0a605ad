package scheme

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

func h(name, value string) Header { return Header{name, value} }

// mailtoTests hold every example of RFC 6068 section 6, and those of
// section 2. built says whether BuildMailto writes the URI back byte for
// byte.
var mailtoTests = []struct {
	in    string
	want  Mailto
	built bool
}{
	// Section 6.1.
	{"mailto:chris@example.com", Mailto{To: []string{"chris@example.com"}}, true},
	{"mailto:infobot@example.com?subject=current-issue", Mailto{To: []string{"infobot@example.com"}, Headers: []Header{h("subject", "current-issue")}}, true},
	{"mailto:infobot@example.com?body=send%20current-issue", Mailto{To: []string{"infobot@example.com"}, Headers: []Header{h("body", "send current-issue")}}, true},
	{"mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index", Mailto{To: []string{"infobot@example.com"}, Headers: []Header{h("body", "send current-issue\r\nsend index")}}, true},
	{"mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E", Mailto{To: []string{"list@example.org"}, Headers: []Header{h("In-Reply-To", "<3469A91.D10AF4C@example.com>")}}, true},
	{"mailto:majordomo@example.com?body=subscribe%20bamboo-l", Mailto{To: []string{"majordomo@example.com"}, Headers: []Header{h("body", "subscribe bamboo-l")}}, true},
	{"mailto:joe@example.com?cc=bob@example.com&body=hello", Mailto{To: []string{"joe@example.com"}, Headers: []Header{h("cc", "bob@example.com"), h("body", "hello")}}, true},
	{"mailto:gorby%25kremvax@example.com", Mailto{To: []string{"gorby%kremvax@example.com"}}, true},
	{"mailto:unlikely%3Faddress@example.com?blat=foop", Mailto{To: []string{"unlikely?address@example.com"}, Headers: []Header{h("blat", "foop")}}, true},
	// The HTML example, "&amp;" read as HTML reads it; as written, it is a
	// field named "amp;body".
	{"mailto:joe@an.example?cc=bob@an.example&body=hello", Mailto{To: []string{"joe@an.example"}, Headers: []Header{h("cc", "bob@an.example"), h("body", "hello")}}, true},
	{"mailto:joe@an.example?cc=bob@an.example&amp;body=hello", Mailto{To: []string{"joe@an.example"}, Headers: []Header{h("cc", "bob@an.example"), h("amp;body", "hello")}}, true},
	{"mailto:Mike%26family@example.org", Mailto{To: []string{"Mike&family@example.org"}}, true},
	// Section 6.2.
	{"mailto:%22not%40me%22@example.org", Mailto{To: []string{`"not@me"@example.org`}}, false},
	{"mailto:%22oh%5C%5Cno%22@example.org", Mailto{To: []string{`"oh\\no"@example.org`}}, true},
	{"mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org", Mailto{To: []string{`"\\\"it's\ ugly\\\""@example.org`}}, true},
	// Section 6.3.
	{"mailto:user@example.org?subject=caf%C3%A9", Mailto{To: []string{"user@example.org"}, Headers: []Header{h("subject", "café")}}, true},
	{"mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D", Mailto{To: []string{"user@example.org"}, Headers: []Header{h("subject", "=?utf-8?Q?caf=C3=A9?=")}}, true},
	{"mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D", Mailto{To: []string{"user@example.org"}, Headers: []Header{h("subject", "=?iso-8859-1?Q?caf=E9?=")}}, true},
	{"mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9", Mailto{To: []string{"user@example.org"}, Headers: []Header{h("subject", "café"), h("body", "café")}}, true},
	{"mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO", Mailto{To: []string{"user@納豆.example.org"}, Headers: []Header{h("subject", "Test"), h("body", "NATTO")}}, true},
	// Section 2.
	{"mailto:addr1@an.example,addr2@an.example", Mailto{To: []string{"addr1@an.example", "addr2@an.example"}}, true},
	{"mailto:?to=addr1@an.example,addr2@an.example", Mailto{Headers: []Header{h("to", "addr1@an.example,addr2@an.example")}}, true},
	{"mailto:addr1@an.example?to=addr2@an.example", Mailto{To: []string{"addr1@an.example"}, Headers: []Header{h("to", "addr2@an.example")}}, true},
	// Others.
	{"mailto:", Mailto{}, true},
	{"MAILTO:a@x#ignored", Mailto{To: []string{"a@x"}}, false},
	{"mailto:a@x?=", Mailto{To: []string{"a@x"}, Headers: []Header{h("", "")}}, true},
	{"mailto:a@%5B192.0.2.1%5D", Mailto{To: []string{"a@[192.0.2.1]"}}, true},
}

func TestParseMailto(t *testing.T) {
	for _, tt := range mailtoTests {
		t.Run(tt.in, func(t *testing.T) {
			u := uri.MustParse(tt.in)
			got, err := ParseMailto(u)
			if err != nil {
				t.Fatalf("ParseMailto(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Fatalf("ParseMailto(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			b, err := BuildMailto(got)
			if err != nil {
				t.Fatalf("BuildMailto(%+v): %v", got, err)
			}
			if tt.built && b.String() != tt.in {
				t.Errorf("BuildMailto(ParseMailto(%q)) = %q", tt.in, b)
			}
			back, err := ParseMailto(b)
			if err != nil {
				t.Fatalf("ParseMailto(%q) of BuildMailto: %v", b, err)
			}
			if diff := cmp.Diff(got, back); diff != "" {
				t.Errorf("ParseMailto(BuildMailto(%+v)) mismatch (-want +got):\n%s", got, diff)
			}
		})
	}
}

func TestParseMailtoErrors(t *testing.T) {
	// The example section 6.1 calls wrong: a second "?" in a value.
	wrong := "mailto:joe@example.com?cc=bob@example.com?body=hello"
	testErrors(t, "ParseMailto", "parse mailto", func(u uri.URI) error {
		_, err := ParseMailto(u)
		return err
	}, []errorTest{
		{wrong, bad(strings.LastIndex(wrong, "?"), uri.Query, ErrInvalidHeader)},
		{"http://a/", bad(0, uri.Scheme, ErrWrongScheme)},
		{"a@x", bad(0, uri.Scheme, ErrWrongScheme)},
		{"mailto:a", bad(8, uri.Path, ErrInvalidAddress)},
	})
}

func TestBuildMailto(t *testing.T) {
	tests := []struct {
		m    Mailto
		want string
		err  *checkResult
	}{
		{Mailto{To: []string{`"a,b;"@x`, "c&d=f/g@x"}}, "mailto:%22a%2Cb%3B%22@x,c%26d%3Df%2Fg@x", nil},
		{Mailto{Headers: []Header{h("a&b=c", "d&e=f/g?h#i j")}}, "mailto:?a%26b%3Dc=d%26e%3Df%2Fg%3Fh%23i%20j", nil},
		{Mailto{To: []string{}, Headers: []Header{}}, "mailto:", nil},
		{Mailto{To: []string{""}}, "", bad(7, uri.Path, ErrInvalidAddress)},
		{Mailto{To: []string{"a@x", ""}}, "", bad(11, uri.Path, ErrInvalidAddress)},
		{Mailto{To: []string{"no address"}}, "", bad(9, uri.Path, ErrInvalidAddress)},
	}
	for _, tt := range tests {
		u, err := BuildMailto(tt.m)
		if diff := cmp.Diff(tt.err, resultOf(err), errorComparer); diff != "" {
			t.Errorf("BuildMailto(%+v) error mismatch (-want +got):\n%s", tt.m, diff)
			continue
		}
		if err != nil {
			if e := err.(*uri.Error); e.Op != "build mailto" {
				t.Errorf("BuildMailto(%+v) error Op %q; want %q", tt.m, e.Op, "build mailto")
			}
			continue
		}
		if u.String() != tt.want {
			t.Errorf("BuildMailto(%+v) = %q; want %q", tt.m, u, tt.want)
		}
	}
}
