/** Stage 1 of a flat page (page-fields.ts), read by every later stage: text lines, and sections under bold headings. */
import type { Rect } from '../../shared/field-map';
import { textTokens } from './labels';
import { buildLines, type TextLine, type Token } from './text';
import { boxOf, type Box, type PageContent } from './types';

export interface PageRead {
  page: PageContent;
  lines: TextLine[];
  /** The baseline of the nearest heading line over `y` (Infinity when none): where the section of `y` starts. */
  sectionStart: (y: number) => number;
  /** The text tokens that may be labels (labels.ts `textTokens`). */
  tokens: Token[];
}

/** Field rects are written rounded to this many per point (0.01 pt). */
const RECT_PRECISION = 100;

export function readPage(page: PageContent): PageRead {
  const lines = buildLines(page.glyphs, page.vLines);
  const headings = lines
    .filter((l) => l.tokens.length > 0 && l.tokens.every((t) => t.type === 'text' && t.bold))
    .map((l) => l.base);
  const sectionStart = (y: number): number => headings.filter((h) => h > y).sort((a, b) => a - b)[0] ?? Infinity;
  return { page, lines, sectionStart, tokens: textTokens(lines) };
}

/** A box of the upright space as a field's rect in PDF user space. */
export function userRect(page: PageContent, b: Box): Rect {
  const u = boxOf([page.toUser(b.x1, b.y1), page.toUser(b.x2, b.y2)]);
  const r = (v: number): number => Math.round(v * RECT_PRECISION) / RECT_PRECISION;
  return [r(u.x1), r(u.y1), r(u.x2), r(u.y2)];
}
