package canon_test

import (
	"bufio"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/canon"
)

// readTSV reads a testdata/canon file of three tab-separated, Go-escaped
// fields a line, skipping "#" comments.
func readTSV(t *testing.T, name string) [][3]string {
	f, err := os.Open("../../testdata/canon/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][3]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 3 {
			t.Fatalf("%s: line %q: want 3 fields", name, sc.Text())
		}
		rows = append(rows, [3]string{fields[0], unescape(t, fields[1]), unescape(t, fields[2])})
	}
	return rows
}

func TestCanonicalizerVectors(t *testing.T) {
	rows := readTSV(t, "canonicalizer.tsv")
	for _, r := range rows {
		p, ok := canon.ProfileByName(r[0])
		if !ok {
			t.Fatalf("no profile %q", r[0])
		}
		in, want := r[1], strings.TrimPrefix(r[2], "=")
		t.Run(r[0]+" "+in, func(t *testing.T) {
			got, err := p.Canonicalize(in)
			if want == "!invalid" {
				var e *uri.Error
				if !errors.As(err, &e) {
					t.Errorf("%s.Canonicalize(%q) = %q, %v; want an *uri.Error", p.Name, in, got, err)
				}
				return
			}
			if err != nil || got != want {
				t.Errorf("%s.Canonicalize(%q) = %q, %v; want %q", p.Name, in, got, err, want)
			}
		})
	}
	if len(rows) != 51 {
		t.Errorf("ran %d vectors, want 51", len(rows))
	}
}

func TestHelperVectors(t *testing.T) {
	rows := readTSV(t, "helpers.tsv")
	for _, r := range rows {
		fn := canon.Helpers[r[0]]
		if fn == nil {
			t.Fatalf("no helper %q", r[0])
		}
		t.Run(r[0]+" "+r[1], func(t *testing.T) {
			if got := fn(r[1]); got != r[2] {
				t.Errorf("%s(%q) = %q, want %q", r[0], r[1], got, r[2])
			}
		})
	}
	if len(rows) != 52 {
		t.Errorf("ran %d vectors, want 52", len(rows))
	}
}

// TestFirstUpper: the index firstUpper gives, eight bytes at a time, is
// never past the first ASCII upper-case letter and has none before it, and
// is len(s) exactly when there is none; on strings of the bytes around the
// letters' bounds, with and without the high bit.
func TestFirstUpper(t *testing.T) {
	alphabet := []byte{'@', 'A', 'Z', '[', '`', 'a', 'z', '{', 0xC0, 0xC1, 0xDA, 0xDB, 0x7F, 0xFF, 0x00, '%', '/', '0'}
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 20000; n++ {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		s := string(b)
		want := strings.IndexFunc(s, func(c rune) bool { return 'A' <= c && c <= 'Z' })
		if want < 0 {
			want = len(s)
		}
		got := canon.FirstUpper(s)
		if got > want || strings.ContainsAny(s[:got], "ABCDEFGHIJKLMNOPQRSTUVWXYZ") || (got == len(s)) != (want == len(s)) {
			t.Fatalf("firstUpper(%q) = %d, the first upper-case letter is at %d", s, got, want)
		}
	}
}

// TestLowerASCII: lowerASCII, eight bytes at a time, lowers the ASCII
// letters and leaves every other byte, those with the high bit too.
func TestLowerASCII(t *testing.T) {
	alphabet := []byte{'@', 'A', 'M', 'Z', '[', '`', 'a', 'z', '{', 0xC0, 0xC1, 0xDA, 0xDB, 0x7F, 0xFF, 0x00, '%', '/', '0'}
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 20000; n++ {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		want := make([]byte, len(b))
		for i, c := range b {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			want[i] = c
		}
		got := append([]byte(nil), b...)
		canon.LowerASCII(got)
		if string(got) != string(want) {
			t.Fatalf("lowerASCII(%q) = %q, want %q", b, got, want)
		}
	}
}
