package fuzz

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/route"
)

// placeholders are those of uri/route's live configuration files, filled
// in with fixed addresses here.
var placeholders = regexp.MustCompile(`\{\{(DIR|PORT:[a-z0-9_]+|UP:[a-z0-9_]+)\}\}`)

// configSeeds are the configuration files of uri/route's live test and of
// the CLI's tests, by product.
func configSeeds(f *testing.F) map[string][]string {
	seeds := map[string][]string{}
	for _, glob := range []string{"../uri/route/testdata/configs/*", "../testdata/cli/data/*.conf", "../testdata/cli/data/*.cfg"} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			src, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			product := "nginx"
			base := filepath.Base(file)
			switch {
			case strings.HasSuffix(file, ".cfg"):
				product = "haproxy"
			case strings.HasPrefix(base, "apache"):
				product = "apache"
			case strings.HasPrefix(base, "caddy"):
				product = "caddy"
			}
			text := placeholders.ReplaceAllStringFunc(string(src), func(s string) string {
				switch {
				case s == "{{DIR}}":
					return "/tmp"
				case strings.HasPrefix(s, "{{PORT:"):
					return "8080"
				}
				return "127.0.0.1:9000"
			})
			seeds[product] = append(seeds[product], text)
		}
	}
	return seeds
}

// FuzzRouteConfig reads configurations (those of the live test, and their
// mutations) with route.ParseConfig and serves targets through every
// server: neither panics, and what a configuration forwards of a valid
// request-target is a valid request-target, but for the raw "[" and "]"
// that nginx's proxy_pass with a URI part writes ("/%5B" goes on as
// "/["), and the opaque part of an absolute-form target Caddy sends
// ("urn:x:y" goes on as "x:y"), as the presets of those products do.
func FuzzRouteConfig(f *testing.F) {
	targets := []string{"/", "/api/x/%2e%2e/y?q", "/admin;x/", "/a//b/./c", "http://example.test/x", "/%5B", "*", "h:80", "/a#b"}
	products := []string{"nginx", "apache", "haproxy", "caddy"}
	for product, srcs := range configSeeds(f) {
		for i, src := range srcs {
			f.Add(byte(slices.Index(products, product)), src, targets[i%len(targets)], "GET")
		}
	}
	f.Fuzz(func(t *testing.T, which byte, src, target, method string) {
		product := products[int(which)%len(products)]
		c, err := route.ParseConfig(product, "fuzz.conf", []byte(src))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.conf") {
				t.Fatalf("ParseConfig error %q does not name the file", err)
			}
			return
		}
		_, perr := uri.ParseRequestTarget(target)
		for _, listen := range append(c.Listens(), "") {
			o := c.Serve(route.Request{Method: method, Target: target, Listen: listen, Host: "example.test"})
			if o.Status != 0 {
				if o.Status < 200 || o.Status > 599 {
					t.Fatalf("Serve(%q) on %s: status %d", target, listen, o.Status)
				}
				continue
			}
			if o.Upstream == "" || o.Block == "" {
				t.Fatalf("Serve(%q) on %s forwards to upstream %q by block %q", target, listen, o.Upstream, o.Block)
			}
			if perr != nil || o.Forwarded == "" {
				continue
			}
			if _, err := uri.ParseRequestTarget(o.Forwarded); err != nil {
				e, _ := err.(*uri.Error)
				if product == "nginx" && e != nil && e.Offset < len(o.Forwarded) && strings.ContainsRune("[]", rune(o.Forwarded[e.Offset])) {
					continue
				}
				if product == "caddy" && !strings.HasPrefix(target, "/") {
					// Caddy sends the opaque part of "urn:x:y" as "x:y".
					continue
				}
				t.Fatalf("Serve(%q) on %s (%s) forwards %q, not a request-target: %v", target, listen, o.Block, o.Forwarded, err)
			}
		}
	})
}
