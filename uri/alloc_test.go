package uri_test

import (
	"os/exec"
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/internal/testenv"
	"github.com/urilabs/rfc3986/uri"
)

var (
	sinkURI    uri.URI
	sinkTarget uri.RequestTarget
	sinkString string
	sinkBool   bool
	sinkInt    int
	sinkKind   uri.HostKind
	sinkErr    error
	sinkBytes  []byte
	sinkComps  uri.Components
)

// longPath is a path of about 1 MiB, to check that the promises below
// hold for long inputs and not only for what fits a stack buffer.
var longPath = "/" + strings.Repeat("abcdefg/", 1<<17)

// TestNoAllocs checks the allocation promises of each function: parsing
// a valid reference and every accessor allocate nothing; Resolve,
// Normalize, Equivalent, Build, the escaping functions and the iterators
// allocate what their documentation says, and nothing in a buffer with
// room. It logs the count of each (go test -v -run NoAllocs).
func TestNoAllocs(t *testing.T) {
	inputs := []string{
		"foo://user:pw@example.com:8042/over/there?name=ferret#nose",
		"http://[2001:db8::7]:80/a%20b?c#d",
		"//192.0.2.16/",
		"mailto:John.Doe@example.com",
		"../a/b;p?q",
		"",
	}
	a := uri.MustParse(inputs[0])
	base := uri.MustParse("http://a/b/c/d;p?q")
	ref := uri.MustParse("../g;x?y#s")
	dotDot, within, empty := uri.MustParse("../"), uri.MustParse("g/../h/./i?y"), uri.MustParse("")
	network := uri.MustParse("//g/h")
	normal := uri.MustParse("http://example.com/a/b?c#d")
	notNormal := uri.MustParse("HTTP://Example.COM:80/a/./b/../%7e?%7e")
	longNormal := uri.MustParse("http://example.com" + longPath)
	longNotNormal := uri.MustParse("HTTP://example.com" + longPath + "x/..")
	longDotty := uri.MustParse("http://example.com" + longPath + strings.Repeat("/%2E%2E", 1<<16) + "/%7e")
	longDottyNormal := longDotty.Normalize()
	u := uri.MustParse("foo://user@192.0.2.1:8042/over/there?name=ferret&x=y#nose")
	room := make([]byte, 0, 4<<20)

	type allocTest struct {
		name string
		want float64 // the promise; -1 where there is none to keep
		f    func()
	}
	var tests []allocTest
	for _, s := range inputs {
		tests = append(tests, allocTest{"Parse/" + s, 0, func() { sinkURI, sinkErr = uri.Parse(s) }})
	}
	tests = append(tests, []allocTest{
		{"String", 0, func() { sinkString = a.String() }},
		{"Scheme", 0, func() { sinkString = a.Scheme() }},
		{"HasScheme", 0, func() { sinkBool = a.HasScheme() }},
		{"Authority", 0, func() { sinkString = a.Authority() }},
		{"HasAuthority", 0, func() { sinkBool = a.HasAuthority() }},
		{"UserInfo", 0, func() { sinkString = a.UserInfo() }},
		{"HasUserInfo", 0, func() { sinkBool = a.HasUserInfo() }},
		{"Host", 0, func() { sinkString = a.Host() }},
		{"HostKind", 0, func() { sinkKind = a.HostKind() }},
		{"Port", 0, func() { sinkString = a.Port() }},
		{"HasPort", 0, func() { sinkBool = a.HasPort() }},
		{"PortNumber", 0, func() { sinkInt, sinkBool = a.PortNumber() }},
		{"Path", 0, func() { sinkString = a.Path() }},
		{"Query", 0, func() { sinkString = a.Query() }},
		{"HasQuery", 0, func() { sinkBool = a.HasQuery() }},
		{"Fragment", 0, func() { sinkString = a.Fragment() }},
		{"HasFragment", 0, func() { sinkBool = a.HasFragment() }},
		{"IsAbsolute", 0, func() { sinkBool = a.IsAbsolute() }},
		{"IsRelative", 0, func() { sinkBool = a.IsRelative() }},
		{"IsNetworkPath", 0, func() { sinkBool = a.IsNetworkPath() }},
		{"IsAbsolutePath", 0, func() { sinkBool = a.IsAbsolutePath() }},
		{"IsRelativePath", 0, func() { sinkBool = a.IsRelativePath() }},
		{"IsSameDocument", 0, func() { sinkBool = a.IsSameDocument() }},
		{"HostKind.String", 0, func() { sinkString = a.HostKind().String() }},
		{"Resolve", 1, func() { sinkURI, sinkErr = base.Resolve(ref) }},
		{"ResolveNonStrict", 1, func() { sinkURI, sinkErr = base.ResolveNonStrict(ref) }},
		{"ResolveString", 1, func() { sinkURI, sinkErr = base.ResolveString("../g;x?y#s") }},
		{"Resolve/its own target", 0, func() { sinkURI, sinkErr = base.Resolve(normal) }},
		{"Resolve/a prefix of the base", 0, func() { sinkURI, sinkErr = base.Resolve(dotDot) }},
		{"Resolve/dot-segments within", 1, func() { sinkURI, sinkErr = base.Resolve(within) }},
		{"Resolve/the empty reference", 0, func() { sinkURI, sinkErr = base.Resolve(empty) }},
		{"Resolve/network-path", 1, func() { sinkURI, sinkErr = base.Resolve(network) }},
		{"Resolve/long", 1, func() { sinkURI, sinkErr = base.Resolve(longNotNormal) }},
		{"AppendResolve/room", 0, func() { sinkBytes, sinkErr = uri.AppendResolve(room[:0], base, ref) }},
		{"AppendResolve/room dotted", 0, func() { sinkBytes, sinkErr = uri.AppendResolve(room[:0], base, within) }},
		{"AppendResolve/room network-path", 0, func() { sinkBytes, sinkErr = uri.AppendResolve(room[:0], base, network) }},
		{"AppendResolve/long room", 0, func() { sinkBytes, sinkErr = uri.AppendResolve(room[:0], base, longNotNormal) }},
		{"Normalize/normal", 0, func() { sinkURI = normal.Normalize() }},
		{"Normalize/normal long", 0, func() { sinkURI = longNormal.Normalize() }},
		{"Normalize/normal long dotty", 0, func() { sinkURI = longDottyNormal.Normalize() }},
		{"NormalizeSyntax/normal", 0, func() { sinkURI = normal.NormalizeSyntax() }},
		{"Normalize/not normal", 1, func() { sinkURI = notNormal.Normalize() }},
		{"Normalize/not normal long", 1, func() { sinkURI = longNotNormal.Normalize() }},
		{"Normalize/not normal long dotty", 1, func() { sinkURI = longDotty.Normalize() }},
		{"AppendNormalize/room", 0, func() { sinkBytes = uri.AppendNormalize(room[:0], notNormal) }},
		{"AppendNormalize/long room", 0, func() { sinkBytes = uri.AppendNormalize(room[:0], longDotty) }},
		{"Equivalent", 0, func() { sinkBool = uri.Equivalent(normal, notNormal) }},
		{"Equivalent/long", 0, func() { sinkBool = uri.Equivalent(longNormal, longNotNormal) }},
		{"Equivalent/long dotty", 0, func() { sinkBool = uri.Equivalent(longDotty, longDottyNormal) }},
		{"RemoveDotSegments/none", 0, func() { sinkString = uri.RemoveDotSegments(longPath) }},
		{"RemoveDotSegments/some", 1, func() { sinkString = uri.RemoveDotSegments("/a/./b/../c") }},
		{"Escape/nothing to do", 0, func() { sinkString, _ = uri.Escape(longPath, uri.Path) }},
		{"Escape", 1, func() { sinkString, _ = uri.Escape("a b/c", uri.Segment) }},
		{"AppendEscape/room", 0, func() { sinkBytes, _ = uri.AppendEscape(room[:0], "a b/c", uri.Segment) }},
		{"Unescape/nothing to do", 0, func() { sinkString, sinkErr = uri.Unescape(longPath) }},
		{"Unescape", 1, func() { sinkString, sinkErr = uri.Unescape("a%20b%2Fc") }},
		{"AppendUnescape/room", 0, func() { sinkBytes, sinkErr = uri.AppendUnescape(room[:0], "a%20b%2Fc") }},
		{"Components", 0, func() { sinkComps = u.Components() }},
		{"Build", -1, func() { sinkURI, sinkErr = uri.Build(sinkComps) }},
		{"Addr", 0, func() { a, ok := u.Addr(); sinkBool = ok && a.IsValid() }},
		{"Segments", 0, func() {
			for s := range u.Segments() {
				sinkString = s
			}
		}},
		{"QueryPairs", 0, func() {
			for k, v := range u.QueryPairs() {
				sinkString = k + v[:0]
			}
		}},
	}...)
	sinkComps = u.Components()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			runs := 100
			if strings.Contains(tt.name, "long") {
				runs = 5
			}
			n := testing.AllocsPerRun(runs, tt.f)
			t.Logf("%v allocs/run", n)
			if tt.want >= 0 && n != tt.want {
				t.Errorf("%s allocates %v times, want %v", tt.name, n, tt.want)
			}
		})
	}
	if !uri.Equivalent(longDotty, longDottyNormal) || uri.Equivalent(longNormal, longNotNormal) != (longNormal.Normalize() == longNotNormal.Normalize()) {
		t.Errorf("Equivalent gives a wrong answer on the long inputs")
	}
}

// TestInlining checks that what a hot path calls stays small enough for
// the compiler to inline: the accessors, so that reading a component
// costs a slice expression and nothing more; the writer's per-byte
// methods; the iterators, whose closures allocate nothing only while they
// are inlined into the range loop; the word-at-a-time tests of Hazards,
// which run on every URL; and the scanner's entry points, so that Parse
// reaches its core with one call. PortNumber, which loops over
// the digits, is left out: a call costs it little beside that loop.
func TestInlining(t *testing.T) {
	if testing.Short() {
		testenv.Skip(t, "-short: it builds the package with -gcflags=-m")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		testenv.Skip(t, "no go command: "+err.Error())
	}
	out, err := exec.Command(goTool, "build", "-gcflags=-m", "github.com/urilabs/rfc3986/uri", "github.com/urilabs/rfc3986/scanner", "github.com/urilabs/rfc3986/internal/scan").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	// The output of each package follows a line "# import/path".
	inlinable := map[string]bool{} // "package.Function"
	canInline := regexp.MustCompile(`can inline (\S+)`)
	pkg := ""
	for _, line := range strings.Split(string(out), "\n") {
		if p, ok := strings.CutPrefix(line, "# "); ok {
			pkg = path.Base(p)
		} else if m := canInline.FindStringSubmatch(line); m != nil {
			inlinable[pkg+"."+m[1]] = true
		}
	}
	want := map[string]string{
		"uri": `
			core.String core.Scheme core.HasScheme core.Authority core.HasAuthority
			core.UserInfo core.HasUserInfo core.Host core.HostKind core.Port core.HasPort
			core.Path core.Query core.HasQuery core.Fragment core.HasFragment
			core.IsAbsolute core.IsRelative core.IsNetworkPath core.IsAbsolutePath
			core.IsRelativePath core.IsSameDocument MustParse (*Error).Unwrap
			(*writer).str (*writer).byte (*writer).pos (*writer).truncate (*writer).view
			isUpper toLower toUpper isLowerHex unhex bytesToString (*dotRemover).root
			core.Segments core.QueryPairs URI.Resolve URI.ResolveNonStrict
			URI.Normalize URI.NormalizeSyntax AppendNormalize decodeTriplet
			RequestTarget.Form RequestTarget.String RequestTarget.Path RequestTarget.Query
			RequestTarget.HasQuery RequestTarget.Host RequestTarget.HostKind
			RequestTarget.Port RequestTarget.URI
			Hazards.Has Hazards.All URI.Hazards mayEndNumber mayHoldWords`,
		"scan": `Scan ScanBytes Failure.Offset Failure.Reason Failure.Component
			Marks.SchemeEnd Marks.HostStart Marks.PathEnd Marks.Flags Marks.HostKind
			Marks.Plain Marks.PlainFacts MayEndNumber holds holdsPlain zeroByte load64
			Short MayBeShort WithPlain`,
		// The facade's Scan and ScanBytes cost one call more than the
		// engine's, which inlines into them (cost 88 of a budget of 80);
		// Parse calls the engine.
		"scanner": `Failure.Offset Failure.Reason Failure.Component
			Marks.SchemeEnd Marks.HostStart Marks.PathEnd Marks.Flags Marks.HostKind`,
	}
	for pkg, names := range want {
		for _, name := range strings.Fields(names) {
			t.Run(pkg+"."+name, func(t *testing.T) {
				if !inlinable[pkg+"."+name] {
					t.Errorf("%s.%s is no longer inlinable", pkg, name)
				}
			})
		}
	}
}
