// Package fromuri reads a uri.URI or uri.IRI into the reference.Parts of
// the independent recognizer, for the tests that compare the two. It lives
// apart from package reference so that the recognizer depends on nothing it
// checks.
package fromuri

import (
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/uri"
)

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

// Parts reads every component of u through the public API of package uri,
// for comparison with reference.Match and with generated Parts.
func Parts(u uri.URI) reference.Parts {
	p := partsOf(u)
	p.Zone = u.Zone()
	return p
}

// IRIParts is Parts for an IRI, for comparison with reference.MatchIRI.
func IRIParts(i uri.IRI) reference.Parts { return partsOf(i) }

func partsOf(u reading) reference.Parts {
	p := reference.Parts{
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
