package uri_test

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

var (
	sinkBytes []byte
	sinkComps uri.Components
)

// longPath is a path of about 1 MiB, to check that the promises below
// hold for long inputs and not only for what fits a stack buffer.
var longPath = "/" + strings.Repeat("abcdefg/", 1<<17)

// TestNoAllocsTransform checks the allocation promises of Resolve,
// Normalize, Equivalent, Build, the escaping functions and the
// iterators, and logs the count of each (go test -v -run NoAllocsTransform).
func TestNoAllocsTransform(t *testing.T) {
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

	tests := []struct {
		name string
		want float64 // the promise; -1 where there is none to keep
		f    func()
	}{
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
		{"AppendNormalized/room", 0, func() { sinkBytes = uri.AppendNormalized(room[:0], notNormal) }},
		{"AppendNormalized/long room", 0, func() { sinkBytes = uri.AppendNormalized(room[:0], longDotty) }},
		{"Equivalent", 0, func() { sinkBool = uri.Equivalent(normal, notNormal) }},
		{"Equivalent/long", 0, func() { sinkBool = uri.Equivalent(longNormal, longNotNormal) }},
		{"Equivalent/long dotty", 0, func() { sinkBool = uri.Equivalent(longDotty, longDottyNormal) }},
		{"RemoveDotSegments/none", 0, func() { sinkString = uri.RemoveDotSegments(longPath) }},
		{"RemoveDotSegments/some", 1, func() { sinkString = uri.RemoveDotSegments("/a/./b/../c") }},
		{"Escape/nothing to do", 0, func() { sinkString = uri.Escape(longPath, uri.Path) }},
		{"Escape", 1, func() { sinkString = uri.Escape("a b/c", uri.Segment) }},
		{"AppendEscape/room", 0, func() { sinkBytes = uri.AppendEscape(room[:0], "a b/c", uri.Segment) }},
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
	}
	sinkComps = u.Components()
	for _, tt := range tests {
		runs := 100
		if strings.Contains(tt.name, "long") {
			runs = 5
		}
		n := testing.AllocsPerRun(runs, tt.f)
		t.Logf("%-32s %v allocs/run", tt.name, n)
		if tt.want >= 0 && n != tt.want {
			t.Errorf("%s allocates %v times, want %v", tt.name, n, tt.want)
		}
	}
	if !uri.Equivalent(longDotty, longDottyNormal) || uri.Equivalent(longNormal, longNotNormal) != (longNormal.Normalize() == longNotNormal.Normalize()) {
		t.Errorf("Equivalent gives a wrong answer on the long inputs")
	}
}

// TestInliningTransform checks that the writer's per-byte methods and the
// iterators stay inlinable: the iterators' closures allocate nothing only
// while they are inlined into the range loop. So must the word-at-a-time
// tests of Hazards, which run on every URL.
func TestInliningTransform(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package with -gcflags=-m")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	out, err := exec.Command(goTool, "build", "-gcflags=-m", "github.com/urilabs/rfc3986/uri").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	inlinable := map[string]bool{}
	for _, m := range regexp.MustCompile(`can inline (\S+)`).FindAllStringSubmatch(string(out), -1) {
		inlinable[m[1]] = true
	}
	want := strings.Fields(`
		(*writer).str (*writer).byte (*writer).pos (*writer).truncate (*writer).view
		isUpper toLower toUpper isLowerHex unhex bytesToString (*dotRemover).root
		URI.Segments URI.QueryPairs URI.Resolve URI.ResolveNonStrict
		URI.Normalize URI.NormalizeSyntax AppendNormalized setOf
		Hazards.Has Hazards.All mayEndNumber holds zeroByte load64`)
	for _, name := range want {
		if !inlinable[name] {
			t.Errorf("%s is no longer inlinable", name)
		}
	}
}
