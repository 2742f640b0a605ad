// Package tables holds the byte-class and transition tables that package
// scanner reads a URI-reference with. They are generated from the grammar
// description in tables/internal/grammar; edit that and run go generate.
//
// Most programs want package uri instead.
package tables

//go:generate go run ./internal/gentables
