/**
 * Confidence of a layout-detected field from the cues actually used (ConfidenceFeatures), through one logistic
 * function: bench/fit-confidence.ts fits its weights on the dev corpora (target: the field matches a real field and,
 * where the truth says, bears the right label), so a band of confidence reads as an observed precision (bench:detect
 * prints it per band).
 */
import { isChoiceKind, type DetectedField } from '../shared/field-map';
import { kindCue } from './kinds';
import type { Token } from './layout/text';
import { boxH, boxW, nearEither, overlapX, overlapY, type Box } from './layout/types';
import { foldKey } from './sections';

export interface ConfidenceFeatures {
  /** The detector's confidence for the mark that made the box (0..1). */
  geometry: number;
  /** A label (or prompt) was bound. */
  labelled: number;
  /** The label's text sits within 1.5 em of the box. */
  tight: number;
  /** The label's text is more than 6 em away, or not printed on the page at all. */
  far: number;
  /** The label names this kind (+1), another specific kind (-1), or neither (0). */
  kindCue: number;
  /** Choice option in a question of 2+ options with distinct, non-empty labels (+1); a broken question (-1). */
  question: number;
  /** A lone check box (no question). */
  lone: number;
  /** Overlaps another field of another question. */
  overlap: number;
  /** A text field whose label is a single character (a stray glyph bound as a label). */
  tinyLabel: number;
  /** The box came from a free ruled line (the weakest mark: rules also underline and separate). */
  ruled: number;
  /** The box came from a drawn box or table cell. */
  cell: number;
  /** The label is a sentence (over 50 characters): instructions bound as a label. */
  longLabel: number;
  /** The label is only a number or line code ("1a", "12."): no words of its own. */
  codeLabel: number;
  /** A text field wider than 60 % of the page. */
  wide: number;
  /** A text field under 9 pt high or under 20 pt wide. */
  small: number;
  /** An option whose text was taken from another row (DetectedField.labelFromAfar). */
  borrowed: number;
}

/** Fitted by `npx ts-node --transpile-only bench/fit-confidence.ts` (logistic regression, L2 0.002). */
export const CONFIDENCE_WEIGHTS: Record<keyof ConfidenceFeatures | 'bias', number> = {
  bias: 0.91,
  geometry: 1.34,
  labelled: 0.84,
  tight: -0.24,
  far: -0.47,
  kindCue: -0.06,
  question: 0.77,
  lone: 0.11,
  overlap: -0.22,
  tinyLabel: -0.14,
  ruled: -0.99,
  cell: -0.72,
  longLabel: -0.9,
  codeLabel: -0.02,
  wide: -0.57,
  small: -1.36,
  // Set by hand, not fitted: a label guessed from another row always lands under review (LOW_CONFIDENCE 0.7).
  borrowed: -6,
};

const norm = (s: string): string => foldKey(s.normalize('NFKC'));

// Each page's tokens are compared with every field's label: normalise each token once.
const normCache = new WeakMap<Token, string>();

/** Distance (em) from the box to the nearest printed token holding the label; Infinity when none does. */
export function bindingGap(box: Box, label: string, tokens: Token[]): number {
  const want = norm(label);
  if (!want) return Infinity;
  let best = Infinity;
  for (const t of tokens) {
    if (t.type !== 'text') continue;
    let have = normCache.get(t);
    if (have === undefined) normCache.set(t, (have = norm(t.text)));
    if (!have || !(have.includes(want) || (want.includes(have) && have.length >= 3))) continue;
    const gap = Math.hypot(Math.max(0, box.x1 - t.x2, t.x1 - box.x2), Math.max(0, box.y1 - t.y2, t.y1 - box.y2));
    best = Math.min(best, gap / Math.max(6, t.size));
  }
  return best;
}

export function confidenceFeatures(
  f: DetectedField,
  box: Box,
  tokens: Token[],
  siblings: DetectedField[],
  overlaps: boolean,
  pageWidth = 612,
): ConfidenceFeatures {
  const text = !isChoiceKind(f.kind);
  const [w, h] = [boxW(box), boxH(box)];
  // The layout detector's base confidence names the mark that made the box (layout/candidates.ts).
  const near = (v: number): number => (nearEither(f.confidence, v, 0.6 * v, 0.005) ? 1 : 0);
  const label = f.label || f.prompt;
  const g = label ? bindingGap(box, f.choiceLabel ?? label, tokens) : Infinity;
  const labels = siblings.map((s) => norm(s.choiceLabel ?? s.label));
  const coherent = labels.length >= 2 && labels.every((l) => l) && new Set(labels).size === labels.length;
  return {
    geometry: f.confidence,
    labelled: label ? 1 : 0,
    tight: g <= 1.5 ? 1 : 0,
    far: label && g > 6 ? 1 : 0,
    kindCue: kindCue(f.kind, f.label),
    question: isChoiceKind(f.kind) && f.questionKey !== null ? (coherent ? 1 : -1) : 0,
    lone: f.kind === 'checkbox' && f.questionKey === null ? 1 : 0,
    overlap: overlaps ? 1 : 0,
    tinyLabel: text && norm(f.label).length === 1 ? 1 : 0,
    ruled: near(0.75),
    cell: near(0.8),
    longLabel: label.length > 50 ? 1 : 0,
    codeLabel: label && /^[\d\s.,()a-z-]{1,4}$/i.test(label) && /\d/.test(label) ? 1 : 0,
    wide: text && w > 0.6 * pageWidth ? 1 : 0,
    small: text && (h < 9 || w < 20) ? 1 : 0,
    borrowed: f.labelFromAfar ? 1 : 0,
  };
}

export function confidenceOf(x: ConfidenceFeatures, w = CONFIDENCE_WEIGHTS): number {
  let z = w.bias;
  for (const k of Object.keys(x) as Array<keyof ConfidenceFeatures>) z += w[k] * x[k];
  return Math.round((1 / (1 + Math.exp(-z))) * 100) / 100;
}

/** Boxes overlapping by more than 30 % of the smaller one. */
function boxesOverlap(a: Box, b: Box): boolean {
  const [w, h] = [overlapX(a, b), overlapY(a, b)];
  if (w <= 0 || h <= 0) return false;
  const small = Math.min(boxW(a) * boxH(a), boxW(b) * boxH(b));
  return small > 0 && (w * h) / small > 0.3;
}

/** Whether the field overlaps a field of its page outside its own question (`boxOf`: where a field lies). */
export function overlapsOther(f: DetectedField, fields: DetectedField[], boxOf: (o: DetectedField) => Box): boolean {
  const box = boxOf(f);
  const sameQuestion = (o: DetectedField): boolean => o.questionKey !== null && o.questionKey === f.questionKey;
  return fields.some((o) => o !== f && o.page === f.page && !sameQuestion(o) && boxesOverlap(box, boxOf(o)));
}
