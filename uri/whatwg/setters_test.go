package whatwg_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urilabs/rfc3986/uri/whatwg"
)

type setterCase struct {
	Comment  string            `json:"comment"`
	Href     string            `json:"href"`
	NewValue string            `json:"new_value"`
	Expected map[string]string `json:"expected"`
}

var setters = map[string]func(*whatwg.URL, string){
	"protocol": (*whatwg.URL).SetProtocol,
	"username": (*whatwg.URL).SetUsername,
	"password": (*whatwg.URL).SetPassword,
	"host":     (*whatwg.URL).SetHost,
	"hostname": (*whatwg.URL).SetHostname,
	"port":     (*whatwg.URL).SetPort,
	"pathname": (*whatwg.URL).SetPathname,
	"search":   (*whatwg.URL).SetSearch,
	"hash":     (*whatwg.URL).SetHash,
	"href":     func(u *whatwg.URL, v string) { u.SetHref(v) },
}

func getter(u whatwg.URL, name string) string {
	switch name {
	case "href":
		return u.Href()
	case "protocol":
		return u.Protocol()
	case "username":
		return u.Username()
	case "password":
		return u.Password()
	case "host":
		return u.Host()
	case "hostname":
		return u.Hostname()
	case "port":
		return u.Port()
	case "pathname":
		return u.Pathname()
	case "search":
		return u.Search()
	case "hash":
		return u.Hash()
	}
	return "no getter " + name
}

func TestSetters(t *testing.T) {
	var file map[string]json.RawMessage
	readWPT(t, "setters_tests.json", &file)
	total := 0
	for _, attr := range []string{"protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "href"} {
		var cases []setterCase
		if err := json.Unmarshal(file[attr], &cases); err != nil {
			t.Fatal(err)
		}
		set := setters[attr]
		for i, c := range cases {
			total++
			t.Run(attr+"/"+c.Href+"/"+c.NewValue, func(t *testing.T) {
				u, err := whatwg.Parse(c.Href)
				if err != nil {
					t.Fatal(err)
				}
				set(&u, c.NewValue)
				got, want := map[string]string{}, c.Expected
				for name := range want {
					got[name] = getter(u, name)
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("%s case %d (%s): set to %q (-want +got):\n%s", attr, i, c.Comment, c.NewValue, diff)
				}
				// What a setter writes parses back as itself.
				if v, err := whatwg.Parse(u.Href()); err != nil || v != u {
					t.Errorf("Parse(%q) = %#v, %v; want %#v", u.Href(), v, err, u)
				}
			})
		}
	}
	if total != 278 { // the file holds 278 cases
		t.Errorf("setters_tests.json has %d cases, want 278", total)
	}
}
