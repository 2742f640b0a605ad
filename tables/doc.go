// Package tables holds the data of RFC 3986's grammar, for programs that
// read bytes themselves: the character sets of RFC 3986 (Set, Sets), the
// byte classes that the grammar tells apart (Class), and the enums the
// scanner reports (Component, Reason, HostKind). All of it is generated
// from the grammar description in internal/grammar by go generate; edit
// that, never the output. The automaton built on the classes belongs to
// the engine that runs it, internal/scan, whose tables are generated from
// the same description.
//
// The enums have no String methods here: package uri has a type of its
// own for Component and HostKind, with one, and the values convert to it
// (uri.Component(f.Component())); it reports a Reason as one of its
// sentinel errors (uri.ErrInvalidPort). The names of the automaton's states
// belong to the engine that acts on them and are not exported. Most
// programs want package uri.
package tables

//go:generate go run ./internal/gentables
