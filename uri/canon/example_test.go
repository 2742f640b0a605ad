package canon_test

import (
	"fmt"

	"github.com/urilabs/rfc3986/uri/canon"
)

func ExampleSURT() {
	fmt.Println(canon.SURT("http://www.archive.org/goo/?b&a", canon.SURTOptions{}))
	fmt.Println(canon.SURT("http://www.archive.org/goo/?b&a", canon.SURTOptions{WithScheme: true, KeepWWW: true}))
	fmt.Println(canon.SURT("dns:archive.org", canon.SURTOptions{}))
	fmt.Println(canon.SURT("dns:archive.org", canon.SURTOptions{ReverseDNS: true}))
	// Output:
	// org,archive)/goo?a&b
	// http://(org,archive,www)/goo?a&b
	// dns:archive.org
	// org,archive)
}

func ExampleProfile_Canonicalize() {
	for _, p := range []canon.Profile{canon.Google, canon.IA, canon.Ordinary} {
		c, err := p.Canonicalize("  Http://www.Example.com:80/a b/?B=2&a=1#x")
		fmt.Println(p.Name, c, err)
	}
	// Output:
	// google Http://www.example.com:80/a%20b/?B=2&a=1 <nil>
	// ia http://example.com/a%20b?a=1&b=2 <nil>
	// ordinary http://www.example.com/a%20b/?B=2&a=1 <nil>
}

func ExampleLineColumns() {
	for _, line := range []string{"http://www.example.co.uk/", "dns:blog.example.com", "http://192.168.0.1/"} {
		c, err := canon.LineColumns(line)
		fmt.Printf("%s: %q %q %q %v\n", line, c.HostName, c.RegistrySuffix, c.RegisteredDomain, err)
	}
	// Output:
	// http://www.example.co.uk/: "www.example.co.uk" "co.uk" "example.co.uk" <nil>
	// dns:blog.example.com: "blog.example.com" "com" "example.com" <nil>
	// http://192.168.0.1/: "192.168.0.1" "" "" <nil>
}
