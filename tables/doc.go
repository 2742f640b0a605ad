// Package tables holds the byte classes, character sets and transition
// tables of the automaton that reads a URI-reference, and the enums its
// failure codes hold (Component, Reason, HostKind). All of it is generated
// from the grammar description in tables/internal/grammar by go generate;
// edit that, never the output.
//
// The tables are the scanner's implementation, exported so that package
// scanner can read them: they carry no compatibility promise, and may
// change in any release. The enums are the exception: packages scanner and
// uri re-export them as scanner.Component and uri.Component, and so on,
// and those names are the promise. Most programs want package uri.
package tables

//go:generate go run ./internal/gentables
