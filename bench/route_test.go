package bench

import (
	"encoding/binary"
	"math/bits"
	"net/url"
	"path"
	"strings"
	"sync"
	"testing"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/route"
)

// BenchmarkRoute times what a proxy does to the URL of every request
// before it routes it: read the request-target as strictly as RFC 9112
// and RFC 3986 have it, look for hazards, compute the path it routes on
// and the target it forwards, and strip a route's prefix. rfc3986 does it
// with the traefik preset's Apply on the raw target, which validates it
// as uri.ParseRequestTarget does and finds the hazards of
// RequestTarget.Hazards in the same pass (Result.Hazards: the row skips
// a target that ParseRequestTarget refuses, or that has a path hazard),
// and Result.StripPrefix; net-url as a Go proxy does today, with
// url.ParseRequestURI, checks of the escaped path with package strings,
// path.Clean and strings.TrimPrefix; servemux-clean as net/http's
// ServeMux cleans a path, url.ParseRequestURI and its cleanPath on the
// escaped path. Each strips the target's first segment, so that every
// target matches the route.
func BenchmarkRoute(b *testing.B) {
	impls := []impl{
		{"rfc3986", routeRFC3986},
		{"net-url", routeNetURL},
		{"servemux-clean", routeServeMux},
	}
	runWorkloads(b, []workload{
		{"origin", originInput, impls},
	})
}

// firstSegment returns "/" and the first segment of p, the prefix each
// row strips. A segment is a few bytes: eight of them are looked at as a
// word, whose bytes equal to "/" are zero once xor'ed with it, which
// costs less than a call of strings.IndexByte.
func firstSegment(p string) string {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 1
	for ; i+8 <= len(p); i += 8 {
		x := binary.LittleEndian.Uint64([]byte(p[i:i+8])) ^ ones*'/'
		// The lowest bit of m marks the first zero byte of x.
		if m := (x - ones) &^ x & highs; m != 0 {
			return p[:i+bits.TrailingZeros64(m)/8]
		}
	}
	for ; i < len(p); i++ {
		if p[i] == '/' {
			return p[:i]
		}
	}
	return p
}

var traefik = func() route.Policy {
	p, ok := route.Lookup("traefik")
	if !ok {
		panic("no traefik preset")
	}
	return p.Policy
}()

func routeRFC3986(in *input) (n int) {
	for _, s := range in.lines {
		r := traefik.Apply(s)
		if h, valid := r.Hazards(); !valid || h&uri.PathHazards != 0 || r.Verdict != route.Accept {
			continue
		}
		if _, ok := r.StripPrefix(firstSegment(r.Key)); ok {
			n++
		}
	}
	return n
}

// deniedEscapes are the escapes Traefik refuses by default.
var deniedEscapes = []string{"%2F", "%2f", "%5C", "%5c", "%00", "%3B", "%3b", "%25", "%3F", "%3f", "%23"}

func routeNetURL(in *input) (n int) {
	for _, s := range in.lines {
		u, err := url.ParseRequestURI(s)
		if err != nil {
			continue
		}
		esc := u.EscapedPath()
		denied := false
		for _, d := range deniedEscapes {
			if strings.Contains(esc, d) {
				denied = true
				break
			}
		}
		if denied || strings.Contains(u.Path, "\\") {
			continue
		}
		clean := path.Clean(u.Path)
		if strings.HasSuffix(u.Path, "/") && clean != "/" {
			clean += "/"
		}
		prefix := firstSegment(clean)
		if rest := strings.TrimPrefix(clean, prefix); len(rest) < len(clean) {
			if !strings.HasPrefix(rest, "/") {
				rest = "/" + rest
			}
			u.Path = rest
			u.RawPath = ""
			sink += len(u.EscapedPath())
			n++
		}
	}
	return n
}

// serveMuxCleanPath is net/http's cleanPath, which ServeMux applies to
// the escaped path of every request (server.go).
func serveMuxCleanPath(p string) string {
	if p == "" {
		return "/"
	}
	if p[0] != '/' {
		p = "/" + p
	}
	np := path.Clean(p)
	if p[len(p)-1] == '/' && np != "/" {
		if len(p) == len(np)+1 && strings.HasPrefix(p, np) {
			np = p
		} else {
			np += "/"
		}
	}
	return np
}

func routeServeMux(in *input) (n int) {
	for _, s := range in.lines {
		u, err := url.ParseRequestURI(s)
		if err != nil {
			continue
		}
		esc := u.EscapedPath()
		if serveMuxCleanPath(esc) != esc {
			continue
		}
		if rest := strings.TrimPrefix(u.Path, firstSegment(u.Path)); len(rest) < len(u.Path) {
			sink += len(rest)
			n++
		}
	}
	return n
}

// normalInput holds the targets of the origin workload that every preset
// leaves as they are: accepted, routed on their path and forwarded
// unchanged. normalTargets holds them parsed.
var (
	normalInput = sync.OnceValues(func() (*input, error) {
		origin, err := originInput()
		if err != nil {
			return nil, err
		}
		presets := route.Presets()
		var targets []string
	lines:
		for _, s := range origin.lines {
			t, err := uri.ParseRequestTarget(s)
			if err != nil {
				continue
			}
			for _, p := range presets {
				if r := p.Policy.ApplyTarget(t); r.Verdict != route.Accept || r.Forward != s || r.Key != t.Path() {
					continue lines
				}
			}
			targets = append(targets, s)
		}
		return newInput(targets), nil
	})
	normalTargets = sync.OnceValue(func() []uri.RequestTarget {
		in, err := normalInput()
		if err != nil {
			panic(err)
		}
		ts := make([]uri.RequestTarget, len(in.lines))
		for i, s := range in.lines {
			if ts[i], err = uri.ParseRequestTarget(s); err != nil {
				panic(err)
			}
		}
		return ts
	})
)

// BenchmarkApplyTarget times each preset on a target already parsed and
// already normal, which it leaves as it is: what a proxy that parsed the
// request line with uri.ParseRequestTarget pays on top for the target of
// nearly every request. The targets are those of the origin workload
// that every preset leaves as they are; each row is a preset, and
// rfc3986-parse the strict parse of the same targets, for reference.
func BenchmarkApplyTarget(b *testing.B) {
	impls := []impl{{"rfc3986-parse", func(in *input) (n int) {
		for _, s := range in.lines {
			if _, err := uri.ParseRequestTarget(s); err == nil {
				n++
			}
		}
		return n
	}}}
	for _, preset := range route.Presets() {
		p := preset.Policy
		impls = append(impls, impl{preset.Name, func(*input) (n int) {
			ts := normalTargets()
			for _, t := range ts {
				if r := p.ApplyTarget(t); r.Verdict == route.Accept {
					n++
				}
			}
			return n
		}})
	}
	runWorkloads(b, []workload{{"origin-normal", normalInput, impls}})
}
