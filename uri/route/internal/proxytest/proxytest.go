// Package proxytest runs real reverse proxies (nginx, Apache httpd, HAProxy,
// Caddy) on the loopback interface in front of an echo back end, and a
// Servlet container (Tomcat) with a page that reports what the Servlet
// sees, sends them request targets as raw bytes and records what each does
// with them: the status it answers itself, or the request-target the back
// end received (for Tomcat, getRequestURI and the query, and the Servlet
// path and path info).
//
// The observations are kept as golden files (see [WriteObserved] and
// [ReadObserved]) that uri/route's presets are checked against without the
// servers; the live test of uri/route re-makes them from the servers.
package proxytest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/urilabs/rfc3986/uri"
)

// An Observation is what one proxy configuration did with one target.
type Observation struct {
	Target string
	// Status is the status the proxy answered itself, or 0 when it
	// forwarded the request to the back end; -1 when it closed the
	// connection without an answer.
	Status int
	// Forwarded is the request-target the back end received, when Status
	// is 0.
	Forwarded string
	// Key is what a Servlet container routed on (getServletPath and
	// getPathInfo), when it reports it; empty for a proxy.
	Key string
}

// String formats o as one line of a golden file: the quoted target, then
// "->" and the quoted forwarded target (and " key " and the quoted key
// when there is one), or the status.
func (o Observation) String() string {
	if o.Status == 0 {
		if o.Key != "" {
			return strconv.Quote(o.Target) + " -> " + strconv.Quote(o.Forwarded) + " key " + strconv.Quote(o.Key)
		}
		return strconv.Quote(o.Target) + " -> " + strconv.Quote(o.Forwarded)
	}
	if o.Status < 0 {
		return strconv.Quote(o.Target) + " closed"
	}
	return strconv.Quote(o.Target) + " " + strconv.Itoa(o.Status)
}

// ParseObservation reads a line written by [Observation.String].
func ParseObservation(line string) (Observation, error) {
	target, rest, err := unquotePrefix(line)
	if err != nil {
		return Observation{}, err
	}
	o := Observation{Target: target}
	switch {
	case strings.HasPrefix(rest, " -> "):
		fwd, tail, err := unquotePrefix(rest[len(" -> "):])
		if err != nil {
			return Observation{}, err
		}
		if k, ok := strings.CutPrefix(tail, " key "); ok {
			if o.Key, tail, err = unquotePrefix(k); err != nil {
				return Observation{}, err
			}
			if o.Key == "" {
				return Observation{}, fmt.Errorf("empty key in %q", rest)
			}
		}
		if tail != "" {
			return Observation{}, fmt.Errorf("trailing text %q", tail)
		}
		o.Forwarded = fwd
	case rest == " closed":
		o.Status = -1
	default:
		n, err := strconv.Atoi(strings.TrimPrefix(rest, " "))
		if err != nil || n < 100 || n > 599 || !strings.HasPrefix(rest, " ") {
			return Observation{}, fmt.Errorf("bad status in %q", rest)
		}
		o.Status = n
	}
	return o, nil
}

func unquotePrefix(s string) (string, string, error) {
	q, err := strconv.QuotedPrefix(s)
	if err != nil {
		return "", "", fmt.Errorf("%q: %v", s, err)
	}
	u, err := strconv.Unquote(q)
	return u, s[len(q):], err
}

// ReadTargets reads a targets file: one target a line; '#' starts a
// comment line, blank lines are skipped, and a line starting with '"' is a
// Go string literal.
func ReadTargets(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var targets []string
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case line == "" || line[0] == '#':
			continue
		case line[0] == '"':
			t, err := strconv.Unquote(line)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
			}
			line = t
		}
		targets = append(targets, line)
	}
	return targets, nil
}

// ReadObserved reads a golden file of observations; lines starting with
// '#' are its header.
func ReadObserved(path string) ([]Observation, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var obs []Observation
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		o, err := ParseObservation(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		obs = append(obs, o)
	}
	return obs, nil
}

// WriteObserved writes a golden file: header lines (each prefixed with
// "# "), then one line per observation.
func WriteObserved(path string, header []string, obs []Observation) error {
	var b bytes.Buffer
	for _, h := range header {
		for _, l := range strings.Split(h, "\n") {
			b.WriteString(strings.TrimRight("# "+l, " "))
			b.WriteByte('\n')
		}
	}
	for _, o := range obs {
		b.WriteString(o.String())
		b.WriteByte('\n')
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// echoHeader marks the answers of the back end, so that a 200 the proxy
// makes itself is not taken for a forwarded request.
const echoHeader = "X-Proxytest-Echo"

// A Backend is an HTTP/1.1 server on 127.0.0.1 that answers every request
// with 200 and the request-target of its request line as the body. It reads
// the request line itself, over TCP: net/http would reject or rewrite the
// very targets the proxies are tested with.
type Backend struct {
	ln net.Listener
	wg sync.WaitGroup
}

// StartBackend starts a Backend on an ephemeral port.
func StartBackend() (*Backend, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	b := &Backend{ln: ln}
	b.wg.Add(1)
	go b.serve()
	return b, nil
}

// Addr is the back end's host:port.
func (b *Backend) Addr() string { return b.ln.Addr().String() }

// Close stops the back end and waits for its connections to end.
func (b *Backend) Close() error {
	err := b.ln.Close()
	b.wg.Wait()
	return err
}

func (b *Backend) serve() {
	defer b.wg.Done()
	for {
		c, err := b.ln.Accept()
		if err != nil {
			return
		}
		b.wg.Add(1)
		go func() {
			defer b.wg.Done()
			defer c.Close()
			c.SetDeadline(time.Now().Add(10 * time.Second))
			target, ok := readRequest(bufio.NewReaderSize(c, 64<<10))
			if !ok {
				return
			}
			// One request a connection: a proxy that pooled connections
			// would otherwise, under load, reuse one this end had let
			// go, and answer 502 for a target it forwarded.
			fmt.Fprintf(c, "HTTP/1.1 200 OK\r\n%s: 1\r\nContent-Type: application/octet-stream\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s",
				echoHeader, len(target), target)
		}()
	}
}

// readRequest reads a request line and the header lines after it and
// returns the request-target: what lies between the first space and the
// last one, so that a proxy that forwards a raw space is seen doing it.
func readRequest(r *bufio.Reader) (string, bool) {
	line, err := r.ReadString('\n')
	if err != nil {
		return "", false
	}
	line = strings.TrimRight(line, "\r\n")
	first, last := strings.IndexByte(line, ' '), strings.LastIndexByte(line, ' ')
	if first < 0 || last <= first {
		return "", false
	}
	for {
		h, err := r.ReadString('\n')
		if err != nil {
			return "", false
		}
		if h == "\r\n" || h == "\n" {
			break
		}
	}
	return line[first+1 : last], true
}

// HostFor is the Host header sent with target to the proxy at addr: the
// target's authority, without userinfo, when it has one (RFC 9112 section
// 3.2.2 and 3.2.3 have a client send them identical, and a proxy may
// refuse the request otherwise), and addr, the host and port the client
// connected to, as a browser sends, else.
func HostFor(target, addr string) string {
	if t, err := uri.ParseRequestTarget(target); err == nil && t.Form() == uri.AuthorityForm {
		return target
	}
	scheme, rest, ok := strings.Cut(target, "://")
	if !ok || scheme == "" || strings.ContainsAny(scheme, "/?#") {
		return addr
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	return rest
}

// Header is the header of the request Send sends with target to addr,
// as the product receives it: its fields, Host and Connection, which
// count towards the length limits of some products.
func Header(target, addr string) map[string][]string {
	return map[string][]string{"Host": {HostFor(target, addr)}, "Connection": {"close"}}
}

// Send sends "GET target HTTP/1.1" with the Host header of [HostFor] to the
// proxy at addr (host:port) as raw bytes and reports what it did. The
// request has the fields of [Header], in one write.
func Send(addr, target string) (Observation, error) {
	o := Observation{Target: target}
	x, err := exchange(addr, "GET "+target+" HTTP/1.1\r\nHost: "+HostFor(target, addr)+"\r\nConnection: close\r\n\r\n", 10*time.Second, false)
	switch {
	case err != nil:
		return o, err
	case !x.echoed:
		o.Status = x.status
		return o, nil
	case x.status != 200:
		return o, fmt.Errorf("the back end's answer came back as %d", x.status)
	}
	// The page of a Servlet container writes the key after a NUL, which
	// no request-target a proxy forwards holds.
	o.Forwarded, o.Key, _ = strings.Cut(x.body, "\x00")
	return o, nil
}

// An answer is what exchange read: the status (-1 when the product
// closed the connection without one), the body, and whether an echo back
// end wrote it (with its name, when it gives one).
type answer struct {
	status  int
	body    string
	echoed  bool
	backend string
}

// exchange sends request, raw bytes, to addr on a connection of its own
// and reads the answer, within twice timeout. A product that closes or
// resets the connection before it answers gives status -1; so does one
// that resets it while request is written, when resetIsAnswer is set.
func exchange(addr, request string, timeout time.Duration, resetIsAnswer bool) (answer, error) {
	c, err := net.DialTimeout("tcp", addr, timeout)
	if err != nil {
		return answer{}, err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(2 * timeout))
	if _, err := io.WriteString(c, request); err != nil {
		if resetIsAnswer && (isReset(err) || errors.Is(err, syscall.EPIPE)) {
			return answer{status: -1}, nil
		}
		return answer{}, err
	}
	br := bufio.NewReader(c)
	if _, err := br.Peek(1); err != nil {
		if errors.Is(err, io.EOF) || isReset(err) {
			return answer{status: -1}, nil
		}
		return answer{}, err
	}
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return answer{}, err
	}
	return answer{status: resp.StatusCode, body: string(body), echoed: resp.Header.Get(echoHeader) != "", backend: resp.Header.Get(backendHeader)}, nil
}

func isReset(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && strings.Contains(op.Err.Error(), "connection reset")
}
