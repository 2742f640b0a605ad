package uri_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/internal/testenv"
	"github.com/urilabs/rfc3986/uri"
)

func TestParseIRI(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://例え.jp/パス", "scheme=https host=例え.jp path=/パス"},
		{"http://résumé.example.org", "scheme=http host=résumé.example.org path="},
		{"//ü:ß@ü:80/ü?ü#ü", "userinfo=ü:ß host=ü port=80 path=/ü query=ü fragment=ü"},
		{"ü", "path=ü"},
		{"ü/a:b", "path=ü/a:b"},
		{"x:ü", "scheme=x path=ü"},
		{"a:/ü", "scheme=a path=/ü"},
		{"?\ue000\U000f0000\U0010fffd", "path= query=\ue000\U000f0000\U0010fffd"},
		{"http://a/\U00010300\U00010301", "scheme=http host=a path=/\U00010300\U00010301"},
		{"//1.2.3.ü", "host=1.2.3.ü"},
		{"//1.2.3.4ü", "host=1.2.3.4ü"},
		{"//u:ü@h", "userinfo=u:ü host=h"},
		{"//u:1ü@h", "userinfo=u:1ü host=h"},
		{"http://[::1]/ü", "scheme=http host=[::1] kind=IPv6 path=/ü"},
		// The ends of ranges of ucschar, but U+00A0, which the notation
		// would read as a space: the differential has it.
		{"\u00a1\ud7ff\uf900\ufdcf\ufdf0\uffef\U000e1000\U000efffd", "path=\u00a1\ud7ff\uf900\ufdcf\ufdf0\uffef\U000e1000\U000efffd"},
		{"foo://example.com:8042/over/there?name=ferret#nose", "scheme=foo host=example.com port=8042 path=/over/there query=name=ferret fragment=nose"},
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			i, err := uri.ParseIRI(tt.in)
			if err != nil {
				t.Fatalf("ParseIRI(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(want(t, tt.want), partsOfIRI(i)); diff != "" {
				t.Errorf("ParseIRI(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if i.String() != tt.in {
				t.Errorf("ParseIRI(%q).String() = %q", tt.in, i.String())
			}
		})
	}
}

func TestParseIRIErrors(t *testing.T) {
	tests := []struct {
		in        string
		offset    int
		component uri.Component
		err       error
		message   string
	}{
		{"http://example.com/a/\ue000", 21, uri.Path, uri.ErrInvalidCharacter, "invalid character U+E000 at offset 21 in path"},
		{"http://ex.com/\ue000", 14, uri.Path, uri.ErrInvalidCharacter, "invalid character U+E000 at offset 14 in path"},
		{"#\ue000", 1, uri.Fragment, uri.ErrInvalidCharacter, "invalid character U+E000 at offset 1 in fragment"},
		{"//\U00100000", 2, uri.Host, uri.ErrInvalidCharacter, "invalid character U+100000 at offset 2 in host"},
		{"a/\u200e", 2, uri.Path, uri.ErrInvalidCharacter, "invalid character U+200E at offset 2 in path"},
		{"?\u202e", 1, uri.Query, uri.ErrInvalidCharacter, "invalid character U+202E at offset 1 in query"},
		{"/\u0085", 1, uri.Path, uri.ErrInvalidCharacter, "invalid character U+0085 at offset 1 in path"},
		{"/\ufffe", 1, uri.Path, uri.ErrInvalidCharacter, "invalid character U+FFFE at offset 1 in path"},
		{"/\U0001fffe", 1, uri.Path, uri.ErrInvalidCharacter, "invalid character U+1FFFE at offset 1 in path"},
		{"é:a", 2, uri.Path, uri.ErrColonInFirstSegment, "colon in first path segment of a relative reference at offset 2"},
		{"ü:a", 2, uri.Path, uri.ErrColonInFirstSegment, "colon in first path segment of a relative reference at offset 2"},
		{"http://a:8ü/", 10, uri.Port, uri.ErrInvalidPort, "invalid port: unexpected U+00FC at offset 10 in port"},
		{"http://a:8/ü ", 13, uri.Path, uri.ErrInvalidCharacter, "invalid character ' ' at offset 13 in path"},
		{"http://[::1é]/", 11, uri.Host, uri.ErrInvalidIPv6, "invalid IPv6 address: unexpected U+00E9 at offset 11 in host"},
		{"/ü%ü", 4, uri.Path, uri.ErrInvalidPercentEncoding, "invalid percent-encoding: unexpected U+00FC at offset 4 in path"},
		{"/\xff", 1, uri.Path, uri.ErrInvalidUTF8, `invalid UTF-8: unexpected '\xff' at offset 1 in path`},
		{"/\x80", 1, uri.Path, uri.ErrInvalidUTF8, `invalid UTF-8: unexpected '\x80' at offset 1 in path`},
		{"/\xc3A", 2, uri.Path, uri.ErrInvalidUTF8, "invalid UTF-8: unexpected 'A' at offset 2 in path"},
		{"/\xe4\xbe", 3, uri.Path, uri.ErrInvalidUTF8, "invalid UTF-8: unexpected end of input at offset 3 in path"},
		{"/\xc0\xaf", 1, uri.Path, uri.ErrInvalidUTF8, `invalid UTF-8: unexpected '\xc0' at offset 1 in path`},
		{"/\xed\xa0\x80", 2, uri.Path, uri.ErrInvalidUTF8, `invalid UTF-8: unexpected '\xa0' at offset 2 in path`},
		{"/\xf4\x90\x80\x80", 2, uri.Path, uri.ErrInvalidUTF8, `invalid UTF-8: unexpected '\x90' at offset 2 in path`},
		{"?a=\xe4\xbe\x8b\xe4", 7, uri.Query, uri.ErrInvalidUTF8, "invalid UTF-8: unexpected end of input at offset 7 in query"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := uri.ParseIRI(tt.in)
			var e *uri.Error
			if !errors.As(err, &e) {
				t.Fatalf("ParseIRI(%q) = %v, want an *Error", tt.in, err)
			}
			got := struct {
				Op, Message string
				Offset      int
				Component   uri.Component
				Is          bool
			}{e.Op, e.Message(), e.Offset, e.Component, errors.Is(err, tt.err)}
			wantErr := got
			wantErr.Op, wantErr.Message, wantErr.Offset, wantErr.Component, wantErr.Is = "parse iri", tt.message, tt.offset, tt.component, true
			if diff := cmp.Diff(wantErr, got); diff != "" {
				t.Errorf("ParseIRI(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	// The whole text, and Parse, which names bytes as before.
	_, err := uri.ParseIRI("http://example.com/a/\ue000")
	if got, want := err.Error(), `uri: parse iri "http://example.com/a/\ue000": invalid character U+E000 at offset 21 in path`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	_, err = uri.Parse("https://例え.jp/")
	if got, want := err.(*uri.Error).Message(), `invalid character '\xe4' at offset 8 in host`; got != want {
		t.Errorf("Parse: Message() = %q, want %q", got, want)
	}
}

// agreeIRI is agree for ParseIRI and the recognizer of RFC 3987.
func agreeIRI(t *testing.T, s string) bool {
	t.Helper()
	i, err := uri.ParseIRI(s)
	ref, ok := reference.MatchIRI(s)
	switch {
	case ok && err != nil:
		t.Errorf("ParseIRI(%q): %v; the reference recognizer accepts it as %+v", s, err, ref)
		return false
	case !ok && err == nil:
		t.Errorf("ParseIRI(%q) accepts it as %+v; the reference recognizer rejects it", s, partsOfIRI(i))
		return false
	case ok:
		if got := partsOfIRI(i); got != ref {
			t.Errorf("ParseIRI(%q) mismatch (-reference +ParseIRI):\n%s", s, cmp.Diff(ref, got))
			return false
		}
		return true
	}
	e := err.(*uri.Error)
	if _, err := uri.ParseIRI(s[:e.Offset]); err != nil {
		if e2 := err.(*uri.Error); e2.Offset != e.Offset && !earlierPort(e2, e) {
			t.Errorf("ParseIRI(%q) fails at %d, but its first %d bytes fail earlier, at %d", s, e.Offset, e.Offset, e2.Offset)
			return false
		}
	}
	return true
}

// TestIRIDifferential compares ParseIRI with the recognizer built from the
// ABNF of RFC 3987 section 2.2 on generated input near valid IRIs, about
// half of it invalid, and on the URI corpus, which must read as it does
// with Parse.
func TestIRIDifferential(t *testing.T) {
	var valid, invalid int
	p := properties(20000)
	p.Property("mutated IRIs", prop.ForAll(func(s string) bool {
		if _, err := uri.ParseIRI(s); err == nil {
			valid++
		} else {
			invalid++
		}
		return agreeIRI(t, s)
	}, genOf(reference.IRIMutated())))
	p.Property("generated URIs", prop.ForAll(func(parts reference.Parts) bool {
		return agreeIRI(t, parts.String())
	}, genOf(reference.URIReference())))
	p.TestingRun(t)
	t.Logf("mutated IRIs: %d accepted, %d rejected", valid, invalid)
	if valid == 0 || invalid == 0 {
		t.Errorf("the generator made %d valid and %d invalid IRIs: one kind is missing", valid, invalid)
	}
	lines := readCorpus(t, "web_urls.txt")
	lines = lines[:testenv.Cases(len(lines))]
	for _, s := range lines {
		agreeIRI(t, s)
	}
}

// The examples of RFC 3987 section 3.1, in XML notation there: an IRI and
// the URI it maps to.
var iriToURIExamples = []struct{ iri, uri string }{
	{"http://r\u00e9sum\u00e9.example.org", "http://r%C3%A9sum%C3%A9.example.org"},
	{"http://validator.w3.org/check?uri=http%3A%2F%2Fr\u00e9sum\u00e9.example.org", "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org"},
	{"http://www.example.org/red%09ros\u00e9#red", "http://www.example.org/red%09ros%C3%A9#red"},
	{"http://example.com/\U00010300\U00010301\U00010302", "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82"},
	// Section 3.2's results map back to its inputs.
	{"http://www.example.org/D\u00fcrst", "http://www.example.org/D%C3%BCrst"},
	{"http://\u7d0d\u8c46.example.org/%E2%80%AE", "http://%E7%B4%8D%E8%B1%86.example.org/%E2%80%AE"},
	// Every component, and what ToURI leaves alone.
	{"//ü:ü@ü:1/ü?ü\ue000#ü", "//%C3%BC:%C3%BC@%C3%BC:1/%C3%BC?%C3%BC%EE%80%80#%C3%BC"},
	{"http://[v1.a]/%c3%a9é", "http://[v1.a]/%c3%a9%C3%A9"},
	{"http://a/b?c#d", "http://a/b?c#d"},
	{"", ""},
}

func TestIRIToURI(t *testing.T) {
	for _, tt := range iriToURIExamples {
		t.Run(tt.iri, func(t *testing.T) {
			u := uri.MustParseIRI(tt.iri).ToURI()
			if diff := cmp.Diff(tt.uri, u.String()); diff != "" {
				t.Errorf("ToURI(%q) mismatch (-want +got):\n%s", tt.iri, diff)
			}
			// The marks of the result are those Parse finds.
			if diff := cmp.Diff(partsOf(uri.MustParse(tt.uri)), partsOf(u)); diff != "" {
				t.Errorf("ToURI(%q) components mismatch (-want +got):\n%s", tt.iri, diff)
			}
		})
	}
}

func TestURIToIRI(t *testing.T) {
	tests := []struct{ uri, iri string }{
		// RFC 3987 section 3.2.1.
		{"http://www.example.org/D%C3%BCrst", "http://www.example.org/D\u00fcrst"},
		{"http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst"},
		{"http://xn--99zt52a.example.org/%e2%80%ae", "http://xn--99zt52a.example.org/%E2%80%AE"},
		// Section 3.2: not with another encoding than UTF-8.
		{"http://www.example.org/r%E9sum%E9.html", "http://www.example.org/r%E9sum%E9.html"},
		// Each component; iprivate only in the query.
		{"//%C3%BC@%c3%bc:80/%C3%BC?%C3%BC%EE%80%80#%C3%BC%EE%80%80", "//ü@ü:80/ü?ü\ue000#ü%EE%80%80"},
		// ASCII stays encoded, reserved or not.
		{"http://a/%41%2F%7e%C3%A9", "http://a/%41%2F%7eé"},
		// Truncated, overlong, surrogate, out of range, noncharacter, C1.
		{"/%C3%41", "/%C3%41"},
		{"/%C3", "/%C3"},
		{"/%E4%BE", "/%E4%BE"},
		{"/%c0%af", "/%C0%AF"},
		{"/%ED%A0%80", "/%ED%A0%80"},
		{"/%F4%90%80%80", "/%F4%90%80%80"},
		{"/%EF%BF%BE%C2%85", "/%EF%BF%BE%C2%85"},
		{"/%E2%80%8E%E2%80%8F%E2%80%AA", "/%E2%80%8E%E2%80%8F%E2%80%AA"},
		{"/%BC%C3%BC", "/%BCü"},
		{"/%F0%90%8C%80%F0%90%8C%81", "/\U00010300\U00010301"},
		{"http://a/b", "http://a/b"},
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.uri, func(t *testing.T) {
			i := uri.MustParse(tt.uri).ToIRI()
			if diff := cmp.Diff(tt.iri, i.String()); diff != "" {
				t.Errorf("ToIRI(%q) mismatch (-want +got):\n%s", tt.uri, diff)
			}
			p, err := uri.ParseIRI(i.String())
			if err != nil {
				t.Fatalf("ToIRI(%q) = %q, which ParseIRI rejects: %v", tt.uri, i, err)
			}
			if diff := cmp.Diff(partsOfIRI(p), partsOfIRI(i)); diff != "" {
				t.Errorf("ToIRI(%q) components mismatch (-ParseIRI +ToIRI):\n%s", tt.uri, diff)
			}
			if back := i.ToURI().String(); !strings.EqualFold(back, tt.uri) {
				t.Errorf("ToIRI(%q).ToURI() = %q, want the input but for case", tt.uri, back)
			}
		})
	}
	// RFC 6874 zone identifiers are kept.
	z, _ := uri.Parser{ZoneID: true}.Parse("http://[fe80::1%25%C3%BC]/%C3%BC")
	if got, want := z.ToIRI().String(), "http://[fe80::1%25%C3%BC]/ü"; got != want {
		t.Errorf("ToIRI(%q) = %q, want %q", z, got, want)
	}
}

func TestIRINormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		// RFC 3987 section 5.3.2: the two are equivalent.
		{"example://a/b/c/%7Bfoo%7D/ros\u00e9", "example://a/b/c/%7Bfoo%7D/ros\u00e9"},
		{"eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", "example://a/b/c/%7Bfoo%7D/ros\u00e9"},
		// Section 5.3.2.1: only ASCII changes case; 5.3.2.2: no NFC.
		{"HTTP://Bücher.DE/Ä", "http://bücher.de/Ä"},
		{"http://a/re\u0301sume\u0301", "http://a/re\u0301sume\u0301"},
		// Section 5.3.3.
		{"http://例え.jp:80", "http://例え.jp/"},
		{"http://a/%e2%80%ae?%ee%80%80#%ee%80%80", "http://a/%E2%80%AE?\ue000#%EE%80%80"},
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := uri.MustParseIRI(tt.in).Normalize()
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("Normalize(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if again := got.Normalize(); again != got {
				t.Errorf("Normalize(%q) is not idempotent: %q then %q", tt.in, got, again)
			}
		})
	}
}

func TestIRIResolve(t *testing.T) {
	base := uri.MustParseIRI("http://例え.jp/a/b/c?q")
	tests := []struct{ ref, want string }{
		{"パス", "http://例え.jp/a/b/パス"},
		{"../ü/./x", "http://例え.jp/a/ü/x"},
		{"//ü/", "http://ü/"},
		{"?\ue000", "http://例え.jp/a/b/c?\ue000"},
		{"", "http://例え.jp/a/b/c?q"},
		{"#é", "http://例え.jp/a/b/c?q#é"},
	}
	for _, tt := range tests {
		t.Run(tt.ref, func(t *testing.T) {
			got, err := base.Resolve(uri.MustParseIRI(tt.ref))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("Resolve(%q) mismatch (-want +got):\n%s", tt.ref, diff)
			}
			if diff := cmp.Diff(partsOfIRI(uri.MustParseIRI(tt.want)), partsOfIRI(got)); diff != "" {
				t.Errorf("Resolve(%q) components mismatch (-want +got):\n%s", tt.ref, diff)
			}
		})
	}
	_, err := uri.MustParseIRI("ü").Resolve(uri.MustParseIRI("a"))
	if !errors.Is(err, uri.ErrRelativeBase) {
		t.Errorf("Resolve against a relative base: %v, want ErrRelativeBase", err)
	}
}

// TestIRIZeroValue runs every operation on the zero IRI, which is the
// empty reference.
func TestIRIZeroValue(t *testing.T) {
	var i uri.IRI
	if i != uri.MustParseIRI("") || i.String() != "" || i.ToURI() != (uri.URI{}) || i.Normalize() != i ||
		i.HostKind() != uri.NoHost || !i.IsSameDocument() || (uri.URI{}).ToIRI() != i {
		t.Errorf("the zero IRI is not the empty reference")
	}
	if _, err := i.Resolve(i); !errors.Is(err, uri.ErrRelativeBase) {
		t.Errorf("zero IRI Resolve: %v", err)
	}
	if got := partsOfIRI(i); got != (reference.Parts{}) {
		t.Errorf("zero IRI parts %+v", got)
	}
}

func TestIRIAccessors(t *testing.T) {
	i := uri.MustParseIRI("http://ü@例え.jp:8080/パス?é#ß")
	got := []any{i.Scheme(), i.Authority(), i.UserInfo(), i.Host(), i.HostKind(), i.Port(), i.Path(), i.Query(), i.Fragment(),
		i.HasScheme(), i.HasAuthority(), i.HasUserInfo(), i.HasPort(), i.HasQuery(), i.HasFragment(),
		i.IsAbsolute(), i.IsRelative(), i.IsNetworkPath(), i.IsAbsolutePath(), i.IsRelativePath(), i.IsSameDocument()}
	n, ok := i.PortNumber()
	got = append(got, n, ok)
	want := []any{"http", "ü@例え.jp:8080", "ü", "例え.jp", uri.RegName, "8080", "/パス", "é", "ß",
		true, true, true, true, true, true,
		false, false, false, false, false, false, 8080, true}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("accessors mismatch (-want +got):\n%s", diff)
	}
	var segments, pairs []string
	for seg := range uri.MustParseIRI("/パス/例え/").Segments() {
		segments = append(segments, seg)
	}
	for k, v := range uri.MustParseIRI("?é=ß&値").QueryPairs() {
		pairs = append(pairs, k+"|"+v)
	}
	addr, isAddr := uri.MustParseIRI("http://[2001:db8::1]/パス").Addr()
	zoned, err := uri.Parser{ZoneID: true}.Parse("http://[fe80::1%25eth0]/")
	if err != nil {
		t.Fatal(err)
	}
	gotIters := []any{segments, pairs, addr.String(), isAddr, zoned.ToIRI().Zone(), uri.MustParseIRI("http://[::1]/").Zone()}
	wantIters := []any{[]string{"パス", "例え", ""}, []string{"é|ß", "値|"}, "2001:db8::1", true, "eth0", ""}
	if diff := cmp.Diff(wantIters, gotIters); diff != "" {
		t.Errorf("Segments, QueryPairs, Addr and Zone mismatch (-want +got):\n%s", diff)
	}
	for _, tt := range []struct {
		in                                                         string
		abs, rel, network, absPath, relPath, sameDoc, hasAuthority bool
	}{
		{"//ü", false, true, true, false, false, false, true},
		{"/ü", false, true, false, true, false, false, false},
		{"ü", false, true, false, false, true, false, false},
		{"#ü", false, true, false, false, true, true, false},
		{"x:ü", true, false, false, false, false, false, false},
	} {
		i := uri.MustParseIRI(tt.in)
		got := []bool{i.IsAbsolute(), i.IsRelative(), i.IsNetworkPath(), i.IsAbsolutePath(), i.IsRelativePath(), i.IsSameDocument(), i.HasAuthority()}
		want := []bool{tt.abs, tt.rel, tt.network, tt.absPath, tt.relPath, tt.sameDoc, tt.hasAuthority}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("ParseIRI(%q) predicates mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestIRIAllocations(t *testing.T) {
	ascii := "https://example.com/over/there?name=ferret#nose"
	u := uri.MustParse(ascii)
	i := uri.MustParseIRI(ascii)
	for _, tt := range []struct {
		name string
		f    func()
	}{
		{"ParseIRI", func() { _, _ = uri.ParseIRI(ascii) }},
		{"ParseIRI non-ASCII", func() { _, _ = uri.ParseIRI("https://例え.jp/パス?q=値") }},
		{"ToURI of ASCII", func() { _ = i.ToURI() }},
		{"ToIRI without %", func() { _ = u.ToIRI() }},
		{"ToIRI of ASCII triplets", func() { _ = uri.MustParse("http://a/%41%2F").ToIRI() }},
		{"Normalize of a normal ASCII IRI", func() { _ = i.Normalize() }},
	} {
		if n := testing.AllocsPerRun(100, tt.f); n != 0 {
			t.Errorf("%s allocates %v times, want 0", tt.name, n)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _ = uri.MustParseIRI("http://a/é").ToURI() }); n != 1 {
		t.Errorf("ToURI of a non-ASCII IRI allocates %v times, want 1", n)
	}
}

func ExampleParseIRI() {
	i, err := uri.ParseIRI("https://例え.jp/パス?q=値#断片")
	if err != nil {
		panic(err)
	}
	fmt.Println(i.Host(), i.Path(), i.Query(), i.Fragment())

	_, err = uri.ParseIRI("http://example.com/a/\ue000")
	fmt.Println(err)
	// Output:
	// 例え.jp /パス q=値 断片
	// uri: parse iri "http://example.com/a/\ue000": invalid character U+E000 at offset 21 in path
}

func ExampleIRI_ToURI() {
	i := uri.MustParseIRI("https://例え.jp/パス")
	u := i.ToURI()
	fmt.Println(u)
	fmt.Println(u.Host())
	// Output:
	// https://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9
	// %E4%BE%8B%E3%81%88.jp
}

func ExampleURI_ToIRI() {
	for _, s := range []string{
		"http://www.example.org/D%C3%BCrst",        // UTF-8: decoded
		"http://www.example.org/D%FCrst",           // not UTF-8: stays
		"http://xn--99zt52a.example.org/%e2%80%ae", // U+202E, a bidi formatting character: stays
	} {
		fmt.Println(uri.MustParse(s).ToIRI())
	}
	// Output:
	// http://www.example.org/Dürst
	// http://www.example.org/D%FCrst
	// http://xn--99zt52a.example.org/%E2%80%AE
}

func ExampleIRI_Normalize() {
	a := uri.MustParseIRI("example://a/b/c/%7Bfoo%7D/rosé")
	b := uri.MustParseIRI("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9")
	fmt.Println(a.Normalize())
	fmt.Println(b.Normalize())
	// Output:
	// example://a/b/c/%7Bfoo%7D/rosé
	// example://a/b/c/%7Bfoo%7D/rosé
}

func ExampleIRI_Resolve() {
	base := uri.MustParseIRI("http://例え.jp/a/b")
	t, err := base.Resolve(uri.MustParseIRI("../パス"))
	if err != nil {
		panic(err)
	}
	fmt.Println(t)
	// Output: http://例え.jp/パス
}
