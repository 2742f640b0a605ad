package scheme

import (
	"strings"

	"github.com/urilabs/rfc3986/uri"
)

// A URN is a Uniform Resource Name (RFC 8141 section 2) taken apart. Its
// parts are raw, as written in the URI: percent-encodings are not decoded,
// since two NSS that differ in one ("a%2Cb" and "a,b") name different
// resources (section 3.1). Each component is "" when it is absent; the
// r- and q-components cannot be empty when present.
type URN struct {
	NID        string // namespace identifier: "isbn" in "urn:isbn:0451450523"
	NSS        string // namespace-specific string: "0451450523"
	RComponent string // after "?+", for a resolver (section 2.3.1)
	QComponent string // after "?=", for the named resource (section 2.3.2)
	FComponent string // after "#" (section 2.3.3)
}

// ParseURN returns the parts of the urn URI u:
//
//	namestring    = assigned-name [ rq-components ] [ "#" f-component ]
//	assigned-name = "urn" ":" NID ":" NSS
//	rq-components = [ "?+" r-component ] [ "?=" q-component ]
//
// u must be a urn URI (ErrWrongScheme) that Check accepts. Errors are
// *uri.Error values with Op "parse urn".
func ParseURN(u uri.URI) (URN, error) {
	if !strings.EqualFold(u.Scheme(), "urn") {
		return URN{}, withOp(errorAt(u, 0, uri.Scheme, ErrWrongScheme), "parse urn")
	}
	n, err := readURN(u)
	if err != nil {
		return URN{}, withOp(err, "parse urn")
	}
	return n, nil
}

// readURN reads the URN u, whose scheme is urn (section 2):
//
//	NID = (alphanum) 0*30(ldh) (alphanum)
//	ldh = alphanum / "-"
//	NSS = pchar *(pchar / "/")
//	r-component = pchar *( pchar / "/" / "?" )
//	q-component = pchar *( pchar / "/" / "?" )
//
// The URI grammar has already checked that the path is made of pchar and
// "/", and the query of those and "?".
func readURN(u uri.URI) (URN, *uri.Error) {
	o := u.Offsets()
	if u.HasAuthority() {
		return URN{}, errorAt(u, o.AuthorityStart-2, uri.Path, ErrInvalidNID)
	}
	path := u.Path()
	i := 0
	for i < len(path) && i <= 32 && (isAlphaNum(path[i]) || path[i] == '-' && i > 0) {
		i++
	}
	switch {
	case i < len(path) && path[i] == ':' && i >= 2 && i <= 32 && path[i-1] != '-':
	case i > 32:
		return URN{}, errorAt(u, o.PathStart+32, uri.Path, ErrInvalidNID)
	case i >= 2 && path[i-1] == '-' && (i == len(path) || path[i] == ':'):
		return URN{}, errorAt(u, o.PathStart+i-1, uri.Path, ErrInvalidNID)
	default:
		return URN{}, errorAt(u, o.PathStart+i, uri.Path, ErrInvalidNID)
	}
	n := URN{NID: path[:i], NSS: path[i+1:], FComponent: u.Fragment()}
	if n.NSS == "" || n.NSS[0] == '/' {
		return URN{}, errorAt(u, o.PathStart+i+1, uri.Path, ErrInvalidNSS)
	}
	if !u.HasQuery() {
		return n, nil
	}
	q, at := u.Query(), o.PathEnd+1
	if strings.HasPrefix(q, "+") {
		n.RComponent, q, _ = strings.Cut(q[1:], "?=")
		if !startsComponent(n.RComponent) {
			return URN{}, errorAt(u, at+1, uri.Query, ErrInvalidRQComponents)
		}
		at += 1 + len(n.RComponent) + 1 // the "?" of "?="
		if len(n.RComponent) == len(u.Query())-1 {
			return n, nil
		}
	} else if !strings.HasPrefix(q, "=") {
		return URN{}, errorAt(u, at, uri.Query, ErrInvalidRQComponents)
	} else {
		q = q[1:]
	}
	if !startsComponent(q) {
		return URN{}, errorAt(u, at+1, uri.Query, ErrInvalidRQComponents)
	}
	n.QComponent = q
	return n, nil
}

// startsComponent reports whether s is an r-component or a q-component
// given that it is made of pchar, "/" and "?": whether it begins with a
// pchar.
func startsComponent(s string) bool { return s != "" && s[0] != '/' && s[0] != '?' }

func isAlphaNum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// EquivalentURN reports whether a and b are URNs (ParseURN accepts them)
// that RFC 8141 section 3 holds equivalent: equal but for the case of
// "urn" and of the NID and the case of the hexadecimal digits of
// percent-encodings, whatever their r-, q- and f-components. Other
// percent-encodings are compared as written: "a%2Cb" is not "a,b", nor is
// "%41" "A". It allocates nothing.
func EquivalentURN(a, b uri.URI) bool {
	if !strings.EqualFold(a.Scheme(), "urn") || !strings.EqualFold(b.Scheme(), "urn") {
		return false
	}
	x, errA := readURN(a)
	y, errB := readURN(b)
	if errA != nil || errB != nil || !strings.EqualFold(x.NID, y.NID) || len(x.NSS) != len(y.NSS) {
		return false
	}
	for i := 0; i < len(x.NSS); i++ {
		c, d := x.NSS[i], y.NSS[i]
		if c == d {
			continue
		}
		// A hexadecimal digit of a triplet: one of the two bytes before
		// it is the "%", and the NSS of both agree up to here.
		inTriplet := i >= 1 && x.NSS[i-1] == '%' || i >= 2 && x.NSS[i-2] == '%'
		if !inTriplet || c|0x20 != d|0x20 {
			return false
		}
	}
	return true
}
