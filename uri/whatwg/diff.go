package whatwg

import (
	"strings"

	"github.com/urilabs/rfc3986/uri"
)

// A Reading is what one standard makes of a string: its components, as
// that standard writes them, or the error that refused it.
type Reading struct {
	Err      error  // nil when the string was read
	Scheme   string // without ":"
	UserInfo string // "user:password", as written (WHATWG: encoded)
	Host     string // RFC 3986: as written; WHATWG: serialized
	Port     string // WHATWG drops a default port
	Path     string
	Query    string
	Fragment string

	HasHost, HasQuery, HasFragment bool
}

// Readings is what RFC 3986 and the URL Standard make of one string.
type Readings struct {
	Input   string
	RFC3986 Reading
	WHATWG  Reading
}

// Diff reads s as a URI-reference (uri.Parse) and as a URL (Parse), and
// returns both readings, component by component. Readings.Differ names
// the components where they part.
func Diff(s string) Readings {
	d := Readings{Input: s}
	if u, err := uri.Parse(s); err != nil {
		d.RFC3986.Err = err
	} else {
		d.RFC3986 = Reading{
			Scheme: u.Scheme(), UserInfo: u.UserInfo(), Host: u.Host(), Port: u.Port(),
			Path: u.Path(), Query: u.Query(), Fragment: u.Fragment(),
			HasHost: u.HasAuthority(), HasQuery: u.HasQuery(), HasFragment: u.HasFragment(),
		}
	}
	if w, err := Parse(s); err != nil {
		d.WHATWG.Err = err
	} else {
		ui := w.Username()
		if w.Password() != "" {
			ui += ":" + w.Password()
		}
		q, hq := w.Query()
		f, hf := w.Fragment()
		d.WHATWG = Reading{
			Scheme: w.Scheme(), UserInfo: ui, Host: w.Hostname(), Port: w.Port(),
			Path: w.Pathname(), Query: q, Fragment: f,
			HasHost: w.HasHost(), HasQuery: hq, HasFragment: hf,
		}
	}
	return d
}

// Differ returns the names of the components the two readings disagree
// on, in order: "error" when one refuses the string and the other does
// not, then "scheme", "userinfo", "host", "port", "path", "query" and
// "fragment". Undefined and empty differ ("http://h" has no query, and
// "http://h?" an empty one).
func (d Readings) Differ() []string {
	a, b := d.RFC3986, d.WHATWG
	if (a.Err == nil) != (b.Err == nil) {
		return []string{"error"}
	}
	if a.Err != nil {
		return nil
	}
	var out []string
	add := func(name string, differ bool) {
		if differ {
			out = append(out, name)
		}
	}
	add("scheme", a.Scheme != b.Scheme)
	add("userinfo", a.UserInfo != b.UserInfo)
	add("host", a.HasHost != b.HasHost || a.Host != b.Host)
	add("port", a.Port != b.Port)
	add("path", a.Path != b.Path)
	add("query", a.HasQuery != b.HasQuery || a.Query != b.Query)
	add("fragment", a.HasFragment != b.HasFragment || a.Fragment != b.Fragment)
	return out
}

// String lays the readings out in two columns, a "*" before each
// component they disagree on.
func (d Readings) String() string {
	var sb strings.Builder
	differ := map[string]bool{}
	for _, c := range d.Differ() {
		differ[c] = true
	}
	row := func(name, a, b string) {
		mark := " "
		if differ[name] {
			mark = "*"
		}
		sb.WriteString(mark + " " + pad(name, 9) + pad(a, 30) + " " + b + "\n")
	}
	sb.WriteString("  " + pad("", 9) + pad("RFC 3986", 30) + " WHATWG URL\n")
	if d.RFC3986.Err != nil || d.WHATWG.Err != nil {
		row("error", errText(d.RFC3986.Err), errText(d.WHATWG.Err))
	}
	a, b := d.RFC3986, d.WHATWG
	// A reading that failed has no components: "-".
	show := func(r Reading, s string, ok bool) string {
		switch {
		case r.Err != nil:
			return "-"
		case !ok:
			return "(none)"
		}
		return quote(s)
	}
	row("scheme", show(a, a.Scheme, true), show(b, b.Scheme, true))
	row("userinfo", show(a, a.UserInfo, true), show(b, b.UserInfo, true))
	row("host", show(a, a.Host, a.HasHost), show(b, b.Host, b.HasHost))
	row("port", show(a, a.Port, true), show(b, b.Port, true))
	row("path", show(a, a.Path, true), show(b, b.Path, true))
	row("query", show(a, a.Query, a.HasQuery), show(b, b.Query, b.HasQuery))
	row("fragment", show(a, a.Fragment, a.HasFragment), show(b, b.Fragment, b.HasFragment))
	return sb.String()
}

func errText(err error) string {
	if err == nil {
		return "-"
	}
	return err.Error()
}

func quote(s string) string { return "\"" + s + "\"" }

func pad(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return s + strings.Repeat(" ", n-len(s))
}
