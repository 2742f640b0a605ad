package route

import (
	"strings"

	"github.com/urilabs/rfc3986/internal/pct"
)

// A Finding is a target on which a configuration routes on one path and
// forwards another: the block its key chose is not the block, or the
// upstream, the forwarded path leads to.
type Finding struct {
	// Listen is the address of the server that took the target.
	Listen string
	// Target is the request-target.
	Target string
	// Front is what the configuration does with it.
	Front Outcome
	// Reader is the back end that read the forwarded target: a preset's
	// name, or the back end's configuration ("preset NAME" or its file).
	Reader string
	// BackKey is the path the back end reads in the forwarded target.
	BackKey string
	// Then is where that path leads: in the configuration itself when
	// Lint has no back end (the block that path would have chosen), in
	// the back end's configuration otherwise.
	Then Outcome
	// Segment is the index of the first segment of the key that differs
	// from the back end's (0 for the one after the leading "/"), or -1;
	// FrontSegment and BackSegment are those segments.
	Segment                   int
	FrontSegment, BackSegment string
}

// lintSeed seeds the targets of Lint, so that a run is repeatable.
const lintSeed = 0x5eed

// lintTargets is how many targets Lint generates for each server.
const lintTargets = 1500

// Lint sends hard generated targets (escaped slashes and dots,
// dot-segments, parameters, doubled slashes, case, raw bytes, around the
// paths the blocks match) through every server of the configuration, and
// returns the targets whose key and forwarded path lead to different
// places.
//
// With back nil, the forwarded target is read by each back end of
// [Presets] (Tomcat, Jetty, Go's ServeMux and FileServer...), and the path
// each reads is run through the configuration again: a finding is a path
// that would have chosen another block or upstream, or that the
// configuration refuses (a "deny" the back end's reading goes around).
// With back, the forwarded target is served by back, and a finding is a
// target whose forwarded path reaches another block or upstream of back
// than the key it was routed on would, or another path.
//
// With targets, Lint sends those instead, through every server.
func (c *Config) Lint(back *Config, targets ...string) []Finding {
	var out []Finding
	var readers []Preset
	if back == nil {
		for _, p := range Presets() {
			if p.Role == Back {
				readers = append(readers, p)
			}
		}
	}
	listens := c.Listens()
	if len(listens) == 0 {
		listens = []string{""}
	}
	for _, listen := range listens {
		s := c.pick(&Request{Listen: listen})
		if s == nil {
			continue
		}
		ts := targets
		if len(ts) == 0 {
			// Targets around the limit would find the limit alone.
			ts = generateTargets(lintSeed, s.site.paths(), 0, lintTargets)
		}
		for _, t := range ts {
			req := Request{Method: "GET", Host: "example.test", Target: t, Listen: listen}
			if !strings.HasPrefix(t, "/") {
				req.Host = hostName(&req)
			}
			o := c.Serve(req)
			if o.Status != 0 {
				continue
			}
			var f Finding
			var ok bool
			if back == nil {
				f, ok = c.lintReaders(req, o, readers)
			} else {
				f, ok = lintBack(req, o, back)
			}
			if ok {
				f.Listen, f.Target, f.Front = listen, t, o
				out = append(out, f)
			}
		}
	}
	return out
}

// lintReaders reads o's forwarded target with each back end reader, and
// runs the path each reads through c again.
func (c *Config) lintReaders(req Request, o Outcome, readers []Preset) (Finding, bool) {
	for _, p := range readers {
		b := p.Policy.Apply(o.Forwarded)
		if b.Verdict != Accept {
			continue
		}
		bm := keyModeOf(&p.Policy)
		path, inside := o.toFront(b.Key, bm)
		if !inside {
			f := Finding{Reader: p.Name, BackKey: b.Key, Then: Outcome{Reason: "outside the upstream's path " + o.mount.to}}
			f.Segment, f.FrontSegment, f.BackSegment = partAt(o.toBack(), o.form, b.Key, bm)
			return f, true
		}
		r := req
		r.Target = keyTarget(path, bm)
		then := c.Serve(r)
		if then.Block == o.Block && then.Upstream == o.Upstream && then.Status == 0 {
			continue
		}
		f := Finding{Reader: p.Name, BackKey: b.Key, Then: then}
		f.Segment, f.FrontSegment, f.BackSegment = partAt(o.Key, o.form, path, bm)
		return f, true
	}
	return Finding{}, false
}

// lintBack serves o's forwarded target by back, and the key o was routed
// on, in back's terms, by back too.
func lintBack(req Request, o Outcome, back *Config) (Finding, bool) {
	b := back.Serve(Request{Method: req.Method, Host: req.Host, Target: o.Forwarded})
	if b.Status != 0 {
		// The back end answers itself: it serves nothing the front did
		// not route.
		return Finding{}, false
	}
	key := o.toBack()
	want := back.Serve(Request{Method: req.Method, Host: req.Host, Target: keyTarget(key, o.form)})
	seg, fs, bs := partAt(key, o.form, b.Key, b.form)
	if want.Block == b.Block && want.Upstream == b.Upstream && want.Status == b.Status && seg < 0 {
		return Finding{}, false
	}
	return Finding{Reader: back.file, BackKey: b.Key, Then: b, Segment: seg, FrontSegment: fs, BackSegment: bs}, true
}

// keyTarget is an origin-form target whose path is key: a decoded key
// escaped again.
func keyTarget(key string, m keyMode) string {
	switch m {
	case keyAsWritten:
		return key
	case keyDecodedButSlash:
		return string(appendEscapedKey(nil, key, EscapePath))
	}
	b := make([]byte, 0, len(key)+8)
	for i := 0; i < len(key); i++ {
		b = appendEscapedByte(b, key[i], EscapePath)
	}
	return string(b)
}

// toFront maps a path the back end read into the front's terms: a
// proxy_pass with a URI part replaced the location's name by it. inside
// is false when the path is not under the URI part at all.
func (o *Outcome) toFront(key string, m keyMode) (string, bool) {
	if o.mount == nil {
		return key, true
	}
	to := o.mount.to
	if m != keyAsWritten {
		to = pct.Decoded(to)
	}
	if strings.HasPrefix(key, to) {
		return o.mount.from + key[len(to):], true
	}
	if key+"/" == to {
		return o.mount.from, true
	}
	return key, false
}

// toBack is the key o was routed on in the back end's terms.
func (o *Outcome) toBack() string {
	if o.mount == nil || !strings.HasPrefix(o.Key, o.mount.from) {
		return o.Key
	}
	return pct.Decoded(o.mount.to) + o.Key[len(o.mount.from):]
}

// partAt is the first segment where two keys part, decoded as their
// forms say, or -1.
func partAt(a string, am keyMode, b string, bm keyMode) (int, string, string) {
	for i := 0; ; i++ {
		as, arest, aok := nextSegment(a)
		bs, brest, bok := nextSegment(b)
		if !aok && !bok {
			return -1, "", ""
		}
		if !aok || !bok || !sameIn(as, am, bs, bm) {
			return i, as, bs
		}
		a, b = arest, brest
	}
}

// sameIn compares two segments once decoded as their modes say.
func sameIn(a string, am keyMode, b string, bm keyMode) bool {
	i, j := 0, 0
	for {
		ca, na, oka := decodedIn(a, i, am)
		cb, nb, okb := decodedIn(b, j, bm)
		if !oka || !okb {
			return oka == okb
		}
		if ca != cb {
			return false
		}
		i, j = na, nb
	}
}

// decodedIn is decodedAt for a key of mode m.
func decodedIn(s string, i int, m keyMode) (byte, int, bool) {
	if m == keyDecodedAll {
		if i >= len(s) {
			return 0, i, false
		}
		return s[i], i + 1, true
	}
	return decodedAt(s, i, m == keyAsWritten)
}

// PresetConfig is the preset of that name as a configuration: one server,
// on every address and port, that reads each target as the preset does and
// forwards it to the upstream "backend"; its Block is "preset NAME".
func PresetConfig(name string) (*Config, bool) {
	p, ok := Lookup(name)
	if !ok {
		return nil, false
	}
	return &Config{product: p.Product, file: "preset " + name, servers: []*server{{
		listens: []listenAddr{{}}, where: "preset " + name,
		site: &presetSite{p: p.Policy, block: "preset " + name, form: keyModeOf(&p.Policy)},
	}}}, true
}

// A presetSite is a preset served as a configuration.
type presetSite struct {
	p     Policy
	block string
	form  keyMode
}

func (s *presetSite) serve(res *Outcome, req *Request, dst []byte) []byte {
	r, dst := s.p.AppendApply(dst, req.Target)
	if r.Verdict != Accept {
		*res = refusal(&r)
		res.Block = s.block
		return dst
	}
	*res = Outcome{Forwarded: r.Forward, Upstream: "backend", Key: r.Key, Block: s.block, form: s.form}
	return dst
}

func (s *presetSite) paths() []string { return nil }
func (s *presetSite) limit() int      { return 0 }
