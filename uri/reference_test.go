package uri_test

import (
	"github.com/leanovate/gopter"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/uri"
)

// The adapters from package uri and gopter to package reference, kept with
// the tests so that package reference depends on nothing it checks and on
// no test library.

// genOf is g as a gopter generator, drawing from the property's source.
// Its values do not shrink.
func genOf[T any](g reference.Gen[T]) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(g(p.Rng), gopter.NoShrinker)
	}
}

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

// partsOf reads every component of u through the public API of package
// uri, for comparison with reference.Match and with generated Parts.
func partsOf(u uri.URI) reference.Parts {
	p := partsOfReading(u)
	p.Zone = u.Zone()
	return p
}

// partsOfIRI is partsOf for an IRI, for comparison with
// reference.MatchIRI.
func partsOfIRI(i uri.IRI) reference.Parts { return partsOfReading(i) }

func partsOfReading(u reading) reference.Parts {
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
