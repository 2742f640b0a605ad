package bench

import (
	"bufio"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	fredbi "github.com/fredbi/uri"
	"github.com/urilabs/rfc3986/uri"
	"github.com/valyala/fasthttp"
)

// Each input set is built once per test binary, on first use.
var (
	webInput  = sync.OnceValues(func() (*input, error) { return readInput("web_urls.txt") })
	fileInput = sync.OnceValues(func() (*input, error) { return readInput("file_urls.txt") })
	// commonInput holds the lines of the web corpus that every parser
	// accepts, so that every parser does the work of a successful parse on
	// each of them and none allocates an error.
	commonInput = sync.OnceValues(func() (*input, error) {
		web, err := webInput()
		if err != nil {
			return nil, err
		}
		var common []string
		var fu fasthttp.URI
		for i, s := range web.lines {
			_, err1 := uri.Parse(s)
			_, err2 := url.Parse(s)
			_, err3 := fredbi.ParseReference(s)
			err4 := fu.Parse(nil, web.bytes[i])
			if err1 == nil && err2 == nil && err3 == nil && err4 == nil {
				common = append(common, s)
			}
		}
		return newInput(common), nil
	})
	longInput = sync.OnceValues(func() (*input, error) { return newInput(longURLs(longCount)), nil })
	// webRefInput holds the lines of web-common as references against a
	// base: absolute URLs, each resolved by copying it with its dot-segments
	// removed.
	webRefInput = sync.OnceValues(func() (*input, error) {
		common, err := commonInput()
		if err != nil {
			return nil, err
		}
		return withBase(newInput(common.lines), corpusBase), nil
	})
	// relativeRefInput cuts each line of web-common to a relative-path
	// reference, its path without the leading "/" and its query and
	// fragment, as in an HTML href: resolving it merges its path with the
	// base's. Lines whose cut is no reference for one of the libraries,
	// or whose first segment holds a ":", are left out.
	relativeRefInput = sync.OnceValues(func() (*input, error) {
		common, err := commonInput()
		if err != nil {
			return nil, err
		}
		var refs []string
		var fu fasthttp.URI
		for _, s := range common.lines {
			u := uri.MustParse(s)
			ref := strings.TrimPrefix(s[len(s)-tailLen(u):], "/")
			seg, _, _ := strings.Cut(ref, "/")
			if ref == "" || strings.Contains(seg, ":") {
				continue
			}
			_, err1 := uri.Parse(ref)
			_, err2 := url.Parse(ref)
			if err1 == nil && err2 == nil && fu.Parse(nil, []byte(ref)) == nil {
				refs = append(refs, ref)
			}
		}
		return withBase(newInput(refs), corpusBase), nil
	})
	// originInput holds the request targets of the lines of web-common
	// as a client sends them to an origin server: path and query
	// (origin-form, RFC 9112 section 3.2.1), where the path is not empty.
	originInput = sync.OnceValues(func() (*input, error) {
		common, err := commonInput()
		if err != nil {
			return nil, err
		}
		var targets []string
		for _, s := range common.lines {
			u := uri.MustParse(s)
			if !strings.HasPrefix(u.Path(), "/") {
				continue
			}
			target := u.Path()
			if u.HasQuery() {
				target += "?" + u.Query()
			}
			targets = append(targets, target)
		}
		return newInput(targets), nil
	})
	// absoluteTargetInput holds the lines of web-common that are
	// absolute-form request targets (RFC 9112 section 3.2.2), as a client
	// sends them to a proxy: those without a fragment and with a host,
	// which RFC 9110 requires of http and https URIs.
	absoluteTargetInput = sync.OnceValues(func() (*input, error) {
		common, err := commonInput()
		if err != nil {
			return nil, err
		}
		var targets []string
		for _, s := range common.lines {
			if u := uri.MustParse(s); !u.HasFragment() && u.Host() != "" {
				targets = append(targets, s)
			}
		}
		return newInput(targets), nil
	})
	rfcInput = sync.OnceValues(func() (*input, error) {
		refs := make([]string, len(rfcResolution))
		want := make([]string, len(rfcResolution))
		for i, ex := range rfcResolution {
			refs[i], want[i] = ex[0], ex[1]
		}
		in := newInput(refs)
		in.base, in.baseBytes, in.want = rfcBase, []byte(rfcBase), want
		return in, nil
	})
)

// corpusBase is the base URI that the corpus references are resolved
// against.
const corpusBase = "https://www.example.com/docs/guide/index.html?lang=en"

// withBase makes in a set of references against base.
func withBase(in *input, base string) *input {
	in.base, in.baseBytes = base, []byte(base)
	return in
}

// tailLen returns the length of u's path, "?query" and "#fragment".
func tailLen(u uri.URI) int {
	n := len(u.Path())
	if u.HasQuery() {
		n += 1 + len(u.Query())
	}
	if u.HasFragment() {
		n += 1 + len(u.Fragment())
	}
	return n
}

// readInput reads a corpus from the repository's testdata, one URL a line.
func readInput(name string) (*input, error) {
	f, err := os.Open(filepath.Join("..", "testdata", name))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return newInput(lines), nil
}

// rfcBase is the base URI of the examples of RFC 3986, section 5.4.
const rfcBase = "http://a/b/c/d;p?q"

// rfcResolution lists the examples of RFC 3986, section 5.4, in its order:
// each reference and its target URI for a strict resolver, from
// testdata/rfc3986-5.4.tsv (which uri's tests read too).
var rfcResolution = func() (ex [][2]string) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "rfc3986-5.4.tsv"))
	if err != nil {
		panic(err)
	}
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if ref, want, ok := strings.Cut(line, "\t"); ok {
			ex = append(ex, [2]string{ref, want})
		}
	}
	return ex
}()
