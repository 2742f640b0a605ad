package docs_test

// The Examples of this file are the Go blocks of README.md and docs/,
// copied there line for line; TestBlocksAreExamples holds the pages to them.

import (
	"database/sql"
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/route"
	"github.com/urilabs/rfc3986/uri/scheme"
)

// README.md, "A tour".
func Example_tour() {
	u, err := uri.Parse("https://user@example.com:8080/a/b?x=1#top")
	if err != nil {
		log.Fatal(err) // an *uri.Error: the offset, the component and why
	}
	fmt.Println(u.Host(), u.Port(), u.Path(), u.Query(), u.Fragment())
	g, _ := u.ResolveString("../c?y=2")                                         // RFC 3986 section 5.2
	fmt.Println(g)                                                              // https://user@example.com:8080/c?y=2
	fmt.Println(uri.MustParse("HTTP://Example.COM:80/%7euser/./a").Normalize()) // section 6
	_, err = uri.Parse("http://a b/")
	fmt.Println(err)
	fmt.Println(uri.MustParse("http://127.1/admin").Hazards()) // 127.0.0.1 to a resolver
	// Output:
	// example.com 8080 /a/b x=1 top
	// https://user@example.com:8080/c?y=2
	// http://example.com/~user/a
	// uri: parse "http://a b/": invalid character ' ' at offset 8 in host
	// numeric-host
}

// docs/guide.md, "Parse and read".
func Example_guideParse() {
	u, err := uri.Parse("http://user@example.com:8080/a/b?x=1#top")
	if err != nil {
		var e *uri.Error
		errors.As(err, &e) // e.Offset, e.Component, e.Err (uri.ErrInvalidCharacter, ...)
		log.Fatal(err)
	}
	fmt.Println(u.Scheme())      // "http"
	fmt.Println(u.UserInfo())    // "user"
	fmt.Println(u.Host())        // "example.com"
	fmt.Println(u.HostKind())    // reg-name (or IPv4, IPv6, IPvFuture)
	fmt.Println(u.PortNumber())  // 8080 true
	fmt.Println(u.Path())        // "/a/b"
	fmt.Println(u.Query())       // "x=1"
	fmt.Println(u.HasFragment()) // true: "#" and an empty fragment differ from none
	fmt.Println(u.IsAbsolute())  // false: it has a fragment (section 4.3)
	// Output:
	// http
	// user
	// example.com
	// RegName
	// 8080 true
	// /a/b
	// x=1
	// true
	// false
}

// docs/guide.md, "Resolve, normalize, build".
func Example_guideResolve() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	t, _ := base.ResolveString("../g?y") // strict; ResolveNonStrict for "http:g"
	fmt.Println(t)                       // http://a/b/g?y
	buf := make([]byte, 0, 64)
	buf, _ = uri.AppendResolve(buf[:0], base, uri.MustParse("g;x")) // no allocation when buf has room
	fmt.Println(string(buf))                                        // http://a/b/c/g;x

	fmt.Println(uri.MustParse("HTTP://Example.com:80/a/%2e%2E/%7e").Normalize())               // http://example.com/~
	fmt.Println(uri.Equivalent(uri.MustParse("http://a/%7e"), uri.MustParse("HTTP://A:80/~"))) // never allocates
	fmt.Println(uri.MustParse("HTTP://a:80/").NormalizeSyntax())                               // section 6.2.2 only: the port stays

	seg, _ := uri.Escape("a b/c", uri.Segment) // a segment holds any data; a port or scheme may be refused
	u, _ := uri.Build(uri.Components{Scheme: "https", Host: "example.com",
		Path: "/files/" + seg})
	fmt.Println(u)                  // https://example.com/files/a%20b%2Fc
	s, _ := uri.Unescape("a%20b")   // a bad "%" is an *uri.Error with its offset
	for seg := range u.Segments() { // raw path segments
		fmt.Printf("%q ", seg)
	}
	for k, v := range uri.MustParse("/?a=1&b=x+y").QueryPairs() { // raw pairs: "+" is not a space
		fmt.Printf("%s=%s ", k, v)
	}
	addr, ok := uri.MustParse("http://[::1]/").Addr() // netip.Addr of an IPv4 or IPv6 host
	fmt.Println(s, addr, ok)
	// Output:
	// http://a/b/g?y
	// http://a/b/c/g;x
	// http://example.com/~
	// true
	// http://a:80/
	// https://example.com/files/a%20b%2Fc
	// "files" "a%20b%2Fc" a=1 b=x+y a b ::1 true
}

// docs/guide.md, "Relativize, join, store".
func Example_guideRelativize() {
	base := uri.MustParse("https://example.com/docs/guide/install.html")
	fmt.Println(base.Relativize(uri.MustParse("https://example.com/docs/api/"))) // ../api/
	fmt.Println(base.Relativize(uri.MustParse("https://cdn.example.com/x.js")))  // //cdn.example.com/x.js
	// base.Resolve(base.Relativize(t)) == base.Resolve(t), for every t

	api := uri.MustParse("https://api.example.com/v1/")
	u, _ := api.JoinPath("users", "a/../b") // each argument is one segment
	fmt.Println(u)                          // https://api.example.com/v1/users/a%2F..%2Fb
	_, err := api.JoinPath("users", "..")   // an *uri.Error wrapping uri.ErrDotSegment
	fmt.Println(errors.Is(err, uri.ErrDotSegment))
	// Output:
	// ../api/
	// //cdn.example.com/x.js
	// https://api.example.com/v1/users/a%2F..%2Fb
	// true
}

// docs/guide.md, "Relativize, join, store": database/sql. Compiled, not run.
func Example_guideSQL() {
	var db *sql.DB // opened elsewhere
	u := uri.MustParse("https://example.com/a")
	db.Exec(`INSERT INTO links (href) VALUES ($1)`, u) // URI.Value: the text
	var href uri.URI
	db.QueryRow(`SELECT href FROM links`).Scan(&href) // (*URI).Scan parses it; a NULL is uri.ErrNull
	var maybe sql.Null[uri.URI]                       // for a column that may be NULL
	db.QueryRow(`SELECT href FROM links`).Scan(&maybe)
}

// docs/hazards.md.
func Example_hazards() {
	u := uri.MustParse("http://0x7f.1/a/%2e%2e/admin")
	if u.Hazards()&uri.DivergentHazards != 0 {
		// refuse: another reader goes to another host or path
	}
	for _, d := range u.HazardDetails() {
		fmt.Println(d)
	}
	// Output:
	// numeric-host at offset 7: WHATWG URL and inet_aton read the host 0x7f.1 as 127.0.0.1
	// dot-segment at offset 16: WHATWG URL and HTTP clients remove dot-segments: they send the path /a/%2e%2e/admin as /admin
}

// docs/schemes.md, "Rules".
func Example_schemesCheck() {
	err := scheme.Check(uri.MustParse("http:///a"))
	fmt.Println(err)
	// Output:
	// uri: check "http:///a": missing host at offset 7
}

// docs/schemes.md, "Structure".
func Example_schemesStructure() {
	m, _ := scheme.ParseMailto(uri.MustParse("mailto:joe@example.com?cc=bob@example.com&body=hello%20there"))
	fmt.Println(m.To, m.Headers) // decoded with uri.Unescape
	back, _ := scheme.BuildMailto(m)
	fmt.Println(back)

	n, _ := scheme.ParseURN(uri.MustParse("urn:example:weather?=op=map#x"))
	fmt.Println(n.NID, n.NSS, n.QComponent, n.FComponent)
	fmt.Println(scheme.EquivalentURN(uri.MustParse("URN:EXAMPLE:a%2c"), uri.MustParse("urn:example:a%2C"))) // RFC 8141 section 3

	d, _ := scheme.ParseData(uri.MustParse("data:;base64,SGk="))
	fmt.Println(d.MediaType, d.Base64, string(d.Data))
	// Output:
	// [joe@example.com] [{cc bob@example.com} {body hello there}]
	// mailto:joe@example.com?cc=bob@example.com&body=hello%20there
	// example weather op=map x
	// true
	// text/plain;charset=US-ASCII true Hi
}

// docs/schemes.md, "File paths".
func Example_schemesFilePath() {
	u, _ := scheme.FromFilePath("/home/me/notes #1.txt", scheme.Unix)
	fmt.Println(u) // file:///home/me/notes%20%231.txt
	u, _ = scheme.FromFilePath(`C:\Users\me\a.txt`, scheme.Windows)
	fmt.Println(u) // file:///C:/Users/me/a.txt
	u, _ = scheme.FromFilePath(`\\server\share\a.txt`, scheme.Windows)
	fmt.Println(u) // file://server/share/a.txt
	p, _ := scheme.FilePath(uri.MustParse("file:c:/path/to/file"), scheme.Windows)
	fmt.Println(p) // c:\path\to\file
	_, err := scheme.FilePath(uri.MustParse("file://server/share"), scheme.Unix)
	fmt.Println(err != nil) // the host is not local
	// Output:
	// file:///home/me/notes%20%231.txt
	// file:///C:/Users/me/a.txt
	// file://server/share/a.txt
	// c:\path\to\file
	// true
}

// docs/iri.md.
func Example_iri() {
	i, _ := uri.ParseIRI("https://例え.jp/パス?q=値")
	fmt.Println(i.Host())
	fmt.Println(i.ToURI()) // section 3.1
	u := i.ToURI()
	fmt.Println(u.ToIRI())                                                        // section 3.2: what is not UTF-8, or may not stand in an IRI, stays encoded
	fmt.Println(uri.MustParseIRI("HTTPS://例え.jp/%E3%83%91%E3%82%B9").Normalize()) // section 5.3
	// Output:
	// 例え.jp
	// https://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4
	// https://例え.jp/パス?q=値
	// https://例え.jp/パス
}

// docs/request-targets.md.
func Example_requestTarget() {
	t, err := uri.ParseRequestTarget("//evil.example/a?b") // from the request line
	if err != nil {
		log.Fatal(err) // answer 400 with err's reason
	}
	fmt.Println(t.Form(), t.Path(), t.Query())       // a path that begins with "//", not a host
	u, _ := t.TargetURI("https", "example.com:8443") // the scheme of the connection and the Host header
	fmt.Println(u, u.Host())
	_, err = uri.ParseRequestTarget("/a#frag")
	fmt.Println(err)
	// Output:
	// origin-form //evil.example/a b
	// https://example.com:8443//evil.example/a?b example.com
	// uri: parse request target "/a#frag": fragment not allowed at offset 2
}

// docs/routing.md, "Key and Forward".
func Example_routingApply() {
	p, _ := route.Lookup("traefik")
	r := p.Policy.Apply("/api/%2e%2e/admin") // the raw request-target bytes
	switch r.Verdict {
	case route.Reject: // answer r.Status(); r.Err says where and why
		fmt.Println(r.Status(), r.Err)
	case route.Redirect: // answer r.Status() with Location: r.Location
		fmt.Println(r.Status(), r.Location)
	case route.Accept: // route on r.Key, send r.Forward
		fmt.Println(r.Key, r.Forward)
	}
	// Output:
	// /admin /admin
}

// docs/routing.md, "One pass over the target".
func Example_routingHazards() {
	p, _ := route.Lookup("traefik")
	target := "/api/v1/users?id=7"
	r := p.Policy.Apply(target)
	if h, valid := r.Hazards(); !valid || h&uri.PathHazards != 0 || r.Verdict != route.Accept {
		log.Fatal("refuse ", target) // answer 400
	}
	rest, _ := r.StripPrefix("/api") // a route's prefix
	fmt.Println(rest.Key, rest.Forward)
	fmt.Println(p.Policy.Apply("/api/%2e%2e/admin").Hazards()) // valid, with hazards
	fmt.Println(p.Policy.Apply("/api/a\\b").Hazards())         // Traefik reads it; RFC 3986 does not
	// Output:
	// /v1/users /v1/users?id=7
	// dot-segment true
	// none false
}

// docs/routing.md, "In front of a Go proxy".
func Example_routingHandler() {
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Println("the back end received", r.RequestURI)
	}))
	defer upstream.Close()
	backend, _ := url.Parse(upstream.URL)
	p, _ := route.Lookup("envoy-legacy")
	policy := p.Policy

	proxy := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		route.SetURL(pr, backend) // Forward, after backend's path if it has one
		pr.SetXForwarded()
	}}
	srv := &http.Server{Addr: "127.0.0.1:8080", Handler: route.Handler(policy, proxy)}

	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.RequestURI = "/admin%2Fsecret|x" // as the request line carried it
	srv.Handler.ServeHTTP(httptest.NewRecorder(), req)
	// Output:
	// the back end received /admin%2Fsecret|x
}

// docs/routing.md, "Configurations".
func Example_routingConfig() {
	src, err := os.ReadFile("../../testdata/cli/data/nginx.conf")
	if err != nil {
		log.Fatal(err)
	}
	c, err := route.ParseConfig("nginx", "nginx.conf", src)
	if err != nil {
		log.Fatal(err) // nginx.conf:12: location ~ \.php$: regular expression locations are not modelled
	}
	o := c.Serve(route.Request{Method: "GET", Host: "shop.example.com", Target: "/api/users/1", Listen: ":80"})
	// o.Status is 0: nginx forwards o.Forwarded ("/v2/users/1") to o.Upstream
	// ("10.0.0.21:9000"), having matched o.Key ("/api/users/1") by o.Block
	// ("nginx.conf:42: location /api/").
	fmt.Println(o.Status, o.Forwarded, o.Upstream, o.Key, o.Block)
	// Output:
	// 0 /v2/users/1 10.0.0.21:9000 /api/users/1 nginx.conf:42: location /api/
}

// docs/routing.md, "Agreement".
func Example_routingAgree() {
	servemux, _ := route.Lookup("servemux")
	fileServer, _ := route.Lookup("go-fileserver")
	a := route.Agree("/public/..%2Fadmin/x", servemux.Policy, fileServer.Policy)
	fmt.Println(a.Agree, a.Segment, a.FrontSegment, a.BackSegment) // the mux routed "public", the file server serves "admin"
	// Output:
	// false 0 public admin
}
