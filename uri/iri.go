package uri

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/urilabs/rfc3986/internal/pct"
	"github.com/urilabs/rfc3986/internal/scan"
)

// ErrInvalidUTF8: an IRI that is not UTF-8 at that byte: a byte that cannot
// begin or continue the shortest-form UTF-8 of a scalar value (RFC 3629),
// or the end of the input within a character. It is wrapped within an
// [Error] with Op "parse iri" when ParseIRI produces it.
var ErrInvalidUTF8 = errors.New("invalid UTF-8")

// opParseIRI is the Op of the errors of ParseIRI. Their messages name a
// character beyond US-ASCII as U+XXXX rather than by its bytes.
const opParseIRI = "parse iri"

// An IRI is an IRI-reference (RFC 3987, section 2.2) that has been parsed:
// a URI-reference whose userinfo, host, path, query and fragment may also
// hold characters beyond US-ASCII, written in UTF-8. Like [URI] it is the
// input string and the offsets of its components, a small value whose
// accessors slice the string and allocate nothing.
//
// Every URI-reference is an IRI-reference: an IRI of ASCII text is the URI
// of the same text, and [IRI.ToURI] returns it without allocating.
// Two IRIs are == when their text is byte for byte the same.
//
// The zero IRI is the empty reference, the same as the result of
// ParseIRI("").
type IRI struct {
	// The core of a URI, so that an IRI has every accessor, the text,
	// JSON, log and database/sql forms of a URI, and converts to the URI
	// that the operations RFC 3987 shares with RFC 3986 work on: they read
	// components by their offsets and copy the bytes between.
	core
}

// ParseIRI parses s as an IRI-reference: an IRI ("https://例え.jp/パス")
// or a relative reference ("../résumé"). It accepts exactly the ABNF of
// RFC 3987 section 2.2 with s read as UTF-8: the characters of ucschar
// where RFC 3986 allows unreserved, except within an IP-literal, and those
// of iprivate in the query alone. It rejects the bidirectional formatting
// characters of section 4.1 (U+200E, U+200F, U+202A to U+202E).
//
// The error is always an *Error with Op "parse iri". A character that
// cannot be where it is fails with ErrInvalidCharacter at the offset of
// its first byte, and its message names it: "invalid character U+E000 at
// offset 12 in path". Bytes that are not UTF-8 fail with ErrInvalidUTF8 at
// the first byte that cannot continue a character. ParseIRI allocates only
// for the error, and reads an ASCII input as fast as Parse.
func ParseIRI(s string) (IRI, error) {
	return parseIRI(s, scan.Options{IRI: true})
}

// parseIRI is ParseIRI with the scanner's options o.
func parseIRI(s string, o scan.Options) (IRI, error) {
	// Most IRIs are URLs of ASCII: see Parse.
	if scan.MayBeShort(s) {
		if m, ok := scan.Short(s); ok {
			return IRI{core{s, m}}, nil
		}
	}
	m, f := scan.ScanAfterShort(s, o)
	if f != 0 {
		e := newError(s, f)
		e.Op = opParseIRI
		return IRI{}, e
	}
	return IRI{core{s, m}}, nil
}

// MustParseIRI is like ParseIRI but panics if s is not an IRI-reference.
// It is meant for tests and for variables initialized with hard-coded
// strings.
func MustParseIRI(s string) IRI {
	i, err := ParseIRI(s)
	if err != nil {
		panic(err)
	}
	return i
}

// uri returns the IRI as the URI the shared operations read. Its text may
// hold bytes >= 0x80, which those operations copy as they are; it never
// leaves the package.
func (i IRI) uri() URI { return URI(i) }

// ToURI maps i to a URI as RFC 3987 section 3.1 does: the UTF-8 of every
// character beyond US-ASCII is percent-encoded, in uppercase, and nothing
// else changes ("http://例え.jp/パス" becomes
// "http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9"); the IDNA ToASCII
// mapping the section allows for a host is not applied. It returns the URI
// of the same text, without allocating, when i is ASCII; otherwise it
// allocates the result once.
func (i IRI) ToURI() URI {
	n := 0
	for k := 0; k < len(i.s); k++ {
		if i.s[k] >= utf8.RuneSelf {
			n++
		}
	}
	if n == 0 {
		return URI(i)
	}
	w := lazyWriter(i.s, 2*n)
	m := i.uri().rewrite(&w, encodeUTF8)
	return URI{core{bytesToString(w.buf), scan.WithPlain(bytesToString(w.buf), m)}}
}

// A conversion is what rewrite does to the components: ToURI's or
// ToIRI's. It is a value rather than a function so that the calls stay
// static and the writer on the stack.
type conversion bool

const (
	encodeUTF8 conversion = false
	decodeUTF8 conversion = true
)

// write writes s, src[at:], component c, converted.
func (conv conversion) write(w *writer, s string, at int, c Component) {
	if conv == decodeUTF8 {
		writeDecodedUTF8(w, s, at, c)
		return
	}
	writeEncodedUTF8(w, s, at)
}

// writeEncodedUTF8 writes s, src[at:], with every byte >= 0x80
// percent-encoded (RFC 3987 section 3.1, step 2).
func writeEncodedUTF8(w *writer, s string, at int) {
	for k := 0; k < len(s); {
		j := k
		for j < len(s) && s[j] < utf8.RuneSelf {
			j++
		}
		w.str(s[k:j], at+k)
		if j == len(s) {
			return
		}
		c := s[j]
		w.byte('%')
		w.byte(pct.UpperHex[c>>4])
		w.byte(pct.UpperHex[c&0xF])
		k = j + 1
	}
}

// ToIRI maps u to an IRI as RFC 3987 section 3.2 does: percent-encoded
// UTF-8 is decoded where the character is one the component can hold as
// it is, a ucschar, or an iprivate in the query. Everything else stays
// encoded: octets that are not strictly UTF-8 ("%FC"), characters outside
// those rules, the bidirectional formatting characters of section 4.1
// ("%E2%80%AE"), and every encoded ASCII character, reserved or not, so
// that ToURI gives u back but for the case of the hexadecimal digits: the
// octets of a triplet beyond US-ASCII that stays are written in uppercase,
// as the section's examples are. An IP-literal is left as it is (an RFC
// 6874 zone identifier included, which the IRI then keeps).
//
// It returns the IRI of u's text without allocating when nothing changes,
// and otherwise allocates the result once.
func (u URI) ToIRI() IRI {
	if strings.IndexByte(u.s, '%') < 0 {
		return IRI(u)
	}
	w := lazyWriter(u.s, 0)
	m := u.rewrite(&w, decodeUTF8)
	if w.lazy {
		return IRI(u)
	}
	return IRI{core{bytesToString(w.buf), scan.WithPlain(bytesToString(w.buf), m)}}
}

// writeDecodedUTF8 writes s, src[at:], a valid component c, with its
// percent-encoded UTF-8 decoded where ToIRI decodes it (RFC 3987 section
// 3.2, steps 2 to 4).
func writeDecodedUTF8(w *writer, s string, at int, c Component) {
	for k := 0; k < len(s); {
		j := strings.IndexByte(s[k:], '%')
		if j < 0 {
			w.str(s[k:], at+k)
			return
		}
		j += k
		w.str(s[k:j], at+k)
		if decodeTriplet(s[j+1], s[j+2]) < utf8.RuneSelf {
			w.str(s[j:j+3], at+j)
			k = j + 3
			continue
		}
		// The octets of up to one character, from consecutive triplets.
		var octets [utf8.UTFMax]byte
		n := 0
		for t := j; n < len(octets) && t+2 < len(s) && s[t] == '%'; t += 3 {
			octets[n] = decodeTriplet(s[t+1], s[t+2])
			n++
		}
		kind, end := scan.ReadCharacter(string(octets[:n]), 0)
		switch {
		case kind == scan.UTF8UCS, kind == scan.UTF8Private && c == Query:
			for _, b := range octets[:end] {
				w.byte(b)
			}
		case kind == scan.UTF8Invalid:
			end = 1 // only the first octet is not part of a character
			fallthrough
		default:
			for t := j; t < j+3*int(end); t += 3 {
				w.upperTriplet(s[t+1], s[t+2])
			}
		}
		k = j + 3*int(end)
	}
}

// rewrite writes u's text through w, each of its userinfo, reg-name
// host, path, query and fragment converted by conv, the other parts as
// they are, and returns the marks of what it wrote. A conversion writes no
// delimiter of the component and no byte that changes the kind of a host.
func (u URI) rewrite(w *writer, conv conversion) scan.Marks {
	var schemeEnd, authorityStart, hostStart, hostEnd uint32
	if u.HasScheme() {
		w.str(u.Scheme(), 0)
		schemeEnd = uint32(w.pos())
		w.byte(':')
	}
	if u.HasAuthority() {
		from := int(u.m.AuthorityStart())
		w.str("//", from-2)
		authorityStart = uint32(w.pos())
		if u.HasUserInfo() {
			conv.write(w, u.UserInfo(), from, UserInfo)
			w.byte('@')
		}
		hostStart = uint32(w.pos())
		if kind := u.HostKind(); kind == IPv6 || kind == IPvFuture {
			w.str(u.Host(), int(u.m.HostStart()))
		} else {
			conv.write(w, u.Host(), int(u.m.HostStart()), Host)
		}
		hostEnd = uint32(w.pos())
		if u.HasPort() {
			w.byte(':')
			w.str(u.Port(), int(u.m.HostEnd())+1)
		}
	}
	pathStart := uint32(w.pos())
	if !u.HasAuthority() {
		authorityStart, hostStart, hostEnd = pathStart, pathStart, pathStart
	}
	conv.write(w, u.Path(), int(u.m.PathStart()), Path)
	pathEnd := uint32(w.pos())
	if u.HasQuery() {
		w.byte('?')
		conv.write(w, u.Query(), int(u.m.PathEnd())+1, Query)
	}
	queryEnd := uint32(w.pos())
	if u.HasFragment() {
		w.byte('#')
		conv.write(w, u.Fragment(), int(u.m.QueryEnd())+1, Fragment)
	}
	return scan.MakeMarks(schemeEnd, authorityStart, hostStart, hostEnd, pathStart, pathEnd, queryEnd, u.m.Flags(), u.m.HostKind())
}

// Normalize returns i in the normal form of RFC 3987 section 5.3: the
// syntax-based normalization of section 5.3.2, which is that of URIs
// (case, percent-encoding, dot-segments) with percent-encoded ucschar
// decoded as ToIRI decodes it, followed by the scheme-based rules of
// section 5.3.3, which are those URI.Normalize applies. Only ASCII letters
// change case, in the scheme and the host (5.3.2.1). There is no Unicode
// normalization: section 5.3.2.2 leaves NFC to whoever writes the IRI.
//
// It is i.ToURI().Normalize().ToIRI(), which is why two IRIs that map to
// equivalent URIs have the same normal form ("example://a/b/c/%7Bfoo%7D/rosé"
// and "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9"). It returns i itself
// when i is ASCII and already normal, without allocating.
func (i IRI) Normalize() IRI {
	return i.ToURI().Normalize().ToIRI()
}

// Resolve returns the target IRI of the reference ref, resolved against
// base: RFC 3987 section 2.1 applies the resolution of RFC 3986 to IRIs as
// it is, and this is URI.Resolve on IRIs, with its errors (ErrRelativeBase
// when base has no scheme) and its allocation.
func (base IRI) Resolve(ref IRI) (IRI, error) {
	u, err := base.uri().Resolve(ref.uri())
	return IRI(u), err
}

// offending returns the byte at e.Offset as messages show it, or, in an
// error of ParseIRI, the character that begins there as "U+E000".
func (e *Error) offending() string {
	c := e.Input[e.Offset]
	if e.Op == opParseIRI && c >= utf8.RuneSelf {
		if r, n := utf8.DecodeRuneInString(e.Input[e.Offset:]); n > 1 {
			return fmt.Sprintf("U+%04X", r)
		}
	}
	return quoteByte(c)
}
