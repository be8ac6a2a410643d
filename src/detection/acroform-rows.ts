/**
 * Separate check boxes printed in a row under one printed question ("Sex: ☐ Male ☐ Female" made as two
 * check box fields) become the options of one question. A row splits into questions where other printed
 * text stands between two options ("Smoker? ☐Y ☐N  Alcohol? ☐Y ☐N").
 */
import type { AcroWidget } from './acroform';
import {
  questionPrompt,
  sameLine,
  typicalSize,
  union,
  type Area,
  type PageText,
  type Phrase,
} from './acroform-page-text';
import { cleanText } from './acroform-words';
import type { DetectedField } from './field-map';
import { choiceMode } from './kinds';

/** A widget with the field it becomes and its box in upright page space. */
export interface Placed {
  w: AcroWidget;
  f: DetectedField;
  box: Area;
}

/** Printed option text of lone check boxes (set while labelling choices), read for row grouping. */
export const printedOption = new WeakMap<Placed, Phrase | null>();

/** Options longer than this are statements ("I agree to ..."), not the options of one question. */
const MAX_OPTION_WORDS = 5;

interface Option {
  p: Placed;
  phrase: Phrase;
  span: Area;
}

export function groupCheckRows(list: Placed[], text: PageText): void {
  const size = typicalSize(text);
  const boxes = [...new Set(list.map((p) => p.box))];
  const lone: Option[] = [];
  for (const p of list) {
    if (p.f.kind !== 'checkbox' || p.f.questionKey) continue;
    const phrase = printedOption.get(p);
    if (!phrase || phrase.words.length > MAX_OPTION_WORDS) continue;
    lone.push({ p, phrase, span: sameLine(p.box, phrase) ? union(p.box, phrase) : p.box });
  }
  const rows: Option[][] = [];
  for (const o of lone.sort((a, b) => a.span.x1 - b.span.x1)) {
    const cy = (o.p.box.y1 + o.p.box.y2) / 2;
    const h = o.p.box.y2 - o.p.box.y1;
    const row = rows.find((r) => Math.abs((r[0].p.box.y1 + r[0].p.box.y2) / 2 - cy) < 0.5 * h);
    if (row) row.push(o);
    else rows.push([o]);
  }
  interface Question {
    options: Option[];
    prompt: string;
    /** The last row's options, which a wrapped next row continues. */
    last: Option[];
  }
  const questions: Question[] = [];
  const cy = (o: Option): number => (o.p.box.y1 + o.p.box.y2) / 2;
  rows.sort((a, b) => cy(b[0]) - cy(a[0]));
  for (const row of rows) {
    for (const segment of segments(row, text, size)) {
      const opts = segment.map((o) => ({ box: o.p.box, phrase: o.phrase }));
      const left = questionPrompt(opts, text, boxes, size, false);
      // A list wrapping onto the next line (no question of its own, right under the previous options).
      const wrapped = left ? undefined : questions.find((q) => continues(q.last, segment, text, size));
      if (wrapped) {
        wrapped.options.push(...segment);
        wrapped.last = segment;
        continue;
      }
      if (segment.length < 2) continue;
      const prompt = left || questionPrompt(opts, text, boxes, size);
      if (prompt) questions.push({ options: [...segment], prompt, last: segment });
    }
  }
  questions.forEach((q, n) => {
    const labels = q.options.map((o) => cleanText(o.phrase.text));
    const key = `acro:row:${q.options[0].p.f.page}:${n + 1}`;
    const mode = choiceMode(q.prompt, '', labels, '');
    const one = mode === 'one' || (mode === 'unknown' && labels.every((l) => l.length <= 2));
    q.options.forEach((o, i) => {
      o.p.f.kind = one ? 'select_one' : 'select_many';
      o.p.f.questionKey = key;
      o.p.f.label = labels[i];
      o.p.f.choiceLabel = labels[i];
      o.p.f.prompt = q.prompt;
    });
  });
}

/** `next` sits right under `prev` (about a line down, overlapping it across the page) with no other text between. */
function continues(prev: Option[], next: Option[], text: PageText, size: number): boolean {
  // Options named by a column header are a grid's cells: each row there is its own question.
  if ([...prev, ...next].some((o) => !sameLine(o.p.box, o.phrase))) return false;
  const top = Math.min(...prev.map((o) => o.p.box.y1));
  const bottom = Math.max(...next.map((o) => o.p.box.y2));
  const h = Math.max(...next.map((o) => o.p.box.y2 - o.p.box.y1), size);
  if (top < bottom - 0.5 || top - bottom > 1.6 * h) return false;
  const x1 = Math.max(Math.min(...prev.map((o) => o.span.x1)), Math.min(...next.map((o) => o.span.x1)));
  const x2 = Math.min(Math.max(...prev.map((o) => o.span.x2)), Math.max(...next.map((o) => o.span.x2)));
  if (x2 <= x1) return false;
  const labels = new Set([...prev, ...next].flatMap((o) => o.phrase.words));
  return !text.lines.some((line) =>
    line.some((w) => !labels.has(w) && (w.y1 + w.y2) / 2 < top && (w.y1 + w.y2) / 2 > bottom && w.x2 > x1 && w.x1 < x2),
  );
}

/** Splits a row where printed text that is no option stands between two options, or the gap is wide. */
function segments(row: Option[], text: PageText, size: number): Option[][] {
  const out: Option[][] = [];
  let cur: Option[] = [];
  for (const o of row) {
    const prev = cur[cur.length - 1];
    if (prev && (o.span.x1 - prev.span.x2 > 15 * size || textBetween(prev.span, o.span, text))) {
      out.push(cur);
      cur = [];
    }
    cur.push(o);
  }
  if (cur.length) out.push(cur);
  return out;
}

function textBetween(a: Area, b: Area, text: PageText): boolean {
  const y1 = Math.min(a.y1, b.y1);
  const y2 = Math.max(a.y2, b.y2);
  return text.lines.some((line) =>
    line.some((w) => w.x1 >= a.x2 - 0.5 && w.x2 <= b.x1 + 0.5 && (w.y1 + w.y2) / 2 > y1 && (w.y1 + w.y2) / 2 < y2),
  );
}
