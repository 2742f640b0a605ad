package reference

import "github.com/urilabs/rfc3986/uri"

// PartsOf reads every component of u through the public API of package
// uri, for comparison with Match and with generated Parts.
func PartsOf(u uri.URI) Parts {
	p := Parts{
		Scheme: u.Scheme(), UserInfo: u.UserInfo(), Host: u.Host(), Port: u.Port(),
		Path: u.Path(), Query: u.Query(), Fragment: u.Fragment(),
		HasScheme: u.HasScheme(), HasAuthority: u.HasAuthority(), HasUserInfo: u.HasUserInfo(),
		HasPort: u.HasPort(), HasQuery: u.HasQuery(), HasFragment: u.HasFragment(),
	}
	p.Zone = u.Zone()
	if k := u.HostKind(); k != uri.NoHost {
		p.HostKind = k.String()
	}
	return p
}
