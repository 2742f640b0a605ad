package idnagen

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"go/format"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Bits of a normalization word, above the eight bits of the
// Canonical_Combining_Class. They must agree with the constants in package
// idna (norm.go).
const (
	normNo     = 1 << 8  // NFC_Quick_Check=No (UAX #15 §9)
	normMaybe  = 1 << 9  // NFC_Quick_Check=Maybe: may combine with what precedes it
	normDecomp = 1 << 10 // has a canonical decomposition (Hangul syllables are algorithmic)
)

// Hangul syllables, decomposed and composed algorithmically (Unicode
// §3.12).
const (
	hangulFirst = 0xAC00
	hangulLast  = 0xD7A3
)

// A ucdChar is what the generator needs of a row of UnicodeData.txt.
type ucdChar struct {
	category string
	ccc      uint8
	decomp   []rune // the canonical decomposition mapping (one level), nil if none
}

// Norm holds the UCD data that NFC is built from, read by ReadNorm: for
// the tests of package idna to check the generated lookups against.
type Norm struct {
	// CCC is the Canonical_Combining_Class of every code point.
	CCC []uint8
	// Decomp is the full canonical decomposition of every code point that
	// has one, Hangul syllables included.
	Decomp map[rune][]rune
	// Compose maps the pairs of the primary composites (those not in
	// Full_Composition_Exclusion), Hangul syllables included, to them.
	Compose map[[2]rune]rune
	// QC is NFC_Quick_Check of every code point: 'Y', 'N' or 'M'.
	QC []byte
}

// GenerateNorm reads the UCD files in dir/ucd (of the Unicode version of
// tr46's data in dir) and returns the formatted source
// of package idna's normalization tables: the Canonical_Combining_Class
// and NFC_Quick_Check of every code point, the canonical decompositions
// and the primary composites (UAX #15).
func GenerateNorm(dir string) ([]byte, error) {
	version, err := readVersion(filepath.Join(dir, "package.json"))
	if err != nil {
		return nil, err
	}
	n, chars, err := readNorm(dir, version)
	if err != nil {
		return nil, err
	}
	// One Unicode version: tr46's classes, derived from its UCD, must be
	// what this UCD says.
	classes, err := readRegexes(filepath.Join(dir, "regexes.js.gz"))
	if err != nil {
		return nil, err
	}
	for r := range rune(maxRune + 1) {
		c := chars[r]
		if isMark := c != nil && strings.HasPrefix(c.category, "M"); isMark != classes["combiningMarks"][0].has(r) {
			return nil, fmt.Errorf("U+%04X: General_Category=Mark is %v in the UCD and %v in tr46's data: not one Unicode version", r, isMark, !isMark)
		}
		if isVirama := n.CCC[r] == 9; isVirama != classes["combiningClassVirama"][0].has(r) {
			return nil, fmt.Errorf("U+%04X: Canonical_Combining_Class=Virama is %v in the UCD and %v in tr46's data: not one Unicode version", r, isVirama, !isVirama)
		}
	}

	word := make([]uint16, maxRune+1)
	for r := range word {
		w := uint16(n.CCC[r])
		switch n.QC[r] {
		case 'N':
			w |= normNo
		case 'M':
			w |= normMaybe
		}
		if _, ok := n.Decomp[rune(r)]; ok && (r < hangulFirst || r > hangulLast) {
			w |= normDecomp
		}
		word[r] = w
	}
	t, err := buildTrie(word)
	if err != nil {
		return nil, err
	}
	return emitNorm(version, t, n)
}

// ReadNorm reads the UCD data in dir/ucd and derives what NFC needs,
// checked against the UCD's own derived properties.
func ReadNorm(dir string) (*Norm, error) {
	version, err := readVersion(filepath.Join(dir, "package.json"))
	if err != nil {
		return nil, err
	}
	n, _, err := readNorm(dir, version)
	return n, err
}

func readNorm(dir, version string) (*Norm, []*ucdChar, error) {
	ucd := filepath.Join(dir, "ucd")
	chars, err := readUnicodeData(filepath.Join(ucd, "UnicodeData.txt.gz"))
	if err != nil {
		return nil, nil, err
	}
	excluded, err := readExclusions(filepath.Join(ucd, "CompositionExclusions.txt"), version)
	if err != nil {
		return nil, nil, err
	}
	derived, err := readDerivedNorm(filepath.Join(ucd, "DerivedNormalizationProps.txt.gz"), version)
	if err != nil {
		return nil, nil, err
	}

	n := &Norm{
		CCC:     make([]uint8, maxRune+1),
		Decomp:  map[rune][]rune{},
		Compose: map[[2]rune]rune{},
		QC:      bytes.Repeat([]byte{'Y'}, maxRune+1),
	}
	for r, c := range chars {
		if c != nil {
			n.CCC[r] = c.ccc
		}
	}
	// Full decompositions (D68): apply the mappings until none applies.
	var full func(r rune, depth int) ([]rune, error)
	full = func(r rune, depth int) ([]rune, error) {
		if depth > 8 {
			return nil, fmt.Errorf("U+%04X: decomposition does not end", r)
		}
		if r >= hangulFirst && r <= hangulLast {
			return hangulDecompose(r), nil
		}
		c := chars[r]
		if c == nil || c.decomp == nil {
			return []rune{r}, nil
		}
		var out []rune
		for _, d := range c.decomp {
			dd, err := full(d, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, dd...)
		}
		return out, nil
	}
	for r := range rune(maxRune + 1) {
		d, err := full(r, 0)
		if err != nil {
			return nil, nil, err
		}
		if len(d) > 1 || d[0] != r {
			// The decomposition is in canonical order already (the UCD
			// keeps its mappings so); the generator checks it.
			for k := 1; k < len(d); k++ {
				if c := n.CCC[d[k]]; c != 0 && n.CCC[d[k-1]] > c {
					return nil, nil, fmt.Errorf("U+%04X: the decomposition is not in canonical order", r)
				}
			}
			n.Decomp[r] = d
		}
	}

	// Full_Composition_Exclusion (UAX #15 §5, DerivedNormalizationProps):
	// the script-specific and post-composition exclusions, the singletons
	// and the non-starter decompositions.
	fce := make([]bool, maxRune+1)
	for r, c := range chars {
		if c == nil || c.decomp == nil {
			continue
		}
		switch {
		case excluded[rune(r)], len(c.decomp) == 1, c.ccc != 0, n.CCC[c.decomp[0]] != 0:
			fce[r] = true
		case len(c.decomp) != 2:
			return nil, nil, fmt.Errorf("U+%04X: a canonical decomposition of %d code points", r, len(c.decomp))
		default:
			n.Compose[[2]rune{c.decomp[0], c.decomp[1]}] = rune(r)
		}
	}
	for r := range rune(maxRune + 1) {
		if fce[r] != derived.fce[r] {
			return nil, nil, fmt.Errorf("U+%04X: Full_Composition_Exclusion derived as %v, DerivedNormalizationProps says %v", r, fce[r], derived.fce[r])
		}
	}
	// Hangul: LV = L + V, LVT = LV + T.
	for l := rune(0); l < hangulLCount; l++ {
		for v := rune(0); v < hangulVCount; v++ {
			lv := hangulFirst + (l*hangulVCount+v)*hangulTCount
			n.Compose[[2]rune{hangulLBase + l, hangulVBase + v}] = lv
			for t := rune(1); t < hangulTCount; t++ {
				n.Compose[[2]rune{lv, hangulTBase + t}] = lv + t
			}
		}
	}

	// NFC_Quick_Check: No for what has a decomposition and is excluded from
	// composition; Maybe for what may combine with what precedes it: the
	// second of a pair, or a composite whose decomposition begins with one
	// (U+113C5 is U+113C2 U+113C2, and U+1138B U+113C2 composes). Derived
	// here and checked against the UCD's own.
	second := make([]bool, maxRune+1)
	for pair := range n.Compose {
		second[pair[1]] = true
	}
	for r := range rune(maxRune + 1) {
		first := r
		if d, ok := n.Decomp[r]; ok {
			first = d[0]
		}
		switch {
		case fce[r]:
			n.QC[r] = 'N'
		case second[first]:
			n.QC[r] = 'M'
		}
	}
	for r := range rune(maxRune + 1) {
		if n.QC[r] != derived.qc[r] {
			return nil, nil, fmt.Errorf("U+%04X: NFC_Quick_Check derived as %c, DerivedNormalizationProps says %c", r, n.QC[r], derived.qc[r])
		}
	}
	return n, chars, nil
}

// The constants of the Hangul algorithms (Unicode §3.12).
const (
	hangulLBase  = 0x1100
	hangulVBase  = 0x1161
	hangulTBase  = 0x11A7
	hangulLCount = 19
	hangulVCount = 21
	hangulTCount = 28
)

func hangulDecompose(s rune) []rune {
	i := s - hangulFirst
	l := hangulLBase + i/(hangulVCount*hangulTCount)
	v := hangulVBase + i%(hangulVCount*hangulTCount)/hangulTCount
	if t := i % hangulTCount; t != 0 {
		return []rune{l, v, hangulTBase + t}
	}
	return []rune{l, v}
}

// checkHeader checks that the first line of a UCD file names it with
// the Unicode version of tr46's data: "# DerivedNormalizationProps-17.0.0.txt".
func checkHeader(path string, text []byte, version string) error {
	first, _, _ := bytes.Cut(text, []byte("\n"))
	base := strings.TrimSuffix(filepath.Base(path), ".gz")
	want := "# " + strings.TrimSuffix(base, ".txt") + "-" + version + ".txt"
	if string(first) != want {
		return fmt.Errorf("%s: first line %q, want %q: not the UCD of tr46's Unicode version", path, first, want)
	}
	return nil
}

func parseCodePoint(s string) (rune, error) {
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil || v > maxRune {
		return 0, fmt.Errorf("bad code point %q", s)
	}
	return rune(v), nil
}

func parseCodePoints(s string) ([]rune, error) {
	var out []rune
	for _, f := range strings.Fields(s) {
		r, err := parseCodePoint(f)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// parseRange reads "0340..0341" or "0374".
func parseRange(s string) (lo, hi rune, err error) {
	a, b, isRange := strings.Cut(strings.TrimSpace(s), "..")
	if lo, err = parseCodePoint(a); err != nil {
		return 0, 0, err
	}
	hi = lo
	if isRange {
		if hi, err = parseCodePoint(b); err != nil || hi < lo {
			return 0, 0, fmt.Errorf("bad range %q", s)
		}
	}
	return lo, hi, nil
}

// dataLines returns the lines of a UCD file without their comments,
// and skips the empty ones.
func dataLines(text []byte) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i, line := range strings.Split(string(text), "\n") {
			line, _, _ = strings.Cut(line, "#")
			if strings.TrimSpace(line) == "" {
				continue
			}
			if !yield(i+1, line) {
				return
			}
		}
	}
}

// readUnicodeData reads UnicodeData.txt (UAX #44 §4.2.1): the code points
// it lists, each with its General_Category, Canonical_Combining_Class and
// canonical decomposition mapping. The ranges ("<CJK Ideograph, First>"
// ... "<..., Last>") must have combining class 0 and no decomposition,
// the defaults of the code points left out.
func readUnicodeData(path string) ([]*ucdChar, error) {
	b, err := readGzip(path)
	if err != nil {
		return nil, err
	}
	chars := make([]*ucdChar, maxRune+1)
	first := rune(-1)
	rows := 0
	for n, line := range dataLines(b) {
		f := strings.Split(line, ";")
		if len(f) != 15 {
			return nil, fmt.Errorf("%s:%d: %d fields, want 15", path, n, len(f))
		}
		rows++
		r, err := parseCodePoint(f[0])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		ccc, err := strconv.ParseUint(f[3], 10, 8)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: bad combining class %q", path, n, f[3])
		}
		c := &ucdChar{category: f[2], ccc: uint8(ccc)}
		if f[5] != "" && !strings.HasPrefix(f[5], "<") {
			if c.decomp, err = parseCodePoints(f[5]); err != nil || len(c.decomp) == 0 {
				return nil, fmt.Errorf("%s:%d: bad decomposition %q", path, n, f[5])
			}
		}
		switch {
		case strings.HasSuffix(f[1], ", First>"):
			first = r
		case strings.HasSuffix(f[1], ", Last>"):
			if first < 0 || c.ccc != 0 || c.decomp != nil {
				return nil, fmt.Errorf("%s:%d: a range the generator cannot fill", path, n)
			}
			for k := first; k <= r; k++ {
				chars[k] = c
			}
			first = -1
			continue
		}
		if chars[r] != nil {
			return nil, fmt.Errorf("%s:%d: U+%04X listed twice", path, n, r)
		}
		chars[r] = c
	}
	if rows < 30000 {
		return nil, fmt.Errorf("%s: %d rows, too few for the UCD", path, rows)
	}
	return chars, nil
}

// readExclusions reads CompositionExclusions.txt: one code point a line.
func readExclusions(path, version string) (map[rune]bool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if err := checkHeader(path, b, version); err != nil {
		return nil, err
	}
	out := map[rune]bool{}
	for n, line := range dataLines(b) {
		r, err := parseCodePoint(strings.TrimSpace(line))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		out[r] = true
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no exclusions", path)
	}
	return out, nil
}

// derivedNorm is what the generator checks of DerivedNormalizationProps:
// Full_Composition_Exclusion and NFC_Quick_Check.
type derivedNorm struct {
	fce []bool
	qc  []byte
}

func readDerivedNorm(path, version string) (*derivedNorm, error) {
	b, err := readGzip(path)
	if err != nil {
		return nil, err
	}
	if err := checkHeader(path, b, version); err != nil {
		return nil, err
	}
	d := &derivedNorm{fce: make([]bool, maxRune+1), qc: bytes.Repeat([]byte{'Y'}, maxRune+1)}
	seen := map[string]int{}
	for n, line := range dataLines(b) {
		f := strings.Split(line, ";")
		prop := strings.TrimSpace(f[1])
		if prop != "Full_Composition_Exclusion" && prop != "NFC_QC" {
			continue
		}
		seen[prop]++
		lo, hi, err := parseRange(f[0])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		var v byte
		if prop == "NFC_QC" {
			if len(f) != 3 || (strings.TrimSpace(f[2]) != "N" && strings.TrimSpace(f[2]) != "M") {
				return nil, fmt.Errorf("%s:%d: bad NFC_QC value", path, n)
			}
			v = strings.TrimSpace(f[2])[0]
		}
		for r := lo; r <= hi; r++ {
			if prop == "NFC_QC" {
				d.qc[r] = v
			} else {
				d.fce[r] = true
			}
		}
	}
	if seen["Full_Composition_Exclusion"] == 0 || seen["NFC_QC"] == 0 {
		return nil, fmt.Errorf("%s: Full_Composition_Exclusion or NFC_QC missing", path)
	}
	return d, nil
}

func emitNorm(version string, t *trie, n *Norm) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by internal/idna/internal/gentables from the UCD (Unicode %s); DO NOT EDIT.\n\n", version)
	b.WriteString("package idna\n\n")
	fmt.Fprintf(&b, "// normUnicodeVersion is the version of Unicode of the normalization\n// tables, that of the IDNA tables.\nconst normUnicodeVersion = %q\n\n", version)
	fmt.Fprintf(&b, "// normRest is the normWords index of every code point outside the trie.\nconst normRest = %d\n\n", t.rest)

	fmt.Fprintf(&b, "// normWords are the distinct normalization words: combining class,\n// NFC_Quick_Check and whether a decomposition is listed (see norm.go).\nvar normWords = [%d]uint16{", len(t.props))
	for i, p := range t.props {
		if i%8 == 0 {
			b.WriteString("\n\t")
		} else {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%#04x,", p)
	}
	b.WriteString("\n}\n\n")

	indexType := "uint16"
	if len(t.values)/trieBlock <= 256 {
		indexType = "uint8"
	}
	fmt.Fprintf(&b, "// normIndex holds the block of normValues of each %d code points,\n// laid out as trieIndex is.\nvar normIndex = [%d]%s{", trieBlock, len(t.index), indexType)
	for i, v := range t.index {
		if i%16 == 0 {
			b.WriteString("\n\t")
		} else {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d,", v)
	}
	b.WriteString("\n}\n\n")
	b.WriteString("// normValues holds blocks of indexes into normWords.\nconst normValues = \"\" +")
	writeString(&b, string(t.values), 32)

	// The decompositions, but Hangul's, sorted by code point.
	var cps []rune
	for r := range n.Decomp {
		if r < hangulFirst || r > hangulLast {
			cps = append(cps, r)
		}
	}
	slices.Sort(cps)
	var text strings.Builder
	off := map[string]int{}
	vals := make([]uint32, len(cps))
	for i, r := range cps {
		s := string(n.Decomp[r])
		o, ok := off[s]
		if !ok {
			if k := strings.Index(text.String(), s); k >= 0 {
				o = k
			} else {
				o = text.Len()
				text.WriteString(s)
			}
			off[s] = o
		}
		if len(s) >= 1<<8 || o >= 1<<24 {
			return nil, errors.New("decompositions too long for 8-bit lengths and 24-bit offsets")
		}
		vals[i] = uint32(o)<<8 | uint32(len(s))
	}
	fmt.Fprintf(&b, "// decompCP lists the code points with a canonical decomposition, but\n// the Hangul syllables, in order.\nvar decompCP = [%d]uint32{", len(cps))
	for i, r := range cps {
		if i%10 == 0 {
			b.WriteString("\n\t")
		} else {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%#x,", r)
	}
	b.WriteString("\n}\n\n")
	fmt.Fprintf(&b, "// decompVal holds offset<<8|length of the full decomposition of\n// decompCP[i] in decompText.\nvar decompVal = [%d]uint32{", len(vals))
	for i, v := range vals {
		if i%8 == 0 {
			b.WriteString("\n\t")
		} else {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%#x,", v)
	}
	b.WriteString("\n}\n\n")
	b.WriteString("// decompText holds the full canonical decompositions.\nconst decompText = \"\" +")
	writeText(&b, text.String(), 24)

	// The primary composites, but Hangul's, by pair.
	type comp struct {
		key uint64
		r   rune
	}
	var comps []comp
	for pair, r := range n.Compose {
		if r >= hangulFirst && r <= hangulLast {
			continue
		}
		comps = append(comps, comp{uint64(pair[0])<<21 | uint64(pair[1]), r})
	}
	slices.SortFunc(comps, func(a, b comp) int { return cmp.Compare(a.key, b.key) })
	fmt.Fprintf(&b, "// compKey lists the pairs first<<21|second that compose to a primary\n// composite, but the Hangul syllables, in order.\nvar compKey = [%d]uint64{", len(comps))
	for i, c := range comps {
		if i%6 == 0 {
			b.WriteString("\n\t")
		} else {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%#x,", c.key)
	}
	b.WriteString("\n}\n\n")
	fmt.Fprintf(&b, "// compVal holds the composite of the pair compKey[i].\nvar compVal = [%d]uint32{", len(comps))
	for i, c := range comps {
		if i%10 == 0 {
			b.WriteString("\n\t")
		} else {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%#x,", c.r)
	}
	b.WriteString("\n}\n")

	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting the output: %v", err)
	}
	if !utf8.Valid(src) {
		return nil, errors.New("output is not UTF-8")
	}
	return src, nil
}
