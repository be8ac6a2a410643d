/**
 * Questions with nothing to tick: the option words themselves are circled. Found on rows of plain text:
 * - a `Yes  No` / `Y  N` / `Sí  No` pair printed apart from the question;
 * - a scale of three or more consecutive numbers (`0 1 2 ... 10`, `0 1 2 3`);
 * - the words after a `circle one:` / `circle all that apply:` instruction (same row, or the rows under it);
 * - `Label: word  word  word` rows under a section instruction that says to circle.
 * Each option is one field whose rect is the word's ink box grown by `circleWordPad` per side.
 */
import { splitPromptOption, subToken } from './bind';
import { textMiddle } from './box-text';
import { LAYOUT_PARAMS as P } from './params';
import { HEADER_REACH, textOf, TOUCH_SLACK, wordGap, type TextLine, type Token, wordCount } from './text';
import type { Box } from './types';

export interface CircleQuestion {
  promptRaw: string;
  options: Array<{ box: Box; label: string }>;
  many: boolean;
}

const YES = /^(yes|y|s[ií])$/i;
const NO = /^(no|n)$/i;
const MAYBE = /^(not sure|unsure|n\/a|na|don'?t know|unknown|no s[eé]|a veces|sometimes)$/i;
const INSTRUCTION = /\bcircle\b/i;
const INLINE_INSTRUCTION = /\bcircle\s+(one|all|any)\b[^:.]*:\s*$|\bcircle\s+one\s*$|\(circle\)\s*:?\s*$/i;

/** em: how far a word's ink reaches over the baseline (Helvetica-like) and under it (descenders, commas, brackets). */
const WORD_INK = {
  capHeightEm: 0.73,
  xHeightEm: 0.53,
  otherHeightEm: 0.6,
  descentEm: 0.21,
} as const;

/** Thresholds of words to circle (pt unless noted). */
const CIRCLE = {
  minOptions: 2,
  /** A number scale has at least this many consecutive numbers (`0 1 2`). */
  scaleMinNumbers: 3,
  optionMaxWords: 6,
  optionMaxChars: 40,
  /** words: an option between slashes has at most this many (`Bright red`). */
  slashOptionMaxWords: 2,
  markerRowTolerance: 6,
  optionRowPitchEm: 2.4,
  optionRowOutdent: 2,
  /** em: options after a `circle one:` in one phrase are set apart by gaps wider than this (two spaces). */
  apartGapEm: 0.45,
} as const;

/**
 * Ink of a word grown by `circleWordPad` per side: caps, digits, ascenders and brackets reach the cap height,
 * lowercase the x-height.
 */
function inkBox(t: Token): Box {
  let top = 0;
  let bottom = 0;
  for (const g of t.glyphs) {
    const tall = /[A-Z0-9bdfhklt'"()/ÁÉÍÓÚÑ¿?!]/.test(g.ch);
    const height = tall ? WORD_INK.capHeightEm : /[a-zñáéíóú]/.test(g.ch) ? WORD_INK.xHeightEm : WORD_INK.otherHeightEm;
    top = Math.max(top, height * g.size);
    if (/[gjpqy,;()Q]/.test(g.ch)) bottom = Math.max(bottom, WORD_INK.descentEm * g.size);
  }
  const pad = P.circleWordPad;
  const [x1, x2] = [t.glyphs[0].x1 - pad, t.glyphs[t.glyphs.length - 1].x2 + pad];
  return { x1, x2, y1: t.base - bottom - pad, y2: t.base + top + pad };
}

const stripInstruction = (s: string): string =>
  s.replace(/\s*\(?\bcircle(\s+(one|all|any)\b.*|\)\s*:?\s*)$/i, '').trim();
const isInt = (t: Token): boolean => /^\d{1,2}$/.test(t.text.trim());

/**
 * Words of one token split apart (glyph gaps wider than a space): the tokenizer keeps words closer than a word
 * gap in one phrase, so `Y N`, `YES NO` or `Yes / No` printed a space apart arrive as one token.
 */
function wordsOf(t: Token, gapEm: number = P.spaceGapEm): Token[] {
  const gs = t.glyphs;
  const starts = gs.flatMap((g, i) => (i > 0 && g.x1 - gs[i - 1].x2 > gapEm * g.size ? [i] : []));
  return [0, ...starts].map((from, k) => subToken(t, from, starts[k] ?? gs.length));
}

const isAnswer = (w: Token): boolean => [YES, NO, MAYBE].some((re) => re.test(w.text));

/**
 * A token made of answer words (`Y N`, `YES NO`, `Yes No N/A`, a scale `0 1 2 ... 10`): one token per word. Answers
 * ending a token after a gap wider than a space or after a `?` / `:` (`Mental Health Problems  Y N`) are parted from
 * the question; `Yes No` opening one before a word gap (the next column's question) from what follows.
 */
function splitAnswerWords(t: Token): Token[] {
  if (t.type !== 'text') return [t];
  const words = wordsOf(t);
  const at = (w: Token): number => t.glyphs.indexOf(w.glyphs[0]);
  const n = words.findIndex((w) => !isAnswer(w));
  if (n >= 2 && YES.test(words[0].text) && words[n].x1 - words[n - 1].x2 >= wordGap(words[n].glyphs[0]))
    return [...words.slice(0, n), subToken(t, at(words[n]), t.glyphs.length)];
  const from = answerTail(words);
  if (from <= 0) return from === 0 ? words : [t];
  const head = subToken(t, 0, at(words[from]));
  const parted = words[from].x1 - head.x2 >= wordGap(words[from].glyphs[0]) || /[?:]$/.test(head.text.trim());
  return parted ? [head, ...words.slice(from)] : [t];
}

/** Where the answers with a `Yes`, or the scale of consecutive numbers, that end `words` start; -1 if none. */
function answerTail(words: Token[]): number {
  let from = words.length;
  while (from > 0 && isAnswer(words[from - 1])) from--;
  if (words.length - from >= 2 && words.slice(from).some((w) => YES.test(w.text))) return from;
  from = words.length - 1;
  while (from > 0 && isInt(words[from - 1]) && Number(words[from - 1].text) + 1 === Number(words[from].text)) from--;
  return isInt(words[words.length - 1]) && words.length - from >= CIRCLE.scaleMinNumbers ? from : -1;
}

/** Answers typed with a slash and no spaces (`M/F`, `Y/N`, `Yes/No`); `N/A`, `and/or` are words of their own. */
const GLUED_PAIR = /^(m\/f|f\/m|y\/n|n\/y|yes\/no|no\/yes|male\/female|female\/male|s[ií]\/no|no\/s[ií])$/i;

/** A glued pair as its two answers and the slash between them. */
function gluedPair(w: Token): Token[] {
  if (!GLUED_PAIR.test(w.text.trim())) return [w];
  const at = w.glyphs.findIndex((g) => g.ch === '/');
  return [subToken(w, 0, at), subToken(w, at, at + 1), subToken(w, at + 1, w.glyphs.length)];
}

/**
 * A list of answers separated by spaced slashes inside a token: `Yes / No`, `Libido? Increased / Decreased`,
 * `Texture of blood: Normal / Thick / Thin / Watery`, `Blood clots? Yes / No When?`. The first option starts
 * at the token's start or after its last `?` / `:` before the first slash; the last option is the one word
 * after the last slash (a two-word option must sit between slashes: `Pale / Bright red / Brown`). Returns the
 * text before the list, the options and the text after, or null.
 */
function slashList(t: Token): { head: Token | null; options: Token[]; tail: Token | null } | null {
  if (t.type !== 'text') return null;
  const words = wordsOf(t).flatMap(gluedPair);
  const slashes = words.map((w, i) => (w.text === '/' ? i : -1)).filter((i) => i >= 0);
  if (slashes.length === 0) return null;
  const [first, last] = [slashes[0], slashes[slashes.length - 1]];
  const start = words.slice(0, first).reduce((s, w, i) => (/[?:]$/.test(w.text) ? i + 1 : s), 0);
  // The first option is at most two words; more before the slash is a question with no `?` or `:`.
  if (first - start > CIRCLE.slashOptionMaxWords || first === start || last + 1 >= words.length) return null;
  const options = [start, ...slashes.map((i) => i + 1)].map((a, k): [number, number] => [a, slashes[k] ?? last + 2]);
  // An option ending in `:` is a label (`Apt / Unit: ____`), not an answer.
  const answer = ([a, b]: [number, number]): boolean =>
    b - a >= 1 &&
    b - a <= CIRCLE.slashOptionMaxWords &&
    !words.slice(a, b).some((w) => w.text === '/' || /:$/.test(w.text));
  if (!options.every(answer)) return null;
  const glyphIndex = (w: number): number => t.glyphs.indexOf(words[w].glyphs[0]);
  const span = (a: number, b: number): Token =>
    subToken(t, glyphIndex(a), b < words.length ? glyphIndex(b) : t.glyphs.length);
  return {
    head: start > 0 ? span(0, start) : null,
    options: options.map(([a, b]) => span(a, b)),
    tail: last + 2 < words.length ? span(last + 2, words.length) : null,
  };
}

/** Option words are short: a long phrase in the run is running text, not a list to circle. */
const isOptionWord = (t: Token): boolean =>
  wordCount(t) <= CIRCLE.optionMaxWords && t.text.trim().length <= CIRCLE.optionMaxChars;

/** A question found on a row: its prompt, its option words and whether it takes several answers. */
type Ask = [promptRaw: string, opts: Token[], many: boolean];

function question([promptRaw, opts, many]: Ask, markers: Box[], lines: TextLine[]): CircleQuestion | null {
  if (!opts.every(isOptionWord)) return null;
  // Words with markers right under them are a column header of those markers (no other row of text between).
  const header = (t: Token): boolean =>
    markers.some((m) => {
      const x = (m.x1 + m.x2) / 2;
      const between = (l: TextLine): boolean => l.base < t.base - TOUCH_SLACK && l.y1 > m.y2 && l.x1 < x && l.x2 > x;
      const under = m.y2 <= t.y1 + TOUCH_SLACK && m.y2 > t.y1 - P.circleHeaderReach;
      return under && x > t.x1 - HEADER_REACH && x < t.x2 + HEADER_REACH && !lines.some(between);
    });
  if (opts.some(header)) return null;
  return {
    promptRaw: stripInstruction(promptRaw),
    many,
    options: opts.map((t) => ({ label: t.text.trim(), box: inkBox(t) })),
  };
}

/**
 * `markers` are the page's choice markers: a row of words with markers on it or right under it is a row of
 * option labels or a column header, not words to circle.
 */
export function findCircleWords(
  lines: TextLine[],
  markers: Box[],
  sectionStart: (y: number) => number,
): CircleQuestion[] {
  const found: Array<CircleQuestion | null> = [];
  let sectionInstruction: { text: string; section: number } | null = null;
  const usedLines = new Set<TextLine>();
  for (const [li, l] of lines.entries()) {
    if (usedLines.has(l)) continue;
    // Words on a row of markers are the markers' option labels.
    if (markers.some((m) => Math.abs((m.y1 + m.y2) / 2 - textMiddle(l)) < CIRCLE.markerRowTolerance)) continue;
    const toks = l.tokens.flatMap((t) => (t.type === 'text' ? splitPromptOption(t) : [t]));
    const texts = toks.filter((t) => t.type === 'text');
    const lineText = textOf(texts);
    let asks: Ask[];
    const inline = afterInstruction(toks);
    if (!inline && l.tokens.length === 1 && l.tokens[0].type === 'text' && INSTRUCTION.test(lineText)) {
      if (!INLINE_INSTRUCTION.test(lineText)) {
        sectionInstruction = { text: lineText, section: sectionStart(l.base) };
        continue;
      }
      // "How did you hear about us? circle one:" with the options on the rows under it.
      const under = rowsUnder(lines, li);
      under.forEach((n) => usedLines.add(n));
      const opts = under.flatMap((n) => n.tokens.filter((t) => t.type === 'text'));
      asks = opts.length >= CIRCLE.minOptions ? [[lineText, opts, /\b(all|any)\b/i.test(lineText)]] : [];
    } else {
      const section = sectionInstruction?.section === sectionStart(l.base) ? sectionInstruction.text : null;
      // Lists on one row may sit side by side (`Gender: M / F   Marital Status: S M D W (circle one)`). A run of
      // answers wins over a list no question asks (`COPD / Emphysema  Yes  No` names the run's question).
      const runs = answerRuns(toks);
      const lists = [...slashLists(toks, texts), ...(beforeInstruction(toks) ?? [])].filter(
        ([prompt]) => !runs.length || /[?:]\s*$/.test(prompt),
      );
      const both = [...runs, ...lists];
      asks = inline ?? (both.length ? both : labelledRow(l, texts, section));
    }
    // Words with no question before them on the row are labels of something else (boxes drawn by a vanished
    // widget, a column header).
    for (const ask of asks) if (ask[0]) found.push(question(ask, markers, lines));
  }
  return found.filter((q): q is CircleQuestion => q !== null);
}

/** The rows under a `circle one:` line that hold its options: close under it, not outdented, not labels. */
function rowsUnder(lines: TextLine[], li: number): TextLine[] {
  const l = lines[li];
  const stop = (n: TextLine, k: number): boolean =>
    lines[k - 1].base - n.base > CIRCLE.optionRowPitchEm * l.size ||
    n.x1 < l.x1 - CIRCLE.optionRowOutdent ||
    n.tokens[0].type !== 'text' ||
    n.tokens.some((t) => t.type === 'text' && /:\s*$/.test(t.text));
  const end = lines.findIndex((n, k) => k > li && stop(n, k));
  return lines.slice(li + 1, end < 0 ? lines.length : end);
}

/** `(circle one)` closing a row after the options it asks to circle. */
const TRAILING_INSTRUCTION = /\(\s*circle(\s+(one|all|any)\b[^)]*)?\)\s*$/i;

/** Option words between a question (`?`, `:`) and the instruction closing its row (`R  L  Both (circle one)`). */
function beforeInstruction(toks: Token[]): Ask[] | null {
  const last = toks.at(-1);
  if (!last || !TRAILING_INSTRUCTION.test(last.text) || toks.some((t) => t.type !== 'text')) return null;
  const words = toks.flatMap((t) => wordsOf(t, CIRCLE.apartGapEm));
  const at = words.findIndex((w) => /^\(\s*circle\b/i.test(w.text.trim()));
  let asked = at - 1;
  while (asked >= 0 && !/[?:]$/.test(words[asked].text.trim())) asked--;
  const options = words.slice(asked + 1, at);
  if (asked < 0 || options.length < CIRCLE.minOptions) return null;
  return [[words[asked].text, options, /\bcircle\s+(all|any)\b/i.test(last.text)]];
}

/** Option words after an inline instruction on the same row, asked by the text since the last blank before it. */
function afterInstruction(toks: Token[]): Ask[] | null {
  const at = toks.findIndex((t) => t.type === 'text' && INLINE_INSTRUCTION.test(t.text));
  const end = toks.findIndex((t, i) => i > at && t.type !== 'text');
  const after = toks.slice(at + 1, end < 0 ? toks.length : end);
  if (at < 0 || !after.length) return null;
  // Words set apart by more than a space (`Mr.   Mrs.   Ms.`) arrive as one phrase: each is an option.
  const split = after.flatMap(splitAnswerWords);
  const options = split.length === 1 ? wordsOf(split[0], CIRCLE.apartGapEm) : split;
  if (options.length < CIRCLE.minOptions) return null;
  let from = at;
  while (from > 0 && toks[from - 1].type === 'text') from--;
  return [[textOf(toks.slice(from, at + 1)), options, /\bcircle\s+(all|any)\b/i.test(toks[at].text)]];
}

/** Runs of answer words (`Yes  No`, a scale `0 1 2 3`), each asked by the word before it. */
function answerRuns(toks: Token[]): Ask[] {
  const words = toks.flatMap(splitAnswerWords);
  const asks: Ask[] = [];
  let from = 0;
  for (let i = 0; i < words.length; i++) {
    let end = -1;
    if (YES.test(words[i].text.trim()) && words[i + 1] && NO.test(words[i + 1].text.trim())) {
      // A third answer may follow ("Yes  No  Not sure").
      end = i + 1 + (words[i + 2] && MAYBE.test(words[i + 2].text.trim()) ? 1 : 0);
    } else if (isInt(words[i])) {
      let j = i;
      while (j + 1 < words.length && isInt(words[j + 1]) && Number(words[j + 1].text) === Number(words[j].text) + 1)
        j++;
      if (j - i + 1 >= CIRCLE.scaleMinNumbers) end = j;
    }
    if (end < 0) continue;
    const before = words.slice(from, i).filter((t) => t.type === 'text');
    asks.push([before.at(-1)?.text ?? '', words.slice(i, end + 1), false]);
    from = end + 1;
    i = end;
  }
  return asks;
}

/**
 * Answers separated by spaced slashes, when the row has no answer-word run (a run wins: `COPD / Emphysema  Yes  No`
 * names the question, it does not answer it).
 */
function slashLists(toks: Token[], texts: Token[]): Ask[] {
  return texts.flatMap((t): Ask[] => {
    const list = slashList(t);
    if (!list) return [];
    // The question before a separate list asks (`?`, `:`) or has its own blank (`Date of last exam ___
    // Normal / Abnormal`); `Street address  Apt / Unit` is two labels.
    const prev = toks.filter((o) => o.x2 <= t.x1).pop();
    const asked = prev !== undefined && (prev.type !== 'text' || /[?:]$/.test(prev.text.trim()));
    const before = texts.filter((o) => o.x2 <= t.x1);
    // A list with a blank glued after it labels that blank (`Apt / Unit ____`).
    const next = toks.find((o) => o.x1 >= t.x2);
    const labelsBlank = !list.tail && next?.type === 'blank' && next.x1 - t.x2 < t.size;
    const promptRaw = labelsBlank ? '' : (list.head?.text ?? (asked ? (before[before.length - 1]?.text ?? '') : ''));
    return [[promptRaw, list.options, false]];
  });
}

/** "Constitutional: Fever  Chills  Weight loss" under "Circle any symptoms ..." (`instruction`, same section). */
function labelledRow(l: TextLine, texts: Token[], instruction: string | null): Ask[] {
  const ok =
    instruction !== null &&
    l.tokens.every((t) => t.type === 'text') &&
    texts.length >= 1 + CIRCLE.minOptions &&
    /:\s*$/.test(texts[0].text) &&
    texts.slice(1).every((t, i) => t.x1 - texts[i].x2 < P.circleWordMaxGapEm * l.size);
  return ok ? [[texts[0].text, texts.slice(1), /\b(all|any)\b/i.test(instruction)]] : [];
}
