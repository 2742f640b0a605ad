package whatwg

import "github.com/urilabs/rfc3986/internal/pct"

// The setters of the URL API (section 6.1). Each changes u as the setter
// of the same name does in a browser: a value the Standard refuses leaves
// u as it was, or changes only what was read before the refusal, as
// there. On the zero URL, which is no URL, only SetHref does anything.

// SetHref replaces u with the parse of v; on failure u is unchanged and
// the error is Parse's.
func (u *URL) SetHref(v string) error {
	w, err := Parse(v)
	if err != nil {
		return err
	}
	*u = w
	return nil
}

// override runs the basic URL parser over v with u as the URL and st as
// the state override, and keeps what it changed.
func (u *URL) override(v string, st state, prepare func(r *record)) {
	if u.href == "" { // the zero URL, which no setter but SetHref makes a URL
		return
	}
	r := getRecord()
	r.load(u)
	if prepare != nil {
		prepare(r)
	}
	r.parse(clean(v, false), nil, st)
	*u = r.serialize()
	putRecord(r)
}

// SetProtocol sets the scheme, from v up to a ":". A special scheme
// cannot become a non-special one nor the reverse, and file cannot be set
// on a URL with credentials or a port.
func (u *URL) SetProtocol(v string) { u.override(v+":", schemeStartState, nil) }

// cannotHaveCredentials: the host is null or empty, or the scheme is file.
func (u *URL) cannotHaveCredentials() bool {
	return u.hostStart() == u.hostEnd() || u.Scheme() == "file"
}

// SetUsername sets the username, percent-encoded, when the URL can have
// one.
func (u *URL) SetUsername(v string) {
	if u.cannotHaveCredentials() {
		return
	}
	u.edit(func(r *record) { r.username = pct.AppendEncoded(r.username[:0], toUSV(v), &pct.WHATWGUserinfo) })
}

// SetPassword sets the password, percent-encoded, when the URL can have
// one.
func (u *URL) SetPassword(v string) {
	if u.cannotHaveCredentials() {
		return
	}
	u.edit(func(r *record) { r.password = pct.AppendEncoded(r.password[:0], toUSV(v), &pct.WHATWGUserinfo) })
}

func (u *URL) edit(f func(r *record)) {
	if u.href == "" {
		return
	}
	r := getRecord()
	r.load(u)
	f(r)
	*u = r.serialize()
	putRecord(r)
}

// SetHost sets the host and, after a ":", the port, unless the path is
// opaque.
func (u *URL) SetHost(v string) {
	if u.flags()&opaquePath != 0 {
		return
	}
	u.override(v, hostState, nil)
}

// SetHostname sets the host, unless the path is opaque.
func (u *URL) SetHostname(v string) {
	if u.flags()&opaquePath != 0 {
		return
	}
	u.override(v, hostnameState, nil)
}

// SetPort sets the port from the digits v begins with, or removes it when
// v is "", when the URL can have one.
func (u *URL) SetPort(v string) {
	if u.cannotHaveCredentials() {
		return
	}
	if v == "" {
		u.edit(func(r *record) { r.port = -1 })
		return
	}
	u.override(v, portState, nil)
}

// SetPathname sets the path, unless it is opaque.
func (u *URL) SetPathname(v string) {
	if u.flags()&opaquePath != 0 {
		return
	}
	u.override(v, pathStartState, func(r *record) { r.path = r.path[:0] })
}

// SetSearch sets the query, without a leading "?" of v; "" removes it.
func (u *URL) SetSearch(v string) {
	if v == "" {
		u.edit(func(r *record) { r.hasQuery, r.query = false, r.query[:0] })
		return
	}
	if v[0] == '?' {
		v = v[1:]
	}
	u.override(v, queryState, func(r *record) { r.hasQuery, r.query = true, r.query[:0] })
}

// SetHash sets the fragment, without a leading "#" of v; "" removes it.
func (u *URL) SetHash(v string) {
	if v == "" {
		u.edit(func(r *record) { r.hasFrag, r.fragment = false, r.fragment[:0] })
		return
	}
	if v[0] == '#' {
		v = v[1:]
	}
	u.override(v, fragmentState, func(r *record) { r.hasFrag, r.fragment = true, r.fragment[:0] })
}

// SearchParams returns the query's pairs, as the searchParams attribute
// holds them.
func (u URL) SearchParams() SearchParams { return parseForm(u.query()) }

// SetSearchParams sets the query to p serialized, or removes it when p is
// empty, as a change to searchParams does.
func (u *URL) SetSearchParams(p SearchParams) {
	s := p.String()
	u.edit(func(r *record) {
		r.hasQuery = s != ""
		r.query = append(r.query[:0], s...)
	})
}
