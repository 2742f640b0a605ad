package route

import (
	"context"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"

	"github.com/urilabs/rfc3986/internal/pct"
)

// resultKey is the context key of the Result that Handler stores.
type resultKey struct{}

// Handler returns a handler that applies p to the request-target of every
// request, as the request line carried it (http.Request.RequestURI), before
// next sees the request:
//
//   - a rejected target is answered with the policy's status (400 unless
//     it says otherwise) and a short plain-text reason, which never echoes
//     the target: a 100 KB target makes a reply of a hundred bytes;
//   - a redirect is answered with the policy's status and Location;
//   - an accepted target goes to next on a shallow copy of the request
//     whose URL.RequestURI() is Result.Forward, byte for byte, so that an
//     httputil.ReverseProxy behind it sends Forward as its request-target
//     and nothing else. The Result, with its Key and Forward, is in the
//     request's context: see ResultOf.
//
// Forward goes out byte for byte or not at all: a Forward that net/http
// cannot write as it is (a control byte or a space, which would break the
// request line, or a path that begins with "//" and holds a byte such as
// '\' or '|' that net/url re-escapes) is answered with 400, and next never
// sees it.
//
// The request-target is carried in URL.Opaque (URL.Path and URL.RawPath
// for a path that begins with "//", which Opaque cannot hold), with
// URL.Path still the decoded path for handlers that route on it. So a
// handler between Handler and the proxy that changes URL.Path, such as
// http.StripPrefix, does not change what is sent; and the Director of
// httputil.NewSingleHostReverseProxy, which joins its URL's path to the
// request's, sends Forward as it is when that URL has no path. For a back
// end under a path, and with ReverseProxy's Rewrite (which re-encodes a
// query holding ';' before it runs), call SetURL in the Rewrite.
// URL.RequestURI, URL.Path and URL.RawQuery are the fields to read;
// RequestURI of the request stays what the client sent, as net/http
// documents it.
//
// Key and Forward come from the same pass over the target, so the path next
// routes on (ResultOf(r).Key) and the path it forwards cannot drift apart,
// as they do when a handler matches r.URL.Path and forwards r.URL.RawPath.
//
// net/http answers "OPTIONS *" itself unless the server sets
// DisableGeneralOptionsHandler; with it set, an asterisk-form target that
// the policy accepts reaches next with Result.Forward "*".
func Handler(p Policy, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw := r.RequestURI
		if raw == "" { // a request made in the program, not read from a connection
			raw = r.URL.RequestURI()
		}
		res := p.Apply(raw)
		switch res.Verdict {
		case Reject:
			reject(w, res)
			return
		case Redirect:
			w.Header().Set("Location", res.Location)
			w.WriteHeader(res.Status())
			return
		}
		u := *r.URL
		if reason := setRequestTarget(&u, res.Forward); reason != "" {
			refuse(w, http.StatusBadRequest, "request target not forwarded: "+reason)
			return
		}
		r2 := r.WithContext(context.WithValue(r.Context(), resultKey{}, res))
		r2.URL = &u
		next.ServeHTTP(w, r2)
	})
}

// ResultOf returns the Result that Handler made of the request's target,
// and false for a request that did not come through a Handler.
func ResultOf(r *http.Request) (Result, bool) {
	res, ok := r.Context().Value(resultKey{}).(Result)
	return res, ok
}

// SetURL is, for a request that came through Handler, what
// httputil.ProxyRequest.SetURL is for others, to be called in a
// ReverseProxy's Rewrite: it routes the outbound request to target's
// scheme and host and rewrites its Host header to match, and its
// request-target is Result.Forward, byte for byte, after target's path
// when it has one ("http://backend/app" sends "/app/x" for "/x") and
// with target's query before Forward's.
//
// ProxyRequest.SetURL alone would send another target: ReverseProxy
// re-encodes a query holding ';' or a malformed escape before Rewrite
// runs, and SetURL joins paths through net/url, which re-escapes a path
// holding a byte it would not write raw.
//
// A request without a Result (one that did not come through Handler) is
// given to ProxyRequest.SetURL unchanged.
func SetURL(pr *httputil.ProxyRequest, target *url.URL) {
	pr.SetURL(target)
	res, ok := ResultOf(pr.In)
	if !ok {
		return
	}
	forward := res.Forward
	if strings.HasPrefix(forward, "/") {
		forward = joinPath(target.EscapedPath(), forward)
	}
	if target.RawQuery != "" {
		path, query, hasQuery := strings.Cut(forward, "?")
		switch {
		case !hasQuery:
			forward = path + "?" + target.RawQuery
		case query == "":
			forward = path + "?" + target.RawQuery + "&"
		default:
			forward = path + "?" + target.RawQuery + "&" + query
		}
	}
	u := *pr.Out.URL
	if setRequestTarget(&u, forward) != "" {
		// Unreachable for a Forward that Handler let through, whatever
		// target's path: still, send nothing rather than other bytes. A
		// URL without a host is one the transport refuses to send.
		u.Host = ""
	}
	pr.Out.URL = &u
}

// joinPath puts base, an escaped path, in front of path, an origin-form
// request-target, with one '/' between them as ReverseProxy joins paths.
func joinPath(base, path string) string {
	switch {
	case base == "" || base == "/":
		return path
	case strings.HasSuffix(base, "/"):
		return base + path[1:]
	}
	return base + path
}

// setRequestTarget sets u so that u.RequestURI() is target, byte for byte,
// and returns "", or says why net/http cannot send target as it is.
//
// net/url writes a path from URL.Path, escaping it again, unless URL.RawPath
// holds bytes it would write itself (no '\', '|', '{', non-ASCII...), and
// net/http sends a URL.Opaque as it is unless it begins with "//". So the
// target goes in Opaque, but for a path that begins with "//", which only
// Path and RawPath can carry, and only when net/url would write them back.
func setRequestTarget(u *url.URL, target string) (reason string) {
	for i := 0; i < len(target); i++ {
		if c := target[i]; c <= ' ' || c == 0x7f {
			return "a control byte or space would break the request line"
		}
	}
	path, query, hasQuery := strings.Cut(target, "?")
	u.RawQuery, u.ForceQuery = query, hasQuery && query == ""
	if strings.HasPrefix(path, "/") {
		// Handlers behind read URL.Path: the decoded path.
		u.Path, u.RawPath = pct.Decoded(path), path
	}
	if path != "" && !strings.HasPrefix(path, "//") {
		u.Opaque = path
		return ""
	}
	u.Opaque = ""
	if path == "" || u.EscapedPath() != path {
		return "net/url would re-escape a path that begins with \"//\""
	}
	return ""
}

// reject answers a rejected target with its status and reason. The reason
// is Error.Message, which names the offset and the cause but not the input,
// so that the reply stays small whatever the size of the target.
func reject(w http.ResponseWriter, res Result) {
	status := res.Status()
	if status == 0 {
		status = http.StatusBadRequest
	}
	reason := "request target refused"
	if res.Err != nil {
		reason = "bad request target: " + res.Err.Message()
	}
	refuse(w, status, reason)
}

// refuse answers status with a one-line plain-text reason.
func refuse(w http.ResponseWriter, status int, reason string) {
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", strconv.Itoa(len(reason)+1))
	w.WriteHeader(status)
	w.Write([]byte(reason + "\n"))
}
