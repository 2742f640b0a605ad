package bench

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/urilabs/rfc3986/internal/idna"
	"github.com/urilabs/rfc3986/uri"
	xidna "golang.org/x/net/idna"
)

var (
	// hostInput holds the host of every line of the web corpus that has a
	// reg-name, as it is written (some upper-case): the domains a URL reader
	// hands to domain to ASCII.
	hostInput = sync.OnceValues(func() (*input, error) {
		web, err := webInput()
		if err != nil {
			return nil, err
		}
		var hosts []string
		for _, s := range web.lines {
			u, err := uri.Parse(s)
			if err != nil || u.HostKind() != uri.RegName || u.Host() == "" {
				continue
			}
			hosts = append(hosts, u.Host())
		}
		return newInput(hosts), nil
	})
	// idnInput holds the rows of WPT's IdnaTestV2.json with a non-ASCII
	// input that domain to ASCII accepts, with the expected result: IDNs in
	// many scripts, with mappings, joiners and bidi labels.
	idnInput = sync.OnceValues(func() (*input, error) {
		b, err := os.ReadFile(filepath.Join("..", "testdata", "wpt", "IdnaTestV2.json"))
		if err != nil {
			return nil, err
		}
		var rows []json.RawMessage
		if err := json.Unmarshal(b, &rows); err != nil {
			return nil, err
		}
		var lines, want []string
		for _, r := range rows {
			var c struct {
				Input  string  `json:"input"`
				Output *string `json:"output"`
			}
			if json.Unmarshal(r, &c) != nil || c.Output == nil || isASCII(c.Input) {
				continue
			}
			lines = append(lines, c.Input)
			want = append(want, *c.Output)
		}
		in := newInput(lines)
		in.want = want
		return in, nil
	})
)

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// xnetProfile is golang.org/x/net/idna set up as close to the URL
// Standard's domain to ASCII as its options go: UTS #46 mapping,
// nontransitional, CheckBidi, CheckJoiners, no STD3 rules, no hyphen or
// DNS length checks.
var xnetProfile = xidna.New(
	xidna.MapForLookup(),
	xidna.Transitional(false),
	xidna.BidiRule(),
	xidna.CheckJoiners(true),
	xidna.CheckHyphens(false),
	xidna.StrictDomainName(false),
	xidna.VerifyDNSLength(false),
)

func toASCIIRFC3986(in *input) int {
	n := 0
	for i, s := range in.lines {
		out, err := idna.DomainToASCII(s, false)
		if err == nil {
			n++
		}
		if in.out != nil {
			in.out[i] = out
		}
	}
	return n
}

func toASCIIXNet(in *input) int {
	n := 0
	for i, s := range in.lines {
		out, err := xnetProfile.ToASCII(s)
		if err == nil {
			n++
		} else {
			out = ""
		}
		if in.out != nil {
			in.out[i] = out
		}
	}
	return n
}

// toASCIILower is the floor for ASCII hosts: lower-casing, all that
// domain to ASCII does to most of them.
func toASCIILower(in *input) int {
	n := 0
	for _, s := range in.lines {
		sink += len(strings.ToLower(s))
		n++
	}
	return n
}

// BenchmarkToASCII converts domains to ASCII: the hosts of the web
// corpus, and the IDNs of WPT's IdnaTestV2.json (correct counts the
// results equal to WPT's). rfc3986 is internal/idna's DomainToASCII;
// x-net-idna is golang.org/x/net/idna as configured in xnetProfile.
func BenchmarkToASCII(b *testing.B) {
	impls := []impl{
		{"rfc3986", toASCIIRFC3986},
		{"x-net-idna", toASCIIXNet},
	}
	runWorkloads(b, []workload{
		{"web-hosts", hostInput, append(impls, impl{"tolower", toASCIILower})},
		{"idn", idnInput, impls},
	})
}
