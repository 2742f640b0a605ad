// Package tables holds the data of the automaton that reads a
// URI-reference, for programs that read bytes themselves: the character
// sets of RFC 3986 (Set, Sets), the byte classes (Class), the transition
// table (Step, from Start), and the enums the scanner reports (Component,
// Reason, HostKind). All of it is generated from the grammar description
// in tables/internal/grammar by go generate; edit that, never the output.
//
// The enums have no String methods here: package uri has a type of its
// own for Component and HostKind, with one, and the values convert to it
// (uri.Component(f.Component())); it reports a Reason as one of its
// sentinel errors (uri.ErrInvalidPort). The names of the automaton's states
// belong to the engine that acts on them and are not exported. Most
// programs want package uri.
package tables

//go:generate go run ./internal/gentables
