import * as fontkit from '@pdf-lib/fontkit';
import { FastTtfSubset, SubsetSource, encodeSubset, type SubsetLike } from './font-subset';
import { bundledFontBytes } from './fonts';

const bytes = bundledFontBytes();
const font = fontkit.create(bytes);
const source = new SubsetSource(font, bytes, () => font.createSubset() as unknown as SubsetLike);

/** Both subsets of the glyphs of `text`, included in the order pdf-lib includes them (first use). */
async function bothSubsets(text: string): Promise<[Uint8Array, Uint8Array, number[], number[]]> {
  const theirs = font.createSubset() as unknown as SubsetLike;
  const ours = new FastTtfSubset(source);
  const ids: [number, number][] = [];
  for (const glyph of font.layout(text).glyphs) ids.push([theirs.includeGlyph(glyph), ours.includeGlyph(glyph)]);
  const [a, b] = [await encodeSubset(theirs), await encodeSubset(ours)];
  return [a, b, ids.map(([t]) => t), ids.map(([, o]) => o)];
}

describe('FastTtfSubset (DejaVu Sans)', () => {
  it.each([
    ['ASCII', 'Patient reports intermittent headaches; no fever. 555-123-4567 jane.doe@example.com'],
    ['composite accents', 'Zoë Ðorđević Łukasz ŐőŰű ǅǄ ḈḉẞẪẫ Ǻǻ'],
    ['Greek and Cyrillic', 'Αθηνά Παππά ΐΰ Иван Петров ЁёЙйЇї'],
    ['the missing glyph only', ''],
    ['a glyph the font lacks', '\u4e2d\u6587 ok'],
    ['many glyphs (long loca)', String.fromCodePoint(...Array.from({ length: 1400 }, (_, i) => 0x20 + i))],
  ])('writes the bytes fontkit writes: %s', async (_name, text) => {
    const [theirs, ours, theirIds, ourIds] = await bothSubsets(text);
    expect(ourIds).toEqual(theirIds);
    expect(ours.length).toBe(theirs.length);
    expect(Buffer.from(ours).equals(Buffer.from(theirs))).toBe(true);
  });

  it('has composite glyphs among those compared (accents built from components)', () => {
    const composites = font.layout('ǄǅḈẪǺ').glyphs.filter((g) => source.glyph(g.id).components.length > 0);
    expect(composites.length).toBeGreaterThan(0);
  });

  it('keeps each subset on its own when several are made from one source', async () => {
    const [first] = await bothSubsets('abc');
    await bothSubsets('xyz ÀÉÎ');
    const [again] = await bothSubsets('abc');
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
  });
});
