package proxytest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// A Config is one configuration of a product: one listener of the
// product's server process, and one golden file.
type Config struct {
	// Name names the golden file, testdata/observed/<Name>.txt.
	Name string
	// Product is "nginx", "apache", "haproxy", "caddy" or "tomcat".
	Product string
	// Preset is the name of the uri/route preset that reproduces it.
	Preset string
	// Settings says in a line what is configured.
	Settings string
	// Block is the product's configuration text for this listener, with
	// {{PORT}} for the listener's port and {{BACKEND}} for the back end's
	// host:port.
	Block string
	// Prefix, when not empty, is the one route of the configuration: a
	// target whose key does not begin with it gets Status; one whose key
	// does is forwarded, with Prefix stripped when Strip is set.
	Prefix string
	// Status is what a target gets when its key does not begin with
	// Prefix, or, with Deny, when it does.
	Status int
	// Strip says the route replaces Prefix with "/" in what it forwards.
	Strip bool
	// SlashRedirect says a key equal to Prefix without its final "/"
	// gets 301 to the key with it, as nginx answers for a location with
	// proxy_pass that ends in "/".
	SlashRedirect bool
	// Deny turns the route around: a target whose key begins with Prefix
	// gets Status, answered by the product itself, and the others are
	// forwarded. It shows what the product's route matcher matches.
	Deny bool
	// ReportsKey says the product reports the key it routed on
	// (Observation.Key): a Servlet container's page does.
	ReportsKey bool
}

// tomcatConnector is the HTTP/1.1 connector of one configuration of
// Tomcat, with the given attributes.
func tomcatConnector(attrs string) string {
	return `<Connector address="127.0.0.1" port="{{PORT}}" protocol="HTTP/1.1"` + attrs + ` />`
}

func nginxServer(mergeSlashes, location string) string {
	return "server {\n\tlisten 127.0.0.1:{{PORT}};\n\tmerge_slashes " + mergeSlashes + ";\n\t" + location + "\n}"
}

func apacheVhost(aes, merge string, nocanon bool) string {
	flag := ""
	if nocanon {
		flag = " nocanon"
	}
	return "Listen 127.0.0.1:{{PORT}}\n<VirtualHost 127.0.0.1:{{PORT}}>\n\tAllowEncodedSlashes " + aes +
		"\n\tMergeSlashes " + merge + "\n\tProxyPass \"/\" \"http://{{BACKEND}}/\"" + flag + "\n</VirtualHost>"
}

func haproxyFrontend(name string, rules ...string) string {
	s := "frontend " + name + "\n\tbind 127.0.0.1:{{PORT}}\n"
	for _, r := range rules {
		s += "\thttp-request normalize-uri " + r + "\n"
	}
	return s + "\tdefault_backend echo"
}

// HAProxyNormalizers are the normalizers of http-request normalize-uri in
// HAProxy 2.6, with their options, in the order they run in the
// configuration that combines them all.
var HAProxyNormalizers = []string{
	"fragment-strip",
	"path-strip-dotdot full",
	"path-strip-dot",
	"path-merge-slashes",
	"percent-decode-unreserved strict",
	"percent-to-uppercase strict",
	"query-sort-by-name",
}

var haproxySingles = []string{
	"fragment-encode",
	"fragment-strip",
	"path-merge-slashes",
	"path-strip-dot",
	"path-strip-dotdot",
	"path-strip-dotdot full",
	"percent-decode-unreserved",
	"percent-decode-unreserved strict",
	"percent-to-uppercase",
	"percent-to-uppercase strict",
	"query-sort-by-name",
}

// Configs are the configurations of the live test.
var Configs = func() []Config {
	cs := []Config{
		{Name: "nginx-proxy-pass", Product: "nginx", Preset: "nginx",
			Settings: "proxy_pass http://backend; (no URI part), merge_slashes on",
			Block:    nginxServer("on", "location / { proxy_pass http://echo; }")},
		{Name: "nginx-proxy-pass-nomerge", Product: "nginx", Preset: "nginx-nomerge",
			Settings: "proxy_pass http://backend; (no URI part), merge_slashes off",
			Block:    nginxServer("off", "location / { proxy_pass http://echo; }")},
		{Name: "nginx-proxy-pass-uri", Product: "nginx", Preset: "nginx-uri",
			Settings: "proxy_pass http://backend/; (a URI part), merge_slashes on",
			Block:    nginxServer("on", "location / { proxy_pass http://echo/; }")},
		{Name: "nginx-proxy-pass-uri-nomerge", Product: "nginx", Preset: "nginx-uri-nomerge",
			Settings: "proxy_pass http://backend/; (a URI part), merge_slashes off",
			Block:    nginxServer("off", "location / { proxy_pass http://echo/; }")},
		{Name: "nginx-location-api", Product: "nginx", Preset: "nginx-uri",
			Settings: "location /api/ { proxy_pass http://backend/; } and 404 elsewhere, merge_slashes on",
			Prefix:   "/api/", Status: 404, Strip: true, SlashRedirect: true,
			Block: nginxServer("on", "location /api/ { proxy_pass http://echo/; }\n\tlocation / { return 404; }")},
		{Name: "nginx-deny-admin", Product: "nginx", Preset: "nginx",
			Settings: "location /admin/ { return 403; } and proxy_pass http://backend; elsewhere, merge_slashes on",
			Prefix:   "/admin/", Status: 403, Deny: true,
			Block: nginxServer("on", "location /admin/ { return 403; }\n\tlocation / { proxy_pass http://echo; }")},
	}
	for _, aes := range []string{"Off", "On", "NoDecode"} {
		for _, merge := range []string{"On", "Off"} {
			for _, nocanon := range []bool{false, true} {
				name := "apache-aes-" + strings.ToLower(aes)
				settings := "ProxyPass \"/\" \"http://backend/\""
				if nocanon {
					name += "-nocanon"
					settings += " nocanon"
				}
				if merge == "Off" {
					name += "-nomerge"
				}
				settings += ", AllowEncodedSlashes " + aes + ", MergeSlashes " + merge
				cs = append(cs, Config{Name: name, Product: "apache", Preset: name,
					Settings: settings, Block: apacheVhost(aes, merge, nocanon)})
			}
		}
	}
	cs = append(cs, Config{Name: "apache-deny-admin", Product: "apache", Preset: "apache-aes-off",
		Settings: "<Location \"/admin/\"> Require all denied </Location>, ProxyPass \"/\" \"http://backend/\", AllowEncodedSlashes Off, MergeSlashes On",
		Prefix:   "/admin/", Status: 403, Deny: true,
		Block: strings.Replace(apacheVhost("Off", "On", false), "</VirtualHost>",
			"\t<Location \"/admin/\">\n\t\tRequire all denied\n\t</Location>\n</VirtualHost>", 1)})
	cs = append(cs, Config{Name: "haproxy-deny-admin", Product: "haproxy", Preset: "haproxy",
		Settings: "http-request deny if { path_beg /admin/ }, no normalize-uri",
		Prefix:   "/admin/", Status: 403, Deny: true,
		Block: strings.Replace(haproxyFrontend("deny_admin"), "\tdefault_backend", "\thttp-request deny if { path_beg /admin/ }\n\tdefault_backend", 1)})
	cs = append(cs, Config{Name: "haproxy-none", Product: "haproxy", Preset: "haproxy",
		Settings: "no http-request normalize-uri", Block: haproxyFrontend("none")})
	for _, n := range haproxySingles {
		name := "haproxy-" + strings.ReplaceAll(n, " ", "-")
		cs = append(cs, Config{Name: name, Product: "haproxy", Preset: name,
			Settings: "http-request normalize-uri " + n, Block: haproxyFrontend(strings.ReplaceAll(name, "-", "_"), n)})
	}
	// HAProxy answers 400 to a raw '#' unless told to accept invalid
	// requests, as its own test of the fragment normalizers does.
	for _, n := range []string{"fragment-strip", "fragment-encode"} {
		name := "haproxy-" + n + "-accept-invalid"
		cs = append(cs, Config{Name: name, Product: "haproxy", Preset: name,
			Settings: "option accept-invalid-http-request, http-request normalize-uri " + n,
			Block:    strings.Replace(haproxyFrontend(strings.ReplaceAll(name, "-", "_"), n), "\n", "\n\toption accept-invalid-http-request\n", 1)})
	}
	cs = append(cs, Config{Name: "haproxy-all", Product: "haproxy", Preset: "haproxy-all",
		Settings: "http-request normalize-uri, each of: " + strings.Join(HAProxyNormalizers, ", "),
		Block:    haproxyFrontend("all", HAProxyNormalizers...)})
	cs = append(cs,
		Config{Name: "tomcat", Product: "tomcat", Preset: "tomcat", ReportsKey: true,
			Settings: "HTTP/1.1 connector defaults, a page mapped to /* that reports getRequestURI, getQueryString, getServletPath and getPathInfo",
			Block:    tomcatConnector("")},
		Config{Name: "tomcat-decode-slash", Product: "tomcat", Preset: "tomcat-decode-slash", ReportsKey: true,
			Settings: `encodedSolidusHandling="decode", the same page`,
			Block:    tomcatConnector(` encodedSolidusHandling="decode"`)},
		Config{Name: "caddy-reverse-proxy", Product: "caddy", Preset: "caddy",
			Settings: "reverse_proxy backend",
			Block:    "http://:{{PORT}} {\n\tbind 127.0.0.1\n\treverse_proxy {{BACKEND}}\n}"},
		Config{Name: "caddy-handle-path", Product: "caddy", Preset: "caddy",
			Settings: "handle_path /api/* { reverse_proxy backend }, 404 elsewhere",
			Prefix:   "/api/", Status: 404, Strip: true,
			Block: "http://:{{PORT}} {\n\tbind 127.0.0.1\n\thandle_path /api/* {\n\t\treverse_proxy {{BACKEND}}\n\t}\n\thandle {\n\t\trespond 404\n\t}\n}"},
		Config{Name: "caddy-path-matcher", Product: "caddy", Preset: "caddy",
			Prefix: "/admin/", Status: 403, Deny: true,
			Settings: "handle /admin/* { respond 403 }, reverse_proxy backend elsewhere",
			Block:    "http://:{{PORT}} {\n\tbind 127.0.0.1\n\thandle /admin/* {\n\t\trespond 403\n\t}\n\thandle {\n\t\treverse_proxy {{BACKEND}}\n\t}\n}"},
	)
	return cs
}()

// A Product is a proxy server program.
type Product struct {
	Name string
	// Binary is the program to run.
	Binary string
	// Package is the Debian package that installs it.
	Package string
	// find, when not nil, finds the program to run, in place of Binary
	// on PATH.
	find func() (string, error)
	// setup writes what the server needs in dir besides its
	// configuration file.
	setup func(dir string) error
	// warm says the first request to each listener is slow (Tomcat
	// compiles its page): Start makes it.
	warm bool
	// VersionArgs print the version.
	VersionArgs []string
	// config makes the whole configuration file for the blocks, with
	// dir the server's own directory.
	config func(dir, backend string, blocks []string) string
	// args run the server in the foreground with the configuration file.
	args func(dir, conf string) []string
	// env is added to the environment.
	env func(dir string) []string
}

// Products are the products of the live test.
var Products = []Product{
	{
		Name: "nginx", Binary: "nginx", Package: "nginx", VersionArgs: []string{"-v"},
		config: func(dir, backend string, blocks []string) string {
			user := ""
			if os.Geteuid() == 0 {
				// Otherwise its workers drop to nobody, who may not reach dir.
				user = "user root root;\n"
			}
			return user + "daemon off;\nworker_processes 1;\npid " + dir + "/nginx.pid;\nerror_log " + dir + "/error.log;\n" +
				"events { worker_connections 256; }\nhttp {\n\taccess_log off;\n" +
				"\tclient_body_temp_path " + dir + "/body;\n\tproxy_temp_path " + dir + "/proxy;\n" +
				"\tfastcgi_temp_path " + dir + "/fastcgi;\n\tuwsgi_temp_path " + dir + "/uwsgi;\n\tscgi_temp_path " + dir + "/scgi;\n" +
				"\tupstream echo { server " + backend + "; }\n" + indent(strings.Join(blocks, "\n")) + "\n}\n"
		},
		args: func(dir, conf string) []string { return []string{"-p", dir, "-c", conf, "-e", dir + "/error.log"} },
	},
	{
		Name: "apache", Binary: "apache2", Package: "apache2", VersionArgs: []string{"-v"},
		config: func(dir, backend string, blocks []string) string {
			mods := "/usr/lib/apache2/modules/"
			user := ""
			if os.Geteuid() == 0 {
				user = "User nobody\nGroup nogroup\n"
			}
			return "ServerRoot " + dir + "\nPidFile " + dir + "/httpd.pid\nDefaultRuntimeDir " + dir + "\nMutex file:" + dir + " default\n" +
				"ErrorLog " + dir + "/error.log\nLogLevel warn\nServerName localhost\n" + user +
				"LoadModule mpm_event_module " + mods + "mod_mpm_event.so\n" +
				"LoadModule authz_core_module " + mods + "mod_authz_core.so\n" +
				"LoadModule proxy_module " + mods + "mod_proxy.so\n" +
				"LoadModule proxy_http_module " + mods + "mod_proxy_http.so\n" +
				"StartServers 1\nServerLimit 1\nThreadsPerChild 64\nMaxRequestWorkers 64\nKeepAlive Off\n" +
				strings.Join(blocks, "\n") + "\n"
		},
		args: func(dir, conf string) []string { return []string{"-d", dir, "-f", conf, "-DFOREGROUND"} },
	},
	{
		Name: "haproxy", Binary: "haproxy", Package: "haproxy", VersionArgs: []string{"-v"},
		config: func(dir, backend string, blocks []string) string {
			// noreuseport: a port bound twice stops HAProxy at start,
			// where by default its frontends would share it.
			return "global\n\texpose-experimental-directives\n\tmaxconn 256\n\tnbthread 1\n\tnoreuseport\ndefaults\n\tmode http\n\ttimeout connect 5s\n\ttimeout client 10s\n\ttimeout server 10s\n" +
				strings.Join(blocks, "\n") + "\nbackend echo\n\tserver echo " + backend + "\n"
		},
		args: func(dir, conf string) []string { return []string{"-db", "-f", conf} },
	},
	{
		Name: "caddy", Binary: "caddy", Package: "caddy", VersionArgs: []string{"version"},
		config: func(dir, backend string, blocks []string) string {
			return "{\n\tadmin off\n\tauto_https off\n\tstorage file_system " + dir + "/data\n}\n" +
				strings.Join(blocks, "\n") + "\n"
		},
		args: func(dir, conf string) []string {
			return []string{"run", "--config", conf, "--adapter", "caddyfile"}
		},
		env: func(dir string) []string {
			return []string{"HOME=" + dir, "XDG_DATA_HOME=" + dir + "/data", "XDG_CONFIG_HOME=" + dir + "/config"}
		},
	},
	{
		// Tomcat from CATALINA_HOME (Debian's tomcat10 by default), run
		// by java with a CATALINA_BASE of its own: the configuration
		// file is its server.xml, one connector a configuration, and
		// one web application, a JSP page mapped to /* that Tomcat's
		// Jasper compiles (with the Eclipse compiler Debian installs
		// beside it), so that no JDK is needed.
		Name: "tomcat", Binary: "java", Package: "tomcat10",
		VersionArgs: []string{"-cp", filepath.Join(CatalinaHome(), "lib", "catalina.jar"), "org.apache.catalina.util.ServerInfo"},
		find:        findTomcat,
		setup:       setupTomcat,
		warm:        true,
		config: func(dir, backend string, blocks []string) string {
			return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Server port=\"-1\" shutdown=\"SHUTDOWN\">\n\t<Service name=\"Catalina\">\n" +
				indent(indent(strings.Join(blocks, "\n"))) + "\n\t\t<Engine name=\"Catalina\" defaultHost=\"localhost\">\n" +
				"\t\t\t<Host name=\"localhost\" appBase=\"webapps\" unpackWARs=\"false\" autoDeploy=\"false\" />\n" +
				"\t\t</Engine>\n\t</Service>\n</Server>\n"
		},
		args: func(dir, conf string) []string {
			home := CatalinaHome()
			return []string{"-Dcatalina.home=" + home, "-Dcatalina.base=" + dir, "-Djava.io.tmpdir=" + filepath.Join(dir, "temp"),
				"-Xshare:auto", "-XX:TieredStopAtLevel=1",
				"-cp", filepath.Join(home, "bin", "bootstrap.jar") + ":" + filepath.Join(home, "bin", "tomcat-juli.jar"),
				"org.apache.catalina.startup.Bootstrap", "-config", conf, "start"}
		},
	},
}

// CatalinaHome is where Tomcat is installed: $CATALINA_HOME, or Debian's
// /usr/share/tomcat10.
func CatalinaHome() string {
	if h := os.Getenv("CATALINA_HOME"); h != "" {
		return h
	}
	return "/usr/share/tomcat10"
}

func findTomcat() (string, error) {
	home := CatalinaHome()
	if _, err := os.Stat(filepath.Join(home, "bin", "bootstrap.jar")); err != nil {
		return "", fmt.Errorf("tomcat is not installed (no %s/bin/bootstrap.jar; set CATALINA_HOME)", home)
	}
	if _, err := tomcatFile("web.xml"); err != nil {
		return "", err
	}
	if _, err := tomcatCompiler(); err != nil {
		return "", err
	}
	java, err := exec.LookPath("java")
	if err != nil {
		return "", fmt.Errorf("tomcat needs java, which is not on PATH")
	}
	return java, nil
}

// tomcatFile finds a file of Tomcat's own configuration: in
// CATALINA_HOME/conf as Tomcat ships it, or in etc where Debian keeps its
// copy.
func tomcatFile(name string) (string, error) {
	for _, d := range []string{"conf", "etc"} {
		f := filepath.Join(CatalinaHome(), d, name)
		if _, err := os.Stat(f); err == nil {
			return f, nil
		}
	}
	return "", fmt.Errorf("no %s in %s/conf or %s/etc", name, CatalinaHome(), CatalinaHome())
}

// tomcatCompiler is the jar of the Eclipse compiler, with which Jasper
// compiles JSP pages: "" when Tomcat's lib holds it (as Tomcat ships it),
// Debian's eclipse-jdt-core.jar (libeclipse-jdt-core-java, which tomcat10
// depends on) otherwise.
func tomcatCompiler() (string, error) {
	if m, _ := filepath.Glob(filepath.Join(CatalinaHome(), "lib", "ecj-*.jar")); len(m) > 0 {
		return "", nil
	}
	for _, f := range []string{"/usr/share/java/eclipse-jdt-core.jar", "/usr/share/java/ecj.jar"} {
		if _, err := os.Stat(f); err == nil {
			return f, nil
		}
	}
	return "", fmt.Errorf("no Eclipse compiler for Tomcat's JSP pages (ecj-*.jar in %s/lib, or /usr/share/java/eclipse-jdt-core.jar)", CatalinaHome())
}

// tomcatPage is the page of the live test: what the Servlet sees of the
// request, as the page's body: getRequestURI, "?" and getQueryString when
// there is a query, a NUL, then getServletPath and getPathInfo (the
// page is mapped to /*, so that getPathInfo holds the decoded, normalized
// path). The echo header marks it as an answer of the page.
const tomcatPage = `<%@ page contentType="text/plain;charset=UTF-8" pageEncoding="UTF-8" session="false" %><%
	response.setHeader("` + echoHeader + `", "1");
	String q = request.getQueryString();
	String sp = request.getServletPath();
	String pi = request.getPathInfo();
	out.print(request.getRequestURI() + (q == null ? "" : "?" + q) + "\u0000" + (sp == null ? "" : sp) + (pi == null ? "" : pi));
%>`

const tomcatWebXML = `<?xml version="1.0" encoding="UTF-8"?>
<web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
	<servlet><servlet-name>echo</servlet-name><jsp-file>/echo.jsp</jsp-file></servlet>
	<servlet-mapping><servlet-name>echo</servlet-name><url-pattern>/*</url-pattern></servlet-mapping>
</web-app>
`

// setupTomcat makes the CATALINA_BASE dir: conf (Tomcat's web.xml, which
// defines the JSP servlet), lib (the compiler), logs, temp, work, and the
// web application.
func setupTomcat(dir string) error {
	for _, d := range []string{"conf", "lib", "logs", "temp", "work", "webapps/ROOT/WEB-INF"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			return err
		}
	}
	webXML, err := tomcatFile("web.xml")
	if err != nil {
		return err
	}
	data, err := os.ReadFile(webXML)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "conf", "web.xml"), data, 0o644); err != nil {
		return err
	}
	ecj, err := tomcatCompiler()
	if err != nil {
		return err
	}
	if ecj != "" {
		if err := os.Symlink(ecj, filepath.Join(dir, "lib", filepath.Base(ecj))); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "webapps", "ROOT", "WEB-INF", "web.xml"), []byte(tomcatWebXML), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "webapps", "ROOT", "echo.jsp"), []byte(tomcatPage), 0o644)
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(s, "\n", "\n\t")
}

// ProductNamed returns the product of that name.
func ProductNamed(name string) (Product, bool) {
	for _, p := range Products {
		if p.Name == name {
			return p, true
		}
	}
	return Product{}, false
}

// Path is where the product's program is, or an error when it is not
// installed. Debian installs nginx and apache2 in /usr/sbin, which may not
// be on PATH.
func (p Product) Path() (string, error) {
	if p.find != nil {
		return p.find()
	}
	if path, err := exec.LookPath(p.Binary); err == nil {
		return path, nil
	}
	for _, d := range []string{"/usr/sbin", "/sbin", "/usr/local/sbin"} {
		path := filepath.Join(d, p.Binary)
		if fi, err := os.Stat(path); err == nil && !fi.IsDir() {
			return path, nil
		}
	}
	return "", fmt.Errorf("%s is not installed (no %s on PATH or in /usr/sbin)", p.Name, p.Binary)
}

// Version is the product's version line.
func (p Product) Version() (string, error) {
	path, err := p.Path()
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, path, p.VersionArgs...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("%s %s: %v: %s", path, strings.Join(p.VersionArgs, " "), err, out)
	}
	line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	// Tomcat's ServerInfo says "Server version: Apache Tomcat/10.1.x".
	return strings.TrimPrefix(strings.TrimSpace(line), "Server version: "), nil
}

// A Server is a running product with one listener per configuration.
type Server struct {
	Product Product
	// Addrs maps a configuration's name to its listener's host:port.
	Addrs map[string]string
	dir   string
	cmd   *exec.Cmd
	done  chan error
}

// Start runs the product with the given configurations in front of the
// back end at backend, in the directory dir (its configuration, pid and
// logs; never the system's), and waits until every listener answers.
func Start(p Product, dir, backend string, configs []Config) (*Server, error) {
	path, err := p.Path()
	if err != nil {
		return nil, err
	}
	s := &Server{Product: p, Addrs: map[string]string{}, dir: dir}
	ports, err := freePorts(len(configs))
	if err != nil {
		return nil, err
	}
	var blocks []string
	for i, c := range configs {
		port := ports[i]
		s.Addrs[c.Name] = "127.0.0.1:" + port
		b := strings.ReplaceAll(c.Block, "{{PORT}}", port)
		blocks = append(blocks, strings.ReplaceAll(b, "{{BACKEND}}", backend))
	}
	if p.setup != nil {
		if err := p.setup(dir); err != nil {
			return nil, err
		}
	}
	conf := filepath.Join(dir, p.Name+".conf")
	if err := os.WriteFile(conf, []byte(p.config(dir, backend, blocks)), 0o644); err != nil {
		return nil, err
	}
	addrs := make([]string, 0, len(s.Addrs))
	for _, addr := range s.Addrs {
		addrs = append(addrs, addr)
	}
	if err := s.run(path, conf, addrs, 30*time.Second); err != nil {
		return nil, err
	}
	if p.warm {
		// Tomcat listens before its web application is deployed, and
		// compiles the page on the first request.
		deadline := time.Now().Add(60 * time.Second)
		for _, addr := range s.Addrs {
			for {
				o, err := Send(addr, "/")
				if err == nil && o.Status == 0 {
					break
				}
				if time.Now().After(deadline) {
					s.Stop()
					return nil, fmt.Errorf("%s on %s does not answer / after 60s (%+v, %v)\n%s", p.Name, addr, o, err, s.Log())
				}
				time.Sleep(100 * time.Millisecond)
			}
		}
	}
	return s, nil
}

// Config is the configuration file the server runs with.
func (s *Server) Config() string {
	b, _ := os.ReadFile(filepath.Join(s.dir, s.Product.Name+".conf"))
	return string(b)
}

// Log is what the server wrote to its output and error logs.
func (s *Server) Log() string {
	var b strings.Builder
	for _, f := range []string{"output.log", "error.log"} {
		if data, err := os.ReadFile(filepath.Join(s.dir, f)); err == nil {
			b.Write(data)
		}
	}
	return b.String()
}

// Stop ends the server's process group (SIGTERM, then SIGKILL after 5s)
// and waits for it.
func (s *Server) Stop() error {
	pgid := s.cmd.Process.Pid
	syscall.Kill(-pgid, syscall.SIGTERM)
	select {
	case err := <-s.done:
		s.done <- err
	case <-time.After(5 * time.Second):
		syscall.Kill(-pgid, syscall.SIGKILL)
		err := <-s.done
		s.done <- err
		return errors.New(s.Product.Name + " did not stop on SIGTERM within 5s")
	}
	// Workers that outlived their parent.
	syscall.Kill(-pgid, syscall.SIGKILL)
	return nil
}

// handedOut holds every port freePorts has returned in this process, so
// that products started in parallel never get the same one.
var (
	handedOutMu sync.Mutex
	handedOut   = map[string]bool{}
)

// freePorts returns n ports of 127.0.0.1 that were free a moment ago, all
// different, and none returned before in this process. The kernel may hand
// out a port again once its listener is closed, and two listeners of one
// configuration on one port do not fail: HAProxy's share it (SO_REUSEPORT)
// and nginx's fall to the first server block, so that each would answer
// part of the other's targets. The listeners are therefore held until all
// n are taken.
func freePorts(n int) ([]string, error) {
	handedOutMu.Lock()
	defer handedOutMu.Unlock()
	var held []net.Listener
	defer func() {
		for _, ln := range held {
			ln.Close()
		}
	}()
	ports := make([]string, 0, n)
	for len(ports) < n {
		if len(held) >= n+1000 {
			return nil, fmt.Errorf("no %d free ports on 127.0.0.1 after %d tries", n, len(held))
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		held = append(held, ln)
		_, port, err := net.SplitHostPort(ln.Addr().String())
		if err != nil {
			return nil, err
		}
		if !handedOut[port] {
			handedOut[port] = true
			ports = append(ports, port)
		}
	}
	return ports, nil
}

// run starts the product's process on the configuration file conf, in a
// process group of its own so that Stop reaches its workers too, with its
// output in the server's folder, and waits until each of addrs takes a
// connection, for at most wait.
func (s *Server) run(path, conf string, addrs []string, wait time.Duration) error {
	p := s.Product
	s.cmd = exec.Command(path, p.args(s.dir, conf)...)
	s.cmd.Dir = s.dir
	s.cmd.Env = os.Environ()
	if p.env != nil {
		s.cmd.Env = append(s.cmd.Env, p.env(s.dir)...)
	}
	logf, err := os.Create(filepath.Join(s.dir, "output.log"))
	if err != nil {
		return err
	}
	s.cmd.Stdout, s.cmd.Stderr = logf, logf
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := s.cmd.Start(); err != nil {
		logf.Close()
		return err
	}
	s.done = make(chan error, 1)
	go func() { s.done <- s.cmd.Wait(); logf.Close() }()
	deadline := time.Now().Add(wait)
	for _, addr := range addrs {
		for {
			c, err := net.DialTimeout("tcp", addr, time.Second)
			if err == nil {
				c.Close()
				break
			}
			select {
			case err := <-s.done:
				s.done <- err
				return fmt.Errorf("%s exited: %v\n%s", p.Name, err, s.Log())
			default:
			}
			if time.Now().After(deadline) {
				s.Stop()
				return fmt.Errorf("%s does not listen on %s after %v\n%s", p.Name, addr, wait, s.Log())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	return nil
}
