package route

import (
	"slices"
	"strings"
	"sync"
)

// A Preset is a Policy that reproduces a real product in a given
// configuration, byte for byte, with what it was made from.
type Preset struct {
	// Name is the preset's short name: lower-case, kebab-case, product
	// first, then the setting ("nginx", "envoy-edge", "servemux-121").
	Name string
	// Product is the product and its version ("Envoy 1.33").
	Product string
	// Version is the version of the product whose behaviour the preset
	// reproduces.
	Version string
	// Settings are the configuration directives or options it
	// reproduces, as the product's documentation writes them.
	Settings string
	// Role says whether the product is met in front (a proxy: it routes
	// and forwards) or at the back (a server: it routes, and its Forward
	// is what it hands the application), or both.
	Role Role
	// Sources are the source files of the product the preset was read
	// from, and the tests that check it.
	Sources string
	// Policy is the behaviour.
	Policy Policy
}

// Role is where a product sits in a chain of HTTP hops.
type Role uint8

const (
	// Front is a proxy: it routes on Key and sends Forward on.
	Front Role = 1 << iota
	// Back is a server: it routes on Key and hands the application the
	// path; Forward is the request-target it reports (as a Servlet
	// container's getRequestURI).
	Back
	// Both is a product used either way.
	Both = Front | Back
)

// registry holds the presets of every product file; each file adds its
// own with register, from the initializer of a package-level variable, so
// that a product's presets live in its own file and no other file lists
// them.
var registry []Preset

// register adds presets to the registry and returns them. A product file
// calls it as
//
//	var _ = register(Preset{Name: "nginx", ...}, ...)
//
// (a blank variable: a named one that nothing reads is reported unused).
func register(presets ...Preset) []Preset {
	registry = append(registry, presets...)
	return presets
}

var sorted = sync.OnceValue(func() []Preset {
	s := slices.Clone(registry)
	slices.SortFunc(s, func(a, b Preset) int { return strings.Compare(a.Name, b.Name) })
	return s
})

// Presets returns every preset, sorted by name. The slice is a copy.
func Presets() []Preset { return slices.Clone(sorted()) }

// Lookup returns the preset of the given name.
func Lookup(name string) (Preset, bool) {
	s := sorted()
	i, ok := slices.BinarySearchFunc(s, name, func(p Preset, n string) int { return strings.Compare(p.Name, n) })
	if !ok {
		return Preset{}, false
	}
	return s[i], true
}
