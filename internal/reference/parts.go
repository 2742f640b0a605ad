package reference

import "github.com/urilabs/rfc3986/uri"

// reading is what URI and IRI have in common: the components and the
// flags that say which are defined.
type reading interface {
	Scheme() string
	UserInfo() string
	Host() string
	Port() string
	Path() string
	Query() string
	Fragment() string
	HasScheme() bool
	HasAuthority() bool
	HasUserInfo() bool
	HasPort() bool
	HasQuery() bool
	HasFragment() bool
	HostKind() uri.HostKind
}

// PartsOf reads every component of u through the public API of package
// uri, for comparison with Match and with generated Parts.
func PartsOf(u uri.URI) Parts {
	p := partsOf(u)
	p.Zone = u.Zone()
	return p
}

// PartsOfIRI is PartsOf for an IRI, for comparison with MatchIRI.
func PartsOfIRI(i uri.IRI) Parts { return partsOf(i) }

func partsOf(u reading) Parts {
	p := Parts{
		Scheme: u.Scheme(), UserInfo: u.UserInfo(), Host: u.Host(), Port: u.Port(),
		Path: u.Path(), Query: u.Query(), Fragment: u.Fragment(),
		HasScheme: u.HasScheme(), HasAuthority: u.HasAuthority(), HasUserInfo: u.HasUserInfo(),
		HasPort: u.HasPort(), HasQuery: u.HasQuery(), HasFragment: u.HasFragment(),
	}
	if k := u.HostKind(); k != uri.NoHost {
		p.HostKind = k.String()
	}
	return p
}
