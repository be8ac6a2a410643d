import * as fontkit from '@pdf-lib/fontkit';
import { bundledFontBytes } from './fonts';
import { unshapedLayout } from './unshaped-glyphs';

const font = fontkit.create(bundledFontBytes());
const unshaped = unshapedLayout(font);
const glyphsOf = (run: fontkit.GlyphRun): string =>
  run.glyphs.map((g) => `${g.id}:${g.codePoints.join('.')}:${g.advanceWidth}`).join(' ');

/** A small deterministic generator, so a failure names a string that can be replayed. */
function* strings(count: number): Generator<string> {
  const alphabet = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,-/@#éüßñŁłĐđΑαάИиёЖ'];
  alphabet.push(...'fiflffijIJ', '\u0301', '\u0308', '\u0327', '\u0456', '\u0458', '\u0483', '\u02e5', '\u0268');
  let seed = 42;
  const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  for (let i = 0; i < count; i++) {
    let s = '';
    for (let k = 1 + next(12); k > 0; k--) s += alphabet[next(alphabet.length)];
    yield s;
  }
}

describe('unshapedLayout (DejaVu Sans)', () => {
  it('gives exactly the glyphs fontkit shapes whenever it answers', () => {
    let answered = 0;
    for (const s of strings(4000)) {
      const run = unshaped(s);
      if (!run) continue;
      answered++;
      expect([s, glyphsOf(run)]).toEqual([s, glyphsOf(font.layout(s))]);
    }
    expect(answered).toBeGreaterThan(1000);
  });

  it('answers ordinary answers and leaves ligatures, marks after i, and right-to-left text to fontkit', () => {
    for (const s of ['Zoë Ðorđević', 'Αθηνά Παππά', 'Иван Петров', 'jane.doe@example.com', 'for three weeks']) {
      expect([s, unshaped(s) !== undefined]).toEqual([s, true]);
    }
    for (const s of ['office', 'fl', 'i\u0301', 'שלום', 'soft\u00adhyphen']) {
      expect([s, unshaped(s)]).toEqual([s, undefined]);
    }
    expect(font.layout('office').glyphs.length).toBe(4); // the "ffi" ligature: shaping did change it
  });
});
