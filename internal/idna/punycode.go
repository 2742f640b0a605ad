package idna

import (
	"math"
	"slices"
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
//
// The RFC inserts each code point into the output as it decodes it,
// quadratic in the length of the label; a long label is instead put
// together at the end, from the last insertion to the first, each taking
// the free place its index names (a Fenwick tree finds it): O(len log len).
func punyDecode(out []rune, s string) ([]rune, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return out, false
		}
	}
	b := 0
	for j := len(s) - 1; j >= 0; j-- {
		if s[j] == '-' {
			b = j
			break
		}
	}
	pos := 0
	if b > 0 {
		pos = b + 1
	}
	var insBuf [64]insertion
	ins := insBuf[:0]
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
		count := b + len(ins) + 1
		bias = adapt(i-oldi, count, oldi == 0)
		if i/count > pcMaxInt-n {
			return out, false
		}
		n += i / count
		i %= count
		if !utf8.ValidRune(rune(n)) {
			return out, false
		}
		ins = append(ins, insertion{at: i, r: rune(n)})
		i++
	}

	start := len(out)
	for j := 0; j < b; j++ {
		out = append(out, rune(s[j]))
	}
	if len(ins) <= len(insBuf) {
		for _, in := range ins {
			out = append(out, 0)
			copy(out[start+in.at+1:], out[start+in.at:])
			out[start+in.at] = in.r
		}
		return out, true
	}
	total := b + len(ins)
	res := make([]rune, total)
	for j := range res {
		res[j] = -1
	}
	free := make(fenwick, total+1)
	for j := 1; j <= total; j++ {
		free[j] = int32(j & -j) // every place free
	}
	for k := len(ins) - 1; k >= 0; k-- {
		p := free.find(ins[k].at)
		res[p] = ins[k].r
		free.remove(p)
	}
	basic := 0
	for j, r := range res {
		if r < 0 {
			res[j] = rune(s[basic])
			basic++
		}
	}
	return append(out[:start], res...), true
}

// An insertion is a decoded code point and the index it goes to in the
// output as it stands.
type insertion struct {
	at int
	r  rune
}

// punyEncode appends the Punycode encoding of label (RFC 3492 §6.3) to
// dst. It reports false on overflow.
//
// The RFC's loop goes over the whole label once for each distinct code
// point, quadratic in the length of a label of distinct code points (a
// host of 60 kB took seconds). This one takes the code points in order of
// value and keeps, in a Fenwick tree over positions, which ones are
// smaller than n, so that the count the RFC's loop adds one by one between
// two occurrences of n is a difference of prefix sums: the same deltas,
// in O(len log len).
func punyEncode(dst []byte, label []rune) ([]byte, bool) {
	basic := 0
	// Labels are short: their tree and positions fit on the stack.
	var treeBuf [64]int32
	var restBuf [64]int
	tree := fenwick(treeBuf[:])
	if len(label)+1 > len(treeBuf) {
		tree = make(fenwick, len(label)+1)
	} else {
		tree = tree[:len(label)+1]
	}
	rest := restBuf[:0] // positions of the non-basic code points
	for p, r := range label {
		if r < 0x80 {
			dst = append(dst, byte(r))
			basic++
			tree.add(p)
		} else {
			rest = append(rest, p)
		}
	}
	if basic > 0 {
		dst = append(dst, '-')
	}
	slices.SortStableFunc(rest, func(a, b int) int { return int(label[a] - label[b]) })
	h := basic
	n, delta, bias := pcInitialN, 0, pcInitialBias
	for g := 0; g < len(rest); {
		m := int(label[rest[g]])
		end := g
		for end < len(rest) && int(label[rest[end]]) == m {
			end++
		}
		if m-n > (pcMaxInt-delta)/(h+1) {
			return dst, false
		}
		delta += (m - n) * (h + 1)
		n = m
		prev := 0
		for _, p := range rest[g:end] {
			// The code points smaller than n in [prev, p).
			delta += tree.sum(p) - tree.sum(prev)
			if delta > pcMaxInt {
				return dst, false
			}
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
			prev = p + 1
		}
		delta += tree.sum(len(label)) - tree.sum(prev)
		if delta > pcMaxInt {
			return dst, false
		}
		for _, p := range rest[g:end] {
			tree.add(p)
		}
		delta++
		n++
		g = end
	}
	return dst, true
}

// A fenwick tree counts marked positions: add marks one, sum(p) counts
// the marked positions before p.
type fenwick []int32

func (f fenwick) add(p int) {
	for i := p + 1; i < len(f); i += i & -i {
		f[i]++
	}
}

func (f fenwick) remove(p int) {
	for i := p + 1; i < len(f); i += i & -i {
		f[i]--
	}
}

// find returns the position of the marked place that has k marked places
// before it.
func (f fenwick) find(k int) int {
	pos := 0
	step := 1
	for step*2 < len(f) {
		step *= 2
	}
	for ; step > 0; step /= 2 {
		if pos+step < len(f) && int(f[pos+step]) <= k {
			pos += step
			k -= int(f[pos])
		}
	}
	return pos
}

func (f fenwick) sum(p int) int {
	s := 0
	for i := p; i > 0; i -= i & -i {
		s += int(f[i])
	}
	return s
}

// DecodeLabel decodes s, the part of a label after "xn--", as Punycode
// (RFC 3492 section 6.2), or reports false when it is not valid Punycode:
// for readers that explain a label rather than convert a domain.
func DecodeLabel(s string) (string, bool) {
	out, ok := punyDecode(nil, s)
	if !ok {
		return "", false
	}
	return string(out), true
}
