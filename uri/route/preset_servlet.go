package route

const tomcatSources = "apache/tomcat java/org/apache/catalina/connector/CoyoteAdapter.java " +
	"(postParseRequest, parsePathParameters, normalize, convertURI), java/org/apache/tomcat/util/buf/UDecoder.java, " +
	"java/org/apache/tomcat/util/http/parser/HttpParser.java (isNotRequestTarget), " +
	"java/org/apache/coyote/http11/Http11Processor.java (prepareRequest: the absolute-form); checked against " +
	"Tomcat 10.1 from Debian 12 (testdata/observed/tomcat*.txt)"

// tomcat is Tomcat 10.1 mapping a request to a Servlet: its parser
// refuses the bytes RFC 3986 refuses, every byte from 0x80, and a raw "["
// or "]" in the path or the query, and an invalid escape in the path; the
// ";" parameters of each segment go first (so "/..;x/" is a ".." segment,
// and a segment they empty is an empty segment: "/a/;x/../b" is "/b"),
// then every escape is decoded ("%2F" refused, as encodedSolidusHandling
// "reject" has it, "%5C" and "%00" too), "//" merged and dot-segments
// removed, one above the root refused; a path that ended in a removed
// dot-segment loses its last "/" ("/a/b/.." is "/a"), and the decoded path
// that remains must be UTF-8 ("/%C0/../a" is taken). The Servlet path
// and path info, the key, are that path; getRequestURI, what the
// application is handed, is the path as received and the query after it.
// An absolute-form target is read as its path when it begins with
// "http://" or "https://", and refused otherwise ("http:/a"), as are the
// authority-form and the asterisk-form. The request
// line and the header fields must fit in 8192 bytes as they came
// (maxHttpHeaderSize), or 400.
var tomcat = Policy{
	Read:             ReadTomcat,
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
	DotEnd:           DotEndTrim,
	InvalidUTF8:      InvalidUTF8Reject,
	KeyForm:          KeyDecoded,
	Forward:          ForwardRaw,
	AbsoluteForm:     AbsoluteToOriginHTTPAuthority,
	AuthorityForm:    OtherReject,
	AsteriskForm:     OtherReject,
	Limits:           Limits{Head: 8188, Field: 4},
}

var _ = register(
	Preset{
		Name: "tomcat", Product: "Apache Tomcat", Version: "10.1", Role: Back,
		Settings: "HTTP/1.1 connector defaults: encodedSolidusHandling reject, ALLOW_BACKSLASH false, relaxedPathChars empty",
		Sources:  tomcatSources, Policy: tomcat,
	},
	Preset{
		Name: "tomcat-decode-slash", Product: "Apache Tomcat", Version: "10.1", Role: Back,
		Settings: "encodedSolidusHandling decode",
		Sources:  tomcatSources, Policy: func() Policy { p := tomcat; p.EncodedSlash = EncodedDecode; return p }(),
	},
)

const jettySources = "jetty/jetty.project, the jetty-12.0.x line: " +
	"jetty-core/jetty-http/src/main/java/org/eclipse/jetty/http/HttpParser.java (the URI state), " +
	"jetty-core/jetty-http/src/main/java/org/eclipse/jetty/http/HttpURI.java (Mutable.parse, checkSegment; at 005ea4ed), " +
	"UriCompliance.java (DEFAULT, LEGACY, checkUriCompliance; at 0015bc38), " +
	"jetty-core/jetty-util/src/main/java/org/eclipse/jetty/util/URIUtil.java (canonicalPath, decodePath), " +
	"jetty-core/jetty-server/src/main/java/org/eclipse/jetty/server/internal/HttpChannelState.java (the compliance check, 400), " +
	"jetty-ee10/jetty-ee10-servlet/src/main/java/org/eclipse/jetty/ee10/servlet/ServletContextRequest.java and ServletApiRequest.java " +
	"(AmbiguousURI, decodeAmbiguousURIs); checked by the vectors of HttpURITest.java (testPathQuery, testDecodedPath; at 005ea4ed) " +
	"and URIUtilTest.java (decodePathSource; at 85ee848a), not by a running Jetty"

// jetty is Jetty 12 mapping a request to a Servlet with the connector's
// default UriCompliance (DEFAULT, which allows no violation): its request
// line parser takes any visible byte and those from 0x80, but HttpURI
// refuses a path character RFC 3986 does not allow; it strips the ";"
// parameters of each segment, decodes every escape, then removes
// dot-segments (canonicalPath), and answers 400 for each violation it
// finds on the way: "%2F", "%25", "%5C" and escaped controls, a "." or
// ".." segment spelled with "%2E" or carrying parameters, an empty
// segment before another, "%u" escapes, escapes that are not UTF-8; an
// invalid escape, "%00" and a ".." above the root are 400 too. The
// Servlet path is the decoded canonical path; getRequestURI is the target
// as received.
//
// An absolute-form target is read as its path, which must begin with "/"
// and come without userinfo. No Jetty runs in the tests: the preset is
// held to the cases of Jetty's own HttpURITest and URIUtilTest
// (testdata/vectors/jetty_httpuri.txt), not to a live server as the
// nginx, Apache httpd, HAProxy and Caddy presets are.
var jetty = Policy{
	Read:             ReadRFCPath,
	InvalidPercent:   InvalidPercentReject,
	Fragment:         FragmentStrip,
	Unreserved:       UnreservedDecode,
	EncodedDot:       EncodedDotRejectSegment,
	EncodedSlash:     EncodedReject,
	EncodedBackslash: EncodedReject,
	EncodedNul:       EncodedReject,
	EncodedPercent:   EncodedReject,
	EncodedControl:   EncodedReject,
	InvalidUTF8:      InvalidUTF8Reject,
	Params:           ParamsStripRejectDots,
	Dot:              DotRemove,
	DotDot:           DotDotRejectAbove,
	Slashes:          SlashesReject,
	KeyForm:          KeyDecoded,
	Forward:          ForwardRaw,
	AbsoluteForm:     AbsoluteToOriginPath,
}

// jettyLegacy is jetty with UriCompliance LEGACY, which allows "%2E"
// dot-segments, "%2F", "%25", "%5C" and escaped controls, "%u" escapes
// and userinfo, and a ServletHandler that decodes ambiguous URIs (without
// it, the Servlet API answers 400 to the first three whatever the
// compliance). "%2F" and "%25" are data while dot-segments are removed; a
// dot-segment with parameters and an empty segment before another are
// still refused. Two differences remain: Jetty decodes an allowed "%2F"
// into the Servlet path, where the key keeps "%2F", and this preset
// refuses userinfo as jetty does.
var jettyLegacy = func() Policy {
	p := jetty
	p.InvalidPercent = InvalidPercentUTF16
	p.EncodedDot = EncodedDotDecode
	p.EncodedSlash = EncodedKeep
	p.EncodedBackslash = EncodedKeep
	p.EncodedPercent = EncodedKeep
	p.EncodedControl = EncodedKeep
	return p
}()

var _ = register(
	Preset{
		Name: "jetty", Product: "Eclipse Jetty", Version: "12.0.x", Role: Back,
		Settings: "HttpConfiguration uriCompliance DEFAULT (RFC3986: no violation allowed), ee10 ServletContextHandler",
		Sources:  jettySources, Policy: jetty,
	},
	Preset{
		Name: "jetty-legacy", Product: "Eclipse Jetty", Version: "12.0.x", Role: Back,
		Settings: "uriCompliance LEGACY, ServletHandler decodeAmbiguousURIs true",
		Sources:  jettySources, Policy: jettyLegacy,
	},
)
