package canon

import (
	"bufio"
	"os"
	"testing"

	"github.com/urilabs/rfc3986/uri"
)

// TestCleanNeedsNoEncoding holds appendComponent's shortcut to what it
// stands for: on the web corpus and on URLs that give every step work,
// after each profile's steps, a component still marked clean is written
// byte for byte as the encoding loop writes it, in both encodings.
func TestCleanNeedsNoEncoding(t *testing.T) {
	lines := []string{
		"http://www.Example.com:80/a/./b/../%7Ec?b=2&a=1#f",
		"http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73",
		"http://%C3%BCber.example/%2e%2e/x?%26=%3D",
		"http://xn--BER-goa.EXAMPLE/(S(4hqa0555fwsecu455xqckv45))//X?B=1&a=%41",
		"http://0x7f.1/?CFID=1&x=1&CFTOKEN=2",
		"HTTP://WWW.A.B/P?Q=R&Q=S",
		"http://a.example/%20%25%23%3F%C3%A9?%20%25%23%7F=%00",
		"http://a%20b.example/",
	}
	f, err := os.Open("../../testdata/web_urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	checked := 0
	for _, s := range lines {
		u, err := uri.Parse(s)
		if err != nil || !u.HasAuthority() {
			continue
		}
		for _, p := range Profiles {
			if p.rfc {
				continue
			}
			c := getParts(u)
			for _, st := range p.Steps {
				st.fn(c)
			}
			for in, comp := range [...]string{inHost: c.host, inPath: c.path, inQuery: c.query} {
				if c.clean&(1<<in) == 0 || !c.decoded {
					continue
				}
				for _, enc := range []int{rfcEncode, iaEncode} {
					fast := c.appendComponent(nil, comp, in, enc)
					c.clean &^= 1 << in
					slow := c.appendComponent(nil, comp, in, enc)
					c.clean |= 1 << in
					if string(fast) != string(slow) {
						t.Errorf("%s(%q): component %d marked clean writes %q, encoded %q", p.Name, s, in, fast, slow)
					}
					checked++
				}
			}
			partsPool.Put(c)
		}
	}
	if checked < 100000 {
		t.Errorf("checked %d components, want the corpus' 100,000 and more", checked)
	}
}
