package route

// haproxyBase is HAProxy 2.6 without any http-request normalize-uri: its
// HTTP/1 parser (h1_parse_msg_start) refuses a raw "#", bytes from 0x7F
// and controls, passes every other byte and every escape, valid or not,
// and sends the target on as it came, absolute-form included.
var haproxyBase = Policy{
	Read:          ReadLenientASCII,
	Fragment:      FragmentReject,
	EncodedDot:    EncodedDotKeep,
	Forward:       ForwardNormalized,
	AbsoluteForm:  AbsoluteKeepAuthority,
	AuthorityForm: OtherKeep,
	AsteriskForm:  OtherKeepAny,
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
	f(&p)
	return p
}

var _ = register(
	haproxyPreset("", "no http-request normalize-uri", haproxyBase),
	haproxyPreset("fragment-strip", "http-request normalize-uri fragment-strip", haproxyBase),
	haproxyPreset("fragment-encode", "http-request normalize-uri fragment-encode", haproxyBase),
	haproxyPreset("fragment-strip-accept-invalid", "option accept-invalid-http-request, http-request normalize-uri fragment-strip",
		haproxyWith(func(p *Policy) { p.Read = ReadAny; p.Fragment = FragmentStrip })),
	haproxyPreset("fragment-encode-accept-invalid", "option accept-invalid-http-request, http-request normalize-uri fragment-encode",
		haproxyWith(func(p *Policy) { p.Read = ReadAny; p.Fragment = FragmentEncodeAll })),
	haproxyPreset("path-merge-slashes", "http-request normalize-uri path-merge-slashes",
		haproxyWith(func(p *Policy) { p.Slashes = SlashesMerge })),
	haproxyPreset("path-strip-dot", "http-request normalize-uri path-strip-dot",
		haproxyWith(func(p *Policy) { p.Dot = DotRemove })),
	haproxyPreset("path-strip-dotdot", "http-request normalize-uri path-strip-dotdot",
		haproxyWith(func(p *Policy) { p.DotDot = DotDotKeepAbove })),
	haproxyPreset("path-strip-dotdot-full", "http-request normalize-uri path-strip-dotdot full",
		haproxyWith(func(p *Policy) { p.DotDot = DotDotRemove })),
	haproxyPreset("percent-decode-unreserved", "http-request normalize-uri percent-decode-unreserved",
		haproxyWith(func(p *Policy) {
			p.Unreserved = UnreservedDecode
			p.EncodedDot = EncodedDotDecode
			p.QueryEscapes = QueryEscapesLikePath
		})),
	haproxyPreset("percent-decode-unreserved-strict", "http-request normalize-uri percent-decode-unreserved strict",
		haproxyWith(func(p *Policy) {
			p.Unreserved = UnreservedDecode
			p.EncodedDot = EncodedDotDecode
			p.InvalidPercent = InvalidPercentReject
			p.QueryEscapes = QueryEscapesLikePath
		})),
	haproxyPreset("percent-to-uppercase", "http-request normalize-uri percent-to-uppercase",
		haproxyWith(func(p *Policy) { p.PercentCase = PercentCaseUpper; p.QueryEscapes = QueryEscapesLikePath })),
	haproxyPreset("percent-to-uppercase-strict", "http-request normalize-uri percent-to-uppercase strict",
		haproxyWith(func(p *Policy) {
			p.PercentCase = PercentCaseUpper
			p.InvalidPercent = InvalidPercentReject
			p.QueryEscapes = QueryEscapesLikePath
		})),
	haproxyPreset("query-sort-by-name", "http-request normalize-uri query-sort-by-name",
		haproxyWith(func(p *Policy) { p.Query = QuerySort })),
	haproxyPreset("all", "http-request normalize-uri fragment-strip, path-strip-dotdot full, path-strip-dot, "+
		"path-merge-slashes, percent-decode-unreserved strict, percent-to-uppercase strict, query-sort-by-name",
		haproxyWith(func(p *Policy) {
			p.DotDot = DotDotRemove
			p.Dot = DotRemove
			p.Slashes = SlashesMergeLate
			p.Unreserved = UnreservedDecode
			p.EncodedDot = EncodedDotDecodeLate
			p.PercentCase = PercentCaseUpper
			p.InvalidPercent = InvalidPercentReject
			p.Query = QuerySort
			p.QueryEscapes = QueryEscapesLikePath
		})),
)
