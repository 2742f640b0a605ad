package beam_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	rfcbeam "github.com/urilabs/rfc3986/integrations/beam"
	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/canon"
)

func TestMain(m *testing.M) {
	beam.Init()
	os.Exit(m.Run())
}

// TestKeysOnPrism runs Keys on Prism: duplicates under the IA profile are
// one key, domains are counted, and an invalid line comes out with its error.
func TestKeysOnPrism(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	lines := beam.Create(s,
		"http://www.example.com/a?b=2&a=1",
		"http://example.com:80/a/?a=1&b=2#x",
		"http://foo.example.com/",
		"http://blog.example.co.uk/x",
		"http://a b/")
	keys, counts, invalid := rfcbeam.Keys(s, lines, "ia")
	passert.Equals(s, keys, "http://example.com/a?a=1&b=2", "http://foo.example.com/", "http://blog.example.co.uk/x")
	passert.Equals(s, counts, "example.com\t2", "example.co.uk\t1")
	passert.Equals(s, invalid, "http://a b/\turi: parse \"http://a b/\": invalid character ' ' at offset 8 in host")
	if _, err := prism.Execute(context.Background(), p); err != nil {
		t.Fatal(err)
	}
}

// TestCorpusAgrees runs the web corpus through the DoFns on Prism and
// checks that the outputs are, as sorted lines, byte-identical to what the
// plain functions give (the uri command's test checks the command against
// the same functions line by line).
func TestCorpusAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("the corpus on Prism takes seconds; run without -short")
	}
	corpus := "../../testdata/web_urls.txt"
	f, err := os.Open(corpus)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	f.Close()

	dir := t.TempDir()
	p, s := beam.NewPipelineWithRoot()
	in := textio.Read(s, corpus)
	textio.Write(s, filepath.Join(dir, "canon"), beam.ParDo(s, &rfcbeam.CanonFn{Profile: "ia"}, in))
	textio.Write(s, filepath.Join(dir, "surt"), beam.ParDo(s, rfcbeam.SURTFn, in))
	textio.Write(s, filepath.Join(dir, "columns"), beam.ParDo(s, rfcbeam.ColumnsFn, in))
	if _, err := prism.Execute(context.Background(), p); err != nil {
		t.Fatal(err)
	}

	want := map[string][]string{}
	for _, l := range lines {
		c, err := canon.IA.Canonicalize(l)
		if err != nil {
			c = "!" + err.Error()
		}
		want["canon"] = append(want["canon"], c)
		u, perr := uri.Parse(l)
		var hc canon.HostColumns
		if perr == nil {
			hc = canon.Columns(u.Host())
		}
		want["columns"] = append(want["columns"], string(canon.AppendColumnsRow(nil, l, hc, perr, false)))
		sk := canon.SURT(l, canon.SURTOptions{})
		if _, err := uri.Parse(l); l != "" && err != nil {
			sk = "!" + err.Error()
		}
		want["surt"] = append(want["surt"], sk)
	}
	for name, w := range want {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		slices.Sort(got)
		slices.Sort(w)
		if len(got) != len(w) {
			t.Errorf("%s: Beam wrote %d lines, the functions %d", name, len(got), len(w))
			continue
		}
		for i := range got {
			if got[i] != w[i] {
				t.Errorf("%s: first difference at sorted line %d: Beam %q, functions %q", name, i, got[i], w[i])
				break
			}
		}
	}
}
