package route

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// outcome is what the tests compare of a Result.
type outcome struct {
	Verdict  Verdict
	Status   int
	Key      string
	Forward  string
	Location string
}

func outcomeOf(r Result) outcome {
	return outcome{r.Verdict, r.Status(), r.Key, r.Forward, r.Location}
}

// presetPolicy returns the policy of a preset that must exist.
func presetPolicy(t *testing.T, name string) Policy {
	t.Helper()
	p, ok := Lookup(name)
	if !ok {
		t.Fatalf("no preset %q", name)
	}
	return p.Policy
}

func TestStripPrefix(t *testing.T) {
	traefik, tomcat := presetPolicy(t, "traefik"), presetPolicy(t, "tomcat")
	tests := []struct {
		name   string
		policy Policy
		in     string
		prefix string
		want   outcome
		ok     bool
	}{
		{"whole segment", Policy{}, "/api/v1?q", "/api", outcome{Accept, 0, "/v1", "/v1?q", ""}, true},
		{"prefix with slash", Policy{}, "/api/v1", "/api/", outcome{Accept, 0, "/v1", "/v1", ""}, true},
		{"the whole path", Policy{}, "/api?q", "/api", outcome{Accept, 0, "/", "/?q", ""}, true},
		{"not at a boundary", Policy{}, "/apix/v1", "/api", outcome{Accept, 0, "/apix/v1", "/apix/v1", ""}, false},
		{"a dot after the prefix", traefik, "/api%2e/admin", "/api", outcome{Accept, 0, "/api./admin", "/api./admin", ""}, false},
		{"normalized forward", traefik, "/x/../api/%7ev1?q", "/api", outcome{Accept, 0, "/~v1", "/~v1?q", ""}, true},
		// Tomcat forwards the raw target but routes on the normalized
		// path: the rest of the key is written out again.
		{"raw forward", tomcat, "/api/a/../v%31?q", "/api", outcome{Accept, 0, "/v1", "/v1?q", ""}, true},
		{"not accepted", traefik, "/api/%2F", "/api", outcome{Reject, 400, "", "", ""}, false},
		{"absolute-form", Policy{AbsoluteForm: AbsoluteToOrigin}, "http://h/api/v1?q", "/api", outcome{Accept, 0, "/v1", "/v1?q", ""}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.policy.Apply(tt.in).StripPrefix(tt.prefix)
			if ok != tt.ok {
				t.Errorf("StripPrefix(%q) on %q: ok %v, want %v", tt.prefix, tt.in, ok, tt.ok)
			}
			if diff := cmp.Diff(tt.want, outcomeOf(got)); diff != "" {
				t.Errorf("StripPrefix(%q) on %q mismatch (-want +got):\n%s", tt.prefix, tt.in, diff)
			}
		})
	}
}

func TestApply(t *testing.T) {
	tests := []struct {
		name   string
		policy Policy
		in     string
		want   outcome
	}{
		{"zero policy forwards what it gets", Policy{}, "/a/../b//c?q", outcome{Accept, 0, "/a/../b//c", "/a/../b//c?q", ""}},
		{"zero policy, absolute-form", Policy{}, "http://h/a?q", outcome{Accept, 0, "/a", "http://h/a?q", ""}},
		{"to origin-form", Policy{AbsoluteForm: AbsoluteToOrigin}, "http://h?q", outcome{Accept, 0, "/", "/?q", ""}},
		{"strict reading", Policy{}, "/a\\b", outcome{Reject, 400, "", "", ""}},
		{"lenient reading", Policy{Read: ReadLenient}, "/a\\b\"", outcome{Accept, 0, "/a\\b\"", "/a\\b\"", ""}},
		{"backslash as slash", Policy{Read: ReadLenient, Backslash: BackslashSlash, DotDot: DotDotRemove}, "/a\\..\\b", outcome{Accept, 0, "/b", "/b", ""}},
		{"params stripped before dots", Policy{Params: ParamsStrip, DotDot: DotDotRemove, KeyForm: KeyDecoded, Forward: ForwardRaw}, "/a/..;x/b", outcome{Accept, 0, "/b", "/a/..;x/b", ""}},
		{"above the root rejected", Policy{DotDot: DotDotRejectAbove}, "/a/../../b", outcome{Reject, 400, "", "", ""}},
		{"above the root kept", Policy{DotDot: DotDotKeepAbove}, "/a/../../b/../c", outcome{Accept, 0, "/../c", "/../c", ""}},
		{"path.Clean's end", Policy{DotDot: DotDotRemove, DotEnd: DotEndTrim}, "/a/b/..", outcome{Accept, 0, "/a", "/a", ""}},
		{"RFC 3986's end", Policy{DotDot: DotDotRemove}, "/a/b/..", outcome{Accept, 0, "/a/", "/a/", ""}},
		{"encoded slash rejected with 404", Policy{EncodedSlash: EncodedReject, Status: Statuses{Encoded: 404}}, "/a%2fb", outcome{Reject, 404, "", "", ""}},
		{"decode and redirect", Policy{EncodedSlash: EncodedDecodeRedirect, Status: Statuses{Redirect: 307}}, "/a%2Fb?q", outcome{Redirect, 307, "", "", "/a/b?q"}},
		{"case of the key only", Policy{KeyCase: KeyCaseLower}, "/Admin?Q", outcome{Accept, 0, "/admin", "/Admin?Q", ""}},
		{"query sorted", Policy{Query: QuerySort}, "/a?b=2&a=1&b=1", outcome{Accept, 0, "/a", "/a?a=1&b=2&b=1", ""}},
		{"decoded key keeps %2F", Policy{KeyForm: KeyDecoded}, "/a%2Fb%20c", outcome{Accept, 0, "/a%2Fb c", "/a%2Fb%20c", ""}},
		{"upper case hex", Policy{PercentCase: PercentCaseUpper}, "/%7e%2f", outcome{Accept, 0, "/%7E%2F", "/%7E%2F", ""}},
		{"unreserved decoded", Policy{Unreserved: UnreservedDecode}, "/%7e%2f", outcome{Accept, 0, "/~%2f", "/~%2f", ""}},
		{"encoded dot kept not a dot", Policy{Unreserved: UnreservedDecode, EncodedDot: EncodedDotKeep, DotDot: DotDotRemove}, "/a/%2e%2e/b", outcome{Accept, 0, "/a/%2e%2e/b", "/a/%2e%2e/b", ""}},
		{"asterisk rejected", Policy{AsteriskForm: OtherReject}, "*", outcome{Reject, 400, "", "", ""}},
		{"authority-form kept", Policy{}, "h:443", outcome{Accept, 0, "", "h:443", ""}},
		{"HAProxy steps over a high byte", Policy{Read: ReadHAProxy}, "/ab\x80", outcome{Accept, 0, "/ab\x80", "/ab\x80", ""}},
		{"HAProxy steps over a DEL", Policy{Read: ReadHAProxy}, "/abc\x7fdef", outcome{Accept, 0, "/abc\x7fdef", "/abc\x7fdef", ""}},
		{"HAProxy checks the group with the space", Policy{Read: ReadHAProxy}, "/abc\x80", outcome{Reject, 400, "", "", ""}},
		{"HAProxy checks a group above 0xA3", Policy{Read: ReadHAProxy}, "/abc\xa4def", outcome{Reject, 400, "", "", ""}},
		{"HAProxy checks a group of high bytes", Policy{Read: ReadHAProxy}, "/abc\x80\x80\x80\x80d", outcome{Reject, 400, "", "", ""}},
		{"HAProxy accepting steps again after a high byte", Policy{Read: ReadAny}, "/\xffabc\x7fdef", outcome{Accept, 0, "/\xffabc\x7fdef", "/\xffabc\x7fdef", ""}},
		{"HAProxy accepting checks a DEL alone", Policy{Read: ReadAny}, "/\xff\x7f", outcome{Reject, 400, "", "", ""}},
		{"empty port dropped", Policy{AbsoluteForm: AbsoluteKeepAuthority}, "ftp://h:/a", outcome{Accept, 0, "/a", "ftp://h/a", ""}},
		{"no path written", Policy{AbsoluteForm: AbsoluteKeepAuthority}, "http://h:80", outcome{Accept, 0, "/", "http://h", ""}},
		{"Tomcat refuses a high byte", Policy{Read: ReadTomcat}, "/a?\x80", outcome{Reject, 400, "", "", ""}},
		{"Tomcat refuses [ in the path", Policy{Read: ReadTomcat}, "/a[", outcome{Reject, 400, "", "", ""}},
		{"Tomcat refuses ] in the query", Policy{Read: ReadTomcat}, "/a?]", outcome{Reject, 400, "", "", ""}},
		{"Tomcat takes [ in the authority", Policy{Read: ReadTomcat, AbsoluteForm: AbsoluteToOriginHTTPAuthority}, "http://[::1]/a", outcome{Accept, 0, "/a", "/a", ""}},
		{"http:// in any case", Policy{AbsoluteForm: AbsoluteToOriginHTTPAuthority}, "HTTPS://u@h/a", outcome{Accept, 0, "/a", "/a", ""}},
		{"no http://", Policy{AbsoluteForm: AbsoluteToOriginHTTPAuthority}, "http:/a", outcome{Reject, 400, "", "", ""}},
		{"a segment the parameters emptied merged", Policy{Params: ParamsStrip, Slashes: SlashesMerge, DotDot: DotDotRemove, KeyForm: KeyDecoded, Forward: ForwardRaw}, "/a/;x/../b", outcome{Accept, 0, "/b", "/a/;x/../b", ""}},
		{"steps in order", Policy{DotDot: DotDotRemove, Then: &Policy{Dot: DotRemove}}, "/p/./../a", outcome{Accept, 0, "/p/a", "/p/a", ""}},
		{"the other order", Policy{Dot: DotRemove, Then: &Policy{DotDot: DotDotRemove}}, "/p/./../a", outcome{Accept, 0, "/a", "/a", ""}},
		{"a step rejects", Policy{DotDot: DotDotRemove, Then: &Policy{InvalidPercent: InvalidPercentReject, Then: &Policy{}}}, "/%zz", outcome{Reject, 400, "", "", ""}},
		{"an invalid escape removed first", Policy{DotDot: DotDotRemove, Read: ReadLenient, Then: &Policy{InvalidPercent: InvalidPercentReject}}, "/a/%zz/../b", outcome{Accept, 0, "/a/b", "/a/b", ""}},
		{"within the line limit", Policy{Limits: Limits{Line: 20, Status: 414}}, "/abcdef", outcome{Accept, 0, "/abcdef", "/abcdef", ""}},
		{"past the line limit", Policy{Limits: Limits{Line: 20, Status: 414}}, "/abcdefg", outcome{Reject, 414, "", "", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, outcomeOf(tt.policy.Apply(tt.in))); diff != "" {
				t.Errorf("Apply(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
