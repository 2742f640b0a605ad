// Package validator gives github.com/go-playground/validator/v10 tags
// that check URIs exactly as RFC 3986 defines them, through package uri:
//
//	rfc3986_uri            a URI, with a scheme (section 3): "https://a/b#c"
//	rfc3986_uri_reference  a URI-reference (section 4.1): a URI or a
//	                       relative reference such as "../a", "?q" or ""
//	rfc3986_absolute_uri   an absolute-URI (section 4.3): a URI without a
//	                       fragment, such as a base URI must be
//
// The validator's own "uri" and "url" tags are built on net/url, which
// accepts what RFC 3986 does not (spaces and "{" in a path, a "%" without
// two hexadecimal digits in a query) and rejects some of what it allows
// (the IPvFuture literal "http://[v1.x]/"). These tags accept exactly the
// ABNF of RFC 3986.
//
// A tag applies to a field of kind string, and to a uri.URI, which is
// always a URI-reference; a field of any other type fails it. The empty
// string is a valid URI-reference (the same-document reference) but not a
// URI: combine the tags with "required" or "omitempty" as for any other.
package validator

import (
	"reflect"

	"github.com/go-playground/validator/v10"
	"github.com/urilabs/rfc3986/uri"
)

// The tags Register registers.
const (
	TagURI          = "rfc3986_uri"
	TagURIReference = "rfc3986_uri_reference"
	TagAbsoluteURI  = "rfc3986_absolute_uri"
)

// Register registers the tags with v. It fails only if v refuses a tag,
// as it does for a name already built in.
func Register(v *validator.Validate) error {
	for tag, fn := range map[string]validator.Func{
		TagURI:          IsURI,
		TagURIReference: IsURIReference,
		TagAbsoluteURI:  IsAbsoluteURI,
	} {
		if err := v.RegisterValidation(tag, fn); err != nil {
			return err
		}
	}
	return nil
}

// IsURI is the check of the tag rfc3986_uri: the field is a URI (section
// 3), a URI-reference with a scheme.
func IsURI(fl validator.FieldLevel) bool {
	u, ok := parse(fl)
	return ok && u.HasScheme()
}

// IsURIReference is the check of the tag rfc3986_uri_reference: the field
// is a URI-reference (section 4.1).
func IsURIReference(fl validator.FieldLevel) bool {
	_, ok := parse(fl)
	return ok
}

// IsAbsoluteURI is the check of the tag rfc3986_absolute_uri: the field
// is an absolute-URI (section 4.3), with a scheme and without a fragment.
func IsAbsoluteURI(fl validator.FieldLevel) bool {
	u, ok := parse(fl)
	return ok && u.IsAbsolute()
}

// parse returns the field as a URI, and false when it is not a
// URI-reference or not a string or URI at all.
func parse(fl validator.FieldLevel) (uri.URI, bool) {
	f := fl.Field()
	if f.CanInterface() {
		if u, ok := f.Interface().(uri.URI); ok {
			return u, true
		}
	}
	if f.Kind() != reflect.String {
		return uri.URI{}, false
	}
	u, err := uri.Parse(f.String())
	return u, err == nil
}
