package route

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// testNginx is an nginx.conf of two servers on one address, told apart by
// their names, and a third on another address.
const testNginx = `# a comment
user www-data;
events { worker_connections 64; }
http {
	include mime.types;
	upstream app { server 10.0.0.1:80; }
	merge_slashes on;
	server {
		listen 127.0.0.1:80 default_server;
		server_name example.test;
		location / { proxy_pass http://app; }
		location /api/ { proxy_pass http://10.0.0.2:9000/v1/; }
		location ^~ /files { proxy_pass http://app/store; }
		location = /health { return 200 "ok"; }
		location /admin/ { deny all; }
		location /old/ { return 301 https://$host/new$request_uri; }
		location /private/ { internal; proxy_pass http://app; }
		location /static/ { root /srv; }
	}
	server {
		listen 127.0.0.1:80;
		server_name *.example.org;
		location / { proxy_pass http://app/other/; }
	}
	server {
		listen 8080;
		merge_slashes off;
		large_client_header_buffers 4 64;
		return 403;
	}
}
`

func TestServeNginx(t *testing.T) {
	c, err := ParseConfig("nginx", "nginx.conf", []byte(testNginx))
	if err != nil {
		t.Fatal(err)
	}
	const www = "127.0.0.1:80"
	tests := []struct {
		req  Request
		want Outcome
	}{
		{Request{Target: "/a/../b?x=1", Listen: www, Host: "example.test"},
			Outcome{Forwarded: "/a/../b?x=1", Upstream: "app", Key: "/b", Block: "nginx.conf:11: location /"}},
		{Request{Target: "/api/x/%2e%2e/y?q", Listen: www},
			Outcome{Forwarded: "/v1/y?q", Upstream: "10.0.0.2:9000", Key: "/api/y", Block: "nginx.conf:12: location /api/"}},
		{Request{Target: "/api/a%20b", Listen: www},
			Outcome{Forwarded: "/v1/a%20b", Upstream: "10.0.0.2:9000", Key: "/api/a b", Block: "nginx.conf:12: location /api/"}},
		{Request{Target: "/api?x", Listen: www},
			Outcome{Status: 301, Location: "/api/?x", Key: "/api", Block: "nginx.conf:12: location /api/",
				Reason: `the location ends in "/" and the request is its prefix without it`}},
		{Request{Target: "/files/a", Listen: www},
			Outcome{Forwarded: "/store/a", Upstream: "app", Key: "/files/a", Block: "nginx.conf:13: location ^~ /files"}},
		{Request{Target: "/health", Listen: www},
			Outcome{Status: 200, Key: "/health", Block: "nginx.conf:14: location = /health", Reason: "return 200"}},
		{Request{Target: "/health/", Listen: www},
			Outcome{Forwarded: "/health/", Upstream: "app", Key: "/health/", Block: "nginx.conf:11: location /"}},
		{Request{Target: "/%61dmin/x", Listen: www},
			Outcome{Status: 403, Key: "/admin/x", Block: "nginx.conf:15: location /admin/", Reason: "deny all"}},
		{Request{Target: "/old/a?b", Listen: www, Host: "Example.TEST:80"},
			Outcome{Status: 301, Location: "https://example.test/new/old/a?b", Key: "/old/a", Block: "nginx.conf:16: location /old/", Reason: "return 301"}},
		{Request{Target: "/private/x", Listen: www},
			Outcome{Status: 404, Key: "/private/x", Block: "nginx.conf:17: location /private/", Reason: "the location is internal"}},
		{Request{Target: "/static/x", Listen: www},
			Outcome{Status: 404, Key: "/static/x", Block: "nginx.conf:18: location /static/", Reason: "the location serves files, not modelled"}},
		{Request{Target: "/../x", Listen: www},
			Outcome{Status: 400, Reason: "dot-segment above the root at offset 1 in path"}},
		{Request{Target: "/a//b", Listen: www, Host: "www.example.org"},
			Outcome{Forwarded: "/other/a/b", Upstream: "app", Key: "/a/b", Block: "nginx.conf:23: location /"}},
		{Request{Target: "http://www.example.org/a", Listen: www},
			Outcome{Forwarded: "/other/a", Upstream: "app", Key: "/a", Block: "nginx.conf:23: location /"}},
		{Request{Target: "/a", Listen: "8080"},
			Outcome{Status: 403, Key: "/a", Block: "nginx.conf:29: return 403", Reason: "return 403"}},
		{Request{Target: "/" + strings.Repeat("a", 60), Listen: ":8080"},
			Outcome{Status: 414, Reason: "the request line is longer than large_client_header_buffers"}},
		{Request{Target: "/" + strings.Repeat("a", 50) + " b", Listen: ":8080"},
			Outcome{Status: 400, Reason: "invalid character in the request line"}},
		{Request{Target: "/", Listen: "127.0.0.2:80"},
			Outcome{Status: 421, Reason: "no server of the configuration listens on 127.0.0.2:80"}},
		{Request{Target: "/a"},
			Outcome{Forwarded: "/a", Upstream: "app", Key: "/a", Block: "nginx.conf:11: location /"}},
	}
	for _, tt := range tests {
		t.Run(tt.req.Listen+" "+tt.req.Host+" "+tt.req.Target, func(t *testing.T) {
			got := c.Serve(tt.req)
			if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreUnexported(Outcome{})); diff != "" {
				t.Errorf("Serve(%+v) mismatch (-want +got):\n%s", tt.req, diff)
			}
			got2, _ := c.AppendServe(make([]byte, 0, 64), tt.req)
			if diff := cmp.Diff(got, got2, cmpopts.IgnoreUnexported(Outcome{})); diff != "" {
				t.Errorf("AppendServe(%+v) mismatch with Serve (-Serve +AppendServe):\n%s", tt.req, diff)
			}
		})
	}
	if diff := cmp.Diff([]string{"127.0.0.1:80", ":8080"}, c.Listens()); diff != "" {
		t.Errorf("Listens() mismatch (-want +got):\n%s", diff)
	}
}

const testHAProxy = `global
	tune.bufsize 4096
	tune.maxrewrite 1024
defaults
	mode http
	timeout client 5s
frontend www
	bind 127.0.0.1:80,127.0.0.1:81
	acl api path_beg /api/
	http-request normalize-uri path-strip-dotdot
	http-request deny deny_status 404 if { path_beg -i /admin }
	http-request normalize-uri percent-decode-unreserved
	http-request redirect location /moved code 301 if { path /old }
	use_backend api if api !{ method POST }
	use_backend files if { path_end .png } || { hdr(host) -i files.test }
	default_backend app
	monitor-uri /ping
frontend tcp
	mode tcp
	bind :9000
	default_backend app
listen direct
	bind :8080
	option accept-invalid-http-request
	http-request normalize-uri fragment-strip
	server d 10.0.0.3:80
backend app
	server a 10.0.0.1:80
backend api
	http-request return status 503 if { path_end /down }
	server b 10.0.0.2:80
backend files
	server f 10.0.0.4:80
`

func TestServeHAProxy(t *testing.T) {
	c, err := ParseConfig("haproxy", "haproxy.cfg", []byte(testHAProxy))
	if err != nil {
		t.Fatal(err)
	}
	const www = "127.0.0.1:80"
	tests := []struct {
		req  Request
		want Outcome
	}{
		{Request{Target: "/x/../api/%61", Listen: www},
			Outcome{Forwarded: "/api/a", Upstream: "api", Key: "/api/a", Block: "haproxy.cfg:14: use_backend api if api !{ method POST }"}},
		{Request{Target: "/api/a", Listen: www, Method: "POST"},
			Outcome{Forwarded: "/api/a", Upstream: "app", Key: "/api/a", Block: "haproxy.cfg:16: default_backend app"}},
		{Request{Target: "/api/down", Listen: www},
			Outcome{Status: 503, Key: "/api/down", Block: "haproxy.cfg:30: http-request return status 503 if { path_end /down }", Reason: "http-request return"}},
		{Request{Target: "/ADMIN/x", Listen: www},
			Outcome{Status: 404, Key: "/ADMIN/x", Block: "haproxy.cfg:11: http-request deny deny_status 404 if { path_beg -i /admin }", Reason: "http-request deny"}},
		{Request{Target: "/%61dmin/x", Listen: "127.0.0.1:81"},
			Outcome{Forwarded: "/admin/x", Upstream: "app", Key: "/admin/x", Block: "haproxy.cfg:16: default_backend app"}},
		{Request{Target: "/old", Listen: www},
			Outcome{Status: 301, Location: "/moved", Key: "/old", Block: "haproxy.cfg:13: http-request redirect location /moved code 301 if { path /old }", Reason: "redirect location"}},
		{Request{Target: "/a.png", Listen: www},
			Outcome{Forwarded: "/a.png", Upstream: "files", Key: "/a.png", Block: "haproxy.cfg:15: use_backend files if { path_end .png } || { hdr(host) -i files.test }"}},
		{Request{Target: "/a", Listen: www, Host: "FILES.test"},
			Outcome{Forwarded: "/a", Upstream: "files", Key: "/a", Block: "haproxy.cfg:15: use_backend files if { path_end .png } || { hdr(host) -i files.test }"}},
		{Request{Target: "http://example.test/a", Listen: www, Host: "other.test"},
			Outcome{Status: 400, Reason: "the authority of the absolute-form target is not the Host header"}},
		{Request{Target: "http://example.test:80/a", Listen: www, Host: "example.test"},
			Outcome{Forwarded: "http://example.test/a", Upstream: "app", Key: "/a", Block: "haproxy.cfg:16: default_backend app"}},
		{Request{Target: "http://example.test/a", Listen: www},
			Outcome{Forwarded: "http://example.test/a", Upstream: "app", Key: "/a", Block: "haproxy.cfg:16: default_backend app"}},
		{Request{Target: "example.test:443", Listen: www, Host: "example.test"},
			Outcome{Status: 400, Reason: "the authority-form target is not the Host header"}},
		{Request{Target: "/a#b", Listen: www},
			Outcome{Status: 400, Reason: "fragment not allowed at offset 2"}},
		{Request{Target: "/a#b", Listen: ":8080"},
			Outcome{Forwarded: "/a", Upstream: "direct", Key: "/a", Block: "haproxy.cfg:22: listen direct"}},
		{Request{Target: "/" + strings.Repeat("a", 3000), Listen: www, Host: "h"},
			Outcome{Status: 400, Reason: "the request does not fit in HAProxy's buffer (tune.bufsize less tune.maxrewrite)"}},
		{Request{Target: "/ping", Listen: www},
			Outcome{Status: 200, Key: "/ping", Block: "haproxy.cfg:17: monitor-uri /ping", Reason: "monitor-uri"}},
		{Request{Target: "/", Listen: ":9000"},
			Outcome{Status: 421, Reason: "no server of the configuration listens on :9000"}},
	}
	for _, tt := range tests {
		t.Run(tt.req.Listen+" "+tt.req.Method+" "+tt.req.Target, func(t *testing.T) {
			got := c.Serve(tt.req)
			if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreUnexported(Outcome{})); diff != "" {
				t.Errorf("Serve(%+v) mismatch (-want +got):\n%s", tt.req, diff)
			}
		})
	}
}

func TestParseConfigErrors(t *testing.T) {
	tests := []struct {
		product, src, want string
	}{
		{"nginx", "http {\n server {\n listen 80;\n location ~ \\.php$ { proxy_pass http://a; }\n }\n}",
			`f:4: location ~ \.php$: regular expression locations are not modelled`},
		{"nginx", "server {\n listen 80;\n location / {\n  rewrite ^ /x;\n }\n}", "f:4: rewrite: rewrites the URI, which the reader does not model"},
		{"nginx", "server {\n location / { location /a { } }\n}", "f:2: location: nested locations are not modelled"},
		{"nginx", "server {\n location / { proxy_pass http://$host; }\n}", "f:2: proxy_pass http://$host: variables are not modelled"},
		{"nginx", "server {\n location / { proxy_pass unix:/x; }\n}", "f:2: proxy_pass unix:/x: want an http:// or https:// URL"},
		{"nginx", "http {\n include conf.d/*.conf;\n}", "f:2: include conf.d/*.conf: the reader reads one file; put what it holds in this one"},
		{"nginx", "server {\n merge_slashes maybe;\n}", "f:2: merge_slashes: want on or off"},
		{"nginx", "server {\n listen 80\n}", `f:3: directive "listen" has no ";"`},
		{"nginx", "server {\n listen 80;\n", `f:1: block "server" is not closed`},
		{"nginx", "events { }", "f: no server in the file"},
		{"haproxy", "frontend f\n bind :80\n mode http\n http-request set-path /x", "f:4: http-request set-path: not modelled"},
		{"haproxy", "frontend f\n bind :80\n mode http\n http-request normalize-uri path-clean", "f:4: http-request normalize-uri path-clean: not a normalizer of HAProxy 2.6"},
		{"haproxy", "frontend f\n bind :80\n mode http\n use_backend b if { path_reg ^/a }\nbackend b", "f:4: acl path_reg: the fetch is not modelled"},
		{"haproxy", "frontend f\n bind :80\n mode http\n use_backend nope", `f:4: use_backend: no backend "nope"`},
		{"haproxy", "frontend f\n bind :80\n mode http\n use_backend b if missing\nbackend b", `f:4: no ACL "missing"`},
		{"haproxy", "bind :80", "f:1: bind: outside any section"},
		{"iis", ":80 {\n}", `f: product "iis": want nginx, apache, haproxy or caddy`},
	}
	for _, tt := range tests {
		t.Run(tt.product+" "+tt.want, func(t *testing.T) {
			_, err := ParseConfig(tt.product, "f", []byte(tt.src))
			if err == nil {
				t.Fatalf("ParseConfig(%q) succeeded", tt.src)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("ParseConfig(%q) error mismatch (-want +got):\n%s", tt.src, diff)
			}
		})
	}
}

func TestPresetConfig(t *testing.T) {
	c, ok := PresetConfig("tomcat")
	if !ok {
		t.Fatal("PresetConfig(tomcat) not found")
	}
	got := c.Serve(Request{Target: "/a;x/b", Listen: "127.0.0.1:1234"})
	want := Outcome{Forwarded: "/a;x/b", Upstream: "backend", Key: "/a/b", Block: "preset tomcat"}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(Outcome{})); diff != "" {
		t.Errorf("PresetConfig(tomcat).Serve mismatch (-want +got):\n%s", diff)
	}
	if _, ok := PresetConfig("nope"); ok {
		t.Error("PresetConfig(nope) found")
	}
}

func TestLint(t *testing.T) {
	const src = `server {
	listen 80;
	location / { proxy_pass http://app; }
	location /admin/ { deny all; }
}`
	c, err := ParseConfig("nginx", "nginx.conf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	fs := c.Lint(nil, "/admin;x/secret", "/public/x", "/admin/x")
	if len(fs) != 1 {
		t.Fatalf("Lint: %d findings, want 1: %+v", len(fs), fs)
	}
	f := fs[0]
	got := []any{f.Listen, f.Target, f.Front.Block, f.BackKey, f.Then.Block, f.Then.Status, f.Segment, f.FrontSegment, f.BackSegment}
	want := []any{":80", "/admin;x/secret", "nginx.conf:3: location /", "/admin/secret", "nginx.conf:4: location /admin/", 403, 0, "admin;x", "admin"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Lint(/admin;x/secret) mismatch (-want +got):\n%s", diff)
	}
	back, _ := PresetConfig("servemux")
	fs = c.Lint(back, "/a/%2e%2e/b", "/a/b")
	if len(fs) != 1 || fs[0].Target != "/a/%2e%2e/b" || fs[0].BackKey != "/a/%2e%2e/b" || fs[0].Front.Key != "/b" {
		t.Errorf("Lint(servemux) = %+v, want /a/%%2e%%2e/b read as /a/%%2e%%2e/b by servemux and /b by nginx", fs)
	}
	if n := len(c.Lint(nil)); n == 0 {
		t.Error("Lint(nil) on generated targets found nothing; /admin;x/ parts with Servlet readers")
	}
}

const testApache = `Listen 127.0.0.1:80
AllowEncodedSlashes NoDecode
<VirtualHost 127.0.0.1:80>
	ServerName example.test
	ProxyPass "/admin/" "http://10.0.0.2/internal/" nocanon
	ProxyPass /api http://10.0.0.3/v1
	ProxyPass /private/ !
	ProxyPass /lb/ balancer://pool/app/
	ProxyPass / http://10.0.0.1/
	<Location "/secret">
		Require all denied
	</Location>
	<Location "/api/">
		Require all granted
	</Location>
</VirtualHost>
`

func TestServeApache(t *testing.T) {
	c, err := ParseConfig("apache", "apache2.conf", []byte(testApache))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		target string
		want   Outcome
	}{
		{"/admin/a%2fb", Outcome{Forwarded: "/internal/a%2fb", Upstream: "10.0.0.2", Key: "/admin/a%2fb",
			Block: `apache2.conf:5: ProxyPass /admin/ http://10.0.0.2/internal/ nocanon`}},
		{"/%61dmin/x%7e", Outcome{Forwarded: "/internal/x~", Upstream: "10.0.0.2", Key: "/admin/x~",
			Block: `apache2.conf:5: ProxyPass /admin/ http://10.0.0.2/internal/ nocanon`}},
		{"/admin//x", Outcome{Forwarded: "/internal/x", Upstream: "10.0.0.2", Key: "/admin/x",
			Block: `apache2.conf:5: ProxyPass /admin/ http://10.0.0.2/internal/ nocanon`}},
		{"/api/a%2Fb?q", Outcome{Forwarded: "/v1/a%252Fb?q", Upstream: "10.0.0.3", Key: "/api/a%2Fb",
			Block: "apache2.conf:6: ProxyPass /api http://10.0.0.3/v1"}},
		{"/x/a%2Fb", Outcome{Forwarded: "/x/a%2Fb", Upstream: "10.0.0.1", Key: "/x/a%2Fb",
			Block: "apache2.conf:9: ProxyPass / http://10.0.0.1/"}},
		{"/lb/x", Outcome{Forwarded: "/app/x", Upstream: "balancer://pool", Key: "/lb/x",
			Block: "apache2.conf:8: ProxyPass /lb/ balancer://pool/app/"}},
		{"/secret/x", Outcome{Status: 403, Key: "/secret/x", Block: "apache2.conf:10: <Location /secret>", Reason: "Require all denied"}},
		{"/secretx", Outcome{Forwarded: "/secretx", Upstream: "10.0.0.1", Key: "/secretx",
			Block: "apache2.conf:9: ProxyPass / http://10.0.0.1/"}},
		{"/private/x", Outcome{Status: 404, Key: "/private/x", Block: "apache2.conf:7: ProxyPass /private/ !",
			Reason: "ProxyPass !: served from the document root, not modelled"}},
		{"http://example.test%41/", Outcome{Status: 400, Reason: "the host of the absolute-form target is not a host name"}},
		{"/" + strings.Repeat("a", 8180), Outcome{Status: 414, Reason: "the request line is longer than LimitRequestLine"}},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			got := c.Serve(Request{Target: tt.target, Listen: "127.0.0.1:80", Host: "example.test"})
			if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreUnexported(Outcome{})); diff != "" {
				t.Errorf("Serve(%q) mismatch (-want +got):\n%s", tt.target, diff)
			}
		})
	}
}

const testCaddy = `{
	admin off
}
http://:8080 {
	@admin path /admin/* /internal
	handle @admin {
		respond "no" 403
	}
	handle_path /api/* {
		reverse_proxy 10.0.0.2:80
	}
	handle /v1/* {
		uri strip_prefix /v1
		reverse_proxy 10.0.0.3:80
	}
	handle {
		reverse_proxy 10.0.0.1:80
	}
}
`

func TestServeCaddy(t *testing.T) {
	c, err := ParseConfig("caddy", "Caddyfile", []byte(testCaddy))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		target string
		want   Outcome
	}{
		{"/ADMIN/x", Outcome{Status: 403, Key: "/admin/x", Block: "Caddyfile:6: handle @admin", Reason: "respond"}},
		{"/admin/.", Outcome{Status: 403, Key: "/admin/", Block: "Caddyfile:6: handle @admin", Reason: "respond"}},
		{"/api/a%2fb?q", Outcome{Forwarded: "/a%2fb?q", Upstream: "10.0.0.2:80", Key: "/api/a/b", Block: "Caddyfile:9: handle_path /api/*"}},
		{"/v1/it's", Outcome{Forwarded: "/it%27s", Upstream: "10.0.0.3:80", Key: "/v1/it's", Block: "Caddyfile:12: handle /v1/*"}},
		{"/other/../x", Outcome{Forwarded: "/other/../x", Upstream: "10.0.0.1:80", Key: "/x", Block: "Caddyfile:16: handle"}},
		{"/a%zz", Outcome{Status: 400, Reason: "invalid percent-encoding: unexpected '%' at offset 2 in path"}},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			got := c.Serve(Request{Target: tt.target, Listen: "127.0.0.1:8080"})
			if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreUnexported(Outcome{})); diff != "" {
				t.Errorf("Serve(%q) mismatch (-want +got):\n%s", tt.target, diff)
			}
		})
	}
}

func TestParseConfigErrorsApacheCaddy(t *testing.T) {
	tests := []struct {
		product, src, want string
	}{
		{"apache", "<VirtualHost *:80>\n RewriteRule ^ /x\n</VirtualHost>", "f:2: RewriteRule: rewrites the URL, which the reader does not model"},
		{"apache", "<VirtualHost *:80>\n <Location /a>\n  ProxyPass http://b/\n </Location>\n</VirtualHost>",
			"f:3: ProxyPass in a <Location>: not modelled; write ProxyPass /a URL in the VirtualHost"},
		{"apache", "<VirtualHost *:80>\n <Location /a>\n  Require ip 10.0.0.0/8\n </Location>\n</VirtualHost>",
			"f:3: Require ip 10.0.0.0/8: depends on the client, which the reader does not model"},
		{"apache", "<VirtualHost *:80>\n ProxyPass /a\n</VirtualHost>", "f:2: ProxyPass: want a path and a URL (a ProxyPass in a <Location> is not modelled)"},
		{"apache", "<VirtualHost *:80>\n AllowEncodedSlashes Maybe\n</VirtualHost>", "f:2: AllowEncodedSlashes: want On, Off or NoDecode"},
		{"apache", "<VirtualHost *:80>\n", "f:1: <VirtualHost> is not closed"},
		{"caddy", ":80 {\n\trewrite * /x\n}", "f:2: rewrite: rewrites the URI, which the reader does not model"},
		{"caddy", ":80 {\n\thandle @nope {\n\t}\n}", "f:2: no matcher @nope (declare it before it is used)"},
		{"caddy", ":80 {\n\t@m header X 1\n}", "f:2: matcher @m: only path matchers are modelled"},
		{"caddy", ":80 {\n\thandle_path /api {\n\t}\n}", `f:2: handle_path: want a path prefix that ends in "*"`},
	}
	for _, tt := range tests {
		t.Run(tt.product+" "+tt.want, func(t *testing.T) {
			_, err := ParseConfig(tt.product, "f", []byte(tt.src))
			if err == nil {
				t.Fatalf("ParseConfig(%q) succeeded", tt.src)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("ParseConfig(%q) error mismatch (-want +got):\n%s", tt.src, diff)
			}
		})
	}
}

func ExampleParseConfig() {
	src := `http {
	upstream app { server 10.0.0.1:8080; }
	server {
		listen 80;
		location / { proxy_pass http://app; }
		location /api/ { proxy_pass http://10.0.0.2:9000/v2/; }
		location /admin/ { deny all; }
	}
}`
	c, err := ParseConfig("nginx", "nginx.conf", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, target := range []string{"/api/users/%2e%2e/1", "/%61dmin/x", "/api"} {
		o := c.Serve(Request{Method: "GET", Host: "example.test", Target: target, Listen: ":80"})
		if o.Status != 0 {
			fmt.Printf("%s: %d (%s)\n", target, o.Status, o.Block)
			continue
		}
		fmt.Printf("%s: %s to %s (%s)\n", target, o.Forwarded, o.Upstream, o.Block)
	}
	// Output:
	// /api/users/%2e%2e/1: /v2/1 to 10.0.0.2:9000 (nginx.conf:6: location /api/)
	// /%61dmin/x: 403 (nginx.conf:7: location /admin/)
	// /api: 301 (nginx.conf:6: location /api/)
}

func ExampleConfig_Lint() {
	src := `server {
	listen 80;
	location / { proxy_pass http://app; }
	location /admin/ { deny all; }
}`
	c, err := ParseConfig("nginx", "nginx.conf", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range c.Lint(nil, "/admin;x/secret") {
		fmt.Printf("%s: %s routes on %q, %s reads %q: %s, %d\n", f.Target, f.Front.Block, f.Front.Key, f.Reader, f.BackKey, f.Then.Block, f.Then.Status)
	}
	// Output:
	// /admin;x/secret: nginx.conf:3: location / routes on "/admin;x/secret", jetty reads "/admin/secret": nginx.conf:4: location /admin/, 403
}

func TestConfigConditionalsAndAuth(t *testing.T) {
	apache := `<IfModule mod_proxy.c>
Listen 80
<VirtualHost *:80>
	ProxyPass /a/ http://10.0.0.1/
	<IfModule !mod_proxy.c>
		ProxyPass /b/ http://10.0.0.2/
	</IfModule>
	<IfDefine NOPE>
		ProxyPass / http://10.0.0.3/
	</IfDefine>
</VirtualHost>
</IfModule>
`
	c, err := ParseConfig("apache", "apache2.conf", []byte(apache))
	if err != nil {
		t.Fatal(err)
	}
	got := []Outcome{c.Serve(Request{Target: "/a/x", Listen: ":80"}), c.Serve(Request{Target: "/b/x", Listen: ":80"})}
	want := []Outcome{
		{Forwarded: "/x", Upstream: "10.0.0.1", Key: "/a/x", Block: "apache2.conf:4: ProxyPass /a/ http://10.0.0.1/"},
		{Status: 404, Key: "/b/x", Reason: "no ProxyPass matches: served from the document root, not modelled"},
	}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(Outcome{})); diff != "" {
		t.Errorf("Serve through <IfModule> mismatch (-want +got):\n%s", diff)
	}
	nginx := "server {\n listen 80;\n auth_basic \"x\";\n auth_basic_user_file /etc/htpasswd;\n location / { proxy_pass http://a; }\n location /pub/ { auth_basic off; proxy_pass http://a; }\n}"
	n, err := ParseConfig("nginx", "nginx.conf", []byte(nginx))
	if err != nil {
		t.Fatal(err)
	}
	if o := n.Serve(Request{Target: "/x"}); o.Status != 401 {
		t.Errorf("auth_basic: Serve(/x) = %+v, want 401", o)
	}
	if o := n.Serve(Request{Target: "/pub/x"}); o.Status != 0 || o.Forwarded != "/pub/x" {
		t.Errorf("auth_basic off: Serve(/pub/x) = %+v, want /pub/x forwarded", o)
	}
	h, err := ParseConfig("haproxy", "h", []byte("defaults\n mode http\nfrontend f\n bind :80\n http-request redirect scheme https unless { ssl_fc }\n default_backend b\nbackend b\n"))
	if err != nil {
		t.Fatal(err)
	}
	if o := h.Serve(Request{Target: "/x", Host: "example.test"}); o.Status != 302 || o.Location != "https://example.test/x" {
		t.Errorf("redirect scheme https unless { ssl_fc }: Serve(/x) = %+v, want 302 to https://example.test/x", o)
	}
}
