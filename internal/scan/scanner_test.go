package scan_test

import (
	"bufio"
	"flag"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/internal/testenv"
	"github.com/urilabs/rfc3986/tables"
)

// TestMain reports the tests that skipped, which go test ./... would
// otherwise show as a plain "ok".
func TestMain(m *testing.M) { testenv.Main(m) }

type result struct {
	Marks   scan.Marks
	Failure scan.Failure
}

// marksText lets cmp.Diff show Marks, whose fields are unexported, as
// their String.
var marksText = cmp.Transformer("String", scan.Marks.String)

func scanAll(s string, o scan.Options) (fast, portable, stepping, bytes result) {
	fast.Marks, fast.Failure = scan.Scan(s, o)
	portable.Marks, portable.Failure = scan.ScanPortable(s, o)
	stepping.Marks, stepping.Failure = scan.ScanStepping(s, o)
	bytes.Marks, bytes.Failure = scan.ScanBytes([]byte(s), o)
	return
}

// checkAgree reports a difference between Scan, Scan with the portable
// code that skips runs, Scan without skipping runs, and ScanBytes on s,
// read as a URI-reference.
func checkAgree(t *testing.T, s string) bool {
	t.Helper()
	return checkAgreeWith(t, s, scan.Options{})
}

// checkAgreeWith is checkAgree with options.
func checkAgreeWith(t *testing.T, s string, o scan.Options) bool {
	t.Helper()
	fast, portable, stepping, bytes := scanAll(s, o)
	if fast == stepping && portable == stepping && fast == bytes {
		return true
	}
	if diff := cmp.Diff(stepping, fast, marksText); diff != "" {
		t.Errorf("Scan(%q, %+v) differs from stepping every byte (-stepping +fast):\n%s", s, o, diff)
		return false
	}
	if diff := cmp.Diff(stepping, portable, marksText); diff != "" {
		t.Errorf("Scan(%q, %+v) with the portable code differs from stepping every byte (-stepping +portable):\n%s", s, o, diff)
		return false
	}
	if diff := cmp.Diff(fast, bytes, marksText); diff != "" {
		t.Errorf("ScanBytes(%q, %+v) differs from Scan (-Scan +ScanBytes):\n%s", s, o, diff)
		return false
	}
	// Scan with each loop the vector routines have here, beyond the one
	// it chose.
	for _, mode := range scan.RunModes() {
		var other result
		restore := scan.SetRunMode(mode)
		other.Marks, other.Failure = scan.Scan(s, o)
		restore()
		if diff := cmp.Diff(stepping, other, marksText); diff != "" {
			t.Errorf("Scan(%q, %+v) with runs read by %s differs from stepping every byte (-stepping +fast):\n%s", s, o, mode, diff)
			return false
		}
	}
	// Scan with each way shortLane has of reading its input here, beyond
	// the one it chose.
	for _, mode := range scan.ShortLaneModes() {
		var other result
		restore := scan.SetShortLaneMode(mode)
		other.Marks, other.Failure = scan.Scan(s, o)
		restore()
		if diff := cmp.Diff(stepping, other, marksText); diff != "" {
			t.Errorf("Scan(%q, %+v) with shortLane in %s differs from stepping every byte (-stepping +fast):\n%s", s, o, mode, diff)
			return false
		}
	}
	return true
}

// checkStartsAgree is checkAgree for the other starts and for zone
// identifiers: whatever the options, skipping must give what stepping
// gives.
func checkStartsAgree(t *testing.T, s string) bool {
	t.Helper()
	for _, o := range []scan.Options{{Start: scan.AbsolutePath}, {Start: scan.Authority}, {ZoneID: true}} {
		if !checkAgreeWith(t, s, o) {
			return false
		}
	}
	return true
}

func readLines(t testing.TB, name string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// TestCorpusSkipEqualsStep checks, over both real-world corpora, that
// skipping runs gives exactly what stepping every byte gives, and that the
// string and byte-slice entry points agree.
func TestCorpusSkipEqualsStep(t *testing.T) {
	for _, name := range []string{"web_urls.txt", "file_urls.txt"} {
		lines := readLines(t, name)
		lines = lines[:testenv.Cases(len(lines))]
		for _, s := range lines {
			if !checkAgree(t, s) || !checkStartsAgree(t, s) {
				return
			}
		}
	}
}

// Where native fuzzing cannot run, as under qemu-user, whose fuzz workers
// the kernel cannot start, CI runs the properties longer and with a fresh
// seed instead.
var (
	propertyCount = flag.Int("properties", 0, "how many inputs each property is checked on (0: testenv.Cases(5000))")
	propertySeed  = flag.Int64("seed", 1, "the seed of the properties' generators")
)

func properties(t *testing.T) *gopter.Properties {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = testenv.Cases(5000)
	if *propertyCount > 0 {
		params.MinSuccessfulTests = *propertyCount
	}
	params.Rng.Seed(*propertySeed) // reproducible; the fuzz targets explore further
	return gopter.NewProperties(params)
}

// TestPropertySkipEqualsStep checks the same on generated valid
// references and on mutations of them, about half of them invalid.
func TestPropertySkipEqualsStep(t *testing.T) {
	p := properties(t)
	p.Property("valid references", prop.ForAll(func(parts reference.Parts) bool {
		return checkAgree(t, parts.String())
	}, genOf(reference.URIReference())))
	p.Property("mutated references", prop.ForAll(func(s string) bool {
		return checkAgree(t, s)
	}, genOf(reference.Mutated())))
	p.Property("arbitrary strings", prop.ForAll(func(s string) bool {
		return checkAgree(t, s)
	}, gen.AnyString()))
	p.TestingRun(t)
}

func TestScanAllocatesNothing(t *testing.T) {
	s := "foo://user:pw@example.com:8042/over/there?name=ferret#nose"
	b := []byte("http://[2001:db8::7]:80/a%20b?c#d")
	bad := "http://a b/"
	if n := testing.AllocsPerRun(100, func() {
		scan.Scan(s, scan.Options{})
		scan.ScanBytes(b, scan.Options{})
		scan.Scan(bad, scan.Options{})
	}); n != 0 {
		t.Errorf("Scan allocates %v times per run, want 0", n)
	}
}

// FuzzSkipEqualsStep checks on arbitrary input that skipping runs and the
// fast start give exactly what stepping the automaton over every byte
// gives, and that ScanBytes agrees with Scan.
func FuzzSkipEqualsStep(f *testing.F) {
	f.Add("https://example.com/a%20b?c=d#e")   // the fast start, then runs with pct-encoded
	f.Add("https://1.2.3.4:8080/")             // the fast start stops before a digit
	f.Add("http:/a")                           // a scheme without "//"
	f.Add("//u:p@[::1]:80/%7e?%41#%42")        // every component
	f.Add("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa%4")  // a run that ends in a broken triplet
	f.Add("?aaaaaaa%41aaaaaaaaaaaaaaaaaaaaaa") // a pct-encoded triplet inside a window
	// Triplets dense enough that the vector loop unmarks several in a
	// block, one across the end of a block, and a broken one among them.
	f.Add("https://h/%41%4a%4Bb%7e?%20aaa%2F%3d%3D&a=%C3%A9%e2%82%aC%41#%4")
	f.Add("http://h/aaaaaaaaaaaa%41%42%43%44aaaaaaaaaa%4g%41")
	f.Fuzz(func(t *testing.T, s string) {
		if checkAgree(t, s) {
			checkStartsAgree(t, s)
		}
	})
}

// TestSkipWindowEdges checks skipping against stepping where a run ends at
// every offset of the window of eight or sixteen bytes, at every distance
// from the end of the input, in every state that has a run and in every
// component of the lane: the window that finds the end of a run is placed
// differently near the end of the input.
func TestSkipWindowEdges(t *testing.T) {
	prefixes := []string{
		"",               // scheme or first segment
		"a",              // scheme or first segment, after a byte
		"./",             // relative path
		"x:",             // path without authority
		"//",             // authority
		"//u:",           // userinfo or port
		"//u@",           // host after userinfo
		"//h:",           // port
		"http://h/",      // path after authority
		"http://h/?",     // query
		"#",              // fragment
		"https://",       // host, in the lane
		"http://h/#",     // fragment, in the lane
		"http://h/a/?b#", // fragment after a query, in the lane
	}
	ends := []string{"", "%41", "%4", "%", "%%41", "/", "?", "#", ":", "@", "[", " ", "\x80", "-", "?#", "/?", "##", "%2f?x#"}
	for _, prefix := range prefixes {
		for length := 0; length <= 40; length++ {
			for _, end := range ends {
				for tail := 0; tail <= 10; tail++ {
					s := prefix + strings.Repeat("a", length) + end + strings.Repeat("1", tail)
					if !checkAgree(t, s) || !checkStartsAgree(t, s) {
						return
					}
				}
			}
		}
	}
}

// TestFastStartSchemes checks the fast start against stepping on every
// prefix of inputs that begin with, or nearly with, "http://" and
// "https://", which it compares as one word, and on each of them with one
// byte replaced: a near miss must fall back to the scheme loop, not be
// taken for http or https.
func TestFastStartSchemes(t *testing.T) {
	inputs := []string{
		"http://a/b?c#d", "https://a/b?c#d", "HTTPS://a/", "http:/a", "https:a",
		"https://[::1]/", "http://:80", "https://@a", "http+s://a", "httpss://a",
	}
	for _, in := range inputs {
		for n := 0; n <= len(in); n++ {
			s := in[:n]
			if !checkAgree(t, s) {
				return
			}
			for i := 0; i < len(s) && i < 9; i++ {
				for _, c := range []byte{'/', ':', 's', 'h', 'x', '%', 0} {
					b := []byte(s)
					b[i] = c
					if !checkAgree(t, string(b)) {
						return
					}
				}
			}
		}
	}
}

// TestNibbleTables checks the tables the vector code classifies bytes
// with: for every set a run is made of, and every byte, the two nibble
// lookups say what tables.Sets says. It also checks what the vector code
// assumes of scan.Run: each run is one set of bytes, maybe with
// PctEncoded.
func TestNibbleTables(t *testing.T) {
	hi, lo := scan.NibbleTables()
	for st, r := range scan.Run {
		if r == 0 {
			continue
		}
		set := r &^ scan.PctEncoded
		if set == 0 || set&(set-1) != 0 {
			t.Errorf("Run[%d] = %#x is not one set of bytes", st, r)
			continue
		}
		k := bits.TrailingZeros16(uint16(set))
		for b := 0; b < 256; b++ {
			got := lo[k][b&15]&hi[b>>4] != 0
			if want := tables.Sets[b]&set != 0; got != want {
				t.Errorf("set %#x, byte %#x: nibble tables say %t, Sets says %t", set, b, got, want)
			}
		}
	}
}

// TestMarksLayout reads the offsets at HostStartAt, HostEndAt,
// PathStartAt and PathEndAt of Marks in memory, as the assembly of
// package uri does, and compares them with the methods: it fails if the
// layout of Marks changes and the constants do not follow.
func TestMarksLayout(t *testing.T) {
	m := scan.MakeMarks(1, 2, 0x01020304, 0x05060708, 0x090a0b0c, 0x0d0e0f10, 0x11121314, scan.HasAuthority, tables.HostRegName)
	at := func(off uintptr) uint32 {
		return *(*uint32)(unsafe.Add(unsafe.Pointer(&m), off))
	}
	got := [4]uint32{at(scan.HostStartAt), at(scan.HostEndAt), at(scan.PathStartAt), at(scan.PathEndAt)}
	want := [4]uint32{m.HostStart(), m.HostEnd(), m.PathStart(), m.PathEnd()}
	if got != want {
		t.Errorf("offsets read at HostStartAt, HostEndAt, PathStartAt, PathEndAt = %#x, want %#x", got, want)
	}
}
