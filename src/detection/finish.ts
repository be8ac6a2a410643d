/**
 * The last stage of detection, for both detectors: fields in reading order with their section, kinds from
 * label cues where the detector had none, confidence from the cues used (layout), and review reasons.
 */
import { detectAnswerRules } from './answer-rules';
import { confidenceFeatures, confidenceOf, overlapsOther, type ConfidenceFeatures } from './confidence';
import { isChoiceKind, type DetectedField, type Detector } from '../shared/field-map';
import { textKind } from './kinds';
import { inside, type Box } from './layout/types';
import { uprightBox, type PageText } from './page-text';
import { groupBy, keepQuestionsTogether, readingOrder, type OrderItem } from './reading-order';
import { reviewReasons } from './review';
import { findHeadings, foldKey, type FieldBox } from './sections';

export interface Finished {
  fields: DetectedField[];
  reasons: string[];
  /** Per field (same order): the confidence cues (layout only; for fitting the weights). */
  features: Array<ConfidenceFeatures | null>;
}

/** Labels that identify the patient on a repeated page header. */
const PATIENT_IDENTITY =
  /\b(name|date of birth|dob|birth ?date|mrn|medical record|account|chart|nombre|fecha de nacimiento)\b/i;

/** `pages`: the text of every page that has fields (others may be missing). */
export function finishFields(
  fields: DetectedField[],
  pages: PageText[],
  detector: Detector,
  blankPages: number[] = [],
): Finished {
  const byPage = new Map(pages.map((p) => [p.page, p]));
  const boxes = new Map(fields.map((f) => [f, uprightBox(f, byPage.get(f.page)!)] as const));
  const ordered = orderInSections(fields, pages, boxes);
  if (detector === 'acroform') refineAcroKinds(ordered);
  const features = detector === 'acroform' ? ordered.map(() => null) : scoreConfidence(ordered, byPage, boxes);
  const reasons = reviewReasons(ordered, blankPages, detector, pages);
  reasons.push(...detectAnswerRules(ordered, boxes)); // formats and conditions (answer-rules.ts)
  return { fields: ordered, reasons, features };
}

function orderInSections(fields: DetectedField[], pages: PageText[], boxes: Map<DetectedField, Box>): DetectedField[] {
  const fieldBox = (f: DetectedField): FieldBox => ({ ...boxes.get(f)!, label: foldKey(f.label || f.prompt) });
  const fieldsByPage = new Map([...groupBy(fields, (f) => f.page)].map(([n, fs]) => [n, fs.map(fieldBox)] as const));
  const headings = findHeadings(pages, fieldsByPage);
  // Section = the last heading before the field in reading order; it carries over to the next page, except
  // for the header row many forms repeat at the top of later pages ("Patient name / Date of birth"): text
  // fields on the page's first row, before any heading, naming the patient or repeating an earlier label.
  let section = '';
  let page = 0;
  let headerY = 0;
  let inHeader = false;
  const seenLabels = new Set<string>();
  /** Where the fields of the page being ordered start in `out`: the labels before it have been seen. */
  let pageStart = 0;
  const out: DetectedField[] = [];
  for (const p of [...pages].sort((a, b) => a.page - b.page)) {
    const own = fields.filter((f) => f.page === p.page);
    const hs = headings.filter((h) => h.page === p.page);
    const items: OrderItem[] = own.map((f, i) => ({ ...boxes.get(f)!, ref: i, heading: false }));
    hs.forEach((h, i) => items.push({ x1: h.x1, y1: h.y1, x2: h.x2, y2: h.y2, ref: -1 - i, heading: true }));
    // Other printed text only decides where columns are crossed; it is not emitted.
    for (const t of p.lines.flatMap((l) => l.tokens))
      if (!hs.some((h) => inside(t, h, 1))) items.push({ ...t, ref: Number.NaN, heading: false });
    for (const ref of readingOrder(items, p.width)) {
      if (Number.isNaN(ref)) continue;
      if (ref < 0) {
        section = hs[-1 - ref].text;
        inHeader = false;
        continue;
      }
      const f = own[ref];
      const key = foldKey(f.label);
      const y = boxes.get(f)!.y1;
      if (f.page !== page) {
        for (const o of out.slice(pageStart)) seenLabels.add(foldKey(o.label));
        pageStart = out.length;
        inHeader = out.length > 0;
        headerY = y;
        page = f.page;
      }
      const headerLike =
        !isChoiceKind(f.kind) &&
        f.kind !== 'signature' &&
        key !== '' &&
        (seenLabels.has(key) || PATIENT_IDENTITY.test(f.label));
      inHeader = inHeader && headerLike && Math.abs(y - headerY) < 6;
      f.section = inHeader ? '' : section;
      out.push(f);
    }
  }
  return keepQuestionsTogether(out, (f) => (f.questionKey === null ? null : `${f.page}|${f.questionKey}`));
}

/** AcroForm text fields whose label names a text-like kind (date, phone, email) take it. */
function refineAcroKinds(fields: DetectedField[]): void {
  for (const f of fields) {
    if (f.kind !== 'text' || !f.label) continue;
    const k = textKind(f.label);
    if (k === 'date' || k === 'phone' || k === 'email') f.kind = k;
  }
}

/** Each field's confidence from the cues used (layout), and those cues. */
function scoreConfidence(
  fields: DetectedField[],
  byPage: Map<number, PageText>,
  boxes: Map<DetectedField, Box>,
): ConfidenceFeatures[] {
  const members = groupBy(fields, (f) => f.questionKey);
  const tokensOf = new Map([...byPage].map(([n, p]) => [n, p.lines.flatMap((l) => l.tokens)]));
  return fields.map((f) => {
    const x = confidenceFeatures(
      f,
      boxes.get(f)!,
      tokensOf.get(f.page) ?? [],
      f.questionKey ? (members.get(f.questionKey) ?? []) : [],
      overlapsOther(f, fields, (o) => boxes.get(o)!),
      byPage.get(f.page)?.width,
    );
    f.confidence = confidenceOf(x);
    return x;
  });
}
