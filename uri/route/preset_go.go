package route

const goSources = "golang/go src/net/http/server.go (ServeMux.findHandler, cleanPath, " +
	"ServeMux.handler for httpmuxgo121), src/net/http/routing_tree.go and pattern.go (segments matched " +
	"unescaped), src/net/url/url.go (ParseRequestURI, setPath, EscapedPath, validEncoded); checked against " +
	"the http.ServeMux of the Go toolchain that runs the tests, and by testdata/go_servemux.txt"

// goServer is what net/http's server does before a handler runs:
// url.ParseRequestURI takes any byte but controls and space, refuses an
// invalid escape (400), keeps a "#" as path data, and EscapedPath
// escapes again a path holding a byte it would have escaped.
var goServer = Policy{
	Read:           ReadLenient,
	InvalidPercent: InvalidPercentReject,
	Fragment:       FragmentEncode,
	RawPath:        RawPathGo,
	AbsoluteForm:   AbsoluteToOrigin,
	Forward:        ForwardRaw,
	Escape:         EscapeGo,
}

// serveMux is Go 1.22's ServeMux as Go 1.26 has it: it cleans the
// escaped path (path.Clean keeping a trailing "/"), redirects with 307
// when that changed it, to a
// url.URL whose Path is the cleaned escaped path (so "%2F" comes back as
// "%252F"), and matches segments of the escaped path, each unescaped:
// "/public/..%2Fadmin/x" runs the "/public/" handler, with r.URL.Path
// "/public/../admin/x".
var serveMux = func() Policy {
	p := goServer
	p.Dot, p.DotDot, p.DotEnd, p.Slashes = DotRemove, DotDotRemove, DotEndTrim, SlashesMerge
	p.Normalized = NormalizedRedirect
	p.Location = LocationEscapedNormalized
	p.Status.Redirect = 307
	return p
}()

// serveMux121 is ServeMux with GODEBUG=httpmuxgo121=1: it cleans
// r.URL.Path, the decoded path ("%2F" is a "/" there), matches on it,
// and redirects with 301 to it, escaped again, when cleaning changed it.
var serveMux121 = func() Policy {
	p := serveMux
	p.EncodedSlash, p.EncodedDot = EncodedDecode, EncodedDotDecode
	p.KeyForm = KeyDecoded
	p.Location = LocationEscaped
	p.Status.Redirect = 301
	return p
}()

// goURLPath is a handler reading r.URL.Path: every escape decoded, "%2F"
// included, nothing cleaned.
var goURLPath = func() Policy {
	p := goServer
	p.EncodedSlash = EncodedDecode
	p.KeyForm = KeyDecoded
	return p
}()

// goFileServer is a handler that cleans r.URL.Path before use, as
// http.FileServer does: path.Clean of the decoded path, which drops a
// trailing "/" too.
var goFileServer = func() Policy {
	p := goURLPath
	// r.URL.Path is decoded before it is cleaned: "%2E%2E" is "..".
	p.EncodedDot = EncodedDotDecode
	p.Dot, p.DotDot, p.DotEnd, p.Slashes = DotRemove, DotDotRemove, DotEndTrim, SlashesMerge
	p.TrailingSlash = TrailingSlashStrip
	return p
}()

var _ = register(
	Preset{
		Name: "servemux", Product: "Go net/http.ServeMux", Version: "Go 1.26 (earlier releases answer the redirect with 301)", Role: Back,
		Settings: "http.NewServeMux(), GODEBUG default", Sources: goSources, Policy: serveMux,
	},
	Preset{
		Name: "servemux-121", Product: "Go net/http.ServeMux", Version: "Go 1.21, and later with GODEBUG=httpmuxgo121=1", Role: Back,
		Settings: "GODEBUG=httpmuxgo121=1", Sources: goSources, Policy: serveMux121,
	},
	Preset{
		Name: "go-urlpath", Product: "Go net/http handler", Version: "Go 1.22 and later", Role: Back,
		Settings: "a handler that reads r.URL.Path", Sources: goSources, Policy: goURLPath,
	},
	Preset{
		Name: "go-fileserver", Product: "Go net/http.FileServer", Version: "Go 1.22 and later", Role: Back,
		Settings: "http.FileServer(http.Dir(...)): path.Clean of r.URL.Path", Sources: goSources, Policy: goFileServer,
	},
)
