package route

import (
	"strconv"
	"strings"
)

// A haLine is a line of a HAProxy configuration, split into words.
type haLine struct {
	words []string
	line  int
}

// lexHAProxy splits a HAProxy configuration into lines of words: "#"
// begins a comment, quotes group words, a backslash escapes.
func lexHAProxy(file, src string) ([]haLine, error) {
	var out []haLine
	for n, text := range strings.Split(src, "\n") {
		var words []string
		var w strings.Builder
		in := false // a word is under way
		var quote byte
		for i := 0; i < len(text); i++ {
			c := text[i]
			switch {
			case quote != 0:
				if c == quote {
					quote = 0
				} else {
					w.WriteByte(c)
				}
			case c == '\\' && i+1 < len(text):
				i++
				w.WriteByte(text[i])
				in = true
			case c == '"' || c == '\'':
				quote, in = c, true
			case c == '#':
				i = len(text)
			case c == ' ' || c == '\t' || c == '\r':
				if in {
					words = append(words, w.String())
					w.Reset()
					in = false
				}
			default:
				w.WriteByte(c)
				in = true
			}
		}
		if quote != 0 {
			return nil, configError(file, n+1, "unterminated quote")
		}
		if in {
			words = append(words, w.String())
		}
		if len(words) > 0 {
			out = append(out, haLine{words, n + 1})
		}
	}
	return out, nil
}

// A haFrontend is a HAProxy frontend, or a listen section.
type haFrontend struct {
	file, name string
	// read is the reading of the request line: HAProxy's, with option
	// accept-invalid-http-request or without.
	read Policy
	// limit bounds len(method)+len(target)+len(Host): what fits in the
	// buffer with the rest of a short request.
	lim            int
	rules          []*haRule
	redirects      []*haRule
	uses           []*haUse
	defaultBackend string
	dfltWhere      string
	backends       map[string]*haBackend
	// dflt is the default backend's.
	dflt *haBackend
	// monitor is monitor-uri's URI, answered with 200 before any rule.
	monitor, monitorWhere string
}

// A haBackend is a backend's name and its http-request rules.
type haBackend struct {
	name  string
	rules []*haRule
}

type haRuleKind uint8

const (
	haNormalize haRuleKind = iota
	haDeny
	haReturn
	haAllow
	haRedirect
)

// A haRule is an http-request rule, or a redirect.
type haRule struct {
	kind   haRuleKind
	where  string
	policy Policy
	status int
	// redirect is "location", "prefix" or "scheme", and to its value.
	redirect, to string
	cond         *haCond
}

// A haUse is a use_backend line.
type haUse struct {
	backend string
	be      *haBackend
	where   string
	cond    *haCond
}

// A haCond is an "if" or "unless" condition: terms ANDed in groups that
// are ORed.
type haCond struct {
	unless bool
	groups [][]haTerm
}

type haTerm struct {
	neg bool
	acl []*haACL // a named ACL may be declared on several lines: any matches
}

type haFetch uint8

const (
	fetchPath haFetch = iota
	fetchURL
	fetchHost
	fetchMethod
	fetchTrue
	fetchFalse
)

type haMatch uint8

const (
	matchStr haMatch = iota
	matchBeg
	matchEnd
	matchSub
	matchDir
	matchDom
)

// A haACL is an ACL: a sample fetch, a match and values.
type haACL struct {
	fetch  haFetch
	match  haMatch
	icase  bool
	values []string
}

// haDefaults are what a defaults section gives the frontends after it.
type haDefaults struct {
	acceptInvalid  bool
	defaultBackend string
	dfltWhere      string
	httpMode       bool
}

// haFetches maps a fetch as written to its fetch and match.
var haFetches = map[string]struct {
	f haFetch
	m haMatch
}{
	"path": {fetchPath, matchStr}, "path_beg": {fetchPath, matchBeg}, "path_end": {fetchPath, matchEnd},
	"path_sub": {fetchPath, matchSub}, "path_dir": {fetchPath, matchDir},
	"url": {fetchURL, matchStr}, "url_beg": {fetchURL, matchBeg}, "url_end": {fetchURL, matchEnd}, "url_sub": {fetchURL, matchSub},
	"hdr(host)": {fetchHost, matchStr}, "req.hdr(host)": {fetchHost, matchStr}, "hdr_beg(host)": {fetchHost, matchBeg},
	"hdr_end(host)": {fetchHost, matchEnd}, "hdr_dom(host)": {fetchHost, matchDom}, "hdr_sub(host)": {fetchHost, matchSub},
	"method": {fetchMethod, matchStr},
	// The request came in over plain HTTP: no TLS.
	"ssl_fc": {fetchFalse, matchStr},
}

// haPredefined are HAProxy's predefined ACLs the reader models.
var haPredefined = map[string]*haACL{
	"TRUE":         {fetch: fetchTrue},
	"FALSE":        {fetch: fetchFalse},
	"METH_GET":     {fetch: fetchMethod, values: []string{"GET", "HEAD"}},
	"METH_POST":    {fetch: fetchMethod, values: []string{"POST"}},
	"METH_CONNECT": {fetch: fetchMethod, values: []string{"CONNECT"}},
	"METH_OPTIONS": {fetch: fetchMethod, values: []string{"OPTIONS"}},
}

// haIgnoredRules are http-request actions that do not change the URL nor
// answer the request.
var haIgnoredRules = map[string]bool{
	"set-header": true, "add-header": true, "del-header": true, "replace-header": true, "replace-value": true,
	"set-var": true, "unset-var": true, "capture": true, "set-log-level": true, "set-nice": true, "set-mark": true,
	"set-tos": true, "track-sc0": true, "track-sc1": true, "track-sc2": true, "sc-inc-gpc0": true, "sc-inc-gpc1": true,
	"add-acl": true, "del-acl": true, "set-map": true, "del-map": true, "wait-for-body": true, "wait-for-handshake": true,
	"set-timeout": true, "disable-l7-retry": true, "early-hint": true, "set-priority-class": true, "set-priority-offset": true,
	"cache-use": true, "set-bandwidth-limit": true, "do-resolve": true,
}

func parseHAProxy(c *Config, src string) error {
	lines, err := lexHAProxy(c.file, src)
	if err != nil {
		return err
	}
	bufsize, maxrewrite := 16384, 1024
	dflt := haDefaults{httpMode: false}
	type section struct {
		kind, name string
		line       int
		body       []haLine
	}
	var sections []*section
	var cur *section
	for _, l := range lines {
		switch l.words[0] {
		case "global", "defaults", "frontend", "backend", "listen", "resolvers", "peers", "userlist", "mailers",
			"program", "http-errors", "ring", "cache", "fcgi-app", "dynamic-update", "crt-store":
			cur = &section{kind: l.words[0], line: l.line}
			if len(l.words) > 1 {
				cur.name = l.words[1]
			}
			sections = append(sections, cur)
			if l.words[0] == "frontend" || l.words[0] == "listen" {
				// bind may be on the section line of a listen: not
				// modelled; the name is enough.
				if len(l.words) > 2 && l.words[0] == "listen" {
					cur.body = append(cur.body, haLine{append([]string{"bind"}, l.words[2:]...), l.line})
				}
			}
			continue
		}
		if cur == nil {
			return configError(c.file, l.line, "%s: outside any section", l.words[0])
		}
		cur.body = append(cur.body, l)
	}
	// The backends, and global's buffer sizes, first: a frontend names
	// backends declared after it.
	backends := map[string]*haBackend{}
	for _, s := range sections {
		switch s.kind {
		case "global":
			for _, l := range s.body {
				switch l.words[0] {
				case "tune.bufsize", "tune.maxrewrite":
					if len(l.words) != 2 {
						return configError(c.file, l.line, "%s: want a size", l.words[0])
					}
					n, ok := parseSize(l.words[1])
					if !ok {
						return configError(c.file, l.line, "%s: invalid size %q", l.words[0], l.words[1])
					}
					if l.words[0] == "tune.bufsize" {
						bufsize = n
					} else {
						maxrewrite = n
					}
				}
			}
		case "backend", "listen":
			backends[s.name] = &haBackend{name: s.name}
		}
	}
	for _, s := range sections {
		switch s.kind {
		case "defaults":
			dflt = haDefaults{}
			for _, l := range s.body {
				if err := dflt.line(c.file, l); err != nil {
					return err
				}
			}
		case "backend":
			acls := map[string][]*haACL{}
			b := backends[s.name]
			for _, l := range s.body {
				if err := haSectionLine(c.file, l, acls, &b.rules, nil, "backend"); err != nil {
					return err
				}
			}
		case "frontend", "listen":
			d := dflt
			f := &haFrontend{file: c.file, name: s.name, backends: backends,
				defaultBackend: d.defaultBackend, dfltWhere: d.dfltWhere}
			srv := &server{where: where(c.file, s.line)}
			acls := map[string][]*haACL{}
			if s.kind == "listen" {
				f.defaultBackend, f.dfltWhere = s.name, where(c.file, s.line)+": listen "+s.name
			}
			for _, l := range s.body {
				switch l.words[0] {
				case "bind":
					if len(l.words) < 2 {
						return configError(c.file, l.line, "bind: want an address")
					}
					for _, a := range strings.Split(l.words[1], ",") {
						a = strings.TrimPrefix(strings.TrimPrefix(a, "ipv4@"), "ipv6@")
						if strings.HasPrefix(a, "/") || strings.HasPrefix(a, "unix@") || strings.HasPrefix(a, "abns@") {
							continue
						}
						h, p := splitListen(a)
						srv.listens = append(srv.listens, listenAddr{host: h, port: p})
					}
				case "mode", "option", "no", "default_backend":
					if err := d.line(c.file, l); err != nil {
						return err
					}
					if l.words[0] == "default_backend" {
						f.defaultBackend, f.dfltWhere = d.defaultBackend, d.dfltWhere
					}
				case "use_backend":
					if len(l.words) < 2 {
						return configError(c.file, l.line, "use_backend: want a backend")
					}
					u := &haUse{backend: l.words[1], where: where(c.file, l.line) + ": " + strings.Join(l.words, " ")}
					if strings.ContainsAny(u.backend, "%[") {
						return configError(c.file, l.line, "use_backend %s: a backend named by a sample is not modelled", u.backend)
					}
					if _, ok := backends[u.backend]; !ok {
						return configError(c.file, l.line, "use_backend: no backend %q", u.backend)
					}
					if len(l.words) > 2 {
						cond, err := haCondition(c.file, l.line, l.words[2:], acls)
						if err != nil {
							return err
						}
						u.cond = cond
					}
					f.uses = append(f.uses, u)
				case "monitor-uri":
					if len(l.words) != 2 {
						return configError(c.file, l.line, "monitor-uri: want a URI")
					}
					f.monitor, f.monitorWhere = l.words[1], where(c.file, l.line)+": monitor-uri "+l.words[1]
				case "server":
					if s.kind != "listen" {
						return configError(c.file, l.line, "server: belongs in a backend")
					}
				default:
					if err := haSectionLine(c.file, l, acls, &f.rules, &f.redirects, s.kind); err != nil {
						return err
					}
				}
			}
			if !d.httpMode {
				// A TCP frontend reads no request line.
				continue
			}
			if f.defaultBackend != "" {
				if _, ok := backends[f.defaultBackend]; !ok {
					return configError(c.file, s.line, "default_backend: no backend %q", f.defaultBackend)
				}
			}
			for _, u := range f.uses {
				u.be = backends[u.backend]
			}
			if f.defaultBackend != "" {
				f.dflt = backends[f.defaultBackend]
			}
			f.read = haproxyBase
			if d.acceptInvalid {
				f.read.Read, f.read.Fragment = ReadAny, FragmentKeep
			}
			f.lim = bufsize - maxrewrite - 105
			srv.site = f
			c.servers = append(c.servers, srv)
		}
	}
	return nil
}

// line reads a line of a defaults section, or one a frontend sets for
// itself.
func (d *haDefaults) line(file string, l haLine) error {
	w := l.words
	switch {
	case w[0] == "mode" && len(w) == 2:
		d.httpMode = w[1] == "http"
	case w[0] == "option" && len(w) == 2 && w[1] == "accept-invalid-http-request":
		d.acceptInvalid = true
	case w[0] == "no" && len(w) == 3 && w[1] == "option" && w[2] == "accept-invalid-http-request":
		d.acceptInvalid = false
	case w[0] == "option" && len(w) >= 2 && (w[1] == "http-use-proxy-header" || w[1] == "http-restrict-req-hdr-names"):
		return configError(file, l.line, "option %s: not modelled", w[1])
	case w[0] == "default_backend":
		if len(w) != 2 {
			return configError(file, l.line, "default_backend: want a backend")
		}
		d.defaultBackend, d.dfltWhere = w[1], where(file, l.line)+": default_backend "+w[1]
	}
	return nil
}

// haSectionLine reads a line of a frontend or a backend other than those
// the frontend reads itself: acl, http-request, redirect.
func haSectionLine(file string, l haLine, acls map[string][]*haACL, rules, redirects *[]*haRule, kind string) error {
	w := l.words
	at := where(file, l.line) + ": " + strings.Join(w, " ")
	switch w[0] {
	case "acl":
		if len(w) < 3 {
			return configError(file, l.line, "acl: want a name and a criterion")
		}
		a, err := haACLOf(file, l.line, w[2:])
		if err != nil {
			return err
		}
		acls[w[1]] = append(acls[w[1]], a)
	case "http-request":
		if len(w) < 2 {
			return configError(file, l.line, "http-request: want an action")
		}
		r, err := haRuleOf(file, l.line, w[1:], acls)
		if err != nil || r == nil {
			return err
		}
		r.where = at
		*rules = append(*rules, r)
	case "redirect":
		if redirects == nil {
			return configError(file, l.line, "redirect: not allowed in a %s", kind)
		}
		r, err := haRuleOf(file, l.line, w, acls)
		if err != nil {
			return err
		}
		r.where = at
		*redirects = append(*redirects, r)
	case "reqrep", "reqirep", "reqdel", "reqidel", "reqpass", "reqipass", "reqdeny", "reqideny", "reqallow",
		"reqiallow", "reqtarpit", "reqitarpit", "reqadd", "block", "use-server", "http-check":
		if w[0] == "use-server" || w[0] == "http-check" {
			return nil
		}
		return configError(file, l.line, "%s: not modelled", w[0])
	case "mode":
		if len(w) == 2 && w[1] != "http" && kind == "backend" {
			return nil
		}
	}
	return nil
}

// haRuleOf reads the action of an http-request rule, or a redirect line;
// nil is a rule that changes nothing the reader models.
func haRuleOf(file string, line int, w []string, acls map[string][]*haACL) (*haRule, error) {
	r := &haRule{}
	rest := w[1:]
	switch w[0] {
	case "normalize-uri":
		var name []string
		for len(rest) > 0 && rest[0] != "if" && rest[0] != "unless" {
			name, rest = append(name, rest[0]), rest[1:]
		}
		p, ok := Lookup("haproxy-" + strings.Join(name, "-"))
		if !ok || len(name) == 0 {
			return nil, configError(file, line, "http-request normalize-uri %s: not a normalizer of HAProxy 2.6", strings.Join(name, " "))
		}
		r.kind, r.policy = haNormalize, p.Policy
		// Each normalizer reads what the one before it left.
		r.policy.Read = ReadAny
		switch name[0] {
		case "fragment-strip":
			r.policy.Fragment = FragmentStrip
		case "fragment-encode":
			r.policy.Fragment = FragmentEncodeAll
		default:
			r.policy.Fragment = FragmentKeep
		}
	case "deny", "return":
		r.kind, r.status = haDeny, 403
		if w[0] == "return" {
			r.kind, r.status = haReturn, 200
		}
		for len(rest) > 0 && rest[0] != "if" && rest[0] != "unless" {
			if (rest[0] == "status" || rest[0] == "deny_status") && len(rest) > 1 {
				n, err := strconv.Atoi(rest[1])
				if err != nil || n < 200 || n > 599 {
					return nil, configError(file, line, "http-request %s: invalid status %q", w[0], rest[1])
				}
				r.status = n
				rest = rest[2:]
				continue
			}
			rest = rest[1:]
		}
	case "allow":
		r.kind = haAllow
	case "redirect":
		r.kind, r.status = haRedirect, 302
		if len(rest) < 2 {
			return nil, configError(file, line, "redirect: want location, prefix or scheme and a value")
		}
		switch rest[0] {
		case "location", "prefix", "scheme":
			r.redirect, r.to = rest[0], rest[1]
		default:
			return nil, configError(file, line, "redirect %s: want location, prefix or scheme", rest[0])
		}
		rest = rest[2:]
		for len(rest) > 0 && rest[0] != "if" && rest[0] != "unless" {
			if rest[0] == "code" && len(rest) > 1 {
				n, err := strconv.Atoi(rest[1])
				if err != nil || n < 301 || n > 308 {
					return nil, configError(file, line, "redirect: invalid code %q", rest[1])
				}
				r.status = n
				rest = rest[2:]
				continue
			}
			rest = rest[1:]
		}
	case "set-path", "set-pathq", "set-uri", "set-query", "replace-path", "replace-pathq", "replace-uri", "set-method",
		"tarpit", "reject", "silent-drop", "auth", "use-service", "lua", "set-src", "set-dst", "send-spoe-group":
		return nil, configError(file, line, "http-request %s: not modelled", w[0])
	default:
		if !haIgnoredRules[w[0]] && !strings.HasPrefix(w[0], "set-var(") && !strings.HasPrefix(w[0], "unset-var(") &&
			!strings.HasPrefix(w[0], "track-sc") && !strings.HasPrefix(w[0], "sc-") && !strings.HasPrefix(w[0], "lua.") {
			return nil, configError(file, line, "http-request %s: not modelled", w[0])
		}
		if strings.HasPrefix(w[0], "lua.") {
			return nil, configError(file, line, "http-request %s: Lua is not modelled", w[0])
		}
		return nil, nil
	}
	if len(rest) > 0 {
		cond, err := haCondition(file, line, rest, acls)
		if err != nil {
			return nil, err
		}
		r.cond = cond
	}
	return r, nil
}

// haACLOf reads a criterion: a fetch, flags and values.
func haACLOf(file string, line int, w []string) (*haACL, error) {
	fm, ok := haFetches[w[0]]
	if !ok {
		return nil, configError(file, line, "acl %s: the fetch is not modelled", w[0])
	}
	a := &haACL{fetch: fm.f, match: fm.m}
	i := 1
	for ; i < len(w) && strings.HasPrefix(w[i], "-"); i++ {
		switch w[i] {
		case "-i":
			a.icase = true
		case "-m":
			if i+1 == len(w) {
				return nil, configError(file, line, "acl: -m wants a method")
			}
			i++
			m, ok := map[string]haMatch{"str": matchStr, "beg": matchBeg, "end": matchEnd, "sub": matchSub, "dir": matchDir, "dom": matchDom}[w[i]]
			if !ok {
				return nil, configError(file, line, "acl: -m %s is not modelled", w[i])
			}
			a.match = m
		case "--":
			i++
			goto values
		case "-f", "-M", "-u":
			return nil, configError(file, line, "acl: %s is not modelled", w[i])
		}
	}
values:
	a.values = w[i:]
	if a.icase {
		for j, v := range a.values {
			a.values[j] = strings.ToLower(v)
		}
	}
	return a, nil
}

// haCondition reads "if" or "unless" and the terms after it.
func haCondition(file string, line int, w []string, acls map[string][]*haACL) (*haCond, error) {
	c := &haCond{}
	switch w[0] {
	case "if":
	case "unless":
		c.unless = true
	default:
		return nil, configError(file, line, "%s: want if or unless", w[0])
	}
	w = w[1:]
	if len(w) == 0 {
		return nil, configError(file, line, "%s: no condition", map[bool]string{false: "if", true: "unless"}[c.unless])
	}
	group := []haTerm{}
	for len(w) > 0 {
		tok := w[0]
		w = w[1:]
		if tok == "or" || tok == "||" {
			c.groups = append(c.groups, group)
			group = []haTerm{}
			continue
		}
		t := haTerm{}
		if strings.HasPrefix(tok, "!") {
			t.neg, tok = true, tok[1:]
			if tok == "" {
				if len(w) == 0 {
					return nil, configError(file, line, "\"!\" with nothing after it")
				}
				tok, w = w[0], w[1:]
			}
		}
		if tok == "{" {
			end := 0
			for end < len(w) && w[end] != "}" {
				end++
			}
			if end == len(w) || end == 0 {
				return nil, configError(file, line, "anonymous ACL: want \"{ criterion }\"")
			}
			a, err := haACLOf(file, line, w[:end])
			if err != nil {
				return nil, err
			}
			t.acl = []*haACL{a}
			w = w[end+1:]
		} else if a, ok := acls[tok]; ok {
			t.acl = a
		} else if a, ok := haPredefined[tok]; ok {
			t.acl = []*haACL{a}
		} else {
			return nil, configError(file, line, "no ACL %q", tok)
		}
		group = append(group, t)
	}
	c.groups = append(c.groups, group)
	return c, nil
}

// haRequest is what the conditions of a request read.
type haRequest struct {
	path    string
	hasPath bool
	url     string
	host    string
	method  string
}

func (c *haCond) holds(q *haRequest) bool {
	if c == nil {
		return true
	}
	holds := false
	for _, g := range c.groups {
		all := true
		for _, t := range g {
			m := false
			for _, a := range t.acl {
				if a.matches(q) {
					m = true
					break
				}
			}
			if m == t.neg {
				all = false
				break
			}
		}
		if all {
			holds = true
			break
		}
	}
	return holds != c.unless
}

func (a *haACL) matches(q *haRequest) bool {
	var s string
	switch a.fetch {
	case fetchTrue:
		return true
	case fetchFalse:
		return false
	case fetchPath:
		if !q.hasPath {
			return false
		}
		s = q.path
	case fetchURL:
		s = q.url
	case fetchHost:
		s = q.host
	case fetchMethod:
		s = q.method
	}
	for _, v := range a.values {
		if matchOne(s, v, a.match, a.icase) {
			return true
		}
	}
	return false
}

func matchOne(s, v string, m haMatch, icase bool) bool {
	if icase && len(s) >= len(v) {
		// Compare without case on the part that matters.
		switch m {
		case matchStr:
			return strings.EqualFold(s, v)
		case matchBeg:
			return strings.EqualFold(s[:len(v)], v)
		case matchEnd:
			return strings.EqualFold(s[len(s)-len(v):], v)
		}
		s = strings.ToLower(s)
	}
	switch m {
	case matchStr:
		return s == v
	case matchBeg:
		return strings.HasPrefix(s, v)
	case matchEnd:
		return strings.HasSuffix(s, v)
	case matchSub:
		return strings.Contains(s, v)
	case matchDir:
		return delimited(s, strings.Trim(v, "/"), '/')
	case matchDom:
		return delimited(s, strings.Trim(v, "."), '.') || delimited(s, strings.Trim(v, "."), ':')
	}
	return false
}

// delimited says whether v is in s between two delimiters d (or the ends).
func delimited(s, v string, d byte) bool {
	if v == "" {
		return false
	}
	for i := 0; i+len(v) <= len(s); i++ {
		if s[i:i+len(v)] == v && (i == 0 || s[i-1] == d) && (i+len(v) == len(s) || s[i+len(v)] == d) {
			return true
		}
	}
	return false
}

func (f *haFrontend) serve(res *Outcome, req *Request, dst []byte) []byte {
	t := req.Target
	method := req.Method
	if method == "" {
		method = "GET"
	}
	host := req.Host
	if len(method)+len(t)+len(host) > f.lim {
		*res = Outcome{Status: 400, Reason: "the request does not fit in HAProxy's buffer (tune.bufsize less tune.maxrewrite)"}
		return dst
	}
	var r Result
	dst = f.read.applyRaw(&r, t, dst)
	if r.Verdict != Accept {
		*res = refusal(&r)
		return dst
	}
	if f.monitor != "" && (t == f.monitor || t[0] != '/' && haPathQuery(t) == f.monitor) {
		*res = Outcome{Status: 200, Key: r.Key, Block: f.monitorWhere, Reason: "monitor-uri"}
		return dst
	}
	if t[0] != '/' {
		if reason := haAuthority(t, host); reason != "" {
			*res = Outcome{Status: 400, Reason: reason}
			return dst
		}
	}
	q := haRequest{url: r.Forward, host: host, method: method}
	q.path, q.hasPath = haPath(r.Forward)
	dst, done := f.run(res, f.rules, &r, &q, dst)
	if done {
		return dst
	}
	for _, rd := range f.redirects {
		if rd.cond.holds(&q) {
			*res = rd.answer(&q)
			return dst
		}
	}
	backend, block := f.dflt, f.dfltWhere
	for _, u := range f.uses {
		if u.cond.holds(&q) {
			backend, block = u.be, u.where
			break
		}
	}
	if backend == nil {
		*res = Outcome{Status: 503, Key: q.path, Reason: "no backend"}
		return dst
	}
	if len(backend.rules) > 0 {
		if dst, done = f.run(res, backend.rules, &r, &q, dst); done {
			return dst
		}
	}
	// res is the zero Outcome.
	res.Forwarded, res.Upstream, res.Key, res.Block = q.url, backend.name, q.path, block
	return dst
}

// run runs http-request rules in order; done says one answered, in res.
func (f *haFrontend) run(res *Outcome, rules []*haRule, r *Result, q *haRequest, dst []byte) ([]byte, bool) {
	for _, rule := range rules {
		if !rule.cond.holds(q) {
			continue
		}
		switch rule.kind {
		case haNormalize:
			*r = Result{}
			dst = rule.policy.applyRaw(r, q.url, dst)
			if r.Verdict != Accept {
				*res = refusal(r)
				res.Block = rule.where
				return dst, true
			}
			q.url = r.Forward
			q.path, q.hasPath = haPath(q.url)
		case haAllow:
			return dst, false
		case haDeny, haReturn:
			*res = Outcome{Status: rule.status, Key: q.path, Block: rule.where, Reason: "http-request " + [...]string{haDeny: "deny", haReturn: "return"}[rule.kind]}
			return dst, true
		case haRedirect:
			*res = rule.answer(q)
			return dst, true
		}
	}
	return dst, false
}

// answer is the Outcome of a redirect rule.
func (rule *haRule) answer(q *haRequest) Outcome {
	o := Outcome{Status: rule.status, Key: q.path, Block: rule.where, Reason: "redirect " + rule.redirect}
	switch rule.redirect {
	case "location":
		o.Location = rule.to
	case "prefix":
		o.Location = strings.TrimSuffix(rule.to, "/") + q.url
	case "scheme":
		o.Location = rule.to + "://" + q.host + q.url
	}
	return o
}

// haPath is HAProxy's path of a target: from the first "/" after the
// authority of an absolute-form target, or the whole of an origin-form
// one, to the "?".
func haPath(t string) (string, bool) {
	start := 0
	if t == "" || t[0] != '/' {
		i := strings.Index(t, "://")
		if i < 0 {
			return "", false
		}
		j := strings.IndexByte(t[i+3:], '/')
		if j < 0 {
			return "", false
		}
		start = i + 3 + j
	}
	end := strings.IndexByte(t[start:], '?')
	if end < 0 {
		return t[start:], true
	}
	return t[start : start+end], true
}

// haPathQuery is what HAProxy's http_get_path gives of an absolute-form
// target: from the "/" after its authority to its end, query included.
func haPathQuery(t string) string {
	i := strings.Index(t, "://")
	if i < 0 {
		return ""
	}
	j := strings.IndexByte(t[i+3:], '/')
	if j < 0 {
		return ""
	}
	return t[i+3+j:]
}

// haAuthority is why HAProxy refuses the target's authority, or "": the
// authority of an absolute-form target must be the Host header, less
// userinfo and the scheme's default port, and an authority-form target the
// Host header itself.
func haAuthority(t, host string) string {
	if t == "" || t[0] == '/' || t == "*" || t[0] == '*' {
		return ""
	}
	scheme, rest, ok := strings.Cut(t, "://")
	if !ok {
		if !strings.EqualFold(t, host) {
			return "the authority-form target is not the Host header"
		}
		return ""
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	if !strings.EqualFold(stripPort(scheme, rest), stripPort(scheme, host)) {
		return "the authority of the absolute-form target is not the Host header"
	}
	return ""
}

// stripPort removes an empty port and the scheme's default port.
func stripPort(scheme, a string) string {
	a = strings.TrimSuffix(a, ":")
	switch strings.ToLower(scheme) {
	case "http":
		a = strings.TrimSuffix(a, ":80")
	case "https":
		a = strings.TrimSuffix(a, ":443")
	}
	return a
}

func (f *haFrontend) paths() []string {
	var ps []string
	add := func(c *haCond) {
		if c == nil {
			return
		}
		for _, g := range c.groups {
			for _, t := range g {
				for _, a := range t.acl {
					if a.fetch == fetchPath {
						ps = append(ps, a.values...)
					}
				}
			}
		}
	}
	for _, r := range f.rules {
		add(r.cond)
	}
	for _, u := range f.uses {
		add(u.cond)
	}
	if f.monitor != "" {
		ps = append(ps, f.monitor)
	}
	return ps
}

func (f *haFrontend) limit() int { return f.lim - len("GET") - len("example.test") }
