/**
 * How a date blank is printed: the order of its parts (from a hint such as "MM/DD/YYYY", "DD/MM/YYYY",
 * "dd/mm/aaaa") and, when the blank prints its own separators (`__/__/____`, `__ - __ - ____`), where each part
 * goes. The completed PDF then writes each part between the separators instead of over them.
 */
import type { DateLayout, DatePart, DetectedField } from '../shared/field-map';
import type { Box, Glyph, PageContent } from './layout/types';
import { uprightBox } from './page-text';

const PART_OF: Record<string, DatePart> = {
  mm: 'month',
  m: 'month',
  dd: 'day',
  d: 'day',
  jj: 'day',
  yyyy: 'year',
  yy: 'year',
  aaaa: 'year',
  aa: 'year',
};
const TOKEN = `(${Object.keys(PART_OF).join('|')})`;
const HINT = new RegExp(`(?:^|[^a-z])${TOKEN}\\s*([/.-])\\s*${TOKEN}\\s*\\2\\s*${TOKEN}(?![a-z])`, 'i');
const SEPARATORS = new Set(['/', '-', '.', '–']);

/** Lines of text around a blank that may carry its format hint: the same row (inside and just right) and below. */
const HINT_ROW_REACH_PT = 60;
const HINT_BELOW_PT = 14;
/** A separator must leave each part at least this share of the blank's width. */
const MIN_PART_SHARE = 0.1;

/** The printed part order in a hint, or null when there is none (or it names a part twice). */
export function partOrderOf(text: string): DatePart[] | null {
  const m = HINT.exec(text);
  if (!m) return null;
  const order = [m[1], m[3], m[4]].map((t) => PART_OF[t.toLowerCase()]);
  return new Set(order).size === 3 ? order : null;
}

function textIn(glyphs: Glyph[], area: Box): string {
  const inside = glyphs
    .filter((g) => (g.x1 + g.x2) / 2 >= area.x1 && (g.x1 + g.x2) / 2 <= area.x2)
    .filter((g) => (g.y1 + g.y2) / 2 >= area.y1 && (g.y1 + g.y2) / 2 <= area.y2)
    .sort((a, b) => b.base - a.base || a.x1 - b.x1);
  const gap = (a: Glyph, b: Glyph): boolean => Math.abs(a.base - b.base) > 2 || b.x1 - a.x2 > b.size * 0.25;
  return inside.map((g, k) => (k > 0 && gap(inside[k - 1], g) ? ' ' : '') + g.ch).join('');
}

/** Spans between two printed separators inside the blank, as shares of its width; null when not exactly two. */
function separatorSpans(page: PageContent, box: Box): [number, number][] | null {
  const w = box.x2 - box.x1;
  if (w <= 0) return null;
  const seps = page.glyphs
    .filter((g) => SEPARATORS.has(g.ch))
    .filter((g) => g.x1 >= box.x1 - 1 && g.x2 <= box.x2 + 1)
    .filter((g) => (g.y1 + g.y2) / 2 >= box.y1 - 2 && (g.y1 + g.y2) / 2 <= box.y2 + 2)
    .sort((a, b) => a.x1 - b.x1);
  if (seps.length !== 2) return null;
  const share = (x: number): number => Math.min(1, Math.max(0, (x - box.x1) / w));
  const spans: [number, number][] = [
    [0, share(seps[0].x1)],
    [share(seps[0].x2), share(seps[1].x1)],
    [share(seps[1].x2), 1],
  ];
  return spans.every(([a, b]) => b - a >= MIN_PART_SHARE) ? spans : null;
}

/** The layout of one date field, or undefined when the blank says nothing beyond "a date goes here". */
export function dateLayoutOf(field: DetectedField, page: PageContent): DateLayout | undefined {
  const box = uprightBox(field, page);
  const h = Math.max(4, box.y2 - box.y1);
  const near =
    textIn(page.glyphs, { x1: box.x1, y1: box.y1, x2: box.x2 + HINT_ROW_REACH_PT, y2: box.y2 }) +
    ' | ' +
    textIn(page.glyphs, { x1: box.x1 - 4, y1: box.y1 - HINT_BELOW_PT - h * 0.2, x2: box.x2 + 4, y2: box.y1 + 1 });
  const order = partOrderOf(`${field.label} | ${field.prompt}`) ?? partOrderOf(near);
  const spans = separatorSpans(page, box);
  if (!order && !spans) return undefined;
  return { order: order ?? ['month', 'day', 'year'], ...(spans ? { spans } : {}) };
}

export function addDateLayouts(fields: DetectedField[], pageNumber: number, page: PageContent): void {
  for (const f of fields) {
    if (f.kind !== 'date' || f.page !== pageNumber) continue;
    const layout = dateLayoutOf(f, page);
    if (layout) f.dateLayout = layout;
    else delete f.dateLayout;
  }
}
