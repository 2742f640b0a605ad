package whatwg

import "math/bits"

// What checkPlain finds.
const (
	plainReject = 1 << iota // the URI is not its own serialization
	plainDashes             // the domain has "--": look for an "xn--" label
	plainDots               // the path has "/." or "/%": look for a dot-segment
)

// checkPlainBytes checks, in an ASCII s of 1 to 64 bytes, the parts of s
// that the fast path must find as the Standard's serializer writes them,
// each given as the mask of its bytes (bit i for s[i]) or 0: no "A" to "Z"
// or "%" in upper (a scheme and a domain), no "'" in query (a special
// query); in host (a domain) it reports "--" as plainDashes, and in path
// (not opaque) a "/" followed by "." or "%" as plainDots, for a closer
// look; in label (the domain without a trailing ".") a last label that
// begins with a digit is rejected. It reads s one byte at a time: it is
// the definition that the tests hold checkPlain to.
func checkPlainBytes(s string, upper, host, label, path, query uint64) uint8 {
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
