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

func ExampleResult_StripPrefix() {
	p, _ := route.Lookup("traefik")
	r := p.Policy.Apply("/api/v1/../v2/users?id=7")
	stripped, ok := r.StripPrefix("/api")
	fmt.Println(ok, stripped.Key, stripped.Forward)

	// "/api%2e/admin" is the segment "api." to Traefik, not "/api": the
	// prefix does not match, where a strip of bytes would leave
	// "/./admin" for the back end to resolve to "/admin".
	_, ok = p.Policy.Apply("/api%2e/admin").StripPrefix("/api")
	fmt.Println(ok)
	// Output:
	// true /v2/users /v2/users?id=7
	// false
}

func ExampleAgree() {
	front, _ := route.Lookup("servemux")
	back, _ := route.Lookup("go-fileserver")
	a := route.Agree("/public/..%2Fadmin/x", front.Policy, back.Policy)
	fmt.Println(a.Agree, a.Segment, a.FrontSegment, a.BackSegment)

	edge, _ := route.Lookup("envoy-edge")
	a = route.Agree("/public/..%2Fadmin/x", edge.Policy, back.Policy)
	fmt.Println(a.Agree, a.Front.Key)
	// Output:
	// false 0 public admin
	// true /admin/x
}

func ExampleLookup() {
	p, ok := route.Lookup("envoy-uhv")
	fmt.Println(ok, p.Product, "|", p.Version)
	r := p.Policy.Apply("/a/%7euser/b/../c%2fd")
	fmt.Println(r.Verdict, r.Forward)
	fmt.Println(p.Policy.Apply("/..").Status())
	// Output:
	// true Envoy | 1.28 to 1.33
	// accept /a/~user/c%2Fd
	// 400
}
