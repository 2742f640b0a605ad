package route

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/urilabs/rfc3986/internal/ascii"
	"github.com/urilabs/rfc3986/internal/pct"
)

// A cdToken is a word of a Caddyfile, with its line; "{" and "}" are
// words of their own.
type cdToken struct {
	text    string
	line    int
	newline bool // the first word of its line
	quoted  bool
}

// lexCaddy splits a Caddyfile into words: "#" at the start of a word
// begins a comment, double quotes and backquotes group words.
func lexCaddy(file, src string) ([]cdToken, error) {
	var out []cdToken
	line, first := 1, true
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			line++
			first = true
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '"' || c == '`':
			j := i + 1
			var w strings.Builder
			start := line
			for j < len(src) && src[j] != c {
				if c == '"' && src[j] == '\\' && j+1 < len(src) && src[j+1] == '"' {
					j++
				}
				if src[j] == '\n' {
					line++
				}
				w.WriteByte(src[j])
				j++
			}
			if j == len(src) {
				return nil, configError(file, start, "unterminated quote")
			}
			out = append(out, cdToken{w.String(), start, first, true})
			first = false
			i = j + 1
		default:
			j := i
			for j < len(src) && !strings.ContainsRune(" \t\r\n", rune(src[j])) {
				j++
			}
			out = append(out, cdToken{src[i:j], line, first, false})
			first = false
			i = j
		}
	}
	return out, nil
}

// A cdDirective is a directive of a Caddyfile: its words, and its block.
type cdDirective struct {
	args     []string
	line     int
	block    []*cdDirective
	hasBlock bool
}

// cdParse reads the tokens of one line after another into directives,
// up to a "}" that closes the block they are in.
func cdParse(file string, toks []cdToken, i int) ([]*cdDirective, int, error) {
	var out []*cdDirective
	for i < len(toks) {
		t := toks[i]
		if t.text == "}" && !t.quoted {
			return out, i + 1, nil
		}
		d := &cdDirective{line: t.line}
		for i < len(toks) && (len(d.args) == 0 || !toks[i].newline) {
			if toks[i].text == "{" && !toks[i].quoted {
				block, next, err := cdParse(file, toks, i+1)
				if err != nil {
					return nil, 0, err
				}
				if next > len(toks) || next == len(toks) && (len(toks) == 0 || toks[len(toks)-1].text != "}") {
					return nil, 0, configError(file, toks[i].line, "block is not closed")
				}
				d.block, d.hasBlock = block, true
				i = next
				break
			}
			if toks[i].text == "}" && !toks[i].quoted {
				break
			}
			d.args = append(d.args, toks[i].text)
			i++
		}
		out = append(out, d)
	}
	return out, i, nil
}

// A cdSite is a site block of a Caddyfile.
type cdSite struct {
	where  string
	policy Policy
	// routes are the site's handlers in the order Caddy runs them: the
	// handle blocks sorted by their path, then the others.
	routes []*cdRoute
}

// A cdRoute is a handle, handle_path or route block, or a bare
// reverse_proxy or respond.
type cdRoute struct {
	where   string
	matcher *cdMatcher
	// strip is handle_path's or uri strip_prefix's prefix; mount says
	// the forwarded path lacks it.
	strip    string
	mount    *mount
	upstream string
	status   int
	// answers says respond; proxies reverse_proxy; route is a route
	// block, which does not end the chain; files is file_server.
	answers, proxies, route, files bool
}

// A cdMatcher is a path matcher: its patterns, lower-case.
type cdMatcher struct {
	patterns []string
	// kinds say how each pattern matches, found once.
	kinds []cdKind
}

type cdKind uint8

const (
	cdExact cdKind = iota
	cdAll
	cdPrefix
	cdSuffix
	cdGlob
)

// add adds a pattern.
func (m *cdMatcher) add(p string) {
	p = strings.ToLower(p)
	k := cdExact
	switch {
	case p == "*":
		k = cdAll
	case strings.HasSuffix(p, "*") && !strings.ContainsAny(p[:len(p)-1], "*?["):
		k = cdPrefix
	case strings.HasPrefix(p, "*") && !strings.ContainsAny(p[1:], "*?["):
		k = cdSuffix
	case strings.ContainsAny(p, "*?["):
		k = cdGlob
	}
	m.patterns = append(m.patterns, p)
	m.kinds = append(m.kinds, k)
}

func (m *cdMatcher) matches(key string) bool {
	if m == nil {
		return true
	}
	for i, p := range m.patterns {
		switch m.kinds[i] {
		case cdAll:
			return true
		case cdPrefix:
			if len(key) >= len(p)-1 && key[:len(p)-1] == p[:len(p)-1] {
				return true
			}
		case cdSuffix:
			if strings.HasSuffix(key, p[1:]) {
				return true
			}
		case cdGlob:
			if ok, _ := path.Match(p, key); ok {
				return true
			}
		default:
			if key == p {
				return true
			}
		}
	}
	return false
}

func parseCaddy(c *Config, src string) error {
	toks, err := lexCaddy(c.file, src)
	if err != nil {
		return err
	}
	ds, next, err := cdParse(c.file, toks, 0)
	if err != nil {
		return err
	}
	if next < len(toks) {
		return configError(c.file, toks[next-1].line, "unexpected \"}\"")
	}
	for n, d := range ds {
		if n == 0 && len(d.args) == 0 && d.hasBlock {
			continue // the global options
		}
		if !d.hasBlock {
			return configError(c.file, d.line, "%s: a site wants a block", strings.Join(d.args, " "))
		}
		s, err := cdSiteOf(c.file, d)
		if err != nil {
			return err
		}
		c.servers = append(c.servers, s)
	}
	return nil
}

func cdSiteOf(file string, d *cdDirective) (*server, error) {
	site := &cdSite{where: where(file, d.line) + ": " + strings.Join(d.args, " "), policy: caddyReverseProxy}
	s := &server{where: site.where, site: site}
	for _, a := range d.args {
		a = strings.TrimSuffix(a, ",")
		for _, a := range strings.Split(a, ",") {
			if a == "" {
				continue
			}
			port := "443"
			if strings.HasPrefix(a, "http://") {
				port = "80"
			}
			a = strings.TrimPrefix(strings.TrimPrefix(a, "http://"), "https://")
			if i := strings.IndexByte(a, '/'); i >= 0 {
				return nil, configError(file, d.line, "site %s: a path in the address is not modelled", a)
			}
			host := a
			if i := strings.LastIndexByte(a, ':'); i >= 0 && !strings.HasSuffix(a, "]") {
				host, port = a[:i], a[i+1:]
			}
			if host != "" {
				s.names = append(s.names, strings.ToLower(host))
			}
			s.listens = append(s.listens, listenAddr{port: port})
		}
	}
	named := map[string]*cdMatcher{}
	var handles, others []*cdRoute
	for _, sd := range d.block {
		if len(sd.args) == 0 {
			continue
		}
		name := sd.args[0]
		switch {
		case name == "bind":
			for i := range s.listens {
				if len(sd.args) > 1 {
					h, _ := splitListen(sd.args[1] + ":0")
					s.listens[i].host = h
				}
			}
		case strings.HasPrefix(name, "@"):
			m, err := cdNamedMatcher(file, sd)
			if err != nil {
				return nil, err
			}
			named[name] = m
		case name == "handle" || name == "handle_path" || name == "route":
			r, err := cdBlock(file, sd, named)
			if err != nil {
				return nil, err
			}
			if name == "route" {
				r.route = true
				others = append(others, r)
			} else {
				handles = append(handles, r)
			}
		case name == "reverse_proxy" || name == "respond":
			// A bare handler, its matcher taken out to a handle of its
			// own.
			h := &cdDirective{args: []string{"handle"}, line: sd.line, hasBlock: true}
			inner := &cdDirective{args: sd.args, line: sd.line}
			if len(sd.args) > 1 && (strings.HasPrefix(sd.args[1], "/") || strings.HasPrefix(sd.args[1], "@") || sd.args[1] == "*") {
				h.args = append(h.args, sd.args[1])
				inner.args = append([]string{name}, sd.args[2:]...)
			}
			h.block = []*cdDirective{inner}
			r, err := cdBlock(file, h, named)
			if err != nil {
				return nil, err
			}
			r.where = where(file, sd.line) + ": " + strings.Join(sd.args, " ")
			others = append(others, r)
		case cdRefused[name] != "":
			return nil, configError(file, sd.line, "%s: %s, which the reader does not model", name, cdRefused[name])
		}
	}
	// Caddy runs the directives in its order: route, then handle (of
	// which one runs, the most specific path first), then respond and
	// reverse_proxy. The reader takes route blocks and bare handlers in
	// the order of the file, before and after the handles as Caddy does.
	slices.SortStableFunc(handles, func(a, b *cdRoute) int { return cdSpecific(a.matcher, b.matcher) })
	var routes, after []*cdRoute
	for _, r := range others {
		if r.route {
			routes = append(routes, r)
		} else {
			after = append(after, r)
		}
	}
	site.routes = append(append(append(site.routes, routes...), handles...), after...)
	return s, nil
}

// cdRefused are directives that change how Caddy maps a URL, which the
// reader does not model.
var cdRefused = map[string]string{
	"basicauth": "asks for credentials", "basic_auth": "asks for credentials",
	"rewrite": "rewrites the URI", "try_files": "rewrites the URI", "redir": "redirects",
	"php_fastcgi": "rewrites and passes to FastCGI", "map": "sets variables per request", "import": "reads other files",
	"invoke": "runs a named route", "forward_auth": "asks another server",
}

// cdSpecific orders handle blocks as Caddy sorts them: a single path
// matcher before none, a longer path first, an exact path before the
// same path with a wildcard.
func cdSpecific(a, b *cdMatcher) int {
	ap, bp := cdSortPath(a), cdSortPath(b)
	switch {
	case ap == "" && bp == "":
		return 0
	case ap == "":
		return 1
	case bp == "":
		return -1
	case strings.TrimSuffix(ap, "*") == strings.TrimSuffix(bp, "*"):
		return len(ap) - len(bp)
	}
	return len(bp) - len(ap)
}

func cdSortPath(m *cdMatcher) string {
	if m == nil || len(m.patterns) != 1 {
		return ""
	}
	return m.patterns[0]
}

// cdNamedMatcher reads "@name path ..." or "@name { path ... }".
func cdNamedMatcher(file string, d *cdDirective) (*cdMatcher, error) {
	lines := [][]string{d.args[1:]}
	if d.hasBlock {
		lines = nil
		for _, b := range d.block {
			lines = append(lines, b.args)
		}
	}
	m := &cdMatcher{}
	for _, l := range lines {
		if len(l) < 2 || l[0] != "path" {
			return nil, configError(file, d.line, "matcher %s: only path matchers are modelled", d.args[0])
		}
		for _, p := range l[1:] {
			if strings.Contains(p, "%") {
				return nil, configError(file, d.line, "path %s: an escape in a path matcher is not modelled", p)
			}
			m.add(p)
		}
	}
	return m, nil
}

// cdBlock reads a handle, handle_path or route block.
func cdBlock(file string, d *cdDirective, named map[string]*cdMatcher) (*cdRoute, error) {
	r := &cdRoute{where: where(file, d.line) + ": " + strings.Join(d.args, " ")}
	args := d.args[1:]
	if len(args) > 0 {
		m, err := cdMatcherArg(file, d.line, args[0], named)
		if err != nil {
			return nil, err
		}
		r.matcher = m
		if len(args) > 1 {
			return nil, configError(file, d.line, "%s %s: want one matcher and a block", d.args[0], strings.Join(args, " "))
		}
	}
	if d.args[0] == "handle_path" {
		if r.matcher == nil || len(r.matcher.patterns) != 1 || !strings.HasSuffix(r.matcher.patterns[0], "*") {
			return nil, configError(file, d.line, "handle_path: want a path prefix that ends in \"*\"")
		}
		r.strip = strings.TrimSuffix(r.matcher.patterns[0], "*")
	}
	for _, b := range d.block {
		if len(b.args) == 0 {
			continue
		}
		rest := b.args[1:]
		modelled := b.args[0] == "reverse_proxy" || b.args[0] == "respond" || b.args[0] == "file_server"
		if modelled && len(rest) > 0 && (strings.HasPrefix(rest[0], "/") || strings.HasPrefix(rest[0], "@") || rest[0] == "*") {
			return nil, configError(file, b.line, "%s %s: a matcher inside a block is not modelled", b.args[0], rest[0])
		}
		switch b.args[0] {
		case "reverse_proxy":
			if len(rest) == 0 {
				return nil, configError(file, b.line, "reverse_proxy: want an upstream")
			}
			r.proxies, r.upstream = true, strings.TrimPrefix(rest[0], "http://")
		case "respond":
			r.answers, r.status = true, 200
			for _, a := range rest {
				if n, err := strconv.Atoi(a); err == nil && n >= 100 && n <= 999 {
					r.status = n
				}
			}
		case "file_server":
			// The files are not modelled: a file that is not there.
			r.answers, r.status, r.files = true, 404, true
		case "basicauth", "basic_auth":
			return nil, configError(file, b.line, "%s: not modelled", b.args[0])
		case "uri":
			if len(rest) != 2 || rest[0] != "strip_prefix" {
				return nil, configError(file, b.line, "uri %s: only strip_prefix is modelled", strings.Join(rest, " "))
			}
			if r.strip != "" {
				return nil, configError(file, b.line, "uri strip_prefix inside handle_path: not modelled")
			}
			r.strip = strings.TrimSuffix(rest[1], "/")
		case "handle", "handle_path", "route":
			return nil, configError(file, b.line, "%s inside a block: not modelled", b.args[0])
		default:
			if cdRefused[b.args[0]] != "" {
				return nil, configError(file, b.line, "%s: %s, which the reader does not model", b.args[0], cdRefused[b.args[0]])
			}
		}
	}
	if r.strip != "" {
		r.mount = &mount{from: strings.TrimSuffix(r.strip, "/")}
	}
	return r, nil
}

// cdMatcherArg reads the matcher token of a directive.
func cdMatcherArg(file string, line int, a string, named map[string]*cdMatcher) (*cdMatcher, error) {
	switch {
	case a == "*":
		return nil, nil
	case strings.HasPrefix(a, "@"):
		m, ok := named[a]
		if !ok {
			return nil, configError(file, line, "no matcher %s (declare it before it is used)", a)
		}
		return m, nil
	case strings.HasPrefix(a, "/"):
		if strings.Contains(a, "%") {
			return nil, configError(file, line, "path %s: an escape in a path matcher is not modelled", a)
		}
		m := &cdMatcher{}
		m.add(a)
		return m, nil
	}
	return nil, configError(file, line, "%s: want a path or a named matcher", a)
}

func (s *cdSite) serve(res *Outcome, req *Request, dst []byte) []byte {
	var r Result
	dst = s.policy.applyRaw(&r, req.Target, dst)
	if r.Verdict != Accept {
		*res = refusal(&r)
		return dst
	}
	key := r.Key
	// res is the zero Outcome.
	o := res
	o.Key, o.form = key, keyDecodedAll
	for _, rt := range s.routes {
		if !rt.matcher.matches(key) {
			continue
		}
		o.Block = rt.where
		if rt.strip != "" {
			r = caddyStrip(r, rt.strip)
			key = caddyMatchPath(r.Forward[:r.fpath])
		}
		switch {
		case rt.answers:
			o.Status, o.Reason = rt.status, "respond"
			if rt.files {
				// No file is there; a NUL in the name fails the open.
				o.Reason = "file_server: files are not modelled, a file that is not there"
				if strings.IndexByte(r.Key, 0) >= 0 {
					o.Status, o.Reason = 500, "file_server: a NUL in the file name"
				}
			}
			return dst
		case rt.proxies:
			o.Upstream, o.Forwarded, o.mount = rt.upstream, r.Forward, rt.mount
			return dst
		case rt.route:
			// A route that only rewrites: the next handlers see it.
			continue
		}
		// A handle with neither: Caddy answers 200, empty.
		o.Status, o.Reason = 200, "the block handles nothing: an empty 200"
		return dst
	}
	o.Status, o.Reason = 200, "no route matches: Caddy answers an empty 200"
	return dst
}

// caddyMatchPath is the path Caddy's path matcher compares with a
// pattern: r.URL.Path (the escaped path decoded), lower-cased, its
// trailing dots and spaces trimmed, then cleaned: the key of the caddy
// preset (KeyDecodedClean, cleanKey), of a path a handle_path has cut.
func caddyMatchPath(escaped string) string {
	if n := len(escaped); n > 0 && escaped[n-1] != '.' && escaped[n-1] != ' ' && isClean(escaped) && ascii.FirstUpper(escaped) == n && strings.IndexByte(escaped, '%') < 0 {
		return escaped
	}
	return strings.ToLower(string(cleanKey(make([]byte, 0, len(escaped)+1), []byte(escaped))))
}

// caddyStrip is handle_path's and uri strip_prefix's cut of prefix off
// the path r forwards: the escaped path cleaned, the prefix cut off it
// where it spells it (an escape matching the byte it encodes), then, as
// net/url writes a path whose raw form is its decoded form, escaped again
// with EscapeGo when what is left holds no escape, or one net/url would
// not keep.
func caddyStrip(r Result, prefix string) Result {
	trimmed := strings.TrimSuffix(prefix, "/")
	rr := r
	rr.Key = trimmed
	out, ok := rr.stripCleanedEscaped(trimmed)
	if !ok {
		return r
	}
	fpath, query := out.Forward[:out.fpath], out.Forward[out.fpath:]
	if strings.Contains(fpath, "%") && !needsGoEscape(fpath) {
		return out
	}
	dec := pct.Decoded(fpath)
	if dec == "" {
		dec = "/"
	}
	b := make([]byte, 0, 3*len(dec)+len(query))
	for i := 0; i < len(dec); i++ {
		if dec[i] == '/' {
			b = append(b, '/')
			continue
		}
		b = appendEscapedByte(b, dec[i], EscapeGo)
	}
	n := len(b)
	b = append(b, query...)
	out.Forward, out.fpath = string(b), int32(n)
	return out
}

func (s *cdSite) paths() []string {
	var ps []string
	for _, r := range s.routes {
		if r.matcher != nil {
			for _, p := range r.matcher.patterns {
				ps = append(ps, strings.TrimSuffix(p, "*"))
			}
		}
	}
	return ps
}

func (s *cdSite) limit() int { return 0 }
