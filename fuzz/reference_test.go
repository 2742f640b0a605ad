package fuzz

import (
	"github.com/leanovate/gopter"
	"github.com/urilabs/rfc3986/internal/reference"
	"github.com/urilabs/rfc3986/internal/reference/fromuri"
)

// The adapters from package uri and gopter to package reference, kept out
// of it so that it depends on nothing it checks and on no test library.

// genOf is g as a gopter generator, drawing from the property's source.
// Its values do not shrink.
func genOf[T any](g reference.Gen[T]) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(g(p.Rng), gopter.NoShrinker)
	}
}

var partsOf, partsOfIRI = fromuri.Parts, fromuri.IRIParts
