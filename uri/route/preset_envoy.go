package route

// envoySources are the files of Envoy the Envoy presets were read from.
const envoySources = "envoyproxy/envoy source/common/http/path_utility.cc (legacy normalize_path, " +
	"merge_slashes), source/common/http/conn_manager_utility.cc (path_with_escaped_slashes_action), " +
	"source/extensions/http/header_validators/envoy_default/path_normalizer.cc (UHV); checked by " +
	"testdata/envoy_path_utility.txt and testdata/envoy_path_normalizer.txt"

// envoyLegacy is Envoy's HTTP connection manager without path options:
// the path is routed on and forwarded as received; an absolute-form
// target is forwarded in origin-form. Its HTTP/1 codec (http-parser
// built without HTTP_PARSER_STRICT) takes bytes RFC 3986 refuses.
var envoyLegacy = Policy{Read: ReadLenient, AbsoluteForm: AbsoluteToOrigin}

// envoyNormalize is normalize_path: true (Chromium's URL path
// canonicalizer): escapes of unreserved characters decoded, "%2E"
// included, hex case kept, "\" read as "/", dot-segments removed ("/.."
// above the root dropped), "%00" rejected.
var envoyNormalize = Policy{
	Read:         ReadLenient,
	AbsoluteForm: AbsoluteToOrigin,
	Unreserved:   UnreservedDecode,
	EncodedNul:   EncodedReject,
	Backslash:    BackslashSlash,
	Dot:          DotRemove,
	DotDot:       DotDotRemove,
}

func withSlashes(p Policy, s Slashes) Policy { p.Slashes = s; return p }

func withEscapedSlashes(p Policy, e Encoded) Policy {
	p.EncodedSlash, p.EncodedBackslash = e, e
	if e == EncodedDecodeRedirect {
		// Envoy redirects with 307 Temporary Redirect to the path it
		// normalized.
		p.Status.Redirect = 307
	}
	return p
}

var _ = register(
	Preset{
		Name: "envoy-legacy", Product: "Envoy", Version: "1.18 to 1.33", Role: Front,
		Settings: "HttpConnectionManager defaults: normalize_path false, merge_slashes false, path_with_escaped_slashes_action KEEP_UNCHANGED",
		Sources:  envoySources, Policy: envoyLegacy,
	},
	Preset{
		Name: "envoy-legacy-merge", Product: "Envoy", Version: "1.18 to 1.33", Role: Front,
		Settings: "merge_slashes: true",
		Sources:  envoySources, Policy: withSlashes(envoyLegacy, SlashesMerge),
	},
	Preset{
		Name: "envoy-legacy-normalize", Product: "Envoy", Version: "1.18 to 1.33", Role: Front,
		Settings: "normalize_path: true",
		Sources:  envoySources, Policy: envoyNormalize,
	},
	Preset{
		Name: "envoy-legacy-normalize-merge", Product: "Envoy", Version: "1.18 to 1.33", Role: Front,
		Settings: "normalize_path: true, merge_slashes: true",
		Sources:  envoySources, Policy: withSlashes(envoyNormalize, SlashesMerge),
	},
	Preset{
		Name: "envoy-legacy-reject-slashes", Product: "Envoy", Version: "1.18 to 1.33", Role: Front,
		Settings: "normalize_path: true, merge_slashes: true, path_with_escaped_slashes_action: REJECT_REQUEST",
		Sources:  envoySources, Policy: withEscapedSlashes(withSlashes(envoyNormalize, SlashesMerge), EncodedReject),
	},
	Preset{
		Name: "envoy-legacy-unescape-slashes", Product: "Envoy", Version: "1.18 to 1.33", Role: Front,
		Settings: "normalize_path: true, merge_slashes: true, path_with_escaped_slashes_action: UNESCAPE_AND_FORWARD",
		Sources:  envoySources, Policy: withEscapedSlashes(withSlashes(envoyNormalize, SlashesMerge), EncodedDecode),
	},
	Preset{
		Name: "envoy-edge", Product: "Envoy", Version: "1.18 to 1.33", Role: Front,
		Settings: "the edge proxy best practices: normalize_path: true, merge_slashes: true, " +
			"path_with_escaped_slashes_action: UNESCAPE_AND_REDIRECT (307)",
		Sources: envoySources, Policy: withEscapedSlashes(withSlashes(envoyNormalize, SlashesMerge), EncodedDecodeRedirect),
	},
	Preset{
		Name: "envoy-uhv", Product: "Envoy", Version: "1.28 to 1.33", Role: Front,
		Settings: "envoy.http.header_validators.envoy_default with an empty HeaderValidatorConfig and the default " +
			"runtime (uhv_allow_malformed_url_encoding true, uhv_preserve_url_encoded_case false)",
		Sources: envoySources,
		Policy: Policy{
			Read:         ReadLenientASCII,
			AbsoluteForm: AbsoluteToOrigin,
			Backslash:    BackslashSlash,
			PercentCase:  PercentCaseUpper,
			Unreserved:   UnreservedDecode,
			Slashes:      SlashesMerge,
			Dot:          DotRemove,
			DotDot:       DotDotRejectAbove,
		},
	},
)
