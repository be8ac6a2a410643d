/**
 * Section headings from page text. A heading is a short phrase standing alone on its row (within its column),
 * printed in a heading style: bold, larger than the body text, all capitals, or numbered ("2. Insurance",
 * "Part B"). A form prints all its section titles in ONE style, so the style shared by most candidates wins;
 * the form title (a one-off, larger style) and table header rows (several phrases on one row) are left out.
 */
import { textOf, type TextLine, type Token } from './layout/text';
import type { Box } from './layout/types';
import type { PageText } from './page-text';

export interface Heading extends Box {
  page: number;
  text: string;
  size: number;
  bold: boolean;
}

/** Named thresholds of the heading test (points are relative to the font size where they say "em"). */
export const HEADING_PARAMS = {
  /** Phrases further apart than this (em) on one row are separate segments (columns). */
  segmentGapEm: 3,
  /** Heading size over body size: at least this unless bold, capitals or numbered, and never under this. */
  largerThanBody: 1.15,
  notSmallerThanBody: 0.95,
  /** At most this many words. */
  maxWords: 10,
  /** Two candidates share a style when their sizes differ by at most this (pt). */
  styleSizeTolerance: 0.6,
  /** A field whose top is within this (em) under a phrase, at the phrase's left edge, is captioned by it. */
  captionGapEm: 0.8,
  /** A field box on the same row within this distance (em) to the right makes the phrase a label. */
  labelReachEm: 25,
};

const NUMBERED =
  /^((\d{1,2}|[IVX]{1,4}|[A-H])[.)]\s+\S|([Ss]ection|SECTION|[Pp]art|PART|[Pp]arte|[Ss]ecci[oó]n)\s+[\dA-Z]+\b)/;
const SECTION_WORD = /^(section|part|parte|secci[oó]n)\s+([\dIVX]+|[A-H]\b)/i;
/** List items: bullets and dashes. */
const BULLET = /^[•◦▪·\-–*]/;
const DATE_HINT = /^[\s(]*(mm|dd|yy|yyyy|aaaa|aa|jj)([\s/.-]+(mm|dd|yy|yyyy|aaaa|aa|jj))+[\s)]*$/i;
const NOT_A_TITLE = /(page \d+|p[aá]gina \d+|\brev\.|·|\bof \d+$|^\W*$)/i;

const words = (s: string): number => s.split(' ').length;
/** Comparison key of a label: lower case, letters and digits only. */
export const foldKey = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** A field's box in the upright page space, with its label's key (foldKey). */
export interface FieldBox extends Box {
  label: string;
}

interface Candidate extends Heading {
  numbered: boolean;
  /** Also reads as a field's caption: it does not vote for the heading style, but may still be a heading. */
  caption: boolean;
}

/** Splits a line's tokens where the gap is wider than `segmentGapEm` (columns of one row). */
export function segments(line: TextLine): Token[][] {
  const out: Token[][] = [];
  for (const t of line.tokens) {
    const cur = out[out.length - 1];
    const prev = cur?.[cur.length - 1];
    if (!prev || t.x1 - prev.x2 > HEADING_PARAMS.segmentGapEm * Math.max(prev.size, t.size)) out.push([t]);
    else cur.push(t);
  }
  return out;
}

function bodySize(pages: PageText[]): number {
  const sizes: number[] = [];
  for (const p of pages) for (const l of p.lines) for (const t of l.tokens) if (t.type === 'text') sizes.push(t.size);
  sizes.sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length / 2)] ?? 10;
}

function candidatesOf(p: PageText, fields: FieldBox[], body: number): Candidate[] {
  const out: Candidate[] = [];
  for (const line of p.lines) {
    const segs = segments(line);
    // A row of three or more phrases is a table header, not a title.
    if (segs.length >= 3) continue;
    for (const seg of segs) {
      if (!seg.every((t) => t.type === 'text')) continue;
      const text = textOf(seg).replace(/\s+/g, ' ').trim();
      const letters = text.replace(/[^\p{L}]/gu, '');
      if (letters.length < 3 || NOT_A_TITLE.test(text) || words(text) > HEADING_PARAMS.maxWords) continue;
      const numbered = NUMBERED.test(text);
      if (BULLET.test(text) || /[:?*_]$/.test(text) || (/\.$/.test(text) && !(numbered && words(text) <= 6))) continue;
      // The caption of a field (its label, printed above or beside it) is not a section title.
      const key = foldKey(text);
      const em = seg[0].size;
      const caption = fields.some(
        (f) =>
          (f.label === key && Math.abs(f.y2 - (seg[0].y1 + seg[0].y2) / 2) < 3 * em) ||
          // A caption printed in the top of a form cell: the field starts right under it, at its left edge.
          (f.y2 <= seg[0].y1 + 2 &&
            seg[0].y1 - f.y2 < HEADING_PARAMS.captionGapEm * em &&
            Math.abs(f.x1 - seg[0].x1) < 6),
      );
      const box: Box = {
        x1: seg[0].x1,
        x2: seg[seg.length - 1].x2,
        y1: Math.min(...seg.map((t) => t.y1)),
        y2: Math.max(...seg.map((t) => t.y2)),
      };
      const size = Math.max(...seg.map((t) => t.size));
      const reach = HEADING_PARAMS.labelReachEm * size;
      const labelOfField = fields.some(
        (f) => f.y1 <= box.y2 && f.y2 >= (box.y1 + box.y2) / 2 - 1 && f.x1 >= box.x1 - 2 && f.x1 - box.x2 < reach,
      );
      if (labelOfField) continue;
      const bold = seg.every((t) => t.bold);
      const caps = letters === letters.toUpperCase() && letters.length >= 4;
      // Section titles are never printed smaller than the body text (format hints, table headers are).
      if (size < HEADING_PARAMS.notSmallerThanBody * body || DATE_HINT.test(text)) continue;
      const larger = size >= HEADING_PARAMS.largerThanBody * body;
      if (bold || larger || numbered || caps) out.push({ ...box, page: p.page, text, size, bold, numbered, caption });
    }
  }
  return out;
}

const styleKey = (c: Candidate): string => `${c.bold ? 'b' : 'r'}${Math.round(c.size * 2) / 2}`;

/** Headings of a document, in page order. `fieldsByPage`: each page's field boxes (upright space). */
export function findHeadings(pages: PageText[], fieldsByPage: Map<number, FieldBox[]>): Heading[] {
  const body = bodySize(pages);
  const all = pages.flatMap((p) => candidatesOf(p, fieldsByPage.get(p.page) ?? [], body));
  if (all.length === 0) return [];
  // The form title sits above every field of its page: it does not vote for the section style.
  const topOfFields = new Map<number, number>();
  for (const [page, boxes] of fieldsByPage) topOfFields.set(page, Math.max(-Infinity, ...boxes.map((b) => b.y2)));
  const voters = all.filter((c) => !c.caption && c.y1 < (topOfFields.get(c.page) ?? Infinity));
  const votes = new Map<string, number>();
  // "Section 2 ..." / "Part I ..." names itself a section: its style counts more.
  const weight = (c: Candidate): number => (SECTION_WORD.test(c.text) ? 3 : 1);
  for (const c of voters.length ? voters : all) votes.set(styleKey(c), (votes.get(styleKey(c)) ?? 0) + weight(c));
  // Ties go to the more emphatic style (bold, then larger).
  const score = (k: string): number => votes.get(k)! + (k.startsWith('b') ? 0.5 : 0) + Number(k.slice(1)) / 1000;
  const best = [...votes.keys()].reduce((a, b) => (score(b) > score(a) ? b : a));
  const model = all.find((c) => styleKey(c) === best)!;
  // A numbered caption ("3. VA FILE NUMBER" over its box) is an item of the form, not a section.
  return all
    .filter(
      (c) =>
        !(c.caption && c.numbered) &&
        c.bold === model.bold &&
        (Math.abs(c.size - model.size) <= HEADING_PARAMS.styleSizeTolerance || (c.numbered && c.size >= model.size)),
    )
    .map(({ numbered: _n, caption: _c, ...h }) => ({ ...h, text: displayTitle(h.text) }));
}

const SMALL_WORDS = new Set(
  'a an and as at by for in of on or the to with de del la las el los y e o en para por con'.split(' '),
);

/** ALL-CAPS titles read as title case ("TODAY'S VISIT" -> "Today's Visit"); other text is kept as printed. */
export function displayTitle(s: string): string {
  const letters = s.replace(/[^\p{L}]/gu, '');
  if (letters !== letters.toUpperCase()) return s;
  return s
    .toLowerCase()
    .split(' ')
    .map((w) => (/^[ivx]+[.:)-]?$/.test(w) && w !== 'i' ? w.toUpperCase() : w))
    .map((w, i) =>
      i > 0 && SMALL_WORDS.has(w)
        ? w
        : w.replace(/^(\P{L}*)(\p{L})/u, (_m, a: string, b: string) => a + b.toUpperCase()),
    )
    .join(' ');
}
