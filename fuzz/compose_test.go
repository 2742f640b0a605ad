package fuzz

import (
	"errors"
	"net/url"
	"slices"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/internal/testenv"
	"github.com/urilabs/rfc3986/uri"
)

// A value is a URI that one of the package's constructors returned, with
// what is needed to read its text back with Parse or a Parser: whether it
// may hold an IPv6 zone, which a Parser with ZoneID and UnmarshalText
// accept, and how it was made, for the failure messages.
type value struct {
	u    uri.URI
	zone bool
	how  string
}

// zoneParser reads back the values that may hold a zone.
var zoneParser = uri.Parser{ZoneID: true}

// constructed returns the values every public constructor makes of a:
// Parse, a Parser with ZoneID, ParseRequestTarget with TargetURI (a as the
// target, and as the Host header of "*"), UnmarshalText, FromURL of what
// net/url reads and of URL(), and Build of Components().
func constructed(a string) []value {
	var vs []value
	add := func(u uri.URI, err error, zone bool, how string) {
		if err == nil {
			vs = append(vs, value{u, zone, how})
		}
	}
	u, err := uri.Parse(a)
	add(u, err, false, "Parse")
	z, zerr := zoneParser.Parse(a)
	add(z, zerr, true, "Parser{ZoneID}.Parse")
	if rt, err := uri.ParseRequestTarget(a); err == nil {
		t, err := rt.TargetURI("https", "example.com")
		add(t, err, false, "TargetURI")
	}
	star, _ := uri.ParseRequestTarget("*")
	t, err := star.TargetURI("http", a)
	add(t, err, false, "TargetURI with a as Host")
	var m uri.URI
	add(m, m.UnmarshalText([]byte(a)), true, "UnmarshalText")
	if v, err := url.Parse(a); err == nil {
		f, err := uri.FromURL(v)
		add(f, err, false, "FromURL(url.Parse)")
	}
	for _, v := range append([]value(nil), vs...) {
		f, err := uri.FromURL(v.u.URL())
		add(f, err, v.zone, "FromURL(URL()) of "+v.how)
		b, err := uri.Build(v.u.Components())
		add(b, err, v.zone, "Build(Components()) of "+v.how)
	}
	return vs
}

// derived returns the values that the operations returning a URI make of
// v and w: Resolve, ResolveNonStrict and Relativize either way, Normalize,
// NormalizeSyntax and JoinPath.
func derived(v, w value) []value {
	var vs []value
	zone := v.zone || w.zone
	for _, r := range []struct {
		base, ref value
	}{{v, w}, {w, v}} {
		if u, err := r.base.u.Resolve(r.ref.u); err == nil {
			vs = append(vs, value{u, zone, r.base.how + " Resolve " + r.ref.how})
		}
		if u, err := r.base.u.ResolveNonStrict(r.ref.u); err == nil {
			vs = append(vs, value{u, zone, r.base.how + " ResolveNonStrict " + r.ref.how})
		}
	}
	for _, x := range []value{v, w} {
		vs = append(vs, value{x.u.Normalize(), x.zone, "Normalize of " + x.how}, value{x.u.NormalizeSyntax(), x.zone, "NormalizeSyntax of " + x.how})
		if u, err := x.u.JoinPath("a b", "", "%2E%2E"); err == nil {
			vs = append(vs, value{u, x.zone, "JoinPath of " + x.how})
		}
	}
	vs = append(vs, value{v.u.Relativize(w.u), zone, v.how + " Relativize " + w.how}, value{w.u.Relativize(v.u), zone, w.how + " Relativize " + v.how})
	return vs
}

// checkValue checks that v reads back as itself and that every operation
// takes it.
func checkValue(t *testing.T, v value) {
	t.Helper()
	p, err := uri.Parse(v.u.String())
	if v.zone {
		p, err = zoneParser.Parse(v.u.String())
	}
	if err != nil || p != v.u {
		t.Fatalf("%s = %q, which does not parse back as itself: %v, %v", v.how, v.u, p, err)
	}
	checkOperations(t, v.u)
}

// checkOperations passes u into every operation of the package that takes
// a URI, and checks what each gives: no panic, and every URI it returns
// parses back as itself.
func checkOperations(t *testing.T, u uri.URI) {
	t.Helper()
	reparse := func(what string, r uri.URI) {
		t.Helper()
		p, err := zoneParser.Parse(r.String())
		if err != nil || p != r {
			t.Fatalf("%s of %q = %q, which does not parse back as itself: %v, %v", what, u, r, p, err)
		}
	}
	n := u.Normalize()
	reparse("Normalize", n)
	if n.Normalize() != n {
		t.Fatalf("Normalize(%q) = %q is not normal: %q", u, n, n.Normalize())
	}
	reparse("NormalizeSyntax", u.NormalizeSyntax())
	if !uri.Equivalent(u, u) || !uri.Equivalent(u, n) {
		t.Fatalf("%q is not equivalent to itself or to its normal form %q", u, n)
	}
	// Every URI reads back from what it gives out: its components, its
	// text, its database value, and its IRI's text.
	if b, err := uri.Build(u.Components()); err != nil || b != u {
		t.Fatalf("Build(%q.Components()) = %q, %v", u, b, err)
	}
	text, err := u.MarshalText()
	var back uri.URI
	if err != nil || string(text) != u.String() {
		t.Fatalf("MarshalText(%q) = %q, %v", u, text, err)
	}
	if err := back.UnmarshalText(text); err != nil || back != u {
		t.Fatalf("UnmarshalText(MarshalText(%q)) = %q, %v", u, back, err)
	}
	v, err := u.Value()
	if err != nil || v != u.String() {
		t.Fatalf("%q.Value() = %v, %v", u, v, err)
	}
	var scanned uri.URI
	if err := scanned.Scan(v); err != nil || scanned != u {
		t.Fatalf("Scan(%q.Value()) = %q, %v", u, scanned, err)
	}
	i := u.ToIRI()
	var iback uri.IRI
	if err := iback.UnmarshalText([]byte(i.String())); err != nil || iback != i {
		t.Fatalf("IRI UnmarshalText(%q, the IRI of %q) = %q, %v", i, u, iback, err)
	}
	checkOffsets(t, u)
	if v := u.URL(); v == nil {
		t.Fatalf("URL(%q) is nil", u)
	}
	for range u.Segments() {
	}
	for range u.QueryPairs() {
	}
	_ = u.Redacted()
	u.Addr()
	h := u.Hazards()
	if ds := u.HazardDetails(); len(ds) != len(slices.Collect(h.All())) {
		t.Fatalf("%q: Hazards %v, but %d details", u, h, len(ds))
	}
	for _, base := range []uri.URI{u, rfcBase} {
		for _, ref := range []uri.URI{u, rfcBase, uri.MustParse("../g?y#s"), uri.MustParse("//h"), uri.MustParse("")} {
			r, err := base.Resolve(ref)
			if err != nil {
				if !base.HasScheme() && errors.Is(err, uri.ErrRelativeBase) {
					continue
				}
				t.Fatalf("%q.Resolve(%q): %v", base, ref, err)
			}
			reparse("Resolve", r)
			r, err = base.ResolveNonStrict(ref)
			if err != nil {
				t.Fatalf("%q.ResolveNonStrict(%q): %v", base, ref, err)
			}
			reparse("ResolveNonStrict", r)
		}
	}
}

// rfcBase is the base of the examples of RFC 3986 section 5.4.
var rfcBase = uri.MustParse("http://a/b/c/d;p?q")

// FuzzCompose builds URIs from two strings with every public constructor,
// and the URIs Resolve and Normalize make of them, and passes each into
// every operation that takes a URI: none may panic, and every URI any of
// them returns must parse back, with the same options, as itself. The
// fuzzers of one entry point each never passed the values of one
// constructor to the operations of another, which is how an
// authority-form request target once reached Resolve and panicked.
func FuzzCompose(f *testing.F) {
	f.Add("example.com:443", "http://x/y")         // the case that panicked: now a RequestTarget
	f.Add("http://[fe80::1%25en0]:8080/a", "../b") // a zone, from the Parser that accepts it
	f.Add("//a/../b", "foo:/.//x")                 // dot-segments and the "/." guard
	f.Add("/a?b#c", "*")                           // origin-form and asterisk-form
	f.Add("HTTP://Example.COM:80/%7e%2F", "a:b/c") // normalization, and a colon in a segment
	f.Add("mailto:a@example.com", "?q")            // no authority
	f.Add("http://u:p@h/", "http:g")               // userinfo; ResolveNonStrict's case
	f.Add("file:///c:/x", "//[v1.x]/")             // an empty host, IPvFuture
	f.Add("", ".")                                 // the empty reference
	f.Add("http://a/%zz", "a b")                   // net/url takes what Parse refuses
	f.Add("urn:isbn:0451450523", "http://h:/p?#")  // empty port, query, fragment
	f.Add("//h//a", "..//x")                       // a path beginning with "//" after resolution
	f.Fuzz(checkCompose)
}

// checkCompose is the property of FuzzCompose and TestPropertyCompose.
func checkCompose(t *testing.T, a, b string) {
	va, vb := constructed(a), constructed(b)
	for _, v := range append(va, vb...) {
		checkValue(t, v)
	}
	// Every pair would be quadratic in the constructors; the first value
	// of each string against every value of the other covers each
	// constructor on both sides.
	for _, pair := range pairs(va, vb) {
		for _, d := range derived(pair[0], pair[1]) {
			checkValue(t, d)
		}
	}
}

// TestPropertyCompose is FuzzCompose over generated references: valid
// ones of every shape of Appendix A, and ones a few bytes away from valid,
// which only some constructors accept.
func TestPropertyCompose(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = testenv.Cases(2000)
	params.Rng.Seed(1)
	p := gopter.NewProperties(params)
	valid := genOf(reference.URIReference()).Map(reference.Parts.String)
	p.Property("every constructor composes with every operation", prop.ForAll(func(a, b string) bool {
		checkCompose(t, a, b)
		return !t.Failed()
	}, gen.OneGenOf(valid, genOf(reference.Mutated())), gen.OneGenOf(valid, genOf(reference.Mutated()))))
	p.TestingRun(t)
}

// pairs returns the first of vs with each of ws, and each of vs with the
// first of ws.
func pairs(vs, ws []value) [][2]value {
	var ps [][2]value
	if len(vs) > 0 {
		for _, w := range ws {
			ps = append(ps, [2]value{vs[0], w})
		}
	}
	if len(ws) > 0 {
		for _, v := range vs {
			ps = append(ps, [2]value{v, ws[0]})
		}
	}
	return ps
}

// checkOffsets checks the published offsets of u against its accessors:
// each component is the text between its two offsets, as the diagram of
// uri.Offsets says, and the offsets never decrease.
func checkOffsets(t *testing.T, u uri.URI) {
	t.Helper()
	o, s := u.Offsets(), u.String()
	order := []int{0, o.SchemeEnd, o.AuthorityStart, o.HostStart, o.HostEnd, o.PathStart, o.PathEnd, o.QueryEnd, len(s)}
	if !slices.IsSorted(order) {
		t.Fatalf("%q.Offsets() = %+v, not in order", u, o)
	}
	absent := []struct {
		has  bool
		a, b int
	}{
		{u.HasScheme(), o.SchemeEnd, 0},
		{u.HasAuthority(), o.AuthorityStart, o.PathStart},
		{u.HasAuthority(), o.HostEnd, o.PathStart},
		{u.HasUserInfo(), o.HostStart, o.AuthorityStart},
		{u.HasPort(), o.HostEnd, o.PathStart},
		{u.HasQuery(), o.PathEnd, o.QueryEnd},
		{u.HasFragment(), o.QueryEnd, len(s)},
	}
	for _, c := range absent {
		if !c.has && c.a != c.b {
			t.Fatalf("%q.Offsets() = %+v: an absent component takes room", u, o)
		}
	}
	part := func(has bool, from, to int) string {
		if !has {
			return ""
		}
		return s[from:to]
	}
	got := []string{
		part(u.HasScheme(), 0, o.SchemeEnd),
		part(u.HasUserInfo(), o.AuthorityStart, o.HostStart-1),
		s[o.HostStart:o.HostEnd],
		part(u.HasPort(), o.HostEnd+1, o.PathStart),
		s[o.PathStart:o.PathEnd],
		part(u.HasQuery(), o.PathEnd+1, o.QueryEnd),
		part(u.HasFragment(), o.QueryEnd+1, len(s)),
		part(u.HasAuthority(), o.AuthorityStart, o.PathStart),
	}
	want := []string{u.Scheme(), u.UserInfo(), u.Host(), u.Port(), u.Path(), u.Query(), u.Fragment(), u.Authority()}
	if !slices.Equal(got, want) {
		t.Fatalf("%q.Offsets() = %+v slice it as %q, the accessors give %q", u, o, got, want)
	}
}
