package idna

import (
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// asciiDomain generates ASCII domains from a small alphabet rich in what
// the fast path decides on: case, dots, hyphens, "xn--" prefixes, STD3
// and forbidden code points, and long labels.
func asciiDomain() gopter.Gen {
	pieces := []string{"a", "Z", "0", "-", ".", "xn--", "XN--", "_", "%", " ", "\x00", "\x7f", "zca", "b1abfaaepdrnnbgefbadotcwatmq2g4l", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}
	return gen.SliceOf(gen.IntRange(0, len(pieces)-1)).Map(func(idx []int) string {
		var b []byte
		for _, i := range idx {
			b = append(b, pieces[i]...)
		}
		return string(b)
	})
}

func options() gopter.Gen {
	return gen.UInt8().Map(func(m uint8) Options {
		return Options{
			CheckHyphens:          m&1 != 0,
			CheckBidi:             m&2 != 0,
			CheckJoiners:          m&4 != 0,
			UseSTD3ASCIIRules:     m&8 != 0,
			Transitional:          m&16 != 0,
			VerifyDNSLength:       m&32 != 0,
			IgnoreInvalidPunycode: m&64 != 0,
		}
	})
}

// TestPropertyFastPath: for ASCII domains, the fast path of ToASCII
// agrees with full processing whenever it answers, under every option.
// 20,000 cases.
func TestPropertyFastPath(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 20_000
	if testing.Short() {
		params.MinSuccessfulTests = 2_000
	}
	p := gopter.NewProperties(params)
	answered := 0
	p.Property("asciiFast == toASCII", prop.ForAll(func(s string, opts Options) bool {
		fast, ok := asciiFast(s, opts)
		slow, err := toASCII(s, opts)
		if !ok {
			return true
		}
		answered++
		if err != nil || fast != slow {
			t.Errorf("asciiFast(%q, %+v) = %q; toASCII = %q, %v", s, opts, fast, slow, err)
			return false
		}
		return true
	}, asciiDomain(), options()))
	p.TestingRun(t)
	if answered < params.MinSuccessfulTests/10 {
		t.Errorf("the fast path answered %d of %d cases: the generator misses it", answered, params.MinSuccessfulTests)
	}
	t.Logf("the fast path answered %d of %d cases", answered, params.MinSuccessfulTests)
}
