package uri_test

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

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
)

// TestNoAllocs checks that parsing a valid reference and every accessor
// allocate nothing.
func TestNoAllocs(t *testing.T) {
	inputs := []string{
		"foo://user:pw@example.com:8042/over/there?name=ferret#nose",
		"http://[2001:db8::7]:80/a%20b?c#d",
		"//192.0.2.16/",
		"mailto:John.Doe@example.com",
		"../a/b;p?q",
		"",
	}
	for _, s := range inputs {
		if n := testing.AllocsPerRun(100, func() { sinkURI, sinkErr = uri.Parse(s) }); n != 0 {
			t.Errorf("Parse(%q) allocates %v times, want 0", s, n)
		}
	}
	u := uri.MustParse(inputs[0])
	accessors := map[string]func(){
		"String":          func() { sinkString = u.String() },
		"Scheme":          func() { sinkString = u.Scheme() },
		"HasScheme":       func() { sinkBool = u.HasScheme() },
		"Authority":       func() { sinkString = u.Authority() },
		"HasAuthority":    func() { sinkBool = u.HasAuthority() },
		"UserInfo":        func() { sinkString = u.UserInfo() },
		"HasUserInfo":     func() { sinkBool = u.HasUserInfo() },
		"Host":            func() { sinkString = u.Host() },
		"HostKind":        func() { sinkKind = u.HostKind() },
		"Port":            func() { sinkString = u.Port() },
		"HasPort":         func() { sinkBool = u.HasPort() },
		"PortNumber":      func() { sinkInt, sinkBool = u.PortNumber() },
		"Path":            func() { sinkString = u.Path() },
		"Query":           func() { sinkString = u.Query() },
		"HasQuery":        func() { sinkBool = u.HasQuery() },
		"Fragment":        func() { sinkString = u.Fragment() },
		"HasFragment":     func() { sinkBool = u.HasFragment() },
		"IsAbsolute":      func() { sinkBool = u.IsAbsolute() },
		"IsRelative":      func() { sinkBool = u.IsRelative() },
		"IsNetworkPath":   func() { sinkBool = u.IsNetworkPath() },
		"IsAbsolutePath":  func() { sinkBool = u.IsAbsolutePath() },
		"IsRelativePath":  func() { sinkBool = u.IsRelativePath() },
		"IsSameDocument":  func() { sinkBool = u.IsSameDocument() },
		"HostKind.String": func() { sinkString = u.HostKind().String() },
	}
	for name, f := range accessors {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times, want 0", name, n)
		}
	}
}

// TestInlining checks that the accessors stay small enough for the
// compiler to inline, so that reading a component costs a slice
// expression and nothing more, and that Parse reaches the scanner's core
// through entry points that inline away. PortNumber, which loops over the digits, is
// left out: a call costs it little beside that loop.
func TestInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package with -gcflags=-m")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	out, err := exec.Command(goTool, "build", "-gcflags=-m", "github.com/urilabs/rfc3986/uri", "github.com/urilabs/rfc3986/scanner", "github.com/urilabs/rfc3986/internal/scan").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	inlinable := map[string]bool{}
	for _, m := range regexp.MustCompile(`can inline (\S+)`).FindAllStringSubmatch(string(out), -1) {
		inlinable[m[1]] = true
	}
	want := strings.Fields(`
		URI.String URI.Scheme URI.HasScheme URI.Authority URI.HasAuthority
		URI.UserInfo URI.HasUserInfo URI.Host URI.HostKind URI.Port URI.HasPort
		URI.Path URI.Query URI.HasQuery URI.Fragment URI.HasFragment
		URI.IsAbsolute URI.IsRelative URI.IsNetworkPath URI.IsAbsolutePath
		URI.IsRelativePath URI.IsSameDocument MustParse (*Error).Unwrap
		RequestTarget.Form RequestTarget.String RequestTarget.Path RequestTarget.Query
		RequestTarget.HasQuery RequestTarget.Host RequestTarget.HostKind
		RequestTarget.Port RequestTarget.URI
		Scan ScanBytes Failure.Offset Failure.Reason Failure.Component
		Marks.SchemeEnd Marks.HostStart Marks.PathEnd Marks.Flags Marks.HostKind`)
	for _, name := range want {
		if !inlinable[name] {
			t.Errorf("%s is no longer inlinable", name)
		}
	}
}
