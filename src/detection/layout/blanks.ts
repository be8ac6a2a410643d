/**
 * Fields with no box of their own, found from the text and rules around the empty space they occupy:
 * - dash rows: a blank split into parts by short thick dashes (SSN "___ - __ - ____", dates, phone numbers);
 * - label blanks: a short label followed by empty space up to the next label, a vertical rule or the end
 *   of the rule under the row.
 * Run after the boxed candidates: nothing here may overlap an existing candidate.
 */
import type { Candidate } from './candidates';
import type { Geometry } from './geometry';
import type { TextLine, Token } from './text';
import { boxW, type Box, type Segment } from './types';

const intersects = (a: Box, b: Box, pad = 0): boolean =>
  a.x1 < b.x2 - pad && a.x2 > b.x1 + pad && a.y1 < b.y2 - pad && a.y2 > b.y1 + pad;

/** A short thick horizontal stroke standing for a printed dash between the parts of a number. */
export function findDashes(geo: Geometry): Segment[] {
  return geo.hLines.filter((s) => s.x2 - s.x1 >= 4 && s.x2 - s.x1 <= 11 && s.width >= 1);
}

interface Ctx {
  tokens: Token[];
  geo: Geometry;
  taken: Box[];
  /** Choice markers and text fields found before (a label of theirs is not a label of a blank). */
  choices: Candidate[];
  fields: Candidate[];
  /** Page height (0: unknown). */
  height: number;
}

/** Nearest vertical rule to the right of x crossing the band [y1, y2]. */
function vRight(geo: Geometry, x: number, y1: number, y2: number): number {
  let best = Infinity;
  for (const v of geo.vLines) if (v.x1 > x + 1 && v.x1 < best && v.y1 <= y1 + 2 && v.y2 >= y2 - 2) best = v.x1;
  return best;
}

function vLeft(geo: Geometry, x: number, y1: number, y2: number): number {
  let best = -Infinity;
  for (const v of geo.vLines) if (v.x1 < x - 1 && v.x1 > best && v.y1 <= y1 + 2 && v.y2 >= y2 - 2) best = v.x1;
  return best;
}

const free = (ctx: Ctx, b: Box): boolean =>
  boxW(b) > 3 &&
  !ctx.tokens.some((t) => intersects(t, b, 1)) &&
  !ctx.taken.some((o) => intersects(o, b, 1)) &&
  !ctx.geo.hLines.some((s) => s.y1 > b.y1 + 2 && s.y1 < b.y2 - 2 && s.x1 < b.x2 - 2 && s.x2 > b.x1 + 2);

const blank = (b: Box, confidence: number, base: number): Candidate => ({
  ...b,
  source: 'line',
  choice: false,
  base,
  size: 9,
  confidence,
});

/**
 * Rows of short dashes with empty space between and around them: one field per part. The last part has
 * no right edge of its own: it is sized like the longer group of digits that usually ends such numbers.
 */
function dashRows(ctx: Ctx, dashes: Segment[]): Candidate[] {
  const out: Candidate[] = [];
  const rows: Segment[][] = [];
  for (const d of [...dashes].sort((a, b) => a.x1 - b.x1)) {
    const r = rows.find((x) => {
      const gap = d.x1 - x[x.length - 1].x2;
      return Math.abs(x[0].y1 - d.y1) < 1.5 && gap > 8 && gap < 160;
    });
    if (r) r.push(d);
    else rows.push([d]);
  }
  for (const row of rows) {
    row.sort((a, b) => a.x1 - b.x1);
    const y = row[0].y1;
    const y1 = y - 8;
    const y2 = y + 8.5;
    const band = (x1: number, x2: number): Box => ({ x1, x2, y1, y2 });
    const parts: Box[] = [];
    for (let i = 0; i + 1 < row.length; i++) parts.push(band(row[i].x2 + 4, row[i + 1].x1 - 4));
    // First part: from the label (or the rule) on the left up to the first dash.
    const first = row[0];
    const leftTok = ctx.tokens
      .filter((t) => t.x2 <= first.x1 && t.base > y1 - 2 && t.base < y2 - 4)
      .sort((a, b) => b.x2 - a.x2)[0];
    const leftEdge = Math.max(leftTok ? leftTok.x2 + 6 : -Infinity, vLeft(ctx.geo, first.x1, y1, y2) + 4);
    const mid = parts.length ? parts.reduce((a, p) => a + boxW(p), 0) / parts.length : 0;
    let x0 = leftEdge;
    const maxFirst = mid ? Math.max(60, mid * 2.5) : 120;
    if (!Number.isFinite(x0) || first.x1 - 4 - x0 > maxFirst) x0 = first.x1 - 4 - (mid || 50);
    const head = band(x0, first.x1 - 4);
    // Last part: sized from the middle parts (or the first), cut at the next obstacle.
    const last = row[row.length - 1];
    const width = mid ? 1.6 * mid : 0.8 * boxW(head);
    const nextTok = ctx.tokens
      .filter((t) => t.x1 >= last.x2 && t.base > y1 - 2 && t.base < y2 - 4)
      .sort((a, b) => a.x1 - b.x1)[0];
    const stop = Math.min(nextTok ? nextTok.x1 - 5 : Infinity, vRight(ctx.geo, last.x2, y1, y2) - 4);
    const tail = band(last.x2 + 4, Math.min(stop, last.x2 + 4 + width));
    const all = [head, ...parts, tail];
    if (all.some((p) => boxW(p) < 8 || boxW(p) > 250)) continue;
    // Every part must be empty: a dash inside running text is punctuation, not a blank.
    if (!all.every((p) => !ctx.tokens.some((t) => intersects(t, p, 1)))) continue;
    for (const p of all) {
      if (ctx.taken.some((o) => intersects(o, p, 1))) continue;
      out.push(blank(p, 0.6, y1 + 2));
    }
  }
  return out;
}

const LABELISH = /[A-Za-z]/;
const NUMBERED = /^\(?\d{1,2}[A-Za-z]?(\.\d+)?[.)]\s*[A-Za-z]/;

/**
 * A short label followed by empty space on its row: the space up to the next label, vertical rule or the
 * end of the rule under the row is the field. Only inside ruled regions (a rule under the row or a box
 * around the label), so running text that ends early is not taken for a form.
 */
function labelBlanks(ctx: Ctx, lines: TextLine[], dashes: Segment[]): Candidate[] {
  const out: Candidate[] = [];
  for (const l of lines) {
    const toks = l.tokens;
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i];
      if (t.type !== 'text' || t.bold || !LABELISH.test(t.text) || t.size > 12 || t.size < 5) continue;
      // The last line of a paragraph or of an address block ends early; that is not a blank.
      if (
        lines.some(
          (o) =>
            o !== l &&
            o.base > t.base &&
            o.base - t.base < 1.6 * t.size &&
            o.tokens.some((k) => k.type === 'text' && Math.abs(k.x1 - t.x1) < 3),
        )
      )
        continue;
      // An option's text (a marker just before it) or a question whose options or blank sit below.
      const prev = toks[i - 1];
      if (prev && prev.type !== 'text' && prev.type !== 'blank' && t.x1 - prev.x2 < 2 * t.size) continue;
      if (ctx.choices.some((m) => m.x2 <= t.x1 + 1 && t.x1 - m.x2 < 2 * t.size && Math.abs(m.y1 - t.y1) < t.size))
        continue;
      // The label of a field or option list right under it ("If yes, list:" above a blank).
      if (
        [...ctx.choices, ...ctx.fields].some(
          (m) =>
            m.y2 <= t.base + 1 &&
            m.y2 > t.base - 24 &&
            Math.abs(m.x1 - t.x1) < 15 &&
            m.y1 < t.base - 3 &&
            !m.innerLabel,
        )
      )
        continue;
      const words = t.text.trim().split(/\s+/);
      if (words.length > 7 || t.text.length > 48) continue;
      if (/[.!?;]$/.test(t.text.trim()) && words.length > 3) continue;
      // A numbered item caption ("12A. PROVIDER NAME") heads a box: its field is under it, not beside it.
      if (NUMBERED.test(t.text)) continue;
      // Running headers and footers ("Form 1040 (2024)", "Page 6") sit on rules in the page margins.
      if (ctx.height > 0 && (t.base < 45 || t.base > ctx.height - 45)) continue;
      const base = t.base;
      // The caption of a box (first line at its top-left, empty space under it): the field is below.
      const home = ctx.geo.cells
        .filter((c) => c.x1 <= t.x1 + 1 && c.x2 >= t.x2 - 1 && c.y1 <= t.y1 + 1 && c.y2 >= t.y2 - 1)
        .sort((a, b) => boxW(a) * (a.y2 - a.y1) - boxW(b) * (b.y2 - b.y1))[0];
      if (
        home &&
        home.y2 - t.y2 < 10 &&
        t.y1 - home.y1 >= 14 &&
        !ctx.tokens.some((k) => k !== t && k.x1 < home.x2 && k.x2 > home.x1 && k.y2 < t.y1 - 1 && k.y1 > home.y1)
      )
        continue;
      let y1 = base - 6;
      let y2 = base + 10.5;
      // Rules just under / over the row bound the field.
      const under = ctx.geo.hLines
        .filter((s) => s.y1 <= base - 1 && s.y1 >= base - 9 && s.x1 <= t.x2 + 2 && s.x2 >= t.x2 + 30)
        .sort((a, b) => b.y1 - a.y1)[0];
      if (under) y1 = Math.max(y1, under.y1 + 0.5);
      const over = ctx.geo.hLines
        .filter((s) => s.y1 >= base + 5 && s.y1 <= y2 + 2 && s.x1 <= t.x2 + 2 && s.x2 >= t.x2 + 30)
        .sort((a, b) => a.y1 - b.y1)[0];
      if (over) y2 = Math.min(y2, over.y1 - 0.5);
      const next = toks[i + 1];
      let stop = Math.min(next ? next.x1 - 6 : Infinity, vRight(ctx.geo, t.x2, base, base + 6) - 4);
      for (const d of dashes) if (Math.abs(d.y1 - (base + 3)) < 6 && d.x1 > t.x2) stop = Math.min(stop, d.x1 - 4);
      // Other content further right on the band (text of another line, a box).
      for (const o of [...ctx.tokens, ...ctx.taken])
        if (o.x1 > t.x2 + 1 && o.y1 < y2 - 1 && o.y2 > y1 + 1) stop = Math.min(stop, o.x1 - 6);
      const closedByRule = !Number.isFinite(stop);
      if (closedByRule) {
        // No right neighbour: the end of the rule under the row closes the field.
        const rule = ctx.geo.hLines
          .filter((s) => s.y1 <= base && s.y1 >= base - 22 && s.x1 <= t.x1 + 2 && s.x2 >= t.x2 + 30)
          .sort((a, b) => b.y1 - a.y1)[0];
        if (!rule) continue;
        stop = rule.x2 - 4;
      }
      // A row header of a table, or a label in its own cell: its field is in the next cell.
      const wall = vRight(ctx.geo, t.x2, base, base + 6);
      if (
        stop >= wall - 5 &&
        [...ctx.choices, ...ctx.fields].some(
          (m) => m.x1 >= wall - 2 && m.x1 < wall + 60 && m.y1 < base + 8 && m.y2 > base,
        )
      )
        continue;
      // Text in a table cell with more cells beside it: the rest of its cell is not a blank.
      if (
        stop >= wall - 5 &&
        ctx.geo.cells.some((c) => Math.abs(c.x1 - wall) < 2 && c.y1 <= base + 2 && c.y2 >= base + 4 && c.x2 - c.x1 > 12)
      )
        continue;
      const x1 = t.x2 + 8;
      if (stop - x1 < 24) continue;
      // A question followed by its answer markers (a rating-scale row) has no blank.
      if (ctx.choices.some((m) => m.x1 > t.x2 && m.x1 < stop + 14 && m.y1 < y2 && m.y2 > y1)) continue;
      const inCell = ctx.geo.cells.some((c) => c.x1 <= t.x1 && c.x2 >= stop && c.y1 <= base - 3 && c.y2 >= base + 6);
      const ruleBelow = ctx.geo.hLines.some(
        (s) => s.y1 < base && s.y1 > base - 16 && s.x1 <= x1 + 2 && s.x2 >= stop - 2 && s.width < 3,
      );
      // A heading over a free rule is not a label: a field closed only by a rule's end needs a box around it.
      if (!inCell && (closedByRule || !ruleBelow)) continue;
      const b: Box = { x1, y1, x2: stop, y2 };
      if (b.y2 - b.y1 < 8 || !free(ctx, b)) continue;
      out.push(blank(b, 0.55, base));
    }
  }
  return out;
}

/**
 * New candidates, and the box candidates they replace: a box whose interior holds a dash row is the
 * cell around several parts, not a field itself.
 */
export function findBlanks(
  lines: TextLine[],
  geo: Geometry,
  existing: Candidate[],
  height = 0,
): { add: Candidate[]; drop: Set<Candidate> } {
  const tokens = lines.flatMap((l) => l.tokens);
  const ctx: Ctx = {
    tokens,
    geo,
    taken: existing.filter((c) => c.source !== 'box'),
    choices: existing.filter((c) => c.choice),
    fields: existing.filter((c) => !c.choice),
    height,
  };
  const dashes = findDashes(geo);
  const a = dashRows(ctx, dashes);
  const drop = new Set<Candidate>();
  for (const c of existing) {
    if (c.source !== 'box') continue;
    if (a.some((p) => intersects(c, p, 1))) drop.add(c);
  }
  ctx.taken = [...existing.filter((c) => !drop.has(c)), ...a];
  const b = labelBlanks(ctx, lines, dashes);
  return { add: [...a, ...b], drop };
}
