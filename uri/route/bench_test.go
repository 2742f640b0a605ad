package route

import (
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

// normalTarget is an origin-form target every preset leaves as it is.
const normalTarget = "/api/v1/users/12345/orders?limit=10&offset=20"

// BenchmarkApply times each preset on an already normal target: the work
// a proxy does on almost every request.
func BenchmarkApply(b *testing.B) {
	for _, preset := range Presets() {
		p := preset.Policy
		b.Run(preset.Name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(normalTarget)))
			for b.Loop() {
				r := p.Apply(normalTarget)
				if r.Verdict != Accept {
					b.Fatal(r.Err)
				}
			}
		})
	}
}

// BenchmarkApplyChanged times a target each preset has to rewrite.
func BenchmarkApplyChanged(b *testing.B) {
	const target = "/api/v1/../v2/users//%7euser/./orders?limit=10"
	for _, preset := range Presets() {
		p := preset.Policy
		b.Run(preset.Name, func(b *testing.B) {
			b.ReportAllocs()
			var buf []byte
			for b.Loop() {
				_, buf = p.AppendApply(buf[:0], target)
			}
		})
	}
}

// TestApplyNoAllocs holds every preset to no allocation on a target it
// leaves as it is, through Apply and StripPrefix, and AppendApply to none
// on one it rewrites into a buffer large enough, and Apply to at most one.
func TestApplyNoAllocs(t *testing.T) {
	for _, preset := range Presets() {
		p := preset.Policy
		t.Run(preset.Name, func(t *testing.T) {
			if r := p.Apply(normalTarget); r.Key != "/api/v1/users/12345/orders" || r.Forward != normalTarget {
				t.Fatalf("Apply(%q) = key %q forward %q: not left as it is", normalTarget, r.Key, r.Forward)
			}
			if n := testing.AllocsPerRun(100, func() {
				r := p.Apply(normalTarget)
				if _, ok := r.StripPrefix("/api"); !ok {
					t.Fatal("StripPrefix(/api) failed")
				}
			}); n != 0 {
				t.Errorf("Apply and StripPrefix: %v allocations, want 0", n)
			}
			changed := "/api/v1/../v2/users//%7euser/./orders?limit=10"
			if p.Apply(changed).Verdict == Reject {
				// The product refuses the empty segment (Jetty): a
				// rejection is no rewrite, so time one without it.
				changed = "/api/v1/../v2/users/%7euser/./orders?limit=10"
				if r := p.Apply(changed); r.Verdict != Accept || r.Key == changed {
					t.Fatalf("Apply(%q) = %v key %q: not rewritten", changed, r.Verdict, r.Key)
				}
			}
			steps := 1
			for q := p.Then; q != nil; q = q.Then {
				steps++
			}
			buf := make([]byte, 0, steps*(24*len(changed)+32))
			if n := testing.AllocsPerRun(100, func() {
				p.AppendApply(buf[:0], changed)
			}); n != 0 {
				t.Errorf("AppendApply(%q) into a buffer of %d bytes: %v allocations, want 0", changed, cap(buf), n)
			}
			if n := testing.AllocsPerRun(100, func() { p.Apply(changed) }); n > float64(steps) {
				t.Errorf("Apply(%q): %v allocations, want at most %d (one a step)", changed, n, steps)
			}
		})
	}
}

// BenchmarkApplyTarget times each preset on a target already parsed: what
// a proxy that parsed the request line with uri.ParseRequestTarget
// (which it does anyway to check the target) pays on top. The strict
// parse is timed alone as the reference of the same run.
func BenchmarkApplyTarget(b *testing.B) {
	t, err := uri.ParseRequestTarget(normalTarget)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("parse-only", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := uri.ParseRequestTarget(normalTarget); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, preset := range Presets() {
		p := preset.Policy
		b.Run(preset.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if r := p.ApplyTarget(t); r.Verdict != Accept {
					b.Fatal(r.Err)
				}
			}
		})
	}
}

// benchConfig is an nginx.conf of two servers, the first with four
// locations, on which BenchmarkServe times a parsed configuration.
const benchConfig = `http {
	upstream app { server 127.0.0.1:9000; }
	server {
		listen 127.0.0.1:8081;
		location / { return 404; }
	}
	server {
		listen 127.0.0.1:8080;
		server_name example.test;
		location / { proxy_pass http://app; }
		location /admin/ { deny all; }
		location = /health { return 200; }
		location /api/v1/ { proxy_pass http://app; }
		location /api/v2/ { proxy_pass http://127.0.0.1:9001/v2/; }
	}
}`

// BenchmarkServe times a target through a parsed nginx configuration,
// server and location chosen, beside the nginx preset's Apply on the same
// target: the route choice is what a configuration adds. "uri-part" is a
// location whose proxy_pass has a URI part that replaces the prefix,
// served into a buffer.
func BenchmarkServe(b *testing.B) {
	c, err := ParseConfig("nginx", "nginx.conf", []byte(benchConfig))
	if err != nil {
		b.Fatal(err)
	}
	p, _ := Lookup("nginx")
	b.Run("preset", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if r := p.Policy.Apply(normalTarget); r.Verdict != Accept {
				b.Fatal(r.Err)
			}
		}
	})
	req := Request{Method: "GET", Host: "example.test", Target: normalTarget, Listen: "127.0.0.1:8080"}
	b.Run("config", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if o := c.Serve(req); o.Status != 0 {
				b.Fatal(o.Reason)
			}
		}
	})
	v2 := req
	v2.Target = "/api/v2/users/12345/orders?limit=10&offset=20"
	b.Run("uri-part", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 1024)
		for b.Loop() {
			if o, _ := c.AppendServe(buf[:0], v2); o.Status != 0 {
				b.Fatal(o.Reason)
			}
		}
	})
}

// benchConfigs are a configuration of each product with a few blocks,
// its preset, and the address a request comes in on, for BenchmarkServeProducts.
var benchConfigs = []struct {
	product, preset, listen, src string
}{
	{"nginx", "nginx", "127.0.0.1:8080", benchConfig},
	{"apache", "apache-aes-off", ":80", "Listen 80\n<VirtualHost *:80>\n\tProxyPass /admin/ !\n\tProxyPass /api/ http://b/api/\n\tProxyPass / http://c/\n</VirtualHost>\n"},
	{"haproxy", "haproxy", ":80", "defaults\n\tmode http\nfrontend f\n\tbind :80\n\tacl api path_beg /api/\n\thttp-request deny if { path_beg /admin/ }\n\tuse_backend api if api\n\tdefault_backend web\nbackend api\nbackend web\n"},
	{"caddy", "caddy", ":80", ":80 {\n\thandle /admin/* {\n\t\trespond 403\n\t}\n\thandle /api/* {\n\t\treverse_proxy b\n\t}\n\thandle {\n\t\treverse_proxy c\n\t}\n}\n"},
}

// BenchmarkServeProducts times a parsed configuration of each product on
// an already normal target beside its preset's Apply.
func BenchmarkServeProducts(b *testing.B) {
	for _, bc := range benchConfigs {
		c, err := ParseConfig(bc.product, bc.product+".conf", []byte(bc.src))
		if err != nil {
			b.Fatal(err)
		}
		p, _ := Lookup(bc.preset)
		b.Run(bc.product+"/preset", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p.Policy.Apply(normalTarget)
			}
		})
		req := Request{Method: "GET", Host: "example.test", Target: normalTarget, Listen: bc.listen}
		b.Run(bc.product+"/config", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if o := c.Serve(req); o.Status != 0 {
					b.Fatal(o.Reason)
				}
			}
		})
	}
}

// TestServeNoAllocs holds a parsed configuration to no allocation on an
// already normal target: through Serve where the target is forwarded as
// it came, through AppendServe with room enough where a URI part
// replaces the location's prefix.
func TestServeNoAllocs(t *testing.T) {
	c, err := ParseConfig("nginx", "nginx.conf", []byte(benchConfig))
	if err != nil {
		t.Fatal(err)
	}
	req := Request{Method: "GET", Host: "example.test", Target: normalTarget, Listen: "127.0.0.1:8080"}
	if o := c.Serve(req); o.Forwarded != normalTarget || o.Upstream != "app" {
		t.Fatalf("Serve(%q) = %+v", normalTarget, o)
	}
	if n := testing.AllocsPerRun(100, func() { c.Serve(req) }); n != 0 {
		t.Errorf("Serve(%q): %v allocations, want 0", normalTarget, n)
	}
	req.Target = "/api/v2/users/12345/orders?limit=10&offset=20"
	buf := make([]byte, 0, 1024)
	if o, _ := c.AppendServe(buf, req); o.Forwarded != "/v2/users/12345/orders?limit=10&offset=20" {
		t.Fatalf("AppendServe(%q) = %+v", req.Target, o)
	}
	if n := testing.AllocsPerRun(100, func() { c.AppendServe(buf[:0], req) }); n != 0 {
		t.Errorf("AppendServe(%q): %v allocations, want 0", req.Target, n)
	}
	for _, bc := range benchConfigs {
		c, err := ParseConfig(bc.product, bc.product+".conf", []byte(bc.src))
		if err != nil {
			t.Fatal(err)
		}
		req := Request{Method: "GET", Host: "example.test", Target: normalTarget, Listen: bc.listen}
		if o := c.Serve(req); o.Status != 0 || o.Forwarded != normalTarget {
			t.Errorf("%s: Serve(%q) = %+v, want %q forwarded", bc.product, normalTarget, o, normalTarget)
		}
		if n := testing.AllocsPerRun(100, func() { c.Serve(req) }); n != 0 {
			t.Errorf("%s: Serve(%q): %v allocations, want 0", bc.product, normalTarget, n)
		}
	}
}
