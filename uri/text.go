package uri

import (
	"log/slog"
	"strings"

	"github.com/urilabs/rfc3986/internal/scan"
)

// MarshalText implements encoding.TextMarshaler: the URI exactly as it was
// parsed, so that encoding/json, YAML and the flag package write a URI as a
// string. The zero URI, the empty reference, writes as "". There is no
// MarshalBinary: the text is already the most compact form. The text keeps
// a password in the userinfo; see Redacted.
func (u core) MarshalText() ([]byte, error) {
	return []byte(u.s), nil
}

// AppendText implements encoding.TextAppender: it appends the URI to b.
func (u core) AppendText(b []byte) ([]byte, error) {
	return append(b, u.s...), nil
}

// UnmarshalText implements encoding.TextUnmarshaler by parsing text as
// Parse does, with one difference: it also accepts the IPv6 zone
// identifier of RFC 6874 ("http://[fe80::1%25eth0]/"), as a [Parser] with
// ZoneID does, so that every URI any function of the package returns
// reads back from the text MarshalText writes. A caller that takes URIs
// from outside and has no use for zones refuses them with
// u.Zone() != "" (or the ZoneID hazard). On error it returns an *Error,
// which names the offset, and leaves u unchanged.
func (u *URI) UnmarshalText(text []byte) error {
	v, err := readBack.Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// readBack is the Parser of the text of a URI that the package wrote
// and reads back: UnmarshalText, Scan and Build. A zone identifier is the
// one form a URI can have beyond RFC 3986, when a Parser with ZoneID made
// it; refusing it there would make such a URI a value that marshals and
// never unmarshals, its data lost in the round trip.
var readBack = Parser{ZoneID: true}

// UnmarshalText implements encoding.TextUnmarshaler by parsing text as
// ParseIRI does, and, as URI.UnmarshalText, with the zone identifier of
// RFC 6874 that an IRI made by URI.ToIRI may have. On error it returns an
// *Error with Op "parse iri", and leaves i unchanged.
func (i *IRI) UnmarshalText(text []byte) error {
	v, err := parseIRI(string(text), scan.Options{IRI: true, ZoneID: true})
	if err != nil {
		return err
	}
	*i = v
	return nil
}

// Redacted returns the URI with the password of its userinfo, whatever
// follows the first ":" (section 3.2.1 deprecates it), replaced by "xxxxx",
// as net/url's URL.Redacted does: "http://user:xxxxx@host/". A URI without
// a password comes back as String returns it, without allocating.
func (u core) Redacted() string {
	i := strings.IndexByte(u.UserInfo(), ':')
	if i < 0 {
		return u.s
	}
	start := int(u.m.AuthorityStart()) + i + 1
	end := int(u.m.HostStart()) - 1 // the "@"
	return u.s[:start] + "xxxxx" + u.s[end:]
}

// LogValue implements slog.LogValuer: a URI handed to log/slog as an
// attribute's value, alone or within a group, is logged in its redacted
// form, so that its password does not reach the log.
//
// slog resolves a LogValuer only where a value is the URI itself. A URI
// inside a slice, map or struct logged as one value is written by the
// handler's own means, which for slog.JSONHandler is MarshalText: the URI
// as parsed, password and all. Log such URIs one by one, or their
// Redacted forms.
func (u core) LogValue() slog.Value {
	return slog.StringValue(u.Redacted())
}
