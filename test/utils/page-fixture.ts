/**
 * Page fixtures: what extraction read from a page of a real form (cropped), dumped by
 * test/fixtures/pages/dump-page.ts, loaded back as the `PageContent` the layout stages take. The fixtures are
 * of unrotated pages whose crop box starts at the origin, so the upright space is the user space.
 */
import { readFileSync } from 'fs';
import path from 'path';
import type { Glyph, PageContent } from 'src/detection/layout/types';

/** [ch, x1, y1, x2, y2, base, size, flags]: flags holds `b` (bold), `m` (monospaced), `h` (hidden). */
export type GlyphTuple = [string, number, number, number, number, number, number, string];

/** What dump-page.ts writes: the page's size and drawing as `PageContent` has them, its glyphs as tuples. */
export type PageFixture = Pick<PageContent, 'width' | 'height' | 'hLines' | 'vLines' | 'shapes' | 'fills'> & {
  source: string;
  glyphs: GlyphTuple[];
};

export function loadPage(name: string): PageContent {
  const file = path.join(__dirname, '..', 'fixtures', 'pages', `${name}.json`);
  const f = JSON.parse(readFileSync(file, 'utf8')) as PageFixture;
  const glyphs = f.glyphs.map(([ch, x1, y1, x2, y2, base, size, flags]): Glyph => {
    const g: Glyph = { ch, x1, y1, x2, y2, base, size, font: '', mono: flags.includes('m'), bold: flags.includes('b') };
    if (flags.includes('h')) g.hidden = true;
    return g;
  });
  const same = (x: number, y: number): [number, number] => [x, y];
  const { width, height, hLines, vLines, shapes, fills } = f;
  return { index: 0, width, height, toUser: same, fromUser: same, glyphs, hLines, vLines, shapes, fills };
}
