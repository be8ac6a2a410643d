/** Turns a detection result into the scorers' prediction format ({"fields": [...]}, pages 1-based). */
import type { DetectionResult } from '../../src/detection';

export interface Prediction {
  kind: string;
  rect: number[];
  page: number;
  label: string;
  prompt: string;
  choice_label: string | null;
  question_id: string | null;
  required: boolean;
  confidence: number;
  /** Not read by the scorers: the bench measures section accuracy itself. */
  section: string;
  mark?: string;
}

/**
 * One box per widget: the options of one drop-down / list box share the widget's rect in the field map,
 * but they are one widget on the page, which prints as a plain (text-like) box.
 */
export function toPredictions(res: DetectionResult): Prediction[] {
  const out: Prediction[] = [];
  const seen = new Set<string>();
  for (const f of res.fields) {
    const shared =
      f.questionKey !== null &&
      res.fields.filter((o) => o.questionKey === f.questionKey && o.rect.join() === f.rect.join()).length > 1;
    if (shared) {
      const key = `${f.questionKey}|${f.rect.join()}`;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    out.push({
      kind: shared ? 'dropdown' : f.kind,
      rect: f.rect,
      page: f.page,
      label: shared ? f.prompt : f.label,
      prompt: f.prompt,
      choice_label: shared ? null : f.choiceLabel,
      question_id: shared ? null : f.questionKey,
      required: f.required,
      confidence: f.confidence,
      section: f.section ?? '',
      ...(f.mark ? { mark: f.mark } : {}),
    });
  }
  return out;
}
