/** Flat-PDF detector for one page: candidates -> labelled, grouped fields. */
import type { DetectedField, Rect } from '../field-map';
import { textKind } from '../kinds';
import type { Candidate } from './candidate';
import { findCandidates } from './candidates';
import { captionsUnder, splitByCaptions } from './captions';
import { cellGridRows } from './cell-grids';
import { groupChoices } from './choices';
import { findCircleWords } from './circle-words';
import { buildGeometry } from './geometry';
import { findLabel, rowHeader, textTokens } from './labels';
import { buildLines, cleanLabel, isRequiredText } from './text';
import { iou, type PageContent } from './types';
import { LAYOUT_PARAMS as P } from './params';

/** Thresholds of the page's fields (pt unless noted). */
const PAGE_FIELDS = {
  /** Field rects are written rounded to this many per point (0.01 pt). */
  rectPrecision: 100,
  /** IoU: a text candidate overlapping a marker more than this is the marker's (a box drawn around it). */
  markerOverlap: 0.2,
  /** IoU: two text candidates overlapping more than this are one field (the surer one is kept). */
  duplicateOverlap: 0.3,
  /** A circled word overlaps a text candidate when it reaches more than this into its band. */
  circledInset: 2,
  /** A continuation line of a multi-line answer is at most this far under the line above... */
  continuationMaxPitch: 40,
  /** ... and ends within this of it (edges of table rows and columns align within this too). */
  alignTolerance: 3,
  /** A label above may sit this far into the line above (one baseline, a rounding). */
  continuationSlack: 1,
  /** Share of the page height: a full-width rule this near the top or bottom rules off a header or footer. */
  runningMarginShare: 0.1,
  /** A box taller than this takes several lines of writing. */
  multilineMinHeight: 30,
} as const;

export interface PageResult {
  fields: DetectedField[];
  hasText: boolean;
}

function toRect(page: PageContent, c: { x1: number; y1: number; x2: number; y2: number }): Rect {
  const [ax, ay] = page.toUser(c.x1, c.y1);
  const [bx, by] = page.toUser(c.x2, c.y2);
  const r = (v: number): number => Math.round(v * PAGE_FIELDS.rectPrecision) / PAGE_FIELDS.rectPrecision;
  return [r(Math.min(ax, bx)), r(Math.min(ay, by)), r(Math.max(ax, bx)), r(Math.max(ay, by))];
}

/**
 * `candidatesOf` finds the page's candidates: the layout's own by default; a fillable PDF's widgets join them
 * there (acroform-page.ts), so labels, options and questions come from the same stages either way.
 */
export function detectPage(page: PageContent, nextKey: () => string, candidatesOf = findCandidates): PageResult {
  const lines = buildLines(page.glyphs, page.vLines);
  const geo = buildGeometry(page);
  const all = candidatesOf(lines, geo, page.height);
  const markers = all.filter((c) => c.choice);
  // Text candidates: drop those overlapping a marker or a better text candidate.
  const headingBases = lines
    .filter((l) => l.tokens.length > 0 && l.tokens.every((t) => t.type === 'text' && t.bold))
    .map((l) => l.base);
  const sectionStart = (y: number): number => headingBases.filter((h) => h > y).sort((a, b) => a - b)[0] ?? Infinity;
  const circled = findCircleWords(lines, markers, sectionStart);
  const circledBoxes = circled.flatMap((q) => q.options.map((o) => o.box));
  const texts: Candidate[] = [];
  for (const c of all.filter((x) => !x.choice).sort((a, b) => b.confidence - a.confidence)) {
    if (markers.some((m) => iou(m, c) > PAGE_FIELDS.markerOverlap)) continue;
    const inset = PAGE_FIELDS.circledInset;
    if (circledBoxes.some((b) => b.x1 < c.x2 && b.x2 > c.x1 && b.y1 < c.y2 - inset && b.y2 > c.y1 + inset)) continue;
    if (texts.some((t) => iou(t, c) > PAGE_FIELDS.duplicateOverlap)) continue;
    texts.push(c);
  }
  const tokens = textTokens(lines);
  const grids = cellGridRows(texts, tokens);
  const inGrid = new Set(grids.flatMap((g) => g.cells));
  texts.splice(0, texts.length, ...texts.filter((c) => !inGrid.has(c)));
  const headings = lines
    .filter((l) => l.tokens.length > 0 && l.tokens.every((t) => t.type === 'text' && t.bold))
    .map((l) => l.base);
  const sectionOf = (y: number): string => String(headings.filter((h) => h > y).sort((a, b) => a - b)[0] ?? 'top');
  const page1 = page.index + 1;
  const fields: DetectedField[] = [];
  const all2 = [...texts, ...markers];
  const labelled = texts.map((c) => ({ c, hit: findLabel(c, tokens, all2) }));
  // Continuation lines of a multi-line answer repeat the label of the line above (top to bottom, so a stack of
  // lines under one label shares it). A caption under the last line that is the next line's label is not its own.
  const labelsAbove = new Set(labelled.filter((o) => o.hit.where === 'above').map((o) => o.hit.token));
  for (const x of [...labelled].sort((a, b) => b.c.y1 - a.c.y1)) {
    const borrowed = x.hit.where === 'below' && labelsAbove.has(x.hit.token);
    if (x.hit.where !== 'none' && x.hit.where !== 'above' && !borrowed) continue;
    const prev = labelled
      .filter(
        (o) =>
          o !== x &&
          o.c.source === x.c.source &&
          o.c.y1 > x.c.y1 &&
          o.c.y1 - x.c.y1 < PAGE_FIELDS.continuationMaxPitch &&
          Math.abs(o.c.x2 - x.c.x2) < PAGE_FIELDS.alignTolerance &&
          (o.hit.where === 'left' || o.hit.where === 'above'),
      )
      .sort((a, b) => a.c.y1 - b.c.y1)[0];
    const slack = PAGE_FIELDS.continuationSlack;
    if (prev && (x.hit.where !== 'above' || (x.hit.token && prev.hit.token && x.hit.token.y1 >= prev.c.y1 - slack)))
      x.hit = prev.hit;
    else if (borrowed) x.hit = { raw: '', token: null, where: 'none' };
  }
  // Empty rows of a ruled table repeat the column caption printed over its first row (top to bottom).
  for (const x of [...labelled].sort((a, b) => b.c.y1 - a.c.y1)) {
    if (x.hit.where !== 'none' || x.c.source !== 'line') continue;
    const up = labelled.find(
      (o) =>
        o !== x &&
        o.c.source === 'line' &&
        o.c.y1 > x.c.y1 &&
        o.c.y1 - x.c.y1 < P.tableRowMaxPitch &&
        Math.abs(o.c.x1 - x.c.x1) < PAGE_FIELDS.alignTolerance &&
        Math.abs(o.c.x2 - x.c.x2) < PAGE_FIELDS.alignTolerance &&
        o.hit.where === 'above',
    );
    if (up) x.hit = { ...up.hit, where: 'above' };
  }
  const captions = captionsUnder(
    labelled.map((x) => x.c),
    tokens,
    new Set(labelled.filter((x) => x.hit.where === 'left' || x.hit.where === 'inside').map((x) => x.c)),
  );
  const entries = splitByCaptions(labelled, captions);
  for (const { c, hit, caption, captionPrompt, qualifier } of entries) {
    if (caption) {
      hit.where = 'below';
      hit.token = caption;
      hit.raw = caption.text + (isRequiredText(hit.raw) ? '*' : '');
    }
    // A rule across the whole page separates sections or table rows, unless it has a label on its left, or an
    // empty band under a caption or a label above it (not a heading).
    if (
      c.source === 'line' &&
      c.x2 - c.x1 >= P.separatorPageShare * page.width &&
      hit.where !== 'left' &&
      c.widget === undefined
    ) {
      const empty = !tokens.some((t) => t.x1 < c.x2 && t.x2 > c.x1 && t.y1 < c.y2 && t.y2 > c.y1);
      const margin = PAGE_FIELDS.runningMarginShare * page.height;
      const running = c.y1 < margin || c.y1 > page.height - margin;
      if (!empty || running || !(caption || (hit.where === 'above' && !hit.token?.bold))) continue;
    }
    if (c.columnHeader && hit.where !== 'inside') {
      hit.raw = c.columnHeader;
      hit.where = 'column';
    }
    const label = cleanLabel(hit.raw);
    let prompt = qualifier ? `${label}: ${qualifier}` : (caption && captionPrompt) || label;
    if (hit.where === 'column') {
      const rh = rowHeader(c, tokens);
      if (rh) prompt = `${cleanLabel(rh.text)}: ${label}`;
    }
    const kind = textKind(label, c.hint ?? '');
    if (!label) prompt = '';
    const f: DetectedField = {
      kind,
      page: page1,
      rect: toRect(page, c),
      label,
      prompt,
      choiceLabel: null,
      questionKey: null,
      required: isRequiredText(hit.raw),
      confidence: label ? c.confidence : c.confidence * P.unlabelledConfidence,
    };
    if (c.source === 'box' && c.y2 - c.y1 > PAGE_FIELDS.multilineMinHeight) f.multiline = true;
    if (c.combCells) {
      f.combCells = c.combCells;
      f.maxLength = c.combCells;
    }
    fields.push(f);
  }
  for (const ch of groupChoices(markers, tokens, lines, nextKey, sectionOf, texts)) {
    fields.push({
      kind: ch.kind,
      page: page1,
      rect: toRect(page, ch.cand),
      label: ch.label,
      prompt: ch.prompt,
      choiceLabel: ch.kind === 'checkbox' ? null : ch.label,
      questionKey: ch.questionKey,
      required: isRequiredText(ch.promptRaw),
      confidence: ch.label ? ch.cand.confidence : ch.cand.confidence * P.unlabelledConfidence,
      mark: 'check',
      ...(ch.borrowed ? { labelFromAfar: true } : {}),
    });
  }
  for (const g of grids) {
    const key = nextKey();
    // The whole interior of the cell: a tick goes anywhere in it.
    for (const c of g.cells)
      fields.push({
        kind: g.many ? 'select_many' : 'select_one',
        page: page1,
        rect: toRect(page, { ...c, y1: c.cell!.y1 + c.x1 - c.cell!.x1, y2: c.cell!.y2 - c.x1 + c.cell!.x1 }),
        label: c.columnHeader!,
        prompt: g.prompt,
        choiceLabel: c.columnHeader!,
        questionKey: key,
        required: false,
        confidence: c.confidence,
        mark: 'check',
      });
  }
  for (const q of circled) {
    const prompt = cleanLabel(q.promptRaw);
    const kind = q.many ? 'select_many' : 'select_one';
    const key = nextKey();
    for (const o of q.options)
      fields.push({
        kind,
        page: page1,
        rect: toRect(page, o.box),
        label: o.label,
        prompt,
        choiceLabel: o.label,
        questionKey: key,
        required: isRequiredText(q.promptRaw),
        confidence: prompt ? P.circleWordConfidence : P.circleWordConfidence * P.unlabelledConfidence,
        mark: 'circle',
      });
  }
  return { fields, hasText: page.glyphs.length > 0 };
}
