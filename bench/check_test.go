package bench

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/tables"
	"github.com/urilabs/rfc3986/uri"
)

// TestLongURLs checks that every long URL is a valid URI whose query is 1 to
// 8 KB long, and that the set has not changed: figures measured before and
// after a change to the generator do not compare.
func TestLongURLs(t *testing.T) {
	urls := longURLs(longCount)
	var total int
	for i, s := range urls {
		u, err := uri.Parse(s)
		if err != nil {
			t.Fatalf("long URL %d: %v", i, err)
		}
		if q := len(u.Query()); q < minQuery || q > maxQuery {
			t.Errorf("long URL %d: query of %d bytes, want %d to %d", i, q, minQuery, maxQuery)
		}
		total += len(s)
	}
	if again := longURLs(longCount); strings.Join(again, "\n") != strings.Join(urls, "\n") {
		t.Error("longURLs is not deterministic")
	}
	sum := sha256.Sum256([]byte(strings.Join(urls, "\n")))
	const want = "b2c31002a04081455b0c3c39fd6de72ce3172aba2f7c388517a7ce889989a759"
	if got := hex.EncodeToString(sum[:]); got != want {
		t.Errorf("the long URLs changed (SHA-256 %s, want %s): update want, and do not compare figures across this change", got, want)
	}
	t.Logf("%d long URLs, %d bytes", len(urls), total)
}

// TestEscapedURLs checks each escape set: that every URL is valid, 1 to 8
// KB long, with a query, and holds exactly its share of escapes, in upper
// case unless the set is mixed; that every parser accepts every URL, so
// that all do the same work; that URL i has the same length in every set;
// and that the sets have not changed (a SHA-256 of them all).
func TestEscapedURLs(t *testing.T) {
	sum := sha256.New()
	var lengths []int
	for _, set := range escapeSets {
		name := escapeSetName(set.percent, set.mixed)
		urls := escapedURLs(escapedCount, set.percent, set.mixed)
		var total, escapes, lower int
		for i, s := range urls {
			u, err := uri.Parse(s)
			if err != nil {
				t.Fatalf("%s: URL %d: %v", name, i, err)
			}
			if !u.HasQuery() {
				t.Errorf("%s: URL %d has no query", name, i)
			}
			if len(s) < minQuery || len(s) > maxQuery {
				t.Errorf("%s: URL %d is %d bytes long, want %d to %d", name, i, len(s), minQuery, maxQuery)
			}
			if len(lengths) < len(urls) {
				lengths = append(lengths, len(s))
			} else if len(s) != lengths[i] {
				t.Errorf("%s: URL %d is %d bytes long, %d in the first set", name, i, len(s), lengths[i])
			}
			n := strings.Count(s, "%")
			if want := (set.percent*len(s) + 50) / 100; n != want {
				t.Errorf("%s: URL %d of %d bytes holds %d escapes, want %d", name, i, len(s), n, want)
			}
			for j := 0; j+2 < len(s); j++ {
				if s[j] == '%' && (strings.ContainsAny(s[j+1:j+3], "abcdef")) {
					lower++
				}
			}
			total += len(s)
			escapes += n
			sum.Write([]byte(s + "\n"))
		}
		if set.mixed != (lower > 0) {
			t.Errorf("%s: %d escapes with lower-case digits", name, lower)
		}
		in := newInput(urls)
		for _, p := range parsers() {
			if n := p.pass(in); n != len(urls) {
				t.Errorf("%s: %s accepts %d of the %d URLs", name, p.name, n, len(urls))
			}
		}
		t.Logf("%s: %d URLs, %d bytes, %d escapes (%.2f%% of positions), %d with a lower-case digit",
			name, len(urls), total, escapes, 100*float64(escapes)/float64(total), lower)
	}
	const want = "af3665f8d23613225bb1af06c5abf241249193fd3412bcc199660fa345d30a05"
	if got := hex.EncodeToString(sum.Sum(nil)); got != want {
		t.Errorf("the escape sets changed (SHA-256 %s, want %s): update want, and do not compare figures across this change", got, want)
	}
}

// TestInputs checks the sizes of the input sets and that every parser
// accepts every line of web-common.
func TestInputs(t *testing.T) {
	for _, tc := range []struct {
		name string
		load func() (*input, error)
		min  int
	}{
		{"web", webInput, 48000},
		{"file", fileInput, 43000},
		{"web-common", commonInput, 40000},
		{"rfc5.4", rfcInput, 42},
		{"web-common as references", webRefInput, 40000},
		{"web-relative", relativeRefInput, 30000},
		{"origin-form targets", originInput, 40000},
		{"absolute-form targets", absoluteTargetInput, 40000},
	} {
		in, err := tc.load()
		if err != nil {
			t.Fatal(err)
		}
		if len(in.lines) < tc.min {
			t.Errorf("%s: %d lines, want at least %d", tc.name, len(in.lines), tc.min)
		}
		t.Logf("%s: %d lines, %d bytes", tc.name, len(in.lines), in.size)
	}
	in, _ := commonInput()
	for _, p := range parsers() {
		if n := p.pass(in); n != len(in.lines) {
			t.Errorf("%s accepts %d of the %d lines of web-common", p.name, n, len(in.lines))
		}
	}
}

// TestFloorPass checks the assembly floor against its definition in Go on
// every input set, and on lines that end at each offset of the loop.
func TestFloorPass(t *testing.T) {
	var class [256]uint8
	class['x'] = 1 // a class that only some lines hold
	sets := [][]string{{}, {""}, {"x"}, {"", "ax", "b", "", "bbbbbbbbbbbbbbbbbbbbbbbbx", "bbbb"}}
	for _, load := range []func() (*input, error){webInput, fileInput, longInput} {
		in, err := load()
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, in.lines)
	}
	for i, lines := range sets {
		for _, c := range []*[256]uint8{&class, &tables.Class} {
			if got, want := floorPass(lines, c), floorPassGo(lines, c); got != want {
				t.Errorf("set %d: floorPass = %d, floorPassGo = %d", i, got, want)
			}
		}
	}
}
