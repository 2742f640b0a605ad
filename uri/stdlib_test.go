package uri_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"log/slog"
	"net/url"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

// roundTripReason says why FromURL(u.URL()) may not give u back, as
// URL's documentation lists the cases, or "" when it must.
func roundTripReason(u uri.URI) string {
	switch {
	case u.HasFragment() && u.Fragment() == "":
		return "empty fragment"
	case u.HasAuthority() && u.Authority() == "" && (u.Path() == "" || !u.HasScheme()):
		return "empty authority"
	case u.HasUserInfo():
		return "userinfo escaped by net/url"
	case strings.Contains(u.Host(), "%"):
		return "host decoded"
	}
	return ""
}

// TestURLRoundTrip checks FromURL(u.URL()) over both corpora, the
// conformance vectors and the hand-picked cases: it gives u back, or one of
// the documented reasons applies and the components net/url keeps raw
// (scheme, path, query, fragment) still agree.
func TestURLRoundTrip(t *testing.T) {
	var inputs []string
	inputs = append(inputs, readCorpus(t, "web_urls.txt")...)
	inputs = append(inputs, readCorpus(t, "file_urls.txt")...)
	for _, v := range readJSONL[struct {
		In string `json:"in"`
	}](t, "parse_valid.jsonl") {
		inputs = append(inputs, v.In)
	}
	for _, tt := range validTests {
		inputs = append(inputs, tt.in)
	}
	reasons := map[string]int{}
	checked := 0
	for _, s := range inputs {
		u, err := uri.Parse(s)
		if err != nil {
			continue
		}
		checked++
		v := u.URL()
		back, err := uri.FromURL(v)
		if err != nil {
			if roundTripReason(u) != "host decoded" {
				t.Errorf("FromURL(Parse(%q).URL()) = %v (URL writes %q)", s, err, v.String())
			}
			reasons["host decoded into a delimiter"]++
			continue
		}
		if back == u {
			continue
		}
		reason := roundTripReason(u)
		if reason == "" {
			t.Errorf("FromURL(Parse(%q).URL()) = %q, for no documented reason", s, back)
			continue
		}
		reasons[reason]++
		if reason == "empty authority" {
			continue // the path's "//" may read back as the authority
		}
		if back.Scheme() != u.Scheme() || back.Path() != u.Path() || back.Query() != u.Query() ||
			(u.Fragment() != "" && back.Fragment() != u.Fragment()) {
			t.Errorf("FromURL(Parse(%q).URL()) = %q: %s, but other components changed", s, back, reason)
		}
	}
	t.Logf("%d URIs checked; differences by reason: %v", checked, reasons)
}

func TestURLFields(t *testing.T) {
	u := uri.MustParse("http://us%65r:p%40ss@example.com:8080/a%20b/c%2Fd?q=%20#frag%20x")
	v := u.URL()
	pw, _ := v.User.Password()
	got := []string{v.Scheme, v.User.Username(), pw, v.Host, v.Path, v.RawPath, v.EscapedPath(), v.RawQuery, v.Fragment, v.EscapedFragment()}
	want := []string{"http", "user", "p@ss", "example.com:8080", "/a b/c/d", "/a%20b/c%2Fd", "/a%20b/c%2Fd", "q=%20", "frag x", "frag%20x"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("URL() field %d = %q, want %q", i, got[i], want[i])
		}
	}
	if m := uri.MustParse("mailto:a@example.com").URL(); m.Opaque != "a@example.com" || m.String() != "mailto:a@example.com" {
		t.Errorf("mailto: URL() = %+v", m)
	}
}

func TestFromURLRefuses(t *testing.T) {
	tests := []struct {
		v   *url.URL
		err error
	}{
		{&url.URL{Scheme: "http", Host: "[fe80::1%eth0]", Path: "/"}, uri.ErrInvalidIPv6}, // a zone
		{&url.URL{Scheme: "1http", Host: "a"}, uri.ErrColonInFirstSegment},                // an invalid scheme
		{&url.URL{Scheme: "mailto", Opaque: "a b@c"}, uri.ErrInvalidCharacter},            // an Opaque net/url writes raw
		{nil, uri.ErrNilURL},
	}
	for _, tt := range tests {
		if _, err := uri.FromURL(tt.v); !errors.Is(err, tt.err) {
			t.Errorf("FromURL(%v) = %v, want %v", tt.v, err, tt.err)
		}
	}
	// What net/url escapes on the way out, RFC 3986 can express.
	u, err := uri.FromURL(&url.URL{Scheme: "http", Host: "a b", Path: "/c d"})
	if err != nil || u.String() != "http://a%20b/c%20d" {
		t.Errorf("FromURL: %q, %v", u, err)
	}
}

func TestTextEncoding(t *testing.T) {
	type page struct {
		Link uri.URI  `json:"link"`
		Base *uri.URI `json:"base,omitempty"`
	}
	in := page{Link: uri.MustParse("http://example.com/a?b#c")}
	data, err := json.Marshal(in)
	if err != nil || string(data) != `{"link":"http://example.com/a?b#c"}` {
		t.Fatalf("json.Marshal = %s, %v", data, err)
	}
	var out page
	if err := json.Unmarshal(data, &out); err != nil || out.Link != in.Link {
		t.Errorf("json round trip: %+v, %v", out, err)
	}
	err = json.Unmarshal([]byte(`{"link":"http://a b/"}`), &out)
	var e *uri.Error
	if !errors.As(err, &e) || e.Offset != 8 || !errors.Is(err, uri.ErrInvalidCharacter) {
		t.Errorf("json.Unmarshal of an invalid URI: %v, want the parse error with its offset", err)
	}
	if out.Link != in.Link {
		t.Errorf("a failed UnmarshalText changed the URI to %q", out.Link)
	}
	b, _ := uri.MustParse("/x").AppendText([]byte("prefix "))
	if string(b) != "prefix /x" {
		t.Errorf("AppendText = %q", b)
	}

	// flag.TextVar works through the same methods.
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	var target uri.URI
	fs.TextVar(&target, "target", uri.MustParse("http://default/"), "the target")
	if err := fs.Parse([]string{"-target", "https://example.com:8443/"}); err != nil || target.Port() != "8443" {
		t.Errorf("flag.TextVar: %q, %v", target, err)
	}
	fs.SetOutput(new(bytes.Buffer))
	if err := fs.Parse([]string{"-target", "https://example.com:84 43/"}); err == nil {
		t.Error("flag.TextVar accepted an invalid URI")
	}
}

func TestRedacted(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://user:secret@example.com/", "http://user:xxxxx@example.com/"},
		{"http://user:@example.com/", "http://user:xxxxx@example.com/"},
		{"http://:secret@example.com/", "http://:xxxxx@example.com/"},
		{"http://user:a:b@example.com/", "http://user:xxxxx@example.com/"},
		{"//u:p@h", "//u:xxxxx@h"},
		{"http://user@example.com/", "http://user@example.com/"},
		{"http://example.com/a:b@c", "http://example.com/a:b@c"},
		{"mailto:user:pw@example.com", "mailto:user:pw@example.com"}, // a path, not userinfo
	}
	for _, tt := range tests {
		u := uri.MustParse(tt.in)
		if got := u.Redacted(); got != tt.want {
			t.Errorf("Redacted(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := u.LogValue().String(); got != tt.want {
			t.Errorf("LogValue(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if v := u.URL(); v.Redacted() != tt.want {
			t.Errorf("net/url's Redacted(%q) = %q, want the same as ours %q", tt.in, v.Redacted(), tt.want)
		}
	}
	// A URI handed to slog is logged redacted.
	var buf bytes.Buffer
	slog.New(slog.NewTextHandler(&buf, nil)).Info("fetch", "url", uri.MustParse("http://u:hunter2@example.com/"))
	if strings.Contains(buf.String(), "hunter2") || !strings.Contains(buf.String(), "u:xxxxx@example.com") {
		t.Errorf("slog wrote %q", buf.String())
	}
	u := uri.MustParse("http://example.com/")
	if n := testing.AllocsPerRun(100, func() { sinkString = u.Redacted() }); n != 0 {
		t.Errorf("Redacted without a password allocates %v times", n)
	}
}
