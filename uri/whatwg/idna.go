package whatwg

// domainToASCII is domain to ASCII of the Standard (section 3.3) for a
// domain that is not plain ASCII or has a Punycode label.
func domainToASCII(domain string, beStrict bool) (string, bool) {
	return "", false
}
