// Package route computes what an HTTP proxy or server makes of a
// request-target: the path it matches its routes on and the target it
// sends on, as real products make them, and whether two products in a
// chain agree.
//
// # Front and back
//
// A front proxy (nginx, Envoy, HAProxy, Traefik, Caddy) reads the
// request-target, decides where the request goes by matching a path
// against its routes, and sends a request-target on. A back end (a Servlet
// container, Go's ServeMux, a file server) reads what it gets and maps it
// to a handler or a file. Each reads the path its own way: one decodes
// "%2F" and another does not, one removes "/.." after decoding "%2E" and
// another before, one strips ";jsessionid=1" parameters, one folds case.
// When the front's reading and the back end's differ, a route the front
// protects ("deny /admin") is reached through a path the front read as
// something else: that is how most path-confusion vulnerabilities of
// proxies work.
//
// # Key and Forward
//
// A [Policy] describes one product's reading, one knob per behaviour.
// [Policy.Apply] gives a [Result] with two outputs: Key, the path the
// product matches routes on, and Forward, the target it sends on. They are
// computed together, in one pass over the target, because a product that
// computes them apart (matching on a decoded path, forwarding a raw one
// fixed up separately) lets them drift: the route matched one path and the
// back end receives another. [Result.StripPrefix] cuts a prefix off the
// key and the same segments off Forward, for the same reason.
//
// An already normal target costs a scan and nothing else: Key and Forward
// are slices of it.
//
// # Configurations
//
// [ParseConfig] reads the configuration file a product runs (an
// nginx.conf, an Apache httpd configuration, a haproxy.cfg, a Caddyfile)
// for what decides how a target is read, routed and forwarded, and
// [Config.Serve] answers a [Request] as the product running it would: the
// status it answers itself, or the target it forwards, the upstream as the
// file names it, the key it matched and the block that matched, in an
// [Outcome]. [Config.Lint] sends hard targets through every server of a
// file and returns a [Finding] for each target whose key and forwarded
// path lead to different blocks or upstreams.
//
// # Presets and agreement
//
// [Presets] and [Lookup] give policies that reproduce real products in
// given configurations, each naming the product, version, settings and the
// sources it was read from. [Agree] runs a target through a front and a
// back end and says whether they route it to the same place, and if not,
// in which segment they part.
package route
