package route

import (
	"strconv"
	"strings"
	"unsafe"
)

// An apLine is a directive of an Apache httpd configuration, or the
// opening or closing of a section ("<VirtualHost", "</VirtualHost").
type apLine struct {
	name string
	args []string
	line int
}

// lexApache splits an Apache httpd configuration into directives: one a
// line (a backslash at the end joins the next), "#" at the start of a line
// a comment, double quotes grouping words; "<Section args>" and
// "</Section>" are directives of their own.
func lexApache(file, src string) ([]apLine, error) {
	var out []apLine
	lines := strings.Split(src, "\n")
	for n := 0; n < len(lines); n++ {
		start := n
		text := strings.TrimRight(lines[n], "\r")
		for strings.HasSuffix(text, "\\") && n+1 < len(lines) {
			n++
			text = text[:len(text)-1] + strings.TrimRight(lines[n], "\r")
		}
		text = strings.TrimSpace(text)
		if text == "" || text[0] == '#' {
			continue
		}
		if text[0] == '<' {
			if !strings.HasSuffix(text, ">") {
				return nil, configError(file, start+1, "section %s: no \">\"", text)
			}
			text = text[1 : len(text)-1]
			words, err := apWords(file, start+1, text)
			if err != nil {
				return nil, err
			}
			if len(words) == 0 {
				return nil, configError(file, start+1, "an empty section")
			}
			words[0] = "<" + words[0]
			out = append(out, apLine{words[0], words[1:], start + 1})
			continue
		}
		words, err := apWords(file, start+1, text)
		if err != nil {
			return nil, err
		}
		out = append(out, apLine{words[0], words[1:], start + 1})
	}
	return out, nil
}

// apWords splits a directive's text into words.
func apWords(file string, line int, s string) ([]string, error) {
	var words []string
	for i := 0; i < len(s); {
		switch s[i] {
		case ' ', '\t':
			i++
			continue
		case '"', '\'':
			q := s[i]
			j := i + 1
			var w strings.Builder
			for j < len(s) && s[j] != q {
				if s[j] == '\\' && j+1 < len(s) && (s[j+1] == q || s[j+1] == '\\') {
					j++
				}
				w.WriteByte(s[j])
				j++
			}
			if j == len(s) {
				return nil, configError(file, line, "unterminated quote")
			}
			words = append(words, w.String())
			i = j + 1
		default:
			j := i
			for j < len(s) && s[j] != ' ' && s[j] != '\t' {
				j++
			}
			words = append(words, s[i:j])
			i = j
		}
	}
	return words, nil
}

// An apVhost is a VirtualHost, or the main server.
type apVhost struct {
	file  string
	where string
	aes   Encoded
	merge bool
	lim   int
	// policy reads the target into r->uri, the key.
	policy    Policy
	passes    []*apPass
	locations []*apLocation
}

// An apPass is a ProxyPass line.
type apPass struct {
	where   string
	prefix  string
	exclude bool // ProxyPass /x !
	// host is the URL's host and port; path its path ("/" when none).
	host, path string
	nocanon    bool
	// mount is prefix and path, when they differ.
	mount *mount
}

// An apLocation is a <Location> section.
type apLocation struct {
	where  string
	prefix string
	deny   bool
}

// apServerSettings are the directives a VirtualHost inherits from the
// main server.
type apServerSettings struct {
	aes   Encoded
	merge bool
	lim   int
}

// apRefused are directives that change how Apache httpd maps a URL, which
// the reader does not model.
var apRefused = map[string]string{
	"RewriteRule": "rewrites the URL", "RewriteCond": "rewrites the URL", "ProxyPassMatch": "matches a regular expression",
	"AliasMatch": "matches a regular expression", "Alias": "maps the URL to files", "ScriptAlias": "maps the URL to programs",
	"Redirect": "redirects", "RedirectMatch": "redirects", "RedirectPermanent": "redirects", "RedirectTemp": "redirects",
	"ProxyPassInterpolateEnv": "interpolates the environment", "<LocationMatch": "matches a regular expression",
	"<If": "changes the configuration per request", "<ElseIf": "changes the configuration per request",
	"<Else": "changes the configuration per request", "Include": "reads another file", "IncludeOptional": "reads other files",
	"AcceptPathInfo": "changes how a path maps to a file", "DecodedEncodedSlashes": "",
}

func parseApache(c *Config, src string) error {
	lines, err := lexApache(c.file, src)
	if err != nil {
		return err
	}
	if lines, err = apConditionals(c.file, lines); err != nil {
		return err
	}
	main := apServerSettings{aes: EncodedReject, merge: true, lim: 8190}
	var listens []listenAddr
	// First the main server's settings, which each VirtualHost inherits
	// wherever it is.
	depth := 0
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l.name, "</"):
			depth--
		case strings.HasPrefix(l.name, "<"):
			depth++
		case depth == 0:
			if err := main.set(c.file, l); err != nil {
				return err
			}
			if strings.EqualFold(l.name, "Listen") && len(l.args) > 0 {
				h, p := splitListen(l.args[0])
				listens = append(listens, listenAddr{host: h, port: p})
			}
		}
	}
	mainVhost := &apVhost{file: c.file, where: where(c.file, 1) + ": the main server"}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.EqualFold(l.name, "<VirtualHost"):
			end := apEnd(lines, i)
			if end < 0 {
				return configError(c.file, l.line, "<VirtualHost> is not closed")
			}
			v := &apVhost{file: c.file, where: where(c.file, l.line) + ": <VirtualHost " + strings.Join(l.args, " ") + ">"}
			s := &server{where: v.where}
			for _, a := range l.args {
				h, p := splitListen(a)
				if p == "" || p == "*" {
					return configError(c.file, l.line, "<VirtualHost %s>: give the port", a)
				}
				s.listens = append(s.listens, listenAddr{host: h, port: p})
			}
			set := main
			if err := v.read(lines[i+1:end], &set, s); err != nil {
				return err
			}
			v.finish(set)
			s.site = v
			c.servers = append(c.servers, s)
			i = end
		case strings.EqualFold(l.name, "<Location"):
			end := apEnd(lines, i)
			if end < 0 {
				return configError(c.file, l.line, "<Location> is not closed")
			}
			if err := mainVhost.location(lines[i:end]); err != nil {
				return err
			}
			i = end
		case strings.HasPrefix(l.name, "<") && !strings.HasPrefix(l.name, "</"):
			if why, ok := apRefused[l.name]; ok && why != "" {
				return configError(c.file, l.line, "%s: %s, which the reader does not model", l.name+">", why)
			}
			end := apEnd(lines, i)
			if end < 0 {
				return configError(c.file, l.line, "%s> is not closed", l.name)
			}
			i = end
		default:
			if strings.EqualFold(l.name, "ProxyPass") {
				if err := mainVhost.pass(l); err != nil {
					return err
				}
			}
		}
	}
	if len(mainVhost.passes) > 0 || len(c.servers) == 0 && len(listens) > 0 {
		// The main server takes what no VirtualHost of its address does.
		mainVhost.finish(main)
		s := &server{where: mainVhost.where, listens: listens, site: mainVhost}
		c.servers = append(c.servers, s)
	}
	return nil
}

// apConditionals resolves <IfModule> and <IfDefine> sections: the
// directives of <IfModule module> and <IfDefine !NAME> apply (the reader
// takes every module as loaded and no NAME as defined), those of
// <IfModule !module> and <IfDefine NAME> do not.
func apConditionals(file string, lines []apLine) ([]apLine, error) {
	var out []apLine
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		name := strings.ToLower(l.name)
		if name != "<ifmodule" && name != "<ifdefine" {
			if name == "</ifmodule" || name == "</ifdefine" {
				return nil, configError(file, l.line, "%s> without its opening", l.name)
			}
			out = append(out, l)
			continue
		}
		end := apEnd(lines, i)
		if end < 0 {
			return nil, configError(file, l.line, "%s> is not closed", l.name)
		}
		negated := len(l.args) > 0 && strings.HasPrefix(l.args[0], "!")
		if negated == (name == "<ifdefine") {
			inner, err := apConditionals(file, lines[i+1:end])
			if err != nil {
				return nil, err
			}
			out = append(out, inner...)
		}
		i = end
	}
	return out, nil
}

// apEnd is the index of the line that closes the section opened at i.
func apEnd(lines []apLine, i int) int {
	depth := 0
	for j := i; j < len(lines); j++ {
		switch {
		case strings.HasPrefix(lines[j].name, "</"):
			depth--
			if depth == 0 {
				return j
			}
		case strings.HasPrefix(lines[j].name, "<"):
			depth++
		}
	}
	return -1
}

// set reads a server-level directive.
func (s *apServerSettings) set(file string, l apLine) error {
	switch strings.ToLower(l.name) {
	case "allowencodedslashes":
		if len(l.args) != 1 {
			return configError(file, l.line, "AllowEncodedSlashes: want On, Off or NoDecode")
		}
		switch strings.ToLower(l.args[0]) {
		case "off":
			s.aes = EncodedReject
		case "on":
			s.aes = EncodedDecode
		case "nodecode":
			s.aes = EncodedKeep
		default:
			return configError(file, l.line, "AllowEncodedSlashes: want On, Off or NoDecode")
		}
	case "mergeslashes":
		if len(l.args) != 1 || !strings.EqualFold(l.args[0], "on") && !strings.EqualFold(l.args[0], "off") {
			return configError(file, l.line, "MergeSlashes: want On or Off")
		}
		s.merge = strings.EqualFold(l.args[0], "on")
	case "limitrequestline":
		n, err := strconv.Atoi(strings.Join(l.args, ""))
		if err != nil || n < 0 {
			return configError(file, l.line, "LimitRequestLine: want a number of bytes")
		}
		if n == 0 {
			n = 8190
		}
		s.lim = n
	default:
		if why, ok := apRefused[l.name]; ok && why != "" {
			return configError(file, l.line, "%s: %s, which the reader does not model", l.name, why)
		}
	}
	return nil
}

// read reads the directives of a VirtualHost.
func (v *apVhost) read(lines []apLine, set *apServerSettings, s *server) error {
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.EqualFold(l.name, "<Location"):
			end := apEnd(lines, i)
			if end < 0 {
				return configError(v.file, l.line, "<Location> is not closed")
			}
			if err := v.location(lines[i:end]); err != nil {
				return err
			}
			i = end
		case strings.HasPrefix(l.name, "<") && !strings.HasPrefix(l.name, "</"):
			if why, ok := apRefused[l.name]; ok && why != "" {
				return configError(v.file, l.line, "%s: %s, which the reader does not model", l.name+">", why)
			}
			end := apEnd(lines, i)
			if end < 0 {
				return configError(v.file, l.line, "%s> is not closed", l.name)
			}
			i = end
		case strings.EqualFold(l.name, "ProxyPass"):
			if err := v.pass(l); err != nil {
				return err
			}
		case strings.EqualFold(l.name, "ServerName") || strings.EqualFold(l.name, "ServerAlias"):
			for _, n := range l.args {
				if i := strings.LastIndexByte(n, ':'); i >= 0 && !strings.HasSuffix(n, "]") {
					n = n[:i]
				}
				if strings.HasPrefix(n, "*.") || !strings.ContainsAny(n, "*?") {
					s.names = append(s.names, strings.ToLower(n))
				}
			}
		default:
			if err := set.set(v.file, l); err != nil {
				return err
			}
		}
	}
	return nil
}

// finish sets what the settings give.
func (v *apVhost) finish(set apServerSettings) {
	v.aes, v.merge, v.lim = set.aes, set.merge, set.lim
	v.policy = apachePolicy(set.aes, set.merge, false)
}

// pass reads a ProxyPass line.
func (v *apVhost) pass(l apLine) error {
	at := where(v.file, l.line) + ": ProxyPass " + strings.Join(l.args, " ")
	if len(l.args) < 2 {
		return configError(v.file, l.line, "ProxyPass: want a path and a URL (a ProxyPass in a <Location> is not modelled)")
	}
	p := &apPass{where: at, prefix: l.args[0]}
	if !strings.HasPrefix(p.prefix, "/") {
		return configError(v.file, l.line, "ProxyPass %s: want a path that begins with \"/\"", p.prefix)
	}
	if l.args[1] == "!" {
		p.exclude = true
		v.passes = append(v.passes, p)
		return nil
	}
	u := l.args[1]
	rest, ok := strings.CutPrefix(u, "http://")
	if !ok {
		rest, ok = strings.CutPrefix(u, "https://")
	}
	balancer := false
	if !ok {
		rest, ok = strings.CutPrefix(u, "balancer://")
		balancer = true
	}
	if !ok {
		return configError(v.file, l.line, "ProxyPass %s: want an http://, https:// or balancer:// URL", u)
	}
	p.host, p.path = rest, "/"
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		p.host, p.path = rest[:i], rest[i:]
	}
	if balancer {
		// The balancer's members take the path as it is.
		p.host = "balancer://" + p.host
	}
	if p.path != p.prefix {
		p.mount = &mount{p.prefix, p.path}
	}
	if strings.ContainsAny(p.path, "?#$") {
		return configError(v.file, l.line, "ProxyPass %s: a query or a variable in the URL is not modelled", u)
	}
	for _, k := range l.args[2:] {
		switch {
		case k == "nocanon":
			p.nocanon = true
		case k == "noquery" || k == "interpolate" || k == "mapping=servlet":
			return configError(v.file, l.line, "ProxyPass %s: not modelled", k)
		}
	}
	v.passes = append(v.passes, p)
	return nil
}

// location reads a <Location> section, lines[0] its opening.
func (v *apVhost) location(lines []apLine) error {
	open := lines[0]
	if len(open.args) != 1 {
		return configError(v.file, open.line, "<Location>: want one path")
	}
	if strings.HasPrefix(open.args[0], "~") || strings.ContainsAny(open.args[0], "*?[") {
		return configError(v.file, open.line, "<Location %s>: regular expressions and wildcards are not modelled", open.args[0])
	}
	loc := &apLocation{where: where(v.file, open.line) + ": <Location " + open.args[0] + ">", prefix: open.args[0]}
	for _, l := range lines[1:] {
		switch strings.ToLower(l.name) {
		case "require":
			switch strings.ToLower(strings.Join(l.args, " ")) {
			case "all denied":
				loc.deny = true
			case "all granted":
			default:
				return configError(v.file, l.line, "Require %s: depends on the client, which the reader does not model", strings.Join(l.args, " "))
			}
		case "proxypass":
			return configError(v.file, l.line, "ProxyPass in a <Location>: not modelled; write ProxyPass %s URL in the VirtualHost", open.args[0])
		case "allowencodedslashes", "mergeslashes":
			return configError(v.file, l.line, "%s in a <Location>: not modelled", l.name)
		default:
			if why, ok := apRefused[l.name]; ok && why != "" {
				return configError(v.file, l.line, "%s: %s, which the reader does not model", l.name, why)
			}
		}
	}
	v.locations = append(v.locations, loc)
	return nil
}

// apLocationMatch says whether <Location prefix> matches the path:
// prefix, then the end of a segment unless prefix ends in "/".
func apLocationMatch(path, prefix string) bool {
	n := len(prefix)
	return strings.HasPrefix(path, prefix) && (n == 0 || prefix[n-1] == '/' || len(path) == n || path[n] == '/')
}

// apAliasMatch is mod_proxy's alias_match: how much of uri the prefix
// alias matches, a "/" of the alias matching a run of them in uri, and 0
// when it does not match up to a segment's end.
func apAliasMatch(uri, alias string) int {
	i, j := 0, 0
	for j < len(alias) && i < len(uri) {
		if alias[j] == '/' {
			if uri[i] != '/' {
				return 0
			}
			for j < len(alias) && alias[j] == '/' {
				j++
			}
			for i < len(uri) && uri[i] == '/' {
				i++
			}
			continue
		}
		if uri[i] != alias[j] {
			return 0
		}
		i++
		j++
	}
	if i == len(uri) && j != len(alias) {
		return 0
	}
	if j > 0 && alias[j-1] != '/' && i < len(uri) && uri[i] != '/' {
		return 0
	}
	return i
}

func (v *apVhost) serve(res *Outcome, req *Request, dst []byte) []byte {
	t := req.Target
	method := req.Method
	if method == "" {
		method = "GET"
	}
	// The request line without its CRLF, at most LimitRequestLine+1
	// bytes.
	if len(method)+1+len(t)+len(" HTTP/1.1") > v.lim+1 {
		*res = Outcome{Status: 414, Reason: "the request line is longer than LimitRequestLine"}
		return dst
	}
	if !apAuthorityOK(t) {
		*res = Outcome{Status: 400, Reason: "the host of the absolute-form target is not a host name"}
		return dst
	}
	var r Result
	dst = v.policy.applyRaw(&r, t, dst)
	// canonFails: r->uri is read, and mod_proxy would refuse to write it
	// out; what answers before it answers.
	canonFails := r.Verdict == Reject && r.Key != ""
	if r.Verdict != Accept && !canonFails {
		*res = refusal(&r)
		return dst
	}
	key := r.Key
	o := res
	o.Key, o.form = key, keyDecodedButSlash
	if v.aes != EncodedKeep {
		o.form = keyDecodedAll
	}
	// The <Location> sections that match r->uri, its slashes merged.
	located := false
	merged := key
	if strings.Contains(key, "//") {
		merged = string(mergeSlashes([]byte(key)))
	}
	for _, l := range v.locations {
		if apLocationMatch(merged, l.prefix) {
			located = true
			if l.deny {
				o.Status, o.Block, o.Reason = 403, l.where, "Require all denied"
				return dst
			}
		}
	}
	for _, p := range v.passes {
		n := apAliasMatch(key, p.prefix)
		if n == 0 {
			continue
		}
		o.Block = p.where
		if p.exclude {
			o.Status, o.Reason = 404, "ProxyPass !: served from the document root, not modelled"
			return dst
		}
		o.Upstream, o.mount = p.host, p.mount
		query := ""
		if i := strings.IndexByte(t, '?'); i >= 0 {
			query = t[i:]
		}
		if p.nocanon && t != "" && t[0] == '/' && apAliasMatch(t, p.prefix) == n {
			// The target as received, past what the prefix matched.
			start := len(dst)
			dst = append(dst, p.path...)
			dst = append(dst, t[n:]...)
			o.Forwarded = bytesString(dst[start:])
			return dst
		}
		if !canonFails && p.path == key[:n] && len(r.Forward) == len(t) && unsafe.StringData(r.Forward) == unsafe.StringData(t) &&
			r.Key == t[:r.fpath] && !strings.Contains(key, "%") && apacheCanonKeeps(key[n:]) {
			// The URL's path is what the prefix matched, and the rest
			// needs no escape: the target goes on as it came.
			o.Forwarded = r.Forward
			return dst
		}
		if canonFails && (v.aes != EncodedKeep || !located) {
			*res = refusal(&r)
			res.Key, res.Block = key, p.where
			return dst
		}
		// r->uri past the match, after the URL's path, written by
		// ap_proxy_canonenc_ex; a matching <Location> resets
		// AllowEncodedSlashes for it, so that a kept "%2F" is escaped.
		whole := make([]byte, 0, len(p.path)+len(key))
		whole = append(append(whole, p.path...), key[n:]...)
		// The URL's path begins with "/", which mod_proxy_http writes
		// itself, and encodes what follows.
		out := make([]byte, 1, 3*len(whole)+len(query)+1)
		out[0] = '/'
		out, ok := apacheEncode(out, whole[1:], v.aes == EncodedKeep && !located)
		if !ok {
			*res = Outcome{Status: 400, Reason: "invalid escape", Key: key, Block: p.where}
			return dst
		}
		out = append(out, query...)
		o.Forwarded = bytesString(out)
		return dst
	}
	o.Status, o.Reason = 404, "no ProxyPass matches: served from the document root, not modelled"
	return dst
}

func (v *apVhost) paths() []string {
	var ps []string
	for _, p := range v.passes {
		ps = append(ps, p.prefix)
	}
	for _, l := range v.locations {
		ps = append(ps, l.prefix)
	}
	return ps
}

func (v *apVhost) limit() int { return v.lim + 1 - len("GET  HTTP/1.1") }
