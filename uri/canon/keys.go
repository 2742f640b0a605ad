package canon

import "github.com/urilabs/rfc3986/uri"

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
// buffer, the keys within it, and the error IA.AppendCanonicalURI returns
// (a reference without a scheme), with which the other keys are still set.
//
// With a buffer reused from URL to URL, AppendKeys allocates nothing but
// that error, and the host columns of a host Columns must rewrite (upper
// case, a "%", non-ASCII, an IPv4 variant).
func AppendKeys(dst []byte, u uri.URI, o SURTOptions) ([]byte, Keys, error) {
	var (
		k   Keys
		err error
		c   *parts
	)
	s := u.String()
	start := len(dst)
	switch {
	case !u.HasScheme():
		err = &uri.Error{Op: "canon." + IA.Name, Input: s, Err: ErrNotAbsolute}
	case !u.HasAuthority():
		dst = uri.AppendNormalize(dst, u)
	default:
		c = getParts(u)
		defer partsPool.Put(c)
		runIA(c, false)
		dst = c.appendURL(dst, rfcEncode)
	}
	canonEnd := len(dst)

	if d, ok := appendSURTRecord(dst, s, o); ok {
		dst = d
	} else if !u.HasAuthority() || u.Host() == "" {
		dst = append(dst, s...)
	} else {
		if c == nil || o.KeepWWW {
			if c == nil {
				c = getParts(u)
				defer partsPool.Put(c)
			} else {
				c.reset(u)
			}
			runIA(c, o.KeepWWW)
		}
		dst = c.appendSURT(dst, o)
	}
	surtEnd := len(dst)

	k.Columns = Columns(u.Host())
	dst = k.Columns.AppendNameReversed(dst)
	k.Canonical = dst[start:canonEnd:canonEnd]
	k.SURT = dst[canonEnd:surtEnd:surtEnd]
	k.NameReversed = dst[surtEnd:len(dst):len(dst)]
	return dst, k, err
}
