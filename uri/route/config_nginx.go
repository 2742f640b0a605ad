package route

import (
	"slices"
	"strconv"
	"strings"
	"unsafe"
)

// A directive is one directive of an nginx configuration: its name, its
// arguments, the line it starts on, and its block when it has one.
type directive struct {
	name     string
	args     []string
	line     int
	block    []*directive
	hasBlock bool
}

// lexNginx reads an nginx configuration into its directives.
func lexNginx(file, src string) ([]*directive, error) {
	var stack [][]*directive
	var parents []*directive
	var cur []*directive
	var words []string
	line, wordLine := 1, 0
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == ';':
			if len(words) == 0 {
				return nil, configError(file, line, "unexpected \";\"")
			}
			cur = append(cur, &directive{name: words[0], args: words[1:], line: wordLine})
			words = nil
			i++
		case c == '{':
			if len(words) == 0 {
				return nil, configError(file, line, "unexpected \"{\"")
			}
			d := &directive{name: words[0], args: words[1:], line: wordLine, hasBlock: true}
			cur = append(cur, d)
			stack = append(stack, cur)
			parents = append(parents, d)
			cur, words = nil, nil
			i++
		case c == '}':
			if len(words) != 0 {
				return nil, configError(file, line, "directive %q has no \";\"", words[0])
			}
			if len(parents) == 0 {
				return nil, configError(file, line, "unexpected \"}\"")
			}
			p := parents[len(parents)-1]
			p.block = cur
			cur = stack[len(stack)-1]
			stack, parents = stack[:len(stack)-1], parents[:len(parents)-1]
			i++
		default:
			if len(words) == 0 {
				wordLine = line
			}
			var w strings.Builder
			if c == '"' || c == '\'' {
				q := c
				i++
				for i < len(src) && src[i] != q {
					if src[i] == '\\' && i+1 < len(src) {
						i = unescapeNginx(&w, src, i)
						continue
					}
					if src[i] == '\n' {
						line++
					}
					w.WriteByte(src[i])
					i++
				}
				if i == len(src) {
					return nil, configError(file, wordLine, "unterminated quote")
				}
				i++
			} else {
				for i < len(src) && !strings.ContainsRune(" \t\r\n;{}", rune(src[i])) {
					if src[i] == '\\' && i+1 < len(src) {
						i = unescapeNginx(&w, src, i)
						continue
					}
					w.WriteByte(src[i])
					i++
				}
			}
			words = append(words, w.String())
		}
	}
	if len(words) != 0 {
		return nil, configError(file, line, "directive %q has no \";\"", words[0])
	}
	if len(parents) != 0 {
		return nil, configError(file, parents[len(parents)-1].line, "block %q is not closed", parents[len(parents)-1].name)
	}
	return cur, nil
}

// unescapeNginx writes the escape at src[i], a backslash, as nginx reads
// it: \", \', \\, \t, \r and \n are the character, any other
// backslash is kept; it returns where the escape ends.
func unescapeNginx(w *strings.Builder, src string, i int) int {
	switch c := src[i+1]; c {
	case '"', '\'', '\\':
		w.WriteByte(c)
	case 't':
		w.WriteByte('\t')
	case 'r':
		w.WriteByte('\r')
	case 'n':
		w.WriteByte('\n')
	default:
		w.WriteByte('\\')
		return i + 1
	}
	return i + 2
}

// nginxRefused are directives that change how nginx reads, routes or
// rewrites a URL, which the reader does not model.
var nginxRefused = map[string]string{
	"rewrite":        "rewrites the URI",
	"if":             "changes the configuration per request",
	"try_files":      "tries files and redirects internally",
	"fastcgi_pass":   "passes to a FastCGI server",
	"uwsgi_pass":     "passes to a uwsgi server",
	"scgi_pass":      "passes to an SCGI server",
	"grpc_pass":      "passes to a gRPC server",
	"memcached_pass": "passes to memcached",
	"js_content":     "runs njs",
	"perl":           "runs Perl",
	"error_page":     "",
	"set":            "",
}

// nginxConfig is what an nginx file sets for the servers of its http block.
type nginxConfig struct {
	file      string
	upstreams map[string]bool
	// merge and limit are the http block's merge_slashes and request
	// line limit, which a server inherits.
	merge bool
	limit int
}

// An nginxServer is a server block.
type nginxServer struct {
	file   string
	where  string
	merge  bool
	lim    int
	policy [2]Policy // [0] without a URI part in proxy_pass, [1] with
	// ret is the server-level return, which runs before a location is
	// chosen.
	ret       *nginxReturn
	locations []*nginxLocation
	// auth and authFile are the server's auth_basic and
	// auth_basic_user_file.
	auth, authFile bool
	// prefixes are the prefix locations, longest first; exact the "="
	// ones; redirects the lengths of the names of the proxying
	// locations that end in "/", less one.
	prefixes, exact []*nginxLocation
	redirects       map[int]bool
}

// An nginxLocation is a location block.
type nginxLocation struct {
	block string // "file:line: location = /x"
	name  string
	exact bool
	// noregex is "^~"; with regex locations refused it changes nothing,
	// and is kept for what Block says.
	noregex  bool
	internal bool
	deny     bool
	// auth is auth_basic: 1 on, -1 off, 0 as the server says; file is
	// 1 when auth_basic_user_file is set.
	auth, file int
	ret        *nginxReturn
	proxy      bool
	upstream   string
	// uri is proxy_pass's URI part; hasURI says there is one ("/" is
	// one).
	uri    string
	hasURI bool
	// escLen is the length of name once written by ngx_escape_uri: the
	// part of an escaped $uri that the location's name matched.
	escLen int
	// mount is name and uri.
	mount mount
}

// An nginxReturn is a return directive.
type nginxReturn struct {
	status int
	text   string
	where  string
}

func parseNginx(c *Config, src string) error {
	ds, err := lexNginx(c.file, src)
	if err != nil {
		return err
	}
	nc := &nginxConfig{file: c.file, upstreams: map[string]bool{}, merge: true, limit: 8192}
	// The main context: http, and a bare server as a conf.d file holds.
	for _, d := range ds {
		switch d.name {
		case "http":
			if err := nc.http(c, d.block); err != nil {
				return err
			}
		case "server":
			if err := nc.http(c, []*directive{d}); err != nil {
				return err
			}
		case "include":
			if err := nc.include(d); err != nil {
				return err
			}
		case "upstream", "location":
			return configError(c.file, d.line, "%s: belongs in an http block", d.name)
		}
	}
	return nil
}

func (nc *nginxConfig) include(d *directive) error {
	// Files of types, modules and the parameters of other protocols'
	// passes say nothing of how a URL is routed.
	if len(d.args) == 1 {
		base := d.args[0][strings.LastIndexByte(d.args[0], '/')+1:]
		if strings.HasSuffix(base, "mime.types") || strings.HasSuffix(base, "_params") ||
			strings.Contains(d.args[0], "modules-enabled/") || strings.HasPrefix(base, "ssl") {
			return nil
		}
	}
	return configError(nc.file, d.line, "include %s: the reader reads one file; put what it holds in this one", strings.Join(d.args, " "))
}

// http reads an http block's directives.
func (nc *nginxConfig) http(c *Config, ds []*directive) error {
	// Upstream names and the inherited settings first: a server may come
	// before them.
	for _, d := range ds {
		switch d.name {
		case "upstream":
			if len(d.args) != 1 {
				return configError(nc.file, d.line, "upstream: want one name")
			}
			nc.upstreams[d.args[0]] = true
		case "merge_slashes":
			m, err := onOff(nc.file, d)
			if err != nil {
				return err
			}
			nc.merge = m
		case "large_client_header_buffers":
			n, err := nginxBuffers(nc.file, d)
			if err != nil {
				return err
			}
			nc.limit = n
		}
	}
	for _, d := range ds {
		switch d.name {
		case "server":
			s, err := nc.server(d)
			if err != nil {
				return err
			}
			c.servers = append(c.servers, s)
		case "include":
			if err := nc.include(d); err != nil {
				return err
			}
		case "location", "return":
			return configError(nc.file, d.line, "%s: belongs in a server block", d.name)
		default:
			if err := refused(nc.file, d); err != nil {
				return err
			}
		}
	}
	return nil
}

func refused(file string, d *directive) error {
	why, ok := nginxRefused[d.name]
	if !ok || why == "" {
		return nil
	}
	return configError(file, d.line, "%s: %s, which the reader does not model", d.name, why)
}

func onOff(file string, d *directive) (bool, error) {
	if len(d.args) == 1 {
		switch d.args[0] {
		case "on":
			return true, nil
		case "off":
			return false, nil
		}
	}
	return false, configError(file, d.line, "%s: want on or off", d.name)
}

// nginxBuffers reads large_client_header_buffers NUMBER SIZE: the request
// line must fit in one buffer of SIZE.
func nginxBuffers(file string, d *directive) (int, error) {
	if len(d.args) != 2 {
		return 0, configError(file, d.line, "large_client_header_buffers: want a number and a size")
	}
	n, ok := parseSize(d.args[1])
	if !ok || n <= 0 {
		return 0, configError(file, d.line, "large_client_header_buffers: invalid size %q", d.args[1])
	}
	return n, nil
}

// parseSize reads nginx's and HAProxy's sizes: "8192", "8k", "1m".
func parseSize(s string) (int, bool) {
	mul := 1
	if s != "" {
		switch s[len(s)-1] {
		case 'k', 'K':
			mul, s = 1024, s[:len(s)-1]
		case 'm', 'M':
			mul, s = 1024*1024, s[:len(s)-1]
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 1<<30/mul {
		return 0, false
	}
	return n * mul, true
}

func (nc *nginxConfig) server(d *directive) (*server, error) {
	s := &server{where: where(nc.file, d.line)}
	ns := &nginxServer{file: nc.file, where: s.where, merge: nc.merge, lim: nc.limit}
	for _, sd := range d.block {
		switch sd.name {
		case "listen":
			l, err := nginxListen(nc.file, sd)
			if err != nil {
				return nil, err
			}
			s.listens = append(s.listens, l)
		case "server_name":
			for _, n := range sd.args {
				if strings.HasPrefix(n, "~") {
					return nil, configError(nc.file, sd.line, "server_name %s: regular expressions are not modelled", n)
				}
				s.names = append(s.names, strings.ToLower(n))
			}
		case "merge_slashes":
			m, err := onOff(nc.file, sd)
			if err != nil {
				return nil, err
			}
			ns.merge = m
		case "large_client_header_buffers":
			n, err := nginxBuffers(nc.file, sd)
			if err != nil {
				return nil, err
			}
			ns.lim = n
		case "return":
			r, err := nginxReturnOf(nc.file, sd)
			if err != nil {
				return nil, err
			}
			if ns.ret == nil {
				ns.ret = r
			}
		case "auth_basic":
			ns.auth = len(sd.args) == 1 && sd.args[0] != "off"
		case "auth_basic_user_file":
			ns.authFile = true
		case "location":
			l, err := nc.location(sd)
			if err != nil {
				return nil, err
			}
			if l != nil {
				ns.locations = append(ns.locations, l)
			}
		case "include":
			if err := nc.include(sd); err != nil {
				return nil, err
			}
		case "proxy_pass":
			return nil, configError(nc.file, sd.line, "proxy_pass: belongs in a location block")
		default:
			if err := refused(nc.file, sd); err != nil {
				return nil, err
			}
		}
	}
	if len(s.listens) == 0 {
		// nginx's default: *:80 (8000 when not run as root).
		s.listens = []listenAddr{{port: "80"}}
	}
	ns.redirects = map[int]bool{}
	for _, l := range ns.locations {
		if l.exact {
			ns.exact = append(ns.exact, l)
		} else {
			ns.prefixes = append(ns.prefixes, l)
		}
		if l.proxy && strings.HasSuffix(l.name, "/") {
			ns.redirects[len(l.name)-1] = true
		}
	}
	// Longest first; of two of the same name, nginx refuses the file,
	// and the first is kept here.
	slices.SortStableFunc(ns.prefixes, func(a, b *nginxLocation) int { return len(b.name) - len(a.name) })
	ns.policy[0] = nginxPolicy(false, ns.merge)
	ns.policy[1] = nginxPolicy(true, ns.merge)
	s.site = ns
	return s, nil
}

// nginxListen reads a listen directive: address[:port], port, and
// default_server.
func nginxListen(file string, d *directive) (listenAddr, error) {
	if len(d.args) == 0 {
		return listenAddr{}, configError(file, d.line, "listen: want an address")
	}
	a := d.args[0]
	if strings.HasPrefix(a, "unix:") {
		return listenAddr{}, configError(file, d.line, "listen %s: a Unix socket has no address to give", a)
	}
	var l listenAddr
	if _, err := strconv.Atoi(a); err == nil {
		l.port = a
	} else {
		l.host, l.port = splitListen(a)
		if !strings.Contains(strings.TrimPrefix(a, "["), ":") || strings.HasSuffix(a, "]") {
			l.host, l.port = strings.ToLower(strings.Trim(a, "[]")), "80"
			if l.host == "*" || l.host == "0.0.0.0" || l.host == "::" {
				l.host = ""
			}
		}
	}
	for _, opt := range d.args[1:] {
		if opt == "default_server" || opt == "default" {
			l.dflt = true
		}
	}
	return l, nil
}

func nginxReturnOf(file string, d *directive) (*nginxReturn, error) {
	r := &nginxReturn{where: where(file, d.line) + ": return " + strings.Join(d.args, " ")}
	switch len(d.args) {
	case 1, 2:
		n, err := strconv.Atoi(d.args[0])
		if err != nil {
			// "return URL": a 302.
			if len(d.args) == 2 {
				return nil, configError(file, d.line, "return: invalid status %q", d.args[0])
			}
			r.status, r.text = 302, d.args[0]
			return r, nil
		}
		if n < 100 || n > 999 {
			return nil, configError(file, d.line, "return: invalid status %q", d.args[0])
		}
		r.status = n
		if len(d.args) == 2 {
			r.text = d.args[1]
		}
		return r, nil
	}
	return nil, configError(file, d.line, "return: want a status and a text or URL")
}

func (nc *nginxConfig) location(d *directive) (*nginxLocation, error) {
	l := &nginxLocation{}
	args := d.args
	switch {
	case len(args) == 2 && args[0] == "=":
		l.exact, l.name = true, args[1]
	case len(args) == 2 && args[0] == "^~":
		l.noregex, l.name = true, args[1]
	case len(args) == 2 && (args[0] == "~" || args[0] == "~*"):
		return nil, configError(nc.file, d.line, "location %s %s: regular expression locations are not modelled", args[0], args[1])
	case len(args) == 1 && strings.HasPrefix(args[0], "@"):
		// A named location serves internal redirects alone.
		return nil, nil
	case len(args) == 1 && strings.HasPrefix(args[0], "~"):
		return nil, configError(nc.file, d.line, "location %s: regular expression locations are not modelled", args[0])
	case len(args) == 1 && strings.HasPrefix(args[0], "="):
		l.exact, l.name = true, args[0][1:]
	case len(args) == 1 && strings.HasPrefix(args[0], "^~"):
		l.noregex, l.name = true, args[0][2:]
	case len(args) == 1:
		l.name = args[0]
	default:
		return nil, configError(nc.file, d.line, "location: want a prefix, = or ^~ and a path")
	}
	l.block = where(nc.file, d.line) + ": location " + strings.Join(args, " ")
	l.escLen = len(l.name) + 2*countEscaped(l.name)
	allows := false
	for _, ld := range d.block {
		switch ld.name {
		case "location":
			return nil, configError(nc.file, ld.line, "location: nested locations are not modelled")
		case "proxy_pass":
			if err := nc.proxyPass(l, ld); err != nil {
				return nil, err
			}
		case "return":
			r, err := nginxReturnOf(nc.file, ld)
			if err != nil {
				return nil, err
			}
			if l.ret == nil {
				l.ret = r
			}
		case "internal":
			l.internal = true
		case "auth_basic":
			l.auth = 1
			if len(ld.args) == 1 && ld.args[0] == "off" {
				l.auth = -1
			}
		case "auth_basic_user_file":
			l.file = 1
		case "allow":
			// A client outside every address named: only "allow all"
			// lets it in before a deny.
			if len(ld.args) == 1 && ld.args[0] == "all" && !l.deny {
				allows = true
			}
		case "deny":
			if len(ld.args) == 1 && ld.args[0] == "all" && !allows {
				l.deny = true
			}
		case "include":
			if err := nc.include(ld); err != nil {
				return nil, err
			}
		case "merge_slashes", "large_client_header_buffers", "listen", "server_name":
			return nil, configError(nc.file, ld.line, "%s: not allowed in a location", ld.name)
		default:
			if err := refused(nc.file, ld); err != nil {
				return nil, err
			}
		}
	}
	return l, nil
}

// countEscaped counts the bytes of s that ngx_escape_uri escapes.
func countEscaped(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if escapeTables[EscapeNginx][s[i]] {
			n++
		}
	}
	return n
}

func (nc *nginxConfig) proxyPass(l *nginxLocation, d *directive) error {
	if len(d.args) != 1 {
		return configError(nc.file, d.line, "proxy_pass: want one URL")
	}
	u := d.args[0]
	if strings.Contains(u, "$") {
		return configError(nc.file, d.line, "proxy_pass %s: variables are not modelled", u)
	}
	rest, ok := strings.CutPrefix(u, "http://")
	if !ok {
		rest, ok = strings.CutPrefix(u, "https://")
	}
	if !ok {
		return configError(nc.file, d.line, "proxy_pass %s: want an http:// or https:// URL", u)
	}
	host := rest
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		host, l.uri, l.hasURI = rest[:i], rest[i:], true
	}
	if host == "" {
		return configError(nc.file, d.line, "proxy_pass %s: no host", u)
	}
	l.proxy, l.upstream = true, host
	l.mount = mount{l.name, l.uri}
	return nil
}

func (ns *nginxServer) serve(res *Outcome, req *Request, dst []byte) []byte {
	t := req.Target
	// The request line: method, space, target, space, "HTTP/1.1", CRLF.
	method := req.Method
	if method == "" {
		method = "GET"
	}
	if n := len(method) + len(t) + len(" HTTP/1.1\r\n") + 1; n > ns.lim {
		// nginx parses the line as it reads it: a byte it refuses in
		// what fits is refused before the buffer overflows.
		if i := strings.IndexFunc(t[:min(len(t), ns.lim)], func(r rune) bool { return r <= ' ' || r == 0x7F }); i >= 0 {
			*res = Outcome{Status: 400, Reason: "invalid character in the request line"}
			return dst
		}
		*res = Outcome{Status: 414, Reason: "the request line is longer than large_client_header_buffers"}
		return dst
	}
	// Both policies read the target alike; they differ in what they
	// forward.
	var r Result
	dst = ns.policy[0].applyRaw(&r, t, dst)
	if r.Verdict != Accept {
		*res = refusal(&r)
		return dst
	}
	if ns.ret != nil {
		*res = ns.ret.outcome(req, r.Key)
		return dst
	}
	l, redirect := ns.find(r.Key)
	if l == nil {
		*res = Outcome{Status: 404, Key: r.Key, Reason: "no location matches; nginx serves a file from its root, not modelled"}
		return dst
	}
	if l.internal {
		// Before the redirect, which would name it.
		*res = Outcome{Status: 404, Key: r.Key, Block: l.block, Reason: "the location is internal"}
		return dst
	}
	if redirect {
		o := res
		*o = Outcome{Status: 301, Key: r.Key, Block: l.block, Location: l.name,
			Reason: "the location ends in \"/\" and the request is its prefix without it"}
		if q := r.Forward[r.fpath:]; len(q) > 1 {
			o.Location = l.name + q
		}
		return dst
	}
	// res is the zero Outcome.
	o := res
	o.Key, o.Block, o.form = r.Key, l.block, keyDecodedAll
	switch {
	case l.ret != nil:
		*o = l.ret.outcome(req, r.Key)
		o.Block = l.block
		return dst
	case l.deny:
		o.Status, o.Reason = 403, "deny all"
		return dst
	case (l.auth > 0 || l.auth == 0 && ns.auth) && (l.file > 0 || ns.authFile):
		// A request without credentials, as the reader models them;
		// without a user file nginx asks for none.
		o.Status, o.Reason = 401, "auth_basic: the request has no credentials"
		return dst
	case !l.proxy:
		o.Status, o.Reason = 404, "the location serves files, not modelled"
		return dst
	}
	o.Upstream = l.upstream
	if l.hasURI {
		o.mount = &l.mount
	}
	if !l.hasURI && !emptyAbsolutePath(t) {
		o.Forwarded = r.Forward
		return dst
	}
	// With a URI part, nginx sends it, then the rest of $uri after the
	// location's name, escaped when the request line held an escape, then
	// "?" and the arguments.
	u := &r
	if !(len(r.Forward) == len(t) && unsafe.StringData(r.Forward) == unsafe.StringData(t) && r.Key == t[:r.fpath] &&
		len(t) != int(r.fpath)+1 && strings.IndexByte(t[r.fpath:], '#') < 0) {
		// The target as it came is not $uri and its arguments (a path
		// with an escape or a dot-segment, an empty query, a fragment):
		// write it.
		u = &Result{}
		dst = ns.policy[1].applyRaw(u, t, dst)
		if u.Verdict != Accept {
			*res = refusal(u)
			return dst
		}
	}
	if !l.hasURI {
		// An absolute-form target without a path: nginx has no request
		// line's target to send, and writes $uri and the arguments.
		o.Forwarded = u.Forward
		return dst
	}
	path, query := u.Forward[:u.fpath], u.Forward[u.fpath:]
	// The forwarded path is $uri, escaped or not: the name the location
	// matched is its first len(name) bytes, or escLen once escaped.
	cut := len(l.name)
	if path != u.Key {
		cut = l.escLen
	}
	cut = min(cut, len(path))
	if cut == len(l.uri) && path[:cut] == l.uri {
		// The URI part is the name: the target is already written.
		o.Forwarded = u.Forward
		return dst
	}
	start := len(dst)
	dst = append(dst, l.uri...)
	dst = append(dst, path[cut:]...)
	dst = append(dst, query...)
	o.Forwarded = bytesString(dst[start:])
	return dst
}

// find is nginx's choice of a location for the key: an exact location of
// that name, a redirect to the location of that name with a "/" added
// that proxies, else the longest prefix.
func (ns *nginxServer) find(key string) (*nginxLocation, bool) {
	for _, l := range ns.exact {
		if key == l.name {
			return l, false
		}
	}
	var best *nginxLocation
	for _, l := range ns.prefixes {
		if len(l.name) <= len(key) && key[:len(l.name)] == l.name {
			best = l
			break
		}
	}
	if best != nil && len(best.name) == len(key) || !ns.redirects[len(key)] {
		return best, false
	}
	for _, l := range ns.locations {
		if l.proxy && len(l.name) == len(key)+1 && l.name[len(key)] == '/' && l.name[:len(key)] == key {
			return l, true
		}
	}
	return best, false
}

// outcome is what a return answers; its text may name nginx's variables
// of the request.
func (r *nginxReturn) outcome(req *Request, key string) Outcome {
	o := Outcome{Status: r.status, Key: key, Block: r.where, Reason: "return " + strconv.Itoa(r.status)}
	if r.status == 301 || r.status == 302 || r.status == 303 || r.status == 307 || r.status == 308 {
		o.Location = expandNginx(r.text, req, key)
	}
	return o
}

// expandNginx writes nginx's variables of the request into s: $host,
// $request_uri, $uri, $scheme, $args, $is_args.
func expandNginx(s string, req *Request, key string) string {
	if !strings.Contains(s, "$") {
		return s
	}
	args := ""
	if i := strings.IndexByte(req.Target, '?'); i >= 0 {
		args = req.Target[i+1:]
	}
	isArgs := ""
	if args != "" {
		isArgs = "?"
	}
	host := hostName(req)
	return strings.NewReplacer("$request_uri", req.Target, "${request_uri}", req.Target, "$host", host, "${host}", host,
		"$uri", key, "${uri}", key, "$scheme", "http", "${scheme}", "http", "$is_args", isArgs, "$args", args).Replace(s)
}

func (ns *nginxServer) paths() []string {
	var ps []string
	for _, l := range ns.locations {
		ps = append(ps, l.name)
	}
	return ps
}

func (ns *nginxServer) limit() int { return ns.lim - len("GET  HTTP/1.1\r\n") }

// emptyAbsolutePath says t is an absolute-form target whose path is
// empty ("http://h", "http://h?q"), for which nginx does not send the
// target as received.
func emptyAbsolutePath(t string) bool {
	if t == "" || t[0] == '/' {
		return false
	}
	i := strings.Index(t, "://")
	if i < 0 {
		return false
	}
	j := strings.IndexAny(t[i+3:], "/?#")
	return j < 0 || t[i+3+j] != '/'
}
