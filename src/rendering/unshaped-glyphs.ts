import type * as fontkit from '@pdf-lib/fontkit';

/**
 * pdf-lib asks fontkit to shape every string it measures or writes with an embedded font (`font.layout`), and
 * shaping builds a plan and walks every substitution lookup of the font on each call: most of a flat form's
 * render (`node --cpu-prof`, bench:render). For most answers shaping is a no-op: every glyph is the cmap's glyph
 * of its character. This module answers those strings from the cmap and leaves the others to fontkit.
 *
 * A string is answered here only when no substitution can fire, by construction from the font's own GSUB: every
 * lookup subtable needs certain glyphs present (its first glyph's coverage; for ligatures also a second component;
 * for chained contexts every coverage it names), and for each subtable the string lacks at least one of them.
 * Characters are limited to left-to-right scripts without a dedicated fontkit shaper, and default-ignorable
 * characters (which fontkit turns into invisible spaces) are never answered here. pdf-lib reads only the glyphs
 * (ids, code points, advance widths) of the run, never the positions, so kerning (GPOS) changes nothing.
 */

interface Coverage {
  glyphs?: number[];
  rangeRecords?: { start: number; end: number }[];
}
interface ClassDef {
  startGlyph?: number;
  classValueArray?: ArrayLike<number>;
  classRangeRecord?: ArrayLike<{ start: number; end: number; class: number }>;
}
interface ClassRule {
  backtrack: ArrayLike<number>;
  input: ArrayLike<number>;
  lookahead: ArrayLike<number>;
}
interface Subtable {
  version?: number;
  coverage?: Coverage;
  ligatureSets?: ArrayLike<ArrayLike<{ components: ArrayLike<number> }>>;
  backtrackCoverage?: ArrayLike<Coverage>;
  inputCoverage?: ArrayLike<Coverage>;
  lookaheadCoverage?: ArrayLike<Coverage>;
  coverages?: ArrayLike<Coverage>;
  backtrackClassDef?: ClassDef;
  inputClassDef?: ClassDef;
  lookaheadClassDef?: ClassDef;
  chainClassSet?: ArrayLike<ArrayLike<ClassRule> | null>;
  extensionLookupType?: number;
  extension?: Subtable;
}
type Lookup = {
  lookupType: number;
  flags?: { ignoreBaseGlyphs?: boolean; ignoreLigatures?: boolean };
  subTables: ArrayLike<Subtable>;
};
/**
 * One way a subtable can fire: a glyph of every set in `all` is in the string (a necessary condition); with `next`,
 * also a glyph of `all[0]` followed by a glyph of `next`, at most marks between (a ligature's first two glyphs).
 */
interface Way {
  all: Set<number>[];
  next?: Set<number>;
}
interface LangSys {
  reqFeatureIndex: number;
  featureIndexes: ArrayLike<number>;
}
interface Gsub {
  scriptList: ArrayLike<{
    tag: string;
    script: { defaultLangSys?: LangSys; langSysRecords: ArrayLike<{ langSys: LangSys }> };
  }>;
  featureList: ArrayLike<{ tag: string; feature: { lookupListIndexes: ArrayLike<number> } }>;
  lookupList: ArrayLike<Lookup> & { get?(index: number): Lookup };
}

/** The scripts fontkit may pick for the characters answered here, and its fallbacks. */
const SCRIPTS = new Set(['DFLT', 'dflt', 'latn', 'grek', 'cyrl', 'armn']);
/** The substitution features fontkit's default shaper applies (the required feature of a script as well). */
const FEATURES = new Set([
  'rvrn',
  'ltra',
  'ltrm',
  'ccmp',
  'locl',
  'rlig',
  'frac',
  'numr',
  'dnom',
  'calt',
  'clig',
  'liga',
  'rclt',
]);

const list = <T>(x: ArrayLike<T> | { toArray(): T[] } | null | undefined): T[] =>
  x === undefined || x === null ? [] : 'toArray' in x ? x.toArray() : Array.from(x);

function glyphsOf(coverage: Coverage | undefined): Set<number> {
  const out = new Set<number>();
  for (const g of coverage?.glyphs ?? []) out.add(g);
  for (const r of coverage?.rangeRecords ?? []) for (let g = r.start; g <= r.end; g++) out.add(g);
  return out;
}

function classGlyphs(def: ClassDef | undefined, wanted: number): Set<number> {
  const out = new Set<number>();
  list(def?.classValueArray).forEach((c, i) => c === wanted && out.add((def?.startGlyph ?? 0) + i));
  for (const r of list(def?.classRangeRecord))
    if (r.class === wanted) for (let g = r.start; g <= r.end; g++) out.add(g);
  return out;
}

/** The ways a subtable can fire; a way without requirements means it may always fire. */
function firingWays(subtable: Subtable, lookupType: number, adjacent: boolean): Way[] {
  if (lookupType === 7) {
    const inner = subtable.extension;
    const type = subtable.extensionLookupType ?? 0;
    return inner && type !== 7 ? firingWays(inner, type, adjacent) : [{ all: [] }];
  }
  const gate = glyphsOf(subtable.coverage);
  const coverages = [
    subtable.backtrackCoverage,
    subtable.inputCoverage,
    subtable.lookaheadCoverage,
    subtable.coverages,
  ];
  const named = coverages.flatMap((c) => list<Coverage>(c)).map(glyphsOf);
  // Contexts by coverages (format 3) and reverse chaining: every coverage named must match some glyph.
  if (named.length > 0) return [{ all: subtable.coverage ? [gate, ...named] : named }];
  if (lookupType === 6 && subtable.version === 2) return chainedClassWays(subtable, gate);
  if (lookupType !== 4) return [{ all: [gate] }];
  const components = new Set<number>();
  for (const set of list(subtable.ligatureSets)) {
    for (const ligature of list(set)) {
      const rest = list(ligature.components);
      if (rest.length === 0) return [{ all: [gate] }]; // a one-glyph "ligature" needs its first glyph only
      for (const c of rest) components.add(c);
    }
  }
  return [{ all: [gate, components], next: adjacent ? components : undefined }];
}

/** Chained context by classes: each rule needs a glyph of every non-zero class it names (class 0 is any glyph). */
function chainedClassWays(subtable: Subtable, gate: Set<number>): Way[] {
  const ways: Way[] = [];
  const sets = (def: ClassDef | undefined, classes: ArrayLike<number>): Set<number>[] =>
    list(classes)
      .filter((c) => c !== 0)
      .map((c) => classGlyphs(def, c));
  list(subtable.chainClassSet).forEach((rules, inputClass) => {
    const first =
      inputClass === 0
        ? gate
        : new Set([...classGlyphs(subtable.inputClassDef, inputClass)].filter((g) => gate.has(g)));
    for (const rule of list(rules)) {
      ways.push({
        all: [
          first,
          ...sets(subtable.backtrackClassDef, rule.backtrack),
          ...sets(subtable.inputClassDef, rule.input),
          ...sets(subtable.lookaheadClassDef, rule.lookahead),
        ],
      });
    }
  });
  return ways;
}

/** The lookups fontkit may apply to a string of the characters answered here. */
function appliedLookups(gsub: Gsub): Lookup[] {
  const indexes = new Set<number>();
  const features = list(gsub.featureList);
  const lookupsOf = (index: number, required: boolean): void => {
    const feature = features[index];
    if (feature && (required || FEATURES.has(feature.tag)))
      list(feature.feature.lookupListIndexes).forEach((i) => indexes.add(i));
  };
  for (const { tag, script } of list(gsub.scriptList)) {
    if (!SCRIPTS.has(tag)) continue;
    for (const langSys of [script.defaultLangSys, ...list(script.langSysRecords).map((r) => r.langSys)]) {
      if (!langSys) continue;
      if (langSys.reqFeatureIndex !== 0xffff) lookupsOf(langSys.reqFeatureIndex, true);
      list(langSys.featureIndexes).forEach((i) => lookupsOf(i, false));
    }
  }
  const lookups = list(gsub.lookupList);
  return [...indexes].map((i) => lookups[i]).filter((l): l is Lookup => l !== undefined);
}

/** Left-to-right characters that fontkit shapes with its default shaper and never hides as default-ignorable. */
function plainCodePoint(cp: number): boolean {
  if (cp === 0xad || cp === 0x34f) return false;
  return (
    (cp >= 0x20 && cp < 0x7f) ||
    (cp >= 0xa0 && cp < 0x590) ||
    (cp >= 0x1d00 && cp < 0x2000) ||
    (cp >= 0x2010 && cp <= 0x2027) ||
    (cp >= 0x2030 && cp <= 0x205e) ||
    (cp >= 0x20a0 && cp <= 0x20cf) ||
    (cp >= 0x2100 && cp <= 0x214f)
  );
}

function hasAny(set: Set<number>, present: Set<number>): boolean {
  for (const id of present) if (set.has(id)) return true;
  return false;
}

function mayFire(way: Way, glyphs: number[], present: Set<number>, marks: Set<number>): boolean {
  if (!way.all.every((set) => hasAny(set, present))) return false;
  if (!way.next) return true;
  for (let i = 0; i < glyphs.length - 1; i++) {
    if (!way.all[0].has(glyphs[i])) continue;
    for (let j = i + 1; j < glyphs.length; j++) {
      if (way.next.has(glyphs[j])) return true;
      if (!marks.has(glyphs[j])) break;
    }
  }
  return false;
}

export type UnshapedLayout = (text: string) => fontkit.GlyphRun | undefined;

/** A function that lays `text` out from the cmap alone when shaping could not change it, else undefined. */
export function unshapedLayout(font: fontkit.Font): UnshapedLayout {
  const tables = (font as unknown as { directory?: { tables?: Record<string, unknown> } }).directory?.tables ?? {};
  // Only OpenType substitution is understood here: an AAT font (morx) or a font without GSUB is always shaped.
  if (!tables.GSUB || tables.morx || tables.mort) return () => undefined;
  const { GSUB: gsub, GDEF: gdef } = font as unknown as { GSUB: Gsub; GDEF?: { glyphClassDef?: ClassDef } };
  const marks = classGlyphs(gdef?.glyphClassDef, 3);
  const ways: Way[] = [];
  for (const lookup of appliedLookups(gsub)) {
    // A lookup that skips base glyphs or ligatures may join glyphs far apart: only its glyphs' presence counts.
    const adjacent = !lookup.flags?.ignoreBaseGlyphs && !lookup.flags?.ignoreLigatures;
    for (const subtable of list(lookup.subTables)) ways.push(...firingWays(subtable, lookup.lookupType, adjacent));
  }
  // A way can only fire when its first set has a glyph in the string: index the ways by those glyphs.
  if (ways.some((w) => w.all.length === 0)) return () => undefined;
  const waysByGlyph = new Map<number, Way[]>();
  for (const way of ways) {
    for (const id of way.all[0]) {
      const known = waysByGlyph.get(id);
      if (known) known.push(way);
      else waysByGlyph.set(id, [way]);
    }
  }
  // Glyphs by code point (no text kept: one entry per character of the font's cmap that was asked for).
  const glyphOf = new Map<number, fontkit.Glyph>();
  return (text) => {
    const glyphs: fontkit.Glyph[] = [];
    const ids: number[] = [];
    let candidates: Set<Way> | undefined;
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      let glyph = glyphOf.get(cp);
      if (!glyph) {
        if (!plainCodePoint(cp)) return undefined;
        glyph = font.glyphForCodePoint(cp);
        glyphOf.set(cp, glyph);
      }
      glyphs.push(glyph);
      ids.push(glyph.id);
      const gated = waysByGlyph.get(glyph.id);
      if (gated) for (const way of gated) (candidates ??= new Set()).add(way);
    }
    if (candidates) {
      const present = new Set(ids);
      for (const way of candidates) if (mayFire(way, ids, present, marks)) return undefined;
    }
    return { glyphs, positions: [] } as unknown as fontkit.GlyphRun;
  };
}
