package fuzz

import (
	"strings"
	"testing"

	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/route"
)

// forwardsInvalid says whether a policy can genuinely forward a target
// that is not a valid request-target, because the product it reproduces
// does: it decodes an escape into a byte no path may hold raw ("%25"
// into "%", "%3F" into "?", "%23" into "#", "%00" into NUL, "%5C" into
// "\") and writes it out as it is.
//
// nginx's proxy_pass with a URI part is another: ngx_escape_uri leaves
// "[" and "]" raw, which RFC 3986 allows only in a host, so "/%5B" goes
// on as "/[". A policy in steps (Policy.Then) does when one of its steps
// does.
func forwardsInvalid(p route.Policy) bool {
	for q := &p; q != nil; q = q.Then {
		if stepForwardsInvalid(q) {
			return true
		}
	}
	return false
}

// stepForwardsInvalid is forwardsInvalid for one step.
func stepForwardsInvalid(p *route.Policy) bool {
	if p.AbsoluteForm == route.AbsoluteToOriginOpaque {
		// Caddy sends the opaque part of "urn:x:y" as "x:y".
		return true
	}
	if (p.Forward == route.ForwardEscaped || p.Forward == route.ForwardEscapedQuoted) && p.Escape == route.EscapeNginx {
		return true
	}
	if p.Forward != route.ForwardNormalized {
		return false
	}
	decodes := func(e route.Encoded) bool { return e == route.EncodedDecode || e == route.EncodedDecodeRedirect }
	return decodes(p.EncodedPercent) || decodes(p.EncodedQuestion) || decodes(p.EncodedHash) ||
		decodes(p.EncodedNul) || decodes(p.EncodedBackslash) && p.Backslash == route.BackslashKeep
}

// reappliesDifferently says whether a policy's product, sent what it
// forwards, genuinely reads it otherwise: HAProxy decoding "%2E" after
// its dot-segment normalizers have run ("/a/%2e%2e/b" goes on as
// "/a/../b", which those normalizers then shorten), whether as one
// policy (EncodedDotDecodeLate) or as a step that decodes after a step
// that removes dot-segments (Policy.Then, its normalize-uri lines in
// order); and Apache httpd's ProxyPass "/" without MergeSlashes, whose
// alias swallows the leading slashes of "//a" that r->uri, its key,
// keeps.
func reappliesDifferently(p route.Policy) bool {
	dots := false // a step before has removed dot-segments
	for q := &p; q != nil; q = q.Then {
		if q.EncodedDot == route.EncodedDotDecodeLate || dots && q.EncodedDot == route.EncodedDotDecode ||
			(q.Forward == route.ForwardApache || q.Forward == route.ForwardApacheNoCanon) && q.Slashes == route.SlashesKeep {
			return true
		}
		dots = dots || q.Dot != route.Policy{}.Dot || q.DotDot != route.Policy{}.DotDot
	}
	return false
}

// dropsTrailingAmp says whether HAProxy's query-sort-by-name, a step of p,
// reads forward otherwise again: it drops one trailing "&" of a query each
// time ("/?&&" goes on as "/?&", which it makes "/?").
func dropsTrailingAmp(p route.Policy, forward string) bool {
	for q := &p; q != nil; q = q.Then {
		if q.Query == route.QuerySort && strings.HasSuffix(forward, "&") && strings.Contains(forward, "?") {
			return true
		}
	}
	return false
}

// hasSegment says whether the path key holds the segment seg, written
// raw; after, when not "", limits the search to segments that follow a
// segment other than seg (a kept leading ".." is allowed before).
func hasSegment(key, seg string, leadingAllowed bool) bool {
	leading := true
	for _, s := range strings.Split(strings.TrimPrefix(key, "/"), "/") {
		if s == seg {
			if !(leadingAllowed && leading) {
				return true
			}
			continue
		}
		leading = false
	}
	return false
}

// FuzzRoute checks every preset on every input: Apply does not panic,
// and Result.Hazards says that the target is valid exactly when
// uri.ParseRequestTarget accepts it, with the hazards RequestTarget.Hazards
// gives (Apply finds them in its own pass). On every request-target that
// uri.ParseRequestTarget accepts, moreover: what it forwards
// is a valid request-target (but for the presets whose product forwards
// a byte it decoded, forwardsInvalid); applying the preset again to what
// it forwards changes nothing; a redirect's target is accepted when
// requested; the key holds no dot-segment the policy removes; an
// absolute-form target sent on in origin-form is routed and forwarded as
// that origin-form target is; and AppendApply gives the same result as
// Apply.
func FuzzRoute(f *testing.F) {
	f.Add("/a/b/c?x=1")               // already normal
	f.Add("/a/./b/../c//d/")          // dot-segments and an empty segment
	f.Add("/a/%2e%2E/b/%2e/c")        // encoded dots
	f.Add("/public/..%2Fadmin/x")     // ServeMux's split
	f.Add("/a%5c..%5Cb%00c%3Bd%25e")  // escaped delimiters
	f.Add("/..;/admin;jsessionid=1")  // Servlet parameters
	f.Add("/api%2e/admin")            // Traefik's StripPrefix
	f.Add("/../../etc/passwd")        // above the root
	f.Add("//admin/secret")           // an empty first segment
	f.Add("/%41%7e%2F%2f%fF?q=%2F")   // case and unreserved escapes
	f.Add("http://h/a/../b?q")        // absolute-form
	f.Add("http://h")                 // absolute-form without a path
	f.Add("*")                        // asterisk-form
	f.Add("h:443")                    // authority-form
	f.Add("/a?b=2&a=1&a=0")           // a query to sort
	f.Add("/ADMIN/Panel")             // case
	f.Add("/a/b/..")                  // a final dot-segment
	f.Add("/.")                       // the root's dot
	f.Add("/a%2F%2F..%2F..%2Fb/../c") // decoded slashes that climb
	f.Add("/a(b)!c")                  // bytes net/url escapes, and keeps
	f.Add("/a b")                     // a byte no target holds
	f.Add("/a%zzb")                   // an invalid escape
	f.Add("/a/.well-known/..b/c.d")   // dots that make no dot-segment
	presets := route.Presets()
	f.Fuzz(func(t *testing.T, target string) {
		rt, err := uri.ParseRequestTarget(target)
		for _, preset := range presets {
			h, valid := preset.Policy.Apply(target).Hazards()
			if valid != (err == nil) || h != rt.Hazards() {
				t.Fatalf("%s: Apply(%q).Hazards() = %v, %v; ParseRequestTarget: %v, hazards %v", preset.Name, target, h, valid, err, rt.Hazards())
			}
		}
		if err != nil {
			return
		}
		// origin is the origin-form part of an absolute-form target with
		// an authority and an absolute path, or "".
		origin := ""
		if u, ok := rt.URI(); ok && u.HasAuthority() && strings.HasPrefix(u.Path(), "/") {
			origin = u.Path()
			if u.HasQuery() {
				origin += "?" + u.Query()
			}
		}
		var buf []byte
		for _, preset := range presets {
			p := preset.Policy
			r := p.Apply(target)
			buf = buf[:0]
			var ra route.Result
			ra, buf = p.AppendApply(buf, target)
			if ra.Verdict != r.Verdict || ra.Key != r.Key || ra.Forward != r.Forward || ra.Location != r.Location || ra.Status() != r.Status() {
				t.Fatalf("%s: AppendApply(%q) = %+v, Apply = %+v", preset.Name, target, ra, r)
			}
			switch r.Verdict {
			case route.Reject:
				if r.Err == nil || r.Status() < 400 {
					t.Fatalf("%s: Apply(%q) rejects with status %d and error %v", preset.Name, target, r.Status(), r.Err)
				}
				continue
			case route.Redirect:
				if r.Location == "" || r.Status() < 300 || r.Status() > 399 {
					t.Fatalf("%s: Apply(%q) redirects to %q with %d", preset.Name, target, r.Location, r.Status())
				}
				again := p.Apply(r.Location)
				if again.Verdict == route.Redirect && !forwardsInvalid(p) {
					t.Fatalf("%s: Apply(%q) redirects to %q, which redirects again to %q", preset.Name, target, r.Location, again.Location)
				}
				continue
			}
			if origin != "" && p.AbsoluteForm == route.AbsoluteToOrigin {
				if o := p.Apply(origin); o.Verdict != r.Verdict || o.Key != r.Key || r.Verdict == route.Accept && o.Forward != r.Forward {
					t.Fatalf("%s: Apply(%q) = %v key %q forward %q, but its origin-form %q gives %v key %q forward %q",
						preset.Name, target, r.Verdict, r.Key, r.Forward, origin, o.Verdict, o.Key, o.Forward)
				}
			}
			if r.Forward == "" {
				t.Fatalf("%s: Apply(%q) accepts and forwards nothing", preset.Name, target)
			}
			if _, err := uri.ParseRequestTarget(r.Forward); err != nil && !forwardsInvalid(p) {
				t.Fatalf("%s: Apply(%q) forwards %q, not a request-target: %v", preset.Name, target, r.Forward, err)
			}
			if forwardsInvalid(p) {
				continue
			}
			again := p.Apply(r.Forward)
			if !reappliesDifferently(p) && !dropsTrailingAmp(p, r.Forward) && (again.Verdict != route.Accept || again.Forward != r.Forward || again.Key != r.Key) {
				t.Fatalf("%s: Apply(%q) = key %q forward %q; applied again: %v key %q forward %q (%v)",
					preset.Name, target, r.Key, r.Forward, again.Verdict, again.Key, again.Forward, again.Err)
			}
			checkDots(t, preset, target, r.Key)
		}
	})
}

// checkDots fails if a key holds a dot-segment its policy removes. A
// decoded key may hold ".." spelled "%2E%2E" in the target when the
// policy does not count "%2E" as a dot: that is the reading of the
// product, and a split Agree reports, not a failure of the engine.
func checkDots(t *testing.T, preset route.Preset, target, key string) {
	p := preset.Policy
	if p.KeyForm != route.KeyEncoded && (p.EncodedDot == route.EncodedDotKeep || p.EncodedDot == route.EncodedDotUnreserved && p.Unreserved == route.UnreservedKeep) ||
		p.EncodedDot == route.EncodedDotDecodeLate {
		return
	}
	if p.Dot == route.DotRemove && hasSegment(key, ".", false) {
		t.Fatalf("%s: Apply(%q) keys on %q, with a \".\" segment", preset.Name, target, key)
	}
	if p.DotDot != route.DotDotKeep && hasSegment(key, "..", p.DotDot == route.DotDotKeepAbove) {
		t.Fatalf("%s: Apply(%q) keys on %q, with a \"..\" segment", preset.Name, target, key)
	}
}
