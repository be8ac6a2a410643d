/**
 * The printed words around AcroForm widgets: words grouped into lines, and the phrase printed beside, above,
 * below or inside a widget. Used to give fillable PDFs the meaning their page prints (acroform-meaning.ts).
 * Everything here is in the upright page space of layout extraction (points, y up).
 */
import type { Glyph } from './layout/types';
import { cleanText } from './acroform-words';

export interface Area {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Word extends Area {
  text: string;
  size: number;
  /** Index of the word's line in `PageText.lines` (top to bottom). */
  line: number;
  /** Index of the word in its line (left to right). */
  pos: number;
}

export interface PageText {
  lines: Word[][];
  /** Bounds of each line, to skip lines far from a widget without looking at their words. */
  bounds: Area[];
}

export interface Phrase extends Area {
  text: string;
  words: Word[];
  /** Distance from the widget to the nearest word of the phrase, in points. */
  gap: number;
  /** "line:pos" of the word nearest the widget: one printed phrase binds one widget. */
  key: string;
}

export type Side = 'left' | 'right' | 'above' | 'below' | 'inside';

/** Tuning, in units of the word's font size unless said otherwise. */
const WORD = {
  /** Glyphs further apart than this start a new word (a space is about 0.25 em). */
  splitGap: 0.2,
  /** Words closer than this belong to one phrase ("Marital status"); option words sit further apart. */
  phraseGap: 0.75,
  /** Baselines within this share a line. */
  baselineTolerance: 0.3,
  /** Longest option phrase kept (words). */
  maxWords: 10,
  /** Longest label or question phrase kept (words). */
  maxPromptWords: 30,
};

/** Box and circle glyphs are drawn boxes, not words; blanks (underscores, dot leaders) are not words either. */
const NOT_WORD = /^[\s_.…☐□❑❒■▢◻◼⬜☑☒○◯●◦⚪❍\uF06F\uF0A8\uF071\uF0FE\uF09F\uF0A1-]+$/u;

export function pageText(glyphs: Glyph[]): PageText {
  // Sorted by baseline, top first: a glyph joins the current row when its baseline is within tolerance.
  const sorted = [...glyphs].sort((a, b) => b.base - a.base);
  const rows: Glyph[][] = [];
  let rowBase = NaN;
  for (const g of sorted) {
    if (rows.length && Math.abs(rowBase - g.base) <= Math.max(1, WORD.baselineTolerance * g.size)) {
      rows[rows.length - 1].push(g);
    } else {
      rows.push([g]);
      rowBase = g.base;
    }
  }
  const order = rows.map((_, i) => i);
  const lines: Word[][] = [];
  for (const i of order) {
    const gs = rows[i].sort((a, b) => a.x1 - b.x1);
    const words: Word[] = [];
    let cur: Glyph[] = [];
    const flush = (): void => {
      const text = cur.map((g) => g.ch).join('');
      if (cur.length && !NOT_WORD.test(text) && !/^[[\]()]+$/.test(text)) {
        words.push({
          text,
          size: cur[0].size,
          x1: cur[0].x1,
          x2: cur[cur.length - 1].x2,
          y1: Math.min(...cur.map((g) => g.y1)),
          y2: Math.max(...cur.map((g) => g.y2)),
          line: lines.length,
          pos: words.length,
        });
      }
      cur = [];
    };
    for (const g of gs) {
      const prev = cur[cur.length - 1];
      const separate = /\s/.test(g.ch) || NOT_WORD.test(g.ch) || (prev && NOT_WORD.test(prev.ch));
      if (prev && (separate || g.x1 - prev.x2 > WORD.splitGap * Math.max(g.size, prev.size))) flush();
      if (!/\s/.test(g.ch)) cur.push(g);
    }
    flush();
    if (words.length) lines.push(words);
  }
  const bounds = lines.map((l) => ({
    x1: Math.min(...l.map((w) => w.x1)),
    x2: Math.max(...l.map((w) => w.x2)),
    y1: Math.min(...l.map((w) => w.y1)),
    y2: Math.max(...l.map((w) => w.y2)),
  }));
  return { lines, bounds };
}

function phraseOf(words: Word[], gap: number, anchor: Word): Phrase {
  return {
    text: words.map((w) => w.text).join(' '),
    words,
    gap,
    key: `${anchor.line}:${anchor.pos}`,
    x1: Math.min(...words.map((w) => w.x1)),
    x2: Math.max(...words.map((w) => w.x2)),
    y1: Math.min(...words.map((w) => w.y1)),
    y2: Math.max(...words.map((w) => w.y2)),
  };
}

const endsQuestion = (t: string): boolean => /[:?][*]*$/.test(t);

/** A widget other than `self` lies in the area. */
function blockedBy(widgets: Area[], self: Area, a: Area): boolean {
  return widgets.some((o) => o !== self && o.x1 < a.x2 && o.x2 > a.x1 && o.y1 < a.y2 && o.y2 > a.y1 && o.x2 - o.x1 > 1);
}

export interface BesideOptions {
  /** Furthest gap (points) between the widget and the phrase. */
  maxGap: number;
  /** Option text: a word ending in ':' or '?' is the question, not part of the option. */
  option: boolean;
}

/** The phrase printed on the widget's line, on one side of it, not past another widget. */
export function beside(
  w: Area,
  side: 'left' | 'right',
  text: PageText,
  widgets: Area[],
  o: BesideOptions,
): Phrase | null {
  const cy = (w.y1 + w.y2) / 2;
  let best: Word | null = null;
  let bestGap = Infinity;
  const reach = w.y2 - w.y1 + 2;
  for (const [i, line] of text.lines.entries()) {
    const b = text.bounds[i];
    if (b.y1 > w.y2 + reach || b.y2 < w.y1 - reach) continue;
    for (const word of line) {
      const wy = (word.y1 + word.y2) / 2;
      const h = Math.max(w.y2 - w.y1, word.y2 - word.y1);
      if (Math.abs(wy - cy) > 0.5 * h + 1) continue;
      const gap = side === 'left' ? w.x1 - word.x2 : word.x1 - w.x2;
      if (gap < -1.5 || gap > o.maxGap || gap >= bestGap) continue;
      best = word;
      bestGap = gap;
    }
  }
  if (!best) return null;
  if (o.option && side === 'left' && endsQuestion(best.text)) return null;
  const between: Area =
    side === 'left' ? { x1: best.x2, x2: w.x1, y1: w.y1, y2: w.y2 } : { x1: w.x2, x2: best.x1, y1: w.y1, y2: w.y2 };
  if (bestGap > 1 && blockedBy(widgets, w, between)) return null;
  const line = text.lines[best.line];
  const words = [best];
  const step = side === 'left' ? -1 : 1;
  const most = o.option ? WORD.maxWords : WORD.maxPromptWords;
  for (let k = best.pos + step; k >= 0 && k < line.length && words.length < most; k += step) {
    const next = line[k];
    const edge = side === 'left' ? words[0] : words[words.length - 1];
    const gap = side === 'left' ? edge.x1 - next.x2 : next.x1 - edge.x2;
    if (gap > WORD.phraseGap * Math.max(next.size, edge.size)) break;
    if (side === 'left' && endsQuestion(next.text)) break;
    const span: Area =
      side === 'left'
        ? { x1: next.x2, x2: edge.x1, y1: next.y1, y2: next.y2 }
        : { x1: edge.x2, x2: next.x1, y1: next.y1, y2: next.y2 };
    if (blockedBy(widgets, w, span)) break;
    if (side === 'left') words.unshift(next);
    else words.push(next);
    if (side === 'right' && o.option && endsQuestion(next.text)) break;
  }
  return phraseOf(words, Math.max(0, bestGap), best);
}

/** The phrase on the nearest line above (label over a box, column header) or below (caption under a line). */
export function stacked(
  w: Area,
  side: 'above' | 'below',
  text: PageText,
  widgets: Area[],
  maxGap: number,
  centred = false,
  /** How far left of the widget a phrase may start (points). */
  reach = 12,
): Phrase | null {
  // A column header's words need only reach over the box (a two-word header may straddle it).
  const inColumn = (word: Word): boolean =>
    centred
      ? word.x2 >= w.x1 - 0.75 * (w.x2 - w.x1) - 2 && word.x1 <= w.x2 + 0.75 * (w.x2 - w.x1) + 2
      : word.x2 > w.x1 && word.x1 < w.x2 && word.x1 >= w.x1 - reach;
  let bestLine = -1;
  let bestGap = Infinity;
  for (const [i, line] of text.lines.entries()) {
    const b = text.bounds[i];
    if (side === 'above' ? b.y2 < w.y2 - 20 || b.y1 > w.y2 + maxGap : b.y1 > w.y1 + 20 || b.y2 < w.y1 - maxGap)
      continue;
    for (const word of line) {
      const gap = side === 'above' ? word.y1 - w.y2 : w.y1 - word.y2;
      if (gap < -0.35 * (word.y2 - word.y1) || gap > maxGap || gap >= bestGap) continue;
      if (!inColumn(word)) continue;
      bestLine = word.line;
      bestGap = gap;
    }
  }
  if (bestLine < 0) return null;
  const line = text.lines[bestLine];
  const first = centred
    ? line
        .filter(inColumn)
        .sort(
          (a, b) => Math.abs((a.x1 + a.x2) / 2 - (w.x1 + w.x2) / 2) - Math.abs((b.x1 + b.x2) / 2 - (w.x1 + w.x2) / 2),
        )[0]
    : line.find(inColumn);
  if (!first) return null;
  const vertical: Area =
    side === 'above'
      ? { x1: first.x1, x2: first.x2, y1: w.y2, y2: first.y1 }
      : { x1: first.x1, x2: first.x2, y1: first.y2, y2: w.y1 };
  if (bestGap > 1 && blockedBy(widgets, w, vertical)) return null;
  // Grow the phrase both ways along its line while the words stay close.
  let a = first.pos;
  let b = first.pos;
  const close = (l: Word, r: Word): boolean => r.x1 - l.x2 <= WORD.phraseGap * Math.max(l.size, r.size);
  const most = centred ? WORD.maxWords : WORD.maxPromptWords;
  while (b + 1 < line.length && b - a + 1 < most && close(line[b], line[b + 1])) b++;
  while (centred && a > 0 && b - a + 1 < most && close(line[a - 1], line[a])) a--;
  const words = line.slice(a, b + 1);
  if (centred && side === 'above') words.unshift(...headerLinesAbove(words, text));
  return phraseOf(words, Math.max(0, bestGap), first);
}

/** A column header printed on two or three lines ("More than half" / "the days"): the lines above, centred alike. */
function headerLinesAbove(words: Word[], text: PageText): Word[] {
  const out: Word[] = [];
  let top = words;
  for (let k = 0; k < 2; k++) {
    const cx = (Math.min(...top.map((w) => w.x1)) + Math.max(...top.map((w) => w.x2))) / 2;
    const size = top[0].size;
    const y = Math.max(...top.map((w) => w.y2));
    const line = text.lines[top[0].line - 1];
    if (!line) break;
    const near = line.filter((w) => w.y1 - y >= -0.2 * size && w.y1 - y <= 0.6 * size);
    if (!near.length) break;
    const x1 = Math.min(...near.map((w) => w.x1));
    const x2 = Math.max(...near.map((w) => w.x2));
    const spread = Math.max(...top.map((w) => w.x2)) - Math.min(...top.map((w) => w.x1));
    // Only the words centred over this header (other columns' headers sit on the same line).
    const mine = near.filter((w) => Math.abs((w.x1 + w.x2) / 2 - cx) <= Math.max(spread, x2 - x1) / 2 + size);
    const mx = mine.length ? (Math.min(...mine.map((w) => w.x1)) + Math.max(...mine.map((w) => w.x2))) / 2 : NaN;
    if (!mine.length || Math.abs(mx - cx) > Math.max(0.6 * size, 0.2 * spread)) break;
    out.unshift(...mine);
    top = mine;
  }
  return out;
}

/** Text printed inside a tall widget's top part (a caption in the corner of a boxed cell). */
export function inside(w: Area, text: PageText): Phrase | null {
  for (const [i, line] of text.lines.entries()) {
    const b = text.bounds[i];
    if (b.y1 > w.y2 + 1 || b.y2 < w.y1 - 1) continue;
    const words = line.filter((x) => x.x1 >= w.x1 - 1 && x.x2 <= w.x2 + 1 && x.y1 >= w.y1 - 1 && x.y2 <= w.y2 + 1);
    if (!words.length) continue;
    const size = words[0].size;
    if (w.y2 - w.y1 < 1.7 * size || words[0].y1 < (w.y1 + w.y2) / 2) return null;
    return phraseOf(words.slice(0, WORD.maxWords), 0, words[0]);
  }
  return null;
}

/**
 * The printed question of a set of options: the words left of the first option on its line ("Sex:"),
 * else the line just above the options.
 */
export function questionPrompt(
  options: Array<{ box: Area; phrase: Phrase | null }>,
  text: PageText,
  boxes: Area[],
  size: number,
  /** Also look at the line above the options (else only left of the first one). */
  lookAbove = true,
): string {
  if (!options.length) return '';
  const first = [...options].sort((a, b) => b.box.y2 - a.box.y2 || a.box.x1 - b.box.x1)[0];
  const anchor = sameLine(first.box, first.phrase) ? union(first.box, first.phrase!) : first.box;
  // Row headers of grids sit far left of the first box.
  const left = beside(anchor, 'left', text, boxes, { maxGap: 40 * size, option: false });
  const labels = new Set(options.map((o) => (o.phrase ? o.phrase.key : '')));
  if (left && !labels.has(left.key)) return cleanText(`${left.text} ${wrappedBelow(left, text, boxes, anchor.x1)}`);
  if (!lookAbove) return '';
  const all = options.reduce<Area>(
    (a, o) => union(a, sameLine(o.box, o.phrase) ? union(o.box, o.phrase!) : o.box),
    anchor,
  );
  const above = stacked(all, 'above', text, boxes, 1.8 * size, false, 8 * size);
  return above && !labels.has(above.key) ? cleanText(above.text) : '';
}

/**
 * The rest of a question that wraps under itself ("Little interest or pleasure in doing" / "things"): the next
 * line starting at the same left edge, close below, with no box on it, and ending before the options.
 */
function wrappedBelow(p: Phrase, text: PageText, boxes: Area[], optionsX: number): string {
  const line = text.lines[p.words[0].line + 1];
  const b = text.bounds[p.words[0].line + 1];
  if (!line || !b) return '';
  const size = p.words[0].size;
  if (Math.abs(line[0].x1 - p.x1) > 2 || p.y1 - b.y2 > 0.6 * size || b.x2 >= optionsX) return '';
  if (boxes.some((x) => x.y1 < b.y2 && x.y2 > b.y1)) return '';
  return line.map((w) => w.text).join(' ');
}

/** The phrase is printed on the box's line (not a column header above it). */
export function sameLine(box: Area, phrase: Phrase | null): boolean {
  return phrase !== null && phrase.y1 < box.y2 && phrase.y2 > box.y1;
}

export function union(a: Area, b: Area): Area {
  return { x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1), x2: Math.max(a.x2, b.x2), y2: Math.max(a.y2, b.y2) };
}

/** Median font size of the page's words (10 pt when none). */
export function typicalSize(text: PageText): number {
  const sizes = text.lines
    .flat()
    .map((w) => w.size)
    .sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length / 2)] ?? 10;
}
