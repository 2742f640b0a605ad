// Package idnagen turns the UTS #46 data that npm's tr46 package ships
// (the IDNA mapping table, and the bidi, joining and combining classes it
// derives from the UCD) into the Go tables of package idna, and the
// normalization of Node's ICU and npm's @unicode/unicode-X package, of
// the same Unicode version, into its NFC tables.
//
// The data in data/ is tr46's lib/ as published; data/README.md says
// where it comes from, and where NFC's comes from. Generate and
// GenerateNorm are called by go generate (through internal/gentables) and
// by the freshness tests of package idna.
package idnagen

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"go/format"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

const maxRune = 0x10FFFF

// Status values of a code point in the IDNA mapping table (UTS #46 §5).
// Their numbers are the ones package idna tests; the generator checks
// tr46's own numbering against data/statusMapping.js.
const (
	statusValid      = 0
	statusMapped     = 1
	statusDeviation  = 2
	statusIgnored    = 3
	statusDisallowed = 4
)

// Bits of a property word, above the three status bits. They must agree
// with the constants in package idna (props.go).
const (
	bitMark   = 1 << 3 // General_Category=Mark (UTS #46 §4.1 V6)
	bitVirama = 1 << 4 // Canonical_Combining_Class=Virama (RFC 5892 A.1, A.2)
	// Joining_Type (RFC 5892 A.1), three bits: D is jtLD|jtRD.
	jtShift = 5
	jtLD    = 1 // L or D: may stand left of ZWNJ
	jtRD    = 2 // R or D: may stand right of ZWNJ
	jtT     = 4 // transparent
	// Bidi_Class grouped as RFC 5893 §2 uses it, three bits.
	bidiShift   = 8
	bidiOther   = 0 // B, S, WS, LRE, ...: allowed in no label of a Bidi domain name
	bidiL       = 1
	bidiRAL     = 2 // R or AL
	bidiAN      = 3
	bidiEN      = 4
	bidiNSM     = 5
	bidiNeutral = 6 // ES, CS, ET, ON, BN
)

// Generate reads the data in dir (normally data/ beside this file) and
// returns the formatted source of package idna's tables.
func Generate(dir string) ([]byte, error) {
	version, err := readVersion(filepath.Join(dir, "package.json"))
	if err != nil {
		return nil, err
	}
	if err := checkStatusNumbers(filepath.Join(dir, "statusMapping.js")); err != nil {
		return nil, err
	}
	entries, err := readMappingTable(filepath.Join(dir, "mappingTable.json.gz"))
	if err != nil {
		return nil, err
	}
	classes, err := readRegexes(filepath.Join(dir, "regexes.js.gz"))
	if err != nil {
		return nil, err
	}

	// The status and mapping of every code point.
	status := make([]uint8, maxRune+1)
	mapping := make([]int32, maxRune+1) // index into mapStrings, -1: none
	for i := range status {
		status[i] = 0xFF
		mapping[i] = -1
	}
	var mapStrings []string
	mapIndex := map[string]int32{}
	for _, e := range entries {
		for r := e.lo; r <= e.hi; r++ {
			if status[r] != 0xFF {
				return nil, fmt.Errorf("mapping table: U+%04X listed twice", r)
			}
			status[r] = e.status
		}
		if e.status == statusMapped || e.status == statusDeviation {
			idx, ok := mapIndex[e.mapping]
			if !ok {
				idx = int32(len(mapStrings))
				mapStrings = append(mapStrings, e.mapping)
				mapIndex[e.mapping] = idx
			}
			for r := e.lo; r <= e.hi; r++ {
				mapping[r] = idx
			}
		}
	}
	for r, s := range status {
		if s == 0xFF {
			return nil, fmt.Errorf("mapping table: U+%04X missing", r)
		}
	}

	// The property word of every code point.
	bidi, err := bidiClasses(classes)
	if err != nil {
		return nil, err
	}
	jt, err := joiningTypes(classes)
	if err != nil {
		return nil, err
	}
	prop := make([]uint16, maxRune+1)
	for r := range prop {
		p := uint16(status[r])
		if classes["combiningMarks"][0].has(rune(r)) {
			p |= bitMark
		}
		if classes["combiningClassVirama"][0].has(rune(r)) {
			p |= bitVirama
		}
		p |= uint16(jt[r]) << jtShift
		p |= uint16(bidi[r]) << bidiShift
		prop[r] = p
	}

	t, err := buildTrie(prop)
	if err != nil {
		return nil, err
	}
	m := buildMappings(mapping, mapStrings)
	return emit(version, t, m)
}

// An Entry is a row of the mapping table: the code points Lo to Hi,
// their status (the numbering of package idna: 0 valid, 1 mapped,
// 2 deviation, 3 ignored, 4 disallowed) and, for mapped and deviation, the
// replacement.
type Entry struct {
	Lo, Hi  int
	Status  uint8
	Mapping string
}

// Table reads the mapping table in dir, for tests to check the generated
// lookups against the source.
func Table(dir string) ([]Entry, error) {
	entries, err := readMappingTable(filepath.Join(dir, "mappingTable.json.gz"))
	if err != nil {
		return nil, err
	}
	out := make([]Entry, len(entries))
	for i, e := range entries {
		out[i] = Entry{e.lo, e.hi, e.status, e.mapping}
	}
	return out, nil
}

// Classes reads tr46's expressions in dir and returns, for each by name
// (combiningMarks, bidiS1LTR, validZWNJ, ...), membership tests of its
// character classes in order, for tests to check the generated
// properties against the source.
func Classes(dir string) (map[string][]func(rune) bool, error) {
	classes, err := readRegexes(filepath.Join(dir, "regexes.js.gz"))
	if err != nil {
		return nil, err
	}
	out := map[string][]func(rune) bool{}
	for name, sets := range classes {
		for _, s := range sets {
			out[name] = append(out[name], s.has)
		}
	}
	return out, nil
}

// entry is one row of tr46's mappingTable.json: [lo or [lo, hi], status, mapping?].
type entry struct {
	lo, hi  int
	status  uint8
	mapping string
}

func readGzip(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return io.ReadAll(z)
}

func readVersion(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var pkg struct {
		Name           string `json:"name"`
		Version        string `json:"version"`
		UnicodeVersion string `json:"unicodeVersion"`
	}
	if err := json.Unmarshal(b, &pkg); err != nil {
		return "", fmt.Errorf("%s: %v", path, err)
	}
	if pkg.Name != "tr46" || pkg.UnicodeVersion == "" {
		return "", fmt.Errorf("%s: not tr46's package.json with a unicodeVersion", path)
	}
	return pkg.UnicodeVersion, nil
}

// tr46's numbering of the statuses (lib/statusMapping.js), and ours.
var tr46Status = map[string]struct{ tr46, ours uint8 }{
	"mapped":     {1, statusMapped},
	"valid":      {2, statusValid},
	"disallowed": {3, statusDisallowed},
	"deviation":  {6, statusDeviation},
	"ignored":    {7, statusIgnored},
}

func checkStatusNumbers(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	found := regexp.MustCompile(`(\w+): (\d+)`).FindAllStringSubmatch(string(b), -1)
	if len(found) != len(tr46Status) {
		return fmt.Errorf("%s: %d statuses, want %d", path, len(found), len(tr46Status))
	}
	for _, f := range found {
		n, _ := strconv.Atoi(f[2])
		if s, ok := tr46Status[f[1]]; !ok || int(s.tr46) != n {
			return fmt.Errorf("%s: status %s = %s is not what the generator knows", path, f[1], f[2])
		}
	}
	return nil
}

func readMappingTable(path string) ([]entry, error) {
	b, err := readGzip(path)
	if err != nil {
		return nil, err
	}
	var rows [][]json.RawMessage
	if err := json.Unmarshal(b, &rows); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	ours := map[uint8]uint8{}
	for _, s := range tr46Status {
		ours[s.tr46] = s.ours
	}
	var out []entry
	for i, row := range rows {
		if len(row) < 2 || len(row) > 3 {
			return nil, fmt.Errorf("%s: row %d has %d fields", path, i, len(row))
		}
		var e entry
		var cps []int
		if err := json.Unmarshal(row[0], &cps); err == nil && len(cps) == 2 {
			e.lo, e.hi = cps[0], cps[1]
		} else if err := json.Unmarshal(row[0], &e.lo); err == nil {
			e.hi = e.lo
		} else {
			return nil, fmt.Errorf("%s: row %d: bad code point field %s", path, i, row[0])
		}
		var st uint8
		if err := json.Unmarshal(row[1], &st); err != nil {
			return nil, fmt.Errorf("%s: row %d: %v", path, i, err)
		}
		s, ok := ours[st]
		if !ok {
			return nil, fmt.Errorf("%s: row %d: unknown status %d", path, i, st)
		}
		e.status = s
		if len(row) == 3 {
			if err := json.Unmarshal(row[2], &e.mapping); err != nil {
				return nil, fmt.Errorf("%s: row %d: %v", path, i, err)
			}
		}
		needsMapping := e.status == statusMapped || e.status == statusDeviation
		if needsMapping != (len(row) == 3) {
			// A deviation may map to the empty string (ZWJ, ZWNJ), but
			// it still carries the field.
			return nil, fmt.Errorf("%s: row %d: status %d with %d fields", path, i, st, len(row))
		}
		if e.lo > e.hi || e.hi > maxRune {
			return nil, fmt.Errorf("%s: row %d: bad range %d..%d", path, i, e.lo, e.hi)
		}
		if len(out) > 0 && out[len(out)-1].hi+1 != e.lo {
			return nil, fmt.Errorf("%s: row %d: gap or overlap before U+%04X", path, i, e.lo)
		}
		out = append(out, e)
	}
	if len(out) == 0 || out[0].lo != 0 || out[len(out)-1].hi != maxRune {
		return nil, fmt.Errorf("%s: does not cover U+0000..U+10FFFF", path)
	}
	return out, nil
}

// A set of code points, as sorted inclusive ranges, and as a bitmap for
// the generator's lookups of every code point.
type set struct {
	ranges [][2]rune
	bits   []uint64
}

func newSet(ranges [][2]rune) set {
	s := set{ranges: ranges, bits: make([]uint64, (maxRune+64)/64)}
	for _, rg := range ranges {
		for r := rg[0]; r <= rg[1]; r++ {
			s.bits[r/64] |= 1 << (r % 64)
		}
	}
	return s
}

func (s set) has(r rune) bool { return s.bits[r/64]&(1<<(r%64)) != 0 }

// The shapes of tr46's regular expressions, each class written C.
var shapes = map[string]string{
	"combiningMarks":       "C",
	"combiningClassVirama": "C",
	"validZWNJ":            "CC*\u200cC*C",
	"bidiDomain":           "C",
	"bidiS1LTR":            "C",
	"bidiS1RTL":            "C",
	"bidiS2":               "^C*$",
	"bidiS3":               "CC*$",
	"bidiS4EN":             "C",
	"bidiS4AN":             "C",
	"bidiS5":               "^C*$",
	"bidiS6":               "CC*$",
}

// readRegexes reads tr46's lib/regexes.js, one `const name = /source/u;`
// a line, and returns the character classes of each, in order.
func readRegexes(path string) (map[string][]set, error) {
	b, err := readGzip(path)
	if err != nil {
		return nil, err
	}
	line := regexp.MustCompile(`(?m)^const (\w+) = /(.*)/u;$`)
	out := map[string][]set{}
	for _, m := range line.FindAllStringSubmatch(string(b), -1) {
		name, src := m[1], m[2]
		shape, classes, err := parsePattern(src)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v", path, name, err)
		}
		want, ok := shapes[name]
		if !ok {
			return nil, fmt.Errorf("%s: unknown expression %s", path, name)
		}
		if shape != want {
			return nil, fmt.Errorf("%s: %s has the shape %q, the generator knows %q", path, name, shape, want)
		}
		out[name] = classes
	}
	for name := range shapes {
		if _, ok := out[name]; !ok {
			return nil, fmt.Errorf("%s: %s missing", path, name)
		}
	}
	return out, nil
}

// parsePattern reads a JavaScript regular expression made of character
// classes, escaped characters and the operators ^ $ *: it returns its
// shape, with each class written C, and the classes.
func parsePattern(src string) (string, []set, error) {
	var shape strings.Builder
	var classes []set
	for i := 0; i < len(src); {
		switch c := src[i]; c {
		case '[':
			s, n, err := parseClass(src[i:])
			if err != nil {
				return "", nil, err
			}
			classes = append(classes, s)
			shape.WriteByte('C')
			i += n
		case '^', '$', '*':
			shape.WriteByte(c)
			i++
		case '\\':
			r, n, err := parseEscape(src[i:])
			if err != nil {
				return "", nil, err
			}
			shape.WriteRune(r)
			i += n
		default:
			return "", nil, fmt.Errorf("unexpected %q at %d", c, i)
		}
	}
	return shape.String(), classes, nil
}

// parseClass reads a class [...] at the start of src.
func parseClass(src string) (set, int, error) {
	i := 1
	if strings.HasPrefix(src[i:], "^") {
		return set{}, 0, errors.New("negated classes are not supported")
	}
	var s [][2]rune
	atom := func() (rune, error) {
		if i >= len(src) {
			return 0, errors.New("unterminated class")
		}
		if src[i] == '\\' {
			r, n, err := parseEscape(src[i:])
			i += n
			return r, err
		}
		r, n := utf8.DecodeRuneInString(src[i:])
		i += n
		return r, nil
	}
	for {
		if i >= len(src) {
			return set{}, 0, errors.New("unterminated class")
		}
		if src[i] == ']' {
			i++
			break
		}
		lo, err := atom()
		if err != nil {
			return set{}, 0, err
		}
		hi := lo
		if i+1 < len(src) && src[i] == '-' && src[i+1] != ']' {
			i++
			if hi, err = atom(); err != nil {
				return set{}, 0, err
			}
		}
		if hi < lo {
			return set{}, 0, fmt.Errorf("range %U-%U reversed", lo, hi)
		}
		s = append(s, [2]rune{lo, hi})
	}
	slices.SortFunc(s, func(a, b [2]rune) int { return int(a[0] - b[0]) })
	for k := 1; k < len(s); k++ {
		if s[k][0] <= s[k-1][1] {
			return set{}, 0, fmt.Errorf("ranges overlap at %U", s[k][0])
		}
	}
	return newSet(s), i, nil
}

// parseEscape reads one escape of a /u expression at the start of src:
// \uXXXX, \u{X...}, \xXX, \0 or an escaped punctuation character.
func parseEscape(src string) (rune, int, error) {
	if len(src) < 2 {
		return 0, 0, errors.New("lone backslash")
	}
	hex := func(s string) (rune, error) {
		v, err := strconv.ParseUint(s, 16, 32)
		if err != nil || v > maxRune {
			return 0, fmt.Errorf("bad hex %q", s)
		}
		return rune(v), nil
	}
	switch c := src[1]; {
	case c == 'u' && strings.HasPrefix(src[2:], "{"):
		end := strings.IndexByte(src, '}')
		if end < 0 {
			return 0, 0, errors.New("unterminated \\u{")
		}
		r, err := hex(src[3:end])
		return r, end + 1, err
	case c == 'u' && len(src) >= 6:
		r, err := hex(src[2:6])
		return r, 6, err
	case c == 'x' && len(src) >= 4:
		r, err := hex(src[2:4])
		return r, 4, err
	case c == '0':
		return 0, 2, nil
	case strings.IndexByte(`[]{}\/-^$.*+?()|`, c) >= 0:
		return rune(c), 2, nil
	}
	return 0, 0, fmt.Errorf("unknown escape %q", src[:2])
}

// bidiClasses groups the code points by Bidi_Class as RFC 5893 §2 needs
// them. tr46 gives one class per rule; the groups are recovered from the
// single-class rules and checked against the compound ones, so a change
// in tr46's derivation fails here rather than in a label.
func bidiClasses(c map[string][]set) ([]uint8, error) {
	l, ral := c["bidiS1LTR"][0], c["bidiS1RTL"][0]
	en, an := c["bidiS4EN"][0], c["bidiS4AN"][0]
	nsm := c["bidiS3"][1]
	if !slices.Equal(nsm.ranges, c["bidiS6"][1].ranges) {
		return nil, errors.New("regexes: the trailing classes of bidiS3 and bidiS6 differ")
	}
	rtlAllowed, ltrAllowed := c["bidiS2"][0], c["bidiS5"][0]
	out := make([]uint8, maxRune+1)
	for r := range rune(maxRune + 1) {
		var groups []uint8
		for _, g := range []struct {
			s set
			v uint8
		}{{l, bidiL}, {ral, bidiRAL}, {en, bidiEN}, {an, bidiAN}, {nsm, bidiNSM}} {
			if g.s.has(r) {
				groups = append(groups, g.v)
			}
		}
		inRTL, inLTR := rtlAllowed.has(r), ltrAllowed.has(r)
		switch {
		case len(groups) > 1:
			return nil, fmt.Errorf("regexes: %U is in more than one bidi class", r)
		case len(groups) == 1:
			out[r] = groups[0]
		case inRTL && inLTR:
			out[r] = bidiNeutral
		case inRTL || inLTR:
			return nil, fmt.Errorf("regexes: %U is allowed in one direction only but has no class", r)
		default:
			out[r] = bidiOther
		}
		// The compound rules must be what the groups make them.
		g := out[r]
		checks := []struct {
			name string
			got  bool
			want bool
		}{
			{"bidiS2", inRTL, g == bidiRAL || g == bidiAN || g == bidiEN || g == bidiNSM || g == bidiNeutral},
			{"bidiS5", inLTR, g == bidiL || g == bidiEN || g == bidiNSM || g == bidiNeutral},
			{"bidiS3", c["bidiS3"][0].has(r), g == bidiRAL || g == bidiEN || g == bidiAN},
			{"bidiS6", c["bidiS6"][0].has(r), g == bidiL || g == bidiEN},
			{"bidiDomain", c["bidiDomain"][0].has(r), g == bidiRAL || g == bidiAN},
		}
		for _, ck := range checks {
			if ck.got != ck.want {
				return nil, fmt.Errorf("regexes: %s disagrees with the bidi class of %U", ck.name, r)
			}
		}
	}
	return out, nil
}

// joiningTypes reads the classes of validZWNJ: [LD][T]*ZWNJ[T]*[RD]
// (RFC 5892 A.1).
func joiningTypes(c map[string][]set) ([]uint8, error) {
	z := c["validZWNJ"]
	left, t, t2, right := z[0], z[1], z[2], z[3]
	if !slices.Equal(t.ranges, t2.ranges) {
		return nil, errors.New("regexes: validZWNJ has two different transparent classes")
	}
	out := make([]uint8, maxRune+1)
	for r := range rune(maxRune + 1) {
		isL, isR, isT := left.has(r), right.has(r), t.has(r)
		switch {
		case isT && (isL || isR):
			return nil, fmt.Errorf("regexes: %U is transparent and joining", r)
		case isT:
			out[r] = jtT
		case isL && isR:
			out[r] = jtLD | jtRD // Joining_Type D
		case isL:
			out[r] = jtLD
		case isR:
			out[r] = jtRD
		}
	}
	return out, nil
}

// The trie: the code points are cut into blocks; index[cp>>shift] picks a
// block of values[...], and values hold an index into props. Code points
// from U+40000 on are all disallowed but for plane 14 (tags and variation
// selectors) and planes 15 and 16 (private use): the index covers
// U+0000..U+3FFFF and then U+E0000..U+10FFFF, and the generator checks
// that everything between has one value.
const (
	trieShift   = 6
	trieBlock   = 1 << trieShift
	trieLow     = 0x40000
	triePlane14 = 0xE0000
	trieHigh    = maxRune + 1
)

type trie struct {
	props  []uint16 // distinct property words
	index  []uint16 // block number for each block of code points
	values []uint8  // blocks of indexes into props
	rest   uint8    // the props index of every code point outside the index
}

func buildTrie(prop []uint16) (*trie, error) {
	t := &trie{}
	propIdx := map[uint16]uint8{}
	idx := func(p uint16) (uint8, error) {
		if i, ok := propIdx[p]; ok {
			return i, nil
		}
		if len(t.props) == 256 {
			return 0, errors.New("more than 256 distinct property words")
		}
		i := uint8(len(t.props))
		t.props = append(t.props, p)
		propIdx[p] = i
		return i, nil
	}
	rest, err := idx(prop[trieLow])
	if err != nil {
		return nil, err
	}
	t.rest = rest
	for r := trieLow; r <= maxRune; r++ {
		if r >= triePlane14 && r < trieHigh {
			continue
		}
		if prop[r] != prop[trieLow] {
			return nil, fmt.Errorf("U+%04X outside the trie's ranges differs from U+%04X: %#x %#x", r, trieLow, prop[r], prop[trieLow])
		}
	}
	blocks := map[string]uint16{}
	add := func(lo int) error {
		var b [trieBlock]uint8
		for k := range b {
			i, err := idx(prop[lo+k])
			if err != nil {
				return err
			}
			b[k] = i
		}
		n, ok := blocks[string(b[:])]
		if !ok {
			n = uint16(len(blocks))
			blocks[string(b[:])] = n
			t.values = append(t.values, b[:]...)
		}
		t.index = append(t.index, n)
		return nil
	}
	for lo := 0; lo < trieLow; lo += trieBlock {
		if err := add(lo); err != nil {
			return nil, err
		}
	}
	for lo := triePlane14; lo < trieHigh; lo += trieBlock {
		if err := add(lo); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// The mappings: for each run of consecutive code points with one mapping,
// its first code point in mapLo and, in mapVal, the offset<<8|length of
// its replacement in the string mapText. A code point with status mapped
// or deviation finds its run by binary search.
type mappings struct {
	lo, val []uint32
	text    string
}

func buildMappings(mapping []int32, strs []string) *mappings {
	m := &mappings{}
	var text strings.Builder
	off := map[string]int{}
	for _, s := range strs {
		if _, ok := off[s]; ok {
			continue
		}
		// Reuse a replacement already in the text when it is a substring.
		if i := strings.Index(text.String(), s); i >= 0 {
			off[s] = i
			continue
		}
		off[s] = text.Len()
		text.WriteString(s)
	}
	m.text = text.String()
	prev := int32(-1)
	for r, i := range mapping {
		if i == prev {
			continue
		}
		prev = i
		if i < 0 {
			// Only code points with a mapping are looked up, and the run
			// found for one is the last to start at or before it: the gaps
			// need no entry.
			continue
		}
		s := strs[i]
		m.lo = append(m.lo, uint32(r))
		m.val = append(m.val, uint32(off[s])<<8|uint32(len(s)))
	}
	return m
}

// writeTrie writes the three tables of t to b, each after its doc comment
// and declaration as given: the distinct words, the index of the block of
// each trieBlock code points, and the blocks, as a string.
func writeTrie(b *bytes.Buffer, t *trie, words, index, values string) {
	fmt.Fprintf(b, "%s = [%d]uint16{", words, len(t.props))
	for i, p := range t.props {
		if i%8 == 0 {
			b.WriteString("\n\t")
		} else {
			b.WriteByte(' ')
		}
		fmt.Fprintf(b, "%#04x,", p)
	}
	b.WriteString("\n}\n\n")
	indexType := "uint16"
	if len(t.values)/trieBlock <= 256 {
		indexType = "uint8"
	}
	fmt.Fprintf(b, "%s = [%d]%s{", index, len(t.index), indexType)
	for i, v := range t.index {
		if i%16 == 0 {
			b.WriteString("\n\t")
		} else {
			b.WriteByte(' ')
		}
		fmt.Fprintf(b, "%d,", v)
	}
	b.WriteString("\n}\n\n")
	fmt.Fprintf(b, "%s = \"\" +", values)
	writeString(b, string(t.values), 32)
}

func emit(version string, t *trie, m *mappings) ([]byte, error) {
	if len(m.text) >= 1<<24 {
		return nil, errors.New("mapping text too long for 24-bit offsets")
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by internal/idna/internal/gentables from tr46's data (Unicode %s); DO NOT EDIT.\n\n", version)
	b.WriteString("package idna\n\n")
	fmt.Fprintf(&b, "// UnicodeVersion is the version of Unicode of the IDNA mapping table\n// and of the bidi, joining and combining classes.\nconst UnicodeVersion = %q\n\n", version)
	fmt.Fprintf(&b, "const (\n\ttrieShift = %d\n\ttrieLow = %#x\n\ttriePlane14 = %#x\n\ttrieHigh = %#x\n\ttrieRest = %d\n)\n\n", trieShift, trieLow, triePlane14, trieHigh, t.rest)

	writeTrie(&b, t,
		"// propWords are the distinct property words: status, flags, joining\n// type and bidi group (see props.go).\nvar propWords",
		fmt.Sprintf("// trieIndex holds the block of trieValues of each %d code points.\nvar trieIndex", trieBlock),
		"// trieValues holds blocks of indexes into propWords.\nconst trieValues")

	fmt.Fprintf(&b, "// mapLo holds the first code point of each run of consecutive code\n// points that share a mapping.\nvar mapLo = [%d]uint32{", len(m.lo))
	for i, v := range m.lo {
		if i%10 == 0 {
			b.WriteString("\n\t")
		} else {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%#x,", v)
	}
	b.WriteString("\n}\n\n")
	fmt.Fprintf(&b, "// mapVal holds offset<<8|length of the run's mapping in mapText.\nvar mapVal = [%d]uint32{", len(m.val))
	for i, v := range m.val {
		if i%8 == 0 {
			b.WriteString("\n\t")
		} else {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%#x,", v)
	}
	b.WriteString("\n}\n\n")
	// mapBlock narrows the search: the runs that start in the block of 256
	// code points b are mapLo[mapBlock[b]:mapBlock[b+1]].
	nBlocks := trieLow >> 8
	fmt.Fprintf(&b, "// mapBlock[b] is the index in mapLo of the first run that starts at or\n// after code point b<<8, for the code points below trieLow.\nvar mapBlock = [%d]uint16{", nBlocks+1)
	k := 0
	for blk := 0; blk <= nBlocks; blk++ {
		for k < len(m.lo) && m.lo[k] < uint32(blk<<8) {
			k++
		}
		if k >= 1<<16 {
			return nil, errors.New("too many mapping runs for uint16 indexes")
		}
		if blk%16 == 0 {
			b.WriteString("\n\t")
		} else {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d,", k)
	}
	b.WriteString("\n}\n\n")
	b.WriteString("// mapText holds the replacements of the mapped code points.\nconst mapText = \"\" +")
	writeText(&b, m.text, 24)

	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting the output: %v", err)
	}
	return src, nil
}

// writeString writes s as a concatenation of quoted lines, bytes per line
// bytes each, hex-escaped where not printable ASCII.
func writeString(b *bytes.Buffer, s string, perLine int) {
	for i := 0; i < len(s); i += perLine {
		end := min(i+perLine, len(s))
		b.WriteString("\n\t\"")
		for _, c := range []byte(s[i:end]) {
			fmt.Fprintf(b, "\\x%02x", c)
		}
		b.WriteString("\"")
		if end < len(s) {
			b.WriteString(" +")
		}
	}
	b.WriteString("\n\n")
}

// writeText writes s, valid UTF-8, as a concatenation of quoted lines of
// about perLine code points.
func writeText(b *bytes.Buffer, s string, perLine int) {
	for s != "" {
		end, n := 0, 0
		for end < len(s) && n < perLine {
			_, size := utf8.DecodeRuneInString(s[end:])
			end += size
			n++
		}
		b.WriteString("\n\t" + strconv.QuoteToASCII(s[:end]))
		s = s[end:]
		if s != "" {
			b.WriteString(" +")
		}
	}
	b.WriteString("\n\n")
}
