/**
 * Stage 4 of a flat page (see page-fields.ts): the text fields, with captions printed under blanks taking the
 * place of their labels (captions.ts), page-wide separator rules dropped, and prompts of table cells joined with
 * their row header.
 */
import type { DetectedField } from '../field-map';
import { textKind } from '../kinds';
import { captionsUnder, splitByCaptions } from './captions';
import { rowHeader } from './labels';
import type { PageRead } from './page-read';
import { userRect } from './page-read';
import { LAYOUT_PARAMS as P } from './params';
import { cleanLabel, isRequiredText } from './text';
import type { Labelled } from './text-labels';

const TEXT_FIELD = {
  /** Share of the page height: a full-width rule this near the top or bottom rules off a header or footer. */
  runningMarginShare: 0.1,
  /** pt: a box taller than this takes several lines of writing. */
  multilineMinHeight: 30,
} as const;

export function textFields({ page, tokens }: PageRead, labelled: Labelled[]): DetectedField[] {
  const captions = captionsUnder(
    labelled.map((x) => x.c),
    tokens,
    new Set(labelled.filter((x) => x.hit.where === 'left' || x.hit.where === 'inside').map((x) => x.c)),
  );
  const fields: DetectedField[] = [];
  for (const { c, hit, caption, captionPrompt, qualifier } of splitByCaptions(labelled, captions)) {
    if (caption) {
      hit.where = 'below';
      hit.token = caption;
      hit.raw = caption.text + (isRequiredText(hit.raw) ? '*' : '');
    }
    // A rule across the whole page separates sections or table rows, unless it has a label on its left, or an
    // empty band under a caption or a label above it (not a heading).
    if (
      c.source === 'line' &&
      c.x2 - c.x1 >= P.separatorPageShare * page.width &&
      hit.where !== 'left' &&
      c.widget === undefined
    ) {
      const empty = !tokens.some((t) => t.x1 < c.x2 && t.x2 > c.x1 && t.y1 < c.y2 && t.y2 > c.y1);
      const margin = TEXT_FIELD.runningMarginShare * page.height;
      const running = c.y1 < margin || c.y1 > page.height - margin;
      if (!empty || running || !(caption || (hit.where === 'above' && !hit.token?.bold))) continue;
    }
    if (c.columnHeader && hit.where !== 'inside') {
      hit.raw = c.columnHeader;
      hit.where = 'column';
    }
    const label = cleanLabel(hit.raw);
    let prompt = qualifier ? `${label}: ${qualifier}` : (caption && captionPrompt) || label;
    if (hit.where === 'column') {
      const rh = rowHeader(c, tokens);
      if (rh) prompt = `${cleanLabel(rh.text)}: ${label}`;
    }
    const f: DetectedField = {
      kind: textKind(label, c.hint ?? ''),
      page: page.index + 1,
      rect: userRect(page, c),
      label,
      prompt: label ? prompt : '',
      choiceLabel: null,
      questionKey: null,
      required: isRequiredText(hit.raw),
      confidence: label ? c.confidence : c.confidence * P.unlabelledConfidence,
    };
    if (c.source === 'box' && c.y2 - c.y1 > TEXT_FIELD.multilineMinHeight) f.multiline = true;
    if (c.combCells) {
      f.combCells = c.combCells;
      f.maxLength = c.combCells;
    }
    fields.push(f);
  }
  return fields;
}
