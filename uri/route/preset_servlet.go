package route

const tomcatSources = "apache/tomcat java/org/apache/catalina/connector/CoyoteAdapter.java " +
	"(postParseRequest, parsePathParameters, normalize), java/org/apache/tomcat/util/buf/UDecoder.java, " +
	"java/org/apache/tomcat/util/http/parser/HttpParser.java (isNotRequestTarget)"

// tomcat is Tomcat mapping a request to a Servlet: its parser refuses
// the bytes RFC 3986 refuses below 0x80 but takes those above; the ";"
// parameters of each segment go first (so "/..;x/" is a ".." segment),
// then every escape is decoded ("%2F" refused, as encodedSolidusHandling
// "reject" has it), then "\" and NUL are refused, "//" merged and
// dot-segments removed, one above the root refused. getRequestURI, what
// the application is handed, is the target as received.
var tomcat = Policy{
	Read:             ReadRFCNonASCII,
	InvalidPercent:   InvalidPercentReject,
	Fragment:         FragmentReject,
	Params:           ParamsStrip,
	Unreserved:       UnreservedDecode,
	EncodedSlash:     EncodedReject,
	EncodedBackslash: EncodedReject,
	EncodedNul:       EncodedReject,
	Dot:              DotRemove,
	DotDot:           DotDotRejectAbove,
	Slashes:          SlashesMerge,
	KeyForm:          KeyDecoded,
	Forward:          ForwardRaw,
	AbsoluteForm:     AbsoluteToOrigin,
}

var _ = register(
	Preset{
		Name: "tomcat", Product: "Apache Tomcat", Version: "9.0.x, 10.1.x, 11.0.x", Role: Back,
		Settings: "HTTP/1.1 connector defaults: encodedSolidusHandling reject, ALLOW_BACKSLASH false, relaxedPathChars empty",
		Sources:  tomcatSources, Policy: tomcat,
	},
	Preset{
		Name: "tomcat-decode-slash", Product: "Apache Tomcat", Version: "9.0.x, 10.1.x, 11.0.x", Role: Back,
		Settings: "encodedSolidusHandling decode",
		Sources:  tomcatSources, Policy: func() Policy { p := tomcat; p.EncodedSlash = EncodedDecode; return p }(),
	},
)
