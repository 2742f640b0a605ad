package proxytest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
)

// backendHeader names the echo back end that answered, so that a test
// knows which upstream of a configuration a request went to.
const backendHeader = "X-Proxytest-Backend"

// Echoes are echo back ends with names, each on a port of its own: each
// answers every request with 200, the request-target it received as the
// body, and its name in a header.
type Echoes struct {
	// Addrs maps each name to its host:port.
	Addrs map[string]string
	lns   []net.Listener
	wg    sync.WaitGroup
}

// StartEchoes starts an echo back end for each name.
func StartEchoes(names []string) (*Echoes, error) {
	e := &Echoes{Addrs: map[string]string{}}
	for _, name := range names {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			e.Close()
			return nil, err
		}
		e.lns = append(e.lns, ln)
		e.Addrs[name] = ln.Addr().String()
		e.wg.Add(1)
		go e.serve(ln, name)
	}
	return e, nil
}

// Close stops the back ends and waits for their connections to end.
func (e *Echoes) Close() {
	for _, ln := range e.lns {
		ln.Close()
	}
	e.wg.Wait()
}

func (e *Echoes) serve(ln net.Listener, name string) {
	defer e.wg.Done()
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		e.wg.Add(1)
		go func() {
			defer e.wg.Done()
			defer c.Close()
			c.SetDeadline(time.Now().Add(10 * time.Second))
			target, ok := readRequest(bufio.NewReaderSize(c, 64<<10))
			if !ok {
				return
			}
			fmt.Fprintf(c, "HTTP/1.1 200 OK\r\n%s: 1\r\n%s: %s\r\nContent-Type: application/octet-stream\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s",
				echoHeader, backendHeader, name, len(target), target)
		}()
	}
}

// An Answer is what a product did with one request: the status it
// answered itself (-1: it closed the connection), or the target and the
// back end it forwarded to.
type Answer struct {
	Status    int
	Forwarded string
	Backend   string
}

// String is the answer as a line of a report.
func (a Answer) String() string {
	switch {
	case a.Status == 0:
		return fmt.Sprintf("%q to %s", a.Forwarded, a.Backend)
	case a.Status < 0:
		return "closed"
	}
	return fmt.Sprint(a.Status)
}

// SendRequest sends "METHOD target HTTP/1.1" with the Host header host to
// addr as raw bytes, and reports what came back.
func SendRequest(addr, method, host, target string) (Answer, error) {
	x, err := exchange(addr, method+" "+target+" HTTP/1.1\r\nHost: "+host+"\r\nConnection: close\r\n\r\n", 5*time.Second, true)
	switch {
	case err != nil:
		return Answer{}, err
	case !x.echoed:
		return Answer{Status: x.status}, nil
	}
	return Answer{Forwarded: x.body, Backend: x.backend}, nil
}

// placeholder matches the placeholders of a configuration file of the live
// test: {{DIR}}, {{PORT:name}} and {{UP:name}}.
var placeholder = regexp.MustCompile(`\{\{(DIR|PORT:[a-z0-9_]+|UP:[a-z0-9_]+)\}\}`)

// A Filled is a configuration file of the live test with its
// placeholders filled in: {{DIR}} with the server's directory,
// {{PORT:name}} with a free port of 127.0.0.1, {{UP:name}} with the
// address of the echo back end of that name.
type Filled struct {
	Text string
	// Ports maps each PORT name to "127.0.0.1:port".
	Ports map[string]string
	// Upstreams are the UP names, in the order the file names them.
	Upstreams []string
}

// Fill fills in the placeholders of text; up gives the address of each
// UP name, which it is called with once per name.
func Fill(text, dir string, up func(name string) (string, error)) (Filled, error) {
	f := Filled{Ports: map[string]string{}}
	var portNames []string
	addrs := map[string]string{}
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		switch name := m[1]; {
		case strings.HasPrefix(name, "PORT:"):
			if _, ok := f.Ports[name[5:]]; !ok {
				f.Ports[name[5:]] = ""
				portNames = append(portNames, name[5:])
			}
		case strings.HasPrefix(name, "UP:"):
			if _, ok := addrs[name[3:]]; !ok {
				a, err := up(name[3:])
				if err != nil {
					return f, err
				}
				addrs[name[3:]] = a
				f.Upstreams = append(f.Upstreams, name[3:])
			}
		}
	}
	ports, err := freePorts(len(portNames))
	if err != nil {
		return f, err
	}
	for i, n := range portNames {
		f.Ports[n] = "127.0.0.1:" + ports[i]
	}
	f.Text = placeholder.ReplaceAllStringFunc(text, func(s string) string {
		name := s[2 : len(s)-2]
		switch {
		case name == "DIR":
			return dir
		case strings.HasPrefix(name, "PORT:"):
			return strings.TrimPrefix(f.Ports[name[5:]], "127.0.0.1:")
		}
		return addrs[name[3:]]
	})
	return f, nil
}

// StartFile runs the product with the configuration text, written to dir
// (with its pid and logs; never the system's), and waits until each of
// addrs answers.
func StartFile(p Product, dir, text string, addrs []string) (*Server, error) {
	path, err := p.Path()
	if err != nil {
		return nil, err
	}
	s := &Server{Product: p, Addrs: map[string]string{}, dir: dir}
	for _, a := range addrs {
		s.Addrs[a] = a
	}
	conf := filepath.Join(dir, p.Name+".conf")
	if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
		return nil, err
	}
	if err := s.run(path, conf, addrs, 15*time.Second); err != nil {
		return nil, err
	}
	return s, nil
}
