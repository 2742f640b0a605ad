package uri_test

import (
	"bytes"
	"database/sql/driver"
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

// aValue is a URI or an IRI: what TestEveryValueReadsBack holds to one
// promise.
type aValue interface {
	String() string
	Redacted() string
	MarshalText() ([]byte, error)
	Value() (driver.Value, error)
}

// TestEveryValueReadsBack holds a zone URI and an IRI, the two values
// that once lost data, to what every value gives out: JSON, the log,
// database/sql and, for a URI, Build of its components.
func TestEveryValueReadsBack(t *testing.T) {
	zone, err := uri.Parser{ZoneID: true}.Parse("http://[fe80::1%25eth0]/x")
	if err != nil {
		t.Fatal(err)
	}
	iri := uri.MustParseIRI("https://user:secret@例え.jp/パス")
	zoneURI, err := uri.Parser{ZoneID: true}.Parse("http://[fe80::1%25eth0]/%C3%A9")
	if err != nil {
		t.Fatal(err)
	}
	zoneIRI := zoneURI.ToIRI()

	t.Run("Build", func(t *testing.T) {
		if b, err := uri.Build(zone.Components()); err != nil || b != zone {
			t.Errorf("Build(%q.Components()) = %q, %v", zone, b, err)
		}
	})

	t.Run("JSON", func(t *testing.T) {
		type record struct {
			Zone    uri.URI `json:"zone"`
			IRI     uri.IRI `json:"iri"`
			ZoneIRI uri.IRI `json:"zoneIRI"`
		}
		in := record{zone, iri, zoneIRI}
		data, err := json.Marshal(in)
		want := `{"zone":"http://[fe80::1%25eth0]/x","iri":"https://user:secret@例え.jp/パス","zoneIRI":"http://[fe80::1%25eth0]/é"}`
		if err != nil || string(data) != want {
			t.Fatalf("json.Marshal = %s, %v; want %s", data, err, want)
		}
		var out record
		if err := json.Unmarshal(data, &out); err != nil {
			t.Fatalf("json.Unmarshal(%s): %v", data, err)
		}
		if diff := cmp.Diff(in, out, cmp.Comparer(func(a, b uri.URI) bool { return a == b }), cmp.Comparer(func(a, b uri.IRI) bool { return a == b })); diff != "" {
			t.Errorf("JSON round trip mismatch (-want +got):\n%s", diff)
		}
	})

	t.Run("slog", func(t *testing.T) {
		var buf bytes.Buffer
		slog.New(slog.NewJSONHandler(&buf, nil)).Info("request", "zone", zone, "iri", iri, "zoneIRI", zoneIRI)
		if strings.Contains(buf.String(), "secret") {
			t.Errorf("the log holds the IRI's password: %s", buf.String())
		}
		var line struct {
			Zone    uri.URI `json:"zone"`
			IRI     uri.IRI `json:"iri"`
			ZoneIRI uri.IRI `json:"zoneIRI"`
		}
		if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
			t.Fatalf("reading the log line %s: %v", buf.String(), err)
		}
		redacted := uri.MustParseIRI("https://user:xxxxx@例え.jp/パス")
		if line.Zone != zone || line.IRI != redacted || line.ZoneIRI != zoneIRI {
			t.Errorf("read from the log: %q, %q, %q; want %q, %q, %q", line.Zone, line.IRI, line.ZoneIRI, zone, redacted, zoneIRI)
		}
	})

	t.Run("database/sql", func(t *testing.T) {
		var u uri.URI
		if v, err := zone.Value(); err != nil {
			t.Errorf("%q.Value(): %v", zone, err)
		} else if err := u.Scan(v); err != nil || u != zone {
			t.Errorf("Scan(%q.Value()) = %q, %v", zone, u, err)
		}
		for _, want := range []uri.IRI{iri, zoneIRI} {
			var i uri.IRI
			if v, err := want.Value(); err != nil {
				t.Errorf("%q.Value(): %v", want, err)
			} else if err := i.Scan(v); err != nil || i != want {
				t.Errorf("Scan(%q.Value()) = %q, %v", want, i, err)
			}
			var b uri.IRI
			if err := b.Scan([]byte(want.String())); err != nil || b != want {
				t.Errorf("Scan([]byte(%q)) = %q, %v", want, b, err)
			}
		}
		var i uri.IRI
		if err := i.Scan(nil); !errors.Is(err, uri.ErrNull) {
			t.Errorf("IRI Scan(nil) = %v, want ErrNull", err)
		}
		if err := i.Scan(42); !errors.Is(err, uri.ErrScanType) {
			t.Errorf("IRI Scan(42) = %v, want ErrScanType", err)
		}
	})

	t.Run("one interface", func(t *testing.T) {
		for _, v := range []aValue{zone, iri, zoneIRI} {
			text, err := v.MarshalText()
			if err != nil || string(text) != v.String() {
				t.Errorf("MarshalText(%q) = %q, %v", v, text, err)
			}
		}
		if got := iri.Redacted(); got != "https://user:xxxxx@例え.jp/パス" {
			t.Errorf("Redacted(%q) = %q", iri, got)
		}
	})
}

// TestUnmarshalTextIRIErrors: an IRI's text decoders refuse what ParseIRI
// refuses, and leave the IRI as it was.
func TestUnmarshalTextIRIErrors(t *testing.T) {
	keep := uri.MustParseIRI("/keep")
	for _, in := range []string{"http://a b/", "\xff", "http://[fe80::1%eth0]/"} {
		t.Run(in, func(t *testing.T) {
			i := keep
			err := i.UnmarshalText([]byte(in))
			var e *uri.Error
			if !errors.As(err, &e) || i != keep {
				t.Errorf("UnmarshalText(%q) = %v, left %q; want an *uri.Error and %q", in, err, i, keep)
			}
			if err := i.Scan(in); err == nil || i != keep {
				t.Errorf("Scan(%q) = %v, left %q", in, err, i)
			}
		})
	}
}
