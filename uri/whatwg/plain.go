package whatwg

import "math/bits"

// What checkPlain finds.
const (
	plainReject = 1 << iota // the URI is not its own serialization
	plainDashes             // the domain has "--": look for an "xn--" label
	plainDots               // the path has "/." or "/%": look for a dot-segment
)

// The parts of a URI that checkPlain checks besides its scheme.
const (
	partDomain = 1 << iota // the host is a domain of a special URL
	partPath               // the path is not opaque
	partQuery              // the query is that of a special URL
)

// checkPlainBytes checks whether the parts of an ASCII s of 1 to 64 bytes
// are as the Standard's serializer writes them: no "A" to "Z" in the
// scheme s[:se]; with partDomain, no "A" to "Z" or "%" in the domain
// s[hs:he], not empty, and a last label (without a trailing ".") that
// does not begin with a digit; with partQuery, no "'" in the query
// s[pe+1:qe]. It reports "--" in the domain as plainDashes and a "/"
// followed by "." or "%" in the path s[ps:pe], with partPath, as
// plainDots, for a closer look. It reads s one byte at a time: it is the
// definition that the tests hold checkPlain to.
func checkPlainBytes(s string, se, hs, he, ps, pe, qe uint32, parts uint8) uint8 {
	var upperPct, dash, slash, dotPct, digit, quote uint64
	for i := 0; i < len(s) && i < 64; i++ {
		bit := uint64(1) << i
		switch b := s[i]; {
		case 'A' <= b && b <= 'Z':
			upperPct |= bit
		case b == '%':
			upperPct |= bit
			dotPct |= bit
		case b == '-':
			dash |= bit
		case b == '/':
			slash |= bit
		case b == '.':
			dotPct |= bit
		case '0' <= b && b <= '9':
			digit |= bit
		case b == '\'':
			quote |= bit
		}
	}
	upper := span(0, se)
	var host, label, path, query uint64
	if parts&partDomain != 0 {
		host = span(hs, he)
		upper |= host
		end := he
		if s[end-1] == '.' {
			end--
		}
		label = span(hs, end)
	}
	if parts&partPath != 0 {
		path = span(ps, pe)
	}
	if parts&partQuery != 0 {
		query = span(pe+1, qe)
	}
	if upperPct&upper != 0 || quote&query != 0 {
		return plainReject
	}
	var r uint8
	if dash&(dash>>1)&host != 0 {
		r |= plainDashes
	}
	if slash<<1&dotPct&path != 0 {
		r |= plainDots
	}
	if label != 0 {
		starts := (dotPct<<1 | label&-label) & label
		if digit&(1<<(63-bits.LeadingZeros64(starts))) != 0 {
			return plainReject
		}
	}
	return r
}

// span returns the mask of the bits from a up to b, for b at most 64.
func span(a, b uint32) uint64 {
	return (1<<b - 1) &^ (1<<a - 1)
}
