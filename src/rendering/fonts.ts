import * as fs from 'fs';
import * as path from 'path';
import * as fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFFont, StandardFonts } from 'pdf-lib';
import { FastTtfSubset, SubsetSource, type SubsetLike } from './font-subset';
import { unshapedLayout } from './unshaped-glyphs';

/**
 * Font choice: when every string to be printed is WinAnsi-encodable we use the standard Helvetica
 * (nothing embedded: no font parsing, no subsetting, a few hundred bytes instead of ~20-40 KB, and
 * `pdftotext` reads it through WinAnsiEncoding). Otherwise everything is printed with the bundled
 * DejaVu Sans (Latin Extended, Greek, Cyrillic, ...), embedded as a subset with a ToUnicode map.
 * One font per document, so all answers look alike.
 */

/** Unicode code points of WinAnsiEncoding's 0x80-0x9F block (the rest is Latin-1 0x20-0x7E, 0xA0-0xFF). */
const WIN_ANSI_EXTRA = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018,
  0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);

export function isWinAnsiEncodable(text: string): boolean {
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp === 0x0a) continue; // newlines are split off before encoding
    if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp)) continue;
    return false;
  }
  return true;
}

const FONT_FILE = 'DejaVuSans.ttf';
/** Optional override for packaging (absolute path of a TTF to use instead of the bundled one). */
const FONT_ENV = 'EDFORM_RENDER_FONT';

let fontBytes: Uint8Array | null = null;
let parsedFont: fontkit.Font | null = null;

function fontCandidates(): string[] {
  const fromEnv = process.env[FONT_ENV];
  return [
    ...(fromEnv ? [fromEnv] : []),
    // src/rendering -> <repo>/assets/fonts ; dist/src/rendering -> <repo>/assets/fonts
    path.resolve(__dirname, '..', '..', 'assets', 'fonts', FONT_FILE),
    path.resolve(__dirname, '..', '..', '..', 'assets', 'fonts', FONT_FILE),
    path.resolve(process.cwd(), 'assets', 'fonts', FONT_FILE),
  ];
}

/** The bundled font's bytes, read once per process. */
export function bundledFontBytes(): Uint8Array {
  if (fontBytes) return fontBytes;
  const tried: string[] = [];
  for (const candidate of fontCandidates()) {
    tried.push(candidate);
    if (fs.existsSync(candidate)) {
      fontBytes = new Uint8Array(fs.readFileSync(candidate));
      return fontBytes;
    }
  }
  throw new Error(`Bundled font ${FONT_FILE} not found (looked in: ${tried.join(', ')})`);
}

const LAYOUT_CACHE_LIMIT = 4000;

/**
 * Makes fontkit's `layout()` cheap: a string that shaping cannot change is laid out from the cmap (see
 * unshaped-glyphs.ts), and the others (GSUB substitutions, e.g. the "fi" ligature) are shaped once per string:
 * pdf-lib calls it for every width measurement and every encoding of the same string. Glyph runs are read,
 * never changed, by pdf-lib.
 */
const layoutCache = new Map<string, fontkit.GlyphRun>();

/**
 * Drops the shaped strings (they are answer text) after each render, so no patient's answers outlive the
 * render in a warm sandbox child that serves other organizations next.
 */
export function forgetRenderedText(): void {
  layoutCache.clear();
}

function memoiseLayout(font: fontkit.Font): fontkit.Font {
  const layout = font.layout.bind(font);
  const unshaped = unshapedLayout(font);
  const cache = layoutCache;
  font.layout = (text: string, features?: Parameters<fontkit.Font['layout']>[1]): fontkit.GlyphRun => {
    const plain = features === undefined ? unshaped(text) : undefined;
    if (plain) return plain;
    const key = features === undefined ? text : `${text}\u0000${JSON.stringify(features)}`;
    let run = cache.get(key);
    if (!run) {
      if (cache.size >= LAYOUT_CACHE_LIMIT) cache.clear();
      run = layout(text, features);
      cache.set(key, run);
    }
    return run;
  };
  return font;
}

/** Subsets made from glyph data read once per process (font-subset.ts), with the bytes fontkit's would have. */
function fastSubsets(font: fontkit.Font, bytes: Uint8Array): fontkit.Font {
  if (!SubsetSource.supports(font)) return font;
  const original = font.createSubset.bind(font) as unknown as () => SubsetLike;
  const source = new SubsetSource(font, bytes, original);
  (font as unknown as { createSubset: () => SubsetLike }).createSubset = () => new FastTtfSubset(source);
  return font;
}

/**
 * fontkit wrapper that parses the bundled font once per process: pdf-lib calls `create()` on every
 * embed, and parsing the 740 KB TTF is a large part of the embedding cost. fontkit fonts are
 * read-only apart from caches, and each embed makes its own subset, so sharing the parsed font is safe.
 */
const cachingFontkit = {
  create(buffer: Uint8Array, postscriptName?: string): fontkit.Font {
    if (buffer === fontBytes) {
      parsedFont ??= fastSubsets(memoiseLayout(fontkit.create(buffer)), buffer);
      return parsedFont;
    }
    return fontkit.create(buffer, postscriptName);
  },
};

export async function embedRenderFont(doc: PDFDocument, needsUnicode: boolean): Promise<PDFFont> {
  if (!needsUnicode) return doc.embedFont(StandardFonts.Helvetica);
  doc.registerFontkit(cachingFontkit);
  return doc.embedFont(bundledFontBytes(), { subset: true });
}

/** Advance widths at size 1 per font family and character, kept for the life of the process. */
const charWidthCache = new Map<string, Map<string, number>>();

/**
 * Font metrics at size 1. Widths are summed per character (cached per process) instead of asking
 * pdf-lib, which shapes the whole string with fontkit on every call: the wrap and fit loops measure
 * many candidate strings. pdf-lib writes no kerning, so the sum is the drawn width.
 */
export class FontMetrics {
  readonly ascent: number;
  readonly descent: number;
  private readonly chars: Map<string, number>;

  constructor(
    readonly font: PDFFont,
    family: string = font.name,
  ) {
    const full = font.heightAtSize(1, { descender: true });
    this.ascent = font.heightAtSize(1, { descender: false });
    this.descent = Math.max(0, full - this.ascent);
    let chars = charWidthCache.get(family);
    if (!chars) {
      chars = new Map();
      charWidthCache.set(family, chars);
    }
    this.chars = chars;
  }

  width(text: string): number {
    let total = 0;
    for (const ch of text) {
      let w = this.chars.get(ch);
      if (w === undefined) {
        try {
          w = this.font.widthOfTextAtSize(ch, 1);
        } catch {
          w = 0.5;
        }
        this.chars.set(ch, w);
      }
      total += w;
    }
    return total;
  }
}

/** Family key for FontMetrics' width cache. */
export function fontFamily(needsUnicode: boolean): string {
  return needsUnicode ? 'DejaVuSans' : 'Helvetica';
}
