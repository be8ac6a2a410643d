/**
 * Choice markers -> options and questions: option text to the right (or the column header in a table),
 * prompt to the left or above, rows of one question merged, one vs many decided from the wording.
 */
import type { ChoiceMark, FieldKind } from '../../shared/field-map';
import { choiceMode, instructionMode } from '../kinds';
import type { Candidate } from './candidate';
import { COLUMN_HEADER_MAX_RISE, textOf, TOUCH_SLACK, isRequiredText, type TextLine, type Token } from './text';
import type { Box, Segment } from './types';
import { bindFarLeft, bindRow, pageSide, splitPromptOption, toksBetween, type RowBinding } from './bind';
import { textMiddle } from './box-text';
import { COLUMN_LIST_MANY_MIN, regroupColumnLists, type ListQuestion } from './column-lists';
import { centre, COLUMN_ALIGN, columnsOf, cy, gridHeaders, tokenOver } from './grid-headers';
import { LAYOUT_PARAMS as P } from './params';

/** Thresholds of choice rows and their headers (pt unless noted, `Em`: in ems). */
const CHOICE = {
  /** Text is on a marker row when its middle is within half an em (plus the slack) of the row's. */
  rowTextHalfEm: 0.5,
  rowTextSlack: 2,
  /** The em of a row is at least this: tiny markers do not shrink the gaps a binding allows. */
  minRowEm: 6,
  obstacleRowTolerance: 8,
  continuationPitchEm: 3.2,
  continuationMinEm: 9,
  headerMinRise: 2,
  promptAboveMinRise: 2,
  promptAboveMaxRise: 30,
  promptAboveMaxIndent: 40,
  /** A line under this share of the size of a line of blanks at most `captionMaxRiseEm` over it captions them. */
  captionSizeShare: 0.8,
  captionMaxRiseEm: 1.6,
  instructionMaxRise: 200,
  checkListMin: 6,
  /** words: an option this long after a short blank is a statement to initial, when the prompt asks for initials. */
  statementMinWords: 4,
} as const;

/** One question of the page's choice fields, whichever way its options are marked (choice-fields.ts). */
export interface ChoiceQuestion {
  kind: FieldKind;
  prompt: string;
  required: boolean;
  mark: ChoiceMark;
  /** `borrowed`: the option text is a column header found above the marker (its row bound no word), to review. */
  options: Array<{ box: Box; label: string; confidence: number; borrowed?: boolean }>;
}

/** The markers of one row, left to right, with the row's text and its em; `left`..`right`: the cell they are in. */
interface Row {
  y: number;
  items: Candidate[];
  toks: Token[];
  em: number;
  left: number;
  right: number;
}

/** `x1`: where an option starts, its word or its marker, whichever comes first. */
interface Q extends ListQuestion {
  opts: Array<ListQuestion['opts'][number] & { x1: number }>;
  rowY: number;
}

export function groupChoices(
  markers: Candidate[],
  tokens: Token[],
  lines: TextLine[],
  sectionOf: (y: number) => string,
  obstacles: Box[],
  vRules: Segment[],
): ChoiceQuestion[] {
  const rows = markerRows(markers, tokens).flatMap((row) => cellsOf(row, vRules));
  // First pass: the side each clear row binds on, for the rows that are a near tie.
  const prefer = pageSide(rows.map((row) => bindRow(row.items, row.toks, row.em)));
  const questions: Q[] = [];
  let grid = new Map<number, Token>();
  let prevRowQ: Q | null = null;
  for (const [i, row] of rows.entries()) {
    // Each marker with its own word after it (`__ Insomnia  __ Joint pain`) is a list row whatever is printed
    // above its columns, not a grid row.
    const listRow = markerRuns(row).every(([a, b]) => a === b);
    // A grid's rows far under its header line take the headers of the columns they line up with.
    const found = listRow ? null : gridHeaders(row.items, tokens, markers);
    if (found) grid = new Map(row.items.map((m, i) => [centre(m), found[i]]));
    const heads = listRow ? null : (found ?? columnsOf(row.items, grid));
    if (!heads) grid = new Map();
    const runs = heads !== null && !toksBetween(row.toks, -Infinity, row.items[0].x1).length;
    const walls = obstacles.filter((o) => Math.abs(cy(o) - row.y) < CHOICE.obstacleRowTolerance);
    const bound = heads ? null : (bindRow(row.items, row.toks, row.em, prefer) ?? bindFarLeft(row, walls));
    const rowQs = runs ? runQuestions(row, heads) : listQuestions(row, heads, bound, tokens, walls);
    const first = rowQs[0];
    // A row of options without its own prompt continues the list above (in columns: an option starts where one
    // above does, its word or its marker, whichever comes first); two lone boxes are no list unless a question
    // over them asks for one, or the list goes on below them.
    if (
      first?.promptRaw === '' &&
      !first.table &&
      prevRowQ &&
      !prevRowQ.table &&
      (prevRowQ.opts.length + first.opts.length > 2 || ASKS.test(prevRowQ.promptRaw) || listGoesOn(row, rows[i + 1])) &&
      withinPitch(rows[i - 1].y, row) &&
      first.opts.some((o) => prevRowQ!.opts.some((p) => Math.abs(p.x1 - o.x1) < COLUMN_ALIGN))
    ) {
      prevRowQ.opts.push(...first.opts);
      rowQs.shift();
    } else if (first?.promptRaw === '' && (!runs || (found && rowQs.length === 1))) {
      // A lone row of boxes under its own header (`0 1 2 ... 10` over `☐ ☐ ☐`): asked by the line over that header.
      first.promptRaw = promptAbove(row, lines, runs ? heads : []);
    }
    questions.push(...rowQs);
    if (rowQs.length) prevRowQ = rowQs[rowQs.length - 1];
  }
  return kindsOf(regroupColumnLists(questions, lines), lines, sectionOf);
}

/** A prompt that asks for the options under it (`How did you hear about us?`, `Gender:`). */
const ASKS = /[?:]\s*$/;

/** `row` lies within a list's pitch under a row at `prevY`. */
const withinPitch = (prevY: number, row: Pick<Row, 'y' | 'items'>): boolean =>
  prevY - row.y < CHOICE.continuationPitchEm * Math.max(CHOICE.continuationMinEm, row.items[0].size);

/** The row `next` under `row` continues it as a list: no text before its markers, one starting under one of its. */
function listGoesOn(row: Row, next: Row | undefined): boolean {
  if (!next || !withinPitch(row.y, next) || toksBetween(next.toks, -Infinity, next.items[0].x1).length) return false;
  return row.items.some((m) => Math.abs(m.x1 - next.items[0].x1) < COLUMN_ALIGN);
}

/** Markers grouped into rows, top to bottom, with the text on each row. */
function markerRows(markers: Candidate[], tokens: Token[]): Row[] {
  const rows: Array<{ y: number; items: Candidate[] }> = [];
  for (const m of [...markers].sort((a, b) => cy(b) - cy(a) || a.x1 - b.x1)) {
    const r = rows.find((x) => Math.abs(x.y - cy(m)) < P.choiceRowTolerance);
    if (r) r.items.push(m);
    else rows.push({ y: cy(m), items: [m] });
  }
  return rows.map(({ y, items }) => {
    items.sort((a, b) => a.x1 - b.x1);
    const toks = tokens
      .filter((t) => Math.abs(textMiddle(t) - y) < CHOICE.rowTextHalfEm * t.size + CHOICE.rowTextSlack)
      .sort((a, b) => a.x1 - b.x1)
      .flatMap(splitPromptOption);
    const em = Math.max(CHOICE.minRowEm, Math.min(...items.map((m) => m.size)), toks[0]?.size ?? 0);
    return { y, items, toks, em, left: -Infinity, right: Infinity };
  });
}

/**
 * A row in table cells: its markers between the vertical rules around them, split into one row per cell where each
 * cell holds two or more (`SEX ☐M ☐F | MARITAL STATUS ☐S ☐M ☐D ☐W`; a Yes/No grid's cells hold one each).
 */
function cellsOf(row: Row, vRules: Segment[]): Row[] {
  // A wall crosses the row clear of the markers (a widget's own border is no cell wall).
  const clear = (x: number): boolean => !row.items.some((m) => x > m.x1 - TOUCH_SLACK && x < m.x2 + TOUCH_SLACK);
  const walls = vRules.filter((v) => v.y1 < row.y && v.y2 > row.y && clear(v.x1)).map((v) => v.x1);
  const cuts = row.items.flatMap((m, i) => (i && walls.some((x) => x > row.items[i - 1].x2 && x < m.x1) ? [i] : []));
  const parts = [0, ...cuts].map((from, k) => row.items.slice(from, cuts[k] ?? row.items.length));
  const split = parts.length > 1 && parts.every((p) => p.length >= 2);
  return (split ? parts : [row.items]).map((items) => {
    const left = Math.max(...walls.filter((x) => x < items[0].x1));
    const right = Math.min(...walls.filter((x) => x > items[items.length - 1].x2));
    const toks = split ? row.toks.filter((t) => t.x1 >= left && t.x2 <= right) : row.toks;
    return { ...row, items, left, right, toks };
  });
}

/**
 * A grid row whose text follows its markers ("__ __ Diabetes" under "Past Present"): one question per run of
 * markers, named by the text right after the run, its options named by the column headers.
 */
function runQuestions(row: Row, heads: Token[]): Q[] {
  const { items, toks } = row;
  return markerRuns(row).map(([from, to]) => {
    const after = toks.find((t) => t.x1 >= items[to].x2 - TOUCH_SLACK && t.x1 < (items[to + 1]?.x1 ?? Infinity));
    const opts = items.slice(from, to + 1).map((m, k) => ({ cand: m, labelRaw: heads[from + k].text, x1: m.x1 }));
    return { opts, promptRaw: after?.text ?? '', rowY: row.y, table: true };
  });
}

/**
 * A row whose options are named by the words bound beside its markers or, in a table row (no binding), by the
 * column headers: a new question wherever text before a marker prompts it.
 */
function listQuestions(row: Row, heads: Token[] | null, bound: RowBinding | null, tokens: Token[], walls: Box[]): Q[] {
  const labels = bound?.words ?? [];
  const used = new Set(labels);
  const table = bound === null;
  const rowQs: Q[] = [];
  row.items.forEach((m, i) => {
    // A blank or another field between the prompt and the marker ends the prompt ("AGE: ___ GENDER: M☐").
    const before = walls.filter((o) => o.x2 <= m.x1 + TOUCH_SLACK);
    const wall = Math.max(i > 0 ? row.items[i - 1].x2 : -Infinity, ...before.map((o) => o.x2));
    const promptToks = toksBetween(row.toks, wall, m.x1).filter((t) => !used.has(t));
    if (!rowQs.length || promptToks.length > 0)
      rowQs.push({ opts: [], promptRaw: textOf(promptToks), rowY: row.y, table });
    const current = rowQs[rowQs.length - 1];
    let labelRaw = labels[i]?.text ?? '';
    // No grid header line and no word on the row: short text above, a guess to be reviewed (a sentence over
    // the column is an instruction or a title, not a header).
    const rise = [CHOICE.headerMinRise, COLUMN_HEADER_MAX_RISE];
    if (table) labelRaw = heads?.[i].text ?? tokenOver(m, tokens, rise, true, P.columnHeaderMaxWords)?.text ?? '';
    const borrowed = table && !heads && labelRaw !== '';
    current.opts.push({ cand: m, labelRaw, borrowed, x1: Math.min(m.x1, labels[i]?.x1 ?? m.x1) });
  });
  return rowQs;
}

/** Each question's kind (one, many, or a lone check box) from its wording, an instruction over it or its layout. */
function kindsOf(qs: Q[], lines: TextLine[], sectionOf: (y: number) => string): ChoiceQuestion[] {
  const instructions = instructionsOf(qs, lines, sectionOf);
  let initialled: Q | null = null;
  return qs.flatMap((q): ChoiceQuestion[] => {
    const options = q.opts.map((o) => clean(o.labelRaw));
    const marker = ['paren', 'bracket', 'circle'].find((x) => x === q.opts[0].cand.source) ?? 'box';
    // An instruction decides its own list or grid; one further up only questions whose wording does not.
    const own = instructions.get(q);
    const scoped = choiceMode(q.promptRaw, own?.scoped ?? '', options, marker);
    const mode = scoped === 'unknown' ? choiceMode(q.promptRaw, own?.near ?? '', options, marker) : scoped;
    const lone = q.opts.length === 1 && !q.table;
    // A lone small circle with no word beside it is ornament (a bullet, a logo's ring), not a field: its
    // nearest text would be a page title.
    if (q.opts.length === 1 && q.opts[0].cand.source === 'circle' && (q.table || !options[0])) return [];
    // A check list with no wording either way takes several answers: in headed columns, or long and laid out
    // in rows and columns.
    const many =
      mode === 'many' ||
      (mode === 'unknown' &&
        (q.columnList ? q.opts.length >= COLUMN_LIST_MANY_MIN : q.opts.length >= CHOICE.checkListMin && laidOut(q)));
    const prompt = clean(q.promptRaw);
    // Statements to initial: asked for by the prompt, or the next statement down from one (`please initial each`).
    const asked = INITIAL_EACH.test(`${q.promptRaw} ${own?.scoped ?? ''}`) || nextStatement(initialled, q);
    const initials = asked && q.opts.every(initialsBlank);
    initialled = initials ? q : initialled;
    return [
      {
        kind: initials ? 'initials' : lone ? 'checkbox' : many ? 'select_many' : 'select_one',
        // A lone box is named by its own word.
        prompt: lone ? options[0] || prompt : prompt,
        required: isRequiredText(q.promptRaw),
        mark: 'check',
        options: q.opts.map((o, i) => ({
          box: o.cand,
          label: options[i],
          confidence: options[i] ? o.cand.confidence : o.cand.confidence * P.unlabelledConfidence,
          borrowed: o.borrowed,
        })),
      },
    ];
  });
}

/** A prompt or instruction asking to initial statements (`Office Policies (please initial each)`). */
const INITIAL_EACH = /\binitial(s|ed)?\b/i;

/** A short blank before a statement (`_______ I understand that payment is due ...`): where the statement is initialled. */
const initialsBlank = (o: Q['opts'][number]): boolean =>
  ['underscore', 'line'].includes(o.cand.source) && o.labelRaw.trim().split(/\s+/).length >= CHOICE.statementMinWords;

/** `q` is the statement under the last one of `prev`, its blank starting where theirs do. */
const nextStatement = (prev: Q | null, q: Q): boolean =>
  prev !== null &&
  Math.abs(prev.opts[0].cand.x1 - q.opts[0].cand.x1) < COLUMN_ALIGN &&
  withinPitch(cy(prev.opts[prev.opts.length - 1].cand), { y: cy(q.opts[0].cand), items: [q.opts[0].cand] });

const clean = (s: string): string =>
  s
    .replace(/[_]{2,}.*$/, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s*:]+|[\s*:?]+$/g, '')
    .trim() + (s.trim().endsWith('?') ? '?' : '');

/** Index ranges of markers with no text between consecutive ones. */
function markerRuns({ items, toks }: Row): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  items.forEach((m, i) => {
    if (i > 0 && !toksBetween(toks, items[i - 1].x2, m.x1).length) runs[runs.length - 1][1] = i;
    else runs.push([i, i]);
  });
  return runs;
}

function promptAbove(row: Row, lines: TextLine[], heads: Token[] | null = []): string {
  // Over the row's column headers when it has them: they are no prompt.
  const [y, x] = [heads?.length ? Math.max(...heads.map((h) => h.base)) : row.y, row.items[0].x1];
  // Nearest line first: lines are sorted top to bottom.
  for (const l of [...lines].reverse()) {
    if (heads?.some((h) => Math.abs(h.base - l.base) < 1)) continue;
    // In a table, the line's words in the markers' cell (`SEX` over `☐ M  ☐ F`, not its neighbours' captions).
    const toks = l.tokens.filter((t) => t.x2 > row.left && t.x1 < row.right);
    if (l.base <= y + CHOICE.promptAboveMinRise || l.base > y + CHOICE.promptAboveMaxRise || !toks.length) continue;
    if (toks[0].x1 > x + CHOICE.promptAboveMaxIndent || toks.some((t) => t.type !== 'text')) continue;
    // Small print right under a row of blanks captions them (`(Last)  (First)  (MI)`): it asks nothing.
    if (captionLine(l, lines)) continue;
    return textOf(toks);
  }
  return '';
}

/** `l` is small print right under a line of blanks (their captions). */
const captionLine = (l: TextLine, lines: TextLine[]): boolean =>
  lines.some(
    (o) =>
      o.base > l.base &&
      o.base - l.base < CHOICE.captionMaxRiseEm * o.size &&
      l.size < CHOICE.captionSizeShare * o.size &&
      o.tokens.some((t) => t.type === 'blank'),
  );

/** The options of a list sit on several rows and in several columns (`COLUMN_ALIGN`). */
function laidOut(q: { opts: Array<{ cand: Candidate }> }): boolean {
  const distinct = (xs: number[]): number =>
    xs.sort((a, b) => a - b).filter((x, i) => i === 0 || x - xs[i - 1] > COLUMN_ALIGN).length;
  return distinct(q.opts.map((o) => o.cand.x1)) >= 2 && distinct(q.opts.map((o) => o.cand.y1)) >= 2;
}

type Instruction = { scoped: string; near: string };

/**
 * Instruction lines ("Check any that apply", "check one") over choices, per question: `scoped` where the question
 * is the first under the line in its section (with those beside it on that row) or the rest of that one's grid
 * (the further rows of its table, the following questions with the same options); `near` where it is further
 * down within `instructionMaxRise` in the section.
 */
function instructionsOf(qs: Q[], lines: TextLine[], sectionOf: (y: number) => string): Map<Q, Instruction> {
  const below = [...qs].sort((a, b) => b.rowY - a.rowY);
  const optionSet = (q: Q): string => q.opts.map((o) => clean(o.labelRaw)).join('|');
  const out = new Map<Q, Instruction>();
  for (const l of lines) {
    const text = textOf(l.tokens);
    // A question's own prompt (`Race (check all that apply):` over its list) instructs that question alone.
    if (!l.tokens.every((t) => t.type === 'text') || !instructionMode(text) || qs.some((q) => q.promptRaw === text))
      continue;
    const reach = below.filter(
      (q) => q.rowY < l.base && l.base - q.rowY < CHOICE.instructionMaxRise && sectionOf(q.rowY) === sectionOf(l.base),
    );
    let grid = true;
    for (const q of reach) {
      grid &&=
        Math.abs(q.rowY - reach[0].rowY) < P.choiceRowTolerance ||
        (reach[0].table ? q.table : optionSet(q) === optionSet(reach[0]));
      const got = out.get(q) ?? { scoped: '', near: '' };
      got[grid ? 'scoped' : 'near'] += ` ${text}`;
      out.set(q, got);
    }
  }
  return out;
}
