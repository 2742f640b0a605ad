package idna_test

import (
	"errors"
	"fmt"

	"github.com/urilabs/rfc3986/internal/idna"
)

func ExampleDomainToASCII() {
	for _, d := range []string{"Bücher.example", "EXAMPLE.com", "xn--a.example", "a\u200cb.example", "a%b"} {
		ascii, err := idna.DomainToASCII(d, false)
		fmt.Printf("%+q: %q %v\n", d, ascii, err)
	}
	// Output:
	// "B\u00fccher.example": "xn--bcher-kva.example" <nil>
	// "EXAMPLE.com": "example.com" <nil>
	// "xn--a.example": "xn--a.example" <nil>
	// "a\u200cb.example": "" idna: label 0 "a\u200cb": C1 ZERO WIDTH NON-JOINER outside its contexts (U+200C)
	// "a%b": "" idna: label 0 "a%b": URL-forbidden forbidden domain code point (U+0025)
}

func ExampleToASCII() {
	ascii, err := idna.ToASCII("faß.de", idna.Options{Transitional: true})
	fmt.Println(ascii, err)
	_, err = idna.ToASCII("ab--c.example", idna.URLOptions(true))
	fmt.Println(err, errors.Is(err, idna.RuleHyphen34))
	// Output:
	// fass.de <nil>
	// idna: label 0 "ab--c": V2 label with "--" in the third and fourth positions true
}

func ExampleToUnicode() {
	u, err := idna.ToUnicode("xn--bcher-kva.example", idna.URLOptions(false))
	fmt.Println(u, err)
	// Output:
	// bücher.example <nil>
}
