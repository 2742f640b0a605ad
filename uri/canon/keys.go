package canon

import (
	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/canon/psl"
)

// Keys are the keys a crawler or a web archive's index derives from one
// URL, as AppendKeys writes them. The byte slices are within the buffer
// AppendKeys returned: they hold until that buffer is written to again.
type Keys struct {
	Canonical    []byte      // the IA profile's canonical form; empty with an error
	SURT         []byte      // the SURT key, AppendSURT of the URL
	Columns      HostColumns // Columns of the URL's host
	NameReversed []byte      // Columns.AppendNameReversed
}

// AppendKeys appends to dst the IA canonical form of u
// (IA.AppendCanonicalURI), its SURT key (AppendSURT of u.String() with o)
// and its host name reversed, and computes the host columns of u.Host():
// what those functions give one by one, from one run of the IA profile's
// steps and one walk of the Public Suffix List. It returns the extended
// buffer, the keys within it, and the error IA.AppendCanonicalURI returns,
// with which the other keys are still set.
//
// AppendKeys takes the memory its steps work in from a pool; a KeyMaker
// keeps its own, and allocates nothing at all once warm.
func AppendKeys(dst []byte, u uri.URI, o SURTOptions) ([]byte, Keys, error) {
	c := partsPool.Get().(*parts)
	defer partsPool.Put(c)
	return appendKeys(c, dst, u, o)
}

// A KeyMaker makes the keys of one URL after another, as AppendKeys does,
// keeping the memory its steps work in from one URL to the next. The zero
// value is ready to use; a KeyMaker is not safe for concurrent use.
type KeyMaker struct {
	c parts
}

// Append is AppendKeys in m's memory. With dst reused from URL to URL, it
// allocates nothing once warm but the error it returns, and the host
// columns of a host Columns must rewrite (upper case, a "%", non-ASCII, an
// IPv4 variant).
func (m *KeyMaker) Append(dst []byte, u uri.URI, o SURTOptions) ([]byte, Keys, error) {
	return appendKeys(&m.c, dst, u, o)
}

// appendKeys is AppendKeys with c as the step state.
func appendKeys(c *parts, dst []byte, u uri.URI, o SURTOptions) ([]byte, Keys, error) {
	var k Keys
	s := u.String()
	start := len(dst)
	line, hasAuthority, err := c.readLine(s, IA.Name)
	refused := err != nil
	switch {
	case refused:
	case !hasAuthority:
		dst, err = appendOpaque(dst, line, IA.Name)
	default:
		runIA(c, SURTOptions{})
		dst = c.appendURL(dst, rfcEncode)
	}
	canonEnd := len(dst)

	if d, ok := surtRecord(dst, s, o); ok {
		dst = d
	} else if refused {
		dst = append(dst, s...)
	} else if !hasAuthority {
		dst = append(dst, line...)
	} else {
		if o.KeepWWW || o.KeepQueryCase {
			c.readLine(s, "")
			runIA(c, o)
		}
		dst = c.appendSURT(dst, o)
	}
	surtEnd := len(dst)

	k.Columns.set(psl.Default(), u.Host())
	if k.Columns.isName {
		dst = appendLabelsReversed(dst, k.Columns.HostName, '.')
	}
	k.Canonical = dst[start:canonEnd:canonEnd]
	k.SURT = dst[canonEnd:surtEnd:surtEnd]
	k.NameReversed = dst[surtEnd:len(dst):len(dst)]
	return dst, k, err
}
