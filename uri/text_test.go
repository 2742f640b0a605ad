package uri_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

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
		t.Run(tt.in, func(t *testing.T) {
			// net/url's Redacted must agree with ours.
			type redacted struct{ Redacted, LogValue, URLRedacted string }
			u := uri.MustParse(tt.in)
			want := redacted{tt.want, tt.want, tt.want}
			got := redacted{u.Redacted(), u.LogValue().String(), u.URL().Redacted()}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Redacted(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	// A URI handed to slog is logged redacted, by the text and JSON
	// handlers, as an attribute and within a group.
	secret := uri.MustParse("http://u:hunter2@example.com/")
	for _, h := range []func(io.Writer) slog.Handler{
		func(w io.Writer) slog.Handler { return slog.NewTextHandler(w, nil) },
		func(w io.Writer) slog.Handler { return slog.NewJSONHandler(w, nil) },
	} {
		var buf bytes.Buffer
		logger := slog.New(h(&buf))
		logger.Info("fetch", "url", secret)
		logger.Info("fetch", slog.Group("req", "url", secret))
		logger.With("url", secret).Info("fetch")
		if strings.Contains(buf.String(), "hunter2") || strings.Count(buf.String(), "u:xxxxx@example.com") != 3 {
			t.Errorf("slog wrote %q", buf.String())
		}
	}
	u := uri.MustParse("http://example.com/")
	if n := testing.AllocsPerRun(100, func() { sinkString = u.Redacted() }); n != 0 {
		t.Errorf("Redacted without a password allocates %v times", n)
	}
}
