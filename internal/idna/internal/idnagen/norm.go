package idnagen

import (
	"bytes"
	"cmp"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

// Bits of a normalization word, above the eight bits of the class rank.
// They must agree with the constants in package idna (norm.go).
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

// Norm holds the data that NFC is built from, read by ReadNorm: for the
// tests of package idna to check the generated lookups against.
//
// The data come from two sources of the Unicode version of tr46's data,
// checked against each other where they overlap: the normalization of
// Node's ICU (String.prototype.normalize), run by normdata.mjs, and npm's
// @unicode/unicode-X package (the UCD's canonical decomposition mappings,
// Composition_Exclusion, Full_Composition_Exclusion and
// General_Category).
type Norm struct {
	// Class is the rank of the Canonical_Combining_Class of every code
	// point, not the class itself: 0 for a starter (class 0), and for the
	// non-starters 1 for the least class in use, 2 for the next, and so
	// on. It orders code points as their classes do, which is all that
	// canonical ordering and composition ask of the classes (Unicode
	// §3.11); the classes' numbers are not to be had from the sources
	// (no npm package of Unicode 17 we know of has them, and ICU does not
	// show them to JavaScript), their order is: normdata.mjs reads it off
	// NFD's reordering of pairs. A code point with a canonical decomposition is
	// decomposed before anything looks at classes, so NFD cannot show
	// its own: it gets the rank of the first code point of its full
	// decomposition (0 for every primary composite; U+0F73, U+0F75 and
	// U+0F81, of class 0 in the UCD, get the rank of U+0F71's 129).
	Class []uint8
	// Decomp is the full canonical decomposition of every code point that
	// has one, Hangul syllables included.
	Decomp map[rune][]rune
	// Compose maps the pairs of the primary composites (those not in
	// Full_Composition_Exclusion), Hangul syllables included, to them.
	Compose map[[2]rune]rune
	// QC is NFC_Quick_Check of every code point: 'Y', 'N' or 'M'.
	QC []byte
}

// A MissingError says that a tool the generator runs (node, npm) is not
// installed, or that npm could not fetch the package: the tests skip
// when they meet one.
type MissingError struct {
	What string
	Err  error
}

func (e *MissingError) Error() string { return e.What + ": " + e.Err.Error() }
func (e *MissingError) Unwrap() error { return e.Err }

// GenerateNorm reads tr46's data in dir, takes the data of normalization
// of its Unicode version from Node and npm (see Norm), and returns the
// formatted source of package idna's normalization tables: the rank of
// the Canonical_Combining_Class and NFC_Quick_Check of every code point,
// the canonical decompositions and the primary composites (UAX #15). It
// needs node, of that Unicode version, and npm, or a copy of the
// package's tarball in the user's cache directory.
func GenerateNorm(dir string) ([]byte, error) {
	version, err := readVersion(filepath.Join(dir, "package.json"))
	if err != nil {
		return nil, err
	}
	n, data, err := readNorm(version)
	if err != nil {
		return nil, err
	}
	// One Unicode version: tr46's classes, derived from its UCD, must be
	// what the @unicode package and Node say.
	classes, err := readRegexes(filepath.Join(dir, "regexes.js.gz"))
	if err != nil {
		return nil, err
	}
	mark := make([]bool, maxRune+1)
	for _, r := range data.Mark {
		if r < 0 || r > maxRune {
			return nil, fmt.Errorf("@unicode's General_Category=Mark lists %d", r)
		}
		mark[r] = true
	}
	for r := range rune(maxRune + 1) {
		if mark[r] != classes["combiningMarks"][0].has(r) {
			return nil, fmt.Errorf("U+%04X: General_Category=Mark is %v in @unicode/unicode-%s and %v in tr46's data: not one Unicode version", r, mark[r], version, !mark[r])
		}
	}
	// Canonical_Combining_Class=Virama (9) is the one class whose members
	// tr46 lists: they must be exactly the code points of one rank.
	virama := classes["combiningClassVirama"][0]
	var viramaRank uint8
	for r := range rune(maxRune + 1) {
		if virama.has(r) {
			viramaRank = n.Class[r]
			break
		}
	}
	if viramaRank == 0 {
		return nil, errors.New("tr46's Virama class holds no non-starter")
	}
	for r := range rune(maxRune + 1) {
		if _, ok := n.Decomp[r]; ok {
			continue
		}
		if isVirama := n.Class[r] == viramaRank; isVirama != virama.has(r) {
			return nil, fmt.Errorf("U+%04X: Canonical_Combining_Class=Virama is %v in tr46's data, and its class is%s that of the others by Node's NFD: not one Unicode version", r, !isVirama, map[bool]string{true: "", false: " not"}[isVirama])
		}
	}

	word := make([]uint16, maxRune+1)
	for r := range word {
		w := uint16(n.Class[r])
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

// ReadNorm takes the data of normalization of the Unicode version of
// tr46's data in dir from Node and npm, as GenerateNorm does.
func ReadNorm(dir string) (*Norm, error) {
	version, err := readVersion(filepath.Join(dir, "package.json"))
	if err != nil {
		return nil, err
	}
	n, _, err := readNorm(version)
	return n, err
}

// normData is what normdata.mjs writes.
type normData struct {
	Unicode                  string          `json:"unicode"`
	NFD                      map[rune][]rune `json:"nfd"`
	NFC                      map[rune][]rune `json:"nfc"`
	Classes                  [][]rune        `json:"classes"`
	Canonical                map[rune][]rune `json:"canonical"`
	CompositionExclusion     []rune          `json:"compositionExclusion"`
	FullCompositionExclusion []rune          `json:"fullCompositionExclusion"`
	Mark                     []rune          `json:"mark"`
}

//go:embed normdata.mjs
var normDataScript []byte

// runNormData fetches @unicode/unicode-version, runs normdata.mjs on it
// with node, and reads what it writes.
func runNormData(version string) (*normData, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, &MissingError{"node, which the normalization tables are generated with", err}
	}
	tmp, err := os.MkdirTemp("", "idnagen-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	pkg, err := unicodePackage(version, tmp)
	if err != nil {
		return nil, err
	}
	script := filepath.Join(tmp, "normdata.mjs")
	if err := os.WriteFile(script, normDataScript, 0o644); err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	cmd := exec.Command(node, script, pkg)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("node normdata.mjs: %v\n%s", err, stderr.Bytes())
	}
	var d normData
	if err := json.Unmarshal(out, &d); err != nil {
		return nil, fmt.Errorf("node normdata.mjs: %v", err)
	}
	return &d, nil
}

func readNorm(version string) (*Norm, *normData, error) {
	d, err := runNormData(version)
	if err != nil {
		return nil, nil, err
	}
	major, minor, _ := strings.Cut(version, ".")
	minor, _, _ = strings.Cut(minor, ".")
	if d.Unicode != major+"."+minor {
		return nil, nil, &MissingError{"node of Unicode " + major + "." + minor, fmt.Errorf("this node's ICU is of Unicode %s, tr46's data of %s", d.Unicode, version)}
	}
	valid := func(r rune) bool { return r >= 0 && r <= maxRune && (r < 0xD800 || r > 0xDFFF) }

	n := &Norm{
		Class:   make([]uint8, maxRune+1),
		Decomp:  map[rune][]rune{},
		Compose: map[[2]rune]rune{},
		QC:      bytes.Repeat([]byte{'Y'}, maxRune+1),
	}
	// The ranks of the non-starters' classes, as normdata.mjs ordered them.
	if len(d.Classes) == 0 || len(d.Classes) > 255 {
		return nil, nil, fmt.Errorf("%d classes of non-starters", len(d.Classes))
	}
	for i, group := range d.Classes {
		for _, r := range group {
			if !valid(r) || n.Class[r] != 0 || d.NFD[r] != nil {
				return nil, nil, fmt.Errorf("U+%04X: listed twice among the non-starters, or not a code point without a decomposition", r)
			}
			n.Class[r] = uint8(i + 1)
		}
	}

	// Full decompositions (D68): apply @unicode's mappings until none
	// applies. They must be what Node's NFD gives, code point by code
	// point, Hangul syllables included (which the algorithm decomposes).
	var full func(r rune, depth int) ([]rune, error)
	full = func(r rune, depth int) ([]rune, error) {
		if depth > 8 {
			return nil, fmt.Errorf("U+%04X: decomposition does not end", r)
		}
		m, ok := d.Canonical[r]
		if !ok {
			return []rune{r}, nil
		}
		if len(m) == 0 || len(m) > 2 {
			return nil, fmt.Errorf("U+%04X: a canonical decomposition mapping of %d code points", r, len(m))
		}
		var out []rune
		for _, c := range m {
			if !valid(c) {
				return nil, fmt.Errorf("U+%04X: a mapping to %d", r, c)
			}
			cc, err := full(c, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, cc...)
		}
		return out, nil
	}
	for r := range d.Canonical {
		if !valid(r) {
			return nil, nil, fmt.Errorf("@unicode maps %d", r)
		}
	}
	for r := range rune(maxRune + 1) {
		if !valid(r) {
			continue
		}
		dec, err := full(r, 0)
		if err != nil {
			return nil, nil, err
		}
		want, ok := d.NFD[r]
		if !ok {
			want = []rune{r}
		}
		if !slices.Equal(dec, want) {
			return nil, nil, fmt.Errorf("U+%04X: @unicode's mappings decompose it to %U, Node's NFD to %U", r, dec, want)
		}
		if r >= hangulFirst && r <= hangulLast && !slices.Equal(dec, hangulDecompose(r)) {
			return nil, nil, fmt.Errorf("U+%04X: decomposes to %U, not as the Hangul algorithm does", r, dec)
		}
		if len(dec) > 1 || dec[0] != r {
			// NFD gives its decompositions in canonical order: the check
			// is of the ranks.
			for k := 1; k < len(dec); k++ {
				if c := n.Class[dec[k]]; c != 0 && n.Class[dec[k-1]] > c {
					return nil, nil, fmt.Errorf("U+%04X: the decomposition is not in the order of the ranks", r)
				}
			}
			n.Decomp[r] = dec
			n.Class[r] = n.Class[dec[0]]
		}
	}

	// Full_Composition_Exclusion (UAX #15 §5): Composition_Exclusion (the
	// script-specific and post-composition exclusions), the singletons and
	// the non-starter decompositions. Derived, and checked against
	// @unicode's own and against Node's NFC: a code point with a
	// decomposition is its own NFC exactly when it is not excluded.
	excluded := map[rune]bool{}
	for _, r := range d.CompositionExclusion {
		excluded[r] = true
	}
	fce := make([]bool, maxRune+1)
	for r, m := range d.Canonical {
		switch {
		case excluded[r], len(m) == 1, n.Class[m[0]] != 0:
			fce[r] = true
		default:
			n.Compose[[2]rune{m[0], m[1]}] = r
		}
		if _, changes := d.NFC[r]; changes != fce[r] {
			return nil, nil, fmt.Errorf("U+%04X: Full_Composition_Exclusion derived as %v, but Node's NFC changes it: %v", r, fce[r], changes)
		}
	}
	listed := make([]bool, maxRune+1)
	for _, r := range d.FullCompositionExclusion {
		if !valid(r) {
			return nil, nil, fmt.Errorf("@unicode's Full_Composition_Exclusion lists %d", r)
		}
		listed[r] = true
	}
	for r := range rune(maxRune + 1) {
		if fce[r] != listed[r] {
			return nil, nil, fmt.Errorf("U+%04X: Full_Composition_Exclusion derived as %v, @unicode says %v", r, fce[r], listed[r])
		}
		if _, changes := d.NFC[r]; changes && d.Canonical[r] == nil {
			return nil, nil, fmt.Errorf("U+%04X: Node's NFC changes it, and it has no decomposition", r)
		}
	}
	// Hangul: LV = L + V, LVT = LV + T, as @unicode's mappings say.
	for l := rune(0); l < hangulLCount; l++ {
		for v := rune(0); v < hangulVCount; v++ {
			lv := hangulFirst + (l*hangulVCount+v)*hangulTCount
			if n.Compose[[2]rune{hangulLBase + l, hangulVBase + v}] != lv {
				return nil, nil, fmt.Errorf("U+%04X: not composed of its L and V", lv)
			}
			for t := rune(1); t < hangulTCount; t++ {
				if n.Compose[[2]rune{lv, hangulTBase + t}] != lv+t {
					return nil, nil, fmt.Errorf("U+%04X: not composed of its LV and T", lv+t)
				}
			}
		}
	}

	// NFC_Quick_Check: No for what has a decomposition and is excluded from
	// composition; Maybe for what may combine with what precedes it: the
	// second of a pair, or a composite whose decomposition begins with one
	// (U+113C5 is U+113C2 U+113C2, and U+1138B U+113C2 composes). Derived
	// from the checked data above: no source gives it.
	second := make([]bool, maxRune+1)
	for pair := range n.Compose {
		second[pair[1]] = true
	}
	for r := range rune(maxRune + 1) {
		first := r
		if dec, ok := n.Decomp[r]; ok {
			first = dec[0]
		}
		switch {
		case fce[r]:
			n.QC[r] = 'N'
		case second[first]:
			n.QC[r] = 'M'
		}
	}
	return n, d, nil
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

func emitNorm(version string, t *trie, n *Norm) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by internal/idna/internal/gentables from Node's normalization and npm's @unicode/unicode-%s %s (Unicode %s); DO NOT EDIT.\n\n", version, unicodePackages[version].release, version)
	b.WriteString("package idna\n\n")
	fmt.Fprintf(&b, "// normUnicodeVersion is the version of Unicode of the normalization\n// tables, that of the IDNA tables.\nconst normUnicodeVersion = %q\n\n", version)
	fmt.Fprintf(&b, "// normRest is the normWords index of every code point outside the trie.\nconst normRest = %d\n\n", t.rest)

	writeTrie(&b, t,
		"// normWords are the distinct normalization words: the rank of the\n// combining class, NFC_Quick_Check and whether a decomposition is listed\n// (see norm.go).\nvar normWords",
		fmt.Sprintf("// normIndex holds the block of normValues of each %d code points,\n// laid out as trieIndex is.\nvar normIndex", trieBlock),
		"// normValues holds blocks of indexes into normWords.\nconst normValues")

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
