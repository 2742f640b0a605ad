package scan_test

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"

	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/internal/testenv"
	"github.com/urilabs/rfc3986/tables"
	"github.com/urilabs/rfc3986/uri"
)

// runSets are the distinct sets of scan.Run, the runs the skipping
// routines are called with.
func runSets() []tables.Set {
	seen := map[tables.Set]bool{}
	var sets []tables.Set
	for _, r := range scan.Run {
		if r != 0 && !seen[r] {
			seen[r] = true
			sets = append(sets, r)
		}
	}
	return sets
}

// checkTwins reports a difference between each vector routine and its Go
// twin on s, from every offset, for every run. Without vector code here,
// or for inputs shorter than the vector code needs, there is nothing to
// compare: the scanner then calls the twins themselves.
func checkTwins(t *testing.T, s string) bool {
	t.Helper()
	return checkTwinsFrom(t, s, uint(len(s)))
}

// checkTwinsFrom is checkTwins from the offsets below end only, with each
// loop the vector routines have here (scan.RunModes).
func checkTwinsFrom(t *testing.T, s string, end uint) bool {
	t.Helper()
	if !scan.HasVector() || len(s) < 16 {
		return true
	}
	for _, mode := range scan.RunModes() {
		restore := scan.SetRunMode(mode)
		ok := checkTwinsMode(t, s, min(end, uint(len(s))), mode)
		restore()
		if !ok {
			return false
		}
	}
	return true
}

func checkTwinsMode(t *testing.T, s string, end uint, mode string) bool {
	t.Helper()
	for i := uint(0); i < end; i++ {
		for _, r := range runSets() {
			if got, want := scan.RunEnd(s, i, r), scan.SkipRunWords(s, i, r); got != want {
				t.Errorf("runEnd(%q, %d, %#x) with %s = %d, skipRunWords gives %d", s, i, r, mode, got, want)
				return false
			}
		}
		if i == 0 {
			// The lane begins after "//" and a letter of the host:
			// never at 0, where a "/" would be taken for no "/".
			continue
		}
		var got, want [4]uint
		got[0], got[1], got[2], got[3] = scan.LaneEnd(s, i)
		want[0], want[1], want[2], want[3] = scan.LaneEndWords(s, i)
		if got != want {
			t.Errorf("laneEnd(%q, %d) with %s = %v, laneEndWords gives %v", s, i, mode, got, want)
			return false
		}
	}
	return true
}

// escapeDense returns n to n+2 bytes of the alphabet, with a "%" starting a
// triplet at each position with probability density, its hex digits in
// mixed case, and with probability broken a byte that breaks the triplet
// or ends the run in place of one of them.
func escapeDense(rng *rand.Rand, n int, density, broken float64) string {
	const plain = "abcXYZ019-._~!$&'()*+,;=:@/?"
	const hex = "0123456789abcdefABCDEF"
	const breakers = "%gG z#[]\x80\x00/?"
	var b strings.Builder
	for b.Len() < n {
		if rng.Float64() < density {
			t := []byte{'%', hex[rng.IntN(len(hex))], hex[rng.IntN(len(hex))]}
			if rng.Float64() < broken {
				t[rng.IntN(3)] = breakers[rng.IntN(len(breakers))]
			}
			b.Write(t)
			continue
		}
		b.WriteByte(plain[rng.IntN(len(plain))])
	}
	return b.String()
}

// TestEscapesSkipEqualsStep checks skipping against stepping, and each
// vector routine against its Go twin, on runs dense with pct-encoded
// triplets, some of them broken, at every alignment to the vector blocks,
// in every component that admits them.
func TestEscapesSkipEqualsStep(t *testing.T) {
	prefixes := []string{"", "//", "//u@", "http://h/", "http://h/?", "#", "https://", "./"}
	rng := rand.New(rand.NewPCG(1, 2))
	count := 300
	if testing.Short() {
		count = 60
	}
	for _, density := range []float64{0.03, 0.1, 0.3, 1} {
		for _, broken := range []float64{0, 0.02, 0.3} {
			for k := 0; k < count; k++ {
				s := escapeDense(rng, 1+rng.IntN(80), density, broken)
				if !checkTwins(t, s) {
					return
				}
				for _, prefix := range prefixes {
					if !checkAgree(t, prefix+s) || !checkStartsAgree(t, prefix+s) {
						return
					}
				}
			}
		}
	}
}

// TestTripletAtEveryOffset places one triplet, whole or cut or broken, at
// every offset of two blocks of sixty-four, so that its "%" and its digits
// fall on every side of a block's end and of the input's, for every loop. The vector routines
// start at the first two offsets only: the triplet's offset is what moves.
func TestTripletAtEveryOffset(t *testing.T) {
	triplets := []string{"%41", "%4a", "%Fe", "%4", "%", "%4g", "%g4", "%%41", "%41%42", "%41%4", "%41%", "%4\x80", "%\x80"}
	// The triplet at every offset before it, up to two blocks of 64, the
	// width of the AVX-512 loop; every length after it with
	// RFC3986_LONG=1, by default every third.
	stride, afters := 3, 20
	if testenv.Long() {
		stride, afters = 1, 70
	}
	for _, prefix := range []string{"http://h/", "http://h/?", "//", "?"} {
		for before := 0; before <= 134; before++ {
			for _, tr := range triplets {
				for after := 0; after <= afters; after += stride {
					s := prefix + strings.Repeat("a", before) + tr + strings.Repeat("b", after)
					if !checkAgree(t, s) || !checkTwinsFrom(t, s, 2) {
						return
					}
				}
			}
		}
	}
}

// TestPropertyTwins checks each vector routine against its Go twin on
// generated strings of bytes that runs are made of, with triplets.
func TestPropertyTwins(t *testing.T) {
	p := properties(t)
	p.Property("runs with triplets", prop.ForAll(func(parts []string) bool {
		return checkTwins(t, strings.Join(parts, ""))
	}, gen.SliceOf(gen.OneConstOf("a", "Z", "0", "-", "/", "?", "#", ":", "@", "%41", "%4f", "%A", "%", "%%", " ", "[", "%zz"))))
	p.TestingRun(t)
}

// TestHexNibbles checks the table the vector code finds the digits of
// triplets with, and what it takes for granted: that every HEXDIG is in
// every run that admits triplets, so that the digits never end a run and
// only the "%" needs unmarking, and that "%" is in no run, so that it is
// always marked (run_arm64.s unmarks it with an XOR).
func TestHexNibbles(t *testing.T) {
	hi, _ := scan.NibbleTables()
	lo := scan.HexNibbles()
	for b := 0; b < 256; b++ {
		if got, want := lo[b&15]&hi[b>>4] != 0, tables.Sets[b]&tables.HEXDIG != 0; got != want {
			t.Errorf("byte %#x: the HEXDIG nibble table says %t, Sets says %t", b, got, want)
		}
	}
	for _, r := range runSets() {
		if tables.Sets['%']&r != 0 {
			t.Errorf("run %#x holds %q", r, '%')
		}
		if r&scan.PctEncoded == 0 {
			continue
		}
		for b := 0; b < 256; b++ {
			if tables.Sets[b]&tables.HEXDIG != 0 && tables.Sets[b]&r == 0 {
				t.Errorf("run %#x admits triplets but not the HEXDIG %q", r, rune(b))
			}
		}
	}
}

// escapeURLs returns count URLs with queries of 1 to 8 KB that have a
// "%" HEXDIG HEXDIG, digits in mixed case, at the given fraction of
// positions: the shape of tracking links and encoded redirect targets.
func escapeURLs(count int, density float64) []string {
	rng := rand.New(rand.NewPCG(3, uint64(density*1000)))
	urls := make([]string, count)
	for i := range urls {
		n := 1<<10 + rng.IntN(7<<10)
		query := strings.ReplaceAll(escapeDense(rng, n, density, 0), "#", "&")
		urls[i] = "https://click.example.com/r/c?" + query
	}
	return urls
}

// BenchmarkScanEscapes scans long URLs with 0, 3, 10 and 30% of their
// positions starting a triplet.
func BenchmarkScanEscapes(b *testing.B) {
	for _, density := range []float64{0, 0.03, 0.1, 0.3} {
		urls := escapeURLs(64, density)
		size := 0
		for _, s := range urls {
			if _, f := scan.Scan(s, scan.Options{}); f != 0 {
				b.Fatalf("Scan(%.40q...) = %v", s, f)
			}
			size += len(s)
		}
		b.Run(fmt.Sprintf("density=%g%%", density*100), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, s := range urls {
					scan.Scan(s, scan.Options{})
				}
			}
		})
	}
}

// BenchmarkParseEscapes parses the long URLs of BenchmarkScanEscapes
// with uri.Parse and with net/url.Parse, in the same run, for the ratio
// the vector loop's triplets are for.
func BenchmarkParseEscapes(b *testing.B) {
	for _, density := range []float64{0, 0.03, 0.1, 0.3} {
		urls := escapeURLs(64, density)
		size := 0
		for _, s := range urls {
			size += len(s)
		}
		parsers := []struct {
			name  string
			parse func(string) error
		}{
			{"uri", func(s string) error { _, err := uri.Parse(s); return err }},
			{"net-url", func(s string) error { _, err := url.Parse(s); return err }},
		}
		for _, p := range parsers {
			b.Run(fmt.Sprintf("density=%g%%/parser=%s", density*100, p.name), func(b *testing.B) {
				b.SetBytes(int64(size))
				b.ReportAllocs()
				for b.Loop() {
					for _, s := range urls {
						if err := p.parse(s); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}

// BenchmarkScanWeb scans the web corpus, with each way shortLane has
// of reading here, and without it.
func BenchmarkScanWeb(b *testing.B) {
	lines := readLines(b, "web_urls.txt")
	size := 0
	for _, s := range lines {
		size += len(s)
	}
	for _, mode := range append(scan.ShortLaneModes(), "off") {
		b.Run("short="+mode, func(b *testing.B) {
			defer scan.SetShortLaneMode(mode)()
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, s := range lines {
					scan.Scan(s, scan.Options{})
				}
			}
		})
	}
}
