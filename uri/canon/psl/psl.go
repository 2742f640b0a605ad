// Package psl finds the public suffix and the registrable domain of a host
// name with the Public Suffix List (https://publicsuffix.org/list/).
//
// The list embedded in the package is generated from the copy in the module's
// internal/psl/data (its README gives the version); LoadList reads a newer one
// at run time. Lookups allocate nothing and walk the host's labels from the
// right, one lookup a label, stopping at the first suffix no rule ends in
// or extends.
//
// Hosts are looked up as they are given: lower-case them first (rules are
// lower case) and remove a trailing dot. A Unicode host matches the list's
// Unicode rules and its Punycode form the Punycode ones. A host with an empty
// label (".example.com", "a..b") has no suffix, and neither has an IP
// address ("192.168.0.1", "2001:db8::1", "[2001:db8::1]"): its labels are no
// names, so it has no public suffix and no registrable domain.
//
// The implicit "*" rule: the list's algorithm gives a name that no rule
// matches its last label as public suffix ("example.unknowntld" has the
// suffix "unknowntld" and the registrable domain "example.unknowntld").
// PublicSuffix and RegistrableDomain apply it, as
// golang.org/x/net/publicsuffix does; the section functions (ICANNSuffix,
// PrivateSuffix and their domains, Suffixes) do not, as Common Crawl's
// index does, and answer "" for such a name.
package psl

import (
	"io"
	"net/netip"
	"strings"
	"sync"

	"github.com/urilabs/rfc3986/internal/ascii"
	"github.com/urilabs/rfc3986/internal/psl"
)

const (
	icannBits   = psl.RuleICANN | psl.WildcardICANN | psl.ExceptionICANN
	ruleBits    = psl.RuleICANN | psl.RulePrivate
	wildBits    = psl.WildcardICANN | psl.WildcardPrivate
	exceptBits  = psl.ExceptionICANN | psl.ExceptionPrivate
	allSections = 0xff
)

// A List is a parsed Public Suffix List. It is safe for concurrent use.
type List struct {
	m map[string]uint8
	t *table // the same suffixes, for Suffixes
}

// newList keeps m and indexes it in a table.
func newList(m map[string]uint8) *List {
	return &List{m: m, t: newTable(m)}
}

// A table is an open-addressing hash table of the suffixes, hashed from
// their last byte to their first: walking a host's labels from the right,
// the hash of each longer suffix goes on from the shorter one's, so that a
// host's bytes are hashed once in all, whatever number of lookups.
type table struct {
	// filter has the bit filterBit(h) set for the hash h of each suffix:
	// most lookups are of a suffix that is not there ("example.com"), and
	// a clear bit answers them from 16 KB, without a look at the slots.
	filter [1 << (filterBits - 6)]uint64
	slots  []uint64 // the hash in the high half, index+1 in names in the low; 0: empty
	names  []string
	flags  []uint8
	shift  uint
}

const hashSeed = 2166136261 // FNV-1a, 32 bits

const filterBits = 17

func filterBit(h uint32) uint32 { return (h * 0x85EBCA6B) >> (32 - filterBits) }

func hashByte(h uint32, b byte) uint32 { return (h ^ uint32(b)) * 16777619 }

func newTable(m map[string]uint8) *table {
	bits := uint(4)
	for 1<<bits < 2*len(m) {
		bits++
	}
	t := &table{slots: make([]uint64, 1<<bits), shift: 32 - bits}
	for name, f := range m {
		h := uint32(hashSeed)
		for i := len(name) - 1; i >= 0; i-- {
			h = hashByte(h, name[i])
		}
		t.names = append(t.names, name)
		t.flags = append(t.flags, f)
		b := filterBit(h)
		t.filter[b>>6] |= 1 << (b & 63)
		for pos := t.pos(h); ; pos = (pos + 1) & (len(t.slots) - 1) {
			if t.slots[pos] == 0 {
				t.slots[pos] = uint64(h)<<32 | uint64(len(t.names))
				break
			}
		}
	}
	return t
}

func (t *table) pos(h uint32) int { return int((h * 0x9E3779B1) >> t.shift) }

// lookup returns the flags of suffix, whose hash is h, and whether the
// table has it.
func (t *table) lookup(suffix string, h uint32) (uint8, bool) {
	if b := filterBit(h); t.filter[b>>6]&(1<<(b&63)) == 0 {
		return 0, false
	}
	for pos := t.pos(h); ; pos = (pos + 1) & (len(t.slots) - 1) {
		e := t.slots[pos]
		if e == 0 {
			return 0, false
		}
		if uint32(e>>32) == h {
			if i := uint32(e) - 1; t.names[i] == suffix {
				return t.flags[i], true
			}
		}
	}
}

// LoadList reads a list in the format of public_suffix_list.dat, such as a
// newer copy of the list than the one embedded in the package.
func LoadList(r io.Reader) (*List, error) {
	m, err := psl.Parse(r)
	if err != nil {
		return nil, err
	}
	return newList(m), nil
}

// defaultList builds the embedded list's map on first use: the keys are
// substrings of the generated constant, so building copies no text.
var defaultList = sync.OnceValue(func() *List {
	m := make(map[string]uint8, tableLen)
	names := tableNames
	for i := 0; i < tableLen; i++ {
		j := strings.IndexByte(names, '\n')
		m[names[:j]] = tableFlags[i]
		names = names[j+1:]
	}
	return newList(m)
})

// Default returns the list embedded in the package.
func Default() *List { return defaultList() }

// Match kinds: which rule set a host's public suffix.
const (
	matchNone    = iota // no rule: the implicit "*" rule, or an invalid host
	matchICANN          // a rule of the ICANN section
	matchPrivate        // a rule of the private section
)

// match returns the offset in host at which its public suffix begins under
// the rules of the sections in mask, and the section of the rule that
// prevailed (section 'Algorithm' of the list's format page: an exception rule
// wins, else the rule with the most labels, else "*"). It returns -1 for a
// host with an empty label.
func (l *List) match(host string, mask uint8) (start int, kind int) {
	if host == "" || host[0] == '.' || host[len(host)-1] == '.' || ascii.ContainsPair(host, '.', '.') || isIP(host) {
		return -1, matchNone
	}
	end := len(host) // end of the label being added, the dot before the parent suffix
	start = strings.LastIndexByte(host, '.') + 1
	var parent uint8 // flags of the suffix one label shorter
	for {
		j := strings.LastIndexByte(host[:end], '.')
		s := host[j+1:]
		f, ok := l.m[s]
		f &= mask
		if w := parent & wildBits; w != 0 {
			// "*.parent" matches s, unless an exception rule "!s" overrides it.
			if f&exceptBits != 0 {
				return end + 1, sectionOf(f & exceptBits)
			}
			start, kind = j+1, sectionOf(w>>1)
		}
		if f&ruleBits != 0 {
			start, kind = j+1, sectionOf(f&ruleBits)
		}
		if !ok || j < 0 {
			return start, kind
		}
		parent, end = f, j
	}
}

// sectionOf says which section a rule's bits are in, ICANN first when both.
func sectionOf(f uint8) int {
	if f&icannBits != 0 {
		return matchICANN
	}
	return matchPrivate
}

// PublicSuffix returns the public suffix of host under all the rules of the
// list, and whether the rule that set it is in the ICANN section, as
// golang.org/x/net/publicsuffix.PublicSuffix does: a host no rule matches
// has its last label as suffix (the implicit "*" rule), with icann false.
// A host with an empty label, and an IP address, return "" and false.
func (l *List) PublicSuffix(host string) (suffix string, icann bool) {
	start, kind := l.match(host, allSections)
	if start < 0 {
		return "", false
	}
	return host[start:], kind == matchICANN
}

// RegistrableDomain returns the public suffix of host, under all the rules
// and the implicit "*", with the one label before it: the
// "registrable domain" of the PSL's tests and the eTLD+1 of
// golang.org/x/net/publicsuffix. It returns "" when host is a public suffix
// itself, has an empty label or is an IP address. Because of the implicit "*" rule,
// a name under no rule has one ("example.unknowntld"), which PrivateDomain,
// and Common Crawl's url_host_private_domain, do not give.
func (l *List) RegistrableDomain(host string) string {
	start, _ := l.match(host, allSections)
	return plusOne(host, start)
}

// ICANNSuffix returns the suffix of host under the rules of the ICANN
// section only, "" when none matches (no implicit "*" rule). Common Crawl's
// index calls it url_host_registry_suffix.
func (l *List) ICANNSuffix(host string) string {
	start, kind := l.match(host, icannBits)
	if kind == matchNone {
		return ""
	}
	return host[start:]
}

// ICANNDomain returns ICANNSuffix with the one label before it, "" when
// there is no such suffix or no label before it.
func (l *List) ICANNDomain(host string) string {
	start, kind := l.match(host, icannBits)
	if kind == matchNone {
		return ""
	}
	return plusOne(host, start)
}

// PrivateSuffix returns the suffix of host under all the rules, of both
// sections, "" when none matches (no implicit "*" rule). Common Crawl's
// index calls it url_host_private_suffix.
func (l *List) PrivateSuffix(host string) string {
	start, kind := l.match(host, allSections)
	if kind == matchNone {
		return ""
	}
	return host[start:]
}

// PrivateDomain returns PrivateSuffix with the one label before it, "" when
// there is no such suffix or no label before it.
func (l *List) PrivateDomain(host string) string {
	start, kind := l.match(host, allSections)
	if kind == matchNone {
		return ""
	}
	return plusOne(host, start)
}

// Suffixes returns ICANNSuffix and PrivateSuffix of host in one call, and
// the registrable domain under each, as ICANNDomain and PrivateDomain
// would: one walk of the host, one lookup a label, for both sections.
func (l *List) Suffixes(host string) (icannSuffix, icannDomain, privateSuffix, privateDomain string) {
	var icann, all walk
	icann.mask, all.mask = icannBits, allSections
	// An empty label ("a..b") means no suffix: the walk sees those of the
	// labels it walks, and the bytes before the label it stops at are
	// looked at after it, nearly always a few.
	if host == "" || host[0] == '.' || host[len(host)-1] == '.' || isIP(host) {
		return
	}
	end := len(host)
	// h is the hash of host[j+1:]. Each label is hashed from its end back,
	// which finds the dot before it on the way: one walk of the host's
	// bytes, where a search for the dot and then the hash took two.
	h, j := uint32(hashSeed), len(host)-1
	for {
		if j == end { // host[end] is the dot that ends the label
			h = hashByte(h, host[j])
			j--
		}
		for j >= 0 && host[j] != '.' {
			h = hashByte(h, host[j])
			j--
		}
		if j+1 == end {
			return
		}
		if end == len(host) {
			// The last label: a suffix under the implicit "*" rule.
			icann.start, all.start = j+1, j+1
		}
		f, ok := l.t.lookup(host[j+1:], h)
		icann.label(f, j, end)
		all.label(f, j, end)
		if !ok || j < 0 || icann.done && all.done {
			break
		}
		end = j
	}
	if j > 0 && ascii.ContainsPair(host[:j+1], '.', '.') {
		return
	}
	if icann.kind != matchNone {
		icannSuffix, icannDomain = host[icann.start:], domainOf(host, icann.start, j, end)
	}
	if all.kind != matchNone {
		privateSuffix, privateDomain = host[all.start:], domainOf(host, all.start, j, end)
	}
	return
}

// walk is the state of match for one mask, so that one walk of a host's
// labels serves two masks.
type walk struct {
	mask   uint8
	parent uint8
	start  int
	kind   int
	done   bool // an exception rule decided
}

// label is one turn of match's loop for the suffix host[j+1:], whose
// flags are f, end being the dot before its parent.
func (w *walk) label(f uint8, j, end int) {
	if w.done {
		return
	}
	f &= w.mask
	if wb := w.parent & wildBits; wb != 0 {
		if f&exceptBits != 0 {
			w.start, w.kind, w.done = end+1, sectionOf(f&exceptBits), true
			return
		}
		w.start, w.kind = j+1, sectionOf(wb>>1)
	}
	if f&ruleBits != 0 {
		w.start, w.kind = j+1, sectionOf(f&ruleBits)
	}
	w.parent = f
}

// domainOf is plusOne(host, start) after a walk that stopped at the label
// host[j+1:end]. The walk stops at the label after a suffix's first label,
// or at an exception, whose suffix begins after the label the walk stopped
// at: either way, that label begins the domain, which plusOne need not look
// for again.
func domainOf(host string, start, j, end int) string {
	if start == end+1 {
		return host[j+1:]
	}
	return plusOne(host, start)
}

// plusOne returns the suffix of host at start with one more label, "" when
// start is the beginning of host or invalid.
func plusOne(host string, start int) string {
	if start <= 0 {
		return ""
	}
	return host[strings.LastIndexByte(host[:start-1], '.')+1:]
}

// isIP reports whether host is an IP address: dotted-decimal IPv4, IPv6,
// or IPv6 in brackets as a URI writes it. Only a host ending in a digit,
// "]" or a hexadecimal digit after ":" can be one: a name is refused at
// its last byte, without a parse.
func isIP(host string) bool {
	last := host[len(host)-1]
	if last == ']' && host[0] == '[' {
		host = host[1 : len(host)-1]
	} else if !('0' <= last && last <= '9') && strings.IndexByte(host, ':') < 0 {
		return false
	}
	_, err := netip.ParseAddr(host)
	return err == nil
}

// PublicSuffix is [List.PublicSuffix] of the embedded list.
func PublicSuffix(host string) (suffix string, icann bool) {
	return Default().PublicSuffix(host)
}

// RegistrableDomain is [List.RegistrableDomain] of the embedded list.
func RegistrableDomain(host string) string {
	return Default().RegistrableDomain(host)
}
