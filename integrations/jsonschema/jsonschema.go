// Package jsonschema gives github.com/santhosh-tekuri/jsonschema/v6 the
// formats "uri" and "uri-reference" of JSON Schema as RFC 3986 defines
// them, and "iri" and "iri-reference" as RFC 3987 defines them, through
// package uri: a value is a "uri-reference" when uri.Parse accepts it, and
// a "uri" when it also has a scheme (RFC 3986 section 3); an
// "iri-reference" when uri.ParseIRI accepts it, and an "iri" when it also
// has a scheme (RFC 3987 section 2.2).
//
// The library's own checkers for these formats are built on net/url,
// which accepts what RFC 3986 does not (spaces, quotes and "{" in a path,
// a "%" without two hexadecimal digits in a query, a second "@" in an
// authority) and rejects some of what it allows (the IPvFuture literal
// "http://[v1.x]/"). Register replaces them in a Compiler; a value that
// fails says why and where, with the *uri.Error of uri.Parse.
//
// As JSON Schema requires, values other than strings pass every format.
// Formats are assertions only when the Compiler asserts them
// (Compiler.AssertFormat) or the schema's vocabulary asks for it.
package jsonschema

import (
	"errors"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/urilabs/rfc3986/uri"
)

// ErrNoScheme is the reason a relative reference, a valid
// "uri-reference" or "iri-reference", is not a "uri" or an "iri": it has
// no scheme (RFC 3986 section 4.2). Check for it with errors.Is.
var ErrNoScheme = errors.New("relative reference: a URI must have a scheme")

// URI is the format "uri": a URI (RFC 3986 section 3), a reference with a
// scheme, such as "https://example.com/a?b#c" or "mailto:a@example.com".
var URI = &jsonschema.Format{Name: "uri", Validate: validateURI}

// URIReference is the format "uri-reference": a URI-reference (RFC 3986
// section 4.1), a URI or a relative reference such as "../a", "//host/",
// "?q" or "".
var URIReference = &jsonschema.Format{Name: "uri-reference", Validate: validateURIReference}

// IRI is the format "iri": an IRI (RFC 3987 section 2.2), an
// IRI-reference with a scheme, such as "http://例え.jp/パス" or any URI.
var IRI = &jsonschema.Format{Name: "iri", Validate: validateIRI}

// IRIReference is the format "iri-reference": an IRI-reference (RFC 3987
// section 2.2), an IRI or a relative reference such as "/résumé" or "#ƒ".
var IRIReference = &jsonschema.Format{Name: "iri-reference", Validate: validateIRIReference}

// Register registers URI, URIReference, IRI and IRIReference in c, in
// place of the library's own checkers of these formats.
func Register(c *jsonschema.Compiler) {
	c.RegisterFormat(URI)
	c.RegisterFormat(URIReference)
	c.RegisterFormat(IRI)
	c.RegisterFormat(IRIReference)
}

func validateURI(v any) error {
	s, ok := v.(string)
	if !ok {
		return nil
	}
	u, err := uri.Parse(s)
	if err != nil {
		return err
	}
	if !u.HasScheme() {
		return ErrNoScheme
	}
	return nil
}

func validateURIReference(v any) error {
	s, ok := v.(string)
	if !ok {
		return nil
	}
	_, err := uri.Parse(s)
	return err
}

func validateIRI(v any) error {
	s, ok := v.(string)
	if !ok {
		return nil
	}
	i, err := uri.ParseIRI(s)
	if err != nil {
		return err
	}
	if !i.HasScheme() {
		return ErrNoScheme
	}
	return nil
}

func validateIRIReference(v any) error {
	s, ok := v.(string)
	if !ok {
		return nil
	}
	_, err := uri.ParseIRI(s)
	return err
}
