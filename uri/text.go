package uri

import (
	"log/slog"
	"strings"
)

// MarshalText implements encoding.TextMarshaler: the URI exactly as it was
// parsed, so that encoding/json, YAML and the flag package write a URI as a
// string. The zero URI, the empty reference, writes as "". There is no
// MarshalBinary: the text is already the most compact form. The text keeps
// a password in the userinfo; see Redacted.
func (u URI) MarshalText() ([]byte, error) {
	return []byte(u.s), nil
}

// AppendText implements encoding.TextAppender: it appends the URI to b.
func (u URI) AppendText(b []byte) ([]byte, error) {
	return append(b, u.s...), nil
}

// UnmarshalText implements encoding.TextUnmarshaler by parsing text with
// Parse. On error it returns Parse's *Error, which names the offset, and
// leaves u unchanged.
func (u *URI) UnmarshalText(text []byte) error {
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// Redacted returns the URI with the password of its userinfo, whatever
// follows the first ":" (section 3.2.1 deprecates it), replaced by "xxxxx",
// as net/url's URL.Redacted does: "http://user:xxxxx@host/". A URI without
// a password comes back as String returns it, without allocating.
func (u URI) Redacted() string {
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
func (u URI) LogValue() slog.Value {
	return slog.StringValue(u.Redacted())
}
