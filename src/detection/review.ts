/** Plain-sentence review reasons for staff. */
import type { DetectedField } from './field-map';

function overlaps(a: DetectedField, b: DetectedField): boolean {
  if (a.page !== b.page) return false;
  const w = Math.min(a.rect[2], b.rect[2]) - Math.max(a.rect[0], b.rect[0]);
  const h = Math.min(a.rect[3], b.rect[3]) - Math.max(a.rect[1], b.rect[1]);
  if (w <= 0 || h <= 0) return false;
  const small = Math.min(
    (a.rect[2] - a.rect[0]) * (a.rect[3] - a.rect[1]),
    (b.rect[2] - b.rect[0]) * (b.rect[3] - b.rect[1]),
  );
  return (w * h) / small > 0.3;
}

export function reviewReasons(
  fields: DetectedField[],
  blankPages: number[],
  detector: 'acroform' | 'layout',
): string[] {
  const reasons: string[] = [];
  for (const p of blankPages) reasons.push(`Page ${p} has no text layer: fields must be placed by hand`);
  const unlabeled = fields.filter((f) => !f.label && !f.prompt).length;
  if (unlabeled > 0) reasons.push(`${unlabeled} field${unlabeled === 1 ? ' has' : 's have'} no label`);
  if (detector === 'layout') {
    const reported = new Set<number>();
    let extra = 0;
    for (let i = 0; i < fields.length; i++) {
      for (let j = i + 1; j < fields.length; j++) {
        const a = fields[i];
        const b = fields[j];
        if (a.questionKey && a.questionKey === b.questionKey) continue;
        if (!overlaps(a, b)) continue;
        if (reported.size < 5 && !reported.has(i))
          reasons.push(`Field '${a.label || 'unlabelled'}' on page ${a.page} overlaps another field`);
        else extra++;
        reported.add(i);
      }
    }
    if (extra > 0) reasons.push(`${extra} more overlapping fields`);
    const low = fields.filter((f) => f.confidence < 0.6).length;
    if (low > 0) reasons.push(`${low} field${low === 1 ? ' was' : 's were'} detected with low confidence`);
    if (fields.length === 0 && blankPages.length === 0) reasons.push('No fields were found: check that this is a form');
  }
  return reasons;
}
