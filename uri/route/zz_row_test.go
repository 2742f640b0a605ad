package route

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

func rowTargets() []string {
	f, _ := os.Open("../../testdata/web_urls.txt")
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		i := strings.Index(line, "://")
		if i < 0 {
			continue
		}
		j := strings.IndexByte(line[i+3:], '/')
		if j < 0 {
			continue
		}
		t, _, _ := strings.Cut(line[i+3+j:], "#")
		out = append(out, t)
	}
	return out
}

func firstSeg(p string) string {
	for i := 1; i < len(p); i++ {
		if p[i] == '/' {
			return p[:i]
		}
	}
	return p
}

func BenchmarkZZRow(b *testing.B) {
	ts := rowTargets()
	p, _ := Lookup("traefik")
	pol := p.Policy
	n := 0
	for b.Loop() {
		for _, s := range ts {
			r := pol.Apply(s)
			if h, valid := r.Hazards(); !valid || h&uri.PathHazards != 0 || r.Verdict != Accept {
				continue
			}
			if _, ok := r.StripPrefix(firstSeg(r.Key)); ok {
				n++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ts)), "ns/url")
}
