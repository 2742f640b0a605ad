package route

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/urilabs/rfc3986/uri"
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
//     whose URL has Result.Forward's path (Path decoded, RawPath as sent)
//     and query, so that a handler or an httputil.ReverseProxy behind it
//     sees and sends what the policy forwards, and nothing else. Its
//     RequestURI stays what the client sent, as net/http documents it.
//     The Result, with its Key and Forward, is in the request's context:
//     see ResultOf.
//
// Key and Forward come from the same pass over the target, so the path next
// routes on (ResultOf(r).Key) and the path it forwards (r.URL) cannot drift
// apart, as they do when a handler matches r.URL.Path and forwards
// r.URL.RawPath.
//
// net/http answers "OPTIONS *" itself unless the server sets
// DisableGeneralOptionsHandler; with it set, an asterisk-form target that
// the policy accepts reaches next with Result.Forward "*".
// Authority-form (CONNECT) targets reach next likewise, with the URL that
// net/http made of them.
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
		next.ServeHTTP(w, withResult(r, res))
	})
}

// ResultOf returns the Result that Handler made of the request's target,
// and false for a request that did not come through a Handler.
func ResultOf(r *http.Request) (Result, bool) {
	res, ok := r.Context().Value(resultKey{}).(Result)
	return res, ok
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
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", strconv.Itoa(len(reason)+1))
	w.WriteHeader(status)
	w.Write([]byte(reason + "\n"))
}

// withResult returns a shallow copy of r that carries res in its context
// and, for an origin-form forward, has it as its URL.
func withResult(r *http.Request, res Result) *http.Request {
	r2 := r.WithContext(context.WithValue(r.Context(), resultKey{}, res))
	if !strings.HasPrefix(res.Forward, "/") {
		return r2 // "*" or an authority: net/http's URL stands
	}
	u := *r.URL
	path, query, hasQuery := strings.Cut(res.Forward, "?")
	u.RawQuery, u.ForceQuery = query, hasQuery && query == ""
	u.Path, u.RawPath = path, ""
	if decoded, err := uri.Unescape(path); err == nil {
		u.Path = decoded
		if escaped := (&url.URL{Path: decoded}).EscapedPath(); escaped != path {
			u.RawPath = path // net/url would write another path: keep the bytes sent
		}
	}
	r2.URL = &u
	return r2
}
