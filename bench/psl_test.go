package bench

import (
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/canon/psl"
	"golang.org/x/net/publicsuffix"
)

// webHosts are the lower-cased reg-name hosts of the web corpus.
func webHosts(b *testing.B) []string {
	in, err := webInput()
	if err != nil {
		b.Fatal(err)
	}
	var hosts []string
	for _, line := range in.lines {
		u, err := uri.Parse(line)
		if err != nil || u.HostKind() != uri.RegName || u.Host() == "" {
			continue
		}
		hosts = append(hosts, strings.ToLower(u.Host()))
	}
	return hosts
}

// BenchmarkPublicSuffix looks up the public suffix and the registrable domain
// of every host of the web corpus, in the embedded list of each library.
func BenchmarkPublicSuffix(b *testing.B) {
	hosts := webHosts(b)
	l := psl.Default()
	b.Run("input=web/impl=rfc3986", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, h := range hosts {
				l.PublicSuffix(h)
				l.RegistrableDomain(h)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(hosts)), "ns/host")
	})
	b.Run("input=web/impl=x-net-publicsuffix", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, h := range hosts {
				publicsuffix.PublicSuffix(h)
				publicsuffix.EffectiveTLDPlusOne(h)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(hosts)), "ns/host")
	})
}

// TestPublicSuffixAgrees: both libraries give the same suffix and eTLD+1
// for every host of the web corpus where they read the same list version;
// the disagreements are the rules that changed between the two lists.
func TestPublicSuffixAgrees(t *testing.T) {
	in, err := webInput()
	if err != nil {
		t.Fatal(err)
	}
	n, diff := 0, 0
	for _, line := range in.lines {
		u, err := uri.Parse(line)
		if err != nil || u.HostKind() != uri.RegName || u.Host() == "" {
			continue
		}
		h := strings.ToLower(u.Host())
		n++
		got, _ := psl.PublicSuffix(h)
		want, _ := publicsuffix.PublicSuffix(h)
		if got != want {
			diff++
			if diff <= 10 {
				t.Logf("PublicSuffix(%q): rfc3986 %q, x/net %q", h, got, want)
			}
		}
	}
	t.Logf("%d hosts, %d differ", n, diff)
	if diff > n/100 {
		t.Errorf("%d of %d hosts differ from x/net/publicsuffix", diff, n)
	}
}
