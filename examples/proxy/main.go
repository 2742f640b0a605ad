// Command proxy is a small reverse proxy that checks every request target
// with package uri before it routes or forwards anything.
//
//	go run ./examples/proxy -listen 127.0.0.1:8080 -upstream http://127.0.0.1:9000
//
// It shows the three things a proxy needs at the request line:
//
//   - Strictness. net/http reads the request line leniently: it lets
//     "/a{b}", "/a\b" or "/a|b" through, which a server behind the proxy may
//     read another way. The proxy parses the raw target with
//     uri.ParseRequestTarget and answers 400 with the reason, offset and
//     component of the first bad byte.
//   - The form of the target against the method (RFC 9112 section 3.2):
//     "*" for OPTIONS alone, authority-form for CONNECT alone (this proxy
//     tunnels nothing), origin-form or absolute-form for the rest.
//   - The target URI (RFC 9112 section 3.3): an origin-form target is a
//     path, which may begin with "//", so the proxy does not glue it to
//     the Host header by hand but asks RequestTarget.TargetURI, which also
//     refuses a Host header that is not uri-host [ ":" port ].
//   - Hazards (RFC 3986 section 7): a valid target whose host or path
//     another reader reads otherwise is refused with the reason, since a
//     rule that holds for the proxy's reading need not hold for the
//     upstream's: a numeric host ("127.1" is 127.0.0.1 to a resolver),
//     dot-segments ("/api/../admin/", "/api/%2e%2E/admin/"), an encoded
//     "/" or "\" ("..%2F..", one segment to RFC 3986 and two to many
//     servers), a ";" parameter that Tomcat strips ("/admin;x/").
//   - Routing on the normalized path (RFC 3986 section 6.2.2): the proxy
//     blocks /admin/, and "/%61dmin/" is the same path, so it does not get
//     past the block. The upstream gets the normalized target.
package main

import (
	"errors"
	"flag"
	"log"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"

	"github.com/urilabs/rfc3986/uri"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:8080", "address to listen on")
	upstream := flag.String("upstream", "http://127.0.0.1:9000", "URL of the server to forward to")
	flag.Parse()
	to, err := url.Parse(*upstream)
	if err != nil || to.Scheme == "" || to.Host == "" {
		log.Fatalf("proxy: -upstream %q is not an absolute http URL", *upstream)
	}
	log.Printf("proxy: listening on %s, forwarding to %s", *listen, to)
	log.Fatal(http.ListenAndServe(*listen, newProxy(to)))
}

// blocked are the path prefixes the proxy refuses to forward, matched
// against the normalized path.
var blocked = []string{"/admin/", "/internal/"}

// newProxy returns the proxy's handler, forwarding to upstream.
func newProxy(upstream *url.URL) http.Handler {
	forward := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			target := pr.In.Context().Value(targetKey{}).(uri.URI)
			pr.Out.URL.Scheme = upstream.Scheme
			pr.Out.URL.Host = upstream.Host
			// The normalized target, written as it is: nothing is
			// decoded and escaped again on the way.
			pr.Out.URL.Path, pr.Out.URL.RawPath = target.URL().Path, target.Path()
			pr.Out.URL.RawQuery = target.Query()
			pr.Out.URL.ForceQuery = target.HasQuery() && target.Query() == ""
			pr.Out.Host = upstream.Host
			pr.SetXForwarded()
		},
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rt, err := uri.ParseRequestTarget(r.RequestURI)
		if err != nil {
			var e *uri.Error
			errors.As(err, &e)
			http.Error(w, "bad request target: "+e.Message(), http.StatusBadRequest)
			return
		}
		form := rt.Form()
		switch {
		case r.Method == http.MethodConnect:
			http.Error(w, "this proxy does not tunnel", http.StatusMethodNotAllowed)
			return
		case form == uri.AsteriskForm && r.Method == http.MethodOptions:
			w.Header().Set("Allow", "GET, HEAD, POST, PUT, DELETE, OPTIONS")
			return
		case form == uri.AsteriskForm || form == uri.AuthorityForm:
			http.Error(w, "bad request target: "+form.String()+" is not for "+r.Method, http.StatusBadRequest)
			return
		}
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		target, err := rt.TargetURI(scheme, r.Host)
		if err != nil {
			var e *uri.Error
			errors.As(err, &e)
			http.Error(w, "bad request: "+e.Message()+" of the target URI "+e.Input, http.StatusBadRequest)
			return
		}
		if !strings.EqualFold(target.Scheme(), "http") && !strings.EqualFold(target.Scheme(), "https") {
			http.Error(w, "bad request target: scheme "+target.Scheme()+" is not served here", http.StatusBadRequest)
			return
		}
		if reason := hazard(target); reason != "" {
			http.Error(w, "bad request target: "+reason, http.StatusBadRequest)
			return
		}
		normal := target.Normalize()
		for _, prefix := range blocked {
			if strings.HasPrefix(normal.Path(), prefix) {
				http.Error(w, "forbidden", http.StatusForbidden)
				return
			}
		}
		forward.ServeHTTP(w, r.WithContext(contextWithTarget(r, normal)))
	})
}

// hazard returns why the proxy refuses the target URI u, or "": the first
// of its hazards under which another reader, the upstream server or what
// it calls, would read its host or path otherwise than the proxy does
// (RFC 3986 section 7): "127.1" is a name here and 127.0.0.1 to a
// resolver, "/a/%2e%2e/admin" is a path under /a here and /admin to a
// client that removes dot-segments, "/admin;x/" is not /admin/ here and is
// to Tomcat. Routing rules hold only if both read the same.
func hazard(u uri.URI) string {
	bad := u.Hazards() & (uri.HostHazards | uri.PathHazards)
	if bad == 0 {
		return ""
	}
	for _, d := range u.HazardDetails() {
		if bad.Has(d.Hazard) {
			// Without the offset, which counts in the target URI, not in
			// the request line the client sent.
			return d.Hazard.String() + ": " + d.Reading
		}
	}
	return bad.String()
}
