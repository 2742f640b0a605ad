package idna

import (
	"math"
	"unicode/utf8"
)

// Punycode, RFC 3492, with the parameters of §5 and the overflow checks of
// §6.4 for 32-bit signed integers (the width the RFC's sample code and the
// implementations browsers use assume).
const (
	pcBase        = 36
	pcTMin        = 1
	pcTMax        = 26
	pcSkew        = 38
	pcDamp        = 700
	pcInitialBias = 72
	pcInitialN    = 128
	pcMaxInt      = math.MaxInt32
)

// adapt is the bias adaptation function of RFC 3492 §6.1.
func adapt(delta, numPoints int, first bool) int {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := 0
	for delta > (pcBase-pcTMin)*pcTMax/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + (pcBase-pcTMin+1)*delta/(delta+pcSkew)
}

// threshold is t(k) of RFC 3492 §6.2 and §6.3.
func threshold(k, bias int) int {
	switch {
	case k <= bias:
		return pcTMin
	case k >= bias+pcTMax:
		return pcTMax
	}
	return k - bias
}

// decodeDigit returns the digit value of c (§5: A-Z and a-z are 0-25,
// 0-9 are 26-35), or pcBase when c is no digit.
func decodeDigit(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c-'0') + 26
	case 'A' <= c && c <= 'Z':
		return int(c - 'A')
	case 'a' <= c && c <= 'z':
		return int(c - 'a')
	}
	return pcBase
}

func encodeDigit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// punyDecode decodes s, the part of a label after "xn--", per RFC 3492
// §6.2, and appends the code points to out. It reports false when s is
// not valid Punycode: a non-basic code point, a character that is no
// digit, a truncated number, an overflow, or a result that is not a
// Unicode scalar value.
func punyDecode(out []rune, s string) ([]rune, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return out, false
		}
	}
	start := len(out)
	b := 0
	for j := len(s) - 1; j >= 0; j-- {
		if s[j] == '-' {
			b = j
			break
		}
	}
	for j := 0; j < b; j++ {
		out = append(out, rune(s[j]))
	}
	pos := 0
	if b > 0 {
		pos = b + 1
	}
	n, i, bias := pcInitialN, 0, pcInitialBias
	for pos < len(s) {
		oldi, w := i, 1
		for k := pcBase; ; k += pcBase {
			if pos >= len(s) {
				return out, false
			}
			digit := decodeDigit(s[pos])
			pos++
			if digit >= pcBase || digit > (pcMaxInt-i)/w {
				return out, false
			}
			i += digit * w
			t := threshold(k, bias)
			if digit < t {
				break
			}
			if w > pcMaxInt/(pcBase-t) {
				return out, false
			}
			w *= pcBase - t
		}
		count := len(out) - start + 1
		bias = adapt(i-oldi, count, oldi == 0)
		if i/count > pcMaxInt-n {
			return out, false
		}
		n += i / count
		i %= count
		if !utf8.ValidRune(rune(n)) {
			return out, false
		}
		out = append(out, 0)
		copy(out[start+i+1:], out[start+i:])
		out[start+i] = rune(n)
		i++
	}
	return out, true
}

// punyEncode appends the Punycode encoding of label (RFC 3492 §6.3) to
// dst. It reports false on overflow.
func punyEncode(dst []byte, label []rune) ([]byte, bool) {
	basic := 0
	for _, r := range label {
		if r < 0x80 {
			dst = append(dst, byte(r))
			basic++
		}
	}
	h := basic
	if basic > 0 {
		dst = append(dst, '-')
	}
	n, delta, bias := pcInitialN, 0, pcInitialBias
	for h < len(label) {
		m := pcMaxInt
		for _, r := range label {
			if int(r) >= n && int(r) < m {
				m = int(r)
			}
		}
		if m-n > (pcMaxInt-delta)/(h+1) {
			return dst, false
		}
		delta += (m - n) * (h + 1)
		n = m
		for _, r := range label {
			if int(r) < n {
				delta++
				if delta > pcMaxInt {
					return dst, false
				}
			}
			if int(r) == n {
				q := delta
				for k := pcBase; ; k += pcBase {
					t := threshold(k, bias)
					if q < t {
						break
					}
					dst = append(dst, encodeDigit(t+(q-t)%(pcBase-t)))
					q = (q - t) / (pcBase - t)
				}
				dst = append(dst, encodeDigit(q))
				bias = adapt(delta, h+1, h == basic)
				delta = 0
				h++
			}
		}
		delta++
		n++
	}
	return dst, true
}
