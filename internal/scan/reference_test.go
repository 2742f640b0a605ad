package scan_test

import (
	"github.com/leanovate/gopter"
	"github.com/urilabs/rfc3986/internal/reference"
)

// genOf is g as a gopter generator, drawing from the property's source.
// Its values do not shrink.
func genOf[T any](g reference.Gen[T]) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(g(p.Rng), gopter.NoShrinker)
	}
}
