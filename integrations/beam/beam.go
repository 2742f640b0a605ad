// Package beam runs rfc3986's crawl keys on Apache Beam (the Go SDK): DoFns
// that parse URLs (valid and invalid outputs, with the error), canonicalize
// them with a uri/canon profile, make their SURT keys, resolve links
// against a base and compute Common Crawl's host columns; and Keys, the
// pipeline that dedupes URLs by canonical key and counts them per
// registrable domain. Each DoFn writes what the library's plain functions
// and the uri command write, byte for byte.
package beam

import (
	"fmt"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/filter"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	"github.com/urilabs/rfc3986/uri"
	"github.com/urilabs/rfc3986/uri/canon"
	"github.com/urilabs/rfc3986/uri/canon/psl"
)

func init() {
	register.Function3x0(ParseFn)
	register.Emitter1[string]()
	register.DoFn2x0[string, func(string)](&CanonFn{})
	register.Function2x0(SURTFn)
	register.DoFn2x0[string, func(string)](&ResolveFn{})
	register.Function1x1(ColumnsFn)
	register.Function1x1(DomainFn)
	register.Function2x1(formatCountFn)
}

// ParseFn sends a line that is a URI to valid and any other to invalid, as
// the line, a tab and the *uri.Error's message.
func ParseFn(line string, valid, invalid func(string)) {
	if _, err := uri.Parse(line); err != nil {
		invalid(line + "\t" + err.Error())
		return
	}
	valid(line)
}

// CanonFn canonicalizes each line with the profile named Profile
// (canon.ProfileByName), writing what `uri canon --profile` writes: the
// canonical URL, or "!" and the error.
type CanonFn struct {
	Profile string
	p       canon.Profile
}

// Setup looks the profile up once per worker.
func (f *CanonFn) Setup() error {
	p, ok := canon.ProfileByName(f.Profile)
	if !ok {
		return fmt.Errorf("no canonicalization profile %q", f.Profile)
	}
	f.p = p
	return nil
}

// ProcessElement canonicalizes one line.
func (f *CanonFn) ProcessElement(line string, emit func(string)) {
	out, err := f.p.Canonicalize(line)
	if err != nil {
		emit("!" + err.Error())
		return
	}
	emit(out)
}

// SURTFn writes each line's SURT key as `uri surt` does.
func SURTFn(line string, emit func(string)) {
	if line != "" {
		if _, err := uri.Parse(line); err != nil {
			emit("!" + err.Error())
			return
		}
	}
	emit(canon.SURT(line, canon.SURTOptions{}))
}

// ResolveFn resolves each line, a reference such as a link's href, against
// Base (RFC 3986 section 5.2); a reference that does not parse, or a base
// that is not absolute, gives "!" and the error.
type ResolveFn struct {
	Base string
}

// ProcessElement resolves one reference.
func (f *ResolveFn) ProcessElement(ref string, emit func(string)) {
	base, err := uri.Parse(f.Base)
	if err != nil {
		emit("!" + err.Error())
		return
	}
	u, err := base.ResolveString(ref)
	if err != nil {
		emit("!" + err.Error())
		return
	}
	emit(u.String())
}

// ColumnsFn writes the line `uri columns --tsv` writes for a URL.
func ColumnsFn(line string) string {
	u, err := uri.Parse(line)
	var c canon.HostColumns
	if err == nil {
		c = canon.Columns(u.Host())
	}
	return string(canon.AppendColumnsRow(nil, line, c, err, false))
}

// DomainFn returns the registrable domain of a canonical URL's host
// (all the list's rules), the host itself when it has none (an IP
// address, a public suffix), or "" for a line that is not a URL.
func DomainFn(canonical string) string {
	u, err := uri.Parse(canonical)
	if err != nil {
		return ""
	}
	h := strings.ToLower(u.Host())
	if d := psl.RegistrableDomain(h); d != "" {
		return d
	}
	return h
}

func formatCountFn(domain string, n int) string {
	return fmt.Sprintf("%s\t%d", domain, n)
}

// Keys is the pipeline's work on lines of URLs: the distinct canonical keys
// under the profile, and "domain<TAB>count" lines, the number of distinct
// keys per registrable domain. Lines that are not URLs go to invalid, with
// their errors.
func Keys(s beam.Scope, lines beam.PCollection, profile string) (keys, counts, invalid beam.PCollection) {
	s = s.Scope("rfc3986.Keys")
	valid, invalid := beam.ParDo2(s, ParseFn, lines)
	canonical := beam.ParDo(s, &CanonFn{Profile: profile}, valid)
	keys = filter.Distinct(s, canonical)
	domains := beam.ParDo(s, DomainFn, keys)
	counts = beam.ParDo(s, formatCountFn, stats.Count(s, domains))
	return keys, counts, invalid
}
