package reference

import (
	"math/rand"
	"strconv"
	"strings"
)

// Generators of the rules of Appendix A. Each produces only strings that
// match its rule, so a URI-reference recomposed from them is valid by
// construction; edge cases (empty components, the nine IPv6 forms, dec-octet
// bounds, pct-encodings) come up often. They draw from a *rand.Rand, so
// that a property test can run them from its own source (gopter's
// GenParameters.Rng) and this package depends on no test library.

// A Gen generates a value from a source of randomness.
type Gen[T any] func(r *rand.Rand) T

// intRange generates an int from lo to hi, both included.
func intRange(lo, hi int) Gen[int] {
	return func(r *rand.Rand) int { return lo + r.Intn(hi-lo+1) }
}

// oneOf generates what one of gens, chosen alike, generates.
func oneOf[T any](gens ...Gen[T]) Gen[T] {
	return func(r *rand.Rand) T { return gens[r.Intn(len(gens))](r) }
}

// mapGen generates f of what g generates.
func mapGen[T, U any](g Gen[T], f func(T) U) Gen[U] {
	return func(r *rand.Rand) U { return f(g(r)) }
}

// optional generates a pointer to what g generates, or nil, alike: an
// undefined component.
func optional[T any](g Gen[T]) Gen[*T] {
	return func(r *rand.Rand) *T {
		if r.Intn(2) == 0 {
			return nil
		}
		v := g(r)
		return &v
	}
}

// oneByteOf generates one byte of set.
func oneByteOf(set string) Gen[string] {
	return func(r *rand.Rand) string {
		i := r.Intn(len(set))
		return set[i : i+1]
	}
}

// cat generates the concatenation of what gens generate.
func cat(gens ...Gen[string]) Gen[string] {
	return func(r *rand.Rand) string {
		var b strings.Builder
		for _, g := range gens {
			b.WriteString(g(r))
		}
		return b.String()
	}
}

// repeat generates from min to max repetitions of g.
func repeat(g Gen[string], min, max int) Gen[string] {
	n := intRange(min, max)
	return func(r *rand.Rand) string {
		var b strings.Builder
		for k := n(r); k > 0; k-- {
			b.WriteString(g(r))
		}
		return b.String()
	}
}

func constant(s string) Gen[string] { return func(*rand.Rand) string { return s } }

const (
	alphaChars      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	digitChars      = "0123456789"
	hexChars        = "0123456789ABCDEFabcdef"
	unreservedChars = alphaChars + digitChars + "-._~"
	subDelimChars   = "!$&'()*+,;="
)

// PctEncoded generates pct-encoded = "%" HEXDIG HEXDIG.
func PctEncoded() Gen[string] {
	return cat(constant("%"), oneByteOf(hexChars), oneByteOf(hexChars))
}

// charOrPct generates one character of set or a pct-encoded triplet.
func charOrPct(set string) Gen[string] {
	char, pct := oneByteOf(set), PctEncoded()
	return func(r *rand.Rand) string {
		if r.Intn(7) == 0 {
			return pct(r)
		}
		return char(r)
	}
}

// Scheme generates scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
func Scheme() Gen[string] {
	return cat(oneByteOf(alphaChars), repeat(oneByteOf(alphaChars+digitChars+"+-."), 0, 8))
}

// UserInfo generates userinfo = *( unreserved / pct-encoded / sub-delims / ":" ).
func UserInfo() Gen[string] {
	return repeat(charOrPct(unreservedChars+subDelimChars+":"), 0, 10)
}

// DecOctet generates dec-octet, each of its five alternatives alike.
func DecOctet() Gen[string] {
	return mapGen(oneOf(
		intRange(0, 9), intRange(10, 99), intRange(100, 199),
		intRange(200, 249), intRange(250, 255),
	), strconv.Itoa)
}

// IPv4 generates IPv4address.
func IPv4() Gen[string] {
	dot := constant(".")
	return cat(DecOctet(), dot, DecOctet(), dot, DecOctet(), dot, DecOctet())
}

// H16 generates h16 = 1*4HEXDIG.
func H16() Gen[string] { return repeat(oneByteOf(hexChars), 1, 4) }

// IPv6 generates IPv6address: one of its nine forms, with ls32 either two
// h16 or an IPv4address.
func IPv6() Gen[string] {
	h16c := cat(H16(), constant(":"))
	ls32 := oneOf(cat(H16(), constant(":"), H16()), IPv4())
	before := func(n int) Gen[string] { // [ *n( h16 ":" ) h16 ]
		return oneOf(constant(""), cat(repeat(h16c, 0, n), H16()))
	}
	return oneOf(
		cat(repeat(h16c, 6, 6), ls32),
		cat(constant("::"), repeat(h16c, 5, 5), ls32),
		cat(oneOf(constant(""), H16()), constant("::"), repeat(h16c, 4, 4), ls32),
		cat(before(1), constant("::"), repeat(h16c, 3, 3), ls32),
		cat(before(2), constant("::"), repeat(h16c, 2, 2), ls32),
		cat(before(3), constant("::"), h16c, ls32),
		cat(before(4), constant("::"), ls32),
		cat(before(5), constant("::"), H16()),
		cat(before(6), constant("::")),
	)
}

// IPvFuture generates IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
func IPvFuture() Gen[string] {
	return cat(oneByteOf("vV"), repeat(oneByteOf(hexChars), 1, 3), constant("."),
		repeat(oneByteOf(unreservedChars+subDelimChars+":"), 1, 8))
}

// RegName generates reg-name = *( unreserved / pct-encoded / sub-delims ),
// often in the dotted form of a domain name.
func RegName() Gen[string] {
	label := repeat(oneByteOf(alphaChars+digitChars+"-"), 1, 8)
	return oneOf(
		repeat(charOrPct(unreservedChars+subDelimChars), 0, 12),
		cat(label, constant("."), label, constant("."), label),
		cat(repeat(oneByteOf(digitChars+"."), 1, 12)), // IPv4 near misses
	)
}

type hostChoice struct{ text, kind string }

// Host generates host = IP-literal / IPv4address / reg-name, with its kind;
// a reg-name that happens to match IPv4address is an IPv4 address
// ("first-match-wins", section 3.2.2).
func Host() Gen[hostChoice] {
	kinded := func(g Gen[string], kind string) Gen[hostChoice] {
		return mapGen(g, func(s string) hostChoice {
			k := kind
			if k == "RegName" && IsIPv4(s) {
				k = "IPv4"
			}
			return hostChoice{s, k}
		})
	}
	return oneOf(
		kinded(IPv4(), "IPv4"),
		kinded(cat(constant("["), IPv6(), constant("]")), "IPv6"),
		kinded(cat(constant("["), IPvFuture(), constant("]")), "IPvFuture"),
		kinded(RegName(), "RegName"),
		kinded(RegName(), "RegName"),
	)
}

// Port generates port = *DIGIT.
func Port() Gen[string] { return repeat(oneByteOf(digitChars), 0, 6) }

// Segment generates segment = *pchar; genSegmentNZ and genSegmentNZNC
// generate the non-empty forms, the latter without ":".
func Segment() Gen[string] {
	return oneOf(repeat(charOrPct(unreservedChars+subDelimChars+":@"), 0, 8), constant("."), constant(".."))
}

func genSegmentNZ() Gen[string] {
	return repeat(charOrPct(unreservedChars+subDelimChars+":@"), 1, 8)
}

func genSegmentNZNC() Gen[string] {
	return repeat(charOrPct(unreservedChars+subDelimChars+"@"), 1, 8)
}

func slashSegments() Gen[string] { return repeat(cat(constant("/"), Segment()), 0, 4) }

// PathAbempty, PathAbsolute, PathRootless and PathNoscheme generate the
// path rules of section 3.3.
func PathAbempty() Gen[string] { return slashSegments() }

func PathAbsolute() Gen[string] {
	return oneOf(constant("/"), cat(constant("/"), genSegmentNZ(), slashSegments()))
}

func PathRootless() Gen[string] { return cat(genSegmentNZ(), slashSegments()) }

func PathNoscheme() Gen[string] { return cat(genSegmentNZNC(), slashSegments()) }

// Query generates query (and fragment) = *( pchar / "/" / "?" ).
func Query() Gen[string] {
	return repeat(charOrPct(unreservedChars+subDelimChars+":@/?"), 0, 12)
}

type authorityChoice struct {
	userinfo *string
	host     hostChoice
	port     *string
}

// URIReference generates the Parts of a valid URI-reference (section 4.1):
// URI or relative-ref, with each hier-part and relative-part alternative.
func URIReference() Gen[Parts] {
	userinfo, host, port := optional(UserInfo()), Host(), optional(Port())
	authority := optional(func(r *rand.Rand) authorityChoice {
		return authorityChoice{userinfo(r), host(r), port(r)}
	})
	scheme, query, fragment := optional(Scheme()), optional(Query()), optional(Query())
	abempty, absolute, rootless, noscheme := PathAbempty(), PathAbsolute(), PathRootless(), PathNoscheme()
	return func(r *rand.Rand) Parts {
		var p Parts
		if s := scheme(r); s != nil {
			p.Scheme, p.HasScheme = *s, true
		}
		a := authority(r)
		if q := query(r); q != nil {
			p.Query, p.HasQuery = *q, true
		}
		if f := fragment(r); f != nil {
			p.Fragment, p.HasFragment = *f, true
		}
		if a != nil {
			p.HasAuthority = true
			p.Host, p.HostKind = a.host.text, a.host.kind
			if a.userinfo != nil {
				p.UserInfo, p.HasUserInfo = *a.userinfo, true
			}
			if a.port != nil {
				p.Port, p.HasPort = *a.port, true
			}
			p.Path = abempty(r)
			return p
		}
		// path-absolute, path-rootless (path-noscheme in a relative-ref)
		// or path-empty.
		first := rootless
		if !p.HasScheme {
			first = noscheme
		}
		p.Path = []Gen[string]{absolute, first, constant("")}[r.Intn(3)](r)
		return p
	}
}

// OutsideGrammar lists the bytes RFC 3986 allows nowhere.
func OutsideGrammar() []byte {
	var out []byte
	for b := 0; b < 256; b++ {
		if b <= 0x20 || b >= 0x7F || strings.IndexByte(`"<>\^`+"`"+`{|}`, byte(b)) >= 0 {
			out = append(out, byte(b))
		}
	}
	return out
}

// mutationBytes are the bytes mutations insert: the delimiters, the
// bytes that change an automaton's mind (digits, hex letters, "v", "."),
// and a few bytes the grammar forbids.
const mutationBytes = ":/?#[]@%.0125689aAfFgvV-_~!+= \x00\t\x7f\x80\xff\\\""

// Mutated generates strings near valid URI-references: a generated valid
// one with up to four bytes inserted, replaced or deleted. About half of
// them are still valid.
func Mutated() Gen[string] {
	ref := URIReference()
	return func(r *rand.Rand) string {
		s := []byte(ref(r).String())
		for n := r.Intn(5); n > 0; n-- {
			kind, at, b := r.Intn(3), r.Intn(len(s)+1), mutationBytes[r.Intn(len(mutationBytes))]
			switch {
			case kind == 0 || len(s) == 0 || at == len(s):
				s = append(s[:at], append([]byte{b}, s[at:]...)...)
			case kind == 1:
				s[at] = b
			default:
				s = append(s[:at], s[at+1:]...)
			}
		}
		return string(s)
	}
}

// iriInsertions are what IRIMutated inserts, each chosen for an edge of
// RFC 3987 section 2.2 or 4.1, or of UTF-8: the first and last characters
// of ranges of ucschar and iprivate, characters just outside them, the
// bidi formatting characters, and bytes that are not UTF-8 (a lone
// continuation byte, a truncated sequence, an overlong form, a surrogate,
// bytes that never occur).
var iriInsertions = []string{
	"\u00a0", "é", "例", "パス", "\ud7ff", "\uf900", "\ufdcf", "\ufdf0", "\uffef",
	"\U00010000", "\U0001fffd", "\U000e1000", "\U000efffd", "\U00020000",
	"\ue000", "\uf8ff", "\U000f0000", "\U0010fffd",
	"\u0080", "\u009f", "\ufdd0", "\ufffd", "\ufffe", "\U0001fffe", "\U000e0000", "\U000e0fff",
	"\u200e", "\u200f", "\u202a", "\u202c", "\u202e", "\u200d", "\u2010", "\u2029", "\u202f",
	"\x80", "\xbf", "\xc3", "\xe4\xbe", "\xf0\x9f\x98", "\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80",
	"\xf4\x90\x80\x80", "\xf5", "\xff",
}

// IRIMutated generates strings near valid IRI-references: a generated
// valid URI-reference with up to six characters beyond US-ASCII, or
// non-UTF-8 bytes, from iriInsertions or any code point, inserted at any
// byte, which may split a character inserted before.
func IRIMutated() Gen[string] {
	ref := URIReference()
	return func(r *rand.Rand) string {
		s := ref(r).String()
		for n := r.Intn(7); n > 0; n-- {
			ins := string(rune(0x80 + r.Intn(0x10FFFF-0x80+1)))
			if k := r.Intn(2*len(iriInsertions) + 1); k < len(iriInsertions) {
				ins = iriInsertions[k]
			}
			at := r.Intn(len(s) + 1)
			s = s[:at] + ins + s[at:]
		}
		return s
	}
}
