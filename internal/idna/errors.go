package idna

import (
	"fmt"
	"strconv"
	"strings"
)

// A Rule is a rule of UTS #46 (or of the URL Standard's domain to ASCII)
// that a domain name can break. Its String is the code UTS #46's
// conformance file IdnaTestV2.txt gives the rule (P4, V1 ... V7, U1, A3,
// A4_1, A4_2, B1 ... B6, C1, C2); the two rules of the URL Standard have
// codes of their own. A Rule is an error, so that
// errors.Is(err, idna.RuleDisallowed) tests an [Error]'s rule.
type Rule uint8

const (
	// RulePunycode: a label starting with "xn--" holds a non-ASCII code
	// point, is not valid Punycode (RFC 3492), or decodes to nothing or
	// to ASCII only (UTS #46 §4 step 4.1).
	RulePunycode Rule = iota + 1
	// RuleNFC: a decoded label is not in Normalization Form C (§4.1
	// criterion 1).
	RuleNFC
	// RuleHyphen34: with CheckHyphens, a label has "--" in its third and
	// fourth positions (criterion 2).
	RuleHyphen34
	// RuleHyphenEnds: with CheckHyphens, a label begins or ends with a
	// hyphen (criterion 3).
	RuleHyphenEnds
	// RuleACEPrefix: without CheckHyphens, a decoded label begins with
	// "xn--" (criterion 4).
	RuleACEPrefix
	// RuleLeadingMark: a label begins with a combining mark (criterion 6).
	RuleLeadingMark
	// RuleDisallowed: a code point of a label is not valid (or, without
	// Transitional processing, deviation) in the mapping table (criterion 7).
	RuleDisallowed
	// RuleSTD3: with UseSTD3ASCIIRules, a label holds an ASCII code point
	// other than a-z, 0-9 and the hyphen (criterion 7).
	RuleSTD3
	// RuleZWNJ: with CheckJoiners, a ZERO WIDTH NON-JOINER follows no
	// virama and stands in no joining context (RFC 5892 A.1).
	RuleZWNJ
	// RuleZWJ: with CheckJoiners, a ZERO WIDTH JOINER follows no virama
	// (RFC 5892 A.2).
	RuleZWJ
	// RuleBidi1 to RuleBidi6: with CheckBidi, a label of a Bidi domain
	// name breaks condition 1 to 6 of RFC 5893 §2.
	RuleBidi1
	RuleBidi2
	RuleBidi3
	RuleBidi4
	RuleBidi5
	RuleBidi6
	// RuleEncode: a label is too long to encode in Punycode (§4.2 step 3).
	RuleEncode
	// RuleDomainLength: with VerifyDnsLength, the domain name is empty or
	// longer than 253 octets (§4.2 step 4).
	RuleDomainLength
	// RuleLabelLength: with VerifyDnsLength, a label is empty or longer
	// than 63 octets (§4.2 step 4).
	RuleLabelLength
	// RuleEmpty: the URL Standard's domain to ASCII yields the empty string.
	RuleEmpty
	// RuleForbidden: the URL Standard's domain to ASCII yields a forbidden
	// domain code point.
	RuleForbidden
)

var ruleCodes = [...]string{
	RulePunycode:     "P4",
	RuleNFC:          "V1",
	RuleHyphen34:     "V2",
	RuleHyphenEnds:   "V3",
	RuleACEPrefix:    "V4",
	RuleLeadingMark:  "V6",
	RuleDisallowed:   "V7",
	RuleSTD3:         "U1",
	RuleZWNJ:         "C1",
	RuleZWJ:          "C2",
	RuleBidi1:        "B1",
	RuleBidi2:        "B2",
	RuleBidi3:        "B3",
	RuleBidi4:        "B4",
	RuleBidi5:        "B5",
	RuleBidi6:        "B6",
	RuleEncode:       "A3",
	RuleDomainLength: "A4_1",
	RuleLabelLength:  "A4_2",
	RuleEmpty:        "URL-empty",
	RuleForbidden:    "URL-forbidden",
}

var ruleText = [...]string{
	RulePunycode:     "invalid Punycode label",
	RuleNFC:          "label not in Normalization Form C",
	RuleHyphen34:     `label with "--" in the third and fourth positions`,
	RuleHyphenEnds:   "label begins or ends with a hyphen",
	RuleACEPrefix:    `decoded label begins with "xn--"`,
	RuleLeadingMark:  "label begins with a combining mark",
	RuleDisallowed:   "disallowed code point",
	RuleSTD3:         "ASCII code point outside the STD3 rules",
	RuleZWNJ:         "ZERO WIDTH NON-JOINER outside its contexts",
	RuleZWJ:          "ZERO WIDTH JOINER not after a virama",
	RuleBidi1:        "first code point neither L, R nor AL in a Bidi domain name",
	RuleBidi2:        "code point not allowed in a right-to-left label",
	RuleBidi3:        "right-to-left label not ending in R, AL, EN or AN",
	RuleBidi4:        "right-to-left label with both EN and AN",
	RuleBidi5:        "code point not allowed in a left-to-right label of a Bidi domain name",
	RuleBidi6:        "left-to-right label not ending in L or EN",
	RuleEncode:       "label too long for Punycode",
	RuleDomainLength: "domain name empty or longer than 253 octets",
	RuleLabelLength:  "label empty or longer than 63 octets",
	RuleEmpty:        "empty domain",
	RuleForbidden:    "forbidden domain code point",
}

// String returns the rule's code, as IdnaTestV2.txt writes it.
func (r Rule) String() string {
	if int(r) < len(ruleCodes) && ruleCodes[r] != "" {
		return ruleCodes[r]
	}
	return "Rule(" + strconv.Itoa(int(r)) + ")"
}

// Error returns the rule's code and what it forbids.
func (r Rule) Error() string {
	return "idna: " + r.String() + " " + r.text()
}

func (r Rule) text() string {
	if int(r) < len(ruleText) && ruleText[r] != "" {
		return ruleText[r]
	}
	return "unknown rule"
}

// An Error says which rule a domain name broke, and where: the label (as
// processed: mapped, normalized and, for "xn--" labels, decoded), or the
// whole domain for the rules about it (Label -1, Text the domain as
// converted), and, for the rules about one code point, that code point.
type Error struct {
	Rule  Rule   // the rule broken
	Label int    // index of the label, counted from 0; -1 for the whole domain
	Text  string // the label
	Rune  rune   // the offending code point, or -1 for the whole label
}

// Error says where the domain broke which rule: the label's index and
// text, the rule's code and meaning, and the code point if there is one.
func (e *Error) Error() string {
	var b strings.Builder
	if e.Label < 0 {
		fmt.Fprintf(&b, "idna: domain %+q: %s %s", e.Text, e.Rule.String(), e.Rule.text())
	} else {
		fmt.Fprintf(&b, "idna: label %d %+q: %s %s", e.Label, e.Text, e.Rule.String(), e.Rule.text())
	}
	if e.Rune >= 0 {
		fmt.Fprintf(&b, " (%U)", e.Rune)
	}
	return b.String()
}

// Unwrap returns the rule, so that errors.Is(err, idna.RuleZWJ) works.
func (e *Error) Unwrap() error { return e.Rule }
