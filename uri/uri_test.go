package uri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/internal/testenv"
	"github.com/urilabs/rfc3986/uri"
)

// TestMain reports the tests that skipped, which go test ./... would
// otherwise show as a plain "ok".
func TestMain(m *testing.M) { testenv.Main(m) }

// want parses the notation of the tables below: space-separated key=value
// pairs for scheme, userinfo, host, port, path, query, fragment and kind.
// A key that is absent is undefined; "query=" is defined and empty. The
// authority is defined when host is; its kind is RegName unless kind says
// otherwise. Valid URIs hold no spaces, so the notation is unambiguous.
func want(t *testing.T, notation string) reference.Parts {
	t.Helper()
	var p reference.Parts
	for _, field := range strings.Fields(notation) {
		key, val, ok := strings.Cut(field, "=")
		if !ok {
			t.Fatalf("bad notation %q", field)
		}
		switch key {
		case "scheme":
			p.Scheme, p.HasScheme = val, true
		case "userinfo":
			p.UserInfo, p.HasUserInfo = val, true
		case "host":
			p.Host, p.HasAuthority = val, true
			if p.HostKind == "" {
				p.HostKind = "RegName"
			}
		case "kind":
			p.HostKind = val
		case "port":
			p.Port, p.HasPort = val, true
		case "path":
			p.Path = val
		case "query":
			p.Query, p.HasQuery = val, true
		case "fragment":
			p.Fragment, p.HasFragment = val, true
		default:
			t.Fatalf("bad notation key %q", key)
		}
	}
	return p
}

// rfcExamples are the example URIs of sections 1.1.2, 3, 3.3, 4, 5.4, 6
// and 7.6 of RFC 3986, with their components.
var rfcExamples = []struct{ in, want string }{
	// Section 1.1.2.
	{"ftp://ftp.is.co.za/rfc/rfc1808.txt", "scheme=ftp host=ftp.is.co.za path=/rfc/rfc1808.txt"},
	{"http://www.ietf.org/rfc/rfc2396.txt", "scheme=http host=www.ietf.org path=/rfc/rfc2396.txt"},
	{"ldap://[2001:db8::7]/c=GB?objectClass?one", "scheme=ldap host=[2001:db8::7] kind=IPv6 path=/c=GB query=objectClass?one"},
	{"mailto:John.Doe@example.com", "scheme=mailto path=John.Doe@example.com"},
	{"news:comp.infosystems.www.servers.unix", "scheme=news path=comp.infosystems.www.servers.unix"},
	{"tel:+1-816-555-1212", "scheme=tel path=+1-816-555-1212"},
	{"telnet://192.0.2.16:80/", "scheme=telnet host=192.0.2.16 kind=IPv4 port=80 path=/"},
	{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "scheme=urn path=oasis:names:specification:docbook:dtd:xml:4.1.2"},
	// Section 1.2.2 and 3.
	{"http://localhost/", "scheme=http host=localhost path=/"},
	{"file:///etc/hosts", "scheme=file host= path=/etc/hosts"},
	{"foo://example.com:8042/over/there?name=ferret#nose", "scheme=foo host=example.com port=8042 path=/over/there query=name=ferret fragment=nose"},
	{"urn:example:animal:ferret:nose", "scheme=urn path=example:animal:ferret:nose"},
	// Section 3.3.
	{"mailto:fred@example.com", "scheme=mailto path=fred@example.com"},
	{"foo://info.example.com?fred", "scheme=foo host=info.example.com path= query=fred"},
	// Section 4.2 and 4.5.
	{"./this:that", "path=./this:that"},
	{"this:that", "scheme=this path=that"},
	{"www.w3.org/Addressing/", "path=www.w3.org/Addressing/"},
	// Section 5.4: the base and the references resolved against it.
	{"http://a/b/c/d;p?q", "scheme=http host=a path=/b/c/d;p query=q"},
	{"g:h", "scheme=g path=h"},
	{"g", "path=g"},
	{"./g", "path=./g"},
	{"g/", "path=g/"},
	{"/g", "path=/g"},
	{"//g", "host=g"},
	{"?y", "query=y"},
	{"g?y", "path=g query=y"},
	{"#s", "fragment=s"},
	{"g#s", "path=g fragment=s"},
	{"g?y#s", "path=g query=y fragment=s"},
	{";x", "path=;x"},
	{"g;x", "path=g;x"},
	{"g;x?y#s", "path=g;x query=y fragment=s"},
	{"", ""},
	{".", "path=."},
	{"./", "path=./"},
	{"..", "path=.."},
	{"../", "path=../"},
	{"../g", "path=../g"},
	{"../..", "path=../.."},
	{"../../", "path=../../"},
	{"../../g", "path=../../g"},
	{"../../../g", "path=../../../g"},
	{"../../../../g", "path=../../../../g"},
	{"/./g", "path=/./g"},
	{"/../g", "path=/../g"},
	{"g.", "path=g."},
	{".g", "path=.g"},
	{"g..", "path=g.."},
	{"..g", "path=..g"},
	{"./../g", "path=./../g"},
	{"./g/.", "path=./g/."},
	{"g/./h", "path=g/./h"},
	{"g/../h", "path=g/../h"},
	{"g;x=1/./y", "path=g;x=1/./y"},
	{"g;x=1/../y", "path=g;x=1/../y"},
	{"g?y/./x", "path=g query=y/./x"},
	{"g?y/../x", "path=g query=y/../x"},
	{"g#s/./x", "path=g fragment=s/./x"},
	{"g#s/../x", "path=g fragment=s/../x"},
	{"http:g", "scheme=http path=g"},
	// Section 6.2.
	{"example://a/b/c/%7Bfoo%7D", "scheme=example host=a path=/b/c/%7Bfoo%7D"},
	{"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "scheme=eXAMPLE host=a path=/./b/../b/%63/%7bfoo%7d"},
	{"HTTP://www.EXAMPLE.com/", "scheme=HTTP host=www.EXAMPLE.com path=/"},
	{"http://www.example.com/", "scheme=http host=www.example.com path=/"},
	{"http://example.com", "scheme=http host=example.com"},
	{"http://example.com/", "scheme=http host=example.com path=/"},
	{"http://example.com:/", "scheme=http host=example.com port= path=/"},
	{"http://example.com:80/", "scheme=http host=example.com port=80 path=/"},
	{"http://example.com/?", "scheme=http host=example.com path=/ query="},
	{"mailto:Joe@Example.COM", "scheme=mailto path=Joe@Example.COM"},
	{"http://example.com/data", "scheme=http host=example.com path=/data"},
	{"http://example.com/data/", "scheme=http host=example.com path=/data/"},
	// Section 7.6: a userinfo crafted to look like a host.
	{"ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm", "scheme=ftp userinfo=cnn.example.com&story=breaking_news host=10.0.0.1 kind=IPv4 path=/top_story.htm"},
}

func TestParseRFCExamples(t *testing.T) {
	for _, tt := range rfcExamples {
		t.Run(tt.in, func(t *testing.T) {
			checkValid(t, tt.in, tt.want)
		})
	}
}

func checkValid(t *testing.T, in, notation string) {
	t.Helper()
	u, err := uri.Parse(in)
	if err != nil {
		t.Errorf("Parse(%q): %v", in, err)
		return
	}
	if diff := cmp.Diff(want(t, notation), partsOf(u)); diff != "" {
		t.Errorf("Parse(%q) mismatch (-want +got):\n%s", in, diff)
	}
	if u.String() != in {
		t.Errorf("Parse(%q).String() = %q", in, u.String())
	}
}

// validTests touch every alternative of the ABNF and its edges.
var validTests = []struct{ in, want string }{
	// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
	{"a:", "scheme=a"},
	{"A:", "scheme=A"},
	{"z:", "scheme=z"},
	{"a1+-.:", "scheme=a1+-."},
	{"svn+ssh://h/", "scheme=svn+ssh host=h path=/"},
	{"coap+tcp:x", "scheme=coap+tcp path=x"},
	{"x-y.z:0", "scheme=x-y.z path=0"},
	{"a:b:c", "scheme=a path=b:c"},
	{"a::", "scheme=a path=:"},
	{"a:@", "scheme=a path=@"},
	{"a:%41", "scheme=a path=%41"},
	{"a:?", "scheme=a query="},
	{"a:#", "scheme=a fragment="},
	{"a:?#", "scheme=a query= fragment="},
	// hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
	{"a://", "scheme=a host="},
	{"a:///", "scheme=a host= path=/"},
	{"a:////", "scheme=a host= path=//"},
	{"a:/", "scheme=a path=/"},
	{"a:/b", "scheme=a path=/b"},
	{"a:/b//c", "scheme=a path=/b//c"},
	{"a:b//c", "scheme=a path=b//c"},
	{"a:b/", "scheme=a path=b/"},
	{"a:/:", "scheme=a path=/:"},
	{"a:/b:c", "scheme=a path=/b:c"},
	{"a://b//c", "scheme=a host=b path=//c"},
	// relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
	{"//", "host="},
	{"///", "host= path=/"},
	{"//a", "host=a"},
	{"//a/", "host=a path=/"},
	{"//a//", "host=a path=//"},
	{"/", "path=/"},
	{"/a", "path=/a"},
	{"/a/", "path=/a/"},
	{"/:", "path=/:"},
	{"/a:b", "path=/a:b"},
	{"/@", "path=/@"},
	{"a", "path=a"},
	{"a/b:c", "path=a/b:c"},
	{"a/:", "path=a/:"},
	{"./a:b", "path=./a:b"},
	{"@", "path=@"},
	{"a@b", "path=a@b"},
	{"%41", "path=%41"},
	{"0", "path=0"},
	{"0a", "path=0a"},
	{"-", "path=-"},
	{"+a", "path=+a"},
	{".a", "path=.a"},
	{"_a", "path=_a"},
	{"~", "path=~"},
	{"!$&'()*+,;=", "path=!$&'()*+,;="},
	// Empty and undefined query, fragment.
	{"?", "query="},
	{"#", "fragment="},
	{"?#", "query= fragment="},
	{"??", "query=?"},
	{"?/", "query=/"},
	{"?:@", "query=:@"},
	{"#?", "fragment=?"},
	{"#/", "fragment=/"},
	{"#:@", "fragment=:@"},
	{"?a#b", "query=a fragment=b"},
	{"?a?b", "query=a?b"},
	{"?%20", "query=%20"},
	{"#%20", "fragment=%20"},
	{"?a=b&c=d", "query=a=b&c=d"},
	{"http://h?", "scheme=http host=h query="},
	{"http://h#", "scheme=http host=h fragment="},
	{"http://h?#", "scheme=http host=h query= fragment="},
	{"http://h/?q#f", "scheme=http host=h path=/ query=q fragment=f"},
	{"http://h:?q", "scheme=http host=h port= query=q"},
	{"http://h:#f", "scheme=http host=h port= fragment=f"},
	{"http://h:8?q", "scheme=http host=h port=8 query=q"},
	{"http://h:8#f", "scheme=http host=h port=8 fragment=f"},
	{"http://[::1]?q", "scheme=http host=[::1] kind=IPv6 query=q"},
	{"http://[::1]#f", "scheme=http host=[::1] kind=IPv6 fragment=f"},
	{"http://1.2.3.4?q", "scheme=http host=1.2.3.4 kind=IPv4 query=q"},
	{"http://1.2.3.4#f", "scheme=http host=1.2.3.4 kind=IPv4 fragment=f"},
	// Empty and undefined userinfo and port.
	{"//@", "userinfo= host="},
	{"//@h", "userinfo= host=h"},
	{"//:@h", "userinfo=: host=h"},
	{"//::@h", "userinfo=:: host=h"},
	{"//@:", "userinfo= host= port="},
	{"//:", "host= port="},
	{"//:8", "host= port=8"},
	{"//h:", "host=h port="},
	{"//h:/", "host=h port= path=/"},
	{"//u@h", "userinfo=u host=h"},
	{"//u:p@h", "userinfo=u:p host=h"},
	{"//u:@h", "userinfo=u: host=h"},
	{"//u:1@h", "userinfo=u:1 host=h"},
	{"//u:1a@h", "userinfo=u:1a host=h"},
	{"//u:a1@h", "userinfo=u:a1 host=h"},
	{"//u:%41@h", "userinfo=u:%41 host=h"},
	{"//u:1%41@h", "userinfo=u:1%41 host=h"},
	{"//u:1:2@h", "userinfo=u:1:2 host=h"},
	{"//%41@h", "userinfo=%41 host=h"},
	{"//!$&'()*+,;=-._~@h", "userinfo=!$&'()*+,;=-._~ host=h"},
	{"//1.2.3.4@h", "userinfo=1.2.3.4 host=h"},
	{"//1.2.3.4:5@h:6", "userinfo=1.2.3.4:5 host=h port=6"},
	{"//u@h:", "userinfo=u host=h port="},
	{"//u@h:8", "userinfo=u host=h port=8"},
	{"//u@h:8/p", "userinfo=u host=h port=8 path=/p"},
	{"//u@:8", "userinfo=u host= port=8"},
	{"//u@[::1]:8", "userinfo=u host=[::1] kind=IPv6 port=8"},
	{"//u@1.2.3.4:8", "userinfo=u host=1.2.3.4 kind=IPv4 port=8"},
	// port = *DIGIT: any number of digits is valid syntax.
	{"//h:0", "host=h port=0"},
	{"//h:65535", "host=h port=65535"},
	{"//h:65536", "host=h port=65536"},
	{"//h:0080", "host=h port=0080"},
	{"//h:99999999999999999999", "host=h port=99999999999999999999"},
	// reg-name = *( unreserved / pct-encoded / sub-delims )
	{"//example.com", "host=example.com"},
	{"//EXAMPLE.COM", "host=EXAMPLE.COM"},
	{"//a_b", "host=a_b"},
	{"//a~b", "host=a~b"},
	{"//a-b", "host=a-b"},
	{"//!$&'()*+,;=", "host=!$&'()*+,;="},
	{"//%41", "host=%41"},
	{"//%e2%82%ac", "host=%e2%82%ac"},
	{"//a.", "host=a."},
	{"//.", "host=."},
	{"//..", "host=.."},
	{"//x://", "host=x port= path=//"},
	// IPv4address and the reg-names that look like one.
	{"//0.0.0.0", "host=0.0.0.0 kind=IPv4"},
	{"//9.9.9.9", "host=9.9.9.9 kind=IPv4"},
	{"//10.10.10.10", "host=10.10.10.10 kind=IPv4"},
	{"//99.99.99.99", "host=99.99.99.99 kind=IPv4"},
	{"//100.100.100.100", "host=100.100.100.100 kind=IPv4"},
	{"//199.199.199.199", "host=199.199.199.199 kind=IPv4"},
	{"//200.200.200.200", "host=200.200.200.200 kind=IPv4"},
	{"//249.249.249.249", "host=249.249.249.249 kind=IPv4"},
	{"//250.250.250.250", "host=250.250.250.250 kind=IPv4"},
	{"//255.255.255.255", "host=255.255.255.255 kind=IPv4"},
	{"//256.1.1.1", "host=256.1.1.1"},
	{"//1.256.1.1", "host=1.256.1.1"},
	{"//1.1.256.1", "host=1.1.256.1"},
	{"//1.1.1.256", "host=1.1.1.256"},
	{"//1.2.3.256", "host=1.2.3.256"},
	{"//260.1.1.1", "host=260.1.1.1"},
	{"//300.1.1.1", "host=300.1.1.1"},
	{"//1000.1.1.1", "host=1000.1.1.1"},
	{"//01.1.1.1", "host=01.1.1.1"},
	{"//1.01.1.1", "host=1.01.1.1"},
	{"//1.1.1.01", "host=1.1.1.01"},
	{"//1.1.1.00", "host=1.1.1.00"},
	{"//001.1.1.1", "host=001.1.1.1"},
	{"//127.1", "host=127.1"},
	{"//127.0.1", "host=127.0.1"},
	{"//1.2.3.4.", "host=1.2.3.4."},
	{"//1.2.3.4.5", "host=1.2.3.4.5"},
	{"//.1.2.3.4", "host=.1.2.3.4"},
	{"//1..2.3", "host=1..2.3"},
	{"//1.2.3.", "host=1.2.3."},
	{"//1.2.3.4a", "host=1.2.3.4a"},
	{"//1.2.3.a", "host=1.2.3.a"},
	{"//0x7f.1", "host=0x7f.1"},
	{"//0177.0.0.1", "host=0177.0.0.1"},
	{"//1.2.3.%34", "host=1.2.3.%34"},
	{"//1.2.3.4:80", "host=1.2.3.4 kind=IPv4 port=80"},
	{"//1.2.3.256:80", "host=1.2.3.256 port=80"},
	{"//1.2.3.4/", "host=1.2.3.4 kind=IPv4 path=/"},
	{"//1.2.3:80", "host=1.2.3 port=80"},
	{"//u@1.2.3.4", "userinfo=u host=1.2.3.4 kind=IPv4"},
	{"//u@1.2.3.256", "userinfo=u host=1.2.3.256"},
	{"//u@256.2.3.4", "userinfo=u host=256.2.3.4"},
	{"//192.168.0.1", "host=192.168.0.1 kind=IPv4"},
	{"//25.25.25.25", "host=25.25.25.25 kind=IPv4"},
	{"//2.2.2.2", "host=2.2.2.2 kind=IPv4"},
	{"//24.249.205.251", "host=24.249.205.251 kind=IPv4"},
	{"//26.1.1.1", "host=26.1.1.1 kind=IPv4"},
	{"//29.1.1.1", "host=29.1.1.1 kind=IPv4"},
	// IPv6address, each of the nine forms.
	{"//[1:2:3:4:5:6:7:8]", "host=[1:2:3:4:5:6:7:8] kind=IPv6"},
	{"//[1:2:3:4:5:6:1.2.3.4]", "host=[1:2:3:4:5:6:1.2.3.4] kind=IPv6"},
	{"//[::2:3:4:5:6:7:8]", "host=[::2:3:4:5:6:7:8] kind=IPv6"},
	{"//[::2:3:4:5:6:1.2.3.4]", "host=[::2:3:4:5:6:1.2.3.4] kind=IPv6"},
	{"//[1::3:4:5:6:7:8]", "host=[1::3:4:5:6:7:8] kind=IPv6"},
	{"//[::3:4:5:6:7:8]", "host=[::3:4:5:6:7:8] kind=IPv6"},
	{"//[1:2::4:5:6:7:8]", "host=[1:2::4:5:6:7:8] kind=IPv6"},
	{"//[1:2:3::5:6:7:8]", "host=[1:2:3::5:6:7:8] kind=IPv6"},
	{"//[1:2:3:4::6:7:8]", "host=[1:2:3:4::6:7:8] kind=IPv6"},
	{"//[1:2:3:4:5::7:8]", "host=[1:2:3:4:5::7:8] kind=IPv6"},
	{"//[1:2:3:4:5::1.2.3.4]", "host=[1:2:3:4:5::1.2.3.4] kind=IPv6"},
	{"//[1:2:3:4:5:6::8]", "host=[1:2:3:4:5:6::8] kind=IPv6"},
	{"//[1:2:3:4:5:6:7::]", "host=[1:2:3:4:5:6:7::] kind=IPv6"},
	{"//[::]", "host=[::] kind=IPv6"},
	{"//[::1]", "host=[::1] kind=IPv6"},
	{"//[1::]", "host=[1::] kind=IPv6"},
	{"//[::1.2.3.4]", "host=[::1.2.3.4] kind=IPv6"},
	{"//[::ffff:1.2.3.4]", "host=[::ffff:1.2.3.4] kind=IPv6"},
	{"//[::ffff:255.255.255.255]", "host=[::ffff:255.255.255.255] kind=IPv6"},
	{"//[1::2:3:4:5:6:7]", "host=[1::2:3:4:5:6:7] kind=IPv6"},
	{"//[::1:2:3:4:5:6:7]", "host=[::1:2:3:4:5:6:7] kind=IPv6"},
	{"//[ffff:FFFF:abcd:ABCD:0:00:000:0000]", "host=[ffff:FFFF:abcd:ABCD:0:00:000:0000] kind=IPv6"},
	{"//[2001:db8::7]", "host=[2001:db8::7] kind=IPv6"},
	{"//[fe80::1]", "host=[fe80::1] kind=IPv6"},
	{"//[::1]:", "host=[::1] kind=IPv6 port="},
	{"//[::1]:80", "host=[::1] kind=IPv6 port=80"},
	{"//[::1]/", "host=[::1] kind=IPv6 path=/"},
	{"//[0:0:0:0:0:0:0:0]", "host=[0:0:0:0:0:0:0:0] kind=IPv6"},
	{"//[::1:2]", "host=[::1:2] kind=IPv6"},
	{"//[1:2::]", "host=[1:2::] kind=IPv6"},
	// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
	{"//[v1.a]", "host=[v1.a] kind=IPvFuture"},
	{"//[V1.a]", "host=[V1.a] kind=IPvFuture"},
	{"//[vF.:]", "host=[vF.:] kind=IPvFuture"},
	{"//[vAbC1.x]", "host=[vAbC1.x] kind=IPvFuture"},
	{"//[v1.!$&'()*+,;=-._~:]", "host=[v1.!$&'()*+,;=-._~:] kind=IPvFuture"},
	{"//[v7.fe80::1]", "host=[v7.fe80::1] kind=IPvFuture"},
	{"//[v1.a]:8", "host=[v1.a] kind=IPvFuture port=8"},
	// Paths with "//", ":" and dot segments.
	{"http://a//b", "scheme=http host=a path=//b"},
	{"http:/a//b", "scheme=http path=/a//b"},
	{"http:a//b", "scheme=http path=a//b"},
	{"/a//b", "path=/a//b"},
	{"a//b", "path=a//b"},
	{"a/", "path=a/"},
	{"http:////a", "scheme=http host= path=//a"},
	{"/%2E%2E/", "path=/%2E%2E/"},
	{"http://a/b%2Fc", "scheme=http host=a path=/b%2Fc"},
}

func TestParseValid(t *testing.T) {
	if n := len(validTests) + len(errorTests); n < 300 {
		t.Errorf("only %d hand-picked cases", n)
	}
	for _, tt := range validTests {
		t.Run(tt.in, func(t *testing.T) {
			checkValid(t, tt.in, tt.want)
		})
	}
}

// errorTests are invalid references with the offset, component and reason
// Parse must report: the first byte at which the input stops being the
// beginning of any URI-reference, or its length when it ends too early.
var errorTests = []struct {
	in   string
	off  int
	comp uri.Component
	err  error
}{
	// Scheme, or a relative path's first segment.
	{":", 0, uri.Scheme, uri.ErrMissingScheme},
	{":a", 0, uri.Scheme, uri.ErrMissingScheme},
	{"://a", 0, uri.Scheme, uri.ErrMissingScheme},
	{"1:", 1, uri.Path, uri.ErrColonInFirstSegment},
	{"1a:b", 2, uri.Path, uri.ErrColonInFirstSegment},
	{"-a:b", 2, uri.Path, uri.ErrColonInFirstSegment},
	{"+a:b", 2, uri.Path, uri.ErrColonInFirstSegment},
	{".a:b", 2, uri.Path, uri.ErrColonInFirstSegment},
	{"a_b:c", 3, uri.Path, uri.ErrColonInFirstSegment},
	{"a%41:b", 4, uri.Path, uri.ErrColonInFirstSegment},
	{"%41:b", 3, uri.Path, uri.ErrColonInFirstSegment},
	{"@a:b/c", 2, uri.Path, uri.ErrColonInFirstSegment},
	{"a@b:c", 3, uri.Path, uri.ErrColonInFirstSegment},
	{"a!:b", 2, uri.Path, uri.ErrColonInFirstSegment},
	{"~:", 1, uri.Path, uri.ErrColonInFirstSegment},
	{"ht tp://a", 2, uri.Path, uri.ErrInvalidCharacter},
	{"http ://a", 4, uri.Path, uri.ErrInvalidCharacter},
	{" http://a", 0, uri.Path, uri.ErrInvalidCharacter},
	{"h\ttp:", 1, uri.Path, uri.ErrInvalidCharacter},
	{"\x00", 0, uri.Path, uri.ErrInvalidCharacter},
	{"a\x80:", 1, uri.Path, uri.ErrInvalidCharacter},
	{"[", 0, uri.Path, uri.ErrInvalidCharacter},
	{"]", 0, uri.Path, uri.ErrInvalidCharacter},
	{"a[:", 1, uri.Path, uri.ErrInvalidCharacter},
	{"http:[", 5, uri.Path, uri.ErrInvalidCharacter},
	{"http:/[", 6, uri.Path, uri.ErrInvalidCharacter},
	{"http:a[", 6, uri.Path, uri.ErrInvalidCharacter},
	// pct-encoded = "%" HEXDIG HEXDIG, in every component.
	{"%", 1, uri.Path, uri.ErrInvalidPercentEncoding},
	{"%4", 2, uri.Path, uri.ErrInvalidPercentEncoding},
	{"%g1", 1, uri.Path, uri.ErrInvalidPercentEncoding},
	{"%1g", 2, uri.Path, uri.ErrInvalidPercentEncoding},
	{"%%", 1, uri.Path, uri.ErrInvalidPercentEncoding},
	{"a%", 2, uri.Path, uri.ErrInvalidPercentEncoding},
	{"a:%", 3, uri.Path, uri.ErrInvalidPercentEncoding},
	{"a:/%", 4, uri.Path, uri.ErrInvalidPercentEncoding},
	{"http://a/%", 10, uri.Path, uri.ErrInvalidPercentEncoding},
	{"http://a/%4", 11, uri.Path, uri.ErrInvalidPercentEncoding},
	{"http://a/%4G", 11, uri.Path, uri.ErrInvalidPercentEncoding},
	{"http://a/%G4", 10, uri.Path, uri.ErrInvalidPercentEncoding},
	{"http://a/%%41", 10, uri.Path, uri.ErrInvalidPercentEncoding},
	{"http://a/b%", 11, uri.Path, uri.ErrInvalidPercentEncoding},
	{"?%", 2, uri.Query, uri.ErrInvalidPercentEncoding},
	{"?%4", 3, uri.Query, uri.ErrInvalidPercentEncoding},
	{"?%zz", 2, uri.Query, uri.ErrInvalidPercentEncoding},
	{"#%", 2, uri.Fragment, uri.ErrInvalidPercentEncoding},
	{"#%4x", 3, uri.Fragment, uri.ErrInvalidPercentEncoding},
	{"//%", 3, uri.Host, uri.ErrInvalidPercentEncoding},
	{"//%4", 4, uri.Host, uri.ErrInvalidPercentEncoding},
	{"//a%4/", 5, uri.Host, uri.ErrInvalidPercentEncoding},
	{"//u@%", 5, uri.Host, uri.ErrInvalidPercentEncoding},
	{"//u@h%g", 6, uri.Host, uri.ErrInvalidPercentEncoding},
	{"//u:%", 5, uri.UserInfo, uri.ErrInvalidPercentEncoding},
	{"//u:%4@h", 6, uri.UserInfo, uri.ErrInvalidPercentEncoding},
	{"//u:p%@h", 6, uri.UserInfo, uri.ErrInvalidPercentEncoding},
	{"//h:1%", 6, uri.UserInfo, uri.ErrInvalidPercentEncoding},
	{"//h:1%4", 7, uri.UserInfo, uri.ErrInvalidPercentEncoding},
	// port = *DIGIT. Before an "@", "host:8a" may still become userinfo,
	// so the scanner stops where the authority ends without one; the
	// error points at the port's first byte that is not a digit.
	{"//h:a", 4, uri.Port, uri.ErrInvalidPort},
	{"//h:1a", 5, uri.Port, uri.ErrInvalidPort},
	{"//h:1a/", 5, uri.Port, uri.ErrInvalidPort},
	{"//h:-1", 4, uri.Port, uri.ErrInvalidPort},
	{"//h:+1", 4, uri.Port, uri.ErrInvalidPort},
	{"//h:1:2", 5, uri.Port, uri.ErrInvalidPort},
	{"//h:1%41", 5, uri.Port, uri.ErrInvalidPort},
	{"//h:%41/", 4, uri.Port, uri.ErrInvalidPort},
	{"http://host:80a/", 14, uri.Port, uri.ErrInvalidPort},
	{"http://user:pass/", 12, uri.Port, uri.ErrInvalidPort},
	{"http://user:pass?x", 12, uri.Port, uri.ErrInvalidPort},
	{"http://user:pass#x", 12, uri.Port, uri.ErrInvalidPort},
	{"//h:80 ", 6, uri.Port, uri.ErrInvalidPort},
	{"//h:[", 4, uri.Port, uri.ErrInvalidPort},
	{"//a:[::1]", 4, uri.Port, uri.ErrInvalidPort},
	{"//u@h:a", 6, uri.Port, uri.ErrInvalidPort},
	{"//u@h:1a", 7, uri.Port, uri.ErrInvalidPort},
	{"//u@h:1:2", 7, uri.Port, uri.ErrInvalidPort},
	{"//u@h:1@", 7, uri.Port, uri.ErrInvalidPort},
	{"//[::1]:a", 8, uri.Port, uri.ErrInvalidPort},
	{"//[::1]:1:", 9, uri.Port, uri.ErrInvalidPort},
	{"//[::1]:8]", 9, uri.Port, uri.ErrInvalidPort},
	{"http://[::1]:8o80/", 14, uri.Port, uri.ErrInvalidPort},
	{"//h:p@q:r", 8, uri.Port, uri.ErrInvalidPort},
	{"http://a:b@c:d@e", 13, uri.Port, uri.ErrInvalidPort},
	// host: bytes outside reg-name, a second "@", brackets.
	{"//a b", 3, uri.Host, uri.ErrInvalidCharacter},
	{"http://a b/", 8, uri.Host, uri.ErrInvalidCharacter},
	{"http://a ", 8, uri.Host, uri.ErrInvalidCharacter},
	{"http:// a", 7, uri.Host, uri.ErrInvalidCharacter},
	{"http://\x00", 7, uri.Host, uri.ErrInvalidCharacter},
	{"//a@b@c", 5, uri.Host, uri.ErrInvalidCharacter},
	{"//@@", 3, uri.Host, uri.ErrInvalidCharacter},
	{"//a[", 3, uri.Host, uri.ErrInvalidCharacter},
	{"//a]", 3, uri.Host, uri.ErrInvalidCharacter},
	{"//h[", 3, uri.Host, uri.ErrInvalidCharacter},
	{"//u@h[", 5, uri.Host, uri.ErrInvalidCharacter},
	{"//[::1]x", 7, uri.Host, uri.ErrInvalidCharacter},
	{"//[::1]@h", 7, uri.Host, uri.ErrInvalidCharacter},
	{"//[::1][", 7, uri.Host, uri.ErrInvalidCharacter},
	{"//[::1]]", 7, uri.Host, uri.ErrInvalidCharacter},
	{"//u@[::1]x", 9, uri.Host, uri.ErrInvalidCharacter},
	{"//a\\b", 3, uri.Host, uri.ErrInvalidCharacter},
	{"//a{b", 3, uri.Host, uri.ErrInvalidCharacter},
	{"//a}b", 3, uri.Host, uri.ErrInvalidCharacter},
	{"//a|b", 3, uri.Host, uri.ErrInvalidCharacter},
	{"//a^b", 3, uri.Host, uri.ErrInvalidCharacter},
	{"//a`b", 3, uri.Host, uri.ErrInvalidCharacter},
	{"//a\"b", 3, uri.Host, uri.ErrInvalidCharacter},
	{"//a<b", 3, uri.Host, uri.ErrInvalidCharacter},
	{"//a>b", 3, uri.Host, uri.ErrInvalidCharacter},
	{"//a\x7fb", 3, uri.Host, uri.ErrInvalidCharacter},
	{"//a\xffb", 3, uri.Host, uri.ErrInvalidCharacter},
	{"//a\tb", 3, uri.Host, uri.ErrInvalidCharacter},
	{"//\x00", 2, uri.Host, uri.ErrInvalidCharacter},
	{"//1.2.3.4 ", 9, uri.Host, uri.ErrInvalidCharacter},
	{"//1.2 ", 5, uri.Host, uri.ErrInvalidCharacter},
	{"//u@1.2 ", 7, uri.Host, uri.ErrInvalidCharacter},
	{"//u@1.2.3.4@", 11, uri.Host, uri.ErrInvalidCharacter},
	{"//u@1@", 5, uri.Host, uri.ErrInvalidCharacter},
	// IP-literal = "[" ( IPv6address / IPvFuture ) "]": near misses of
	// each form, reported at the first byte no form can take.
	{"//[", 3, uri.Host, uri.ErrInvalidIPv6},
	{"//[]", 3, uri.Host, uri.ErrInvalidIPv6},
	{"//[:]", 4, uri.Host, uri.ErrInvalidIPv6},
	{"//[:1]", 4, uri.Host, uri.ErrInvalidIPv6},
	{"//[::1", 6, uri.Host, uri.ErrInvalidIPv6},
	{"//[::1/", 6, uri.Host, uri.ErrInvalidIPv6},
	{"//[:::]", 5, uri.Host, uri.ErrInvalidIPv6},
	{"//[1:::2]", 6, uri.Host, uri.ErrInvalidIPv6},
	{"//[1::2::3]", 8, uri.Host, uri.ErrInvalidIPv6},
	{"//[1:2:3:4:5:6:7]", 16, uri.Host, uri.ErrInvalidIPv6},
	{"//[1:2:3:4:5:6:7:8:9]", 18, uri.Host, uri.ErrInvalidIPv6},
	{"//[1:2:3:4:5:6:7:8::]", 18, uri.Host, uri.ErrInvalidIPv6},
	{"//[1:2:3:4:5:6:7:8", 18, uri.Host, uri.ErrInvalidIPv6},
	{"//[12345::]", 7, uri.Host, uri.ErrInvalidIPv6},
	{"//[::g]", 5, uri.Host, uri.ErrInvalidIPv6},
	{"//[x]", 3, uri.Host, uri.ErrInvalidIPv6},
	{"//[1.2.3.4]", 4, uri.Host, uri.ErrInvalidIPv6},
	{"//[::1.2.3]", 10, uri.Host, uri.ErrInvalidIPv6},
	{"//[::1.2.3.4.5]", 12, uri.Host, uri.ErrInvalidIPv6},
	{"//[::256.1.1.1]", 8, uri.Host, uri.ErrInvalidIPv6},
	{"//[::01.2.3.4]", 7, uri.Host, uri.ErrInvalidIPv6},
	{"//[::1.2.3.04]", 12, uri.Host, uri.ErrInvalidIPv6},
	{"//[::ffff:1.2.3.256]", 18, uri.Host, uri.ErrInvalidIPv6},
	{"//[1:2:3:4:5:6:7:1.2.3.4]", 18, uri.Host, uri.ErrInvalidIPv6},
	{"//[1:2:3:4:5:6::1.2.3.4]", 17, uri.Host, uri.ErrInvalidIPv6},
	{"//[1::2:3:4:5:6:7:8]", 17, uri.Host, uri.ErrInvalidIPv6},
	{"//[::1:2:3:4:5:6:7:8]", 18, uri.Host, uri.ErrInvalidIPv6},
	{"//[fe80::1%25eth0]", 10, uri.Host, uri.ErrInvalidIPv6},
	{"//[fe80::1%eth0]", 10, uri.Host, uri.ErrInvalidIPv6},
	{"//u@[", 5, uri.Host, uri.ErrInvalidIPv6},
	{"//u:p@[x]", 7, uri.Host, uri.ErrInvalidIPv6},
	{"http://[", 8, uri.Host, uri.ErrInvalidIPv6},
	{"//[v]", 4, uri.Host, uri.ErrInvalidIPvFuture},
	{"//[v.a]", 4, uri.Host, uri.ErrInvalidIPvFuture},
	{"//[v1.]", 6, uri.Host, uri.ErrInvalidIPvFuture},
	{"//[v1a]", 6, uri.Host, uri.ErrInvalidIPvFuture},
	{"//[vg.a]", 4, uri.Host, uri.ErrInvalidIPvFuture},
	{"//[v1.a b]", 7, uri.Host, uri.ErrInvalidIPvFuture},
	{"//[v1.a/b]", 7, uri.Host, uri.ErrInvalidIPvFuture},
	{"//[v1.%41]", 6, uri.Host, uri.ErrInvalidIPvFuture},
	{"//[v1.a", 7, uri.Host, uri.ErrInvalidIPvFuture},
	{"//[V", 4, uri.Host, uri.ErrInvalidIPvFuture},
	// Path, query and fragment.
	{"/a b", 2, uri.Path, uri.ErrInvalidCharacter},
	{"/a[b", 2, uri.Path, uri.ErrInvalidCharacter},
	{"/a]b", 2, uri.Path, uri.ErrInvalidCharacter},
	{"//h/ ", 4, uri.Path, uri.ErrInvalidCharacter},
	{"//a/b c", 5, uri.Path, uri.ErrInvalidCharacter},
	{"a:b c", 3, uri.Path, uri.ErrInvalidCharacter},
	{"a: ", 2, uri.Path, uri.ErrInvalidCharacter},
	{"/a#b#c", 4, uri.Fragment, uri.ErrInvalidCharacter},
	{"?a#b#", 4, uri.Fragment, uri.ErrInvalidCharacter},
	{"##", 1, uri.Fragment, uri.ErrInvalidCharacter},
	{"#[", 1, uri.Fragment, uri.ErrInvalidCharacter},
	{"?[", 1, uri.Query, uri.ErrInvalidCharacter},
	{"?]", 1, uri.Query, uri.ErrInvalidCharacter},
	{"?a b", 2, uri.Query, uri.ErrInvalidCharacter},
	{"#a b", 2, uri.Fragment, uri.ErrInvalidCharacter},
	{"http://a/b c", 10, uri.Path, uri.ErrInvalidCharacter},
	{"http://a/b?c d", 12, uri.Query, uri.ErrInvalidCharacter},
	{"http://a/b#c d", 12, uri.Fragment, uri.ErrInvalidCharacter},
	{"http://a/b\\c", 10, uri.Path, uri.ErrInvalidCharacter},
	{"http://a/b|c", 10, uri.Path, uri.ErrInvalidCharacter},
	{"http://a/\x80", 9, uri.Path, uri.ErrInvalidCharacter},
	{"http://a/\n", 9, uri.Path, uri.ErrInvalidCharacter},
	{"http://a?\r", 9, uri.Query, uri.ErrInvalidCharacter},
	{"http://a#\t", 9, uri.Fragment, uri.ErrInvalidCharacter},
	{"http://a#\x7f", 9, uri.Fragment, uri.ErrInvalidCharacter},
	{"http://a/[::1]", 9, uri.Path, uri.ErrInvalidCharacter},
	{"http://a/^", 9, uri.Path, uri.ErrInvalidCharacter},
	{"http://a/`", 9, uri.Path, uri.ErrInvalidCharacter},
	{"http://a/{", 9, uri.Path, uri.ErrInvalidCharacter},
	{"http://a/}", 9, uri.Path, uri.ErrInvalidCharacter},
	{"http://a/\"", 9, uri.Path, uri.ErrInvalidCharacter},
	{"http://a/<", 9, uri.Path, uri.ErrInvalidCharacter},
	{"http://a/>", 9, uri.Path, uri.ErrInvalidCharacter},
	{"http://a?\xc3\xa9", 9, uri.Query, uri.ErrInvalidCharacter},
}

func TestParseErrors(t *testing.T) {
	for _, tt := range errorTests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := uri.Parse(tt.in)
			if err == nil {
				t.Fatalf("Parse(%q) = %q, want an error", tt.in, u)
			}
			var e *uri.Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q) error %T, want *uri.Error", tt.in, err)
			}
			want := uri.Error{Op: "parse", Input: tt.in, Offset: tt.off, Component: tt.comp, Err: tt.err}
			if diff := cmp.Diff(want, *e, cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
				t.Errorf("Parse(%q) error mismatch (-want +got):\n%s", tt.in, diff)
			}
			if !errors.Is(err, tt.err) {
				t.Errorf("Parse(%q): errors.Is(err, %v) is false", tt.in, tt.err)
			}
			if u != (uri.URI{}) {
				t.Errorf("Parse(%q) returned %q with its error, want the zero URI", tt.in, u)
			}
		})
	}
}

// TestPredicates checks the forms of sections 4.1 to 4.4 on each kind of
// reference and their edges.
func TestPredicates(t *testing.T) {
	type forms struct {
		Absolute, Relative, NetworkPath, AbsolutePath, RelativePath, SameDocument bool
	}
	tests := []struct {
		in   string
		want forms
	}{
		{"http://a/b?c", forms{Absolute: true}},
		{"http://a/b?c#", forms{}},    // a fragment, even empty, is not absolute-URI
		{"a:", forms{Absolute: true}}, // a scheme and an empty path
		{"a:#", forms{}},
		{"urn:isbn:1", forms{Absolute: true}},
		{"//a/b", forms{Relative: true, NetworkPath: true}},
		{"//", forms{Relative: true, NetworkPath: true}},
		{"///b", forms{Relative: true, NetworkPath: true}},
		{"/a", forms{Relative: true, AbsolutePath: true}},
		{"/", forms{Relative: true, AbsolutePath: true}},
		{"a/b", forms{Relative: true, RelativePath: true}},
		{"./a:b", forms{Relative: true, RelativePath: true}},
		{"../", forms{Relative: true, RelativePath: true}},
		{"", forms{Relative: true, RelativePath: true, SameDocument: true}},
		{"#", forms{Relative: true, RelativePath: true, SameDocument: true}},
		{"#top", forms{Relative: true, RelativePath: true, SameDocument: true}},
		{"?q", forms{Relative: true, RelativePath: true}}, // another query: another document
		{"?", forms{Relative: true, RelativePath: true}},
		{"?#x", forms{Relative: true, RelativePath: true}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u := uri.MustParse(tt.in)
			got := forms{u.IsAbsolute(), u.IsRelative(), u.IsNetworkPath(), u.IsAbsolutePath(), u.IsRelativePath(), u.IsSameDocument()}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("forms of %q mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	if (uri.URI{}) != uri.MustParse("") {
		t.Error("the zero URI differs from Parse(\"\")")
	}
}

// TestPortNumber checks the value of a port at the edges of 16 bits and
// of the grammar, which allows any number of digits.
func TestPortNumber(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want bool
	}{
		{"//h:0", 0, true},
		{"//h:80", 80, true},
		{"//h:080", 80, true},
		{"//h:65535", 65535, true},
		{"//h:000000000065535", 65535, true},
		{"//h:65536", 0, false},
		{"//h:99999999999999999999999", 0, false}, // more digits than an int holds
		{"//h:", 0, false},                        // empty
		{"//h", 0, false},                         // none
		{"/a:1", 0, false},                        // no authority
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			type port struct {
				N  int
				OK bool
			}
			n, ok := uri.MustParse(tt.in).PortNumber()
			if diff := cmp.Diff(port{tt.n, tt.want}, port{n, ok}); diff != "" {
				t.Errorf("PortNumber(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestOffsets(t *testing.T) {
	tests := []struct {
		in   string
		want uri.Offsets
	}{
		{"https://user:pass@example.com:1234/foo/bar?baz#quux", uri.Offsets{5, 8, 18, 29, 34, 42, 46}},
		{"mailto:a@example.com", uri.Offsets{6, 7, 7, 7, 7, 20, 20}},
		{"//h", uri.Offsets{0, 2, 2, 3, 3, 3, 3}},
		{"?q#f", uri.Offsets{0, 0, 0, 0, 0, 0, 2}},
		{"", uri.Offsets{}},
		{"file:///etc", uri.Offsets{4, 7, 7, 7, 7, 11, 11}},
		{"http://[::1]:/", uri.Offsets{4, 7, 7, 12, 13, 14, 14}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, uri.MustParse(tt.in).Offsets()); diff != "" {
				t.Errorf("Offsets(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	// An IRI has the same offsets as the URI of its text, in bytes.
	i := uri.MustParseIRI("http://例え.jp/パス?q")
	if got, want := i.Offsets(), (uri.Offsets{4, 7, 7, 16, 16, 23, 25}); got != want {
		t.Errorf("Offsets(%q) = %+v, want %+v", i, got, want)
	}
}
