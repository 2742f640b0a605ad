package scan

import "github.com/urilabs/rfc3986/tables"

// The plain fact: what the scanner records, on the way, for the shortcut
// of package uri's Hazards. A URI is plain when its path ends at most
// MaxPlain bytes in (its query and fragment may be of any length), its
// scheme is not "file" (nor any other of four letters beginning with "f"
// or "F"), it has an authority whose host is a non-empty reg-name without
// a userinfo or a port, and its host and path hold neither a "%" nor a
// ";" nor two pair bytes in a row nor a byte >= 0x80 (an IRI's,
// MayHoldPlain):
// the pair bytes are ",", "-", "." and "/", among which the trigger pairs
// "/." and "--" and the "//" of a path that begins with it, and few URLs
// hold other two of them in a row, which cost the scanner one compare
// fewer each than the exact pairs. The only hazards a plain URI may have
// are those of a name that ends like a number (NameMayEndNumber), which the
// scanner records too (PlainFacts).
//
// The fact is a function of the text alone, like every other mark, so
// that == on URIs still means equal text: shortLane finds it with the
// masks it has of every byte of the URIs of up to 64 bytes it reads, the
// lane of longer ones with plainFacts on the bytes up to the end of the
// path, which it has just read, and every other way to make Marks (the
// general scanner, package uri's Resolve, Normalize and the others) calls
// WithPlain, which does the same. URIs whose path ends further in are
// never plain; Hazards looks at them itself. MaxPlain is two vector
// registers of AVX-512, less a byte: plainFacts reads the bytes with two
// loads of 64 that overlap by one at least, so that no pair of bytes is
// cut between them. Nearly every host and path of the web corpus ends
// within it.
const MaxPlain = 2*maxShortLane - 1

// plainFact is the bit of the plain fact in the info word of Marks, above
// the flags and the host kind, and plainNumber the bit above it, set when
// the URI is plain and its host may end in a number.
const (
	plainAt     = 16
	plainFact   = 1 << plainAt
	plainNumber = 2 << plainAt
)

// lanePlain and laneNumber are plainFact and plainNumber for the
// assemblies of shortLane (go_asm.h).
//
//lint:ignore U1000 the assembly reads it.
const lanePlain = plainFact

// laneNumber: see lanePlain.
//
//lint:ignore U1000 the assembly reads it.
const laneNumber = plainNumber

// The bytes where a hazard of package uri may begin, and the pairs of
// them: the one home of them. Package uri's Hazards and its assemblies
// (through its own constants, which name these) look closer when a host
// or a path holds one; shortLane's assemblies read them from go_asm.h.
const (
	TriggerPercent   = '%' // EncodedHost, EncodedDelimiter, an encoded dot-segment
	TriggerSemicolon = ';' // PathParameter
	TriggerSlash     = '/' // "/." begins a DotSegment, with TriggerDot after it
	TriggerDot       = '.'
	TriggerHyphen    = '-' // "--" is a PunycodeLabel's, with TriggerHyphen after it
)

// Constants of the word-at-a-time search of MayHoldWords: LSB*c repeats the
// byte c in each byte of a word.
const (
	LSB = 0x0101010101010101 // the low bit of each byte
	MSB = 0x8080808080808080 // the high bit of each byte
)

// The trigger bytes repeated in each byte of a word, for holds and for the
// assemblies' compares.
const (
	Percent8   = LSB * TriggerPercent
	Semicolon8 = LSB * TriggerSemicolon
	Slash8     = LSB * TriggerSlash
	Dot8       = LSB * TriggerDot
	Hyphen8    = LSB * TriggerHyphen
)

// PairLow and PairMask say which bytes are pair bytes (see MaxPlain): c
// is one when c&PairMask == PairLow, from ",", 0x2C, to "/", 0x2F. The
// assemblies read them from go_asm.h, repeated in each byte of a word
// (PairLow8, PairMask8).
const (
	PairLow   = TriggerSlash &^ 3
	PairMask  = 0xFC
	PairLow8  = LSB * PairLow
	PairMask8 = LSB * PairMask
)

// The trigger bytes of the pairs are pair bytes: a compile-time check.
var _ = [1]struct{}{}[TriggerSlash&PairMask^PairLow|TriggerDot&PairMask^PairLow|TriggerHyphen&PairMask^PairLow]

// Plain reports the plain fact of the URI of m (see MaxPlain).
func (m Marks) Plain() bool { return m.info&plainFact != 0 }

// PlainFacts returns 0 when the URI of m is not plain (see MaxPlain), 1
// when it is and its host does not end like a number, 3 when it may.
func (m Marks) PlainFacts() uint32 { return uint32(m.info>>plainAt) & 3 }

// plainShape is what the info word of a plain URI holds under the mask
// plainShapeMask: an authority without a userinfo or a port, and a
// reg-name.
const (
	plainShapeMask = uint64(HasAuthority|HasUserInfo|HasPort) | 0xFF<<8
	plainShape     = uint64(HasAuthority) | uint64(tables.HostRegName)<<8
)

// WithPlain returns m, the marks of s without the plain facts (as
// MakeMarks makes them), with the plain facts of s (see MaxPlain): for
// package uri, which writes URIs whose marks it knows, and for the
// scanner's own code other than shortLane. What most URIs that are not
// plain fail, their length or their shape, it tests inline, so that they
// pay for no call.
func WithPlain(s string, m Marks) Marks {
	if m.info&plainShapeMask == plainShape && uint32(m.pathQuery) <= MaxPlain { // the end of the path
		m.info |= plainFacts(s, m)
	}
	return m
}

// plainFactsWords returns the bits of the plain facts of s, a URI or the
// start of one up to at least the end of its path, which is at most
// MaxPlain bytes in, whose marks m have the shape of a plain one (see
// WithPlain): the Go code of plainFacts.
func plainFactsWords(s string, m Marks) uint64 {
	hs, he, pe := m.HostStart(), m.HostEnd(), m.PathEnd()
	if he <= hs || m.SchemeEnd() == 4 && s[0]|0x20 == 'f' || MayHoldPlain(s[hs:pe]) {
		return 0
	}
	if NameMayEndNumber(s[hs:he]) {
		return plainFact | plainNumber
	}
	return plainFact
}

// NameMayEndNumber reports whether host, a non-empty reg-name, may end in
// a number to the WHATWG URL Standard, as the plain facts record it: its
// last byte may end one (MayEndNumber), and is not a hexadecimal letter
// ending a label of one or two bytes, which no number is ("0x" and a
// digit at least): "example.de" and "example.ca" do not, "0xa" and
// "127.1" may.
func NameMayEndNumber(host string) bool {
	n := len(host)
	c := host[n-1]
	if !MayEndNumber(c) {
		return false
	}
	return c|0x20-'a' >= 6 || n > 2 && host[n-2] != '.' && host[n-3] != '.'
}

// MayEndNumber reports whether c, the last byte of a reg-name, may end a
// number ("127.1", "0x7f") or be a trailing ".". Most names end in a
// letter past "f" ("com", "org", "net").
func MayEndNumber(c byte) bool {
	c |= 0x20
	t := uint64(EndNumberLow)
	if c&0x40 != 0 {
		t = EndNumberHigh
	}
	return t>>(c&63)&1 != 0 && c < 0x80
}

// The table of MayEndNumber: one bit for each byte from 0x00 to 0x3F
// (EndNumberLow) and from 0x40 to 0x7F (EndNumberHigh; c|0x20 is one of
// those when c is a letter), tested without branches. The assemblies
// read it from go_asm.h.
const (
	EndNumberLow  = 1<<'.' | (1<<10-1)<<'0'          // ".", DIGIT
	EndNumberHigh = (1<<6-1)<<('a'-64) | 1<<('x'-64) // "a" to "f", "x"
)

// MayHoldPlain reports whether s, a host and path, holds what a plain URI
// does not (see MaxPlain): a "%", a ";", two pair bytes in a row or a
// byte >= 0x80. It reads s eight bytes at a time, as MayHoldWords does.
func MayHoldPlain(s string) bool {
	if len(s) < 8 {
		x := uint64(0x7F7F7F7F7F7F7F7F) // none of what it looks for, after the end of s
		for i := len(s) - 1; i >= 0; i-- {
			x = x<<8 | uint64(s[i])
		}
		return holdsPlain(x)
	}
	for i := 0; ; i += 8 {
		if i+8 > len(s) {
			i = len(s) - 8 // the last word overlaps the one before
		}
		if holdsPlain(load64(s[i:])) {
			return true
		}
		if i+8 == len(s) {
			return false
		}
		if s[i+7]&PairMask == PairLow && s[i+8]&PairMask == PairLow {
			return true
		}
	}
}

// holdsPlain reports whether the word x, eight bytes of a URI the first
// lowest, holds a "%", a ";", two pair bytes in a row or a byte >= 0x80. The pair bytes
// are the zero bytes of x&PairMask8^PairLow8, found exactly, each with
// its high bit (Hacker's Delight, section 6-1), so that two in a row show
// as a bit and the bit eight above it.
func holdsPlain(x uint64) bool {
	const low7 = 0x7F7F7F7F7F7F7F7F
	y := x&PairMask8 ^ PairLow8
	pair := ^((y&low7 + low7) | y) & MSB
	return x&MSB|zeroByte(x^Percent8)|zeroByte(x^Semicolon8)|pair&(pair>>8) != 0
}

// MayHoldWords reports whether s, a host and path, holds a byte where a
// hazard may begin: "%" (EncodedHost, EncodedDelimiter, an encoded
// dot-segment), ";" (PathParameter), "/." (DotSegment) or "--"
// (PunycodeLabel). It reads s eight bytes at a time, which costs less
// than a call of strings.IndexByte for each byte on the short strings of
// URLs, and finds the pairs without stopping at each "/" or "-".
func MayHoldWords(s string) bool {
	if len(s) < 8 {
		x := ^uint64(0) // 0xFF, no byte of a URI, after the end of s
		for i := len(s) - 1; i >= 0; i-- {
			x = x<<8 | uint64(s[i])
		}
		return holds(x)
	}
	for i := 0; ; i += 8 {
		if i+8 > len(s) {
			i = len(s) - 8 // the last word overlaps the one before
		}
		// A pair at bytes i+k, i+k+1 shows in holds for k up to 6; a
		// pair across words, k = 7, is looked at alone.
		if holds(load64(s[i:])) {
			return true
		}
		if i+8 == len(s) {
			return false
		}
		if c := s[i+7]; c == TriggerSlash && s[i+8] == TriggerDot || c == TriggerHyphen && s[i+8] == TriggerHyphen {
			return true
		}
	}
}

// holds reports whether the word x, eight bytes of a URI the first
// lowest, holds "%", ";", or the pair "/." or "--" within it. A word has
// a byte c where x^LSB*c has a zero byte; a word has the pair c1 c2 where
// (x^LSB*c1)|(x>>8^LSB*c2) has one.
func holds(x uint64) bool {
	next := x >> 8
	return zeroByte(x^Percent8)|zeroByte(x^Semicolon8)|
		zeroByte((x^Slash8)|(next^Dot8))|zeroByte((x^Hyphen8)|(next^Hyphen8)) != 0
}

// zeroByte is not zero if and only if x has a zero byte (Hacker's
// Delight, section 6-1). Its bits above the lowest zero byte may be
// wrong, which does not matter to whether it is zero.
func zeroByte(x uint64) uint64 { return (x - LSB) &^ x & MSB }

// load64 returns the first eight bytes of s, the first lowest; the
// compiler makes one load of it where the machine allows.
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
