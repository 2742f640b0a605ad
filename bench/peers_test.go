package bench

import (
	"net/url"

	fredbi "github.com/fredbi/uri"
	"github.com/urilabs/rfc3986/tables"
	"github.com/urilabs/rfc3986/uri"
	"github.com/valyala/fasthttp"
)

// Each pass below is a plain loop over the input that calls the library
// directly, so that no pass pays for an indirect call per line and the
// compiler may inline what it would inline in a program.

// parseFloor ORs the byte class of every byte: what a one-pass classifier
// costs on this machine, with no state at all (see floorPass).
func parseFloor(in *input) int {
	return floorPass(in.lines, &tables.Class)
}

func parseRFC3986(in *input) (n int) {
	for _, s := range in.lines {
		if _, err := uri.Parse(s); err == nil {
			n++
		}
	}
	return n
}

// keptURI keeps the URIs of parseKeptRFC3986.
var keptURI uri.URI

// parseKeptRFC3986 is parseRFC3986 keeping each URI, as a caller that
// uses it must.
func parseKeptRFC3986(in *input) (n int) {
	for _, s := range in.lines {
		if u, err := uri.Parse(s); err == nil {
			keptURI = u
			n++
		}
	}
	return n
}

// hazardsRFC3986 parses each line and asks for the hazards of those that
// parse.
func hazardsRFC3986(in *input) (n int) {
	var h uri.Hazards
	for _, s := range in.lines {
		if u, err := uri.Parse(s); err == nil {
			h |= u.Hazards()
			n++
		}
	}
	sink += int(h)
	return n
}

func targetRFC3986(in *input) (n int) {
	for _, s := range in.lines {
		if _, err := uri.ParseRequestTarget(s); err == nil {
			n++
		}
	}
	return n
}

// targetNetURL uses url.ParseRequestURI, which net/http's server applies
// to the request-target of every request.
func targetNetURL(in *input) (n int) {
	for _, s := range in.lines {
		if _, err := url.ParseRequestURI(s); err == nil {
			n++
		}
	}
	return n
}

// parseNetURL uses url.Parse, which takes a URL or a relative reference,
// as uri.Parse does.
func parseNetURL(in *input) (n int) {
	for _, s := range in.lines {
		if _, err := url.Parse(s); err == nil {
			n++
		}
	}
	return n
}

// parseFredbi uses ParseReference, which takes a URI-reference as uri.Parse
// does (its Parse requires a scheme).
func parseFredbi(in *input) (n int) {
	for _, s := range in.lines {
		if _, err := fredbi.ParseReference(s); err == nil {
			n++
		}
	}
	return n
}

// A fasthttpPeer holds the fasthttp.URI values that its passes reuse, as
// fasthttp's documentation asks of hot paths (AcquireURI and ReleaseURI
// amount to the same with a pool around it). URI.Parse reads []byte, which
// the input holds ready; it resets the URI first, then copies the
// components into the URI's own buffers, lower-cases the host and
// normalizes the path, its default.
type fasthttpPeer struct {
	u, base fasthttp.URI
}

func (p *fasthttpPeer) parse(in *input) (n int) {
	for _, b := range in.bytes {
		if p.u.Parse(nil, b) == nil {
			n++
		}
	}
	return n
}

func resolveRFC3986(in *input) (n int) {
	base := uri.MustParse(in.base)
	for i, s := range in.lines {
		ref, err := uri.Parse(s)
		if err != nil {
			continue
		}
		t, err := base.Resolve(ref)
		if err != nil {
			continue
		}
		if in.out != nil {
			in.out[i] = t.String()
		}
		n++
	}
	return n
}

func resolveNetURL(in *input) (n int) {
	base, err := url.Parse(in.base)
	if err != nil {
		panic(err)
	}
	for i, s := range in.lines {
		ref, err := url.Parse(s)
		if err != nil {
			continue
		}
		r := base.ResolveReference(ref).String()
		if in.out != nil {
			in.out[i] = r
		}
		n++
	}
	return n
}

// resolve copies the parsed base into a reused URI and updates it with each
// reference, fasthttp's way of resolving one. Its result stays in the URI's
// buffer: it is copied out only for the untimed pass that checks it.
func (p *fasthttpPeer) resolve(in *input) (n int) {
	if err := p.base.Parse(nil, in.baseBytes); err != nil {
		panic(err)
	}
	for i, b := range in.bytes {
		p.base.CopyTo(&p.u)
		p.u.UpdateBytes(b)
		r := p.u.FullURI()
		if in.out != nil {
			in.out[i] = string(r)
		}
		n++
	}
	return n
}

// normalizeRFC3986 counts the URLs that were already in normal form, for
// which Normalize returns its input without writing.
func normalizeRFC3986(in *input) (n int) {
	for _, s := range in.lines {
		u, err := uri.Parse(s)
		if err != nil {
			continue
		}
		if u.Normalize().String() == s {
			n++
		}
	}
	return n
}

func normalizeNetURL(in *input) (n int) {
	for _, s := range in.lines {
		u, err := url.Parse(s)
		if err != nil {
			continue
		}
		if u.String() == s {
			n++
		}
	}
	return n
}

func (p *fasthttpPeer) normalize(in *input) (n int) {
	for i, b := range in.bytes {
		if p.u.Parse(nil, b) != nil {
			continue
		}
		if string(p.u.FullURI()) == in.lines[i] {
			n++
		}
	}
	return n
}
