package route

import (
	"fmt"
	"strconv"
	"strings"
)

// A Config is a product's configuration file, read for what decides how a
// request-target is read, routed and forwarded: the servers and their
// addresses, the blocks that match a path (nginx's locations, Apache
// httpd's ProxyPass lines, HAProxy's ACLs, Caddy's handles), where each
// sends the request and what it does to the path on the way.
//
// [ParseConfig] makes one; [Config.Serve] answers a request as the product
// running the file would. A Config is safe for concurrent use.
type Config struct {
	product string
	file    string
	servers []*server
	// byAddr holds, for each address a server listens on as Listens
	// writes it, the servers that take a request to it.
	byAddr []addrEntry
}

// An addrEntry is an address, the servers that listen on it, and the one
// a request goes to when its Host names none.
type addrEntry struct {
	addr  string
	dflt  *server
	cands []*server
}

// A Request is what [Config.Serve] reads: the request line's method and
// target, the Host header, and the address the request came in on.
type Request struct {
	// Method is the request's method; "" is GET.
	Method string
	// Host is the Host header, with or without a port; "" is the
	// target's own authority, or none.
	Host string
	// Target is the request-target as the request line carries it: raw
	// bytes, valid or not.
	Target string
	// Listen is the address and port the request came in on
	// ("127.0.0.1:8080", ":8080" or "8080"); "" is the first server of
	// the file.
	Listen string
}

// An Outcome is what a product running a configuration does with a
// request: the status it answers itself, or the request-target it sends on
// and where to.
type Outcome struct {
	// Status is the status the product answers with itself (400, 403,
	// 301...), or 0 when it forwards the request.
	Status int
	// Location is the target of a redirect, as the product writes it.
	Location string
	// Forwarded is the request-target the product sends upstream, byte
	// for byte, when Status is 0.
	Forwarded string
	// Upstream is where the request goes, as the configuration names it
	// (an nginx upstream block or the address of proxy_pass, a HAProxy
	// backend), when Status is 0.
	Upstream string
	// Key is the path the product matched its blocks on: decoded and
	// normalized where the product does so.
	Key string
	// Block is the block that decided, with its place in the file:
	// "nginx.conf:12: location /api/". It is empty when the request was
	// refused before any block was chosen.
	Block string
	// Reason says why the product answered itself: a refused target, a
	// block that answers, a redirect the product makes.
	Reason string

	// mount says the forwarded path begins with mount.to where the key
	// began with mount.from: nginx's proxy_pass with a URI part.
	mount *mount
	// form is how the key holds its escapes.
	form keyMode
}

// A site is one server of a configuration: an nginx server block, an
// Apache httpd VirtualHost, a HAProxy frontend, a Caddy site.
type site interface {
	// serve answers req in o, writing what it has to into dst. (Serve
	// calls it on the concrete type, so that o and req stay on the
	// stack.)
	serve(o *Outcome, req *Request, dst []byte) []byte
	// paths are the paths its blocks match, for targets around them.
	paths() []string
	// limit is the length of a target past which it refuses it, or 0.
	limit() int
}

// A server is a site with the addresses and names it answers on.
type server struct {
	listens []listenAddr
	// names are the host names it answers to, lower-case; "*.x" and
	// ".x" are wildcards as nginx writes them.
	names []string
	// where is "file:line" of the block that opens it.
	where string
	site  site
}

// A listenAddr is an address a server listens on; host "" is any.
type listenAddr struct {
	host, port string
	dflt       bool
}

// ParseConfig reads src, the configuration file named filename, of
// product: "nginx", "apache" (Apache httpd), "haproxy" or "caddy". Its
// error names the file, the line and the directive: one that changes how
// a URL is handled and that the reader does not model is an error, and
// directives that do not (logging, headers, timeouts, modules, pid files)
// are ignored.
func ParseConfig(product, filename string, src []byte) (*Config, error) {
	c := &Config{product: product, file: filename}
	var err error
	switch product {
	case "nginx":
		err = parseNginx(c, string(src))
	case "haproxy":
		err = parseHAProxy(c, string(src))
	case "apache":
		err = parseApache(c, string(src))
	case "caddy":
		err = parseCaddy(c, string(src))
	default:
		return nil, fmt.Errorf("%s: product %q: want nginx, apache, haproxy or caddy", filename, product)
	}
	if err != nil {
		return nil, err
	}
	if len(c.servers) == 0 {
		return nil, fmt.Errorf("%s: no server in the file", filename)
	}
	c.index()
	return c, nil
}

// index fills byAddr.
func (c *Config) index() {
	for _, a := range c.Listens() {
		req := Request{Listen: a}
		e := addrEntry{addr: a, dflt: c.pick(&req)}
		host, port := splitListen(a)
		for _, o := range c.servers {
			if on, _ := o.on(a, host, port, true); on {
				e.cands = append(e.cands, o)
			}
		}
		c.byAddr = append(c.byAddr, e)
	}
}

// A configError is an error of a configuration file at a line.
func configError(file string, line int, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", file, line, fmt.Sprintf(format, args...))
}

// Listens are the addresses the configuration's servers listen on, in the
// order of the file, each once, as [Request.Listen] takes them
// ("127.0.0.1:8080", or ":80" for every address).
func (c *Config) Listens() []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range c.servers {
		for _, l := range s.listens {
			if l.port == "" {
				continue
			}
			a := l.host + ":" + l.port
			if strings.IndexByte(l.host, ':') >= 0 {
				a = "[" + l.host + "]:" + l.port
			}
			if !seen[a] {
				seen[a] = true
				out = append(out, a)
			}
		}
	}
	return out
}

// Serve answers req as the product running the configuration does.
func (c *Config) Serve(req Request) Outcome {
	var o Outcome
	c.serve(&o, &req, nil)
	return o
}

// AppendServe is Serve writing what it has to write (a rewritten target,
// a key it decoded) into dst, and returning the extended buffer: with
// room enough in dst, an already normal target costs no allocation. The
// strings of the Outcome may point into the returned buffer.
func (c *Config) AppendServe(dst []byte, req Request) (Outcome, []byte) {
	var o Outcome
	dst = c.serve(&o, &req, dst)
	return o, dst
}

// serve is Serve and AppendServe.
func (c *Config) serve(o *Outcome, req *Request, dst []byte) []byte {
	if req.Host == "" && req.Target != "" && req.Target[0] != '/' {
		req.Host = targetAuthority(req.Target)
	}
	var s *server
	for i := range c.byAddr {
		if e := &c.byAddr[i]; e.addr == req.Listen {
			s = e.dflt
			if len(e.cands) > 1 {
				if name := hostName(req); name != "" {
					for _, cand := range e.cands {
						if cand.answers(name) {
							s = cand
							break
						}
					}
				}
			}
			break
		}
	}
	if s == nil {
		if s = c.pick(req); s == nil {
			*o = Outcome{Status: 421, Reason: "no server of the configuration listens on " + req.Listen}
			return dst
		}
	}
	// Concrete calls, which let the request and the outcome stay on the
	// stack.
	switch site := s.site.(type) {
	case *nginxServer:
		return site.serve(o, req, dst)
	case *haFrontend:
		return site.serve(o, req, dst)
	case *apVhost:
		return site.serve(o, req, dst)
	case *cdSite:
		return site.serve(o, req, dst)
	case *presetSite:
		return site.serve(o, req, dst)
	}
	*o = Outcome{Status: 500, Reason: "no reader for the server"}
	return dst
}

// pick chooses the server of req: among those listening on its address
// (one listening on that very address before one listening on every
// address), the one named by its Host, else the default one, else the
// first.
func (c *Config) pick(req *Request) *server {
	if len(c.servers) == 1 && req.Listen == "" {
		return c.servers[0]
	}
	host, port := splitListen(req.Listen)
	// A listener bound to the very address takes the connection.
	exact := false
	if req.Listen != "" && host != "" {
		for _, s := range c.servers {
			for _, l := range s.listens {
				if l.port == port && l.host == host {
					exact = true
				}
			}
		}
	}
	var first, dflt *server
	for _, s := range c.servers {
		on, d := s.on(req.Listen, host, port, exact)
		if !on {
			continue
		}
		if first == nil {
			first = s
		}
		if d && dflt == nil {
			dflt = s
		}
	}
	if first == nil {
		return nil
	}
	if name := hostName(req); name != "" {
		for _, s := range c.servers {
			if on, _ := s.on(req.Listen, host, port, exact); on && s.answers(name) {
				return s
			}
		}
	}
	if dflt != nil {
		return dflt
	}
	return first
}

// on says whether the server takes a connection to host:port (listen as
// given), and whether it is the default server there; exact says some
// server listens on that very host.
func (s *server) on(listen, host, port string, exact bool) (on, dflt bool) {
	for _, l := range s.listens {
		if listen == "" || l.port == "" || l.port == port && (l.host == host || !exact && l.host == "") {
			on = true
			dflt = dflt || l.dflt
		}
	}
	return on, dflt
}

// answers says whether the server is named name.
func (s *server) answers(name string) bool {
	for _, n := range s.names {
		switch {
		case n == name:
			return true
		case strings.HasPrefix(n, "*.") && strings.HasSuffix(name, n[1:]):
			return true
		case strings.HasPrefix(n, ".") && (strings.HasSuffix(name, n) || name == n[1:]):
			return true
		}
	}
	return false
}

// targetAuthority is the authority of an absolute-form target, less its
// userinfo, or an authority-form target itself: the Host header a client
// sends with it.
func targetAuthority(t string) string {
	_, rest, ok := strings.Cut(t, "://")
	if !ok {
		if strings.ContainsAny(t, "/?#") {
			return ""
		}
		return t
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	return rest
}

// hostName is the host of req's Host header, or of its absolute-form
// target, lower-case and without its port.
func hostName(req *Request) string {
	h := req.Host
	if h == "" {
		if _, rest, ok := strings.Cut(req.Target, "://"); ok {
			h = rest
			if i := strings.IndexAny(h, "/?#"); i >= 0 {
				h = h[:i]
			}
			if i := strings.LastIndexByte(h, '@'); i >= 0 {
				h = h[i+1:]
			}
		}
	}
	if h == "" {
		return ""
	}
	if h[0] == '[' {
		if i := strings.IndexByte(h, ']'); i > 0 {
			return strings.ToLower(h[1:i])
		}
	}
	if i := strings.LastIndexByte(h, ':'); i >= 0 {
		h = h[:i]
	}
	return strings.ToLower(h)
}

// splitListen reads "host:port", "[v6]:port", ":port" or "port"; the
// wildcard hosts "*", "0.0.0.0" and "::" are "".
func splitListen(a string) (host, port string) {
	if a == "" {
		return "", ""
	}
	if i := strings.LastIndexByte(a, ':'); i >= 0 && !strings.HasSuffix(a, "]") {
		host, port = a[:i], a[i+1:]
	} else if _, err := strconv.Atoi(a); err == nil {
		port = a
	} else {
		host, port = a, "80"
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	switch host {
	case "*", "0.0.0.0", "::":
		host = ""
	}
	return strings.ToLower(host), port
}

// A mount is a prefix of the key replaced by another in the forwarded
// path.
type mount struct{ from, to string }

// A keyMode is how a key holds the escapes of the target.
type keyMode uint8

const (
	// keyAsWritten: the escapes as the target wrote them (HAProxy).
	keyAsWritten keyMode = iota
	// keyDecodedAll: every escape decoded, "%2F" included (nginx's
	// $uri): a "%" in it is data.
	keyDecodedAll
	// keyDecodedButSlash: decoded but for the "%2F" the reader keeps
	// (KeyDecoded).
	keyDecodedButSlash
)

// keyModeOf is the keyMode of a policy's key.
func keyModeOf(p *Policy) keyMode {
	switch p.KeyForm {
	case KeyEncoded, KeyDecodedUnreserved:
		return keyAsWritten
	case KeyDecoded:
		if p.EncodedSlash != EncodedKeep {
			return keyDecodedAll
		}
		return keyDecodedButSlash
	}
	return keyDecodedAll
}

// where is "file:line".
func where(file string, line int) string { return file + ":" + strconv.Itoa(line) }

// refusal is the Outcome of a result that is not Accept.
func refusal(r *Result) Outcome {
	o := Outcome{Status: r.Status(), Location: r.Location}
	if r.Err != nil {
		o.Reason = r.Err.Message()
	} else if r.Verdict == Redirect {
		o.Reason = "redirect to the normalized target"
	}
	return o
}
