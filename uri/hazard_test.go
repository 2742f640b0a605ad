package uri_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri"
)

// hazardTests pairs URIs with their hazards, written as Hazards.String
// writes them. Each class has the examples of its documentation.
var hazardTests = []struct {
	in   string
	want string
}{
	// Canonical URIs have none.
	{"https://example.com/a/b?c=d#e", "none"},
	{"file:///etc/hosts", "none"},
	{"https://[2001:db8::1]/x", "none"},
	{"wss://example.com:8443/s", "none"},
	{"http://192.0.2.1/", "none"},
	{"mailto:a@example.com", "none"},
	{"urn:isbn:0451450523", "none"},
	{"file://host/share/x", "none"},
	{"file:/etc/hosts", "none"},
	{"foo://example.com:99/a", "none"},
	{"../a/../b;c", "none"},           // a relative path: its dots take meaning from a base
	{"foo:a/../b;c%2F", "none"},       // an opaque path
	{"http://h/a?/../b;c%2F", "none"}, // the query is not the path
	{"http://h/.well-known/x", "none"},
	{"http://h/a.b/...", "none"},
	{"", "none"},
	{"/a/b", "none"},

	{"http://trusted.example@evil.example/", "credentials"},
	{"http://u:p@h/", "credentials"},
	{"http://@h/", "credentials"},

	{"http:evil.com", "missing-authority"},
	{"http:/evil.com/x", "missing-authority"},
	{"HTTPS:evil.com", "missing-authority"},
	{"ws:", "missing-authority"},
	{"file:etc/hosts", "missing-authority"},
	{"http:/a/../b", "missing-authority|dot-segment"},

	{"http:///evil.com/x", "empty-host"},
	{"https://", "empty-host"},
	{"foo://u@/", "credentials|empty-host"},
	{"foo://:80/", "empty-host"},
	{"//@/x", "credentials|empty-host"},

	{"file://user@host/p", "credentials|file-authority"},
	{"file://host:8/p", "file-authority"},
	{"file://C:/x", "file-authority|empty-port"},
	{"file://:8/p", "file-authority"},

	{"http://127.1/", "numeric-host"},
	{"http://0x7f.1/", "numeric-host"},
	{"http://2130706433/", "numeric-host"},
	{"http://0177.0.0.1/", "numeric-host"},
	{"http://1.2.3.4./", "numeric-host|trailing-dot"},
	{"http://example.123/", "numeric-host"},
	{"http://1.2.3.08/", "numeric-host"},
	{"http://foo.0x/", "numeric-host"},
	{"//127.1/", "numeric-host"},
	{"foo://127.1/", "numeric-host"},
	{"foo://example.123/", "none"}, // an opaque host to WHATWG URL, nothing to inet_aton
	{"http://example.0xg/", "none"},

	{"http://%6c%6fcalhost/", "encoded-host"},
	{"http://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/", "encoded-host"},
	{"foo://%41/", "encoded-host"},

	{"http://example.com./", "trailing-dot"},
	{"http://xn--pple-43d.com/", "punycode"},
	{"http://a.XN--bcher-kva.example/", "punycode"},
	{"http://ab--cd.example/", "none"},

	{"http://[::ffff:127.0.0.1]/", "mapped-ipv6"},
	{"http://[64:ff9b::7f00:1]/", "mapped-ipv6"},
	{"http://[::ffff:0:7f00:1]/", "mapped-ipv6"},
	{"http://[v1.x]/", "ipvfuture-host"},

	{"http://h:/", "empty-port"},
	{"http://h:0080/", "port-leading-zero|default-port"},
	{"http://h:08080/", "port-leading-zero"},
	{"http://h:65536/", "port-out-of-range"},
	{"http://h:000000000000000000001/", "port-leading-zero"},
	{"http://h:123456789012345678901/", "port-out-of-range"},
	{"http://h:80/", "default-port"},
	{"https://h:443/", "default-port"},
	{"ftp://h:21/", "default-port"},
	{"foo://h:80/", "none"},

	{"http://h/a/../b", "dot-segment"},
	{"http://h/%2e%2e/admin", "dot-segment"},
	{"http://h/a/.%2E", "dot-segment"},
	{"http://h/.", "dot-segment"},
	{"/a/./b", "dot-segment"},
	{"foo:/a/../b", "dot-segment"},

	{"http://h/a%2Fb", "encoded-delimiter"},
	{"http://h/a%5cb", "encoded-delimiter"},
	{"http://h/a%3Fb", "encoded-delimiter"},
	{"http://h/a%23b", "encoded-delimiter"},
	{"http://h/a%3bb", "encoded-delimiter"},
	{"http://h/a%00", "encoded-delimiter"},
	{"http://h/a%20b%41", "none"},

	{"http://h/admin;x/", "path-parameter"},
	{"/..;/admin", "path-parameter"},
	{"http://h//evil.example/x", "double-slash-path"},
	{"http://h//", "double-slash-path"},

	{"http://u@127.1:080/%2e%2e/a;x", "credentials|numeric-host|port-leading-zero|default-port|dot-segment|path-parameter"},
}

func TestHazards(t *testing.T) {
	for _, tt := range hazardTests {
		t.Run(tt.in, func(t *testing.T) {
			got := uri.MustParse(tt.in).Hazards().String()
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Hazards(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestHazardsZoneID checks the one class that only a Parser reaches.
func TestHazardsZoneID(t *testing.T) {
	u, err := uri.Parser{ZoneID: true}.Parse("http://[fe80::1%25eth0]/")
	if err != nil {
		t.Fatal(err)
	}
	want := []uri.HazardDetail{{Hazard: uri.ZoneID, Component: uri.Host, Offset: 7, Len: 16,
		Reading: "the zone eth0 names an interface of the machine that reads it (RFC 6874), and WHATWG URL refuses zones"}}
	if diff := cmp.Diff(want, u.HazardDetails()); diff != "" {
		t.Errorf("HazardDetails(%q) mismatch (-want +got):\n%s", u, diff)
	}
	if u, _ := (uri.Parser{ZoneID: true}).Parse("http://[::ffff:127.0.0.1%25x]/"); u.Hazards().String() != "mapped-ipv6|zone-id" {
		t.Errorf("Hazards(%q) = %v, want mapped-ipv6|zone-id", u, u.Hazards())
	}
}

// TestHazardsRequestTarget checks the hazards of the URIs that
// ParseRequestTarget returns, whose shapes Parse does not give.
func TestHazardsRequestTarget(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/a/b?c", "none"},
		{"//evil.example/x", "double-slash-path"},
		{"/a/%2e%2e/b", "dot-segment"},
		{"/..;/admin", "path-parameter"},
		{"*", "none"},
		{"example.com:443", "none"},
		{"127.1:443", "numeric-host"},
		{"example.com:0443", "port-leading-zero"},
		{"http://127.1/a", "numeric-host"},
		{"http://a@b/", "credentials"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			rt, err := uri.ParseRequestTarget(tt.in)
			if err != nil {
				t.Fatalf("ParseRequestTarget(%q): %v", tt.in, err)
			}
			// The hazards of a request are those of its target URI.
			u, err := rt.TargetURI("http", "example.com")
			if err != nil {
				t.Fatalf("ParseRequestTarget(%q).TargetURI: %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, u.Hazards().String()); diff != "" {
				t.Errorf("Hazards(%q) mismatch (-want +got):\n%s", u, diff)
			}
		})
	}
}

func TestHazardDetails(t *testing.T) {
	tests := []struct {
		in   string
		want []uri.HazardDetail
	}{
		{"https://example.com/", nil},
		{"http://127.1/", []uri.HazardDetail{{uri.NumericHost, uri.Host, 7, 5, "WHATWG URL and inet_aton read the host 127.1 as 127.0.0.1"}}},
		{"http://0x7f.1/", []uri.HazardDetail{{uri.NumericHost, uri.Host, 7, 6, "WHATWG URL and inet_aton read the host 0x7f.1 as 127.0.0.1"}}},
		{"http://2130706433/", []uri.HazardDetail{{uri.NumericHost, uri.Host, 7, 10, "WHATWG URL and inet_aton read the host 2130706433 as 127.0.0.1"}}},
		{"http://0177.0.0.1/", []uri.HazardDetail{{uri.NumericHost, uri.Host, 7, 10, "WHATWG URL and inet_aton read the host 0177.0.0.1 as 127.0.0.1"}}},
		{"http://0x/", []uri.HazardDetail{{uri.NumericHost, uri.Host, 7, 2, "WHATWG URL reads the host 0x as 0.0.0.0 (inet_aton refuses it)"}}},
		{"http://example.123/", []uri.HazardDetail{{uri.NumericHost, uri.Host, 7, 11, "WHATWG URL refuses the host example.123: it ends in a number but is no IPv4 address"}}},
		{"foo://0x7f.1/", []uri.HazardDetail{{uri.NumericHost, uri.Host, 6, 6, "inet_aton reads the host 0x7f.1 as 127.0.0.1; WHATWG URL keeps it as an opaque host"}}},
		{"http://1.2.3.4./", []uri.HazardDetail{
			{uri.NumericHost, uri.Host, 7, 8, "WHATWG URL reads the host 1.2.3.4. as 1.2.3.4 (inet_aton refuses it)"},
			{uri.TrailingDot, uri.Host, 14, 1, "DNS reads 1.2.3.4. as the name 1.2.3.4, which comparisons of host strings (allow-lists, virtual hosts, certificates) do not"},
		}},
		{"http://%6c%6fcalhost/", []uri.HazardDetail{{uri.EncodedHost, uri.Host, 7, 13, "WHATWG URL reads the host %6c%6fcalhost as localhost"}}},
		{"http://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/", []uri.HazardDetail{{uri.EncodedHost, uri.Host, 7, 33, "WHATWG URL and Go's net/http read the host %EF%BC%91%EF%BC%92%EF%BC%97.0.0.1 as the IPv4 address 127.0.0.1"}}},
		{"http://%E2%91%A0.com/", []uri.HazardDetail{{uri.EncodedHost, uri.Host, 7, 13, `WHATWG URL and Go's net/http read the host %E2%91%A0.com as 1.com`}}},
		{"http://a%2Fb/", []uri.HazardDetail{{uri.EncodedHost, uri.Host, 7, 5, "WHATWG URL refuses the host a%2Fb: decoded and mapped, it holds '/'"}}},
		{"http://%C2%AD/", []uri.HazardDetail{{uri.EncodedHost, uri.Host, 7, 6, "WHATWG URL refuses the host %C2%AD: decoded and mapped, it is empty"}}},
		{"http://%EF%BF%BD.com/", []uri.HazardDetail{{uri.EncodedHost, uri.Host, 7, 13, `WHATWG URL refuses the host %EF%BF%BD.com: decoded, IDNA (UTS 46) refuses it (label 0 "\ufffd": V7 disallowed code point (U+FFFD))`}}},
		{"http://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/", []uri.HazardDetail{{uri.EncodedHost, uri.Host, 7, 33, "WHATWG URL and Go's net/http read the host %EF%BC%91%EF%BC%92%EF%BC%97.0.0.1 as the IPv4 address 127.0.0.1"}}},
		{"http://%ff/", []uri.HazardDetail{{uri.EncodedHost, uri.Host, 7, 3, "WHATWG URL refuses the host %ff: decoded, it is not UTF-8"}}},
		{"foo://%41/", []uri.HazardDetail{{uri.EncodedHost, uri.Host, 6, 3, `a reader that decodes the host (Go's net/url does, for non-ASCII bytes) reads %41 as "A"; WHATWG URL keeps it encoded`}}},
		{"http:/evil.com/x", []uri.HazardDetail{{uri.MissingAuthority, uri.Path, 5, 11, `WHATWG URL reads "evil.com" as the authority: the host evil.com and the path /x`}}},
		{"http:", []uri.HazardDetail{{uri.MissingAuthority, uri.Path, 5, 0, "WHATWG URL refuses it: it finds no host after the scheme"}}},
		{"file:etc/hosts", []uri.HazardDetail{{uri.MissingAuthority, uri.Path, 5, 9, "WHATWG URL reads the path etc/hosts as /etc/hosts"}}},
		{"http:///evil.com/x", []uri.HazardDetail{{uri.EmptyHost, uri.Host, 7, 0, `WHATWG URL skips the empty host and reads "evil.com" as the authority: the host evil.com and the path /x`}}},
		{"file://C:/x", []uri.HazardDetail{
			{uri.FileAuthority, uri.Host, 7, 2, "WHATWG URL reads C: as a Windows drive letter: an empty host and the path /C:/x"},
			{uri.EmptyPort, uri.Port, 8, 1, "RFC 3986 (section 3.2.3) and WHATWG URL read the empty port as the scheme's default, which a comparison of host:port strings does not"},
		}},
		{"file://u@h/", []uri.HazardDetail{
			{uri.Credentials, uri.UserInfo, 7, 1, `the userinfo "u" is credentials, not the host: every reader connects to h`},
			{uri.FileAuthority, uri.Host, 7, 3, "WHATWG URL refuses a file URI with a userinfo or a port, which RFC 8089 does not define"},
		}},
		{"http://trusted.example@evil.example/", []uri.HazardDetail{{uri.Credentials, uri.UserInfo, 7, 15, `the userinfo "trusted.example" looks like a host, but every reader connects to evil.example (RFC 3986 section 7.6)`}}},
		{"http://u:p@h/", []uri.HazardDetail{{uri.Credentials, uri.UserInfo, 7, 3, "the userinfo holds a password (RFC 3986 section 7.5); every reader connects to h"}}},
		{"http://xn--pple-43d.com/", []uri.HazardDetail{{uri.PunycodeLabel, uri.Host, 7, 12, `browsers show the label xn--pple-43d as "аpple", which may look like another name (UTS 39)`}}},
		{"http://a.xn--a/", []uri.HazardDetail{{uri.PunycodeLabel, uri.Host, 9, 5, `the label xn--a decodes to "\u0080", which IDNA (UTS 46) forbids: WHATWG URL refuses it, or keeps it as written`}}},
		{"http://xn--99-/", []uri.HazardDetail{{uri.PunycodeLabel, uri.Host, 7, 7, "the label xn--99- decodes to \"99\", which IDNA (UTS 46) forbids: WHATWG URL refuses it, or keeps it as written"}}},
		{"http://xn--ab$/", []uri.HazardDetail{{uri.PunycodeLabel, uri.Host, 7, 7, "the label xn--ab$ is not valid Punycode: WHATWG URL refuses it"}}},
		{"http://[::ffff:127.0.0.1]/", []uri.HazardDetail{{uri.MappedIPv6, uri.Host, 7, 18, "a dual-stack socket (IPv4-mapped, RFC 4291) reaches the IPv4 address 127.0.0.1 that [::ffff:127.0.0.1] carries"}}},
		{"http://[64:ff9b::7f00:1]/", []uri.HazardDetail{{uri.MappedIPv6, uri.Host, 7, 17, "a NAT64 gateway (RFC 6052) reaches the IPv4 address 127.0.0.1 that [64:ff9b::7f00:1] carries"}}},
		{"http://[v1.x]/", []uri.HazardDetail{{uri.IPvFutureHost, uri.Host, 7, 6, "WHATWG URL refuses IPvFuture literals, and resolvers do not read them"}}},
		{"http://h:0080/", []uri.HazardDetail{
			{uri.PortLeadingZero, uri.Port, 9, 4, "WHATWG URL reads the port 0080 as 80"},
			{uri.DefaultPort, uri.Port, 9, 4, "WHATWG URL drops the port 0080, the default of http, so the Host header and the origin differ from the text"},
		}},
		{"http://h:65616/", []uri.HazardDetail{{uri.PortOutOfRange, uri.Port, 9, 5, "WHATWG URL refuses the port 65616, above 65535; a reader that keeps 16 bits reaches port 80"}}},
		{"http://h/a/%2e%2E/b/./c", []uri.HazardDetail{{uri.DotSegment, uri.Path, 11, 6, "WHATWG URL and HTTP clients remove dot-segments: they send the path /a/%2e%2E/b/./c as /b/c"}}},
		{"http://h/a%2F..%2Fadmin%00", []uri.HazardDetail{{uri.EncodedDelimiter, uri.Path, 10, 3, `a backend that decodes before routing reads %2F as '/', and the path as "/a/../admin\x00"`}}},
		{"http://h/..;/admin;x", []uri.HazardDetail{{uri.PathParameter, uri.Path, 11, 1, "Tomcat and Jetty strip parameters from each segment: they map the path /..;/admin;x as /../admin"}}},
		{"http://h//evil.example/x", []uri.HazardDetail{{uri.DoubleSlashPath, uri.Path, 8, 2, "the path //evil.example/x written alone (in a Location header) is a network-path reference to the host evil.example"}}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := uri.MustParse(tt.in).HazardDetails()
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("HazardDetails(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestHazardDetailsAgree checks, over the corpora, the catalogue and the
// generated URIs, that HazardDetails gives one detail a class of Hazards,
// in order, each with bytes inside the URI and a reading.
func TestHazardDetailsAgree(t *testing.T) {
	inputs := append(readCorpus(t, "web_urls.txt"), readCorpus(t, "file_urls.txt")...)
	cases, _ := readAdversarial(t)
	for _, c := range cases {
		inputs = append(inputs, c.in)
	}
	for _, tt := range hazardTests {
		inputs = append(inputs, tt.in)
	}
	n := 20_000
	if testing.Short() {
		n = 2_000
	}
	inputs = append(inputs, generateSpecialURIs(n)...)
	checked := 0
	for _, s := range inputs {
		u, err := uri.Parse(s)
		if err != nil {
			continue
		}
		checked++
		ds := u.HazardDetails()
		var got []uri.Hazard
		for _, d := range ds {
			got = append(got, d.Hazard)
			if d.Offset < 0 || d.Len < 0 || d.Offset+d.Len > len(s) || d.Reading == "" {
				t.Errorf("HazardDetails(%q) gives %+v", s, d)
			}
		}
		if want := slices.Collect(u.Hazards().All()); !slices.Equal(want, got) {
			t.Errorf("HazardDetails(%q) gives %v, Hazards %v", s, got, want)
		}
	}
	t.Logf("%d URIs checked", checked)
}

// TestHazardsWebCorpus counts the URLs of the web corpus that each class
// flags, and requires that at most 10% of the corpus has a hazard: the
// classes are signal, not noise. go test -v -run TestHazardsWebCorpus
// prints the counts.
func TestHazardsWebCorpus(t *testing.T) {
	var counts [32]int
	valid, flagged := 0, 0
	for _, s := range readCorpus(t, "web_urls.txt") {
		u, err := uri.Parse(s)
		if err != nil {
			continue
		}
		valid++
		h := u.Hazards()
		if h != 0 {
			flagged++
		}
		for c := range h.All() {
			counts[c]++
		}
	}
	t.Logf("%d valid URLs, %d with a hazard (%.2f%%)", valid, flagged, 100*float64(flagged)/float64(valid))
	for c := range (uri.HostHazards | uri.PortHazards | uri.PathHazards | uri.UserInfoHazards).All() {
		t.Logf("%-18v %5d", c, counts[c])
	}
	if flagged*10 > valid {
		t.Errorf("%d of %d valid web URLs have a hazard, more than 10%%", flagged, valid)
	}
}

func TestHazardsSet(t *testing.T) {
	var all uri.Hazards
	for _, tt := range hazardTests {
		all |= uri.MustParse(tt.in).Hazards()
	}
	var names []string
	for h := range all.All() {
		if !all.Has(h) {
			t.Errorf("All yields %v, which Has denies", h)
		}
		names = append(names, h.String())
	}
	if got := strings.Join(names, "|"); got != all.String() {
		t.Errorf("String() = %q, want the names of All: %q", all.String(), got)
	}
	// Every class but ZoneID, which TestHazardsZoneID covers, and
	// ReferenceResolution, which only ResolveHazards reports
	// (TestResolveHazards), has an example above.
	if want := 18; len(names) != want {
		t.Errorf("the examples cover %d classes (%s), want %d", len(names), all, want)
	}
	if uri.Hazards(0).String() != "none" || uri.Hazards(0).Has(uri.Credentials) {
		t.Errorf("the empty set is %q", uri.Hazards(0))
	}
	if got := uri.Hazard(0).String(); got != "Hazard(0)" {
		t.Errorf("Hazard(0).String() = %q", got)
	}
	for h := range (uri.HostHazards | uri.PortHazards | uri.PathHazards | uri.UserInfoHazards).All() {
		if strings.HasPrefix(h.String(), "Hazard(") {
			t.Errorf("a mask holds %v", h)
		}
	}
	// All stops when asked to.
	for range all.All() {
		break
	}
}

// TestHazardsNoAllocs checks that Hazards allocates nothing, on URIs that
// between them have every class.
func TestHazardsNoAllocs(t *testing.T) {
	var us []uri.URI
	for _, tt := range hazardTests {
		us = append(us, uri.MustParse(tt.in))
	}
	zoned, _ := uri.Parser{ZoneID: true}.Parse("http://[::ffff:127.0.0.1%25x]/")
	us = append(us, zoned)
	for _, u := range us {
		if n := testing.AllocsPerRun(100, func() { sinkHazards = u.Hazards() }); n != 0 {
			t.Errorf("Hazards(%q) allocates %v times, want 0", u, n)
		}
	}
}

var sinkHazards uri.Hazards

// BenchmarkHazardsCorpus parses every valid URL of the web corpus, alone
// and followed by Hazards, in the same run: the second costs at most 1.5
// times the first.
func BenchmarkHazardsCorpus(b *testing.B) {
	var lines []string
	size := 0
	for _, s := range readCorpus(b, "web_urls.txt") {
		if _, err := uri.Parse(s); err == nil {
			lines = append(lines, s)
			size += len(s)
		}
	}
	perURL := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(lines)), "ns/url")
	}
	b.Run("parse", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range lines {
				sinkURI, sinkErr = uri.Parse(s)
			}
		}
		perURL(b)
	})
	b.Run("parse+hazards", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range lines {
				u, _ := uri.Parse(s)
				sinkHazards |= u.Hazards()
			}
		}
		perURL(b)
	})
}

// TestHazardGroups holds the groups by action to a partition of the
// classes, and to the readings their docs promise.
func TestHazardGroups(t *testing.T) {
	groups := []struct {
		name string
		set  uri.Hazards
	}{
		{"DivergentHazards", uri.DivergentHazards},
		{"SpellingHazards", uri.SpellingHazards},
		{"DisplayHazards", uri.DisplayHazards},
	}
	all := uri.HostHazards | uri.PortHazards | uri.PathHazards | uri.UserInfoHazards
	for h := range all.All() {
		var in []string
		for _, g := range groups {
			if g.set.Has(h) {
				in = append(in, g.name)
			}
		}
		if len(in) != 1 {
			t.Errorf("%v is in %d groups by action %v, want exactly one", h, len(in), in)
		}
	}
	if got := uri.DivergentHazards | uri.SpellingHazards | uri.DisplayHazards; got != all {
		t.Errorf("the groups by action hold %v, the groups by component %v", got, all)
	}
	for _, tt := range []struct {
		in   string
		want uri.Hazards // the group the URI's hazards fall in
	}{
		{"http://127.1/admin", uri.DivergentHazards},
		{"http://h/a/%2e%2e/admin", uri.DivergentHazards},
		{"http://h/admin;x/", uri.DivergentHazards},
		{"http:/evil.example/x", uri.DivergentHazards},
		{"http://h:65616/", uri.DivergentHazards},
		{"http://example.com./", uri.SpellingHazards},
		{"http://h:80/", uri.SpellingHazards},
		{"http://h:080/", uri.SpellingHazards},
		{"http://trusted.example@evil.example/", uri.DisplayHazards},
		{"https://xn--mnchen-3ya.de/", uri.DisplayHazards},
		{uri.MustParseIRI("https://münchen.de/").ToURI().String(), uri.DisplayHazards},
		{uri.MustParseIRI("https://例え.jp/").ToURI().String(), uri.DisplayHazards},
		{"https://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/", uri.DivergentHazards}, // fullwidth digits: 127.0.0.1
		{"https://m%C3%9Cnchen.de/", uri.DivergentHazards},                   // Ü maps to ü: not vouched for
		{"https://%6c%6fcalhost/", uri.DivergentHazards},                     // ASCII behind escapes
		{"foo://m%C3%BCnchen.de/", uri.DivergentHazards},                     // an opaque host, kept encoded
	} {
		t.Run(tt.in, func(t *testing.T) {
			h := uri.MustParse(tt.in).Hazards()
			if h == 0 || h&^tt.want != 0 {
				t.Errorf("Hazards(%q) = %v, want a hazard of %v only", tt.in, h, tt.want)
			}
		})
	}
}

func ExampleURI_Hazards() {
	for _, s := range []string{
		"https://example.com/a/b?c=d#e",
		"http://127.1/admin",
		"http://trusted.example@evil.example/",
		"https://xn--mnchen-3ya.de/",
		"http:/evil.example/x",
		"https://example.com/static/..%2F..%2Fadmin",
	} {
		h := uri.MustParse(s).Hazards()
		fmt.Printf("%-44s %-18v refuse: %t\n", s, h, h&uri.DivergentHazards != 0)
	}
	// Output:
	// https://example.com/a/b?c=d#e                none               refuse: false
	// http://127.1/admin                           numeric-host       refuse: true
	// http://trusted.example@evil.example/         credentials        refuse: false
	// https://xn--mnchen-3ya.de/                   punycode           refuse: false
	// http:/evil.example/x                         missing-authority  refuse: true
	// https://example.com/static/..%2F..%2Fadmin   encoded-delimiter  refuse: true
}

func ExampleURI_HazardDetails() {
	u := uri.MustParse("http://0x7f.1:080/a/%2e%2e/admin")
	for _, d := range u.HazardDetails() {
		fmt.Printf("%s %q: %s\n", d.Hazard, u.String()[d.Offset:d.Offset+d.Len], d.Reading)
	}
	// Output:
	// numeric-host "0x7f.1": WHATWG URL and inet_aton read the host 0x7f.1 as 127.0.0.1
	// port-leading-zero "080": WHATWG URL reads the port 080 as 80
	// default-port "080": WHATWG URL drops the port 080, the default of http, so the Host header and the origin differ from the text
	// dot-segment "%2e%2e": WHATWG URL and HTTP clients remove dot-segments: they send the path /a/%2e%2e/admin as /admin
}

func ExampleHazards_All() {
	h := uri.MustParse("http://u@h:/a;b").Hazards()
	for c := range h.All() {
		fmt.Println(c)
	}
	fmt.Println(h.Has(uri.PathParameter), h.Has(uri.DotSegment))
	// Output:
	// credentials
	// empty-port
	// path-parameter
	// true false
}

// BenchmarkHazards calls Hazards on every valid URL of the web corpus,
// parsed beforehand.
func BenchmarkHazards(b *testing.B) {
	var us []uri.URI
	for _, s := range readCorpus(b, "web_urls.txt") {
		if u, err := uri.Parse(s); err == nil {
			us = append(us, u)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, u := range us {
			sinkHazards |= u.Hazards()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(us)), "ns/url")
}
