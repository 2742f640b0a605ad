package route_test

import (
	"fmt"

	"github.com/urilabs/rfc3986/uri/route"
)

func ExamplePolicy_Apply() {
	p := route.Policy{
		Unreserved:  route.UnreservedDecode,
		PercentCase: route.PercentCaseUpper,
		Dot:         route.DotRemove,
		DotDot:      route.DotDotRemove,
		Slashes:     route.SlashesMerge,
		KeyForm:     route.KeyDecoded,
	}
	r := p.Apply("/a//b/%2e%2e/c%2fd?q=1")
	fmt.Println(r.Verdict, r.Key, r.Forward)
	// Output: accept /a/c%2Fd /a/c%2Fd?q=1
}
