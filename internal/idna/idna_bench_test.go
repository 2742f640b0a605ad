package idna

import (
	"testing"
)

// idnSamples are IDNs of several scripts, as users write them.
var idnSamples = []string{
	"Bücher.example",
	"例え.テスト",
	"пример.испытание",
	"παράδειγμα.δοκιμή",
	"مثال.إختبار",
	"उदाहरण.परीक्षा",
	"דוגמה.טעסט",
	"실례.테스트",
	"faß.de",
	"www.ŁÓDŹ.pl",
}

func BenchmarkDomainToASCII(b *testing.B) {
	b.Run("ascii", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = DomainToASCII("www.example.com", false)
		}
	})
	b.Run("ascii-upper", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = DomainToASCII("WWW.Example.com", false)
		}
	})
	b.Run("idn", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range idnSamples {
				_, _ = DomainToASCII(s, false)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(idnSamples)), "ns/domain")
	})
	b.Run("punycode-labels", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = DomainToASCII("xn--bcher-kva.xn--r8jz45g.example", true)
		}
	})
}

// BenchmarkProps measures the trie lookup over the BMP and the mapping
// lookup over every mapped code point of the BMP.
func BenchmarkProps(b *testing.B) {
	var mapped []rune
	for r := rune(0x80); r < 0x10000; r++ {
		if s := props(r) & statusMask; s == statusMapped {
			mapped = append(mapped, r)
		}
	}
	b.Run("trie", func(b *testing.B) {
		var sum uint16
		for b.Loop() {
			for r := rune(0); r < 0x10000; r++ {
				sum += props(r)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/0x10000, "ns/lookup")
		_ = sum
	})
	b.Run("mapping", func(b *testing.B) {
		n := 0
		for b.Loop() {
			for _, r := range mapped {
				n += len(mapping(r))
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(mapped)), "ns/lookup")
	})
}
