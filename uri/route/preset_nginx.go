package route

// nginxBase is nginx 1.22's reading of a request-target, which every nginx
// preset shares: ngx_http_parse_request_line takes any byte above 0x20
// but DEL, ngx_http_parse_complex_uri decodes every escape and runs the
// decoded bytes through the same state machine (so "%2F" is a "/" and
// "%2E%2E" a ".." segment), rejects "%00", an invalid escape and a ".."
// above the root, and ends the path at a raw "#". Locations match the
// decoded, normalized $uri, case-sensitively. A request line longer than
// its buffer of 8192 bytes, CRLF included (large_client_header_buffers 4
// 8k), gets 414.
var nginxBase = Policy{
	Read:           ReadLenient,
	InvalidPercent: InvalidPercentReject,
	Fragment:       FragmentStrip,
	Unreserved:     UnreservedDecode,
	EncodedDot:     EncodedDotDecode,
	EncodedSlash:   EncodedDecode,
	EncodedNul:     EncodedReject,
	Dot:            DotRemove,
	DotDot:         DotDotRejectAbove,
	Slashes:        SlashesMerge,
	KeyForm:        KeyDecoded,
	Forward:        ForwardRaw,
	Escape:         EscapeNginx,
	AbsoluteForm:   AbsoluteToOriginHost,
	AuthorityForm:  OtherReject,
	AsteriskForm:   OtherReject,
	Query:          QueryDropEmpty,
	Limits:         Limits{Line: 8190, Status: 414},
}

const nginxSources = "src/http/ngx_http_parse.c (ngx_http_parse_request_line, ngx_http_parse_complex_uri), " +
	"src/http/modules/ngx_http_proxy_module.c (ngx_http_proxy_create_request), src/core/ngx_string.c (ngx_escape_uri); " +
	"checked against nginx 1.22.1 from Debian 12 (testdata/observed/nginx-*.txt) and nginx-tests http_uri.t"

func nginxPolicy(uriPart, mergeSlashes bool) Policy {
	p := nginxBase
	if uriPart {
		p.Forward = ForwardEscapedQuoted
		p.Query = QueryDropEmpty
	}
	if !mergeSlashes {
		p.Slashes = SlashesKeep
	}
	return p
}

var _ = register(
	Preset{
		Name: "nginx", Product: "nginx", Version: "1.22", Role: Front, Sources: nginxSources,
		Settings: "proxy_pass http://backend; (no URI part: the target is sent as received), merge_slashes on",
		Policy:   nginxPolicy(false, true),
	},
	Preset{
		Name: "nginx-nomerge", Product: "nginx", Version: "1.22", Role: Front, Sources: nginxSources,
		Settings: "proxy_pass http://backend; (no URI part), merge_slashes off",
		Policy:   nginxPolicy(false, false),
	},
	Preset{
		Name: "nginx-uri", Product: "nginx", Version: "1.22", Role: Front, Sources: nginxSources,
		Settings: "proxy_pass http://backend/; (a URI part: the normalized $uri is sent, escaped again), merge_slashes on",
		Policy:   nginxPolicy(true, true),
	},
	Preset{
		Name: "nginx-uri-nomerge", Product: "nginx", Version: "1.22", Role: Front, Sources: nginxSources,
		Settings: "proxy_pass http://backend/; (a URI part), merge_slashes off",
		Policy:   nginxPolicy(true, false),
	},
)
