package route

// caddyReverseProxy is Caddy 2.6 with reverse_proxy: Go's net/http server
// reads the request line (url.ParseRequestURI: any byte but controls and
// space, an invalid escape refused with 400, a raw "#" kept as path data),
// and reverse_proxy sends r.URL.RequestURI() on: the escaped path as
// received while it is a valid encoding of r.URL.Path, written again by
// EscapedPath otherwise, and never cleaned. The path matcher routes on
// r.URL.Path decoded, cleaned (CleanPath, slashes merged) and lower-cased.
var caddyReverseProxy = Policy{
	Read:           ReadLenient,
	InvalidPercent: InvalidPercentReject,
	Fragment:       FragmentEncode,
	RawPath:        RawPathGo,
	Forward:        ForwardNormalized,
	Escape:         EscapeGo,
	KeyForm:        KeyDecodedClean,
	KeyCase:        KeyCaseLower,
	AbsoluteForm:   AbsoluteToOriginOpaque,
	AuthorityForm:  OtherAsAbsolute,
	Strip:          StripCleanedEscaped,
}

const caddySources = "caddyserver/caddy modules/caddyhttp/matchers.go (MatchPath.Match), caddyhttp.go (CleanPath), " +
	"reverseproxy/reverseproxy.go, rewrite/rewrite.go (strip_prefix); golang/go src/net/http/request.go (readRequest), " +
	"src/net/url/url.go (ParseRequestURI, EscapedPath, RequestURI); checked against Caddy 2.6.2 from Debian 12 " +
	"(testdata/observed/caddy-*.txt) and matchers_test.go"

var _ = register(
	Preset{
		Name: "caddy", Product: "Caddy", Version: "2.6", Role: Front, Sources: caddySources,
		Settings: "reverse_proxy backend; the key is what its path matcher matches (case-insensitive, cleaned, decoded)",
		Policy:   caddyReverseProxy,
	},
)
