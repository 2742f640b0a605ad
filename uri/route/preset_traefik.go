package route

const traefikSources = "traefik/traefik pkg/server/server_entrypoint_tcp.go (normalizePath, sanitizePath, " +
	"routingPath, denyFragment), pkg/middlewares/encodedcharacters, docs/content/security/request-path.md; " +
	"checked by testdata/traefik_entrypoint.txt"

// traefik is an entry point of Traefik v3: net/http reads the target
// (invalid escapes refused), normalizePath decodes the escapes of
// unreserved characters and upper-cases the others, sanitizePath cleans
// the escaped path with url.JoinPath (path.Clean, keeping a trailing
// "/"), routers match on the routing path (escapes decoded but those of
// reserved characters and "%"), and the cleaned escaped path is
// forwarded.
var traefik = Policy{
	Read:           ReadLenient,
	InvalidPercent: InvalidPercentReject,
	Fragment:       FragmentReject,
	RawPath:        RawPathGo,
	AbsoluteForm:   AbsoluteToOrigin,
	PercentCase:    PercentCaseUpper,
	Unreserved:     UnreservedDecode,
	Dot:            DotRemove,
	DotDot:         DotDotRemove,
	DotEnd:         DotEndTrim,
	Slashes:        SlashesMerge,
	KeyForm:        KeyDecodedUnreserved,
}

// traefikRejectEncoded is traefik with every encodedCharacters option
// false: the escapes of "/", "\", NUL, ";", "%", "?" and "#" are
// refused with 400.
func traefikRejectEncoded(p Policy) Policy {
	p.EncodedSlash, p.EncodedBackslash, p.EncodedNul, p.EncodedSemicolon = EncodedReject, EncodedReject, EncodedReject, EncodedReject
	p.EncodedPercent, p.EncodedQuestion, p.EncodedHash = EncodedReject, EncodedReject, EncodedReject
	return p
}

func withoutSanitize(p Policy) Policy {
	p.Dot, p.DotDot, p.DotEnd, p.Slashes = DotKeep, DotDotKeep, DotEndSlash, SlashesKeep
	return p
}

var _ = register(
	Preset{
		Name: "traefik", Product: "Traefik", Version: "3.6.4 and later", Role: Front,
		Settings: "entryPoints.<name>.http defaults: sanitizePath true, every encodedCharacters option false",
		Sources:  traefikSources, Policy: traefikRejectEncoded(traefik),
	},
	Preset{
		Name: "traefik-allow-encoded", Product: "Traefik", Version: "3.4.1 to 3.6.3", Role: Front,
		Settings: "sanitizePath true, every encodedCharacters option true (the behaviour before 3.6.4)",
		Sources:  traefikSources, Policy: traefik,
	},
	Preset{
		Name: "traefik-nosanitize", Product: "Traefik", Version: "3.6.4 and later", Role: Front,
		Settings: "sanitizePath false, every encodedCharacters option false",
		Sources:  traefikSources, Policy: traefikRejectEncoded(withoutSanitize(traefik)),
	},
)
