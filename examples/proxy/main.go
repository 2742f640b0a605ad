// Command proxy is a small reverse proxy that decides what to do with a
// request from the request line itself, with packages uri and uri/route,
// before it routes or forwards anything.
//
//	go run ./examples/proxy -listen 127.0.0.1:8080 -upstream http://127.0.0.1:9000 -backend tomcat
//
// Its flags, with their defaults:
//
//	-listen ADDR     the address to listen on (127.0.0.1:8080)
//	-upstream URL    the server to forward to, an absolute http URL
//	                 (http://127.0.0.1:9000)
//	-backend PRESET  the route preset of that server, whose reading of the
//	                 forwarded path the rules must also hold for (tomcat;
//	                 "uri route --list" names the presets)
//
// It shows what a proxy needs at the request line:
//
//   - One reading of the path for routing and forwarding. route.Handler
//     applies the proxy's route.Policy to the raw target: dot-segments
//     removed (and one that climbs above the root refused), escapes of
//     unreserved characters decoded, "%2F", "%5C" and "%00" refused, "//"
//     merged, a fragment or a byte outside RFC 3986 refused with the
//     offset and the reason. The path it matches its rules on (the key,
//     decoded and lower-cased, so that "/ADMIN" and "/%61dmin" are
//     "/admin") and the path it forwards come from that one pass.
//   - The back end's reading. A rule that holds for the proxy's key need
//     not hold for what the upstream makes of the forwarded path: Tomcat
//     strips ";params" from each segment, so "/admin;x/" is "/admin/" to
//     it. The proxy applies the back end's preset (-backend) to what it
//     forwards and checks its rules against that key too, so that
//     "/app;jsessionid=1/page" goes through and "/admin;x/" does not.
//   - The form of the target against the method (RFC 9112 section 3.2):
//     "*" for OPTIONS alone (the server sets DisableGeneralOptionsHandler,
//     or net/http would answer it before the proxy sees it), authority-form
//     for CONNECT alone (this proxy tunnels nothing).
//   - The target URI (RFC 9112 section 3.3), made with
//     RequestTarget.TargetURI from the Host header, never by gluing the
//     header to the path; an HTTP/1.0 request without Host gets the
//     proxy's own address as its authority, as section 3.3 says.
//   - Host hazards (RFC 3986 section 7): an absolute-form target or a Host
//     whose host another reader reads as another host ("127.1" is
//     127.0.0.1 to a resolver) is refused.
//   - Replies that stay small: a reason names the offset and the cause,
//     never the target, whatever its size.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"time"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/route"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:8080", "address to listen on")
	upstream := flag.String("upstream", "http://127.0.0.1:9000", "URL of the server to forward to")
	backend := flag.String("backend", "tomcat", "the route preset of the upstream server, whose reading of the forwarded path the rules must also hold for (uri route --list names them)")
	flag.Parse()
	to, err := url.Parse(*upstream)
	if err != nil || to.Scheme == "" || to.Host == "" {
		log.Fatalf("proxy: -upstream %q is not an absolute http URL", *upstream)
	}
	back, ok := route.Lookup(*backend)
	if !ok {
		log.Fatalf("proxy: -backend %q is not a preset (uri route --list names them)", *backend)
	}
	log.Printf("proxy: listening on %s, forwarding to %s (read as %s %s)", *listen, to, back.Product, back.Version)
	srv := newServer(newProxy(to, back.Policy))
	srv.Addr = *listen
	log.Fatal(srv.ListenAndServe())
}

// newServer returns the proxy's server around h. net/http answers
// "OPTIONS *" itself unless DisableGeneralOptionsHandler is set.
func newServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:                      h,
		DisableGeneralOptionsHandler: true,
		ReadHeaderTimeout:            10 * time.Second,
		MaxHeaderBytes:               64 << 10,
	}
}

// policy is the proxy's reading of a request-target.
var policy = route.Policy{
	Read:             route.ReadStrict,
	PercentCase:      route.PercentCaseUpper,
	Unreserved:       route.UnreservedDecode,
	EncodedSlash:     route.EncodedReject,
	EncodedBackslash: route.EncodedReject,
	EncodedNul:       route.EncodedReject,
	Dot:              route.DotRemove,
	DotDot:           route.DotDotRejectAbove,
	Slashes:          route.SlashesMerge,
	KeyForm:          route.KeyDecoded,
	KeyCase:          route.KeyCaseLower,
	AbsoluteForm:     route.AbsoluteToOrigin,
}

// blocked are the paths the proxy refuses to forward, with everything
// under them: "/admin" blocks "/admin" and "/admin/x", not "/administrator".
var blocked = []string{"/admin", "/internal"}

// isBlocked reports whether key is a blocked path or under one, in any case.
func isBlocked(key string) bool {
	key = strings.ToLower(key)
	for _, p := range blocked {
		if key == p || strings.HasPrefix(key, p+"/") {
			return true
		}
	}
	return false
}

// newProxy returns the proxy's handler, forwarding to upstream, whose
// reading of a path back describes.
func newProxy(upstream *url.URL, back route.Policy) http.Handler {
	forward := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			// The forwarded target goes out byte for byte, after the
			// upstream URL's path if it has one.
			route.SetURL(pr, upstream)
			pr.SetXForwarded()
		},
	}
	return route.Handler(policy, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		res, _ := route.ResultOf(r)
		switch {
		case r.Method == http.MethodConnect:
			refuse(w, http.StatusMethodNotAllowed, "this proxy does not tunnel")
			return
		case res.Forward == "*" && r.Method == http.MethodOptions:
			w.Header().Set("Allow", "GET, HEAD, POST, PUT, DELETE, OPTIONS")
			w.WriteHeader(http.StatusNoContent)
			return
		case !strings.HasPrefix(res.Forward, "/"):
			form := "authority-form"
			if res.Forward == "*" {
				form = "asterisk-form"
			}
			refuse(w, http.StatusBadRequest, "bad request target: "+form+" is not for "+r.Method)
			return
		}
		if reason := checkHost(r); reason != "" {
			refuse(w, http.StatusBadRequest, reason)
			return
		}
		if isBlocked(res.Key) || isBlocked(back.Apply(res.Forward).Key) {
			refuse(w, http.StatusForbidden, "forbidden")
			return
		}
		forward.ServeHTTP(w, r)
	}))
}

// checkHost returns why the proxy refuses the host the request is for, or
// "": the target URI (RFC 9112 section 3.3) must be http or https, and its
// host must be one that every reader reads alike.
func checkHost(r *http.Request) string {
	rt, err := uri.ParseRequestTarget(r.RequestURI)
	if err != nil { // route.Handler read it already, but for a request made in the program
		return "bad request target"
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	authority := r.Host
	if authority == "" && r.ProtoMajor == 1 && r.ProtoMinor == 0 {
		// An HTTP/1.0 request may come without Host: the authority is
		// then the server's own (RFC 9112 section 3.3).
		if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
			authority = a.String()
		}
	}
	target, err := rt.TargetURI(scheme, authority)
	if err != nil {
		if e, ok := err.(*uri.Error); ok {
			return "bad Host header: " + e.Message()
		}
		return "bad Host header"
	}
	if !strings.EqualFold(target.Scheme(), "http") && !strings.EqualFold(target.Scheme(), "https") {
		return "bad request target: scheme " + target.Scheme() + " is not served here"
	}
	bad := target.Hazards() & uri.HostHazards & uri.DivergentHazards
	if bad == 0 {
		return ""
	}
	for _, d := range target.HazardDetails() {
		if bad.Has(d.Hazard) {
			return fmt.Sprintf("bad host: %s: %s", d.Hazard, d.Reading)
		}
	}
	return "bad host: " + bad.String()
}

// refuse answers with status and a one-line reason.
func refuse(w http.ResponseWriter, status int, reason string) {
	http.Error(w, reason, status)
}
