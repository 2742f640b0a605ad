package route

import (
	"strings"
	"testing"
)

// The split-view vulnerabilities below are regression tests of Agree:
// for each, the vulnerable front and back end and the request that
// exploits them, on which Agree must report the split, and the fixed
// configuration, on which it must agree. The advisories are named by
// their identifiers; what each test models is said next to it.

// fileSystem is a back end that maps the path onto files: every escape
// decoded, "%2F" included, then dot-segments and empty segments resolved,
// as http.FileServer, a CGI script or a Servlet's getRealPath does.
var fileSystem = goFileServer

// mustPreset returns a preset, or skips the test naming the one missing.
func mustPreset(t *testing.T, name string) Policy {
	t.Helper()
	p, ok := Lookup(name)
	if !ok {
		t.Skipf("preset %q does not exist yet", name)
	}
	return p.Policy
}

// wantSplit fails unless a is a split.
func wantSplit(t *testing.T, what string, a Agreement) {
	t.Helper()
	if a.Agree {
		t.Errorf("%s: Agree says the keys agree (front %v key %q forward %q; back %v key %q), want a split",
			what, a.Front.Verdict, a.Front.Key, a.Front.Forward, a.Back.Verdict, a.Back.Key)
		return
	}
	t.Logf("%s: split at segment %d: front %q, back %q", what, a.Segment, a.FrontSegment, a.BackSegment)
}

// wantAgree fails unless a is agreement.
func wantAgree(t *testing.T, what string, a Agreement) {
	t.Helper()
	if !a.Agree {
		t.Errorf("%s: split at segment %d (front %v key %q, back key %q), want agreement",
			what, a.Segment, a.Front.Verdict, a.Front.Key, a.Back.Key)
	}
}

// Envoy CVE-2019-9901: Envoy before 1.9.1 routed on the path as received,
// "/public/../admin" included; the back end resolves the dot-segments.
// normalize_path, added as the fix, removes them first.
func TestCVE2019_9901(t *testing.T) {
	const target = "/public/../admin"
	wantSplit(t, "envoy-legacy", Agree(target, envoyLegacy, fileSystem))
	wantAgree(t, "envoy-legacy-normalize", Agree(target, envoyNormalize, fileSystem))
}

// Envoy CVE-2021-29492: with normalize_path alone, "%2F" stays encoded, so
// "/public%2F..%2Fadmin" is one segment to Envoy's router and RBAC filter,
// while a back end that decodes "%2F" resolves it to "/admin". The fix is
// path_with_escaped_slashes_action (the edge set: UNESCAPE_AND_REDIRECT).
func TestCVE2021_29492(t *testing.T) {
	const target = "/public%2F..%2Fadmin"
	wantSplit(t, "envoy-legacy-normalize", Agree(target, envoyNormalize, fileSystem))
	edge := mustPreset(t, "envoy-edge")
	wantAgree(t, "envoy-edge", Agree(target, edge, fileSystem))
	// The same bulletin's "//admin": without merge_slashes Envoy sees an
	// empty first segment, a back end that merges slashes "/admin".
	wantSplit(t, "envoy-legacy-normalize //admin", Agree("//admin", envoyNormalize, fileSystem))
	wantAgree(t, "envoy-edge //admin", Agree("//admin", edge, fileSystem))
}

// opa-envoy-plugin CVE-2026-26205: the plugin built input.parsed_path by
// parsing the path as a URI, so "//admin/secret" lost "admin" as an
// authority and the policy saw "/secret", while the back end served
// "/admin/secret". Fixed (1.13.2-envoy-2) the plugin splits the path
// itself, and Envoy's merge_slashes gives it and the back end one path.
func TestCVE2026_26205(t *testing.T) {
	const target = "//admin/secret"
	front := envoyLegacy
	r := front.Apply(target)
	// What the vulnerable plugin evaluated: the path of url.Parse(path).
	opa := r
	opa.Key = "/secret"
	wantSplit(t, "opa-envoy-plugin before 1.13.2-envoy-2", AgreeResult(opa, front, fileSystem))
	merged := mustPreset(t, "envoy-legacy-normalize-merge")
	wantAgree(t, "envoy-legacy-normalize-merge", Agree(target, merged, fileSystem))
}

// Traefik CVE-2025-66490 (GHSA-gm3x-23wp-hc2c): before 3.6.4 the escapes
// of "/", "\", NUL, ";", "?" and "#" were let through: "/public%2F..%2Fadmin"
// matched PathPrefix(`/public`) and reached "/admin" on a back end that
// decodes "%2F". 3.6.4 rejects them by default.
func TestCVE2025_66490(t *testing.T) {
	const target = "/public%2F..%2Fadmin"
	wantSplit(t, "traefik-allow-encoded", Agree(target, mustPreset(t, "traefik-allow-encoded"), fileSystem))
	wantAgree(t, "traefik", Agree(target, mustPreset(t, "traefik"), fileSystem))
}

// stripBytes is the prefix strip of Traefik's StripPrefix and
// StripPrefixRegex before the fixes: a string prefix of the path, cut
// without regard to segments, and a "/" put back in front of what is
// left.
func stripBytes(r Result, prefix string) (Result, bool) {
	if r.Verdict != Accept || !strings.HasPrefix(r.Key, prefix) {
		return r, false
	}
	rest := r.Key[len(prefix):]
	if !strings.HasPrefix(rest, "/") {
		rest = "/" + rest
	}
	r.Key, r.Forward = rest, rest
	return r, true
}

// Traefik CVE-2026-40912 (GHSA-6jwx-7vp4-9847): StripPrefixRegex cut
// "/api" off "/api%2e/admin/secret" ("/api./admin/secret" decoded),
// leaving "/./admin/secret", which ForwardAuth did not recognize and the
// back end resolved to "/admin/secret". A strip on segment boundaries
// (Result.StripPrefix) does not match "/api." at all.
func TestCVE2026_40912(t *testing.T) {
	const target = "/api%2e/admin/secret"
	p := mustPreset(t, "traefik")
	stripped, ok := stripBytes(p.Apply(target), "/api")
	if !ok {
		t.Fatal("the vulnerable strip does not match")
	}
	wantSplit(t, "StripPrefixRegex ^/api", AgreeResult(stripped, p, fileSystem))
	wantAgree(t, "Result.StripPrefix", AgreeStripped(target, p, "/api", fileSystem))
}

// Traefik CVE-2026-48020 (GHSA-xf64-8mw2-4gr2): StripPrefix with
// PathPrefix(`/api`) took "/api../admin" and "/api%2e%2e/admin", left
// "/../admin", and the back end served "/admin".
func TestCVE2026_48020(t *testing.T) {
	p := mustPreset(t, "traefik")
	for _, target := range []string{"/api../admin", "/api%2e%2e/admin"} {
		stripped, ok := stripBytes(p.Apply(target), "/api")
		if !ok {
			t.Fatalf("the vulnerable strip does not match %q", target)
		}
		wantSplit(t, "StripPrefix /api on "+target, AgreeResult(stripped, p, fileSystem))
		wantAgree(t, "Result.StripPrefix on "+target, AgreeStripped(target, p, "/api", fileSystem))
	}
}

// Go's ServeMux matches "/public/..%2Fadmin/x" on the escaped path, where
// "..%2Fadmin" is one segment, and runs the "/public/" handler, with
// r.URL.Path "/public/../admin/x": a handler that cleans it (a file
// server) serves "/admin/x". The 1.21 mode cleans the decoded path and
// redirects to "/admin/x", where both agree.
func TestServeMuxEncodedSlash(t *testing.T) {
	const target = "/public/..%2Fadmin/x"
	wantSplit(t, "servemux", Agree(target, mustPreset(t, "servemux"), fileSystem))
	wantAgree(t, "servemux-121", Agree(target, mustPreset(t, "servemux-121"), fileSystem))
}

// Caddy CVE-2026-27587 (GHSA-g7pc-pc7g-h8jh): the path matcher is meant
// to match without case, but a pattern holding an escape ("/admin%2Fpanel")
// was compared with the escaped path as received, case and all, so
// "/ADMIN%2Fpanel" missed the route that guards it and fell through to a
// back end that does not tell case apart. 2.11.1 lower-cases that path
// too.
func TestCVE2026_27587(t *testing.T) {
	const target = "/ADMIN%2Fpanel"
	caddy := mustPreset(t, "caddy")
	// The escaped-path branch of MatchPath before and after the fix.
	vulnerable, fixed := caddy, caddy
	vulnerable.KeyForm, vulnerable.KeyCase = KeyEncoded, KeyCaseKeep
	fixed.KeyForm, fixed.KeyCase = KeyEncoded, KeyCaseLower
	// A back end on a case-insensitive file system, reading "%2F" as data.
	back := Policy{KeyCase: KeyCaseLower}
	wantSplit(t, "caddy before 2.11.1", Agree(target, vulnerable, back))
	wantAgree(t, "caddy 2.11.1", Agree(target, fixed, back))
}

// The Apache tests take apache-aes-off, Apache httpd 2.4 with its
// defaults, as the fixed configuration.

// Apache httpd CVE-2021-41773: 2.4.49's ap_normalize_path looked for
// dot-segments before decoding, so ".%2e" was not one: the access check
// saw "/cgi-bin/.%2e/.%2e/etc/passwd" under "/cgi-bin/", the file system
// "/etc/passwd". Fixed, "%2E" is decoded first and the climb above the
// root refused.
func TestCVE2021_41773(t *testing.T) {
	const target = "/cgi-bin/.%2e/.%2e/.%2e/.%2e/etc/passwd"
	apache := mustPreset(t, "apache-aes-off")
	vulnerable := apache
	vulnerable.EncodedDot = EncodedDotKeep
	wantSplit(t, "apache 2.4.49", Agree(target, vulnerable, fileSystem))
	wantAgree(t, "apache", Agree(target, apache, fileSystem))
}

// Apache httpd CVE-2021-42013: 2.4.50's fix decoded once, and
// "%%32%65" decodes to "%2e", which the CGI and file layer decoded a
// second time into ".". Fixed (2.4.51), the path the access check saw is
// the one served.
func TestCVE2021_42013(t *testing.T) {
	const target = "/cgi-bin/%%32%65%%32%65/%%32%65%%32%65/etc/passwd"
	apache := mustPreset(t, "apache-aes-off")
	wantAgree(t, "apache", Agree(target, apache, fileSystem))
	// 2.4.50: the key decoded once ("/cgi-bin/%2e%2e/%2e%2e/etc/passwd")
	// is what the file layer received, and it decodes again.
	once := Policy{KeyForm: KeyDecoded, Read: ReadLenient, Forward: ForwardEscaped, Escape: EscapeNginx}
	v := once.Apply(target)
	v.Forward = v.Key
	wantSplit(t, "apache 2.4.50", AgreeResult(v, once, fileSystem))
}

// Jetty CVE-2021-28164 (GHSA-v7ff-8wcx-gmc5): 9.4.37 and 9.4.38 decoded
// "%2e" and then removed the dot-segments it made, so
// "/context/%2e/WEB-INF/web.xml" reached "/context/WEB-INF/web.xml", which
// Jetty's own WEB-INF guard and a front proxy that keeps "%2e" (HAProxy
// without normalizers) read as a segment "." that protects nothing. Since
// 9.4.39 such a segment is ambiguous, and Jetty 12 answers 400.
func TestCVE2021_28164(t *testing.T) {
	const target = "/context/%2e/WEB-INF/web.xml"
	front := mustPreset(t, "haproxy")
	jetty := mustPreset(t, "jetty")
	// What matters of 9.4.37 here: "%2e" decoded into a dot-segment.
	vulnerable := jetty
	vulnerable.EncodedDot = EncodedDotDecode
	wantSplit(t, "jetty 9.4.37", Agree(target, front, vulnerable))
	if r := jetty.Apply(target); r.Status() != 400 {
		t.Errorf("jetty on %q: %v %d key %q, want 400", target, r.Verdict, r.Status(), r.Key)
	}
	wantAgree(t, "jetty", Agree(target, front, jetty))
}

// Jetty CVE-2021-34429 (GHSA-vjv5-gp2w-65vm): 9.4.37 to 9.4.42 (and 10.0.1
// to 10.0.5, 11.0.1 to 11.0.5) still reached WEB-INF through the "%u"
// escape of a dot, "/%u002e/WEB-INF/web.xml", and through a NUL after
// dots, "/.%00/WEB-INF/web.xml" and "/a/b/..%00/WEB-INF/web.xml", whose
// NUL the resource layer cut off. Jetty 12 answers 400 to each: "%u"
// escapes and "%00" are violations under its default compliance.
//
// The NUL variants' vulnerable side, a name cut at the NUL, is no policy
// of a path: only the fixed side is held for them.
func TestCVE2021_34429(t *testing.T) {
	front := mustPreset(t, "haproxy")
	jetty := mustPreset(t, "jetty")
	// What matters of 9.4.42 here: "%u002e" decoded into a dot-segment.
	vulnerable := jetty
	vulnerable.InvalidPercent, vulnerable.EncodedDot = InvalidPercentUTF16, EncodedDotDecode
	wantSplit(t, "jetty 9.4.42", Agree("/%u002e/WEB-INF/web.xml", front, vulnerable))
	// LEGACY allows "%u" escapes and "%2e" segments again: behind such
	// a front, the split is back.
	wantSplit(t, "jetty-legacy", Agree("/%u002e/WEB-INF/web.xml", front, mustPreset(t, "jetty-legacy")))
	for _, target := range []string{"/%u002e/WEB-INF/web.xml", "/.%00/WEB-INF/web.xml", "/a/b/..%00/WEB-INF/web.xml"} {
		if r := jetty.Apply(target); r.Status() != 400 {
			t.Errorf("jetty on %q: %v %d key %q, want 400", target, r.Verdict, r.Status(), r.Key)
		}
		wantAgree(t, "jetty "+target, Agree(target, front, jetty))
	}
}
