/**
 * Choice markers -> options and questions: option text to the right (or the column header in a table),
 * prompt to the left or above, rows of one question merged, one vs many decided from the wording.
 */
import type { FieldKind } from '../field-map';
import { choiceMode } from '../kinds';
import type { Candidate } from './candidates';
import type { TextLine, Token } from './text';
import type { Box } from './types';
import { bindRow, pageSide, splitPromptOption } from './bind';
import { LAYOUT_PARAMS as P } from './params';

export interface ChoiceOut {
  cand: Candidate;
  kind: FieldKind;
  label: string;
  labelRaw: string;
  prompt: string;
  promptRaw: string;
  questionKey: string | null;
}

interface Row {
  y: number;
  items: Candidate[];
}

const cy = (b: { y1: number; y2: number }): number => (b.y1 + b.y2) / 2;

function rowTokens(tokens: Token[], y: number): Token[] {
  return tokens.filter((t) => Math.abs(t.base + 0.3 * t.size - y) < 0.5 * t.size + 2).sort((a, b) => a.x1 - b.x1);
}

export function groupChoices(
  markers: Candidate[],
  tokens: Token[],
  lines: TextLine[],
  nextKey: () => string,
  sectionOf: (y: number) => string,
  obstacles: Box[] = [],
): ChoiceOut[] {
  const rows: Row[] = [];
  for (const m of [...markers].sort((a, b) => cy(b) - cy(a) || a.x1 - b.x1)) {
    const r = rows.find((x) => Math.abs(x.y - cy(m)) < P.choiceRowTolerance);
    if (r) r.items.push(m);
    else rows.push({ y: cy(m), items: [m] });
  }
  interface Q {
    opts: Array<{ cand: Candidate; labelRaw: string }>;
    promptRaw: string;
    marker: string;
    rowY: number;
    x1s: number[];
    table: boolean;
  }
  const questions: Q[] = [];
  // First pass: the side each clear row binds on, for the rows that are a near tie.
  const prefer = pageSide(
    rows.map((row) => {
      const items = [...row.items].sort((a, b) => a.x1 - b.x1);
      const toks = rowTokens(tokens, row.y).flatMap(splitPromptOption);
      return bindRow(items, toks, Math.max(6, Math.min(...items.map((m) => m.size)), toks[0]?.size ?? 0));
    }),
  );
  let prevRowQ: Q | null = null;
  let prevRowY = Infinity;
  for (const row of rows) {
    row.items.sort((a, b) => a.x1 - b.x1);
    const toks = rowTokens(tokens, row.y).flatMap(splitPromptOption);
    const em = Math.max(6, Math.min(...row.items.map((m) => m.size)), toks[0]?.size ?? 0);
    const heads = gridHeaders(row.items, tokens, markers);
    const binding = heads ? null : bindRow(row.items, toks, em, prefer);
    const labels = binding?.words ?? row.items.map(() => null);
    const used = new Set<Token>(labels.filter((t): t is Token => t !== null));
    const table = binding === null;
    let current: Q | null = null;
    const rowQs: Q[] = [];
    if (heads && !toks.some((t) => t.x2 <= row.items[0].x1 + 1)) {
      // A grid whose row text follows its markers ("__ __ Diabetes" under "Past Present"): one question per
      // run of markers, named by the text right after the run.
      for (const [from, to] of markerRuns(row.items, toks)) {
        const after = toks.find((t) => t.x1 >= row.items[to].x2 - 1 && t.x1 < (row.items[to + 1]?.x1 ?? Infinity));
        rowQs.push({
          opts: row.items.slice(from, to + 1).map((m, k) => ({ cand: m, labelRaw: heads[from + k].text })),
          promptRaw: after?.text ?? '',
          marker: row.items[from].source,
          rowY: row.y,
          x1s: row.items.slice(from, to + 1).map((m) => m.x1),
          table: true,
        });
      }
      questions.push(...rowQs);
      prevRowQ = rowQs[rowQs.length - 1] ?? prevRowQ;
      prevRowY = row.y;
      continue;
    }
    row.items.forEach((m, i) => {
      const prevX = i > 0 ? row.items[i - 1].x2 : -Infinity;
      // A blank or another field between the prompt and the marker ends the prompt ("AGE: ___ GENDER: M☐").
      const wall = Math.max(
        prevX,
        ...obstacles.filter((o) => o.x2 <= m.x1 + 1 && Math.abs(cy(o) - row.y) < 8).map((o) => o.x2),
      );
      const promptToks = toks.filter((t) => !used.has(t) && t.x2 <= m.x1 + 1 && t.x1 >= wall - 1);
      if (!current || promptToks.length > 0) {
        current = {
          opts: [],
          promptRaw: promptToks.map((t) => t.text).join(' '),
          marker: m.source,
          rowY: row.y,
          x1s: [],
          table,
        };
        rowQs.push(current);
      }
      let labelRaw = labels[i]?.text ?? '';
      if (table) labelRaw = heads?.[i].text ?? columnHeader(m, tokens)?.text ?? '';
      current.opts.push({ cand: m, labelRaw });
      current.x1s.push(m.x1);
    });
    // A row of options without its own prompt continues the question above (lists in columns).
    const first = rowQs[0];
    if (
      first &&
      !first.promptRaw &&
      !table &&
      prevRowQ &&
      !prevRowQ.table &&
      prevRowY - row.y < 3.2 * Math.max(9, row.items[0].size) &&
      first.x1s.some((x) => prevRowQ!.x1s.some((p) => Math.abs(p - x) < 3))
    ) {
      prevRowQ.opts.push(...first.opts);
      prevRowQ.x1s.push(...first.x1s);
      rowQs.shift();
    } else if (first && !first.promptRaw) {
      first.promptRaw = promptAbove(row.y, row.items[0].x1, lines);
    }
    questions.push(...rowQs);
    if (rowQs.length) prevRowQ = rowQs[rowQs.length - 1];
    prevRowY = row.y;
  }
  const out: ChoiceOut[] = [];
  for (const q of questions) {
    const options = q.opts.map((o) => clean(o.labelRaw));
    const instruction = instructionFor(q.rowY, lines, sectionOf);
    const mode = choiceMode(
      q.promptRaw,
      instruction,
      options,
      q.opts[0].cand.source === 'paren'
        ? 'paren'
        : q.marker === 'bracket'
          ? 'bracket'
          : q.marker === 'circle'
            ? 'circle'
            : 'box',
    );
    const lone = q.opts.length === 1 && !q.table;
    // A lone small circle with no word beside it is ornament (a bullet, a logo's ring), not a field: its
    // nearest text would be a page title.
    if (q.opts.length === 1 && q.opts[0].cand.source === 'circle' && (q.table || !clean(q.opts[0].labelRaw))) continue;
    const kind: FieldKind = lone ? 'checkbox' : mode === 'many' ? 'select_many' : 'select_one';
    const key = lone ? null : nextKey();
    for (const o of q.opts) {
      const label = clean(o.labelRaw);
      out.push({
        cand: o.cand,
        kind,
        label,
        labelRaw: o.labelRaw,
        prompt: lone ? label || clean(q.promptRaw) : clean(q.promptRaw),
        promptRaw: q.promptRaw,
        questionKey: key,
      });
    }
  }
  return out;
}

function clean(s: string): string {
  return (
    s
      .replace(/[_]{2,}.*$/, '')
      .replace(/\s+/g, ' ')
      .replace(/^[\s*:]+|[\s*:?]+$/g, '')
      .trim() + (s.trim().endsWith('?') ? '?' : '')
  );
}

function columnHeader(m: Candidate, tokens: Token[]): Token | null {
  let best: Token | null = null;
  const cx = (m.x1 + m.x2) / 2;
  for (const t of tokens) {
    if (t.y1 < m.y2 + 2 || t.y1 > m.y2 + 160) continue;
    if (cx < t.x1 - 4 || cx > t.x2 + 4) continue;
    // A header is a few words; a sentence over the column is an instruction or a title.
    if (t.text.trim().split(/\s+/).length > P.columnHeaderMaxWords) continue;
    if (!best || t.y1 > best.y1) best = t;
  }
  // The header is the top of the column: climb while headers of other rows are markers' labels.
  return best;
}

/**
 * Column headers of a grid row: each marker has its own short header word on one header line just above
 * (a line with no markers of its own), distinct from the others'. Null when the row is not such a row.
 */
function gridHeaders(items: Candidate[], tokens: Token[], markers: Candidate[]): Token[] | null {
  if (items.length < 2) return null;
  const heads: Token[] = [];
  for (const m of items) {
    const c = (m.x1 + m.x2) / 2;
    let best: Token | null = null;
    for (const t of tokens) {
      if (t.y1 < m.y2 - 1 || t.y1 > m.y2 + P.gridHeaderMaxRise || c < t.x1 - 4 || c > t.x2 + 4) continue;
      if (!best || t.y1 < best.y1) best = t;
    }
    if (!best || best.text.trim().split(/\s+/).length > 3) return null;
    // A header wrapped over two or three lines ("MORE THAN HALF" over "THE DAYS").
    let top = best;
    let text = best.text;
    for (let k = 0; k < 2; k++) {
      const up = tokens.find(
        (t) => t.y1 >= top.y2 - 1 && t.y1 - top.y2 < 0.6 * top.size && t.x1 < top.x2 && t.x2 > top.x1,
      );
      if (!up || up.text.trim().split(/\s+/).length > 3) break;
      text = `${up.text} ${text}`;
      top = up;
    }
    heads.push({ ...best, text });
  }
  const base = heads[0].base;
  if (new Set(heads.map((h) => h.x1)).size !== heads.length || heads.some((h) => Math.abs(h.base - base) > 2))
    return null;
  if (markers.some((m) => Math.abs(cy(m) - (base + 3)) < 5)) return null;
  return heads;
}

/** Index ranges of markers with no text between consecutive ones. */
function markerRuns(items: Candidate[], toks: Token[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let from = 0;
  for (let i = 1; i <= items.length; i++) {
    const gapText = i < items.length && toks.some((t) => t.x1 >= items[i - 1].x2 - 1 && t.x2 <= items[i].x1 + 1);
    if (i === items.length || gapText) {
      runs.push([from, i - 1]);
      from = i;
    }
  }
  return runs;
}

function promptAbove(y: number, x: number, lines: TextLine[]): string {
  // Nearest line first: lines are sorted top to bottom.
  for (const l of [...lines].reverse()) {
    if (l.base <= y + 2 || l.base > y + 30) continue;
    if (l.tokens.some((t) => t.type !== 'text')) continue;
    if (l.x1 > x + 40) continue;
    return l.tokens.map((t) => t.text).join(' ');
  }
  return '';
}

function instructionFor(y: number, lines: TextLine[], sectionOf: (y: number) => string): string {
  const sec = sectionOf(y);
  return lines
    .filter(
      (l) => l.base > y && l.base < y + 200 && sectionOf(l.base) === sec && l.tokens.every((t) => t.type === 'text'),
    )
    .map((l) => l.tokens.map((t) => t.text).join(' '))
    .filter((s) => /(check|select|mark|tick|apply|circle)/i.test(s))
    .join(' ');
}
