/**
 * Pure text layout in a box's own frame (origin bottom-left of the box as the viewer sees it,
 * x right, y up). Sizes in points. No pdf-lib here, so it is testable on its own.
 */
export interface Metrics {
  /** At size 1. */
  ascent: number;
  descent: number;
  width(text: string): number;
}

export interface PlacedLine {
  text: string;
  /** Baseline start. */
  x: number;
  y: number;
}

export interface TextLayout {
  size: number;
  /** Horizontal scaling (Tz / 100): below 1 only when even the minimum size does not fit. */
  hscale: number;
  lines: PlacedLine[];
}

export const MAX_FONT_SIZE = 11;
export const MIN_FONT_SIZE = 6;
/** Smallest horizontal squeeze before text is cut off by the box's clip. */
const MIN_HSCALE = 0.6;
const LINE_HEIGHT = 1.15;
const SIZE_STEP = 0.5;

export interface LayoutOptions {
  multiline?: boolean;
}

function paddings(w: number, h: number): { px: number; py: number } {
  return { px: Math.min(2, w * 0.08), py: Math.min(1, h * 0.08) };
}

/** Greedy word wrap; words wider than the line are broken between characters. Explicit newlines kept. */
export function wrapText(text: string, maxWidth: number, size: number, m: Metrics): string[] {
  const out: string[] = [];
  const fits = (s: string): boolean => m.width(s) * size <= maxWidth;
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(/ +/).filter((w, i, a) => w !== '' || a.length === 1);
    let line = '';
    for (const word of words) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line !== '') out.push(line);
      line = '';
      if (fits(word)) {
        line = word;
        continue;
      }
      // Break a long word.
      let piece = '';
      for (const ch of word) {
        if (piece !== '' && !fits(piece + ch)) {
          out.push(piece);
          piece = '';
        }
        piece += ch;
      }
      line = piece;
    }
    out.push(line);
  }
  return out;
}

function singleLineSize(text: string, availW: number, availH: number, m: Metrics): number {
  const em = m.ascent + m.descent;
  const byHeight = em > 0 ? availH / em : MAX_FONT_SIZE;
  const w1 = m.width(text);
  const byWidth = w1 > 0 ? availW / w1 : MAX_FONT_SIZE;
  return Math.min(MAX_FONT_SIZE, byHeight, byWidth);
}

function floorStep(size: number): number {
  return Math.floor(size / SIZE_STEP) * SIZE_STEP;
}

/** Largest size (MIN..MAX, half-point steps) whose wrapped lines fit the box, or null. */
function wrappedFit(
  text: string,
  availW: number,
  availH: number,
  m: Metrics,
): { size: number; lines: string[] } | null {
  const em = m.ascent + m.descent;
  const start = floorStep(Math.min(MAX_FONT_SIZE, em > 0 ? availH / em : MAX_FONT_SIZE));
  for (let size = start; size >= MIN_FONT_SIZE; size -= SIZE_STEP) {
    const lines = wrapText(text, availW, size, m);
    const height = em * size + (lines.length - 1) * size * LINE_HEIGHT;
    if (height <= availH + 1e-6) return { size, lines };
  }
  return null;
}

function placeBlock(
  lines: string[],
  size: number,
  hscale: number,
  w: number,
  h: number,
  m: Metrics,
  topAligned: boolean,
): PlacedLine[] {
  const { px, py } = paddings(w, h);
  const blockH = (m.ascent + m.descent) * size + (lines.length - 1) * size * LINE_HEIGHT;
  const top = topAligned ? h - py : Math.min(h - py, (h + blockH) / 2);
  const firstBaseline = top - m.ascent * size;
  return lines.map((text, i) => ({ text, x: px, y: firstBaseline - i * size * LINE_HEIGHT }));
}

/**
 * Fits text into a w x h box: one line, vertically centred, shrunk from 11 pt to fit width and
 * height; wrapped over several lines when the field is multi-line (top-aligned) or the box is tall
 * enough that wrapping gives a larger size than one line. Below 6 pt the text is squeezed
 * horizontally (down to 60%), and past that cut off by the box's clip.
 */
export function layoutText(text: string, w: number, h: number, m: Metrics, opts: LayoutOptions = {}): TextLayout {
  const { px, py } = paddings(w, h);
  const availW = Math.max(1, w - 2 * px);
  const availH = Math.max(1, h - 2 * py);
  const hasNewline = text.includes('\n');
  const em = m.ascent + m.descent;
  const twoLinesFit = availH >= (em + LINE_HEIGHT) * MIN_FONT_SIZE;

  if (opts.multiline || (hasNewline && twoLinesFit)) {
    const fit = wrappedFit(text, availW, availH, m);
    if (fit) return { size: fit.size, hscale: 1, lines: placeBlock(fit.lines, fit.size, 1, w, h, m, true) };
    // Too much text even at the minimum size: keep the lines that fit.
    const lines = wrapText(text, availW, MIN_FONT_SIZE, m);
    const maxLines = Math.max(1, Math.floor((availH - em * MIN_FONT_SIZE) / (MIN_FONT_SIZE * LINE_HEIGHT)) + 1);
    const kept = lines.slice(0, maxLines);
    if (lines.length > maxLines) kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return { size: MIN_FONT_SIZE, hscale: 1, lines: placeBlock(kept, MIN_FONT_SIZE, 1, w, h, m, true) };
  }

  const oneLine = text.replace(/\n+/g, ' ');
  const single = floorStep(singleLineSize(oneLine, availW, availH, m) * 100) / 100;
  if (twoLinesFit && single < MAX_FONT_SIZE) {
    const fit = wrappedFit(oneLine, availW, availH, m);
    if (fit && fit.lines.length > 1 && fit.size > single + SIZE_STEP / 2) {
      return { size: fit.size, hscale: 1, lines: placeBlock(fit.lines, fit.size, 1, w, h, m, false) };
    }
  }
  if (single >= MIN_FONT_SIZE) {
    return { size: single, hscale: 1, lines: placeBlock([oneLine], single, 1, w, h, m, false) };
  }
  // Too wide at the minimum size (or a very low box): use the size the height allows (at most 6 pt),
  // squeeze horizontally, let the clip cut what is left.
  const size = Math.max(1, Math.min(MIN_FONT_SIZE, em > 0 ? availH / em : MIN_FONT_SIZE));
  const w1 = m.width(oneLine) * size;
  const hscale = w1 > availW ? Math.max(MIN_HSCALE, availW / w1) : 1;
  return { size, hscale, lines: placeBlock([oneLine], size, hscale, w, h, m, false) };
}

/** Comb field: one character centred in each of `cells` equal cells, starting at the first cell. */
export function layoutComb(text: string, w: number, h: number, cells: number, m: Metrics): TextLayout {
  const chars = Array.from(text.replace(/\n/g, ' ')).slice(0, cells);
  const cellW = w / cells;
  const py = Math.min(1, h * 0.08);
  const em = m.ascent + m.descent;
  let size = Math.min(MAX_FONT_SIZE, em > 0 ? (h - 2 * py) / em : MAX_FONT_SIZE);
  for (const ch of chars) {
    const cw = m.width(ch);
    if (cw > 0) size = Math.min(size, (cellW * 0.9) / cw);
  }
  size = Math.max(1, size);
  const baseline = (h - em * size) / 2 + m.descent * size;
  return {
    size,
    hscale: 1,
    lines: chars.map((ch, i) => ({ text: ch, x: (i + 0.5) * cellW - (m.width(ch) * size) / 2, y: baseline })),
  };
}

/** One part of a date written between printed separators: its text and its span as shares of the box width. */
export interface SpanText {
  text: string;
  from: number;
  to: number;
}

/**
 * Date parts between printed separators (`__/__/____`): one size for all parts (the largest every part fits
 * at), each part centred in its span, on one baseline.
 */
export function layoutSpans(parts: SpanText[], w: number, h: number, m: Metrics): TextLayout {
  const py = Math.min(1, h * 0.08);
  const em = m.ascent + m.descent;
  let size = Math.min(MAX_FONT_SIZE, em > 0 ? (h - 2 * py) / em : MAX_FONT_SIZE);
  for (const p of parts) {
    const tw = m.width(p.text);
    if (tw > 0) size = Math.min(size, ((p.to - p.from) * w * 0.9) / tw);
  }
  size = Math.max(1, size);
  const baseline = (h - em * size) / 2 + m.descent * size;
  return {
    size,
    hscale: 1,
    lines: parts.map((p) => ({
      text: p.text,
      x: ((p.from + p.to) / 2) * w - (m.width(p.text) * size) / 2,
      y: baseline,
    })),
  };
}
