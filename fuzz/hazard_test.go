package fuzz

import (
	"slices"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

// FuzzHazards checks, on every URI that Parse or a Parser with ZoneID
// accepts, that HazardDetails gives one detail for each class of Hazards,
// in order, whose bytes lie in the component it names, and that the
// classes that speak of a component find it in the URI: a port hazard
// needs a port, MissingAuthority no authority, TrailingDot a host ending
// in ".", DoubleSlashPath a path beginning with "//".
func FuzzHazards(f *testing.F) {
	for _, s := range []string{
		"https://example.com/a/b?c=d#e",   // none
		"http://127.1/", "http://0x7f.1/", // numeric-host
		"http://%6c%6fcalhost/",                  // encoded-host
		"http:/evil.com/x", "http:///evil.com/x", // missing-authority, empty-host
		"file://C:/x", "file://u@h:1/", // file-authority
		"http://trusted.example@evil.example/", // credentials
		"http://h:0080/", "http://h:65616/",    // ports
		"http://[::ffff:127.0.0.1]/", "http://[v1.x]/", "http://[fe80::1%25eth0]/",
		"http://xn--pple-43d.com./", // punycode, trailing-dot
		"http://h/a/%2e%2E/..;/b%2F//c", "http://h//evil.example/x",
	} {
		f.Add(s)
	}
	addCorpusSample(f, "web_urls.txt", 1999)
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range []uri.Parser{{}, {ZoneID: true}} {
			u, err := p.Parse(s)
			if err != nil {
				continue
			}
			checkHazards(t, u)
		}
	})
}

func checkHazards(t *testing.T, u uri.URI) {
	s := u.String()
	h := u.Hazards()
	var got []uri.Hazard
	for _, d := range u.HazardDetails() {
		got = append(got, d.Hazard)
		lo, hi := componentBounds(u, d.Component)
		if d.Offset < lo || d.Offset+d.Len > hi || d.Reading == "" {
			t.Errorf("%q: %v lies at [%d, %d), outside its %v [%d, %d)", s, d, d.Offset, d.Offset+d.Len, d.Component, lo, hi)
		}
	}
	if want := slices.Collect(h.All()); !slices.Equal(got, want) {
		t.Errorf("%q: HazardDetails gives %v, Hazards %v", s, got, want)
	}
	needs := []struct {
		h  uri.Hazard
		ok bool
	}{
		{uri.Credentials, u.HasUserInfo()},
		{uri.MissingAuthority, !u.HasAuthority() && u.HasScheme()},
		{uri.EmptyHost, u.HasAuthority() && u.Host() == ""},
		{uri.TrailingDot, strings.HasSuffix(u.Host(), ".")},
		{uri.EncodedHost, strings.Contains(u.Host(), "%") && u.HostKind() == uri.RegName},
		{uri.MappedIPv6, u.HostKind() == uri.IPv6},
		{uri.ZoneID, u.Zone() != ""},
		{uri.IPvFutureHost, u.HostKind() == uri.IPvFuture},
		{uri.EmptyPort, u.HasPort() && u.Port() == ""},
		{uri.PortLeadingZero, strings.HasPrefix(u.Port(), "0")},
		{uri.PortOutOfRange, u.HasPort() && u.Port() != ""},
		{uri.DefaultPort, u.HasPort() && u.Port() != ""},
		{uri.DoubleSlashPath, strings.HasPrefix(u.Path(), "//")},
		{uri.PathParameter, strings.HasPrefix(u.Path(), "/") && strings.Contains(u.Path(), ";")},
		// A dot-segment in a path from "/" on, or an encoded one in a
		// relative-path reference, which WHATWG URL resolves as a dot.
		{uri.DotSegment, strings.HasPrefix(u.Path(), "/") ||
			u.IsRelativePath() && strings.Contains(strings.ToLower(u.Path()), "%2e")},
	}
	for _, n := range needs {
		if h.Has(n.h) && !n.ok {
			t.Errorf("%q has %v but not what it speaks of", s, n.h)
		}
	}
	// The converse, for the classes that need nothing more than it.
	if u.HasUserInfo() != h.Has(uri.Credentials) {
		t.Errorf("%q: userinfo %t, Credentials %t", s, u.HasUserInfo(), h.Has(uri.Credentials))
	}
	if strings.HasPrefix(u.Path(), "//") != h.Has(uri.DoubleSlashPath) {
		t.Errorf("%q: path %q, DoubleSlashPath %t", s, u.Path(), h.Has(uri.DoubleSlashPath))
	}
}

// componentBounds returns the offsets in u's text within which the bytes
// of a detail about component c lie: a host detail may cover the whole
// authority (FileAuthority). They are counted from the end of the text,
// which the query and fragment, if any, close.
func componentBounds(u uri.URI, c uri.Component) (lo, hi int) {
	pathEnd := len(u.String())
	if u.HasFragment() {
		pathEnd -= len(u.Fragment()) + 1
	}
	if u.HasQuery() {
		pathEnd -= len(u.Query()) + 1
	}
	pathStart := pathEnd - len(u.Path())
	authStart := pathStart - len(u.Authority())
	switch c {
	case uri.UserInfo:
		return authStart, authStart + len(u.UserInfo())
	case uri.Host:
		return authStart, pathStart
	case uri.Port:
		return pathStart - len(u.Port()) - 1, pathStart
	case uri.Path:
		return pathStart, pathEnd
	}
	return 0, 0
}
