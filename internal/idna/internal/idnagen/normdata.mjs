// normdata.mjs writes, as JSON on its standard output, what the generator
// of package idna's NFC tables reads (GenerateNorm in norm.go): the facts
// of normalization as Node's ICU applies them (String.prototype.normalize)
// and the UCD properties of npm's @unicode/unicode-X package unpacked in
// the directory given as its argument. It derives nothing it does not
// check: the generator compares the two sources.
//
// Usage: node normdata.mjs DIR
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const dir = process.argv[2];
const load = async (p) => (await import(pathToFileURL(join(dir, p, 'code-points.mjs')).href)).default;

const maxRune = 0x10FFFF;
const isSurrogate = (cp) => cp >= 0xD800 && cp <= 0xDFFF;
const cps = (s) => Array.from(s, (c) => c.codePointAt(0));

// Node's normalization, of every code point alone: its full canonical
// decomposition and its NFC, where they differ from it.
const nfd = {};
const nfc = {};
for (let cp = 0; cp <= maxRune; cp++) {
  if (isSurrogate(cp)) continue;
  const s = String.fromCodePoint(cp);
  const d = s.normalize('NFD');
  if (d !== s) nfd[cp] = cps(d);
  const c = s.normalize('NFC');
  if (c !== s) nfc[cp] = cps(c);
}

// The non-starters (Canonical_Combining_Class != 0), and the order of
// their classes, as canonical reordering (Unicode §3.11 D109) shows them.
// U+0334 (class 1, the least) and U+0345 (class 240, the greatest) are
// the probes: NFD swaps them, so both are non-starters and U+0334's class
// is the lesser. A code point X without a decomposition is a non-starter
// exactly when NFD reorders U+0345 X U+0334: with a starter in the middle
// each mark is a run of its own and nothing moves; with a non-starter the
// three are one run, and U+0334 moves ahead of U+0345 whatever X's class.
const lo = '\u0334';
const hi = '\u0345';
if ((hi + lo).normalize('NFD') !== lo + hi) {
  throw new Error('NFD does not put U+0334 before U+0345: the probes are not what they were');
}
const nonStarters = [];
for (let cp = 0; cp <= maxRune; cp++) {
  if (isSurrogate(cp) || nfd[cp]) continue;
  const s = hi + String.fromCodePoint(cp) + lo;
  if (s.normalize('NFD') !== s) nonStarters.push(cp);
}
// Two non-starters a, b: NFD(a b) is b a exactly when b's class is less
// than a's, and a b stays when the classes are equal or a's is less.
const str = (cp) => String.fromCodePoint(cp);
const order = (a, b) => {
  if ((str(a) + str(b)).normalize('NFD') !== str(a) + str(b)) return 1;
  if ((str(b) + str(a)).normalize('NFD') !== str(b) + str(a)) return -1;
  return 0;
};
nonStarters.sort((a, b) => order(a, b) || a - b);
const classes = [];
for (const cp of nonStarters) {
  const last = classes[classes.length - 1];
  if (last && order(last[0], cp) === 0) last.push(cp);
  else classes.push([cp]);
}
// The order must be total and consistent: every pair compared again.
const rank = new Map();
classes.forEach((group, i) => group.forEach((cp) => rank.set(cp, i + 1)));
for (const a of nonStarters) {
  for (const b of nonStarters) {
    const want = Math.sign(rank.get(a) - rank.get(b));
    if (order(a, b) !== want) {
      throw new Error(`U+${a.toString(16)} and U+${b.toString(16)}: NFD's order is not one of classes`);
    }
  }
}

const canonical = {};
for (const [cp, m] of await load('Decomposition_Mapping/Canonical')) canonical[cp] = m;

process.stdout.write(JSON.stringify({
  unicode: process.versions.unicode,
  nfd,
  nfc,
  classes,
  canonical,
  compositionExclusion: await load('Binary_Property/Composition_Exclusion'),
  fullCompositionExclusion: await load('Binary_Property/Full_Composition_Exclusion'),
  mark: await load('General_Category/Mark'),
}));
