package route

// haproxyBase is HAProxy 2.6 without any http-request normalize-uri: its
// HTTP/1 parser (h1_parse_msg_start) refuses a raw "#", controls, and
// bytes from 0x7F where it looks at them (ReadHAProxy: it steps over
// groups of four bytes without looking), passes every other byte and
// every escape, valid or not, and sends the target on as it came,
// absolute-form included, less a default or empty port of http and
// https. A request past its buffer (tune.bufsize 16384, of which
// tune.maxrewrite keeps 1024 free) is refused with 400: the request line
// and the header fields, each 8 bytes more than its name and value, in
// 15300 bytes (measured on HAProxy 2.6.12: a target of 15243 bytes goes
// through with "GET", "HTTP/1.1", "Host: 127.0.0.1" and "Connection:
// close", one of 15244 does not).
var haproxyBase = Policy{
	Read:          ReadHAProxy,
	Fragment:      FragmentReject,
	EncodedDot:    EncodedDotKeep,
	Forward:       ForwardNormalized,
	AbsoluteForm:  AbsoluteKeepAuthority,
	AuthorityForm: OtherKeep,
	AsteriskForm:  OtherKeepAny,
	Limits:        Limits{Head: 15300, Field: 8},
}

const haproxySources = "src/h1.c (h1_parse_msg_start), src/http_act.c (http_action_normalize_uri), " +
	"src/uri_normalizer.c (uri_normalizer_path_merge_slashes, _path_dot, _path_dotdot, _percent_decode_unreserved, " +
	"_percent_upper, _query_sort, _fragment_strip, _fragment_encode); checked against HAProxy 2.6.12 from Debian 12 " +
	"(testdata/observed/haproxy-*.txt) and reg-tests/http-rules/normalize_uri.vtc"

// haproxyPreset is a preset for HAProxy with the given normalizers; name
// is the preset's name after "haproxy-", settings the configuration.
func haproxyPreset(name, settings string, p Policy) Preset {
	if name != "" {
		name = "haproxy-" + name
	} else {
		name = "haproxy"
	}
	return Preset{Name: name, Product: "HAProxy", Version: "2.6", Role: Front, Sources: haproxySources,
		Settings: settings, Policy: p}
}

func haproxyWith(f func(p *Policy)) Policy {
	p := haproxyBase
	p.Limits = Limits{}
	p.Fragment = FragmentKeep
	f(&p)
	return p
}

// haproxyNormalizers are the steps of "http-request normalize-uri", each
// a Policy that reads what the step before it forwards (Policy.Then),
// named as the configuration names it. A step leaves a "#" the parser let
// through to the fragment normalizers.
var haproxyNormalizers = map[string]Policy{
	"fragment-strip":         haproxyWith(func(p *Policy) { p.Fragment = FragmentStrip }),
	"fragment-encode":        haproxyWith(func(p *Policy) { p.Fragment = FragmentEncodeAll }),
	"path-merge-slashes":     haproxyWith(func(p *Policy) { p.Slashes = SlashesMerge }),
	"path-strip-dot":         haproxyWith(func(p *Policy) { p.Dot = DotRemove }),
	"path-strip-dotdot":      haproxyWith(func(p *Policy) { p.DotDot = DotDotKeepAbove }),
	"path-strip-dotdot full": haproxyWith(func(p *Policy) { p.DotDot = DotDotRemove }),
	"percent-decode-unreserved": haproxyWith(func(p *Policy) {
		p.Unreserved = UnreservedDecode
		p.EncodedDot = EncodedDotDecode
		p.QueryEscapes = QueryEscapesLikePath
	}),
	"percent-decode-unreserved strict": haproxyWith(func(p *Policy) {
		p.Unreserved = UnreservedDecode
		p.EncodedDot = EncodedDotDecode
		p.InvalidPercent = InvalidPercentReject
		p.QueryEscapes = QueryEscapesLikePath
	}),
	"percent-to-uppercase": haproxyWith(func(p *Policy) { p.PercentCase = PercentCaseUpper; p.QueryEscapes = QueryEscapesLikePath }),
	"percent-to-uppercase strict": haproxyWith(func(p *Policy) {
		p.PercentCase = PercentCaseUpper
		p.InvalidPercent = InvalidPercentReject
		p.QueryEscapes = QueryEscapesLikePath
	}),
	"query-sort-by-name": haproxyWith(func(p *Policy) { p.Query = QuerySort }),
}

// haproxySteps is HAProxy reading a request as first does, then running
// the normalizers of the given "http-request normalize-uri" lines, in
// their order.
func haproxySteps(first Policy, lines ...string) Policy {
	p := first
	last := &p
	for _, l := range lines {
		n, ok := haproxyNormalizers[l]
		if !ok {
			panic("route: no HAProxy normalizer " + l)
		}
		last.Then = &n
		last = last.Then
	}
	if p.Then != nil {
		p.chain = chainOf(&p)
	}
	return p
}

// haproxySingle is the preset of one normalize-uri line.
func haproxySingle(line string) Preset {
	name := ""
	for _, c := range line {
		if c == ' ' {
			c = '-'
		}
		name += string(c)
	}
	return haproxyPreset(name, "http-request normalize-uri "+line, haproxySteps(haproxyBase, line))
}

// haproxyAccept is haproxyBase with "option accept-invalid-http-request":
// the parser takes bytes from 0x80 and "#", which the normalizers see.
var haproxyAccept = func() Policy {
	p := haproxyBase
	p.Read, p.Fragment = ReadAny, FragmentKeep
	return p
}()

var _ = register(
	haproxyPreset("", "no http-request normalize-uri", haproxyBase),
	haproxySingle("fragment-strip"),
	haproxySingle("fragment-encode"),
	haproxyPreset("fragment-strip-accept-invalid", "option accept-invalid-http-request, http-request normalize-uri fragment-strip",
		haproxySteps(haproxyAccept, "fragment-strip")),
	haproxyPreset("fragment-encode-accept-invalid", "option accept-invalid-http-request, http-request normalize-uri fragment-encode",
		haproxySteps(haproxyAccept, "fragment-encode")),
	haproxySingle("path-merge-slashes"),
	haproxySingle("path-strip-dot"),
	haproxySingle("path-strip-dotdot"),
	haproxySingle("path-strip-dotdot full"),
	haproxySingle("percent-decode-unreserved"),
	haproxySingle("percent-decode-unreserved strict"),
	haproxySingle("percent-to-uppercase"),
	haproxySingle("percent-to-uppercase strict"),
	haproxySingle("query-sort-by-name"),
	haproxyPreset("all", "http-request normalize-uri fragment-strip, path-strip-dotdot full, path-strip-dot, "+
		"path-merge-slashes, percent-decode-unreserved strict, percent-to-uppercase strict, query-sort-by-name",
		haproxySteps(haproxyBase, "fragment-strip", "path-strip-dotdot full", "path-strip-dot", "path-merge-slashes",
			"percent-decode-unreserved strict", "percent-to-uppercase strict", "query-sort-by-name")),
)
