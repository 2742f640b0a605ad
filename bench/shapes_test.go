package bench

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

// The escape shapes are long URLs whose escapes differ in one thing at a
// time: where they are (the path, the query, or both), whether each
// encodes an ASCII byte of its own (single; two may fall side by side) or
// is one of a run of two or three that encodes a UTF-8 character, how
// many positions start one, and the case of their digits. Each generator
// (where) also gives its URLs without any escape, of the same lengths and
// layout: the escape-free speed every shape is held to.
const shapeCount = 64

// shapeGens are the generators, each a layout of the URL: the share of it,
// in eighths, that the path takes (the query takes the rest), and which of
// the two hold escapes.
var shapeGens = []struct {
	name          string
	pathEighths   int
	inPath, inQry bool
}{
	{"path", 7, true, false},
	{"query", 1, false, true},
	{"both", 4, true, true},
}

// A shape is one kind of escape within a generator's URLs.
type shape struct {
	utf8    bool // runs of two or three escapes, each run a UTF-8 character; else one ASCII byte each
	percent int  // of the positions of the escaped components that start an escape
	mixed   bool // upper- and lower-case digits, else upper case only
}

// shapeName names a shape as a row of the tables: utf8-10-mixed,
// single-3-upper.
func (s shape) name() string {
	runs, letters := "single", "upper"
	if s.utf8 {
		runs = "utf8"
	}
	if s.mixed {
		letters = "mixed"
	}
	return fmt.Sprintf("%s-%d-%s", runs, s.percent, letters)
}

// shapes are every shape of every generator.
func shapes() []shape {
	var ss []shape
	for _, utf8 := range []bool{false, true} {
		for _, percent := range []int{3, 10, 30} {
			for _, mixed := range []bool{false, true} {
				ss = append(ss, shape{utf8, percent, mixed})
			}
		}
	}
	return ss
}

// shapeURLs returns n URLs of 1 to 8 KB from generator g with escapes of
// shape s; with percent 0, none. URL i has the same length, and its
// components the same lengths, for every shape of g.
func shapeURLs(n, g int, s shape) []string {
	lengths := splitmix(0x5a9e)
	r := splitmix(0x5e9 + uint64(g)<<16 + uint64(s.percent)<<8 + uint64(b2i(s.utf8))<<1 + uint64(b2i(s.mixed)))
	gen := shapeGens[g]
	urls := make([]string, n)
	for i := range urls {
		size := minQuery + lengths.intn(maxQuery-minQuery+1)
		path := size * gen.pathEighths / 8
		b := []byte("https://")
		b = append(b, pick(&lengths, escapeHosts)...)
		b = append(b, '/')
		b = shapeComponent(&r, b, path, '/', gen.inPath, s)
		b = append(b, '?')
		b = shapeComponent(&r, b, size-path, '&', gen.inQry, s)
		urls[i] = string(b)
	}
	return urls
}

// shapeComponent appends size bytes of a path (sep "/") or query (sep
// "&"): unreserved characters, the separator now and then, and, when
// escaped, escapes of shape s at s.percent of its positions.
func shapeComponent(r *splitmix, b []byte, size int, sep byte, escaped bool, s shape) []byte {
	escapes := 0
	if escaped {
		escapes = (s.percent*size + 50) / 100
	}
	literals := size - 3*escapes
	for escapes+literals > 0 {
		if r.intn(escapes+literals) < escapes {
			chars := encodedChar(r, 1)
			if s.utf8 {
				chars = utf8Char(r, escapes)
			}
			for _, c := range chars {
				escapes--
				b = append(b, '%', hexDigit(r, c>>4, s.mixed), hexDigit(r, c&15, s.mixed))
			}
			continue
		}
		literals--
		c := (alnum + "-._~")[r.intn(len(alnum)+4)]
		if r.intn(16) == 0 && b[len(b)-1] != sep {
			c = sep
		}
		b = append(b, c)
	}
	return b
}

// utf8Char returns the UTF-8 encoding of a character of two or three
// bytes, or one when max is 1, for a run of that many escapes.
func utf8Char(r *splitmix, max int) []byte {
	cont := func() byte { return byte(0x80 + r.intn(0x40)) }
	switch {
	case max >= 3 && r.intn(2) == 0: // E1 to EC take any continuation bytes
		return []byte{byte(0xe1 + r.intn(0xed-0xe1)), cont(), cont()}
	case max >= 2:
		return []byte{byte(0xc2 + r.intn(0xe0-0xc2)), cont()}
	}
	return encodedChar(r, 1)
}

// shapeInputs holds the inputs of each generator and shape, the
// escape-free one first, built once per test binary.
var shapeInputs = sync.OnceValue(func() [][]*input {
	ins := make([][]*input, len(shapeGens))
	for g := range shapeGens {
		for _, s := range append([]shape{{}}, shapes()...) {
			ins[g] = append(ins[g], newInput(shapeURLs(shapeCount, g, s)))
		}
	}
	return ins
})

// BenchmarkEscapeShapes parses the URLs of each generator with uri.Parse:
// row rfc3986 without escapes, and one row rfc3986-SHAPE for each shape,
// so that each shape's time is paired with the escape-free time of its
// round.
func BenchmarkEscapeShapes(b *testing.B) {
	for g, gen := range shapeGens {
		b.Run("gen="+gen.name, func(b *testing.B) {
			ins := shapeInputs()[g]
			b.Run("impl=rfc3986", func(b *testing.B) { runPass(b, ins[0], parseRFC3986) })
			for k, s := range shapes() {
				b.Run("impl=rfc3986-"+s.name(), func(b *testing.B) { runPass(b, ins[k+1], parseRFC3986) })
			}
		})
	}
}

var (
	nonASCIIEscapes = regexp.MustCompile(`%[89A-Fa-f][0-9A-Fa-f]`)
	lowerEscapes    = regexp.MustCompile(`%([a-f][0-9A-Fa-f]|[0-9A-Fa-f][a-f])`)
)

// TestEscapeShapes checks what the shapes promise: every URL valid, the
// same lengths for every shape of a generator, the escapes in the
// components the generator names, runs of UTF-8 (escapes of bytes above
// 0x7F) only in the utf8 shapes, lower-case digits only in the mixed ones.
func TestEscapeShapes(t *testing.T) {
	for g, gen := range shapeGens {
		plain := shapeURLs(shapeCount, g, shape{})
		for _, s := range shapes() {
			t.Run(gen.name+"/"+s.name(), func(t *testing.T) {
				urls := shapeURLs(shapeCount, g, s)
				var pathEsc, queryEsc, runs, lower int
				for i, u := range urls {
					if len(u) != len(plain[i]) {
						t.Fatalf("URL %d is %d bytes, %d without escapes", i, len(u), len(plain[i]))
					}
					parsed, err := uri.Parse(u)
					if err != nil {
						t.Fatalf("URL %d: %v", i, err)
					}
					pathEsc += strings.Count(parsed.Path(), "%")
					queryEsc += strings.Count(parsed.Query(), "%")
					runs += len(nonASCIIEscapes.FindAllString(u, -1))
					lower += len(lowerEscapes.FindAllString(u, -1))
				}
				if (pathEsc > 0) != gen.inPath || (queryEsc > 0) != gen.inQry {
					t.Errorf("%d escapes in the paths, %d in the queries", pathEsc, queryEsc)
				}
				if (runs > 0) != s.utf8 {
					t.Errorf("%d escapes of bytes above 0x7F", runs)
				}
				if (lower > 0) != s.mixed {
					t.Errorf("%d escapes with a lower-case digit", lower)
				}
			})
		}
	}
}
