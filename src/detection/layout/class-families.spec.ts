import { readFileSync } from 'fs';
import path from 'path';
import { detectFields, type DetectedField } from '../index';

/**
 * The class families of issue 17 classes 8, 6 and 4 and of e-mail recall (test/fixtures/families), pdf-lib
 * (forms 1-2) and LibreOffice (forms 3-4): every field of the truth is found with its kind, label and question.
 */
const FAMILIES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'families');
const FORMS = ['seg-dates', 'email-blanks', 'tick-rules', 'letter-o'].flatMap((f) =>
  [1, 2, 3, 4].map((n) => `${f}-${n}`),
);

interface TruthWidget {
  page: number;
  rect: number[];
  kind: string;
  label: string;
  question_id: string | null;
}

function iou(a: number[], b: number[]): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - w * h);
}

const norm = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

describe('class families: segmented dates, e-mail blanks, tick rules, the letter O as a radio', () => {
  it.each(FORMS)('%s: one field per truth field, same kind, label and question', async (id) => {
    const dir = path.join(FAMILIES, id);
    const truth = JSON.parse(readFileSync(path.join(dir, 'truth.json'), 'utf8')) as { widgets: TruthWidget[] };
    const res = await detectFields(new Uint8Array(readFileSync(path.join(dir, 'flat.pdf'))), { ocr: false });
    expect(res.fields).toHaveLength(truth.widgets.length);
    const keyOf = new Map<string, string | null>();
    for (const t of truth.widgets) {
      const f = res.fields.find((x: DetectedField) => x.page === t.page + 1 && iou(x.rect, t.rect) >= 0.5);
      const got = f && { kind: f.kind, label: norm(f.label) };
      expect({ label: t.label, got }).toEqual({ label: t.label, got: { kind: t.kind, label: norm(t.label) } });
      // Options of one truth question share one question key, and no two questions share one.
      if (t.question_id) {
        if (!keyOf.has(t.question_id)) keyOf.set(t.question_id, f!.questionKey);
        expect(f!.questionKey).toBe(keyOf.get(t.question_id));
      }
    }
    expect(new Set(keyOf.values()).size).toBe(keyOf.size);
  });
});
