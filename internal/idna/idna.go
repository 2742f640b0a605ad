package idna

import (
	"strings"
	"unicode/utf8"

	"github.com/urilabs/rfc3986/internal/ascii"
)

// Options are the flags of UTS #46 §4 (Processing) and §4.2 (ToASCII).
// The zero value asks for nontransitional processing and no checks.
type Options struct {
	CheckHyphens          bool // criteria 2 and 3: no "--" at 3-4, no hyphen at either end
	CheckBidi             bool // criterion 9: RFC 5893 §2 in Bidi domain names
	CheckJoiners          bool // criterion 8: RFC 5892 Appendix A.1, A.2 (ContextJ)
	UseSTD3ASCIIRules     bool // criterion 7: ASCII limited to a-z, 0-9 and "-"
	Transitional          bool // Transitional_Processing (deprecated by UTS #46)
	VerifyDNSLength       bool // §4.2 step 4: labels of 1-63 octets, names of 1-253
	IgnoreInvalidPunycode bool // §4 step 4.1.2: keep invalid "xn--" labels as they are
}

// URLOptions returns the options with which the URL Standard's domain to
// ASCII calls ToASCII: CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength
// set to beStrict, CheckBidi and CheckJoiners set, nontransitional
// processing, invalid Punycode an error.
func URLOptions(beStrict bool) Options {
	return Options{
		CheckHyphens:      beStrict,
		CheckBidi:         true,
		CheckJoiners:      true,
		UseSTD3ASCIIRules: beStrict,
		VerifyDNSLength:   beStrict,
	}
}

// ToASCII converts domain to its ASCII form per UTS #46 §4.2: it maps,
// normalizes, decodes and validates each label and encodes the non-ASCII
// ones in Punycode with the "xn--" prefix. On failure it returns "" and an
// [*Error] naming the first rule broken.
//
// A domain of lower-case ASCII without "xn--" labels is returned as it
// is, without allocating.
func ToASCII(domain string, opts Options) (string, error) {
	if out, ok := asciiFast(domain, opts); ok {
		return out, nil
	}
	return toASCII(domain, opts)
}

// toASCII is ToASCII without the fast path.
func toASCII(domain string, opts Options) (string, error) {
	var labelBuf [8]label
	labels, err := process(labelBuf[:0], domain, opts)
	if err != nil {
		return "", err
	}
	// The encoding is about as long as the UTF-8 it encodes.
	n := len(labels) - 1
	for _, l := range labels {
		n += len(l.text) + 4
	}
	var b strings.Builder
	b.Grow(n)
	var buf [64]byte
	var runeBuf [64]rune
	for i, l := range labels {
		if i > 0 {
			b.WriteByte('.')
		}
		if l.ascii {
			b.WriteString(l.text)
			continue
		}
		rs := runeBuf[:0]
		for _, r := range l.text {
			rs = append(rs, r)
		}
		enc, ok := punyEncode(append(buf[:0], "xn--"...), rs)
		if !ok {
			return "", &Error{Rule: RuleEncode, Label: i, Text: l.text, Rune: -1}
		}
		b.Write(enc)
	}
	out := b.String()
	if opts.VerifyDNSLength {
		if err := verifyDNSLength(out); err != nil {
			return "", err
		}
	}
	return out, nil
}

// ToUnicode converts domain to its Unicode form per UTS #46 §4.3: the
// result of processing, with the "xn--" labels decoded. It always returns
// the converted domain; the error, an [*Error], reports the first rule
// the domain broke.
func ToUnicode(domain string, opts Options) (string, error) {
	var labelBuf [8]label
	labels, err := process(labelBuf[:0], domain, opts)
	var b strings.Builder
	for i, l := range labels {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(l.text)
	}
	if err != nil {
		return b.String(), err
	}
	return b.String(), nil
}

// DomainToASCII is the URL Standard's domain to ASCII: UTS #46 ToASCII
// with [URLOptions](beStrict), and, when beStrict is false, the Standard's
// own steps: an ASCII domain is only lower-cased, whatever ToASCII makes
// of it (web compatibility), and the result must be neither empty nor
// hold a forbidden domain code point.
//
// A lower-case ASCII domain is returned as it is, without allocating.
func DomainToASCII(domain string, beStrict bool) (string, error) {
	if beStrict {
		return ToASCII(domain, URLOptions(true))
	}
	// One pass over the bytes tells the common case, a lower-case ASCII
	// domain with no forbidden code point, which is its own result.
	var seen uint8
	for i := 0; i < len(domain); i++ {
		seen |= domainClass[domain[i]]
	}
	if seen == 0 && domain != "" {
		return domain, nil
	}
	result := domain
	if seen&classNonASCII != 0 {
		var err error
		if result, err = ToASCII(domain, URLOptions(false)); err != nil {
			return "", err
		}
	} else if seen&classUpper != 0 {
		result = lower(domain)
	}
	if result == "" {
		return "", &Error{Rule: RuleEmpty, Label: -1, Rune: -1}
	}
	for i := 0; i < len(result); i++ {
		if forbiddenDomain[result[i]] {
			return "", forbiddenError(result, i)
		}
	}
	return result, nil
}

// The classes of bytes DomainToASCII tells apart in its first pass.
const (
	classUpper     = 1 << iota // A-Z
	classNonASCII              // a byte of a non-ASCII code point
	classForbidden             // a forbidden domain code point
)

var domainClass = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case 'A' <= c && c <= 'Z':
			t[c] = classUpper
		case c >= utf8.RuneSelf:
			t[c] = classNonASCII
		case forbiddenDomain[c]:
			t[c] = classForbidden
		}
	}
	return t
}()

// forbiddenDomain marks the forbidden domain code points of the URL
// Standard: the forbidden host code points, the C0 controls, "%" and
// DELETE. Only ASCII can be forbidden.
var forbiddenDomain = [256]bool{
	0x00: true, 0x01: true, 0x02: true, 0x03: true, 0x04: true, 0x05: true, 0x06: true, 0x07: true,
	0x08: true, 0x09: true, 0x0A: true, 0x0B: true, 0x0C: true, 0x0D: true, 0x0E: true, 0x0F: true,
	0x10: true, 0x11: true, 0x12: true, 0x13: true, 0x14: true, 0x15: true, 0x16: true, 0x17: true,
	0x18: true, 0x19: true, 0x1A: true, 0x1B: true, 0x1C: true, 0x1D: true, 0x1E: true, 0x1F: true,
	' ': true, '#': true, '%': true, '/': true, ':': true, '<': true, '>': true, '?': true,
	'@': true, '[': true, '\\': true, ']': true, '^': true, '|': true, 0x7F: true,
}

// forbiddenError reports the forbidden code point at s[i], with its label.
func forbiddenError(s string, i int) error {
	label, start := 0, 0
	for j := 0; j < i; j++ {
		if s[j] == '.' {
			label++
			start = j + 1
		}
	}
	end := strings.IndexByte(s[start:], '.')
	if end < 0 {
		end = len(s)
	} else {
		end += start
	}
	return &Error{Rule: RuleForbidden, Label: label, Text: s[start:end], Rune: rune(s[i])}
}

// lower returns s, ASCII, with A-Z lower-cased.
func lower(s string) string {
	b := []byte(s)
	ascii.Lower(b)
	return string(b)
}

// asciiFast handles a domain of ASCII without "xn--" labels, for which
// processing is lower-casing: such a label is in NFC, starts with no mark,
// holds only valid code points (A-Z are mapped), and no joiner, and the
// domain has no right-to-left code point, so it is no Bidi domain name.
// The option checks are left to the slow path, which reports them.
func asciiFast(domain string, opts Options) (string, bool) {
	upper := false
	start := 0
	for i := 0; i <= len(domain); i++ {
		if i == len(domain) || domain[i] == '.' {
			label := domain[start:i]
			if len(label) >= 4 && (label[0]|0x20) == 'x' && (label[1]|0x20) == 'n' && label[2] == '-' && label[3] == '-' {
				return "", false
			}
			if opts.CheckHyphens && label != "" && (label[0] == '-' || label[len(label)-1] == '-' || len(label) >= 4 && label[2] == '-' && label[3] == '-') {
				return "", false
			}
			if opts.VerifyDNSLength && (len(label) == 0 || len(label) > 63) {
				return "", false
			}
			start = i + 1
			continue
		}
		c := domain[i]
		if c >= utf8.RuneSelf {
			return "", false
		}
		if 'A' <= c && c <= 'Z' {
			upper = true
		} else if opts.UseSTD3ASCIIRules && !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return "", false
		}
	}
	if opts.VerifyDNSLength && len(domain) > 253 {
		// Every label is 1 to 63 octets, so there is no root label.
		return "", false
	}
	if upper {
		return lower(domain), true
	}
	return domain, true
}

// verifyDNSLength checks §4.2 step 4 on the ASCII result: a domain name of
// 1 to 253 octets, the root label and its dot aside, and labels of 1 to
// 63. An empty root label (a trailing dot) is a label of 0 octets, as
// UTS #46's conformance file (IdnaTestV2.txt: "a.b.c.d." breaks A4_2)
// and the URL Standard's reference implementation have it.
func verifyDNSLength(s string) error {
	if trimmed := strings.TrimSuffix(s, "."); trimmed == "" || len(trimmed) > 253 {
		return &Error{Rule: RuleDomainLength, Label: -1, Text: s, Rune: -1}
	}
	label := 0
	for start := 0; ; label++ {
		end := strings.IndexByte(s[start:], '.')
		if end < 0 {
			end = len(s)
		} else {
			end += start
		}
		if l := end - start; l == 0 || l > 63 {
			return &Error{Rule: RuleLabelLength, Label: label, Text: s[start:end], Rune: -1}
		}
		if end == len(s) {
			break
		}
		start = end + 1
	}
	return nil
}

// A processed label: its text after mapping, normalization and decoding;
// whether it is all ASCII (then ToASCII writes it as it is); whether it
// was decoded from Punycode, or kept as it is with IgnoreInvalidPunycode;
// and the rule its "xn--" prefix made it break.
type label struct {
	text    string
	ascii   bool
	decoded bool
	kept    bool
	broke   Rule
}

// process runs UTS #46 §4 Processing on domain and appends its labels to
// labels, and returns them with the first error recorded. Every label is
// processed even after an error, as ToUnicode returns them all.
func process(labels []label, domain string, opts Options) ([]label, error) {
	// Step 1, Map.
	var mapBuf [128]byte
	mapped := mapBuf[:0]
	for i := 0; i < len(domain); {
		r, size := utf8.DecodeRuneInString(domain[i:])
		i += size
		p := props(r)
		switch p & statusMask {
		case statusValid, statusDisallowed:
			// A disallowed code point stays for criterion 7 to report.
			mapped = utf8.AppendRune(mapped, r)
		case statusIgnored:
		case statusMapped:
			if opts.Transitional && r == '\u1e9e' {
				// §4 step 1: capital sharp s maps to "ss" in
				// Transitional processing, not to ß.
				mapped = append(mapped, "ss"...)
			} else {
				mapped = append(mapped, mapping(r)...)
			}
		case statusDeviation:
			if opts.Transitional {
				mapped = append(mapped, mapping(r)...)
			} else {
				mapped = utf8.AppendRune(mapped, r)
			}
		}
	}

	// Step 2, Normalize.
	s := nfc(string(mapped))

	// Step 3, Break; and step 4.1, decode the "xn--" labels, before
	// validation, which needs to know whether any label is right to left.
	bidiDomain := false
	var runeBuf [64]rune
	runes := runeBuf[:0]
	for {
		end := strings.IndexByte(s, '.')
		text := s
		if end >= 0 {
			text = s[:end]
		}
		l := label{text: text, ascii: ascii.Valid(text)}
		if strings.HasPrefix(text, "xn--") {
			var ok bool
			switch {
			case !l.ascii:
				// 4.1.1
				l.broke = RulePunycode
			case func() bool { runes, ok = punyDecode(runes[:0], text[4:]); return !ok }():
				// 4.1.2
				if opts.IgnoreInvalidPunycode {
					l.kept = true
				} else {
					l.broke = RulePunycode
				}
			default:
				l.text, l.decoded = string(runes), true
				l.ascii = ascii.Valid(l.text)
				if l.text == "" || l.ascii {
					// 4.1.3
					l.broke = RulePunycode
				}
			}
		}
		if !l.ascii && !bidiDomain {
			bidiDomain = hasRTL(l.text)
		}
		labels = append(labels, l)
		if end < 0 {
			break
		}
		s = s[end+1:]
	}

	// Step 4, Convert/Validate: the decoded labels as nontransitional
	// (4.1.4), the others with the processing asked for (4.2.1).
	var first error
	for i, l := range labels {
		if first != nil {
			break
		}
		rule, r := l.broke, rune(-1)
		if rule == 0 && !l.kept {
			rule, r = validate(l.text, l.decoded, opts.Transitional && !l.decoded, bidiDomain, opts)
		}
		if rule != 0 {
			first = &Error{Rule: rule, Label: i, Text: l.text, Rune: r}
		}
	}
	return labels, first
}

// hasRTL reports whether s holds a code point of Bidi_Class R, AL or AN,
// which makes its domain a Bidi domain name (RFC 5893 §1.4).
func hasRTL(s string) bool {
	for _, r := range s {
		if b := bidi(props(r)); b == bidiRAL || b == bidiAN {
			return true
		}
	}
	return false
}

// validate checks the validity criteria of UTS #46 §4.1 on a non-empty
// label and returns the first rule broken, with the code point at fault
// (-1 for the whole label). Criterion 5 (no FULL STOP) holds by
// construction: labels are cut at dots, and Punycode decodes to code
// points from U+0080 on besides the basic ones it copies.
func validate(text string, decoded, transitional, bidiDomain bool, opts Options) (Rule, rune) {
	if text == "" {
		return 0, -1
	}
	// 1: a decoded label must be in NFC; the others were normalized.
	if decoded && !isNFC(text) {
		return RuleNFC, -1
	}
	return validateNormal(text, transitional, bidiDomain, opts)
}

// validateNormal checks the validity criteria but the first on a label in
// NFC. Unlike validate, it lets text stay on the caller's stack.
func validateNormal(text string, transitional, bidiDomain bool, opts Options) (Rule, rune) {
	if opts.CheckHyphens {
		// 2: positions 3 and 4 count code points.
		if r := []rune(text); len(r) >= 4 && r[2] == '-' && r[3] == '-' {
			return RuleHyphen34, -1
		}
		// 3
		if text[0] == '-' || text[len(text)-1] == '-' {
			return RuleHyphenEnds, -1
		}
	} else if strings.HasPrefix(text, "xn--") {
		// 4
		return RuleACEPrefix, -1
	}
	// 6
	first, _ := utf8.DecodeRuneInString(text)
	if props(first)&flagMark != 0 {
		return RuleLeadingMark, first
	}
	// 7
	for _, r := range text {
		switch props(r) & statusMask {
		case statusValid:
		case statusDeviation:
			if transitional {
				return RuleDisallowed, r
			}
		default:
			return RuleDisallowed, r
		}
		if opts.UseSTD3ASCIIRules && r < utf8.RuneSelf && !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-') {
			return RuleSTD3, r
		}
	}
	// 8
	if opts.CheckJoiners {
		if rule, r := checkJoiners(text); rule != 0 {
			return rule, r
		}
	}
	// 9
	if opts.CheckBidi && bidiDomain {
		if rule, r := checkBidi(text); rule != 0 {
			return rule, r
		}
	}
	return 0, -1
}

// checkJoiners applies the ContextJ rules of RFC 5892 Appendix A to the
// joiners of a label.
func checkJoiners(text string) (Rule, rune) {
	if !strings.Contains(text, "\u200c") && !strings.Contains(text, "\u200d") {
		return 0, -1
	}
	rs := []rune(text)
	for i, r := range rs {
		if r != '\u200c' && r != '\u200d' {
			continue
		}
		// A.1 and A.2: after a virama, either joiner is allowed.
		if i > 0 && props(rs[i-1])&flagVirama != 0 {
			continue
		}
		if r == '\u200d' {
			return RuleZWJ, r
		}
		// A.1: (Joining_Type:{L,D})(Joining_Type:T)*\u200C
		//      (Joining_Type:T)*(Joining_Type:{R,D})
		ok := false
		for j := i - 1; j >= 0; j-- {
			t := jt(props(rs[j]))
			if t == jtT {
				continue
			}
			ok = t&jtLD != 0
			break
		}
		if ok {
			ok = false
			for j := i + 1; j < len(rs); j++ {
				t := jt(props(rs[j]))
				if t == jtT {
					continue
				}
				ok = t&jtRD != 0
				break
			}
		}
		if !ok {
			return RuleZWNJ, r
		}
	}
	return 0, -1
}

// checkBidi applies the six conditions of RFC 5893 §2 to a label of a
// Bidi domain name.
func checkBidi(text string) (Rule, rune) {
	first, _ := utf8.DecodeRuneInString(text)
	var rtl bool
	switch bidi(props(first)) {
	case bidiL:
	case bidiRAL:
		rtl = true
	default:
		return RuleBidi1, first
	}
	// The last code point other than NSM decides conditions 3 and 6.
	last := rune(-1)
	var lastClass uint16
	hasEN, hasAN := false, false
	for _, r := range text {
		b := bidi(props(r))
		if rtl {
			// 2
			switch b {
			case bidiRAL, bidiAN, bidiEN, bidiNeutral, bidiNSM:
			default:
				return RuleBidi2, r
			}
		} else {
			// 5
			switch b {
			case bidiL, bidiEN, bidiNeutral, bidiNSM:
			default:
				return RuleBidi5, r
			}
		}
		hasEN = hasEN || b == bidiEN
		hasAN = hasAN || b == bidiAN
		if b != bidiNSM {
			last, lastClass = r, b
		}
	}
	if rtl {
		// 3
		switch lastClass {
		case bidiRAL, bidiEN, bidiAN:
		default:
			return RuleBidi3, last
		}
		// 4
		if hasEN && hasAN {
			return RuleBidi4, -1
		}
		return 0, -1
	}
	// 6
	switch lastClass {
	case bidiL, bidiEN:
	default:
		return RuleBidi6, last
	}
	return 0, -1
}

// IsUnicodeIDN reports whether domain is an internationalized domain name
// in its Unicode form that the URL Standard's domain to ASCII accepts as it
// is: at least one label holds a non-ASCII code point, every code point of
// such a label is valid (UTS #46 status valid: none is mapped to another,
// which might be ASCII, a digit or a dot, nor ignored), each such label is
// in NFC, and every label passes the validity criteria with the URL
// Standard's options (hyphens unchecked, joiners and bidi checked). Domain
// to ASCII then writes each non-ASCII label as Punycode and changes nothing
// else but the case of ASCII letters. Empty labels (a trailing dot) are
// passed over. It allocates nothing. It answers false for a label it
// cannot vouch for without mapping or normalizing it: ASCII capitals
// among non-ASCII letters ("München"), and combining marks and Hangul
// conjoining jamo, which NFC may compose.
//
// It is for a reader that has a host in Unicode and must tell a name that
// only looks different in its ASCII form ("münchen.de") from one that
// UTS #46 maps to another name ("１２７.0.0.1" with fullwidth digits is
// 127.0.0.1).
func IsUnicodeIDN(domain string) bool {
	opts := URLOptions(false)
	bidiDomain := hasRTL(domain)
	nonASCII := false
	for rest := domain; rest != ""; {
		// Labels cut by hand: strings.SplitSeq would let domain escape.
		label := rest
		if i := strings.IndexByte(rest, '.'); i >= 0 {
			label, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		if label == "" {
			continue
		}
		if ascii.Valid(label) {
			if bidiDomain {
				if rule, _ := checkBidi(label); rule != 0 {
					return false
				}
			}
			continue
		}
		nonASCII = true
		if !utf8.ValidString(label) {
			return false
		}
		for _, r := range label {
			// A valid code point is stable under UTS #46's mapping, and so
			// under NFC alone but where it combines with its neighbours:
			// combining marks and the conjoining jamo of Hangul (NFC's
			// "maybe"). A label with one is not vouched for, which keeps
			// NFC's tables, and the input's escape to the heap, out of it.
			if props(r)&statusMask != statusValid || props(r)&flagMark != 0 || isConjoiningJamo(r) {
				return false
			}
		}
		if rule, _ := validateNormal(label, false, bidiDomain, opts); rule != 0 {
			return false
		}
	}
	return nonASCII
}

// isConjoiningJamo reports whether r is a Hangul jamo of the blocks whose
// sequences NFC composes into syllables.
func isConjoiningJamo(r rune) bool {
	return 0x1100 <= r && r <= 0x11FF || 0xA960 <= r && r <= 0xA97F || 0xD7B0 <= r && r <= 0xD7FF
}
