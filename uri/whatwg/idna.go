package whatwg

import "github.com/urilabs/rfc3986/internal/idna"

// domainToASCII is domain to ASCII of the Standard (section 3.3) for a
// domain that is not plain ASCII or has a Punycode label: UTS #46
// ToASCII with the Standard's parameters.
func domainToASCII(domain string, beStrict bool) (string, bool) {
	s, err := idna.DomainToASCII(domain, beStrict)
	return s, err == nil
}
