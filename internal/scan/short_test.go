package scan_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/internal/scan"
	"github.com/urilabs/rfc3986/internal/testenv"
	"github.com/urilabs/rfc3986/tables"
)

// shortModes runs f once for each way shortLane reads its input here.
func shortModes(t *testing.T, f func(t *testing.T)) {
	modes := scan.ShortLaneModes()
	if len(modes) == 0 {
		testenv.Skip(t, "shortLane has no vector code here: it needs amd64 with AVX2, or arm64, without the tag purego")
	}
	for _, mode := range modes {
		t.Run(mode, func(t *testing.T) {
			defer scan.SetShortLaneMode(mode)()
			f(t)
		})
	}
}

// checkShortLane reports a difference between shortLane and its Go twin on
// s, and between the marks it returns and those of stepping every byte;
// and whether Short, which reads any input, refuses one of a length
// shortLane does not read and is shortLane otherwise.
func checkShortLane(t *testing.T, s string) bool {
	t.Helper()
	short, shortOK := scan.Short(s)
	if len(s) < scan.MinShortLane || len(s) > scan.MaxShortLane {
		if shortOK || short != (scan.Marks{}) {
			t.Errorf("Short(%q) = %v, %t, for an input of %d bytes", s, short, shortOK, len(s))
			return false
		}
		return true
	}
	got, ok := scan.ShortLane(s)
	if short != got || shortOK != ok {
		t.Errorf("Short(%q) = %v, %t; shortLane gives %v, %t", s, short, shortOK, got, ok)
		return false
	}
	want, wantOK := scan.ShortLaneWords(s)
	if ok != wantOK || got != want {
		t.Errorf("shortLane(%q) = %v, %v; its Go twin gives %v, %v", s, got, ok, want, wantOK)
		return false
	}
	if !ok {
		return true
	}
	m, f := scan.ScanStepping(s, scan.Options{})
	if diff := cmp.Diff(result{m, f}, result{got, 0}, marksText); diff != "" {
		t.Errorf("shortLane(%q) differs from stepping every byte (-stepping +shortLane):\n%s", s, diff)
		return false
	}
	return true
}

// laneish returns an input of length n for shortLane: a prefix that is,
// or nearly is, one it reads, then bytes that mostly fit the lane, with
// delimiters, triplets, broken triplets and bytes that end it.
func laneish(r *rand.Rand, n int) string {
	prefixes := []string{"http://", "https://", "https://", "http://", "HTTP://", "http:/", "https:", "httpx://", "ftp://", "http://1", "https://-", "http://%41", "http://[", "https://@"}
	const plain = "abcXYZ019-._~!$&'()*+,;=:@/?#"
	const hex = "0123456789abcdefABCDEF"
	const rare = " \"<>[]\\^`{|}\x00\x7f\x80\xff%"
	var b strings.Builder
	b.WriteString(prefixes[r.IntN(len(prefixes))])
	for b.Len() < n {
		switch k := r.IntN(100); {
		case k < 70:
			b.WriteByte("abcdefghijklmnop"[r.IntN(16)])
		case k < 85:
			b.WriteByte(plain[r.IntN(len(plain))])
		case k < 95:
			b.WriteString("%" + hex[r.IntN(len(hex)):][:1] + hex[r.IntN(len(hex)):][:1])
		default:
			b.WriteByte(rare[r.IntN(len(rare))])
		}
	}
	return b.String()[:n]
}

// TestShortLane compares shortLane with its Go twin and with stepping
// every byte, in each of its modes, on the corpora, on generated inputs
// of every length it reads, and where a component ends at every offset.
func TestShortLane(t *testing.T) {
	var inputs []string
	for _, name := range []string{"web_urls.txt", "file_urls.txt"} {
		lines := readLines(t, name)
		inputs = append(inputs, lines[:testenv.Cases(len(lines))]...)
	}
	r := rand.New(rand.NewPCG(1, 2))
	count := testenv.Cases(200)
	for n := scan.MinShortLane; n <= scan.MaxShortLane; n++ {
		for range count {
			inputs = append(inputs, laneish(r, n))
		}
	}
	// Too short, and at the edges of the lengths shortLane reads.
	inputs = append(inputs, "", "h", "http://", "https:/", "https://", "http://a", "https://a",
		"http://"+strings.Repeat("a", scan.MaxShortLane-7), "http://"+strings.Repeat("a", scan.MaxShortLane-6))
	for _, prefix := range []string{"http://h", "https://h", "http://h/", "https://h/a?", "http://h/#", "https://h/?#", "http://h//", "https://h.de//a", "http://h.1/"} {
		for _, end := range []string{"", "/", "?", "#", ":", "@", "%", "%4", "%41", "%4g", "\x80", " ", "?#", "#?", "##", "/?#", "/.", "-", "--", "/-", "-.", ";", "./", "/..", "%2e"} {
			for length := 0; len(prefix)+length <= scan.MaxShortLane; length++ {
				inputs = append(inputs, prefix+strings.Repeat("a", length)+end, prefix+strings.Repeat("a", length)+end+"b")
			}
		}
	}
	shortModes(t, func(t *testing.T) {
		accepted, plain := 0, 0
		for _, s := range inputs {
			if !checkShortLane(t, s) {
				return
			}
			if m, ok := scan.ShortLane(s); ok && len(s) >= scan.MinShortLane && len(s) <= scan.MaxShortLane {
				accepted++
				if m.Plain() {
					plain++
				}
			}
		}
		// The plain fact is compared like every mark; both of its
		// answers must come up for that to mean something.
		if plain == 0 || plain == accepted {
			t.Errorf("shortLane found %d of the %d inputs it read plain, want some and not all", plain, accepted)
		}
		// Most of the web corpus is what shortLane reads: if it read
		// nothing, the comparisons above would prove nothing.
		if accepted < len(inputs)/4 {
			t.Errorf("shortLane read %d of %d inputs, want at least a quarter", accepted, len(inputs))
		}
		t.Logf("shortLane read %d of %d inputs, %d of them plain", accepted, len(inputs), plain)
	})
	// Off, as the tests of the general scanner turn it, Short reads
	// nothing.
	defer scan.SetShortLaneMode("off")()
	for _, s := range inputs {
		if m, ok := scan.Short(s); ok || m != (scan.Marks{}) {
			t.Fatalf("Short(%q) = %v, %t with shortLane off", s, m, ok)
		}
	}
}

// TestShortLaneAssumptions checks what the assembly of shortLane takes
// from the tables: that the host of the lane is a reg-name, and that the
// fragment's run is the query's, whose mask it reads both with.
func TestShortLaneAssumptions(t *testing.T) {
	if got := scan.HostKindAt[scan.AuthorityRegName]; got != tables.HostRegName {
		t.Errorf("HostKindAt[AuthorityRegName] = %v, shortLane says %v", got, tables.HostRegName)
	}
	if q, f := scan.Run[scan.WithinQuery], scan.Run[scan.WithinFragment]; q != f {
		t.Errorf("the runs of the query (%#x) and the fragment (%#x) differ; shortLane reads both with the query's", q, f)
	}
}
