package psl_test

import (
	"fmt"

	"github.com/urilabs/rfc3986/uri/canon/psl"
)

func ExampleRegistrableDomain() {
	fmt.Println(psl.RegistrableDomain("www.example.co.uk"))
	fmt.Println(psl.RegistrableDomain("foo.blogspot.com"))
	fmt.Println(psl.Default().ICANNDomain("foo.blogspot.com"))
	// Output:
	// example.co.uk
	// foo.blogspot.com
	// blogspot.com
}
