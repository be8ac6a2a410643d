/**
 * Meaning of a fillable PDF's fields: the widgets are the boxes, the printed page is the meaning.
 * Labels, prompts and choice labels come from the page text around each widget first, then from the
 * form's own words (/TU tooltip, /Opt export values, on-state and field names) when they say something.
 */
import type { AcroWidget } from './acroform';
import {
  beside,
  inside,
  pageText,
  questionPrompt,
  stacked,
  typicalSize,
  type Area,
  type PageText,
  type Phrase,
} from './acroform-page-text';
import { groupCheckRows, printedOption, type Placed } from './acroform-rows';
import type { DetectedField, FieldKind } from './field-map';
import { isDateText } from './kinds';
import type { PageContent } from './layout/types';
import { cleanText, meaningfulExport, meaningfulTooltip, nameWords } from './acroform-words';

/** Gap penalties (points) that rank where a text field's printed label sits; lower wins. */
const PLACE_COST = { inside: 0, left: 0, above: 3, below: 5 } as const;

export async function acroformFields(
  widgets: AcroWidget[],
  lastPage: number,
  pageContent: (n: number) => Promise<PageContent>,
): Promise<DetectedField[]> {
  const byPage = new Map<number, Placed[]>();
  const all: Placed[] = [];
  for (const w of widgets) {
    if (w.field.page > lastPage) continue;
    const placed: Placed = { w, f: { ...w.field }, box: { x1: 0, y1: 0, x2: 0, y2: 0 } };
    all.push(placed);
    const list = byPage.get(w.field.page) ?? [];
    list.push(placed);
    byPage.set(w.field.page, list);
  }
  for (const [page, list] of byPage) {
    const content = await pageContent(page);
    for (const p of list) {
      const [ax, ay] = content.fromUser(p.f.rect[0], p.f.rect[1]);
      const [bx, by] = content.fromUser(p.f.rect[2], p.f.rect[3]);
      p.box = { x1: Math.min(ax, bx), y1: Math.min(ay, by), x2: Math.max(ax, bx), y2: Math.max(ay, by) };
    }
    const text = pageText(content.glyphs);
    labelTextFields(list, text);
    labelChoices(list, text);
    groupCheckRows(list, text);
  }
  for (const p of all) {
    if (p.w.type === 'Tx') p.f.kind = textFieldKind(p.w, p.f.label);
    if (p.f.kind === 'select_one' || p.f.kind === 'select_many' || p.f.kind === 'checkbox') p.f.mark = 'check';
  }
  return all.map((p) => p.f);
}

/** Boxes of the page's widgets, one per rect (the options of a drop-down share one). */
const boxesOf = (list: Placed[]): Area[] => [...new Set(list.map((p) => p.box))];

interface LabelCandidate {
  p: Placed;
  phrase: Phrase;
  cost: number;
}

/**
 * Text fields, signatures and drop-downs: a meaningful tooltip, else the printed phrase left of, inside,
 * above or under the widget (each printed phrase labels one widget: nearest first), else the field name.
 */
function labelTextFields(list: Placed[], text: PageText): void {
  const boxes = boxesOf(list);
  const size = typicalSize(text);
  const candidates: LabelCandidate[] = [];
  const targets = new Map<Area, Placed[]>();
  for (const p of list) {
    if (p.w.type === 'Btn') continue;
    const same = targets.get(p.box) ?? [];
    same.push(p);
    targets.set(p.box, same);
  }
  for (const [box, ps] of targets) {
    const p = ps[0];
    const tip = meaningfulTooltip(p.w.tooltip, p.w.name);
    if (tip) {
      for (const q of ps) setQuestion(q, tip, tip);
      continue;
    }
    const add = (phrase: Phrase | null, cost: number): void => {
      if (phrase && isLabelText(phrase.text)) candidates.push({ p, phrase, cost: cost + phrase.gap });
    };
    add(inside(box, text), PLACE_COST.inside);
    add(beside(box, 'left', text, boxes, { maxGap: 14 * size, option: false }), PLACE_COST.left);
    add(stacked(box, 'above', text, boxes, 1.6 * size), PLACE_COST.above);
    add(stacked(box, 'below', text, boxes, 1.4 * size), PLACE_COST.below);
  }
  candidates.sort((a, b) => a.cost - b.cost);
  const done = new Set<Placed>();
  const used = new Set<string>();
  for (const c of candidates) {
    if (done.has(c.p) || used.has(c.phrase.key)) continue;
    done.add(c.p);
    used.add(c.phrase.key);
    const label = cleanText(c.phrase.text);
    const required = /\*/.test(c.phrase.text);
    for (const q of targets.get(c.p.box) ?? []) {
      setQuestion(q, label, label);
      q.f.required ||= required;
    }
  }
  for (const [box, ps] of targets) {
    if (done.has(ps[0]) || meaningfulTooltip(ps[0].w.tooltip, ps[0].w.name)) continue;
    // A table's cells below its header row: the column header over the top cell of this column's stack.
    const column = (b: Area): boolean => b !== box && Math.abs(b.x1 - box.x1) < 2 && Math.abs(b.x2 - box.x2) < 2;
    let top = box;
    for (let next = nextAbove(top); next; next = nextAbove(top)) top = next;
    function nextAbove(b: Area): Area | undefined {
      const gap = Math.max(b.y2 - b.y1, 2 * size);
      return boxes.find((o) => column(o) && o !== b && o.y1 >= b.y2 - 1 && o.y1 - b.y2 < gap);
    }
    const header = top !== box ? stacked(top, 'above', text, boxes, 1.6 * size) : null;
    const label = header && isLabelText(header.text) ? cleanText(header.text) : nameWords(ps[0].w.name);
    for (const q of ps) setQuestion(q, label, label);
  }
}

/** A printed phrase that can name a field: not a row number ("2", "3.") or a lone mark. */
function isLabelText(s: string): boolean {
  const t = cleanText(s);
  return t !== '' && !/^(\d{1,2}[.)]?|[a-z][.)])$/i.test(t);
}

/** Sets a text field's label and prompt, or a drop-down option's prompt (its label is the option text). */
function setQuestion(p: Placed, label: string, prompt: string): void {
  if (p.f.choiceLabel === null) p.f.label = label;
  p.f.prompt = prompt;
}

/**
 * Check boxes and radio buttons: the side their option words are printed on is decided for each row or
 * column of boxes at once (the side where words sit tight to every box wins), then each box takes its
 * phrase on that side; a box with nothing beside it takes its column's header; then /Opt, then a
 * meaningful on-state name.
 */
function labelChoices(list: Placed[], text: PageText): void {
  const buttons = list.filter((p) => p.w.type === 'Btn');
  if (!buttons.length) return;
  const boxes = boxesOf(list);
  const size = typicalSize(text);
  const phrases = new Map<Placed, Phrase | null>();
  for (const group of lineGroups(buttons)) {
    const maxGap = Math.max(2.5 * size, ...group.map((p) => 1.2 * (p.box.x2 - p.box.x1)));
    const miss = 1.5 * maxGap;
    const left = group.map((p) => beside(p.box, 'left', text, boxes, { maxGap, option: true }));
    const right = group.map((p) => beside(p.box, 'right', text, boxes, { maxGap, option: true }));
    const cost = (ps: Array<Phrase | null>): number => ps.reduce((a, ph) => a + (ph ? ph.gap : miss), 0);
    // A side names the row only when it has words for most of its boxes: a grid row's header left of its
    // first box is the question, not that box's option.
    const covers = (ps: Array<Phrase | null>): boolean => 2 * ps.filter(Boolean).length >= ps.length;
    const none = group.map(() => null);
    const sides = [left, right].filter(covers);
    const pick =
      sides.length === 0 ? none : sides.length === 1 ? sides[0] : cost(left) + 0.5 < cost(right) ? left : right;
    const cx = (b: Area): number => (b.x1 + b.x2) / 2;
    group.forEach((p, i) => {
      let ph = pick[i];
      if (!ph) {
        // A column of boxes (a grid) takes its header: look past the boxes above in the same column.
        const column = group.some((o) => o !== p && Math.abs(cx(o.box) - cx(p.box)) < 2);
        const others = boxes.filter((b) => Math.abs(cx(b) - cx(p.box)) > 2);
        ph = stacked(p.box, 'above', text, others, column ? 200 : 1.5 * size, true);
      }
      phrases.set(p, ph);
    });
  }
  const questions = new Map<string, Placed[]>();
  for (const p of buttons) {
    const ph = phrases.get(p) ?? null;
    const printed = ph ? cleanText(ph.text) : '';
    if (p.f.questionKey) {
      const choice = printed || meaningfulExport(p.w.optionText) || meaningfulExport(p.w.onState) || '';
      p.f.label = choice;
      p.f.choiceLabel = choice;
      const q = questions.get(p.f.questionKey) ?? [];
      q.push(p);
      questions.set(p.f.questionKey, q);
    } else {
      const label =
        meaningfulTooltip(p.w.tooltip, p.w.name) || printed || meaningfulExport(p.w.optionText) || nameWords(p.w.name);
      p.f.label = label;
      p.f.prompt = label;
      // Row grouping (acroform-rows.ts) reads the printed option text.
      printedOption.set(p, ph);
    }
  }
  for (const q of questions.values()) {
    const tips = new Set(q.map((p) => meaningfulTooltip(p.w.tooltip, p.w.name) ?? ''));
    const tip = tips.size === 1 ? [...tips][0] : '';
    const prompt =
      tip ||
      questionPrompt(
        q.map((p) => ({ box: p.box, phrase: phrases.get(p) ?? null })),
        text,
        boxes,
        size,
      );
    const fallback = prompt || nameWords(q[0].w.name);
    for (const p of q) p.f.prompt = fallback;
  }
}

/** Buttons that share a printed row (centres level, similar size) or a column (left edges aligned, stacked close). */
function lineGroups(buttons: Placed[]): Placed[][] {
  const parent = buttons.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const h = (p: Placed): number => p.box.y2 - p.box.y1;
  const cy = (p: Placed): number => (p.box.y1 + p.box.y2) / 2;
  for (let i = 0; i < buttons.length; i++) {
    for (let j = i + 1; j < buttons.length; j++) {
      const a = buttons[i];
      const b = buttons[j];
      const hi = Math.max(h(a), h(b));
      if (hi > 2 * Math.min(h(a), h(b))) continue;
      const row = Math.abs(cy(a) - cy(b)) < 0.5 * hi;
      const column = Math.abs(a.box.x1 - b.box.x1) < 2 && Math.abs(cy(a) - cy(b)) < 3.5 * hi;
      if (row || column) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, Placed[]>();
  buttons.forEach((p, i) => {
    const g = groups.get(find(i)) ?? [];
    g.push(p);
    groups.set(find(i), g);
  });
  return [...groups.values()];
}

/**
 * Kind of a text field from its format script, its e-sign role (`Signature1_es_:signer:signature`), its
 * name, tooltip and printed label. English and Spanish cue words.
 */
export function textFieldKind(w: AcroWidget, label: string): FieldKind {
  const role = /_es_:[^:]*:([a-z]+)/i.exec(w.name)?.[1]?.toLowerCase();
  if (role === 'signature') return 'signature';
  if (role === 'initials') return 'initials';
  if (role === 'date' || role === 'signdate' || role === 'datesigned') return 'date';
  if (role === 'email') return 'email';
  if (w.dateFormat) return 'date';
  const own = `${nameWords(w.name, true)} ${w.tooltip ?? ''}`;
  const hint = `${own} ${label}`;
  const notSignature = /\b(date|fecha|print|printed|name|nombre|title|typed|explain|why|reason|cannot)\b/i;
  if (/\b(initials?|iniciales)\b/i.test(hint) && !notSignature.test(hint)) return 'initials';
  // The author's own words may say signature anywhere; a printed label only when it is one ("Signature of
  // patient"), not a heading that mentions signing.
  const signs = /\b(signature|signed by|sign here|firma)\b/i;
  const printedSignature =
    /^((patient|parent|guardian|applicant|client|veteran|member|employee|witness|responsible party)'?s?\s+)?(signature|firma|sign here)\b/i;
  if ((signs.test(own) || printedSignature.test(label)) && !notSignature.test(hint)) return 'signature';
  if (isDateText(hint) || /\bfecha\b/i.test(hint)) return 'date';
  if (/\b(e-?mail|correo)\b/i.test(hint)) return 'email';
  return 'text';
}
