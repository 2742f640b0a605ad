package main

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/canon"
	"github.com/urilabs/rfc3986/uri/canon/psl"
	"github.com/urilabs/rfc3986/uri/route"
	"github.com/urilabs/rfc3986/uri/whatwg"
)

// The serve command: one page, embedded in the binary, that shows every
// reading of a URL as the user types, and the JSON API it reads them
// through. The page and the API are the contract of docs/cli.md.

var serveCmd = &command{
	name:    "serve",
	summary: "serve a page that shows every reading of a URL as you type",
	usage:   "[--addr HOST:PORT]",
	details: `
Serve serves a page, from the binary, on which every reading of a URL is
shown as it is typed: its RFC 3986 components and offsets (or the byte where
it stops being a URI), resolved against a base and normalized; its hazards;
the WHATWG URL reading beside it, differences marked; what each route
preset routes on and forwards, and where a front and a back end part; crawl
keys. The view lives in the page's fragment: a link reproduces it.

It prints the address it listens on, on loopback unless --addr says
otherwise (port 0: any free port), and makes no outgoing connection.
The page reads POST /api/read {"input":"...","base":"..."} (or GET
/api/read?input=...&base=...): a JSON object of input, base, rfc3986,
hazards, whatwg, route and crawl (docs/cli.md). An input or base over
16384 bytes gets 413, over 50 requests a second 429, with {"error":...}.

Example:
  $ uri serve --addr 127.0.0.1:0
  uri serve: listening on http://127.0.0.1:41234/`,
	flags: func(fs *flag.FlagSet) any {
		var o serveOptions
		fs.StringVar(&o.addr, "addr", "127.0.0.1:8080", "the address to listen on")
		return &o
	},
	run: serveCommand,
}

func init() { commands = append(commands, serveCmd) }

type serveOptions struct{ addr string }

// The bounds of the API.
const (
	maxReadInput = 16 << 10  // the longest input, and the longest base, in bytes
	maxReadBody  = 256 << 10 // the longest request body: an input and a base, JSON-escaped
	readRate     = 50        // requests a second, on average ...
	readBurst    = 100       // ... and at once
)

func serveCommand(e *env, opts any, args []string) int {
	o := opts.(*serveOptions)
	if len(args) > 0 {
		return e.usageError("no arguments are taken; the page reads the URLs")
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		fmt.Fprintf(e.stderr, "uri serve: %v\n", err)
		return exitUsage
	}
	srv := &http.Server{
		Handler:           newServeHandler(readRate, readBurst),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    1 << 20,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	fmt.Fprintf(e.stdout, "uri serve: listening on http://%s/\n", ln.Addr())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(e.stderr, "uri serve: %v\n", err)
		return exitUsage
	}
	return exitOK
}

//go:embed web
var webFiles embed.FS

// newServeHandler returns the handler of the page, its assets and the API,
// the API limited to rate requests a second with bursts of burst.
func newServeHandler(rate, burst float64) http.Handler {
	web, err := fs.Sub(webFiles, "web")
	if err != nil {
		panic(err) // the embedded directory is part of the binary
	}
	lim := &serveLimiter{rate: rate, burst: burst, tokens: burst}
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServerFS(web))
	mux.HandleFunc("/api/read", func(w http.ResponseWriter, r *http.Request) {
		serveRead(w, r, lim)
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		// The page runs its own script and style only, and fetches
		// nothing but the API: no inline script, no other origin.
		h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; "+
			"img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-store")
		mux.ServeHTTP(w, r)
	})
}

// A serveLimiter is a token bucket: burst tokens at most, rate more a second.
type serveLimiter struct {
	mu          sync.Mutex
	rate, burst float64
	tokens      float64
	last        time.Time
	now         func() time.Time // nil is time.Now; tests set it
}

// allow takes a token, and reports whether there was one.
func (l *serveLimiter) allow() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	if l.now != nil {
		now = l.now()
	}
	if !l.last.IsZero() {
		l.tokens = min(l.burst, l.tokens+now.Sub(l.last).Seconds()*l.rate)
	}
	l.last = now
	if l.tokens < 1 {
		return false
	}
	l.tokens--
	return true
}

// serveRequest is the body of POST /api/read. Fields it does not name are
// refused, so that a client that sends one (a configuration, say) to a
// server that does not read it learns so.
type serveRequest struct {
	Input string `json:"input"`
	Base  string `json:"base,omitempty"`
}

// serveAPIError is the body of every answer of the API but 200.
type serveAPIError struct {
	Error string `json:"error"`
}

func serveJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(true) // "<", ">" and "&" as \u003c...: inert even if sniffed as HTML
	enc.Encode(v)
}

// serveRead answers /api/read.
func serveRead(w http.ResponseWriter, r *http.Request, lim *serveLimiter) {
	if !lim.allow() {
		w.Header().Set("Retry-After", "1")
		serveJSON(w, http.StatusTooManyRequests, serveAPIError{fmt.Sprintf("too many requests: at most %g a second; try again in a second", lim.rate)})
		return
	}
	var req serveRequest
	switch r.Method {
	case http.MethodGet:
		q, err := url.ParseQuery(r.URL.RawQuery)
		if err != nil {
			serveJSON(w, http.StatusBadRequest, serveAPIError{"bad query: " + err.Error() + " (form-encode the values: \";\" is %3B)"})
			return
		}
		for k := range q {
			if k != "input" && k != "base" {
				serveJSON(w, http.StatusBadRequest, serveAPIError{fmt.Sprintf("unknown parameter %q: the API reads input and base", k)})
				return
			}
		}
		req.Input, req.Base = q.Get("input"), q.Get("base")
	case http.MethodPost:
		if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
			serveJSON(w, http.StatusUnsupportedMediaType, serveAPIError{"the body must be JSON (Content-Type: application/json)"})
			return
		}
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxReadBody))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				serveJSON(w, http.StatusRequestEntityTooLarge, serveAPIError{fmt.Sprintf("request body over %d bytes: an input or a base may have %d bytes at most", maxReadBody, maxReadInput)})
				return
			}
			serveJSON(w, http.StatusBadRequest, serveAPIError{"bad request body: " + err.Error()})
			return
		}
		if _, err := dec.Token(); !errors.Is(err, io.EOF) {
			serveJSON(w, http.StatusBadRequest, serveAPIError{"bad request body: more than one JSON object"})
			return
		}
	default:
		w.Header().Set("Allow", "GET, POST")
		serveJSON(w, http.StatusMethodNotAllowed, serveAPIError{"use GET or POST"})
		return
	}
	for _, f := range []struct{ name, s string }{{"input", req.Input}, {"base", req.Base}} {
		if len(f.s) > maxReadInput {
			serveJSON(w, http.StatusRequestEntityTooLarge, serveAPIError{fmt.Sprintf("%s too long: %d bytes; the most that is read is %d", f.name, len(f.s), maxReadInput)})
			return
		}
	}
	serveJSON(w, http.StatusOK, serveReadAll(req.Input, req.Base))
}

// serveResult is the answer of /api/read: every reading of the input.
type serveResult struct {
	Input   string        `json:"input"`
	Base    string        `json:"base,omitempty"`
	RFC3986 serveRFC3986  `json:"rfc3986"`
	Hazards []serveHazard `json:"hazards"`
	WHATWG  serveWHATWG   `json:"whatwg"`
	Route   serveRoute    `json:"route"`
	Crawl   serveCrawl    `json:"crawl"`
}

// serveRFC3986 is the input read as a URI-reference.
type serveRFC3986 struct {
	Valid bool `json:"valid"`
	// Components are the defined components, in order, each with its
	// byte offsets in the input, delimiters excluded.
	Components []serveComponent `json:"components,omitempty"`
	HostKind   string           `json:"hostKind,omitempty"`
	Normalized string           `json:"normalized,omitempty"`
	Error      *serveError      `json:"error,omitempty"`
	// Resolved is the input resolved against the base (section 5.2),
	// when a base is given; ResolveError says why not.
	Resolved     string `json:"resolved,omitempty"`
	ResolveError string `json:"resolveError,omitempty"`
}

type serveComponent struct {
	Name  string `json:"name"`
	Start int    `json:"start"`
	End   int    `json:"end"`
	Value string `json:"value"`
}

// serveError is where and why an input is refused: Message is a sentence
// that ends with the offset ("... at offset 11 in path"). Before, At and
// After cut the input at the offset, At the character there ("" at the end),
// so that a page marks it without counting bytes.
type serveError struct {
	Message   string `json:"message"`
	Offset    int    `json:"offset"`
	Component string `json:"component,omitempty"`
	Before    string `json:"before"`
	At        string `json:"at"`
	After     string `json:"after"`
}

func serveCut(s string, off int) (before, at, after string) {
	off = min(max(off, 0), len(s))
	_, n := utf8.DecodeRuneInString(s[off:])
	return s[:off], s[off : off+n], s[off+n:]
}

type serveHazard struct {
	Name      string `json:"name"`
	Group     string `json:"group"` // refuse, review or display
	Component string `json:"component"`
	Offset    int    `json:"offset"`
	Length    int    `json:"length"`
	Reading   string `json:"reading"`
}

// serveHazardGroup names the group of uri's groups by action that h is in.
func serveHazardGroup(h uri.Hazard) string {
	switch {
	case uri.DivergentHazards.Has(h):
		return "refuse"
	case uri.SpellingHazards.Has(h):
		return "review"
	}
	return "display"
}

// serveWHATWG is the input read as a browser reads it, beside RFC 3986.
type serveWHATWG struct {
	// Components are the rows of whatwg.Diff, each component as each
	// standard reads it (null: undefined), Differ when they part.
	Components []serveDiffRow `json:"components"`
	Differ     []string       `json:"differ"`
	Error      *serveError    `json:"error,omitempty"`
	Href       string         `json:"href,omitempty"`
	// URI is the valid RFC 3986 URI a browser would request.
	URI string `json:"uri,omitempty"`
	// Resolved is the input parsed against the base, as new URL(input,
	// base) does, when a base is given; ResolveError says why not.
	Resolved     string `json:"resolved,omitempty"`
	ResolveError string `json:"resolveError,omitempty"`
}

type serveDiffRow struct {
	Name    string  `json:"name"`
	RFC3986 *string `json:"rfc3986"`
	WHATWG  *string `json:"whatwg"`
	Differ  bool    `json:"differ"`
}

// serveRoute is the input read as a request-target by every preset.
type serveRoute struct {
	// Target is the request-target the presets read (serveTarget).
	Target  string        `json:"target"`
	Presets []servePreset `json:"presets"`
	Fronts  []string      `json:"fronts"`
	Backs   []string      `json:"backs"`
	// Splits are the pairs of Fronts and Backs that route the target to
	// different places (route.Agree); every other pair agrees.
	Splits []serveSplit `json:"splits"`
}

type servePreset struct {
	Name      string `json:"name"`
	Product   string `json:"product"`
	Role      string `json:"role"` // front, back or both
	Status    int    `json:"status"`
	Key       string `json:"key"`
	Forwarded string `json:"forwarded"`
	Location  string `json:"location,omitempty"`
	Reason    string `json:"reason,omitempty"`
}

// serveSplit is a front and a back end that part (route.Agreement): at
// the segment numbered Segment, which begins at Offset in the front's key,
// the front has FrontSegment and the back end BackSegment ("" where one
// key has no more segments). The keys themselves are the presets' (the
// front's) and would be long to repeat for every pair.
type serveSplit struct {
	Front        string `json:"front"`
	Back         string `json:"back"`
	Segment      int    `json:"segment"`
	Offset       int    `json:"offset"`
	FrontSegment string `json:"frontSegment"`
	BackSegment  string `json:"backSegment"`
}

// serveCrawl is the input's crawl keys.
type serveCrawl struct {
	Profiles []serveProfile `json:"profiles"`
	SURT     string         `json:"surt,omitempty"`
	// RegistrableDomain and PublicSuffix are the host's, by the Public
	// Suffix List (ICANN and private rules), for a host that is a name.
	RegistrableDomain string `json:"registrableDomain,omitempty"`
	PublicSuffix      string `json:"publicSuffix,omitempty"`
}

type serveProfile struct {
	Name      string `json:"name"`
	Canonical string `json:"canonical,omitempty"`
	Error     string `json:"error,omitempty"`
}

// serveReadAll reads input, and base when it is not empty, every way.
func serveReadAll(input, base string) serveResult {
	res := serveResult{Input: input, Base: base, Hazards: []serveHazard{}}
	u, err := uri.Parse(input)
	res.RFC3986 = serveReadRFC3986(u, err, base)
	if err == nil {
		for _, d := range u.HazardDetails() {
			res.Hazards = append(res.Hazards, serveHazard{
				Name: d.Hazard.String(), Group: serveHazardGroup(d.Hazard), Component: d.Component.String(),
				Offset: d.Offset, Length: d.Len, Reading: d.Reading,
			})
		}
	}
	res.WHATWG = serveReadWHATWG(u, input, base)
	res.Route = serveReadRoute(input)
	res.Crawl = serveReadCrawl(u, err, input)
	return res
}

func serveReadRFC3986(u uri.URI, err error, base string) serveRFC3986 {
	var r serveRFC3986
	if err != nil {
		r.Error = serveURIError(err)
		return r
	}
	r.Valid = true
	o := u.Offsets()
	s := u.String()
	add := func(name string, start, end int, defined bool) {
		if defined {
			r.Components = append(r.Components, serveComponent{name, start, end, s[start:end]})
		}
	}
	add("scheme", 0, o.SchemeEnd, u.HasScheme())
	add("userinfo", o.AuthorityStart, o.HostStart-1, u.HasUserInfo())
	add("host", o.HostStart, o.HostEnd, u.HasAuthority())
	add("port", o.HostEnd+1, o.PathStart, u.HasPort())
	add("path", o.PathStart, o.PathEnd, true)
	add("query", o.PathEnd+1, o.QueryEnd, u.HasQuery())
	add("fragment", o.QueryEnd+1, len(s), u.HasFragment())
	if u.HasAuthority() {
		r.HostKind = u.HostKind().String()
	}
	r.Normalized = u.Normalize().String()
	if base != "" {
		b, err := uri.Parse(base)
		if err == nil {
			var t uri.URI
			t, err = b.Resolve(u)
			r.Resolved = t.String()
		}
		if err != nil {
			r.ResolveError = "base: " + err.Error()
		}
	}
	return r
}

func serveURIError(err error) *serveError {
	var e *uri.Error
	if !errors.As(err, &e) {
		return &serveError{Message: err.Error()}
	}
	j := &serveError{Message: e.Message(), Offset: e.Offset}
	if e.Component != 0 {
		j.Component = e.Component.String()
	}
	j.Before, j.At, j.After = serveCut(e.Input, e.Offset)
	return j
}

// serveReadWHATWG reads input as a browser does, beside u, its reading
// as a URI-reference (the zero URI when it is not one).
func serveReadWHATWG(u uri.URI, input, base string) serveWHATWG {
	d := whatwg.Diff(input)
	r := serveWHATWG{Differ: d.Differ()}
	if r.Differ == nil {
		r.Differ = []string{}
	}
	differ := map[string]bool{}
	for _, c := range r.Differ {
		differ[c] = true
	}
	a, b := d.RFC3986, d.WHATWG
	val := func(rd whatwg.Reading, s string, ok bool) *string {
		if rd.Err != nil || !ok {
			return nil
		}
		return &s
	}
	row := func(name string, x, y *string) {
		r.Components = append(r.Components, serveDiffRow{name, x, y, differ[name]})
	}
	// A Reading has no undefined scheme, userinfo or port; RFC 3986's
	// side gets them from u.
	row("scheme", val(a, a.Scheme, u.HasScheme()), val(b, b.Scheme, true))
	row("userinfo", val(a, a.UserInfo, u.HasUserInfo()), val(b, b.UserInfo, true))
	row("host", val(a, a.Host, a.HasHost), val(b, b.Host, b.HasHost))
	row("port", val(a, a.Port, u.HasPort()), val(b, b.Port, true))
	row("path", val(a, a.Path, true), val(b, b.Path, true))
	row("query", val(a, a.Query, a.HasQuery), val(b, b.Query, b.HasQuery))
	row("fragment", val(a, a.Fragment, a.HasFragment), val(b, b.Fragment, b.HasFragment))
	if w, err := whatwg.Parse(input); err != nil {
		r.Error = serveWHATWGError(err)
	} else {
		r.Href, r.URI = w.Href(), w.URI().String()
	}
	if base != "" {
		bu, err := whatwg.Parse(base)
		if err == nil {
			var t whatwg.URL
			t, err = bu.Parse(input)
			r.Resolved = t.Href()
		}
		if err != nil {
			r.Resolved, r.ResolveError = "", err.Error()
		}
	}
	return r
}

func serveWHATWGError(err error) *serveError {
	var e *whatwg.Error
	if !errors.As(err, &e) {
		return &serveError{Message: err.Error()}
	}
	j := &serveError{Message: e.Reason + " at offset " + strconv.Itoa(e.Offset), Offset: e.Offset}
	j.Before, j.At, j.After = serveCut(e.Input, e.Offset)
	return j
}

// serveTarget returns the request-target a client sends for input: input
// itself when it begins with "/" or is "*" (a request-target as typed,
// fragment and all), else for a URL with an authority its path and query
// as written ("/" when the path is empty), without the fragment, as a
// client that sends the path unchanged (curl --path-as-is) sends them;
// else input, which the presets refuse or read as they read any target.
// Input need not be valid: proxies read what they are sent.
func serveTarget(input string) string {
	if strings.HasPrefix(input, "/") || input == "*" {
		return input
	}
	i := strings.Index(input, "://")
	if i <= 0 || strings.ContainsAny(input[:i], "/?#") {
		return input
	}
	rest := input[i+3:]
	if j := strings.IndexAny(rest, "/?#"); j >= 0 {
		rest = rest[j:]
	} else {
		rest = ""
	}
	rest, _, _ = strings.Cut(rest, "#")
	if !strings.HasPrefix(rest, "/") {
		rest = "/" + rest
	}
	return rest
}

// serveReadRoute reads input's request-target (serveTarget) by each
// preset, and each front preset's forward by each back preset.
func serveReadRoute(input string) serveRoute {
	input = serveTarget(input)
	r := serveRoute{Target: input, Presets: []servePreset{}, Fronts: []string{}, Backs: []string{}, Splits: []serveSplit{}}
	var fronts, backs []route.Preset
	var frontResults []route.Result
	for _, p := range route.Presets() {
		res := p.Policy.Apply(input)
		pj := servePreset{Name: p.Name, Product: p.Product + " " + p.Version, Role: serveRole(p.Role),
			Status: res.Status(), Key: res.Key, Forwarded: res.Forward, Location: res.Location}
		if res.Err != nil {
			pj.Reason = res.Err.Message()
		}
		r.Presets = append(r.Presets, pj)
		if p.Role&route.Front != 0 {
			fronts = append(fronts, p)
			frontResults = append(frontResults, res)
			r.Fronts = append(r.Fronts, p.Name)
		}
		if p.Role&route.Back != 0 {
			backs = append(backs, p)
			r.Backs = append(r.Backs, p.Name)
		}
	}
	// What a back end makes of a front's result depends on the front only
	// through what it forwards, its key and the form of its key: fronts
	// alike in these share their agreements with every back end, which
	// are found once, on every core. A front that redirects is followed,
	// as Agree follows it, and shares nothing.
	type alike struct {
		forward, key string
		form         route.KeyForm
	}
	class := map[alike]int{}
	classOf := make([]int, len(fronts))
	var firsts []int // the first front of each class
	for i, f := range fronts {
		res := frontResults[i]
		k := alike{res.Forward, res.Key, f.Policy.KeyForm}
		c, ok := class[k]
		if !ok || res.Verdict == route.Redirect {
			c = len(firsts)
			firsts = append(firsts, i)
			if res.Verdict != route.Redirect {
				class[k] = c
			}
		}
		classOf[i] = c
	}
	agree := make([][]route.Agreement, len(firsts))
	var wg sync.WaitGroup
	work := make(chan int)
	for range min(runtime.GOMAXPROCS(0), len(firsts)) {
		wg.Go(func() {
			for c := range work {
				i := firsts[c]
				f, res := fronts[i], frontResults[i]
				as := make([]route.Agreement, len(backs))
				for j, b := range backs {
					if res.Verdict == route.Redirect {
						as[j] = route.Agree(input, f.Policy, b.Policy)
					} else {
						as[j] = route.AgreeResult(res, f.Policy, b.Policy)
					}
				}
				agree[c] = as
			}
		})
	}
	for c := range firsts {
		work <- c
	}
	close(work)
	wg.Wait()
	for i, f := range fronts {
		for j, a := range agree[classOf[i]] {
			if !a.Agree {
				r.Splits = append(r.Splits, serveSplit{Front: f.Name, Back: backs[j].Name,
					Segment: a.Segment, Offset: a.Offset, FrontSegment: a.FrontSegment, BackSegment: a.BackSegment})
			}
		}
	}
	return r
}

func serveRole(r route.Role) string {
	switch r {
	case route.Front:
		return "front"
	case route.Back:
		return "back"
	}
	return "both"
}

func serveReadCrawl(u uri.URI, err error, input string) serveCrawl {
	r := serveCrawl{Profiles: []serveProfile{}}
	for _, p := range canon.Profiles {
		c, err := p.Canonicalize(input)
		pj := serveProfile{Name: p.Name, Canonical: c}
		if err != nil {
			pj.Canonical, pj.Error = "", err.Error()
		}
		r.Profiles = append(r.Profiles, pj)
	}
	if err != nil || input == "" {
		return r
	}
	r.SURT = canon.SURT(input, canon.SURTOptions{})
	if u.HasAuthority() {
		if c := canon.Columns(u.Host()); c.IsName() {
			r.RegistrableDomain = psl.RegistrableDomain(c.HostName)
			r.PublicSuffix, _ = psl.PublicSuffix(c.HostName)
		}
	}
	return r
}
