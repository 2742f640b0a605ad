package reference

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// Generators of the rules of Appendix A. Each produces only strings that
// match its rule, so a URI-reference recomposed from them is valid by
// construction; edge cases (empty components, the nine IPv6 forms, dec-octet
// bounds, pct-encodings) come up often.

var stringType = reflect.TypeOf("")

// oneByteOf generates one byte of set.
func oneByteOf(set string) gopter.Gen {
	return gen.IntRange(0, len(set)-1).Map(func(i int) string { return set[i : i+1] })
}

// cat generates the concatenation of what gens generate.
func cat(gens ...gopter.Gen) gopter.Gen {
	return gopter.CombineGens(gens...).Map(func(vs []any) string {
		var b strings.Builder
		for _, v := range vs {
			b.WriteString(v.(string))
		}
		return b.String()
	})
}

// repeat generates min to max repetitions of g, as ABNF's min*max.
func repeat(g gopter.Gen, min, max int) gopter.Gen {
	return gen.IntRange(min, max).FlatMap(func(n any) gopter.Gen {
		return gen.SliceOfN(n.(int), g, stringType).Map(func(parts []string) string {
			return strings.Join(parts, "")
		})
	}, stringType)
}

func constant(s string) gopter.Gen { return gen.Const(s) }

const (
	alphaChars      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	digitChars      = "0123456789"
	hexChars        = "0123456789ABCDEFabcdef"
	unreservedChars = alphaChars + digitChars + "-._~"
	subDelimChars   = "!$&'()*+,;="
)

// PctEncoded generates pct-encoded = "%" HEXDIG HEXDIG.
func PctEncoded() gopter.Gen {
	return cat(constant("%"), oneByteOf(hexChars), oneByteOf(hexChars))
}

// charOrPct generates one character of set or a pct-encoded triplet.
func charOrPct(set string) gopter.Gen {
	return gen.Weighted([]gen.WeightedGen{{Weight: 6, Gen: oneByteOf(set)}, {Weight: 1, Gen: PctEncoded()}})
}

// Scheme generates scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
func Scheme() gopter.Gen {
	return cat(oneByteOf(alphaChars), repeat(oneByteOf(alphaChars+digitChars+"+-."), 0, 8))
}

// UserInfo generates userinfo = *( unreserved / pct-encoded / sub-delims / ":" ).
func UserInfo() gopter.Gen {
	return repeat(charOrPct(unreservedChars+subDelimChars+":"), 0, 10)
}

// DecOctet generates dec-octet, each of its five alternatives alike.
func DecOctet() gopter.Gen {
	return gen.OneGenOf(
		gen.IntRange(0, 9), gen.IntRange(10, 99), gen.IntRange(100, 199),
		gen.IntRange(200, 249), gen.IntRange(250, 255),
	).Map(func(n int) string { return strconv.Itoa(n) })
}

// IPv4 generates IPv4address.
func IPv4() gopter.Gen {
	dot := constant(".")
	return cat(DecOctet(), dot, DecOctet(), dot, DecOctet(), dot, DecOctet())
}

// H16 generates h16 = 1*4HEXDIG.
func H16() gopter.Gen { return repeat(oneByteOf(hexChars), 1, 4) }

// IPv6 generates IPv6address: one of its nine forms, with ls32 either two
// h16 or an IPv4address.
func IPv6() gopter.Gen {
	h16c := cat(H16(), constant(":"))
	ls32 := gen.OneGenOf(cat(H16(), constant(":"), H16()), IPv4())
	before := func(n int) gopter.Gen { // [ *n( h16 ":" ) h16 ]
		return gen.OneGenOf(constant(""), cat(repeat(h16c, 0, n), H16()))
	}
	return gen.OneGenOf(
		cat(repeat(h16c, 6, 6), ls32),
		cat(constant("::"), repeat(h16c, 5, 5), ls32),
		cat(gen.OneGenOf(constant(""), H16()), constant("::"), repeat(h16c, 4, 4), ls32),
		cat(before(1), constant("::"), repeat(h16c, 3, 3), ls32),
		cat(before(2), constant("::"), repeat(h16c, 2, 2), ls32),
		cat(before(3), constant("::"), h16c, ls32),
		cat(before(4), constant("::"), ls32),
		cat(before(5), constant("::"), H16()),
		cat(before(6), constant("::")),
	)
}

// IPvFuture generates IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
func IPvFuture() gopter.Gen {
	return cat(oneByteOf("vV"), repeat(oneByteOf(hexChars), 1, 3), constant("."),
		repeat(oneByteOf(unreservedChars+subDelimChars+":"), 1, 8))
}

// RegName generates reg-name = *( unreserved / pct-encoded / sub-delims ),
// often in the dotted form of a domain name.
func RegName() gopter.Gen {
	label := repeat(oneByteOf(alphaChars+digitChars+"-"), 1, 8)
	return gen.OneGenOf(
		repeat(charOrPct(unreservedChars+subDelimChars), 0, 12),
		cat(label, constant("."), label, constant("."), label),
		cat(repeat(oneByteOf(digitChars+"."), 1, 12)), // IPv4 near misses
	)
}

type hostChoice struct{ text, kind string }

// Host generates host = IP-literal / IPv4address / reg-name, with its kind;
// a reg-name that happens to match IPv4address is an IPv4 address
// ("first-match-wins", section 3.2.2).
func Host() gopter.Gen {
	kinded := func(g gopter.Gen, kind string) gopter.Gen {
		return g.Map(func(s string) hostChoice {
			k := kind
			if k == "RegName" && IsIPv4(s) {
				k = "IPv4"
			}
			return hostChoice{s, k}
		})
	}
	return gen.OneGenOf(
		kinded(IPv4(), "IPv4"),
		kinded(IPv6().Map(func(s string) string { return "[" + s + "]" }), "IPv6"),
		kinded(IPvFuture().Map(func(s string) string { return "[" + s + "]" }), "IPvFuture"),
		kinded(RegName(), "RegName"),
		kinded(RegName(), "RegName"),
	)
}

// Port generates port = *DIGIT.
func Port() gopter.Gen { return repeat(oneByteOf(digitChars), 0, 6) }

// Segment generates segment = *pchar; SegmentNZ and SegmentNZNC the
// non-empty forms, the latter without ":".
func Segment() gopter.Gen {
	return gen.OneGenOf(repeat(charOrPct(unreservedChars+subDelimChars+":@"), 0, 8), constant("."), constant(".."))
}

func genSegmentNZ() gopter.Gen {
	return repeat(charOrPct(unreservedChars+subDelimChars+":@"), 1, 8)
}

func genSegmentNZNC() gopter.Gen {
	return repeat(charOrPct(unreservedChars+subDelimChars+"@"), 1, 8)
}

func slashSegments() gopter.Gen { return repeat(cat(constant("/"), Segment()), 0, 4) }

// PathAbempty, PathAbsolute, PathRootless and PathNoscheme generate the
// path rules of section 3.3.
func PathAbempty() gopter.Gen { return slashSegments() }

func PathAbsolute() gopter.Gen {
	return gen.OneGenOf(constant("/"), cat(constant("/"), genSegmentNZ(), slashSegments()))
}

func PathRootless() gopter.Gen { return cat(genSegmentNZ(), slashSegments()) }

func PathNoscheme() gopter.Gen { return cat(genSegmentNZNC(), slashSegments()) }

// Query generates query (and fragment) = *( pchar / "/" / "?" ).
func Query() gopter.Gen {
	return repeat(charOrPct(unreservedChars+subDelimChars+":@/?"), 0, 12)
}

// optional generates a pointer to what g generates, or nil: an undefined
// component.
func optional(g gopter.Gen) gopter.Gen { return gen.PtrOf(g) }

// ptr reads what optional generated; gopter hands a nil as an untyped nil.
func ptr[T any](v any) *T {
	p, _ := v.(*T)
	return p
}

type authorityChoice struct {
	userinfo *string
	host     hostChoice
	port     *string
}

// URIReference generates the Parts of a valid URI-reference (section 4.1):
// URI or relative-ref, with each hier-part and relative-part alternative.
func URIReference() gopter.Gen {
	authority := gopter.CombineGens(optional(UserInfo()), Host(), optional(Port())).Map(func(vs []any) authorityChoice {
		return authorityChoice{ptr[string](vs[0]), vs[1].(hostChoice), ptr[string](vs[2])}
	})
	return gopter.CombineGens(optional(Scheme()), optional(authority), optional(Query()), optional(Query()), gen.IntRange(0, 2)).
		FlatMap(func(v any) gopter.Gen {
			vs := v.([]any)
			var p Parts
			if s := ptr[string](vs[0]); s != nil {
				p.Scheme, p.HasScheme = *s, true
			}
			if q := ptr[string](vs[2]); q != nil {
				p.Query, p.HasQuery = *q, true
			}
			if f := ptr[string](vs[3]); f != nil {
				p.Fragment, p.HasFragment = *f, true
			}
			var pathGen gopter.Gen
			if a := ptr[authorityChoice](vs[1]); a != nil {
				p.HasAuthority = true
				p.Host, p.HostKind = a.host.text, a.host.kind
				if a.userinfo != nil {
					p.UserInfo, p.HasUserInfo = *a.userinfo, true
				}
				if a.port != nil {
					p.Port, p.HasPort = *a.port, true
				}
				pathGen = PathAbempty()
			} else {
				// path-absolute, path-rootless (path-noscheme in a
				// relative-ref) or path-empty.
				first := PathRootless()
				if !p.HasScheme {
					first = PathNoscheme()
				}
				pathGen = []gopter.Gen{PathAbsolute(), first, constant("")}[vs[4].(int)]
			}
			return pathGen.Map(func(path string) Parts {
				q := p
				q.Path = path
				return q
			})
		}, reflect.TypeOf(Parts{}))
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
func Mutated() gopter.Gen {
	type edit struct {
		kind, at int
		b        byte
	}
	editGen := gopter.CombineGens(gen.IntRange(0, 2), gen.IntRange(0, 1<<16), gen.IntRange(0, len(mutationBytes)-1)).
		Map(func(vs []any) edit { return edit{vs[0].(int), vs[1].(int), mutationBytes[vs[2].(int)]} })
	return gopter.CombineGens(URIReference(), gen.SliceOfN(4, editGen), gen.IntRange(0, 4)).
		Map(func(vs []any) string {
			s := []byte(vs[0].(Parts).String())
			for _, e := range vs[1].([]edit)[:vs[2].(int)] {
				at := e.at % (len(s) + 1)
				switch {
				case e.kind == 0 || len(s) == 0 || at == len(s):
					s = append(s[:at], append([]byte{e.b}, s[at:]...)...)
				case e.kind == 1:
					s[at] = e.b
				default:
					s = append(s[:at], s[at+1:]...)
				}
			}
			return string(s)
		})
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
func IRIMutated() gopter.Gen {
	type insertion struct {
		at int
		s  string
	}
	insGen := gopter.CombineGens(gen.IntRange(0, 1<<16), gen.IntRange(0, 2*len(iriInsertions)), gen.Int32Range(0x80, 0x10FFFF)).
		Map(func(vs []any) insertion {
			if k := vs[1].(int); k < len(iriInsertions) {
				return insertion{vs[0].(int), iriInsertions[k]}
			}
			return insertion{vs[0].(int), string(vs[2].(int32))}
		})
	return gopter.CombineGens(URIReference(), gen.SliceOfN(6, insGen), gen.IntRange(0, 6)).
		Map(func(vs []any) string {
			s := vs[0].(Parts).String()
			for _, ins := range vs[1].([]insertion)[:vs[2].(int)] {
				at := ins.at % (len(s) + 1)
				s = s[:at] + ins.s + s[at:]
			}
			return s
		})
}
